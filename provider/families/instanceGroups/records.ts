// The records of the instanceGroups family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { opt, str } from "../../client/records";

/**
 * A row of the spec's multi-region instance-group list (row fields not shown: emulator/README.md, CloudStack's
 * InstanceGroupResponse plus the region it lives in).
 */
export const InstanceGroupSchema = z
  .looseObject({
    id: opt(z.string()).describe("The instance group's id (`cim.InstanceGroup`), valid in its region only."),
    name: str().describe("The group's name, unique in the account and region; instances name it in `group`."),
    regionId: str().describe("The id of the region the group lives in (`cim.getRegion`)."),
    regionName: str().describe("The name of the region the group lives in."),
    account: str().describe("The account that owns the group."),
    created: str().describe("When the group was created (an ISO 8601 date-time)."),
  })
  .describe("An instance group of a region: a name instances are grouped under with `group` (`cim.InstanceGroup`).");
export type InstanceGroup = z.output<typeof InstanceGroupSchema>;
