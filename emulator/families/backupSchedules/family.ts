// Backup schedules: kept by the service itself, synchronous.
import { collection, defineFamily } from "../../family";
import * as b from "./backupSchedules";
import type { BackupScheduleRec } from "./records";

export const backupSchedules = defineFamily<BackupScheduleRec>()({
  key: "backupSchedules",
  label: "Backup schedule",
  resourceType: "BackupSchedule",
  routes: collection("/backups/schedules", b),
});
