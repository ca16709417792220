// The records of the backupSchedules family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { str } from "../../client/records";

export const BackupScheduleSchema = z.looseObject({
  id: z.string(),
  vmId: str(),
  intervalType: str(),
  schedule: str(),
  timezone: str(),
  created: str(),
});
export type BackupSchedule = z.output<typeof BackupScheduleSchema>;
