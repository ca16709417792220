// The records of the volumes family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, num, record, str } from "../../client/records";

export const VolumeSchema = z.looseObject({
  id: z.string(),
  name: str(),
  zoneId: str(),
  diskOfferingId: str(),
  /** GB */
  size: num(),
  /** `ROOT` (an instance's root disk, which the platform lists among volumes) or `DATADISK`. */
  type: str(),
  state: str(),
  virtualMachineId: str(),
  deviceId: int(),
  /** The volume snapshot it was made from. */
  snapshotId: str(),
  tags: record(),
  zoneName: str(),
  diskOfferingName: str(),
  created: str(),
});
export type Volume = z.output<typeof VolumeSchema>;
