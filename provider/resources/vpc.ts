// The provider behind cim.Vpc (see shared/namedResource.ts for the lifecycle).

import type { CreateVpcInput, Vpc } from "../client";
import type { CheckFailure } from "./shared/check";
import { mustExist } from "./shared/lookups";
import { namedProvider } from "./shared/namedResource";
import { canonicalCidr } from "./shared/net";
import { compact, containsUnknown, tagsOf } from "./shared/values";
import { checkVpc, diffVpc, type VpcInputs } from "./vpcRules";

export function vpcOutputs(
  rec: Partial<VpcInputs> & Record<string, unknown>,
  live: Vpc,
  region: string | undefined,
) {
  const v = live as Vpc & Record<string, unknown>;
  return compact({
    region,
    name: live.name ?? rec.name,
    displayText: live.displayText ?? rec.displayText,
    zoneId: rec.zoneId ?? live.zoneId,
    zoneName: v.zoneName as string | undefined,
    cidr: rec.cidr ?? canonicalCidr(live.cidr) ?? live.cidr,
    vpcOfferingId: rec.vpcOfferingId ?? live.vpcOfferingId,
    vpcOfferingName: v.vpcOfferingName as string | undefined,
    networkDomain: rec.networkDomain ?? live.networkDomain,
    state: live.state,
    tags: tagsOf(live.tags),
    timeouts: rec.timeouts,
    adoptId: rec.adoptId,
    created: v.created as string | undefined,
  });
}

async function lookups(i: VpcInputs, region: string | undefined): Promise<CheckFailure[]> {
  const out: CheckFailure[] = [];
  for (const [name, field, what] of [
    ["zones", "zoneId", "a zone"],
    ["vpcOfferings", "vpcOfferingId", "a VPC offering"],
  ] as const) {
    if (containsUnknown(i[field])) continue;
    const r = await mustExist("Vpc", region, name, field, i[field], what);
    if (r.failure) out.push(r.failure);
  }
  return out;
}

export const vpcProvider = namedProvider<VpcInputs, Vpc, CreateVpcInput>({
  kind: "Vpc",
  noun: "VPC",
  tagCollection: "vpc",
  family: (c) => c.vpcs,
  check: checkVpc,
  diff: diffVpc,
  lookups,
  createInput: (i) => ({
    name: i.name,
    displayText: i.displayText ?? i.name,
    zoneId: i.zoneId,
    cidr: i.cidr,
    vpcOfferingId: i.vpcOfferingId,
    networkDomain: i.networkDomain,
  }),
  outputs: vpcOutputs,
  immutable: (i, live) => [
    ["zoneId", i.zoneId, live.zoneId, live.zoneId === undefined || live.zoneId === i.zoneId],
    [
      "cidr",
      i.cidr,
      live.cidr,
      live.cidr === undefined || canonicalCidr(live.cidr) === canonicalCidr(i.cidr),
    ],
    [
      "vpcOfferingId",
      i.vpcOfferingId,
      live.vpcOfferingId,
      live.vpcOfferingId === undefined || live.vpcOfferingId === i.vpcOfferingId,
    ],
    [
      "networkDomain",
      i.networkDomain,
      live.networkDomain,
      i.networkDomain === undefined ||
        live.networkDomain === undefined ||
        live.networkDomain === i.networkDomain,
    ],
  ],
});
