// Instance schedules' records (CloudStack's VMScheduleVO).
import type { Owned } from "../../records";

export interface VmScheduleRec extends Owned {
  vmId: string;
  name: string;
  description: string;
  /** Five cron fields: minute hour day-of-month month day-of-week. */
  schedule: string;
  timezone: string;
  /** CloudStack's VMSchedule.Action. */
  action: string;
  enabled: boolean;
  /** ISO 8601 instants. */
  startDate: string;
  endDate?: string;
}

declare module "../../records" {
  interface FamilyRecords {
    vmSchedules: VmScheduleRec;
  }
}
