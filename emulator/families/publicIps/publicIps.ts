// Public IP addresses as CloudStack keeps them: associateIpAddress acquires an address for an isolated network
// or a VPC, disassociateIpAddress releases it (never a source-NAT address); every VPC and isolated network gets
// a source-NAT address as it is made. Static NAT is in staticNat.ts. The spec shows only the comment route of
// public IPs: the routes, states and refusals here are written in emulator/README.md.

import type { Data } from "../../family";
import {
  isoNow,
  paging,
  passThrough,
  recordJob,
  refusedInJob,
  stateJob,
  zoneOf,
} from "../../handlers/common";
import { body, query, str } from "../../handlers/input";
import { createEffect, dropAnnotations, type On, stampOf } from "../../handlers/lifecycle";
import { commentedView, fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { formatIp, parseIp } from "../../net";
import type { Job } from "../../records";
import type { Repository } from "../../repository";
import type { Store } from "../../store";
import { instanceName } from "../instances/instanceView";
import type { LoadBalancerRuleRec } from "../loadBalancers/records";
import type { PublicIpRec } from "./records";

export type PublicIpData = Data<
  "publicIps" | "networks" | "vpcs" | "instances" | "annotations" | "loadBalancerRules"
>;
type PCtx = Ctx<PublicIpData>;

/** Each zone's public range: 4094 addresses of 198.18.0.0/15 (RFC 2544's benchmarking block) per zone. */
const POOL_BASE = parseIp("198.18.0.0")!;
const POOL_SIZE = 4096;

/**
 * The next free public address of the zone, or CloudStack's refusal when the range is used up
 * (InsufficientAddressCapacityException).
 */
export function nextPublicAddress(store: Store, repo: Repository<PublicIpRec>, zoneId: string): string {
  const index = Math.max(
    0,
    store.state.zones.findIndex((z) => z.id === zoneId),
  );
  const used = new Set(repo.where((r) => r.zoneId === zoneId).map((r) => r.ipAddress));
  const base = POOL_BASE + index * POOL_SIZE;
  for (let n = 1; n < POOL_SIZE - 1; n++) {
    const ip = formatIp(base + n);
    if (!used.has(ip)) return ip;
  }
  throw conflict("Insufficient address capacity", `No free public address in zone ${zoneId}`);
}

/**
 * The source-NAT address a VPC or an isolated network gets when it is made (CloudStack assigns one as it
 * implements them); `Allocating` until the create job of its owner ends, when `settleSourceNat` decides.
 */
export function allocateSourceNat(
  ctx: Ctx<Data<"publicIps">>,
  owner: { zoneId: string; vpcId?: string; networkId?: string },
): PublicIpRec {
  const fields = {
    tags: {},
    hasAnnotations: false,
    ipAddress: nextPublicAddress(ctx.store, ctx.data.publicIps, owner.zoneId),
    zoneId: owner.zoneId,
    vpcId: owner.vpcId,
    networkId: owner.networkId,
    isSourceNat: true,
    state: "Allocating",
    isStaticNat: false,
  };
  return ctx.data.publicIps.insert(ctx.owner, fields, isoNow(ctx));
}

/**
 * The create of an isolated network or a VPC (under `key`), Implemented when it succeeds: its source-NAT
 * address (whose `owner` field names it) is then Allocated, and goes with a failed create.
 */
export function createWithSourceNat<K extends "networks" | "vpcs">(
  key: K,
  owner: "networkId" | "vpcId",
): JobEffect<On<K> & Data<"publicIps">> {
  const created = createEffect(key, "Implemented");
  const end = (success: boolean) => (data: On<K> & Data<"publicIps">, job: Job) => {
    (success ? created.success : created.failure)(data, job);
    const { publicIps } = data;
    for (const ip of publicIps.where(
      (r) => r.isSourceNat && r.state === "Allocating" && r[owner] === job.resourceId,
    )) {
      if (success) publicIps.update(ip, { state: "Allocated" });
      else publicIps.delete(ip.id);
    }
  };
  return { success: end(true), failure: end(false) };
}

type RuleRepos = Data<"publicIps" | "loadBalancerRules">;

/**
 * Removes the load-balancer rules `test` picks; a VPC address serves its tier only while a rule (or its static
 * NAT) points into it, so one left with neither is unassigned from the tier, as CloudStack's
 * VpcManager.unassignIPFromVpcNetwork does.
 */
export function dropLoadBalancerRules(data: RuleRepos, test: (r: LoadBalancerRuleRec) => boolean): void {
  for (const rule of data.loadBalancerRules.where(test)) {
    data.loadBalancerRules.delete(rule.id);
    const ip = data.publicIps.byId(rule.publicIpId);
    const left = data.loadBalancerRules.where((r) => r.publicIpId === rule.publicIpId).length;
    if (ip?.vpcId && !ip.isStaticNat && !left) data.publicIps.update(ip, { networkId: undefined });
  }
}

/** The owner (network or VPC) is deleted: its addresses are released with it, as CloudStack's cleanup does. */
export function releaseAddressesOf(
  data: Data<"publicIps" | "loadBalancerRules" | "annotations">,
  test: (ip: PublicIpRec) => boolean,
): void {
  for (const ip of data.publicIps.where(test)) {
    dropLoadBalancerRules(data, (r) => r.publicIpId === ip.id);
    dropAnnotations(data, ip.id);
    data.publicIps.delete(ip.id);
  }
}

export function publicIpView(ctx: Ctx<PublicIpData>, r: PublicIpRec) {
  const { store } = ctx;
  const network = r.networkId ? ctx.data.networks.byId(r.networkId) : undefined;
  const vpc = r.vpcId ? ctx.data.vpcs.byId(r.vpcId) : undefined;
  const vm = r.virtualMachineId ? ctx.data.instances.byId(r.virtualMachineId) : undefined;
  return {
    ...fieldsOf(r, ["id", "ipAddress"]),
    ...zoneOf(store, r),
    vpcId: r.vpcId ?? "",
    vpcName: vpc?.name ?? "",
    associatedNetworkId: r.networkId ?? "",
    associatedNetworkName: network?.name ?? "",
    ...fieldsOf(r, ["isSourceNat", "isStaticNat"]),
    virtualMachineId: r.virtualMachineId ?? "",
    virtualMachineName: vm ? instanceName(store, vm) : "",
    virtualMachineDisplayName: vm?.displayName ?? "",
    vmIpAddress: r.vmIpAddress ?? "",
    forVirtualNetwork: true,
    state: r.state,
    allocated: r.created,
    ...commentedView(ctx, r),
  };
}

export const findPublicIp = (ctx: PCtx, id: string) => ctx.data.publicIps.find(ctx.owner, id);

/** associateIpAddress: for an isolated network (`networkId`) or a VPC (`vpcId`), in their zone. */
export function create(ctx: PCtx) {
  const b = body(ctx);
  const networkId = str(b, "networkId") || undefined;
  const vpcId = str(b, "vpcId") || undefined;
  const zoneId = str(b, "zoneId") || undefined;
  if (networkId && vpcId) throw badRequest("Specify either networkId or vpcId, not both");
  let zone: string;
  if (vpcId) {
    const vpc = ctx.data.vpcs.get(ctx.owner, vpcId);
    if (!vpc) throw badRequest(`vpcId ${vpcId} is not a VPC in region ${ctx.region.name}`);
    if (vpc.state === "Error" || vpc.state === "Destroying")
      throw badRequest(`VPC ${vpc.name} is ${vpc.state}`);
    zone = vpc.zoneId;
  } else if (networkId) {
    const network = ctx.data.networks.byId(networkId);
    const mine = network && network.regionId === ctx.region.id && network.account === ctx.user.sub;
    if (!network || !(mine || network.shared))
      throw badRequest(`networkId ${networkId} is not a network in region ${ctx.region.name}`);
    if (network.shared)
      throw badRequest(
        `Network ${network.name} is a shared network: public IPs are acquired for isolated networks and VPCs`,
      );
    // IpAddressManagerImpl.associateIPToGuestNetwork
    if (network.vpcId) {
      throw badRequest(
        "Can't assign ip to the network directly when network belongs to VPC.Specify vpcId to associate ip address to VPC",
      );
    }
    if (network.state === "Error" || network.state === "Destroying")
      throw badRequest(`Network ${network.name} is ${network.state}`);
    zone = network.zoneId;
  } else {
    // AssociateIPAddrCmd, when neither is given and no default network can be found
    throw badRequest(
      "Unable to figure out zone to assign ip to. Please specify either zoneId, or networkId, or vpcId in the call",
      "The emulator acquires addresses for an isolated network (networkId) or a VPC (vpcId)",
    );
  }
  if (zoneId && zoneId !== zone)
    throw badRequest(`zoneId ${zoneId} is not the zone of the network or VPC (${zone})`);
  const failDetail = ctx.quota.failure(ctx.user.sub, "publicIp");
  const fields = {
    tags: {},
    hasAnnotations: false,
    ipAddress: nextPublicAddress(ctx.store, ctx.data.publicIps, zone),
    zoneId: zone,
    vpcId,
    networkId,
    isSourceNat: false,
    state: "Allocating",
    isStaticNat: false,
  };
  const ip = ctx.data.publicIps.insert(ctx.owner, fields, isoNow(ctx));
  return recordJob(ctx, ctx.data.publicIps, ip, {
    command: "associateIpAddress",
    name: ip.ipAddress,
    failDetail,
  });
}

export function get(ctx: PCtx) {
  return ok(publicIpView(ctx, findPublicIp(ctx, ctx.params.id)));
}

/** listPublicIpAddresses: filters ipAddress, vpcId, associatedNetworkId, zoneId, isSourceNat, isStaticNat. */
export function list(ctx: PCtx) {
  const q = query(ctx);
  const f = {
    ipAddress: str(q, "ipAddress"),
    vpcId: str(q, "vpcId"),
    networkId: str(q, "associatedNetworkId"),
    zoneId: str(q, "zoneId"),
    isSourceNat: str(q, "isSourceNat"),
    isStaticNat: str(q, "isStaticNat"),
  };
  const rows = ctx.data.publicIps
    .list(ctx.owner)
    .filter(
      (r) =>
        (!f.ipAddress || r.ipAddress === f.ipAddress) &&
        (!f.vpcId || r.vpcId === f.vpcId) &&
        (!f.networkId || r.networkId === f.networkId) &&
        (!f.zoneId || r.zoneId === f.zoneId) &&
        (f.isSourceNat === undefined || String(r.isSourceNat) === f.isSourceNat) &&
        (f.isStaticNat === undefined || String(r.isStaticNat) === f.isStaticNat),
    );
  return ok(passThrough("publicipaddress", rows, paging(ctx), (r) => publicIpView(ctx, r)));
}

/**
 * disassociateIpAddress: never the source-NAT address. NetworkServiceImpl.releaseIpAddressInternal checks that in
 * the job, which fails with its words, the address unchanged.
 */
export function remove(ctx: PCtx) {
  const ip = findPublicIp(ctx, ctx.params.id);
  ctx.data.publicIps.idle(ip);
  if (ip.isSourceNat)
    return refusedInJob(ctx, ctx.data.publicIps, ip, {
      command: "disassociateIpAddress",
      name: ip.ipAddress,
      failDetail: "ip address is used for source nat purposes and can not be disassociated.",
    });
  return ipJob(ctx, ip, "disassociateIpAddress", "Releasing");
}

export function ipJob(
  ctx: PCtx,
  ip: PublicIpRec,
  command: string,
  interim?: string,
  payload?: Record<string, unknown>,
) {
  const job = { command, name: ip.ipAddress, payload };
  return stateJob(ctx, ctx.data.publicIps, ip, { ...job, interim: interim ?? ip.state });
}

export const restorePrev = (
  data: PublicIpData,
  job: { resourceId: string; payload?: Record<string, unknown> },
) => {
  const ip = data.publicIps.byId(job.resourceId);
  const prev = job.payload?.prevState;
  if (ip && typeof prev === "string") data.publicIps.update(ip, { state: prev });
};

export const publicIpJobEffects: Record<string, JobEffect<PublicIpData>> = {
  associateIpAddress: {
    success(data, job) {
      const ip = data.publicIps.byId(job.resourceId);
      if (ip) data.publicIps.update(ip, { state: "Allocated" }, stampOf(job));
    },
    failure(data, job) {
      const ip = data.publicIps.byId(job.resourceId);
      if (ip) data.publicIps.update(ip, { state: "Error" }, stampOf(job));
    },
  },
  disassociateIpAddress: {
    success(data, job) {
      if (!data.publicIps.byId(job.resourceId)) return;
      // IpAddressManagerImpl.cleanupIpResources: the address's load-balancer rules go before it
      dropLoadBalancerRules(data, (r) => r.publicIpId === job.resourceId);
      dropAnnotations(data, job.resourceId);
      data.publicIps.delete(job.resourceId);
    },
    failure: restorePrev,
  },
};
