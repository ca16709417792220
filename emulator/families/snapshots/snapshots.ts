// Volume snapshots: a point-in-time copy of one volume, kept apart from it, as CloudStack's createSnapshot,
// listSnapshots and deleteSnapshot keep them (SnapshotManagerImpl, VolumeApiServiceImpl.allocSnapshot). Create
// and delete are jobs. A snapshot outlives its volume: deleting the volume leaves it (and what it says of the
// volume) in place. Instance snapshots are another family (vmSnapshots.ts), as the spec says.
// The spec does not show this family: its routes, states and texts are written in emulator/README.md.

import type { Data } from "../../family";
import { isoNow, readHandlers, recordJob, refusedInJob, stateJob, zoneOf } from "../../handlers/common";
import { body, reqStr, str, withinLength } from "../../handlers/input";
import { createEffect, deleteEffect } from "../../handlers/lifecycle";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, conflict } from "../../http";
import type { JobEffect } from "../../jobs";
import type { SnapshotRec } from "./records";

/**
 * The instance's VM snapshots in whatever state, one being deleted too (CloudStack's VMSnapshotDao.findByVm): while
 * it has any, the platform attaches, detaches or resizes none of its volumes and does not scale it.
 */
export const hasVmSnapshots = (data: Data<"vmSnapshots">, vmId: string) =>
  data.vmSnapshots.where((s) => s.virtualMachineId === vmId).length > 0;

/** States of a VM snapshot task under way (CloudStack's hasActiveVMSnapshotTasks). */
export const VM_SNAPSHOT_ACTIVE = ["Creating", "Reverting", "Expunging"];

export type SnapshotData = Data<"snapshots" | "volumes" | "instances" | "vmSnapshots">;
type SCtx = Ctx<SnapshotData>;

/** CloudStack's default snapshot name: <volume name>_<yyyyMMddHHmmss> (UTC). */
function defaultName(ctx: SCtx, volumeName: string): string {
  const stamp = isoNow(ctx).replace(/[-:T]/g, "").slice(0, 14);
  return `${volumeName}_${stamp}`;
}

export function snapshotView(ctx: SCtx, r: SnapshotRec) {
  const vol = ctx.data.volumes.byId(r.volumeId);
  return {
    ...fieldsOf(r, ["id", "name", "volumeId", "volumeName", "volumeType"]),
    ...(vol?.virtualMachineId ? { virtualMachineId: vol.virtualMachineId } : {}),
    ...zoneOf(ctx.store, r),
    ...fieldsOf(r, ["diskOfferingId", "size"]),
    snapshotType: "MANUAL",
    intervalType: "MANUAL",
    ...fieldsOf(r, ["state", "account", "created"]),
  };
}

/** The caller's snapshot in the routed region (404 otherwise). */
export const findSnapshot = (ctx: Ctx<Data<"snapshots">>, id: string) =>
  ctx.data.snapshots.find(ctx.owner, id);

/**
 * POST /snapshots {volumeId, name?}: createSnapshot. The volume must be Ready (CloudStack's text otherwise: an
 * Allocated volume was never attached, so it has no storage yet), and its instance must have no instance
 * snapshot under way. The `snapshot` allowance is checked at acceptance; the job fails with its text.
 */
export function create(ctx: SCtx) {
  const b = body(ctx);
  const volumeId = reqStr(b, "volumeId");
  const vol = ctx.data.volumes.get(ctx.owner, volumeId);
  if (!vol) {
    throw badRequest(
      `Creating snapshot failed due to volume:${volumeId} doesn't exist`,
      `volumeId ${volumeId} is not a volume in region ${ctx.region.name}`,
    );
  }
  const name = withinLength("name", str(b, "name") || defaultName(ctx, vol.name));
  if (vol.state !== "Ready") {
    throw badRequest(
      `Volume: ${vol.name} is not in Ready state but ${vol.state}. Cannot take snapshot.`,
      vol.state === "Allocated"
        ? "A volume never attached to an instance has no storage yet: attach it first"
        : "Wait for the volume's job to finish",
    );
  }
  const vmId = vol.virtualMachineId;
  if (
    vmId &&
    ctx.data.vmSnapshots.where((s) => s.virtualMachineId === vmId && VM_SNAPSHOT_ACTIVE.includes(s.state))
      .length
  ) {
    throw conflict(
      "There is other active vm snapshot tasks on the instance to which the volume is attached, please try again later",
    );
  }
  const rec = ctx.data.snapshots.insert(
    ctx.owner,
    {
      name,
      volumeId: vol.id,
      volumeName: vol.name,
      volumeType: vol.type ?? "DATADISK",
      zoneId: vol.zoneId,
      diskOfferingId: vol.diskOfferingId,
      size: vol.size,
      state: "Creating",
    },
    isoNow(ctx),
  );
  return recordJob(ctx, ctx.data.snapshots, rec, {
    command: "createSnapshot",
    failDetail: ctx.quota.failure(ctx.user.sub, "snapshot"),
  });
}

/** GET /snapshots: filters `volumeId`, `name` (exact), `keyword` (name contains). Destroyed ones are not listed. */
export const { get, list } = readHandlers<SnapshotData, SnapshotRec>({
  repo: (data) => data.snapshots,
  view: snapshotView,
  listKey: "snapshots",
  filters: { volumeId: "volumeId", name: "name" },
  keywordIn: ["name"],
});

/**
 * DELETE /snapshots/{id}: deleteSnapshot, a job; only a BackedUp or Error snapshot goes: of another, the job fails
 * with CloudStack's text (SnapshotManagerImpl.deleteSnapshot checks it in the job), the snapshot unchanged.
 */
export function remove(ctx: SCtx) {
  const r = findSnapshot(ctx, ctx.params.id);
  if (r.state !== "BackedUp" && r.state !== "Error")
    return refusedInJob(ctx, ctx.data.snapshots, r, {
      command: "deleteSnapshot",
      failDetail: `Can't delete snapshot ${r.id} due to it is in ${r.state} Status`,
    });
  return stateJob(ctx, ctx.data.snapshots, r, { command: "deleteSnapshot", interim: "Destroying" });
}

/** BackedUp snapshots of the volumes attached to an instance (CloudStack's SnapshotDao.listByInstanceId). */
export function backedUpSnapshotsOf(data: Data<"snapshots" | "volumes">, vmId: string) {
  return data.snapshots.where(
    (s) => s.state === "BackedUp" && data.volumes.byId(s.volumeId)?.virtualMachineId === vmId,
  );
}

/** Volume snapshots being taken of an instance's volumes. */
export function activeSnapshotsOf(data: Data<"snapshots" | "volumes">, vmId: string) {
  return data.snapshots.where(
    (s) => s.state === "Creating" && data.volumes.byId(s.volumeId)?.virtualMachineId === vmId,
  );
}

export const snapshotJobEffects: Record<string, JobEffect<SnapshotData>> = {
  createSnapshot: createEffect("snapshots", "BackedUp"),
  deleteSnapshot: deleteEffect("snapshots"),
};
