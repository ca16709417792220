// Backup schedules: kept by the service itself, synchronous.
import { defineFamily, apiRoute as r } from "../family";
import * as b from "../handlers/backups";
import type { BackupScheduleRec } from "../records";

export const backupSchedules = defineFamily<BackupScheduleRec>()({
  key: "backupSchedules",
  label: "Backup schedule",
  resourceType: "BackupSchedule",
  routes: [
    r("POST", "/backups/schedules", b.createSchedule),
    r("GET", "/backups/schedules", b.listSchedules),
    r("GET", "/backups/schedules/{id}", b.getSchedule),
    r("PUT", "/backups/schedules/{id}", b.updateSchedule),
    r("DELETE", "/backups/schedules/{id}", b.deleteSchedule),
  ],
});
