// The records of the instanceSchedules family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, str } from "../../client/records";

/** An instance schedule (CloudStack's VMScheduleResponse, camelCase): a power action on a cron schedule. */
export const InstanceScheduleSchema = z.looseObject({
  id: z.string(),
  virtualMachineId: str(),
  name: str(),
  description: str(),
  /** Five cron fields: minute hour day-of-month month day-of-week. */
  schedule: str(),
  timezone: str(),
  /** START, STOP, REBOOT, FORCE_STOP, FORCE_REBOOT. */
  action: str(),
  enabled: bool(),
  startDate: str(),
  endDate: str(),
  created: str(),
});
export type InstanceSchedule = z.output<typeof InstanceScheduleSchema>;
