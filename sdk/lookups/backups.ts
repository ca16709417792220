// Backup lookups: the on-demand backups of instances, by name or id, read afresh (backup offerings are a
// catalogue: catalogue.ts).

import { type OfInstanceFilter, type OfInstanceQuery, ofInstance } from "./core";
import type { Backup } from "./records";

/** A backup as the API shows it (`cim.Backup` is the resource class): its instance, offering, state and size. */
export type BackupRecord = Backup;

const backups = ofInstance(
  "backup",
  async (c, region, vmId) => (await c.backups.listAll({ region, vmId })).items,
);

/** The backups of a region (GET /api/v1/backups), optionally of one instance (`instanceId`). Not cached. */
export function getBackups(opts?: OfInstanceFilter): Promise<BackupRecord[]> {
  return backups.all(opts);
}

/**
 * One backup by name or id, e.g. `cim.getBackup({ name: "db-before-upgrade", instanceId })`; a miss lists the
 * candidates (name and id).
 */
export function getBackup(query: OfInstanceQuery | string): Promise<BackupRecord> {
  return backups.one(query);
}
