// Volumes: create from query parameters only, attach, detach, resize, delete.

import type { Data } from "../../family";
import {
  audited,
  catalogueRef,
  isoNow,
  paging,
  passThrough,
  refusedInJob,
  requestedEntry,
  stateJob,
  zoneOf,
} from "../../handlers/common";
import { int, query, reqStr, str } from "../../handlers/input";
import { createEffect, dropAnnotations, stampOf } from "../../handlers/lifecycle";
import { commentedView, fieldsOf } from "../../handlers/views";
import { accepted, badRequest, type Ctx, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import type { Job } from "../../records";
import type { SnapshotRec } from "../snapshots/records";
import { hasVmSnapshots } from "../snapshots/snapshots";
import type { VolumeRec } from "./records";

const MAX_SIZE_GB = 16_384;

export type VolumeData = Data<"volumes" | "instances" | "annotations" | "snapshots" | "vmSnapshots">;
type VCtx = Ctx<VolumeData>;

export const findVolume = (ctx: VCtx, id: string) => ctx.data.volumes.find(ctx.owner, id);

/** The Volume record as reads show it; `ctx` needs only the store, the repositories and the caller (a job's result). */
export function volumeView(ctx: Pick<VCtx, "store" | "data" | "principal">, r: VolumeRec) {
  const vm = r.virtualMachineId ? ctx.data.instances.byId(r.virtualMachineId) : undefined;
  return {
    ...fieldsOf(r, ["id", "name"]),
    ...zoneOf(ctx.store, r),
    ...catalogueRef(ctx.store, "diskOfferings", r),
    size: r.size,
    type: r.type ?? "DATADISK",
    state: r.state,
    ...(r.virtualMachineId
      ? { virtualMachineId: r.virtualMachineId, virtualMachineName: vm?.name ?? "" }
      : {}),
    ...(r.deviceId !== undefined ? { deviceId: r.deviceId } : {}),
    ...(r.snapshotId ? { snapshotId: r.snapshotId } : {}),
    ...commentedView(ctx, r),
  };
}

export function checkSize(size: number) {
  if (size < 1 || size > MAX_SIZE_GB) throw badRequest(`size must be between 1 and ${MAX_SIZE_GB} GB`);
}

/**
 * Inputs are query parameters; a JSON body is not read, so its callers get a 400 naming `name`. With
 * `snapshotId` (CloudStack's createVolume with snapshotid) the volume is made from a BackedUp snapshot of the
 * caller: in the snapshot's zone, its size at least the snapshot's, the disk offering the snapshot's volume had
 * unless another is given.
 */
export function create(ctx: VCtx) {
  const q = query(ctx);
  const name = reqStr(q, "name");
  const snapshotId = str(q, "snapshotId") || undefined;
  const snap = snapshotId ? sourceSnapshot(ctx, snapshotId) : undefined;
  const zoneId = snap ? str(q, "zoneId") || snap.zoneId : reqStr(q, "zoneId");
  requestedEntry(ctx, "zones", zoneId, "zoneId");
  if (snap && zoneId !== snap.zoneId) {
    throw badRequest(
      `Snapshot ${snap.name} is not available in zone ${zoneId}`,
      `The snapshot is in zone ${snap.zoneId}: a volume made from it must be in the same zone`,
    );
  }
  const diskOfferingId = snap ? str(q, "diskOfferingId") || snap.diskOfferingId : reqStr(q, "diskOfferingId");
  if (!diskOfferingId) {
    throw badRequest(
      "Required parameter 'diskOfferingId' is not present",
      `Snapshot ${snap?.name} is of a root disk without a disk offering of its own: name one`,
    );
  }
  const offering = requestedEntry(ctx, "diskOfferings", diskOfferingId, "diskOfferingId");
  let size: number | undefined;
  if (snap) {
    size = int(q, "size") ?? snap.size;
    if (size < snap.size) {
      throw badRequest(
        `Volume size ${size} GB is smaller than the snapshot's ${snap.size} GB`,
        "A volume made from a snapshot is at least as big as the snapshot",
      );
    }
  } else {
    size = offering.customized ? int(q, "size") : offering.diskSizeGb;
    if (size === undefined)
      throw badRequest(`Required parameter 'size' is not present (offering ${offering.name} is customized)`);
  }
  checkSize(size);
  const failDetail = ctx.quota.failure(ctx.user.sub, "volume");
  const rec = ctx.data.volumes.insert(
    ctx.owner,
    {
      tags: {},
      hasAnnotations: false,
      type: "DATADISK",
      name,
      zoneId,
      diskOfferingId,
      size,
      state: "Creating",
      ...(snap ? { snapshotId: snap.id } : {}),
    },
    isoNow(ctx),
  );
  return volumeJob(ctx, rec, "createVolume", "Creating", { failDetail });
}

/** The snapshot a volume is made from: the caller's, BackedUp (CloudStack's texts otherwise). */
function sourceSnapshot(ctx: VCtx, id: string): SnapshotRec {
  const snap = ctx.data.snapshots.get(ctx.owner, id);
  if (!snap) {
    throw badRequest(
      `Unable to find a snapshot with id ${id}`,
      `snapshotId ${id} is not a volume snapshot in region ${ctx.region.name}`,
    );
  }
  if (snap.state !== "BackedUp") {
    throw badRequest(
      `Snapshot id=${id} is not in BackedUp state yet and can't be used for volume creation`,
      `Snapshot ${snap.name} is ${snap.state}`,
    );
  }
  return snap;
}

export function get(ctx: VCtx) {
  return ok(volumeView(ctx, findVolume(ctx, ctx.params.id)));
}

export function list(ctx: VCtx) {
  const vmId = str(query(ctx), "virtualMachineId");
  const rows = ctx.data.volumes.list(ctx.owner).filter((r) => !vmId || r.virtualMachineId === vmId);
  return ok(passThrough("volumes", rows, paging(ctx), (r) => volumeView(ctx, r)));
}

/** CloudStack's default most data disks one instance takes (hypervisor_capabilities.max_data_volumes_limit). */
const MAX_DATA_DISKS = 6;

/**
 * A volume command CloudStack accepts and then fails in its job with the rule's words (attachVolume, detachVolume
 * and resizeVolume are asynchronous commands whose service methods check everything but the ids in the job).
 */
const refusedVolumeJob = (ctx: VCtx, r: VolumeRec, command: string, failDetail: string) =>
  refusedInJob(ctx, ctx.data.volumes, r, { command, failDetail });

/**
 * attachVolume with the checks of VolumeApiServiceImpl.attachVolumeToVM, in its order and words, failing the job:
 * a volume not attached, in state Allocated or Ready; an instance Running or Stopped, in the volume's zone, with
 * fewer than the most data disks.
 */
export function attach(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  const vm = ctx.data.instances.find(ctx.owner, reqStr(query(ctx), "virtualMachineId"));
  const attached = ctx.data.volumes.where((v) => v.virtualMachineId === vm.id);
  const refused = r.virtualMachineId
    ? "Please specify a volume that is not attached to any VM."
    : r.state !== "Allocated" && r.state !== "Ready"
      ? "Volume state must be in Allocated, Ready or in Uploaded state"
      : vm.state !== "Running" && vm.state !== "Stopped"
        ? "Please specify a VM that is either running or stopped."
        : vm.zoneId !== r.zoneId
          ? "Please specify a VM that is in the same zone as the volume."
          : attached.filter((v) => v.type !== "ROOT").length >= MAX_DATA_DISKS
            ? `The specified VM already has the maximum number of data disks (${MAX_DATA_DISKS}) attached. Please specify another VM.`
            : hasVmSnapshots(ctx.data, vm.id)
              ? "Unable to attach volume, please specify a VM that does not have VM snapshots"
              : undefined;
  if (refused) return refusedVolumeJob(ctx, r, "attachVolume", refused);
  const taken = new Set(attached.map((v) => v.deviceId));
  let deviceId = 1;
  while (taken.has(deviceId)) deviceId++;
  // Reserve the instance now so two concurrent attaches cannot take the same device.
  ctx.data.volumes.update(r, { virtualMachineId: vm.id, deviceId });
  return volumeJob(ctx, r, "attachVolume", r.state, { virtualMachineId: vm.id });
}

/**
 * detachVolume with the checks of VolumeApiServiceImpl.detachVolumeFromVM, failing the job: attached, to an
 * instance that is Running, Stopped or Destroyed; a data volume (a root disk goes with its instance: the refusal
 * of CloudStack releases before root-disk detach).
 */
export function detach(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  const vm = r.virtualMachineId ? ctx.data.instances.byId(r.virtualMachineId) : undefined;
  const refused = !r.virtualMachineId
    ? "The specified volume is not attached to a VM."
    : vm && !["Running", "Stopped", "Destroyed"].includes(vm.state)
      ? "Please specify a VM that is either running or stopped."
      : r.type === "ROOT"
        ? "Please specify a data volume."
        : hasVmSnapshots(ctx.data, r.virtualMachineId)
          ? "Unable to detach volume, please specify a VM that does not have VM snapshots"
          : undefined;
  if (refused) return refusedVolumeJob(ctx, r, "detachVolume", refused);
  return volumeJob(ctx, r, "detachVolume", r.state, { virtualMachineId: r.virtualMachineId });
}

const GB = 1024 ** 3;

/**
 * resizeVolume: the size and offering are read at the request (an unknown offering id is the API layer's refusal);
 * VolumeApiServiceImpl.resizeVolume's state and shrink checks fail the job, in its words (the command does not
 * pass `shrinkok`).
 */
export function resize(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  const q = query(ctx);
  // A template's root disk has no disk offering of its own: it grows by size alone.
  const diskOfferingId = str(q, "diskOfferingId") || r.diskOfferingId;
  const offering = diskOfferingId
    ? ctx.store.catalogue("diskOfferings", diskOfferingId, ctx.region.id)
    : undefined;
  if (diskOfferingId && !offering)
    throw badRequest(`diskOfferingId ${diskOfferingId} is not a disk offering in ${ctx.region.name}`);
  const size = offering && !offering.customized ? offering.diskSizeGb : (int(q, "size") ?? r.size);
  checkSize(size);
  const refused =
    r.state !== "Ready" && r.state !== "Allocated"
      ? `Volume should be in ready or allocated state before attempting a resize. Volume ${r.id} is in state ${r.state}.`
      : size !== r.size && r.virtualMachineId && hasVmSnapshots(ctx.data, r.virtualMachineId)
        ? "A volume that is attached to a VM with any VM snapshots cannot be resized."
        : size < r.size
          ? `Going from existing size of ${r.size * GB} to size of ${size * GB} would shrink the volume.Need to sign off by supplying the shrinkok parameter with value of true.`
          : undefined;
  if (refused) return refusedVolumeJob(ctx, r, "resizeVolume", refused);
  return volumeJob(ctx, r, "resizeVolume", "Resizing", { size, diskOfferingId });
}

/**
 * deleteVolume refuses an attached volume (a root disk always is) with CloudStack's text, and is otherwise
 * done at once: CloudStack's DeleteVolumeCmd is a synchronous command (BaseCmd), and the spec does not list a
 * volume's delete among the asynchronous operations. The answer carries no jobId.
 */
export function remove(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  if (r.virtualMachineId) {
    throw badRequest(
      "Please specify a volume that is not attached to any VM.",
      r.type === "ROOT"
        ? `Volume ${r.name} is the root disk of instance ${r.virtualMachineId}; it goes with the instance`
        : `Volume ${r.name} is attached to instance ${r.virtualMachineId}; detach it first`,
    );
  }
  dropAnnotations(ctx.data, r.id);
  ctx.data.volumes.delete(r.id);
  return accepted(r.id, undefined, audited(ctx.data.volumes.resourceType, r.id));
}

function volumeJob(
  ctx: VCtx,
  r: VolumeRec,
  command: string,
  interim: string,
  extra: { failDetail?: string; [k: string]: unknown } = {},
) {
  const { failDetail, ...payload } = extra;
  return stateJob(ctx, ctx.data.volumes, r, {
    command,
    failDetail,
    payload,
    interim,
    stamp: true,
  });
}

type Effect = JobEffect<VolumeData>;

function volumeEffect(
  apply: (r: VolumeRec, job: Job) => Partial<VolumeRec>,
  undo?: Partial<VolumeRec>,
): Effect {
  return {
    success({ volumes }, job) {
      const r = volumes.byId(job.resourceId);
      if (r) volumes.update(r, apply(r, job), stampOf(job));
    },
    failure({ volumes }, job) {
      const r = volumes.byId(job.resourceId);
      if (r) volumes.update(r, { state: String(job.payload?.prevState ?? r.state), ...undo });
    },
  };
}

const detached = { virtualMachineId: undefined, deviceId: undefined };

/** POST /volumes/{id}/<action>: the family's `actions` routes. */
export const actions = { attach, detach, resize };

export const volumeJobEffects: Record<string, Effect> = {
  createVolume: createEffect("volumes", "Allocated"),
  attachVolume: volumeEffect(() => ({ state: "Ready" }), detached),
  // A volume that was attached has its storage (CloudStack's Ready); detachVolume does not change its state, so a
  // detached data disk can still be snapshotted, attached again or resized.
  detachVolume: volumeEffect(() => ({ ...detached })),
  resizeVolume: {
    success(data, job) {
      const p = job.payload ?? {};
      const r = data.volumes.byId(job.resourceId);
      if (!r) return;
      const size = Number(p.size);
      data.volumes.update(
        r,
        { size, diskOfferingId: String(p.diskOfferingId), state: String(p.prevState) },
        stampOf(job),
      );
      // The instance reports its root disk's size.
      const vm =
        r.type === "ROOT" && r.virtualMachineId ? data.instances.byId(r.virtualMachineId) : undefined;
      if (vm) data.instances.update(vm, { rootDiskSize: size });
    },
    failure: volumeEffect(() => ({})).failure,
  },
};
