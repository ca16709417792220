// cim:Vpc — input rules (check) and change rules (diff). Pure: no Pulumi, no client.

import { z } from "zod";
import {
  adoptId,
  type Checked,
  checkFields,
  type Inputs,
  id,
  region,
  requiredUnlessAdopting,
  tags,
  text,
  timeouts,
} from "./shared/check";
import { commonRules, type DiffDecision, diffFields, type FieldRules } from "./shared/diff";
import { canonicalCidr, formatIpv4, parseCidr } from "./shared/net";
import type { TimeoutsInput } from "./shared/timeouts";
import { sameTags, type TagMap } from "./shared/values";

export interface VpcInputs {
  region?: string;
  name?: string;
  displayText?: string;
  zoneId: string;
  cidr: string;
  vpcOfferingId: string;
  networkDomain?: string;
  tags?: TagMap;
  timeouts?: TimeoutsInput;
  adoptId?: string;
}

/** An IPv4 network in CIDR notation, as its network address ("10.1.0.0/16", not "10.1.2.3/16"). */
export const cidr = z
  .string({
    error: (i) =>
      i.input === undefined ? "is required: an IPv4 range such as 10.1.0.0/16" : "must be a string",
  })
  .trim()
  .superRefine((s, ctx) => {
    const loose = parseCidr(s, false);
    if (!loose) {
      ctx.addIssue({
        code: "custom",
        message: `must be an IPv4 range in CIDR notation such as 10.1.0.0/16 (got "${s}")`,
      });
    } else if (!parseCidr(s, true)) {
      ctx.addIssue({
        code: "custom",
        message: `must be written as its network address: ${formatIpv4(loose.base)}/${loose.prefix}, not ${s}`,
      });
    }
  })
  .transform((s) => canonicalCidr(s) ?? s);

export const vpcFields = {
  region,
  name: text("the VPC's name (the SDK defaults it to the resource name)").optional(),
  displayText: text("a description; the API uses the name when left out").optional(),
  zoneId: id("the zone of the VPC, in the resource's region (GET /api/v1/zones)"),
  cidr,
  vpcOfferingId: id("the VPC offering, from GET /api/v1/offerings/vpc"),
  networkDomain: text("the DNS domain of the VPC's networks").optional(),
  tags,
  timeouts,
  adoptId,
};

export function checkVpc(news: Inputs): Checked<VpcInputs> {
  const { values, failures } = checkFields(vpcFields, news);
  requiredUnlessAdopting(values, failures, "name", "the VPC's name");
  return { inputs: values as unknown as VpcInputs, failures };
}

export const vpcRules: FieldRules = {
  ...commonRules,
  zoneId: { change: "replace" },
  cidr: { change: "replace", same: (a, b) => canonicalCidr(a) === canonicalCidr(b) },
  vpcOfferingId: { change: "replace" },
  networkDomain: { change: "replace" },
  name: { change: "update" },
  displayText: { change: "update" },
  tags: { change: "update", unset: () => ({}), same: (a, b) => sameTags(a as TagMap, b as TagMap) },
};

export function diffVpc(olds: Record<string, unknown>, news: Record<string, unknown>): DiffDecision {
  const { changed, replaces } = diffFields(vpcRules, olds, news);
  if (olds.state === "Error") replaces.push("state");
  const replacing = replaces.length > 0;
  return {
    changes: changed.length > 0 || replacing,
    replaces,
    deleteBeforeReplace: false,
    updates: replacing ? [] : changed,
  };
}
