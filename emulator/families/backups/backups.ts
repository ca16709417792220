// An instance's backup offering and its on-demand backups, as CloudStack's BackupManagerImpl keeps them
// (assignVirtualMachineToBackupOffering, removeVirtualMachineFromBackupOffering, createBackup, listBackups,
// deleteBackup). Every change is a job. The spec shows none of these routes: emulator/README.md writes them down.

import type { Data } from "../../family";
import {
  catalogueRef,
  isoNow,
  paging,
  passThrough,
  recordJob,
  refusedInJob,
  stateJob,
  zoneOf,
} from "../../handlers/common";
import { body, bool, query, reqStr, str } from "../../handlers/input";
import { deleteEffect, stampOf } from "../../handlers/lifecycle";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import type { Job } from "../../records";
import type { InstanceRec } from "../instances/records";
import type { BackupRec } from "./records";

export type BackupData = Data<"backups" | "instances" | "volumes" | "backupSchedules">;
type BCtx = Ctx<BackupData>;

const GIB = 1024 ** 3;

/** CloudStack's texts (BackupManagerImpl). */
export const NO_OFFERING_BACKUP =
  "VM has not backup offering configured, cannot create backup before assigning it to a backup offering";

function vmOf(ctx: BCtx, id: string): InstanceRec {
  const vm = ctx.data.instances.find(ctx.owner, id);
  if (ctx.data.instances.isGone(vm)) throw badRequest(`Instance ${vm.name} is ${vm.state}`);
  return vm;
}

/** Assign needs Running or Stopped (CloudStack: Running, Stopped, Shutdown). */
function settled(ctx: BCtx, vm: InstanceRec) {
  ctx.data.instances.idle(vm, "another operation is in progress");
  if (vm.state !== "Running" && vm.state !== "Stopped") {
    throw badRequest("VM is not in running or stopped state", `state=${vm.state}`);
  }
}

function instanceJob(ctx: BCtx, vm: InstanceRec, command: string, payload: Record<string, unknown>) {
  return recordJob(ctx, ctx.data.instances, vm, { command, payload });
}

/** POST /compute/instances/{id}/backup-offering?backupOfferingId= */
export function assignBackupOffering(ctx: BCtx) {
  const vm = vmOf(ctx, ctx.params.id);
  const offeringId = reqStr(query(ctx), "backupOfferingId");
  settled(ctx, vm);
  if (vm.backupOfferingId) {
    throw badRequest(
      "VM already is assigned to a backup offering, please remove the VM from its previous offering",
      `backupOfferingId=${vm.backupOfferingId}`,
    );
  }
  const offering = ctx.store.catalogue("backupOfferings", offeringId, ctx.region.id);
  if (!offering?.allowUserDrivenBackups) {
    throw badRequest("Provided backup offering does not exist", `backupOfferingId=${offeringId}`);
  }
  if (offering.zoneId !== vm.zoneId) {
    throw badRequest(
      `Backup offering ${offering.name} is not in the zone of VM ${vm.name}`,
      `offering zone ${offering.zoneId}, VM zone ${vm.zoneId}`,
    );
  }
  // Reserved now, so a second assign or a schedule made while the job runs sees it (the effect undoes it).
  ctx.data.instances.update(vm, { backupOfferingId: offering.id }, isoNow(ctx));
  return instanceJob(ctx, vm, "assignVirtualMachineToBackupOffering", { backupOfferingId: offering.id });
}

/**
 * DELETE /compute/instances/{id}/backup-offering: the offering goes, and with it the instance's schedules.
 * BackupManagerImpl.removeVMFromBackupOffering refuses an instance without one in the job.
 */
export function removeBackupOffering(ctx: BCtx) {
  const vm = vmOf(ctx, ctx.params.id);
  ctx.data.instances.idle(vm, "another operation is in progress");
  if (!vm.backupOfferingId) {
    return refusedInJob(ctx, ctx.data.instances, vm, {
      command: "removeVirtualMachineFromBackupOffering",
      failDetail: "No previously configured backup offering found for the VM",
    });
  }
  return instanceJob(ctx, vm, "removeVirtualMachineFromBackupOffering", {
    backupOfferingId: vm.backupOfferingId,
    forced: bool(query(ctx), "forced") ?? false,
  });
}

export function backupView(ctx: BCtx, b: BackupRec) {
  return {
    ...fieldsOf(b, ["id", "name", "description"]),
    virtualMachineId: b.vmId,
    virtualMachineName: b.vmName,
    ...zoneOf(ctx.store, b),
    ...catalogueRef(ctx.store, "backupOfferings", b),
    status: b.state,
    type: "MANUAL",
    intervalType: "MANUAL",
    size: b.size,
    virtualSize: b.size,
    account: b.account,
    date: b.created,
    created: b.created,
  };
}

/**
 * POST /backups, JSON {vmId, name?, description?}: createBackup. Refused at once when the instance has no
 * offering (CloudStack fails the job with the same text); the allowance `backup` is checked as CloudStack's
 * resource limit and fails the job.
 */
export function create(ctx: BCtx) {
  const b = body(ctx);
  const vmId = reqStr(b, "vmId");
  if (!ctx.data.instances.get(ctx.owner, vmId)) {
    throw badRequest(`vmId ${vmId} is not an instance in region ${ctx.region.name}`);
  }
  const vm = vmOf(ctx, vmId);
  if (!vm.backupOfferingId) throw badRequest(NO_OFFERING_BACKUP, `vmId=${vm.id}`);
  ctx.data.instances.idle(vm, "another operation is in progress");
  const failDetail = ctx.quota.failure(ctx.user.sub, "backup");
  const disks = ctx.data.volumes.where((v) => v.virtualMachineId === vm.id);
  const size = disks.reduce((n, v) => n + v.size, 0) * GIB;
  const now = isoNow(ctx);
  const name = str(b, "name") || `${vm.name}-${now.replace(/[-:.TZ]/g, "").slice(0, 14)}`;
  const rec = ctx.data.backups.insert(
    ctx.owner,
    {
      name,
      description: str(b, "description") ?? "",
      vmId: vm.id,
      vmName: vm.name,
      zoneId: vm.zoneId,
      backupOfferingId: vm.backupOfferingId,
      state: "BackingUp",
      size,
    },
    now,
  );
  return recordJob(ctx, ctx.data.backups, rec, { command: "createBackup", failDetail });
}

export function list(ctx: BCtx) {
  const vmId = str(query(ctx), "vmId");
  const rows = ctx.data.backups.list(ctx.owner).filter((r) => !vmId || r.vmId === vmId);
  return ok(passThrough("backups", rows, paging(ctx), (r) => backupView(ctx, r)));
}

export function get(ctx: BCtx) {
  return ok(backupView(ctx, ctx.data.backups.find(ctx.owner, ctx.params.id)));
}

/** DELETE /backups/{id}: deleteBackup; `Removed` while the job runs, gone after. */
export function remove(ctx: BCtx) {
  const r = ctx.data.backups.find(ctx.owner, ctx.params.id);
  if (r.state === "BackingUp") throw conflict(`Backup ${r.name} is BackingUp; wait for it to end`);
  return stateJob(ctx, ctx.data.backups, r, {
    command: "deleteBackup",
    interim: "Removed",
    stamp: true,
  });
}

type Effect = JobEffect<BackupData>;

const assignEffect: Effect = {
  success() {},
  failure({ instances }, job) {
    const vm = instances.byId(job.resourceId);
    if (vm) instances.update(vm, { backupOfferingId: undefined }, stampOf(job));
  },
};

/** CloudStack's removal clears the offering and deletes the instance's backup schedules; backups stay. */
const removeEffect: Effect = {
  success({ instances, backupSchedules }, job: Job) {
    const vm = instances.byId(job.resourceId);
    if (!vm) return;
    instances.update(vm, { backupOfferingId: undefined }, stampOf(job));
    for (const s of backupSchedules.where((s) => s.vmId === vm.id)) backupSchedules.delete(s.id);
  },
  failure() {},
};

const createBackupEffect: Effect = {
  success({ backups }, job) {
    const r = backups.byId(job.resourceId);
    if (r) backups.update(r, { state: "BackedUp" }, stampOf(job));
  },
  failure({ backups }, job) {
    const r = backups.byId(job.resourceId);
    if (r) backups.update(r, { state: "Error" }, stampOf(job));
  },
};

export const backupJobEffects: Record<string, Effect> = {
  assignVirtualMachineToBackupOffering: assignEffect,
  removeVirtualMachineFromBackupOffering: removeEffect,
  createBackup: createBackupEffect,
  deleteBackup: deleteEffect("backups") as unknown as Effect,
};
