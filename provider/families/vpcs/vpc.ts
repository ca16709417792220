// cim.Vpc: created by a job, renamed in place, tagged, deleted by a job.

import { z } from "zod";
import type { Vpc } from "../../client";
import { catalogueField, created, field, output, recordCalls, tags, zoneName } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, exported, withInputs } from "../../kinds/examples";
import { namedCreate, namedFields, namedKind, renameApply } from "../../kinds/named";
import { id, text } from "../../lifecycle/check";
import { canonicalCidr, formatIpv4, parseCidr, within } from "../../lifecycle/net";

/** The private IPv4 ranges (RFC 1918): a VPC's range lies in one of them. */
const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((c) => parseCidr(c)!);

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
    } else if (loose.prefix < 8 || loose.prefix > 28 || !PRIVATE_RANGES.some((p) => within(loose, p))) {
      ctx.addIssue({
        code: "custom",
        message: `must be a private range (inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16) with a prefix from /8 to /28, as the platform takes for a VPC (got ${s})`,
      });
    }
  })
  .transform((s) => canonicalCidr(s) ?? s);

export const vpc = defineKind({
  name: "Vpc",
  noun: "VPC",
  summary: "A virtual private cloud: an address range for network tiers.",
  ...examples(
    ["zoneId"],
    [
      withInputs("vpc", { displayText: "production", tags: { env: "prod" } }),
      exported("vpcState", "vpc.state"),
    ],
  ),
  ...namedKind("vpc"),
  fields: {
    ...namedFields("VPC"),
    cidr: field(cidr, {
      doc: "The VPC's range, e.g. `10.1.0.0/16`, written as its network address.",
      change: "replace",
      same: (a, b) => canonicalCidr(a) === canonicalCidr(b),
      live: (v: Vpc) => canonicalCidr(v.cidr) ?? v.cidr,
    }),
    vpcOfferingId: {
      doc: "VPC offering.",
      ...catalogueField(
        id("the VPC offering, from GET /api/v1/offerings/vpc"),
        "replace",
        "vpcOfferings",
        "a VPC offering",
      ),
    },
    networkDomain: field(text("the DNS domain of the VPC's networks").optional(), {
      doc: "DNS domain of the VPC's networks (the API's default when left out).",
      change: "replace",
      live: true,
    }),
    tags,
  },
  outputs: {
    zoneName,
    vpcOfferingName: output("The name of its VPC offering (`vpcOfferingId`)."),
    state: output("The API's VPC state (Enabled, Implementing, …).", z.string()),
    created,
  },
  api: {
    ...recordCalls((c) => c.vpcs),
    create: (s, i) =>
      s.client.vpcs.create(
        // the client sends the fields of a VPC create and nothing else
        namedCreate(i),
        { region: s.region },
      ),
    apply: renameApply((s) => s.client.vpcs.update.bind(s.client.vpcs)),
  },
  importer: { order: 10, prefix: "vpc" },
});
