// Instance actions (start, stop, reboot/restart, scale, delete) and the synchronous update by query parameters.
import { badRequest, conflict, ok } from "../http";
import type { JobEffect } from "../jobs";
import type { InstanceRec, Job } from "../records";
import { audited, bool, hasJsonBody, isoNow, jobAccepted, query, reqStr, str, submitJob } from "./common";
import { checkHostName, type ICtx, type InstanceData } from "./instances";
import { findInstance, instanceView } from "./instanceView";
import { stampOf } from "./lifecycle";

interface ActionPlan {
  command: string;
  /** States the action starts from, with the interim state shown while the job runs. */
  from: Record<string, string>;
  /** States in which the action is already done: the job succeeds without changing anything. */
  noop?: string[];
  payload?: Record<string, unknown>;
}

function runAction(ctx: ICtx, r: InstanceRec, plan: ActionPlan) {
  const noop = plan.noop?.includes(r.state) ?? false;
  const interim = plan.from[r.state];
  if (!noop && interim === undefined) {
    const allowed = [...Object.keys(plan.from), ...(plan.noop ?? [])].join(", ");
    const why = ctx.data.instances.isBusy(r)
      ? "another operation is in progress"
      : `it needs one of ${allowed}`;
    throw conflict(`Instance ${r.name} is ${r.state}; ${plan.command} is not possible because ${why}`);
  }
  const job = submitJob(ctx, {
    command: plan.command,
    resourceType: "Instance",
    resourceId: r.id,
    resourceName: r.name,
    payload: { ...plan.payload, prevState: r.state, noop },
  });
  if (!noop) ctx.data.instances.update(r, { state: interim }, isoNow(ctx));
  return jobAccepted(job);
}

export function startInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "startVirtualMachine",
    from: { Stopped: "Starting" },
    noop: ["Running"],
  });
}

export function stopInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "stopVirtualMachine",
    from: { Running: "Stopping" },
    noop: ["Stopped"],
  });
}

/** One handler for /reboot and its deprecated alias /restart. */
export function rebootInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, { command: "rebootVirtualMachine", from: { Running: "Rebooting" } });
}

export function scaleInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  const serviceOfferingId = reqStr(query(ctx), "serviceOfferingId");
  if (!ctx.store.catalogue("computeOfferings", serviceOfferingId, ctx.region.id)) {
    throw badRequest(
      `serviceOfferingId ${serviceOfferingId} is not a compute offering in ${ctx.region.name}`,
    );
  }
  return runAction(ctx, r, {
    command: "scaleVirtualMachine",
    from: { Running: "Running", Stopped: "Stopped" },
    payload: { serviceOfferingId },
  });
}

export function deleteInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  if (r.deleteProtection) {
    throw conflict(
      `Instance ${r.name} has deleteProtection enabled`,
      `Disable it first: PUT /api/v1/compute/instances/${r.id}?deleteProtection=false`,
    );
  }
  return runAction(ctx, r, {
    command: "destroyVirtualMachine",
    from: { Running: "Destroying", Stopped: "Destroying", Error: "Destroying" },
  });
}

const UPDATE_PARAMS = ["displayName", "haEnabled", "deleteProtection", "name"];

/** PUT takes query parameters only; a JSON body with none of them is refused like POST /volumes refuses one. */
export function updateInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  const q = query(ctx);
  if (hasJsonBody(ctx) && !UPDATE_PARAMS.some((k) => k in q)) {
    throw badRequest(
      "Required parameter 'displayName' is not present",
      `This endpoint takes query parameters (${UPDATE_PARAMS.join(", ")}), not a JSON body`,
    );
  }
  if (r.state === "Destroying") throw conflict(`Instance ${r.name} is being destroyed`);
  const name = str(q, "name");
  const displayName = str(q, "displayName");
  const haEnabled = bool(q, "haEnabled");
  const deleteProtection = bool(q, "deleteProtection");
  const patch: Partial<InstanceRec> = {};
  if (name !== undefined && name !== r.name) {
    checkHostName(ctx, name, r.id);
    patch.name = name;
  }
  if (displayName !== undefined) patch.displayName = displayName;
  if (haEnabled !== undefined) patch.haEnabled = haEnabled;
  if (deleteProtection !== undefined) patch.deleteProtection = deleteProtection;
  ctx.data.instances.update(r, patch, isoNow(ctx));
  return ok(instanceView(ctx.store, r), audited("Instance", r.id));
}

type Effect = JobEffect<InstanceData>;

/** Effect of an action job: on success the final state, on failure back to where it started. */
function actionEffect(finalState: string | undefined, apply?: (job: Job) => Partial<InstanceRec>): Effect {
  return {
    success({ instances }, job) {
      const r = instances.byId(job.resourceId);
      if (!r || job.payload?.noop) return;
      instances.update(r, { ...(finalState ? { state: finalState } : {}), ...apply?.(job) }, stampOf(job));
    },
    failure({ instances }, job) {
      const r = instances.byId(job.resourceId);
      if (!r || job.payload?.noop) return;
      instances.update(r, { state: String(job.payload?.prevState ?? r.state) }, stampOf(job));
    },
  };
}

/** A destroyed instance disappears: its own data disks go with it, other volumes are detached. */
const destroyEffect: Effect = {
  success({ instances, volumes, backupSchedules }, job) {
    const r = instances.byId(job.resourceId);
    if (!r) return;
    for (const id of r.dataDiskIds) volumes.delete(id);
    for (const v of volumes.where((v) => v.virtualMachineId === r.id)) {
      volumes.update(v, { virtualMachineId: undefined, deviceId: undefined, state: "Allocated" });
    }
    for (const sched of backupSchedules.where((s) => s.vmId === r.id)) backupSchedules.delete(sched.id);
    instances.delete(r.id);
  },
  failure: actionEffect(undefined).failure,
};

export const instanceJobEffects: Record<string, Effect> = {
  startVirtualMachine: actionEffect("Running"),
  stopVirtualMachine: actionEffect("Stopped"),
  rebootVirtualMachine: actionEffect("Running"),
  scaleVirtualMachine: actionEffect(undefined, (job) => ({
    serviceOfferingId: String(job.payload?.serviceOfferingId),
  })),
  destroyVirtualMachine: destroyEffect,
};
