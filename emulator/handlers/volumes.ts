// Volumes: create from query parameters only, attach, detach, resize, delete.
import type { Repos } from "../family";
import { badRequest, type Ctx, conflict, ok } from "../http";
import type { JobEffect } from "../jobs";
import type { AnnotationRec, InstanceRec, Job, VolumeRec } from "../records";
import { int, isoNow, jobAccepted, paging, passThrough, query, reqStr, str, submitJob } from "./common";
import { createEffect, deleteEffect, dropAnnotations, stampOf } from "./lifecycle";

const MAX_SIZE_GB = 16_384;

export type VolumeData = Repos<{ volumes: VolumeRec; instances: InstanceRec; annotations: AnnotationRec }>;
type VCtx = Ctx<VolumeData>;

export const findVolume = (ctx: VCtx, id: string) => ctx.data.volumes.find(ctx.owner, id);

export function volumeView(ctx: VCtx, r: VolumeRec) {
  const { store } = ctx;
  const zone = store.catalogue("zones", r.zoneId, r.regionId);
  const offering = store.catalogue("diskOfferings", r.diskOfferingId, r.regionId);
  const vm = r.virtualMachineId ? ctx.data.instances.byId(r.virtualMachineId) : undefined;
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
export function createVolume(ctx: VCtx) {
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
  const failDetail = ctx.quota.failure(ctx.user.sub, "volume");
  const rec = ctx.data.volumes.insert(
    ctx.owner,
    { tags: {}, hasAnnotations: false, name, zoneId, diskOfferingId, size, state: "Creating" },
    isoNow(ctx),
  );
  return volumeJob(ctx, rec, "createVolume", "Creating", { failDetail });
}

export function getVolume(ctx: VCtx) {
  return ok(volumeView(ctx, findVolume(ctx, ctx.params.id)));
}

export function listVolumes(ctx: VCtx) {
  const vmId = str(query(ctx), "virtualMachineId");
  const rows = ctx.data.volumes.list(ctx.owner).filter((r) => !vmId || r.virtualMachineId === vmId);
  return ok(passThrough("volumes", rows, paging(ctx), (r) => volumeView(ctx, r)));
}

export function attachVolume(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  if (r.state === "Error") throw conflict(`Volume ${r.name} is in state Error; delete it`);
  if (r.virtualMachineId)
    throw conflict(`Volume ${r.name} is already attached to instance ${r.virtualMachineId}`);
  const vm = ctx.data.instances.find(ctx.owner, reqStr(query(ctx), "virtualMachineId"));
  if (vm.zoneId !== r.zoneId)
    throw badRequest(`Instance ${vm.name} is in another zone than volume ${r.name}`);
  if (vm.state !== "Running" && vm.state !== "Stopped") {
    throw conflict(`Instance ${vm.name} is ${vm.state}; attach needs Running or Stopped`);
  }
  const taken = new Set(ctx.data.volumes.where((v) => v.virtualMachineId === vm.id).map((v) => v.deviceId));
  let deviceId = 1;
  while (taken.has(deviceId)) deviceId++;
  // Reserve the instance now so two concurrent attaches cannot take the same device.
  ctx.data.volumes.update(r, { virtualMachineId: vm.id, deviceId });
  return volumeJob(ctx, r, "attachVolume", r.state, { virtualMachineId: vm.id });
}

export function detachVolume(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  if (!r.virtualMachineId) throw conflict(`Volume ${r.name} is not attached`);
  return volumeJob(ctx, r, "detachVolume", r.state, { virtualMachineId: r.virtualMachineId });
}

export function resizeVolume(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
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

export function deleteVolume(ctx: VCtx) {
  const r = findVolume(ctx, ctx.params.id);
  ctx.data.volumes.idle(r);
  if (r.virtualMachineId) {
    throw conflict(`Volume ${r.name} is attached to instance ${r.virtualMachineId}; detach it first`);
  }
  return volumeJob(ctx, r, "deleteVolume", "Destroying");
}

function volumeJob(
  ctx: VCtx,
  r: VolumeRec,
  command: string,
  interim: string,
  extra: { failDetail?: string; [k: string]: unknown } = {},
) {
  const { failDetail, ...payload } = extra;
  const job = submitJob(ctx, {
    command,
    resourceType: "Volume",
    resourceId: r.id,
    resourceName: r.name,
    failDetail,
    payload: { ...payload, prevState: r.state },
  });
  ctx.data.volumes.update(r, { state: interim }, isoNow(ctx));
  return jobAccepted(job);
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

export const volumeJobEffects: Record<string, Effect> = {
  createVolume: createEffect("volumes", "Allocated"),
  attachVolume: volumeEffect(() => ({ state: "Ready" }), detached),
  detachVolume: volumeEffect(() => ({ ...detached, state: "Allocated" })),
  resizeVolume: volumeEffect((_r, { payload: p = {} }) => ({
    size: Number(p.size),
    diskOfferingId: String(p.diskOfferingId),
    state: String(p.prevState),
  })),
  deleteVolume: deleteEffect("volumes", dropAnnotations),
};
