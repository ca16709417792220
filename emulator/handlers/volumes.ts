// Volumes: create from query parameters only, attach, detach, resize, delete.
import { randomUUID } from "node:crypto";
import { badRequest, type Ctx, conflict, ok } from "../http";
import type { JobEffect } from "../jobs";
import type { Store, VolumeRec } from "../store";
import { int, isoNow, owned, ownedList, paging, passThrough, query, reqStr, str } from "./common";
import { findInstance } from "./instanceView";
import { createEffect, deleteEffect, dropAnnotations } from "./lifecycle";
import { quotaFailure } from "./tenants";

const MAX_SIZE_GB = 16_384;

export function findVolume(ctx: Ctx, id: string): VolumeRec {
  return owned(ctx, ctx.store.state.volumes, id, "Volume");
}

export function volumeView(store: Store, r: VolumeRec) {
  const zone = store.catalogue("zones", r.zoneId, r.regionId);
  const offering = store.catalogue("diskOfferings", r.diskOfferingId, r.regionId);
  const vm = r.virtualMachineId ? store.state.instances[r.virtualMachineId] : undefined;
  return {
    id: r.id,
    name: r.name,
    zoneId: r.zoneId,
    zoneName: zone?.name ?? "",
    diskOfferingId: r.diskOfferingId,
    diskOfferingName: offering?.name ?? "",
    size: r.size,
    type: "DATADISK",
    state: r.state,
    ...(r.virtualMachineId
      ? { virtualMachineId: r.virtualMachineId, virtualMachineName: vm?.name ?? "" }
      : {}),
    ...(r.deviceId !== undefined ? { deviceId: r.deviceId } : {}),
    account: r.account,
    tags: { ...r.tags },
    hasAnnotations: r.hasAnnotations,
    created: r.created,
    lastUpdated: r.lastUpdated,
  };
}

function checkSize(size: number) {
  if (size < 1 || size > MAX_SIZE_GB) throw badRequest(`size must be between 1 and ${MAX_SIZE_GB} GB`);
}

/** Inputs are query parameters; a JSON body is not read, so its callers get a 400 naming `name`. */
export function createVolume(ctx: Ctx) {
  const q = query(ctx);
  const { store, region } = ctx;
  const name = reqStr(q, "name");
  const zoneId = reqStr(q, "zoneId");
  const diskOfferingId = reqStr(q, "diskOfferingId");
  if (!store.catalogue("zones", zoneId, region.id))
    throw badRequest(`zoneId ${zoneId} is not a zone of ${region.name}`);
  const offering = store.catalogue("diskOfferings", diskOfferingId, region.id);
  if (!offering)
    throw badRequest(`diskOfferingId ${diskOfferingId} is not a disk offering in ${region.name}`);
  const size = offering.customized ? int(q, "size") : offering.diskSizeGb;
  if (size === undefined)
    throw badRequest(`Required parameter 'size' is not present (offering ${offering.name} is customized)`);
  checkSize(size);
  const now = isoNow(ctx);
  const rec: VolumeRec = {
    id: randomUUID(),
    regionId: region.id,
    account: ctx.user.sub,
    created: now,
    lastUpdated: now,
    tags: {},
    hasAnnotations: false,
    name,
    zoneId,
    diskOfferingId,
    size,
    state: "Creating",
  };
  const failDetail = quotaFailure(store, ctx.user.sub, "volume");
  store.state.volumes[rec.id] = rec;
  return volumeJob(ctx, rec, "createVolume", "Creating", { failDetail });
}

export function getVolume(ctx: Ctx) {
  return ok(volumeView(ctx.store, findVolume(ctx, ctx.params.id)));
}

export function listVolumes(ctx: Ctx) {
  const vmId = str(query(ctx), "virtualMachineId");
  const rows = ownedList(ctx, ctx.store.state.volumes).filter((r) => !vmId || r.virtualMachineId === vmId);
  return ok(passThrough("volumes", rows, paging(ctx), (r) => volumeView(ctx.store, r)));
}

function checkIdle(r: VolumeRec) {
  if (r.state !== "Allocated" && r.state !== "Ready" && r.state !== "Error") {
    throw conflict(`Volume ${r.name} is ${r.state}; wait for its job to finish`);
  }
}

export function attachVolume(ctx: Ctx) {
  const r = findVolume(ctx, ctx.params.id);
  checkIdle(r);
  if (r.state === "Error") throw conflict(`Volume ${r.name} is in state Error; delete it`);
  if (r.virtualMachineId)
    throw conflict(`Volume ${r.name} is already attached to instance ${r.virtualMachineId}`);
  const vm = findInstance(ctx, reqStr(query(ctx), "virtualMachineId"));
  if (vm.zoneId !== r.zoneId)
    throw badRequest(`Instance ${vm.name} is in another zone than volume ${r.name}`);
  if (vm.state !== "Running" && vm.state !== "Stopped") {
    throw conflict(`Instance ${vm.name} is ${vm.state}; attach needs Running or Stopped`);
  }
  const taken = new Set(
    Object.values(ctx.store.state.volumes).map((v) => (v.virtualMachineId === vm.id ? v.deviceId : -1)),
  );
  let deviceId = 1;
  while (taken.has(deviceId)) deviceId++;
  // Reserve the instance now so two concurrent attaches cannot take the same device.
  r.virtualMachineId = vm.id;
  r.deviceId = deviceId;
  return volumeJob(ctx, r, "attachVolume", r.state, { virtualMachineId: vm.id });
}

export function detachVolume(ctx: Ctx) {
  const r = findVolume(ctx, ctx.params.id);
  checkIdle(r);
  if (!r.virtualMachineId) throw conflict(`Volume ${r.name} is not attached`);
  return volumeJob(ctx, r, "detachVolume", r.state, { virtualMachineId: r.virtualMachineId });
}

export function resizeVolume(ctx: Ctx) {
  const r = findVolume(ctx, ctx.params.id);
  checkIdle(r);
  const q = query(ctx);
  const diskOfferingId = str(q, "diskOfferingId") || r.diskOfferingId;
  const offering = ctx.store.catalogue("diskOfferings", diskOfferingId, ctx.region.id);
  if (!offering)
    throw badRequest(`diskOfferingId ${diskOfferingId} is not a disk offering in ${ctx.region.name}`);
  const size = offering.customized ? (int(q, "size") ?? r.size) : offering.diskSizeGb;
  checkSize(size);
  if (size < r.size)
    throw badRequest(`Volumes cannot shrink: ${r.name} is ${r.size} GB, asked for ${size} GB`);
  return volumeJob(ctx, r, "resizeVolume", "Resizing", { size, diskOfferingId });
}

export function deleteVolume(ctx: Ctx) {
  const r = findVolume(ctx, ctx.params.id);
  checkIdle(r);
  if (r.virtualMachineId) {
    throw conflict(`Volume ${r.name} is attached to instance ${r.virtualMachineId}; detach it first`);
  }
  return volumeJob(ctx, r, "deleteVolume", "Destroying");
}

function volumeJob(
  ctx: Ctx,
  r: VolumeRec,
  command: string,
  interim: string,
  extra: { failDetail?: string; [k: string]: unknown } = {},
) {
  const { failDetail, ...payload } = extra;
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "Volume";
  const job = ctx.jobs.submit(ctx, {
    command,
    resourceType: "Volume",
    resourceId: r.id,
    resourceName: r.name,
    failDetail,
    payload: { ...payload, prevState: r.state },
  });
  r.state = interim;
  r.lastUpdated = isoNow(ctx);
  return ok({ jobId: job.jobId, id: r.id });
}

function volumeEffect(
  apply: (r: VolumeRec, payload: Record<string, unknown>) => void,
  undo?: (r: VolumeRec) => void,
) {
  const effect: JobEffect = {
    success(store, job) {
      const r = store.state.volumes[job.resourceId];
      if (!r) return;
      apply(r, job.payload ?? {});
      r.lastUpdated = new Date(job.completedMs ?? Date.now()).toISOString();
    },
    failure(store, job) {
      const r = store.state.volumes[job.resourceId];
      if (!r) return;
      r.state = String(job.payload?.prevState ?? r.state);
      undo?.(r);
    },
  };
  return effect;
}

export const volumeJobEffects: Record<string, JobEffect> = {
  createVolume: createEffect("volumes", "Allocated"),
  attachVolume: volumeEffect(
    (r) => {
      r.state = "Ready";
    },
    (r) => {
      r.virtualMachineId = undefined;
      r.deviceId = undefined;
    },
  ),
  detachVolume: volumeEffect((r) => {
    r.virtualMachineId = undefined;
    r.deviceId = undefined;
    r.state = "Allocated";
  }),
  resizeVolume: volumeEffect((r, p) => {
    r.size = Number(p.size);
    r.diskOfferingId = String(p.diskOfferingId);
    r.state = String(p.prevState);
  }),
  deleteVolume: deleteEffect("volumes", dropAnnotations),
};
