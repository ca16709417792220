// The records of the multiRegions family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, str } from "../../client/records";

/** A multi-region group: kept in the region its create was routed to. State Active, or Revoke while deleted. */
export const MultiRegionGroupSchema = z
  .looseObject({
    id: z.string().describe("The id of the multi-region group (`cim.MultiRegionGroup`)."),
    name: str().describe("The group's name, unique in the account and region."),
    description: str().describe("The group's description."),
    state: str().describe("The group's state: Active, or Revoke while it is being deleted."),
    regionId: str().describe("The id (uuid) of the region the group is kept in: the one its create was sent to."),
    regionName: str().describe("The name of that region."),
    memberCount: int().describe("The number of VPCs in the group, joining and leaving ones included, not those whose join failed."),
    created: str().describe("When the group was created (ISO 8601 timestamp)."),
  })
  .describe("A multi-region group: VPCs of several regions joined into one private network (`cim.MultiRegionGroup`).");
export type MultiRegionGroup = z.output<typeof MultiRegionGroupSchema>;

/** A VPC's membership of a group: `regionId` is the VPC's own region, not the group's. */
export const MultiRegionMemberSchema = z
  .looseObject({
    id: z.string().describe("The id of the membership (`cim.MultiRegionGroupVpc`)."),
    groupId: str().describe("The id of the multi-region group (`cim.MultiRegionGroup`)."),
    groupName: str().describe("The name of that group."),
    vpcId: str().describe("The id of the member VPC (`cim.Vpc`), valid in the region `regionId`."),
    vpcName: str().describe("The name of that VPC."),
    cidr: str().describe("The VPC's CIDR, e.g. `10.1.0.0/16`."),
    regionId: str().describe("The id (uuid) of the VPC's own region, not the group's."),
    regionName: str().describe("The name of the VPC's region."),
    state: str().describe("The membership's state: Add (joining), Active, Revoke (leaving), or Error (the join failed)."),
    created: str().describe("When the membership was created (ISO 8601 timestamp)."),
  })
  .describe("A VPC's membership of a multi-region group (`cim.MultiRegionGroupVpc`).");
export type MultiRegionMember = z.output<typeof MultiRegionMemberSchema>;
