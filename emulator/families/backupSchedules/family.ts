// Backup schedules: kept by the service itself, synchronous.
import { collection, defineFamily } from "../../family";
import * as b from "./backupSchedules";

export const backupSchedules = defineFamily({
  key: "backupSchedules",
  label: "Backup schedule",
  resourceType: "BackupSchedule",
  routes: collection("/backups/schedules", b),
});
