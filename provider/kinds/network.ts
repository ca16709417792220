// cim.Network: an isolated network or a VPC tier; created by a job, renamed in place, tagged, deleted by a
// job. A tier replaced with the same range in the same VPC deletes first (tier ranges may not overlap).

import { z } from "zod";
import { ConflictError, type Network } from "../client";
import { id, optionalId, text, whenKnown } from "../lifecycle/check";
import { formatIpv4, isHostOf, parseIpv4, prefixOfNetmask, rangeOf } from "../lifecycle/net";
import { type PassingRefusal, refusalText } from "../lifecycle/passingRefusal";
import { waitFor } from "../lifecycle/session";
import { containsUnknown } from "../lifecycle/values";
import { catalogueField, commonFields, field, recordCalls, tags } from "./common";
import { defineKind } from "./define";
import { namedFields, namedStates, renameApply } from "./named";

/** An IPv4 address in dotted form (also the private gateway's addresses). */
export const ipv4 = (rule: string) =>
  z
    .string({ error: `must be a string: ${rule}` })
    .trim()
    .refine((s) => parseIpv4(s) !== undefined, `must be an IPv4 address: ${rule}`);

/** A contiguous netmask such as 255.255.255.0. */
export const netmask = (rule: string) =>
  ipv4(rule).refine(
    (s) => prefixOfNetmask(s) !== undefined,
    "must be a contiguous netmask such as 255.255.255.0",
  );

/** Two netmasks are the same when they make the same prefix. */
export const sameNetmask = (a: unknown, b: unknown) =>
  prefixOfNetmask(String(a)) === prefixOfNetmask(String(b ?? ""));

/** "10.1.1.0/24" from gateway and netmask, for outputs and comparisons. */
export function networkCidr(gateway: unknown, netmask: unknown): string | undefined {
  if (typeof gateway !== "string" || typeof netmask !== "string") return undefined;
  const r = rangeOf(gateway, netmask);
  return r ? `${formatIpv4(r.base)}/${r.prefix}` : undefined;
}

/** A VPC tier replaced in the same VPC with the same range would overlap the tier it replaces. */
export function networkWouldOverlap(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  if (!news.vpcId || news.vpcId !== olds.vpcId) return false;
  if (containsUnknown(news.gateway) || containsUnknown(news.netmask)) return true;
  const before = networkCidr(olds.gateway, olds.netmask);
  const after = networkCidr(news.gateway ?? olds.gateway, news.netmask ?? olds.netmask);
  return before !== undefined && before === after;
}

/**
 * The platform refuses to delete a network while a destroyed instance it has not expunged yet is on it (CloudStack's
 * NetworkOrchestrator.destroyNetwork: "Can't delete the network, not all user vms are expunged"): that passes when
 * the platform expunges them, after its expunge delay.
 */
export function notYetExpunged(err: unknown): PassingRefusal | undefined {
  if (!(err instanceof ConflictError) || !/not all user vms are expunged/i.test(refusalText(err)))
    return undefined;
  return {
    waitsFor: "the platform to expunge the destroyed instances still on the network",
    advice:
      "A destroyed instance keeps its place on its networks until the platform expunges it, after its expunge delay (CloudStack's expunge.delay, a day by default). Run pulumi destroy again after that, raise timeouts.delete to wait for it, or expunge the instances now: a cim.Instance is expunged as it is deleted (unless expunge: false); one destroyed outside Pulumi, with DELETE /api/v1/compute/instances/{id}?expunge=true.",
  };
}

const rename = renameApply((s) => s.client.networks.update.bind(s.client.networks));

export const network = defineKind({
  name: "Network",
  noun: "network",
  summary: "An isolated network, or a tier of a VPC.",
  nameFromResource: true,
  tags: "network",
  quota: { limit: "networkLimit", count: "networkCount" },
  states: namedStates,
  fields: {
    ...commonFields,
    ...namedFields("network"),
    zoneId: {
      doc: "Zone of the network (a zone of the region). Replaces on change.",
      ...catalogueField(
        id("the zone of the network, in the resource's region (GET /api/v1/zones)"),
        "replace",
        "zones",
        "a zone",
      ),
    },
    networkOfferingId: {
      doc: "Network offering (a VPC tier needs one made for VPCs). Replaces on change.",
      ...catalogueField(
        id("the network offering, from GET /api/v1/offerings/network (a VPC tier needs one made for VPCs)"),
        "replace",
        "networkOfferings",
        "a network offering",
      ),
    },
    vpcId: field(optionalId("the VPC this network is a tier of; leave it out for an isolated network"), {
      doc: "The VPC this network is a tier of; leave it out for an isolated network. Replaces on change.",
      change: "replace",
      unset: () => null,
      same: (a, b) => (a || null) === (b || null),
      live: (n: Network) => n.vpcId || null,
      ref: "Vpc",
    }),
    gateway: field(ipv4("the network's gateway, e.g. 10.1.1.1").optional(), {
      doc: "Gateway, e.g. `10.1.1.1` (with `netmask`; the API chooses when both are left out). Replaces on change.",
      change: "replace",
      live: true,
    }),
    netmask: field(netmask("the network's netmask, e.g. 255.255.255.0").optional(), {
      doc: "Netmask, e.g. `255.255.255.0` (with `gateway`). Replaces on change.",
      change: "replace",
      same: sameNetmask,
      live: true,
    }),
    networkDomain: field(text("the network's DNS domain; the API's default when left out").optional(), {
      doc: "DNS domain (the API's default when left out). Replaces on change: PUT takes only the names.",
      change: "replace",
      live: true,
    }),
    aclId: field(optionalId("a network ACL list of the tier's VPC"), {
      doc: "A VPC tier's network ACL list (a `cim.NetworkAclList` id, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the platform gives a new tier its VPC's default_deny). Changed in place (the platform's replace-ACL-list, a job).",
      change: "update",
      live: (n: Network) => n.aclId || undefined,
      ref: "NetworkAclList",
    }),
    tags,
  },
  outputs: {
    zoneName: {
      doc: "The name of its zone.",
      schema: z.string().optional(),
      from: (n: Network) => n.zoneName,
    },
    networkOfferingName: {
      doc: "The name of its network offering (`networkOfferingId`).",
      schema: z.string().optional(),
      from: (n: Network) => n.networkOfferingName,
    },
    cidr: {
      doc: "The network's range, e.g. `10.1.1.0/24`.",
      schema: z.string().optional(),
      from: (n: Network, rec) => n.cidr ?? networkCidr(rec.gateway ?? n.gateway, rec.netmask ?? n.netmask),
    },
    state: {
      doc: "The API's network state (Allocated, Implemented, …).",
      schema: z.string(),
      from: (n: Network) => n.state,
    },
    created: {
      doc: "When it was created (the API's `created`, an ISO 8601 date-time).",
      schema: z.string().optional(),
      from: (n: Network) => n.created,
    },
  },
  rules(values, fail) {
    whenKnown(values, ["aclId", "vpcId"], () => {
      if (values.aclId !== undefined && values.vpcId === undefined)
        fail("aclId", "a network ACL list applies to VPC tiers only: set vpcId, or leave out aclId");
    });
    whenKnown(values, ["gateway", "netmask"], () => {
      const { gateway, netmask } = values as { gateway?: string; netmask?: string };
      if ((gateway === undefined) !== (netmask === undefined)) {
        fail(
          gateway === undefined ? "gateway" : "netmask",
          "gateway and netmask go together: give both or neither",
        );
        return;
      }
      if (gateway === undefined || netmask === undefined) return;
      const range = rangeOf(gateway, netmask);
      const gw = parseIpv4(gateway);
      if (range && gw !== undefined && !isHostOf(gw, range.base, range.prefix)) {
        fail(
          "gateway",
          `gateway ${gateway} is not a host address of ${formatIpv4(range.base)}/${range.prefix} (the range gateway and netmask make)`,
        );
      }
    });
  },
  lookups(i, rows) {
    // forVpc is the emulator's offering flag; real offerings without it are not judged here.
    const offering = rows.networkOfferingId;
    const forVpc = offering?.forVpc;
    if (typeof forVpc !== "boolean" || containsUnknown(i.vpcId) || forVpc === Boolean(i.vpcId)) return [];
    const name = String(offering?.name ?? i.networkOfferingId);
    return [
      {
        property: "networkOfferingId",
        reason: forVpc
          ? `network offering ${name} is for VPC tiers: set vpcId, or pick an offering for isolated networks`
          : `network offering ${name} cannot be used for a VPC tier: pick an offering made for VPCs`,
      },
    ];
  },
  deleteBeforeReplace: networkWouldOverlap,
  api: {
    ...recordCalls((c) => c.networks),
    deleteRefusalPasses: notYetExpunged,
    create: (s, i) =>
      s.client.networks.create(
        // the client sends the fields of a network create and nothing else
        { ...i, name: i.name ?? "", displayText: i.displayText ?? i.name ?? "" },
        { region: s.region },
      ),
    async apply(s, live, want, changed, op) {
      await rename(s, live, want, changed);
      if (changed.has("aclId") && want.aclId) {
        const o = { region: s.region };
        await waitFor(s, await s.client.networkAcls.replaceOnNetwork(live.id, want.aclId, o), op);
      }
    },
  },
  importer: {
    order: 20,
    prefix: "network",
    // gateway and netmask go together: one without the other is left out
    inputs(values) {
      if (values.gateway && values.netmask) return values;
      const { gateway: _g, netmask: _m, ...rest } = values;
      return rest;
    },
    skip: (n: Network) => {
      const r = n as Record<string, unknown>;
      const shared = String(r.type ?? "").toLowerCase() === "shared" || r.shared === true;
      return shared ? "shared zone network (not owned by the account)" : undefined;
    },
  },
});
