// The records of the multiRegions family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, str } from "../../client/records";

/** A multi-region group: kept in the region its create was routed to. State Active, or Revoke while deleted. */
export const MultiRegionGroupSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  state: str(),
  regionId: str(),
  regionName: str(),
  memberCount: int(),
  created: str(),
});
export type MultiRegionGroup = z.output<typeof MultiRegionGroupSchema>;

/** A VPC's membership of a group: `regionId` is the VPC's own region, not the group's. */
export const MultiRegionMemberSchema = z.looseObject({
  id: z.string(),
  groupId: str(),
  groupName: str(),
  vpcId: str(),
  vpcName: str(),
  cidr: str(),
  regionId: str(),
  regionName: str(),
  /** Add (joining), Active, Revoke (leaving), Error (the join failed). */
  state: str(),
  created: str(),
});
export type MultiRegionMember = z.output<typeof MultiRegionMemberSchema>;
