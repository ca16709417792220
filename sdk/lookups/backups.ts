// Backup lookups: the on-demand and scheduled backups of instances, by name or id, read afresh (backup offerings
// are a catalogue: catalogue.ts).
import type { Backup } from "../../provider/client";
import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";

/** A backup as the API shows it (`cim.Backup` is the resource class): its instance, offering, state and size. */
export type BackupRecord = Backup;

/** Which backups: optionally those of one instance. */
export interface BackupFilter extends LookupRegionOptions {
  /** Only backups of this instance (its id). */
  instanceId?: string;
}

/** Which backup: by `name` or `id`, optionally among one instance's backups. */
export interface BackupQuery extends LookupQuery {
  /** Only backups of this instance (its id). */
  instanceId?: string;
}

function backups(opts: BackupFilter | undefined) {
  return fresh(
    opts,
    async (c, region) => (await c.backups.listAll({ region, vmId: opts?.instanceId })).items,
  );
}

/** The backups of a region (GET /api/v1/backups), optionally of one instance. Not cached. */
export async function getBackups(opts?: BackupFilter): Promise<BackupRecord[]> {
  return (await backups(opts)).rows;
}

/** One backup by name or id (give `instanceId` to narrow names); a miss lists the candidates (name and id). */
export async function getBackup(query: BackupQuery | string): Promise<BackupRecord> {
  const q = asQuery(query);
  const { rows, where } = await backups(q);
  return pick(rows, query, "backup", q.instanceId ? `instance ${q.instanceId}, ${where}` : where);
}
