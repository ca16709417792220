// Instance actions (start, stop, reboot/restart, scale, destroy) and the synchronous update by query parameters.
// States and transitions are CloudStack's VirtualMachine.State machine (api/src/main/java/com/cloud/vm/
// VirtualMachine.java): a reboot keeps the instance Running, a destroy leaves it Destroyed until expunged.

import { audited, isoNow, jobAccepted, refusedInJob, requestedEntry, submitJob } from "../../handlers/common";
import { bool, query, queryOnly, reqStr, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { badRequest, conflict, ok } from "../../http";
import type { FollowUp, JobEffect } from "../../jobs";
import type { Job } from "../../records";
import { joinGroup } from "../instanceGroups/instanceGroups";
import { dropMemberEverywhere } from "../loadBalancers/balancers";
import { dropStaticNatOf } from "../publicIps/staticNat";
import { hasVmSnapshots } from "../snapshots/snapshots";
import { checkHostName, type ICtx, type InstanceData, ownDisks } from "./instances";
import { findInstance, hostIndexOf, instanceView, vmInstanceLabel, zoneHost } from "./instanceView";
import type { InstanceRec } from "./records";

interface ActionPlan {
  command: string;
  /** States the action starts from, with the state shown while the job runs (the same one if none). */
  from: Record<string, string>;
  /** States in which the action is already done: the job succeeds without changing anything. */
  noop?: string[];
  /**
   * The job's failure from any other state the instance can be in when not busy: CloudStack's asynchronous VM
   * commands check the state in the job, which fails with these words, the instance unchanged. Stop and destroy
   * have none: every state they do not start from is one they take as done, or a busy one.
   */
  refused?: (r: InstanceRec) => string;
  payload?: Record<string, unknown>;
  /**
   * A rule the command checks in its job before any work, from a state it starts from (a scale to the offering
   * the instance has): the job is accepted and fails in these words, the instance unchanged (no interim state).
   */
  refusedFrom?: string;
}

function runAction(ctx: ICtx, r: InstanceRec, plan: ActionPlan) {
  const noop = plan.noop?.includes(r.state) ?? false;
  const interim = plan.from[r.state];
  // CloudStack runs one operation on an instance at a time (its VM work queue); here a second one is a 409
  if (!noop && interim === undefined) ctx.data.instances.idle(r, "another operation is in progress");
  const refused = noop ? undefined : interim === undefined ? plan.refused?.(r) : plan.refusedFrom;
  if (refused)
    return refusedInJob(ctx, ctx.data.instances, r, { command: plan.command, failDetail: refused });
  if (!noop && interim === undefined) throw new Error(`${plan.command} has no answer for state ${r.state}`);
  // ...and so while a job of it runs that keeps the state the instance shows (a scale, a reboot): past the checks
  // its command makes at once, which a second scale to the offering the first writes fails
  const under = noop ? undefined : actionUnderWay(ctx, r);
  if (under) {
    throw conflict(
      `Instance ${r.name} has a ${under.command} job in progress (${under.jobId}); another operation is in progress`,
    );
  }
  const job = submitJob(ctx, {
    command: plan.command,
    resourceType: ctx.data.instances.resourceType,
    resourceId: r.id,
    resourceName: r.name,
    payload: { ...plan.payload, prevState: r.state, interim, noop },
  });
  if (!noop) ctx.data.instances.update(r, { state: interim }, isoNow(ctx));
  return jobAccepted(job);
}

/** The instance's action commands, whose jobs hold it until they end (CloudStack's VM work queue). */
const ACTION_COMMANDS = new Set([
  "startVirtualMachine",
  "stopVirtualMachine",
  "rebootVirtualMachine",
  "migrateVirtualMachine",
  "scaleVirtualMachine",
  "destroyVirtualMachine",
]);

/** An action job of the instance that is under way: not one refused in its job, which does no work, nor a no-op. */
function actionUnderWay(ctx: ICtx, r: InstanceRec): Job | undefined {
  for (const job of Object.values(ctx.store.state.jobs)) {
    if (job.status !== "running" || job.resourceId !== r.id || !ACTION_COMMANDS.has(job.command)) continue;
    if (!job.payload?.refused && !job.payload?.noop) return job;
  }
  return undefined;
}

const shownName = (r: InstanceRec) => r.displayName || r.name;

/**
 * startVirtualMachine: UserVmManagerImpl.startVirtualMachine refuses a running instance, and
 * VirtualMachineManagerImpl.changeToStartState any other that is not Stopped, both in the job.
 */
export function start(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "startVirtualMachine",
    from: { Stopped: "Starting" },
    refused: (r) =>
      r.state === "Running"
        ? `The virtual machine ${r.id} (${shownName(r)}) is already running`
        : `Cannot start ${vmInstanceLabel(ctx.store, r)} in ${r.state} state`,
  });
}

/**
 * stopVirtualMachine: VirtualMachineManagerImpl.advanceStop returns at once, the job a success, for an instance
 * already Stopped, Destroyed, Expunging or in Error.
 */
export function stop(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "stopVirtualMachine",
    from: { Running: "Stopping" },
    noop: ["Stopped", "Destroyed", "Expunging", "Error"],
  });
}

/** One handler for /reboot and its deprecated alias /restart; CloudStack keeps a rebooting instance Running. */
export function reboot(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  return runAction(ctx, r, {
    command: "rebootVirtualMachine",
    from: { Running: "Running" },
    refused: (r) => `The VM ${r.id} (${shownName(r)}) is not running, unable to reboot it`,
  });
}

/**
 * migrateVirtualMachine: a Running instance moves to another host of its zone (`hostId`, default the next
 * one), `Migrating` while the job runs, `Running` after. UserVmManagerImpl.migrateVirtualMachine refuses any other
 * state, and the instance's own host, in the job; an unknown host id is the API layer's refusal (400).
 */
export function migrate(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  ctx.data.instances.idle(r, "another operation is in progress");
  const zoneName = ctx.store.catalogue("zones", r.zoneId, r.regionId)?.name ?? "";
  const hosts = [1, 2, 3].map((i) => ({ index: i, ...zoneHost(zoneName, i) }));
  const current = hostIndexOf(r);
  const wanted = str(query(ctx), "hostId");
  const target = wanted
    ? hosts.find((h) => h.id === wanted)
    : hosts.find((h) => h.index === (current % 3) + 1);
  if (!target) throw badRequest(`Unable to find the host by id=${wanted}`, "hostId");
  const sameHost =
    r.state === "Running" && target.index === current
      ? "Cannot migrate VM, VM is already present on this host, please specify valid destination host to migrate the VM"
      : undefined;
  return runAction(ctx, r, {
    command: "migrateVirtualMachine",
    from: { Running: "Migrating" },
    refused: () => "VM is not Running, unable to migrate the vm with specified id",
    payload: { hostIndex: target.index },
    refusedFrom: sameHost,
  });
}

/**
 * scaleVirtualMachine: a stopped instance takes any other offering; a running one only when it is dynamically
 * scalable. UserVmManagerImpl.upgradeVirtualMachine and VirtualMachineManagerImpl.checkIfCanUpgrade refuse in the
 * job, in this order: another state, the offering it has, a running instance without dynamic scaling. Past those
 * checks the instance has the new offering at once, while the job runs: upgradeRunningVirtualMachine writes it
 * (upgradeVmDb) before it reconfigures the VM, and puts the old one back if that fails (upgradeStoppedVirtualMachine
 * writes it too). So a second scale to the same offering while the first runs fails in its job, "already has the
 * requested service offering".
 */
export function scale(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  const serviceOfferingId = reqStr(query(ctx), "serviceOfferingId");
  const offering = requestedEntry(ctx, "computeOfferings", serviceOfferingId, "serviceOfferingId");
  // UserVmManagerImpl.upgradeVirtualMachine refuses an instance with VM snapshots before anything else
  const refused = hasVmSnapshots(ctx.data, r.id)
    ? "Unable to scale VM, please remove VM snapshots before scaling VM"
    : r.serviceOfferingId === serviceOfferingId
      ? `Not upgrading vm ${vmInstanceLabel(ctx.store, r)} since it already has the requested service offering (${offering.name})`
      : r.state === "Running" && r.dynamicallyScalable === false
        ? `Unable to scale ${vmInstanceLabel(ctx.store, r)} as it does not have tools to support dynamic scaling.`
        : undefined;
  const answer = runAction(ctx, r, {
    command: "scaleVirtualMachine",
    from: { Running: "Running", Stopped: "Stopped" },
    refused: (r) =>
      `Unable to upgrade virtual machine ${vmInstanceLabel(ctx.store, r)}  in state ${r.state}; make sure the virtual machine is stopped/running`,
    payload: { serviceOfferingId, prevServiceOfferingId: r.serviceOfferingId },
    refusedFrom: refused,
  });
  // accepted for the work (not refused in its job): the offering is the instance's from now on (upgradeVmDb)
  if (!refused && (r.state === "Running" || r.state === "Stopped"))
    ctx.data.instances.update(r, { serviceOfferingId }, isoNow(ctx));
  return answer;
}

/**
 * destroyVirtualMachine: a running instance is stopped first (Stopping), then Destroyed; it is expunged after
 * the platform's expunge delay, or when the job ends with `expunge=true`. An instance in Error goes straight to
 * Expunging. Destroying a Destroyed instance again changes nothing unless it asks to expunge.
 */
export function deleteInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  const expunge = bool(query(ctx), "expunge") ?? false;
  // UserVmManagerImpl.destroyVm checks this in DestroyVMCmd's job (not for an instance already Destroyed), and the
  // job fails with its words
  if (r.deleteProtection && r.state !== "Destroyed" && !ctx.data.instances.isBusy(r)) {
    return refusedInJob(ctx, ctx.data.instances, r, {
      command: "destroyVirtualMachine",
      failDetail: `Instance [id = ${r.id}, name = ${r.name}] has delete protection enabled and cannot be deleted.`,
    });
  }
  return runAction(ctx, r, {
    command: "destroyVirtualMachine",
    from: {
      Running: "Stopping",
      Stopped: "Stopped",
      Error: "Expunging",
      ...(expunge ? { Destroyed: "Expunging" } : {}),
    },
    noop: expunge ? ["Expunging"] : ["Destroyed", "Expunging"],
    payload: { expunge, expungeDelayMs: ctx.jobs.timing.expungeDelayMs },
  });
}

const UPDATE_PARAMS = ["displayName", "haEnabled", "deleteProtection", "name", "group"];

/** PUT takes query parameters only; a JSON body with none of them is refused like POST /volumes refuses one. */
export function updateInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  const q = queryOnly(ctx, UPDATE_PARAMS);
  if (ctx.data.instances.isGone(r)) throw conflict(`Instance ${r.name} is ${r.state}`);
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
  // updateVirtualMachine's group: into the account's group of that name (made when there is none), out of any other
  const group = str(q, "group");
  if (group !== undefined) patch.groupId = joinGroup(ctx, group);
  ctx.data.instances.update(r, patch, isoNow(ctx));
  return ok(instanceView(ctx.store, r), audited(ctx.data.instances.resourceType, r.id));
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
      // back to where it started, unless another job has moved it on since (it shows another state than this
      // job's interim one)
      const interim = job.payload?.interim;
      if (interim !== undefined && r.state !== interim) return;
      instances.update(r, { state: String(job.payload?.prevState ?? r.state) }, stampOf(job));
    },
  };
}

/**
 * An expunged instance disappears: its own data disks go with it, other volumes are detached, its backup
 * schedules and instance schedules removed (CloudStack's VMScheduleManagerImpl drops them on the VM's destroy),
 * its static NAT disabled, its load-balancer memberships removed. Until then a Destroyed instance keeps its name
 * and addresses, as CloudStack's do.
 */
function expungeInstance(
  {
    instances,
    volumes,
    backupSchedules,
    vmSchedules,
    publicIps,
    loadBalancerRules,
    internalLoadBalancers,
  }: InstanceData,
  r: InstanceRec,
): void {
  for (const id of ownDisks(r)) volumes.delete(id);
  for (const v of volumes.where((v) => v.virtualMachineId === r.id)) {
    volumes.update(v, { virtualMachineId: undefined, deviceId: undefined });
  }
  for (const sched of backupSchedules.where((s) => s.vmId === r.id)) backupSchedules.delete(sched.id);
  dropStaticNatOf(publicIps, r.id);
  // LoadBalancingRulesManagerImpl.removeVmFromLoadBalancers: an expunged VM leaves every balancer it was in
  dropMemberEverywhere({ loadBalancerRules, internalLoadBalancers }, r.id);
  for (const sched of vmSchedules.where((s) => s.vmId === r.id)) vmSchedules.delete(sched.id);
  instances.delete(r.id);
}

/**
 * A scale's job: the offering was written when it was accepted; a failed one puts the old offering back (the
 * rollback of upgradeRunningVirtualMachine), unless a later scale has written another since.
 */
function scaleEffect(): Effect {
  const back = actionEffect(undefined);
  return {
    success: back.success,
    failure(data, job) {
      back.failure(data, job);
      const r = data.instances.byId(job.resourceId);
      const prev = job.payload?.prevServiceOfferingId;
      if (!r || typeof prev !== "string" || r.serviceOfferingId !== job.payload?.serviceOfferingId) return;
      data.instances.update(r, { serviceOfferingId: prev }, stampOf(job));
    },
  };
}

const EXPUNGE = "expungeVirtualMachine";

/** Destroyed, then expunged by the platform after its delay; with `expunge` (or from Error) expunged at once. */
const destroyEffect: Effect = {
  success(data, job): FollowUp | undefined {
    const r = data.instances.byId(job.resourceId);
    if (!r || job.payload?.noop) return undefined;
    if (job.payload?.expunge === true || r.state === "Expunging") {
      expungeInstance(data, r);
      return undefined;
    }
    data.instances.update(r, { state: "Destroyed" }, stampOf(job));
    return { command: EXPUNGE, delayMs: Number(job.payload?.expungeDelayMs ?? 0) };
  },
  failure: actionEffect(undefined).failure,
};

/** The platform's own expunge of a Destroyed instance (a system job the user's job reads never show). */
const expungeEffect: Effect = {
  success(data, job) {
    const r = data.instances.byId(job.resourceId);
    if (r?.state === "Destroyed") expungeInstance(data, r);
  },
  failure() {},
};

/** POST /compute/instances/{id}/<action>: the family's `actions` routes (`restart`: reboot's deprecated alias). */
export const actions = { start, stop, reboot, restart: reboot, scale, migrate };

export const instanceJobEffects: Record<string, Effect> = {
  startVirtualMachine: actionEffect("Running"),
  stopVirtualMachine: actionEffect("Stopped"),
  rebootVirtualMachine: actionEffect("Running"),
  migrateVirtualMachine: actionEffect("Running", (job) => ({ hostIndex: Number(job.payload?.hostIndex) })),
  scaleVirtualMachine: scaleEffect(),
  destroyVirtualMachine: destroyEffect,
  [EXPUNGE]: expungeEffect,
};
