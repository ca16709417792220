// What public load-balancer rules and internal load balancers share, as CloudStack shares it (one
// load_balancing_rules table, one updateLoadBalancerRule, assignToLoadBalancerRule, removeFromLoadBalancerRule and
// listLoadBalancerRuleInstances for both schemes): the algorithm and port checks, member changes with
// LoadBalancingRulesManagerImpl.assignToLoadBalancer's refusals, the member list, and the job of every change
// (the balancer shows its FirewallRule state `Add` or `Revoke` meanwhile). The shared commands' effects find the
// balancer in whichever collection holds it.

import type { Data } from "../../family";
import { isoNow, paging, passThrough, type ReadSpec, readHandlers, stateJob } from "../../handlers/common";
import { body, type Obj, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import type { Job } from "../../records";
import type { Fields, Repository } from "../../repository";
import { instanceName } from "../instances/instanceView";
import type { LoadBalancerBase } from "./records";

export type LoadBalancerData = Data<
  | "loadBalancerRules"
  | "internalLoadBalancers"
  | "publicIps"
  | "networks"
  | "vpcs"
  | "instances"
  | "fileSystems"
>;
export type LCtx = Ctx<LoadBalancerData>;
type AnyRepo = Repository<LoadBalancerBase>;

const ALGORITHMS = ["roundrobin", "leastconn", "source"];

/** NetUtils.isValidPort: 1–65535. */
const validPort = (p: number | undefined) => p !== undefined && Number.isInteger(p) && p >= 1 && p <= 65535;

/** NetUtils.isValidAlgorithm (case-insensitive), with CloudStack's refusal. */
function algorithmOf(v: string | undefined): string {
  const a = v?.trim().toLowerCase();
  if (!a || !ALGORITHMS.includes(a)) throw badRequest(`Invalid algorithm: ${v ?? null}`);
  return a;
}

/**
 * The step both creates take (createPublicLoadBalancer, createApplicationLoadBalancer): each of the balancer's
 * ports checked in turn, refused with the command's own text, then its algorithm; answers the algorithm.
 */
export function portsAndAlgorithm(ports: [port: number, refusal: string][], algorithm: string | undefined) {
  for (const [port, refusal] of ports) if (!validPort(port)) throw badRequest(refusal);
  return algorithmOf(algorithm);
}

/**
 * FirewallManagerImpl.detectRulesConflict (detectInternalLbRulesConflict for internal balancers): the balancers
 * on one address serve one network and use each of its ports once.
 */
function refuseConflicts<T extends LoadBalancerBase>(
  others: Iterable<T>,
  networkId: string,
  port: number,
  portOf: (lb: T) => number,
): void {
  for (const other of others) {
    if (other.networkId !== networkId)
      throw conflict(`New rule is for a different network than what's specified in rule ${other.id}`);
    const taken = portOf(other);
    if (taken === port)
      throw conflict(
        `The range specified, ${port}-${port}, conflicts with rule ${other.id} which has ${taken}-${taken}`,
      );
  }
}

/** Common fields of a new balancer: no tags, comments or members yet, `Add` until its create job ends. */
type NewBalancer<T extends LoadBalancerBase> = Omit<
  Fields<T>,
  "tags" | "hasAnnotations" | "members" | "state"
>;

/**
 * How every balancer create ends: refused when another balancer on the same address (`onAddress`) serves
 * another network or holds the port (`portOf`), else inserted in its `Add` state with its create job.
 */
export function createBalancer<T extends LoadBalancerBase>(
  ctx: Ctx,
  repo: Repository<T>,
  fields: NewBalancer<T>,
  conflicts: { onAddress: Iterable<T>; portOf: (lb: T) => number },
  command: string,
) {
  refuseConflicts(conflicts.onAddress, fields.networkId, conflicts.portOf(fields as T), conflicts.portOf);
  const row = {
    ...fields,
    tags: {},
    hasAnnotations: false,
    members: [],
    state: "Add",
  } as unknown as Fields<T>;
  return balancerJob(ctx, repo, repo.insert(ctx.owner, row, isoNow(ctx)), command, "Add");
}

/** The collection that holds a balancer (public rule or internal), for the commands both share. */
function repoOf(data: LoadBalancerData, id: string): AnyRepo | undefined {
  if (data.loadBalancerRules.byId(id)) return data.loadBalancerRules as unknown as AnyRepo;
  if (data.internalLoadBalancers.byId(id)) return data.internalLoadBalancers as unknown as AnyRepo;
  return undefined;
}

/** A job on a balancer (CloudStack's resource type LoadBalancer) that shows `interim` until the job ends. */
export function balancerJob<T extends LoadBalancerBase>(
  ctx: Ctx,
  repo: Repository<T>,
  lb: T,
  command: string,
  interim: string,
  payload?: Obj,
) {
  return stateJob(ctx, repo, lb, { command, interim, payload });
}

/** updateLoadBalancerRule (name, description, algorithm), a job; `params` is the body or the query. */
export function updateBalancer<T extends LoadBalancerBase>(
  ctx: Ctx,
  repo: Repository<T>,
  lb: T,
  params: Obj,
) {
  repo.idle(lb);
  const change: Obj = {};
  const name = str(params, "name");
  if (name !== undefined && name.trim() !== "") change.name = name;
  const description = str(params, "description");
  if (description !== undefined) change.description = description;
  const algorithm = str(params, "algorithm");
  if (algorithm !== undefined) change.algorithm = algorithmOf(algorithm);
  return balancerJob(ctx, repo, lb, "updateLoadBalancerRule", "Add", { change });
}

function vmIdsOf(b: Obj): string[] {
  const v = b.virtualMachineIds;
  const ids = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [];
  const out = ids.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim());
  // AssignToLoadBalancerRuleCmd / RemoveFromLoadBalancerRuleCmd with neither list
  if (!out.length) throw badRequest("Both instanceids and vmidipmap  can't be null");
  return [...new Set(out)];
}

/** assignToLoadBalancerRule, with CloudStack's checks per instance: each needs a NIC on the balancer's network. */
export function assignMembers<T extends LoadBalancerBase>(ctx: LCtx, repo: Repository<T>, lb: T) {
  repo.idle(lb);
  const added: { vmId: string; vmIp: string }[] = [];
  for (const vmId of vmIdsOf(body(ctx))) {
    const vm = ctx.data.instances.get(ctx.owner, vmId);
    if (!vm || ctx.data.instances.isGone(vm))
      throw badRequest("Invalid instance id specified", `instanceId ${vmId}`);
    const nic = vm.nics.find((n) => n.networkId === lb.networkId);
    if (!nic) {
      throw badRequest(
        "VM with id specified cannot be added because it doesn't belong in the same network.",
        `instance ${instanceName(ctx.store, vm)} (${vm.id}) has no NIC on network ${lb.networkId}`,
      );
    }
    if (lb.members.some((m) => m.vmId === vmId && m.vmIp === nic.ipAddress))
      throw badRequest(`VM ${vmId} with ${nic.ipAddress} is already mapped to load balancer.`);
    added.push({ vmId, vmIp: nic.ipAddress });
  }
  return balancerJob(ctx, repo, lb, "assignToLoadBalancerRule", "Add", { added });
}

/** removeFromLoadBalancerRule: every instance named must be a member. */
export function removeMembers<T extends LoadBalancerBase>(ctx: LCtx, repo: Repository<T>, lb: T) {
  repo.idle(lb);
  const removed = vmIdsOf(body(ctx));
  for (const vmId of removed) {
    if (!lb.members.some((m) => m.vmId === vmId))
      throw badRequest(`The instance id: ${vmId} is not configured  for LB rule id ${lb.id}`);
  }
  return balancerJob(ctx, repo, lb, "removeFromLoadBalancerRule", "Add", { removed });
}

/** listLoadBalancerRuleInstances: the members, with their address on the balancer's network. */
export function listMembers(ctx: LCtx, lb: LoadBalancerBase) {
  const rows = lb.members.flatMap((m) => {
    const vm = ctx.data.instances.byId(m.vmId);
    if (!vm) return [];
    return [
      {
        id: vm.id,
        name: vm.name,
        ...fieldsOf(vm, ["displayName", "state"]),
        ipAddress: m.vmIp,
        networkId: lb.networkId,
      },
    ];
  });
  return ok(passThrough("loadbalancerruleinstance", rows, paging(ctx)));
}

/** An expunged or removed instance leaves every balancer it was in (removeVmFromLoadBalancers). */
export function dropMemberEverywhere(
  data: Data<"loadBalancerRules" | "internalLoadBalancers">,
  vmId: string,
) {
  for (const repo of [data.loadBalancerRules, data.internalLoadBalancers] as unknown as AnyRepo[]) {
    for (const lb of repo.where((x) => x.members.some((m) => m.vmId === vmId))) {
      repo.update(lb, { members: lb.members.filter((m) => m.vmId !== vmId) });
    }
  }
}

type Effects = Record<string, JobEffect<LoadBalancerData>>;

/** The job ended well: the balancer is `Active`, with `patch` applied. */
export function settleBalancer(data: LoadBalancerData, job: Job, patch: Partial<LoadBalancerBase> = {}) {
  const repo = repoOf(data, job.resourceId);
  const lb = repo?.byId(job.resourceId);
  if (repo && lb) repo.update(lb, { ...patch, state: "Active" }, stampOf(job));
}

/** The job failed: the balancer shows the state it had. */
export function restoreBalancer(data: LoadBalancerData, job: Job) {
  const repo = repoOf(data, job.resourceId);
  const lb = repo?.byId(job.resourceId);
  const prev = job.payload?.prevState;
  if (repo && lb && typeof prev === "string") repo.update(lb, { state: prev });
}

/** The effects of the commands both schemes share. */
export const sharedBalancerJobEffects: Effects = {
  updateLoadBalancerRule: {
    success: (data, job) =>
      void settleBalancer(data, job, (job.payload?.change ?? {}) as Partial<LoadBalancerBase>),
    failure: restoreBalancer,
  },
  assignToLoadBalancerRule: {
    success(data, job) {
      const lb = repoOf(data, job.resourceId)?.byId(job.resourceId);
      if (!lb) return;
      const added = (job.payload?.added ?? []) as LoadBalancerBase["members"];
      const live = added.filter((m) => data.instances.byId(m.vmId));
      settleBalancer(data, job, { members: [...lb.members, ...live] });
    },
    // the maps are rolled back (assignToLoadBalancer's finally)
    failure: restoreBalancer,
  },
  removeFromLoadBalancerRule: {
    success(data, job) {
      const lb = repoOf(data, job.resourceId)?.byId(job.resourceId);
      if (!lb) return;
      const removed = new Set((job.payload?.removed ?? []) as string[]);
      settleBalancer(data, job, { members: lb.members.filter((m) => !removed.has(m.vmId)) });
    },
    failure: restoreBalancer,
  },
};

/**
 * What a balancer collection (public rules, internal load balancers) serves besides create: its reads, its
 * update (a job), its delete (`Revoke` until gone), its members (assign, remove, list), and the job effects of
 * its create and delete commands (a failed create removes it, as the platform's finally blocks do) with the
 * effects every balancer shares.
 */
export function balancerHandlers<T extends LoadBalancerBase>(
  b: ReadSpec<LoadBalancerData, T> & {
    /** What an update reads (the body, or the query too). */
    changes: (ctx: LCtx) => Obj;
    commands: { create: string; delete: string };
    /** The balancer gone, with what goes with it. */
    drop: (data: LoadBalancerData, id: string) => void;
  },
) {
  const find = (ctx: LCtx) => b.repo(ctx.data).find(ctx.owner, ctx.params.id);
  const at = (ctx: LCtx) => ({ repo: b.repo(ctx.data), lb: find(ctx) });
  return {
    ...readHandlers(b),
    update(ctx: LCtx) {
      const { repo, lb } = at(ctx);
      return updateBalancer(ctx, repo, lb, b.changes(ctx));
    },
    remove(ctx: LCtx) {
      const { repo, lb } = at(ctx);
      repo.idle(lb);
      return balancerJob(ctx, repo, lb, b.commands.delete, "Revoke");
    },
    /** The member instances under <collection>/{id}/instances. */
    members: {
      list: (ctx: LCtx) => listMembers(ctx, find(ctx)),
      assign(ctx: LCtx) {
        const { repo, lb } = at(ctx);
        return assignMembers(ctx, repo, lb);
      },
      remove(ctx: LCtx) {
        const { repo, lb } = at(ctx);
        return removeMembers(ctx, repo, lb);
      },
    },
    jobEffects: {
      [b.commands.create]: {
        success: (data, job) => void settleBalancer(data, job),
        failure: (data, job) => b.drop(data, job.resourceId),
      },
      [b.commands.delete]: {
        success: (data, job) => b.drop(data, job.resourceId),
        failure: restoreBalancer,
      },
      ...sharedBalancerJobEffects,
    } as Effects,
  };
}
