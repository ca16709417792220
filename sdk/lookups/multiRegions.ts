// Multi-region groups and their members, by name or id, read afresh. A group lives in one region (the region of
// the lookup); its members name VPCs of any region, each with that region (`regionId`).

import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";
import type { MultiRegionGroup, MultiRegionMember } from "./records";

/** A multi-region group as the API shows it (`cim.MultiRegionGroup` is the resource class). */
export type MultiRegionGroupInfo = MultiRegionGroup;

const groups = (opts: LookupRegionOptions | undefined) =>
  fresh(opts, (c, region) => c.multiRegions.listAll({ region }));

/** The multi-region groups of a region (GET /api/v1/multi-regions). Not cached. */
export async function getMultiRegionGroups(opts?: LookupRegionOptions): Promise<MultiRegionGroup[]> {
  return (await groups(opts)).rows;
}

/** One multi-region group by name or id, in the lookup's region. */
export async function getMultiRegionGroup(query: LookupQuery | string): Promise<MultiRegionGroup> {
  const { rows, where } = await groups(asQuery(query));
  return pick(rows, query, "multi-region group", where);
}

/**
 * The VPCs in multi-region groups of a region (the groups' region), optionally of one group, one VPC, or the VPCs
 * of one region (`vpcRegion`). Each member shows its VPC's region as `regionId`. Not cached.
 */
export async function getMultiRegionGroupVpcs(
  opts?: LookupRegionOptions & { groupId?: string; vpcId?: string; vpcRegion?: string },
): Promise<MultiRegionMember[]> {
  const filter = { groupId: opts?.groupId, vpcId: opts?.vpcId, regionId: opts?.vpcRegion };
  const read = fresh(opts, (c, region) => c.multiRegions.listAllMembers({ region, ...filter }));
  return (await read).rows;
}
