// The provider behind cim.Network (see shared/namedResource.ts for the lifecycle).

import type { CreateNetworkInput, Network } from "../client";
import { checkNetwork, diffNetwork, type NetworkInputs, networkCidr } from "./networkRules";
import type { CheckFailure } from "./shared/check";
import { mustExist } from "./shared/lookups";
import { namedProvider } from "./shared/namedResource";
import { prefixOfNetmask } from "./shared/net";
import { compact, containsUnknown, tagsOf } from "./shared/values";

export function networkOutputs(
  rec: Partial<NetworkInputs> & Record<string, unknown>,
  live: Network,
  region: string | undefined,
) {
  const v = live as Network & Record<string, unknown>;
  const gateway = rec.gateway ?? live.gateway;
  const netmask = rec.netmask ?? live.netmask;
  return compact({
    region,
    name: live.name ?? rec.name,
    displayText: live.displayText ?? rec.displayText,
    zoneId: rec.zoneId ?? live.zoneId,
    zoneName: v.zoneName as string | undefined,
    networkOfferingId: rec.networkOfferingId ?? live.networkOfferingId,
    networkOfferingName: v.networkOfferingName as string | undefined,
    vpcId: rec.vpcId ?? (live.vpcId || undefined),
    gateway,
    netmask,
    cidr: live.cidr ?? networkCidr(gateway, netmask),
    networkDomain: rec.networkDomain ?? live.networkDomain,
    state: live.state,
    tags: tagsOf(live.tags),
    timeouts: rec.timeouts,
    adoptId: rec.adoptId,
    created: v.created as string | undefined,
  });
}

async function lookups(i: NetworkInputs, region: string | undefined): Promise<CheckFailure[]> {
  const out: CheckFailure[] = [];
  if (!containsUnknown(i.zoneId)) {
    const z = await mustExist("Network", region, "zones", "zoneId", i.zoneId, "a zone");
    if (z.failure) out.push(z.failure);
  }
  if (!containsUnknown(i.networkOfferingId)) {
    const o = await mustExist(
      "Network",
      region,
      "networkOfferings",
      "networkOfferingId",
      i.networkOfferingId,
      "a network offering",
    );
    if (o.failure) out.push(o.failure);
    // forVpc is the emulator's offering flag; real offerings without it are not judged here.
    const forVpc = o.row?.forVpc;
    if (typeof forVpc === "boolean" && !containsUnknown(i.vpcId) && forVpc !== Boolean(i.vpcId)) {
      out.push({
        property: "networkOfferingId",
        reason: forVpc
          ? `network offering ${String(o.row?.name ?? i.networkOfferingId)} is for VPC tiers: set vpcId, or pick an offering for isolated networks`
          : `network offering ${String(o.row?.name ?? i.networkOfferingId)} cannot be used for a VPC tier: pick an offering made for VPCs`,
      });
    }
  }
  return out;
}

export const networkProvider = namedProvider<NetworkInputs, Network, CreateNetworkInput>({
  kind: "Network",
  noun: "network",
  tagCollection: "network",
  family: (c) => c.networks,
  check: checkNetwork,
  diff: diffNetwork,
  lookups,
  createInput: (i) => ({
    name: i.name,
    displayText: i.displayText ?? i.name,
    zoneId: i.zoneId,
    networkOfferingId: i.networkOfferingId,
    vpcId: i.vpcId,
    gateway: i.gateway,
    netmask: i.netmask,
    networkDomain: i.networkDomain,
  }),
  outputs: networkOutputs,
  immutable: (i, live) => [
    ["zoneId", i.zoneId, live.zoneId, live.zoneId === undefined || live.zoneId === i.zoneId],
    [
      "networkOfferingId",
      i.networkOfferingId,
      live.networkOfferingId,
      live.networkOfferingId === undefined || live.networkOfferingId === i.networkOfferingId,
    ],
    ["vpcId", i.vpcId, live.vpcId, (i.vpcId || undefined) === (live.vpcId || undefined)],
    [
      "gateway",
      i.gateway,
      live.gateway,
      i.gateway === undefined || live.gateway === undefined || live.gateway === i.gateway,
    ],
    [
      "netmask",
      i.netmask,
      live.netmask,
      i.netmask === undefined ||
        live.netmask === undefined ||
        prefixOfNetmask(live.netmask) === prefixOfNetmask(i.netmask),
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
