// Snapshot lookups: volume snapshots and instance snapshots (different resources), by name or id, read afresh.

import {
  asQuery,
  fresh,
  type LookupQuery,
  type LookupRegionOptions,
  type OfInstanceFilter,
  type OfInstanceQuery,
  ofInstance,
  pick,
} from "./core";
import type { InstanceSnapshot, VolumeSnapshot } from "./records";

/** A volume snapshot as the API shows it (cim.VolumeSnapshot is the resource class). */
export type VolumeSnapshotInfo = VolumeSnapshot;
/** An instance snapshot as the API shows it (cim.InstanceSnapshot is the resource class). */
export type InstanceSnapshotInfo = InstanceSnapshot;

/** Which volume snapshot: by `name` or `id`, optionally among one volume's snapshots. */
export interface VolumeSnapshotQuery extends LookupQuery {
  /** Only snapshots of this volume (its id). */
  volumeId?: string;
}

function volumeSnapshots(opts: (LookupRegionOptions & { volumeId?: string }) | undefined) {
  return fresh(opts, (c, region) => c.volumeSnapshots.listAll({ region, volumeId: opts?.volumeId }));
}

/**
 * The volume snapshots of a region (GET /api/v1/snapshots), optionally of one volume. Not cached: snapshots
 * are the account's own resources and change while programs run.
 */
export async function getVolumeSnapshots(
  opts?: LookupRegionOptions & { volumeId?: string },
): Promise<VolumeSnapshot[]> {
  return (await volumeSnapshots(opts)).rows;
}

/**
 * One volume snapshot by name or id, e.g. to restore it: `new cim.Volume("restored", { snapshotId:
 * (await cim.getVolumeSnapshot({ name: "nightly" })).id, … })`. A miss lists the candidates.
 */
export async function getVolumeSnapshot(query: VolumeSnapshotQuery | string): Promise<VolumeSnapshot> {
  const q = asQuery(query);
  const { rows, where } = await volumeSnapshots(q);
  return pick(rows, query, "volume snapshot", q.volumeId ? `volume ${q.volumeId}, ${where}` : where);
}

/** Which instance snapshot: by `name` or `id`, optionally among one instance's snapshots. */
export type InstanceSnapshotQuery = OfInstanceQuery;

const instanceSnapshots = ofInstance(
  "instance snapshot",
  async (c, region, virtualMachineId) =>
    (await c.instanceSnapshots.listAll({ region, virtualMachineId })).items,
);

/** The instance snapshots of a region (GET /api/v1/vm-snapshots), optionally of one instance. Not cached. */
export function getInstanceSnapshots(opts?: OfInstanceFilter): Promise<InstanceSnapshot[]> {
  return instanceSnapshots.all(opts);
}

/** One instance snapshot by name or id (names are unique per instance: give `instanceId` to narrow). */
export function getInstanceSnapshot(query: InstanceSnapshotQuery | string): Promise<InstanceSnapshot> {
  return instanceSnapshots.one(query);
}
