// Backup schedules' records (CloudStack's BackupScheduleVO).
import type { Owned } from "../../records";

export interface BackupScheduleRec extends Owned {
  vmId: string;
  intervalType: string;
  schedule: string;
  timezone: string;
}

declare module "../../records" {
  interface FamilyRecords {
    backupSchedules: BackupScheduleRec;
  }
}
