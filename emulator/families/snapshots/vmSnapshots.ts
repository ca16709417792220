// Instance snapshots: the disks of an instance (and, for a running one, its memory) at a point in time, as
// CloudStack's createVMSnapshot, listVMSnapshot and deleteVMSnapshot keep them (VMSnapshotManagerImpl). Another
// resource than volume snapshots (snapshots.ts), as the spec says. Create and delete are jobs. They go with
// their instance: once it is expunged (or gone from the store) its snapshots are no longer listed or found,
// as CloudStack's expunge deletes every VM snapshot of the instance.
// The spec does not show this family: its routes, states and texts are written in emulator/README.md.

import type { Data } from "../../family";
import { isoNow, paging, passThrough, recordJob, refusedInJob, stateJob } from "../../handlers/common";
import { body, bool, listFilter, PARAM_LENGTH, query, reqStr, str } from "../../handlers/input";
import { createEffect, deleteEffect } from "../../handlers/lifecycle";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { instanceName } from "../instances/instanceView";
import type { InstanceRec } from "../instances/records";
import type { VmSnapshotRec } from "./records";
import { activeSnapshotsOf, backedUpSnapshotsOf, VM_SNAPSHOT_ACTIVE } from "./snapshots";

export type { VmSnapshotRec } from "./records";
export { VM_SNAPSHOT_ACTIVE } from "./snapshots";

export type VmSnapshotData = Data<"vmSnapshots" | "instances" | "volumes" | "snapshots">;
type MCtx = Ctx<VmSnapshotData>;

/** CloudStack's vmsnapshot.max (global setting, default 10): VM snapshots one instance may have. */
export const VM_SNAPSHOT_MAX = 10;

/** The length of a VM snapshot's name and description (CloudStack's default parameter length). */
const TEXT_MAX = PARAM_LENGTH;

/** The instance is there for the caller and not destroyed: its snapshots are visible. */
function liveInstance(ctx: MCtx, r: VmSnapshotRec): InstanceRec | undefined {
  const vm = ctx.data.instances.get(ctx.owner, r.virtualMachineId);
  return vm && !ctx.data.instances.isGone(vm) ? vm : undefined;
}

export function vmSnapshotView(r: VmSnapshotRec, vm: InstanceRec) {
  return {
    ...fieldsOf(r, ["id", "name"]),
    displayName: r.name,
    ...fieldsOf(r, ["description", "virtualMachineId"]),
    virtualMachineName: vm.name,
    ...fieldsOf(r, ["type", "state"]),
    zoneId: vm.zoneId,
    ...fieldsOf(r, ["account", "created"]),
  };
}

function findVmSnapshot(ctx: MCtx, id: string): { r: VmSnapshotRec; vm: InstanceRec } {
  const r = ctx.data.vmSnapshots.get(ctx.owner, id);
  const vm = r && liveInstance(ctx, r);
  if (!r || !vm) throw ctx.data.vmSnapshots.missing(ctx.owner, id);
  return { r, vm };
}

const active = (ctx: MCtx, vmId: string) =>
  ctx.data.vmSnapshots.where((s) => s.virtualMachineId === vmId && VM_SNAPSHOT_ACTIVE.includes(s.state));

/**
 * POST /vm-snapshots {virtualMachineId, name?, description?, snapshotMemory?}: createVMSnapshot, with
 * CloudStack's refusals in its order (allocVMSnapshot).
 */
export function create(ctx: MCtx) {
  const b = body(ctx);
  const vmId = reqStr(b, "virtualMachineId");
  const memory = bool(b, "snapshotMemory") ?? false;
  const vm = ctx.data.instances.get(ctx.owner, vmId);
  if (!vm || ctx.data.instances.isGone(vm)) {
    throw badRequest(
      `Creating VM snapshot failed due to VM:${vmId} is a system VM or does not exist`,
      `virtualMachineId ${vmId} is not an instance in region ${ctx.region.name}`,
    );
  }
  if (backedUpSnapshotsOf(ctx.data, vm.id).length > 0) {
    throw badRequest(
      "VM snapshot for this VM is not allowed. This VM has volumes attached which has snapshots, please remove all snapshots before taking VM snapshot",
    );
  }
  const given = str(b, "name");
  const description = str(b, "description") ?? "";
  if (given !== undefined && given.length > TEXT_MAX) {
    throw badRequest(
      `Creating VM snapshot failed due to length of VM snapshot vsDisplayName should not exceed ${TEXT_MAX}`,
    );
  }
  if (description.length > TEXT_MAX) {
    throw badRequest(
      `Creating VM snapshot failed due to length of VM snapshot vsDescription should not exceed ${TEXT_MAX}`,
    );
  }
  const stamp = isoNow(ctx).replace(/[-:T]/g, "").slice(0, 14);
  const name = given || `${instanceName(ctx.store, vm)}_VS_${stamp}`;
  const mine = ctx.data.vmSnapshots.where((s) => s.virtualMachineId === vm.id);
  if (mine.some((s) => s.name === name)) {
    throw badRequest(`Creating VM snapshot failed due to VM snapshot with name ${name} already exists`);
  }
  if (vm.state !== "Running" && vm.state !== "Stopped") {
    throw badRequest(
      `Creating vm snapshot failed due to VM:${vm.id} is not in the running or Stopped state`,
      `Instance ${vm.name} is ${vm.state}`,
    );
  }
  if (memory && vm.state === "Stopped")
    throw badRequest("Can not snapshot memory when VM is in stopped state");
  if (mine.length >= VM_SNAPSHOT_MAX) {
    throw badRequest(
      `Creating vm snapshot failed due to a VM can just have : ${VM_SNAPSHOT_MAX} VM snapshots. Please delete old ones`,
    );
  }
  if (activeSnapshotsOf(ctx.data, vm.id).length > 0) {
    throw conflict(
      "There is other active volume snapshot tasks on the instance to which the volume is attached, please try again later.",
    );
  }
  if (active(ctx, vm.id).length > 0)
    throw conflict("There is other active vm snapshot tasks on the instance, please try again later");
  const type = memory && vm.state === "Running" ? "DiskAndMemory" : "Disk";
  const rec = ctx.data.vmSnapshots.insert(
    ctx.owner,
    { name, description, virtualMachineId: vm.id, type, state: "Creating" },
    isoNow(ctx),
  );
  return recordJob(ctx, ctx.data.vmSnapshots, rec, { command: "createVMSnapshot" });
}

/** GET /vm-snapshots: filters `virtualMachineId`, `name` (exact), `keyword` (name contains). */
export function list(ctx: MCtx) {
  const match = listFilter<VmSnapshotRec>(
    query(ctx),
    { virtualMachineId: "virtualMachineId", name: "name" },
    ["name"],
  );
  const rows = ctx.data.vmSnapshots
    .list(ctx.owner)
    .filter(match)
    .flatMap((s) => {
      const vm = liveInstance(ctx, s);
      return vm ? [{ s, vm }] : [];
    });
  return ok(passThrough("vmsnapshots", rows, paging(ctx), ({ s, vm }) => vmSnapshotView(s, vm)));
}

export function get(ctx: MCtx) {
  const { r, vm } = findVmSnapshot(ctx, ctx.params.id);
  return ok(vmSnapshotView(r, vm));
}

/**
 * DELETE /vm-snapshots/{id}: deleteVMSnapshot, a job; only a Ready or Error one goes, while no other snapshot task
 * runs on its instance: VMSnapshotManagerImpl.deleteVMSnapshot checks both in the job, which fails with its words,
 * the snapshot unchanged.
 */
export function remove(ctx: MCtx) {
  const { r } = findVmSnapshot(ctx, ctx.params.id);
  const failDetail =
    r.state !== "Ready" && r.state !== "Error"
      ? `Can't delete the vm snapshotshot ${r.id} due to it is not in Created or Error, or Expunging State`
      : active(ctx, r.virtualMachineId).length > 0
        ? "There is other active vm snapshot tasks on the instance, please try again later"
        : undefined;
  if (failDetail)
    return refusedInJob(ctx, ctx.data.vmSnapshots, r, { command: "deleteVMSnapshot", failDetail });
  return stateJob(ctx, ctx.data.vmSnapshots, r, { command: "deleteVMSnapshot", interim: "Expunging" });
}

export const vmSnapshotJobEffects: Record<string, JobEffect<VmSnapshotData>> = {
  createVMSnapshot: createEffect("vmSnapshots", "Ready"),
  deleteVMSnapshot: deleteEffect("vmSnapshots"),
};
