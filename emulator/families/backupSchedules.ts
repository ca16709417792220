// Backup schedules: kept by the service itself, synchronous.
import { collectionRoutes, defineFamily } from "../family";
import * as b from "../handlers/backups";
import type { BackupScheduleRec } from "../records";

export const backupSchedules = defineFamily<BackupScheduleRec>()({
  key: "backupSchedules",
  label: "Backup schedule",
  resourceType: "BackupSchedule",
  routes: [
    ...collectionRoutes("/backups/schedules", {
      create: b.createSchedule,
      list: b.listSchedules,
      get: b.getSchedule,
      update: b.updateSchedule,
      delete: b.deleteSchedule,
    }),
  ],
});
