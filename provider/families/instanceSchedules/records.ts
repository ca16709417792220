// The records of the instanceSchedules family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, str } from "../../client/records";

/** An instance schedule (CloudStack's VMScheduleResponse, camelCase): a power action on a cron schedule. */
export const InstanceScheduleSchema = z
  .looseObject({
    id: z.string().describe("The schedule's id."),
    virtualMachineId: str().describe("The id of the instance the schedule acts on (`cim.getInstance`)."),
    name: str().describe("The schedule's name."),
    description: str().describe("What the schedule is for (free text)."),
    schedule: str().describe("When the schedule runs: five cron fields, minute hour day-of-month month day-of-week (e.g. `0 22 * * MON-FRI`)."),
    timezone: str().describe("The IANA time zone the schedule runs in, e.g. `Europe/Berlin`."),
    action: str().describe("What the schedule does to the instance: START, STOP, REBOOT, FORCE_STOP or FORCE_REBOOT."),
    enabled: bool().describe("Whether the schedule runs."),
    startDate: str().describe("The moment from which the schedule is active (ISO 8601 date-time)."),
    endDate: str().describe("The moment after which the schedule is no longer active (ISO 8601 date-time); absent when it has no end."),
    created: str().describe("When the schedule was created (ISO 8601 date-time)."),
  })
  .describe("A power action (start, stop, reboot) run on an instance on a cron schedule (`cim.InstanceSchedule`).");
export type InstanceSchedule = z.output<typeof InstanceScheduleSchema>;
