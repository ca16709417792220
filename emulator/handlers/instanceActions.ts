// Instance actions (start, stop, reboot/restart, scale, delete) and the synchronous update by query parameters.
import { badRequest, type Ctx, conflict, ok } from "../http";
import type { JobEffect } from "../jobs";
import type { InstanceRec, Job, Store } from "../store";
import { bool, hasJsonBody, isoNow, query, reqStr, str } from "./common";
import { checkHostName, touch } from "./instances";
import { findInstance, instanceView } from "./instanceView";

/** States in which another operation is under way; every action answers 409 then. */
const BUSY = new Set(["Starting", "Creating", "Stopping", "Rebooting", "Destroying"]);

interface ActionPlan {
  command: string;
  /** States the action starts from, with the interim state shown while the job runs. */
  from: Record<string, string>;
  /** States in which the action is already done: the job succeeds without changing anything. */
  noop?: string[];
  payload?: Record<string, unknown>;
}

function runAction(ctx: Ctx, r: InstanceRec, plan: ActionPlan) {
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "Instance";
  const noop = plan.noop?.includes(r.state) ?? false;
  const interim = plan.from[r.state];
  if (!noop && interim === undefined) {
    const allowed = [...Object.keys(plan.from), ...(plan.noop ?? [])].join(", ");
    const why = BUSY.has(r.state) ? "another operation is in progress" : `it needs one of ${allowed}`;
    throw conflict(`Instance ${r.name} is ${r.state}; ${plan.command} is not possible because ${why}`);
  }
  const job = ctx.jobs.submit(ctx, {
    command: plan.command,
    resourceType: "Instance",
    resourceId: r.id,
    resourceName: r.name,
    payload: { ...plan.payload, prevState: r.state, noop },
  });
  if (!noop) {
    r.state = interim;
    r.lastUpdated = isoNow(ctx);
  }
  return ok({ jobId: job.jobId, id: r.id });
}

export function startInstance(ctx: Ctx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "startVirtualMachine",
    from: { Stopped: "Starting" },
    noop: ["Running"],
  });
}

export function stopInstance(ctx: Ctx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "stopVirtualMachine",
    from: { Running: "Stopping" },
    noop: ["Stopped"],
  });
}

/** One handler for /reboot and its deprecated alias /restart. */
export function rebootInstance(ctx: Ctx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, { command: "rebootVirtualMachine", from: { Running: "Rebooting" } });
}

export function scaleInstance(ctx: Ctx) {
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

export function deleteInstance(ctx: Ctx) {
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
export function updateInstance(ctx: Ctx) {
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
  if (name !== undefined && name !== r.name) {
    checkHostName(ctx, name, r.id);
    r.name = name;
  }
  if (displayName !== undefined) r.displayName = displayName;
  if (haEnabled !== undefined) r.haEnabled = haEnabled;
  if (deleteProtection !== undefined) r.deleteProtection = deleteProtection;
  r.lastUpdated = isoNow(ctx);
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "Instance";
  return ok(instanceView(ctx.store, r));
}

/** Effect of an action job: on success the final state, on failure back to where it started. */
function actionEffect(finalState: string | undefined, apply?: (r: InstanceRec, job: Job) => void): JobEffect {
  const get = (store: Store, job: Job) => store.state.instances[job.resourceId];
  return {
    success(store, job) {
      const r = get(store, job);
      if (!r || job.payload?.noop) return;
      if (finalState) r.state = finalState;
      apply?.(r, job);
      touch(r, job.completedMs);
    },
    failure(store, job) {
      const r = get(store, job);
      if (!r || job.payload?.noop) return;
      r.state = String(job.payload?.prevState ?? r.state);
      touch(r, job.completedMs);
    },
  };
}

/** A destroyed instance disappears: its own data disks go with it, other volumes are detached. */
const destroyEffect: JobEffect = {
  success(store, job) {
    const r = store.state.instances[job.resourceId];
    if (!r) return;
    const s = store.state;
    for (const id of r.dataDiskIds) delete s.volumes[id];
    for (const v of Object.values(s.volumes)) {
      if (v.virtualMachineId === r.id) {
        v.virtualMachineId = undefined;
        v.deviceId = undefined;
        v.state = "Allocated";
      }
    }
    for (const [id, sched] of Object.entries(s.backupSchedules))
      if (sched.vmId === r.id) delete s.backupSchedules[id];
    delete s.instances[r.id];
  },
  failure: actionEffect(undefined).failure,
};

export const instanceJobEffects: Record<string, JobEffect> = {
  startVirtualMachine: actionEffect("Running"),
  stopVirtualMachine: actionEffect("Stopped"),
  rebootVirtualMachine: actionEffect("Running"),
  scaleVirtualMachine: actionEffect(undefined, (r, job) => {
    r.serviceOfferingId = String(job.payload?.serviceOfferingId ?? r.serviceOfferingId);
  }),
  destroyVirtualMachine: destroyEffect,
};
