// cim:Network — input rules (check) and change rules (diff). Pure: no Pulumi, no client.

import { z } from "zod";
import {
  adoptId,
  type Checked,
  checkFields,
  type Inputs,
  id,
  optionalId,
  region,
  requiredUnlessAdopting,
  tags,
  text,
  timeouts,
  whenKnown,
} from "./shared/check";
import { commonRules, type DiffDecision, diffFields, type FieldRules } from "./shared/diff";
import { formatIpv4, isHostOf, parseIpv4, prefixOfNetmask, rangeOf } from "./shared/net";
import type { TimeoutsInput } from "./shared/timeouts";
import { containsUnknown, sameTags, type TagMap } from "./shared/values";

export interface NetworkInputs {
  region?: string;
  name?: string;
  displayText?: string;
  zoneId: string;
  networkOfferingId: string;
  vpcId?: string;
  gateway?: string;
  netmask?: string;
  networkDomain?: string;
  tags?: TagMap;
  timeouts?: TimeoutsInput;
  adoptId?: string;
}

const ipv4 = (rule: string) =>
  z
    .string({ error: `must be a string: ${rule}` })
    .trim()
    .refine((s) => parseIpv4(s) !== undefined, `must be an IPv4 address: ${rule}`);

export const networkFields = {
  region,
  name: text("the network's name (the SDK defaults it to the resource name)").optional(),
  displayText: text("a description; the API uses the name when left out").optional(),
  zoneId: id("the zone of the network, in the resource's region (GET /api/v1/zones)"),
  networkOfferingId: id(
    "the network offering, from GET /api/v1/offerings/network (a VPC tier needs one made for VPCs)",
  ),
  vpcId: optionalId("the VPC this network is a tier of; leave it out for an isolated network"),
  gateway: ipv4("the network's gateway, e.g. 10.1.1.1").optional(),
  netmask: ipv4("the network's netmask, e.g. 255.255.255.0")
    .refine((s) => prefixOfNetmask(s) !== undefined, "must be a contiguous netmask such as 255.255.255.0")
    .optional(),
  networkDomain: text("the network's DNS domain; the API's default when left out").optional(),
  tags,
  timeouts,
  adoptId,
};

export function checkNetwork(news: Inputs): Checked<NetworkInputs> {
  const { values, failures } = checkFields(networkFields, news);
  requiredUnlessAdopting(values, failures, "name", "the network's name");
  whenKnown(values, ["gateway", "netmask"], () => {
    const { gateway, netmask } = values as { gateway?: string; netmask?: string };
    if ((gateway === undefined) !== (netmask === undefined)) {
      failures.push({
        property: gateway === undefined ? "gateway" : "netmask",
        reason: "gateway and netmask go together: give both or neither",
      });
      return;
    }
    if (gateway === undefined || netmask === undefined) return;
    const range = rangeOf(gateway, netmask);
    const gw = parseIpv4(gateway);
    if (range && gw !== undefined && !isHostOf(gw, range.base, range.prefix)) {
      failures.push({
        property: "gateway",
        reason: `gateway ${gateway} is not a host address of ${formatIpv4(range.base)}/${range.prefix} (the range gateway and netmask make)`,
      });
    }
  });
  return { inputs: values as unknown as NetworkInputs, failures };
}

/** "10.1.1.0/24" from gateway and netmask, for outputs and comparisons. */
export function networkCidr(gateway: unknown, netmask: unknown): string | undefined {
  if (typeof gateway !== "string" || typeof netmask !== "string") return undefined;
  const r = rangeOf(gateway, netmask);
  return r ? `${formatIpv4(r.base)}/${r.prefix}` : undefined;
}

export const networkRules: FieldRules = {
  ...commonRules,
  zoneId: { change: "replace" },
  networkOfferingId: { change: "replace" },
  vpcId: { change: "replace", unset: () => null, same: (a, b) => (a || null) === (b || null) },
  gateway: { change: "replace" },
  netmask: {
    change: "replace",
    same: (a, b) => prefixOfNetmask(String(a)) === prefixOfNetmask(String(b ?? "")),
  },
  // PUT /networks/{id} takes only name and displayText: the domain is set at create.
  networkDomain: { change: "replace" },
  name: { change: "update" },
  displayText: { change: "update" },
  tags: { change: "update", unset: () => ({}), same: (a, b) => sameTags(a as TagMap, b as TagMap) },
};

export function diffNetwork(olds: Record<string, unknown>, news: Record<string, unknown>): DiffDecision {
  const { changed, replaces } = diffFields(networkRules, olds, news);
  if (olds.state === "Error") replaces.push("state");
  const replacing = replaces.length > 0;
  return {
    changes: changed.length > 0 || replacing,
    replaces,
    deleteBeforeReplace: replacing && networkWouldOverlap(olds, news),
    updates: replacing ? [] : changed,
  };
}

/** A VPC tier replaced in the same VPC with the same range would overlap the tier it replaces. */
export function networkWouldOverlap(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  if (!news.vpcId || news.vpcId !== olds.vpcId) return false;
  if (containsUnknown(news.gateway) || containsUnknown(news.netmask)) return true;
  const before = networkCidr(olds.gateway, olds.netmask);
  const after = networkCidr(news.gateway ?? olds.gateway, news.netmask ?? olds.netmask);
  return before !== undefined && before === after;
}
