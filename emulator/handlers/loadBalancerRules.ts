// Public load-balancer rules as CloudStack keeps them (createLoadBalancerRule, listLoadBalancerRules,
// updateLoadBalancerRule, deleteLoadBalancerRule, assignToLoadBalancerRule, removeFromLoadBalancerRule,
// listLoadBalancerRuleInstances): the checks of LoadBalancingRulesManagerImpl.createPublicLoadBalancerRule and
// assignToLoadBalancer, FirewallManagerImpl.detectRulesConflict for ports, with their texts. Every change is a
// job; the rule shows CloudStack's FirewallRule state meanwhile. The spec shows only the route
// /api/v1/loadbalancer/rules: the shapes and choices here are written in emulator/README.md.
import type { Repos } from "../family";
import { badRequest, type Ctx, conflict, ok } from "../http";
import type { JobEffect } from "../jobs";
import type { InstanceRec, Job, LoadBalancerRuleRec, NetworkRec, VpcRec } from "../records";
import { body, int, isoNow, type Obj, paging, passThrough, query, reqStr, stateJob, str } from "./common";
import { instanceName } from "./instanceView";
import { stampOf } from "./lifecycle";
import { dropLoadBalancerRules, type PublicIpRec } from "./publicIps";

export type LoadBalancerData = Repos<{
  loadBalancerRules: LoadBalancerRuleRec;
  publicIps: PublicIpRec;
  networks: NetworkRec;
  vpcs: VpcRec;
  instances: InstanceRec;
}>;
type LCtx = Ctx<LoadBalancerData>;

const ALGORITHMS = ["roundrobin", "leastconn", "source"];
const PROTOCOLS = ["tcp", "udp", "tcp-proxy"];

/** NetUtils.isValidPort: 1–65535. */
const validPort = (p: number) => Number.isInteger(p) && p >= 1 && p <= 65535;

function algorithmOf(v: string | undefined): string {
  // LoadBalancingRulesManagerImpl.createPublicLoadBalancer, NetUtils.isValidAlgorithm (case-insensitive)
  const a = v?.trim().toLowerCase();
  if (!a || !ALGORITHMS.includes(a)) throw badRequest(`Invalid algorithm: ${v ?? null}`);
  return a;
}

function ruleView(ctx: LCtx, r: LoadBalancerRuleRec) {
  const ip = ctx.data.publicIps.byId(r.publicIpId);
  const zone = ip ? ctx.store.catalogue("zones", ip.zoneId, r.regionId) : undefined;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    publicIpId: r.publicIpId,
    publicIp: ip?.ipAddress ?? "",
    // CloudStack's LoadBalancerResponse carries the ports as text
    publicPort: String(r.publicPort),
    privatePort: String(r.privatePort),
    algorithm: r.algorithm,
    protocol: r.protocol,
    networkId: r.networkId,
    zoneId: ip?.zoneId ?? "",
    zoneName: zone?.name ?? "",
    cidrList: "",
    state: r.state,
    account: r.account,
    tags: { ...r.tags },
    created: r.created,
    lastUpdated: r.lastUpdated,
  };
}

const findRule = (ctx: LCtx, id: string) => ctx.data.loadBalancerRules.find(ctx.owner, id);

/** The rules that hold an address's ports (every rule not being removed). */
export const rulesOnAddress = (rules: LoadBalancerData["loadBalancerRules"], ipId: string) =>
  rules.where((r) => r.publicIpId === ipId && r.state !== "Revoke");

/** POST /loadbalancer/rules: createLoadBalancerRule (a job; the rule shows `Add` until it is applied). */
export function createRule(ctx: LCtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const algorithmText = reqStr(b, "algorithm");
  const privatePort = int(b, "privatePort");
  const publicPort = int(b, "publicPort");
  if (privatePort === undefined) reqStr(b, "privatePort");
  if (publicPort === undefined) reqStr(b, "publicPort");
  const ipId = reqStr(b, "publicIpId");
  // CreateLoadBalancerRuleCmd.getSourceIpAddressId: an unknown address, or one not acquired yet
  const ip = ctx.data.publicIps.get(ctx.owner, ipId);
  if (ip?.state !== "Allocated")
    throw badRequest(`Unable to create load balancer rule, invalid IP address ID ${ipId}`);
  const networkId = str(b, "networkId") || ip.networkId;
  // CreateLoadBalancerRuleCmd.getNetworkId
  if (!networkId) throw badRequest(`IP address ID=${ip.id} is not associated with any network`);
  const network = ctx.data.networks.get(ctx.owner, networkId);
  if (!network) throw badRequest(`Unable to find network by id ${networkId}`);
  const protocol = (str(b, "protocol") || "tcp").trim().toLowerCase();
  if (!PROTOCOLS.includes(protocol)) {
    throw badRequest(
      `Invalid protocol ${str(b, "protocol")}: the load balancer supports ${PROTOCOLS.join(", ")}`,
    );
  }
  // FirewallManagerImpl.validateFirewallRule, createPublicLoadBalancer
  if (!validPort(publicPort!)) throw badRequest(`publicPort is an invalid value: ${publicPort}`);
  if (!validPort(privatePort!)) throw badRequest(`privatePort is an invalid value: ${privatePort}`);
  const algorithm = algorithmOf(algorithmText);
  // createPublicLoadBalancerRule: an address with static NAT takes no load-balancer rule
  if (ip.isStaticNat) throw conflict(`Can't do load balance on ip address: ${ip.ipAddress}`);
  if (ip.isSourceNat && ip.vpcId) {
    // CloudStack keeps a VPC's source-NAT address for the VPC router (its UI offers no load balancing there)
    throw badRequest(
      `Unable to create load balancer rule: ip address ${ip.ipAddress} is the source NAT address of its VPC`,
      "Acquire another address for the VPC (POST /public-ips with vpcId) and balance on that",
    );
  }
  // a VPC address is assigned to the tier on its first rule; it serves one tier only
  if (!ip.networkId && !(ip.vpcId && network.vpcId === ip.vpcId))
    throw badRequest(`Ip address ${ip.ipAddress} is not assigned to the network ${network.name}`);
  const lbNetwork = ip.networkId ?? network.id;
  for (const other of rulesOnAddress(ctx.data.loadBalancerRules, ip.id)) {
    // FirewallManagerImpl.detectRulesConflict: one address's rules share its network and never its ports
    if (other.networkId !== lbNetwork)
      throw conflict(`New rule is for a different network than what's specified in rule ${other.id}`);
    if (other.publicPort === publicPort) {
      throw conflict(
        `The range specified, ${publicPort}-${publicPort}, conflicts with rule ${other.id} which has ${other.publicPort}-${other.publicPort}`,
      );
    }
  }
  const fields = {
    tags: {},
    hasAnnotations: false,
    name,
    description: str(b, "description") ?? "",
    publicIpId: ip.id,
    publicPort: publicPort!,
    privatePort: privatePort!,
    protocol,
    algorithm,
    networkId: lbNetwork,
    members: [],
    state: "Add",
  };
  const rule = ctx.data.loadBalancerRules.insert(ctx.owner, fields, isoNow(ctx));
  if (!ip.networkId) ctx.data.publicIps.update(ip, { networkId: lbNetwork });
  return ruleJob(ctx, rule, "createLoadBalancerRule", "Add");
}

export function getRule(ctx: LCtx) {
  return ok(ruleView(ctx, findRule(ctx, ctx.params.id)));
}

/** listLoadBalancerRules: filters publicIpId, networkId, name, id. */
export function listRules(ctx: LCtx) {
  const q = query(ctx);
  const f = { ip: str(q, "publicIpId"), net: str(q, "networkId"), name: str(q, "name"), id: str(q, "id") };
  const rows = ctx.data.loadBalancerRules
    .list(ctx.owner)
    .filter(
      (r) =>
        (!f.ip || r.publicIpId === f.ip) &&
        (!f.net || r.networkId === f.net) &&
        (!f.name || r.name === f.name) &&
        (!f.id || r.id === f.id),
    );
  return ok(passThrough("loadbalancerrule", rows, paging(ctx), (r) => ruleView(ctx, r)));
}

/** PUT /loadbalancer/rules/{id}: updateLoadBalancerRule (name, description, algorithm), a job. */
export function updateRule(ctx: LCtx) {
  const rule = findRule(ctx, ctx.params.id);
  ctx.data.loadBalancerRules.idle(rule);
  const b = body(ctx);
  const change: Obj = {};
  const name = str(b, "name");
  if (name !== undefined && name.trim() !== "") change.name = name;
  const description = str(b, "description");
  if (description !== undefined) change.description = description;
  const algorithm = str(b, "algorithm");
  if (algorithm !== undefined) change.algorithm = algorithmOf(algorithm);
  return ruleJob(ctx, rule, "updateLoadBalancerRule", "Add", { change });
}

/** DELETE /loadbalancer/rules/{id}: deleteLoadBalancerRule; the rule shows `Revoke` until it is gone. */
export function deleteRule(ctx: LCtx) {
  const rule = findRule(ctx, ctx.params.id);
  ctx.data.loadBalancerRules.idle(rule);
  return ruleJob(ctx, rule, "deleteLoadBalancerRule", "Revoke");
}

function vmIdsOf(b: Obj): string[] {
  const v = b.virtualMachineIds;
  const ids = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [];
  const out = ids.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim());
  // AssignToLoadBalancerRuleCmd / RemoveFromLoadBalancerRuleCmd with neither list
  if (!out.length) throw badRequest("Both instanceids and vmidipmap  can't be null");
  return [...new Set(out)];
}

/** POST /loadbalancer/rules/{id}/instances: assignToLoadBalancerRule, with CloudStack's checks per instance. */
export function assignInstances(ctx: LCtx) {
  const rule = findRule(ctx, ctx.params.id);
  ctx.data.loadBalancerRules.idle(rule);
  const added: { vmId: string; vmIp: string }[] = [];
  for (const vmId of vmIdsOf(body(ctx))) {
    const vm = ctx.data.instances.get(ctx.owner, vmId);
    if (!vm || ctx.data.instances.isGone(vm))
      throw badRequest("Invalid instance id specified", `instanceId ${vmId}`);
    const nic = vm.nics.find((n) => n.networkId === rule.networkId);
    if (!nic) {
      throw badRequest(
        "VM with id specified cannot be added because it doesn't belong in the same network.",
        `instance ${instanceName(ctx.store, vm)} (${vm.id}) has no NIC on network ${rule.networkId}`,
      );
    }
    if (rule.members.some((m) => m.vmId === vmId && m.vmIp === nic.ipAddress))
      throw badRequest(`VM ${vmId} with ${nic.ipAddress} is already mapped to load balancer.`);
    added.push({ vmId, vmIp: nic.ipAddress });
  }
  return ruleJob(ctx, rule, "assignToLoadBalancerRule", "Add", { added });
}

/** DELETE /loadbalancer/rules/{id}/instances: removeFromLoadBalancerRule. */
export function removeInstances(ctx: LCtx) {
  const rule = findRule(ctx, ctx.params.id);
  ctx.data.loadBalancerRules.idle(rule);
  const removed = vmIdsOf(body(ctx));
  for (const vmId of removed) {
    if (!rule.members.some((m) => m.vmId === vmId))
      throw badRequest(`The instance id: ${vmId} is not configured  for LB rule id ${rule.id}`);
  }
  return ruleJob(ctx, rule, "removeFromLoadBalancerRule", "Add", { removed });
}

/** GET /loadbalancer/rules/{id}/instances: listLoadBalancerRuleInstances (the members, with their address). */
export function listInstances(ctx: LCtx) {
  const rule = findRule(ctx, ctx.params.id);
  const rows = rule.members.flatMap((m) => {
    const vm = ctx.data.instances.byId(m.vmId);
    if (!vm) return [];
    return [
      {
        id: vm.id,
        name: instanceName(ctx.store, vm),
        displayName: vm.displayName,
        state: vm.state,
        ipAddress: m.vmIp,
        networkId: rule.networkId,
      },
    ];
  });
  return ok(passThrough("loadbalancerruleinstance", rows, paging(ctx)));
}

function ruleJob(ctx: LCtx, rule: LoadBalancerRuleRec, command: string, interim: string, payload?: Obj) {
  return stateJob(ctx, ctx.data.loadBalancerRules, rule, {
    resourceType: "LoadBalancer",
    command,
    interim,
    payload,
  });
}

type Effects = Record<string, JobEffect<LoadBalancerData>>;

const settle = (data: LoadBalancerData, job: Job, patch: Partial<LoadBalancerRuleRec> = {}) => {
  const rule = data.loadBalancerRules.byId(job.resourceId);
  if (rule) data.loadBalancerRules.update(rule, { ...patch, state: "Active" }, stampOf(job));
};

const restore = (data: LoadBalancerData, job: Job) => {
  const rule = data.loadBalancerRules.byId(job.resourceId);
  const prev = job.payload?.prevState;
  if (rule && typeof prev === "string") data.loadBalancerRules.update(rule, { state: prev });
};

const dropRule = (data: LoadBalancerData, id: string) => dropLoadBalancerRules(data, (r) => r.id === id);

export const loadBalancerRuleJobEffects: Effects = {
  createLoadBalancerRule: {
    success: (data, job) => void settle(data, job),
    // a rule whose apply failed is removed (createPublicLoadBalancer's finally → removeLBRule)
    failure: (data, job) => dropRule(data, job.resourceId),
  },
  updateLoadBalancerRule: {
    success: (data, job) =>
      void settle(data, job, (job.payload?.change ?? {}) as Partial<LoadBalancerRuleRec>),
    failure: restore,
  },
  deleteLoadBalancerRule: {
    success: (data, job) => dropRule(data, job.resourceId),
    failure: restore,
  },
  assignToLoadBalancerRule: {
    success(data, job) {
      const rule = data.loadBalancerRules.byId(job.resourceId);
      if (!rule) return;
      const added = (job.payload?.added ?? []) as LoadBalancerRuleRec["members"];
      const live = added.filter((m) => data.instances.byId(m.vmId));
      settle(data, job, { members: [...rule.members, ...live] });
    },
    // the maps are rolled back (assignToLoadBalancer's finally)
    failure: restore,
  },
  removeFromLoadBalancerRule: {
    success(data, job) {
      const rule = data.loadBalancerRules.byId(job.resourceId);
      if (!rule) return;
      const removed = new Set((job.payload?.removed ?? []) as string[]);
      settle(data, job, { members: rule.members.filter((m) => !removed.has(m.vmId)) });
    },
    failure: restore,
  },
};
