// The records of the instanceGroups family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { opt, str } from "../../client/records";

/**
 * A row of the spec's multi-region instance-group list (row fields not shown: emulator/README.md, CloudStack's
 * InstanceGroupResponse plus the region it lives in).
 */
export const InstanceGroupSchema = z.looseObject({
  id: opt(z.string()),
  name: str(),
  regionId: str(),
  regionName: str(),
  account: str(),
  created: str(),
});
export type InstanceGroup = z.output<typeof InstanceGroupSchema>;
