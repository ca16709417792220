// Networks: isolated networks and VPC tiers (gateway and netmask inside the VPC's cidr), plus zone defaults.

import type { Data } from "../../family";
import { catalogueRef, isoNow, requestedEntry } from "../../handlers/common";
import { body, reqStr, str } from "../../handlers/input";
import { deleteEffect, dropAnnotations, restoreEffect } from "../../handlers/lifecycle";
import { namedHandlers } from "../../handlers/named";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, forbidden } from "../../http";
import type { JobEffect } from "../../jobs";
import {
  containsCidr,
  formatCidr,
  isHost,
  maskOf,
  overlaps,
  parseCidr,
  parseIp,
  prefixOfNetmask,
} from "../../net";
import { dropInternalLoadBalancersOf } from "../loadBalancers/internalLoadBalancers";
import {
  allocateSourceNat,
  createWithSourceNat,
  dropLoadBalancerRules,
  releaseAddressesOf,
} from "../publicIps/publicIps";
import type { VpcRec } from "../vpcs/records";
import type { NetworkRec } from "./records";

export type NetworkData = Data<
  | "networks"
  | "networkAclLists"
  | "vpcs"
  | "instances"
  | "annotations"
  | "publicIps"
  | "loadBalancerRules"
  | "internalLoadBalancers"
  | "fileSystems"
>;
type NCtx = Ctx<NetworkData>;

const DEFAULT_GATEWAY = "10.1.1.1";
const DEFAULT_NETMASK = "255.255.255.0";

/** The caller's networks and the zone default (shared) networks of the routed region. */
function visible(ctx: Ctx<Data<"networks">>, id: string): NetworkRec | undefined {
  const r = ctx.data.networks.byId(id);
  if (!r || r.regionId !== ctx.region.id) return undefined;
  return r.shared || r.account === ctx.user.sub ? r : undefined;
}

export function networkById(ctx: Ctx<Data<"networks">>, id: string): NetworkRec {
  const r = visible(ctx, id);
  if (!r) throw ctx.data.networks.missing(ctx.owner, id);
  return r;
}

/** A network named in a request body: absent is a 400 naming the field. */
export function requireVisibleNetwork(ctx: Ctx<Data<"networks">>, id: string, field: string): NetworkRec {
  const r = visible(ctx, id);
  if (!r) throw badRequest(`${field}: network ${id} not found in region ${ctx.region.name}`);
  return r;
}

/** A network the caller may change: not a shared zone network. */
export function findNetwork(ctx: Ctx<Data<"networks">>, id: string): NetworkRec {
  const r = networkById(ctx, id);
  if (r.shared)
    throw forbidden(`Network ${r.name} is the shared default network of its zone and cannot be changed`);
  return r;
}

/** What a network shows of its own (namedHandlers shows the rest). */
const networkFields = (ctx: Ctx, r: NetworkRec) => ({
  ...catalogueRef(ctx.store, "networkOfferings", r),
  vpcId: r.vpcId ?? "",
  ...fieldsOf(r, ["gateway", "netmask", "cidr"]),
  ...(r.aclId ? { aclId: r.aclId } : {}),
  type: r.shared ? "Shared" : "Isolated",
});

/** gateway + netmask → the network's cidr, checking the gateway is a host address of it. */
function rangeOf(gateway: string, netmask: string) {
  const prefix = prefixOfNetmask(netmask);
  const gw = parseIp(gateway);
  if (prefix === undefined || prefix < 8 || prefix > 29) {
    throw badRequest(`netmask ${netmask} is not a valid netmask (from 255.0.0.0 to 255.255.255.248)`);
  }
  if (gw === undefined) throw badRequest(`gateway ${gateway} is not an IPv4 address`);
  const range = { base: (gw & maskOf(prefix)) >>> 0, prefix };
  if (!isHost(range, gw))
    throw badRequest(`gateway ${gateway} is not a host address of ${formatCidr(range)}`);
  return range;
}

export function create(ctx: NCtx) {
  const b = body(ctx);
  const { region } = ctx;
  const name = reqStr(b, "name");
  const zoneId = reqStr(b, "zoneId");
  const networkOfferingId = reqStr(b, "networkOfferingId");
  const vpcId = str(b, "vpcId") || undefined;
  requestedEntry(ctx, "zones", zoneId, "zoneId");
  const offering = requestedEntry(ctx, "networkOfferings", networkOfferingId, "networkOfferingId");
  let gateway = str(b, "gateway") || undefined;
  let netmask = str(b, "netmask") || undefined;
  if (vpcId) {
    const vpc = ctx.data.vpcs.get(ctx.owner, vpcId);
    if (!vpc) {
      throw badRequest(`vpcId ${vpcId} is not a VPC in region ${region.name}`);
    }
    if (vpc.state === "Error" || vpc.state === "Destroying")
      throw badRequest(`VPC ${vpc.name} is ${vpc.state}`);
    // CloudStack's VpcManagerImpl.createVpcGuestNetwork and validateNewVpcGuestNetwork word these three
    if (vpc.zoneId !== zoneId)
      throw badRequest(
        "New network doesn't belong to vpc zone",
        `VPC ${vpc.name} is in zone ${vpc.zoneId}, not ${zoneId}`,
      );
    if (!offering.forVpc) throw badRequest(`Network offering ${offering.name} cannot be used for VPC tiers`);
    if (!gateway) reqStr(b, "gateway");
    if (!netmask) reqStr(b, "netmask");
  } else {
    if (offering.forVpc) throw badRequest(`Network offering ${offering.name} needs a vpcId`);
    if (!gateway !== !netmask) throw badRequest("gateway and netmask go together: give both or neither");
    gateway ??= DEFAULT_GATEWAY;
    netmask ??= DEFAULT_NETMASK;
  }
  const range = rangeOf(gateway!, netmask!);
  const cidr = formatCidr(range);
  if (vpcId) {
    const vpc = ctx.data.vpcs.byId(vpcId)!;
    if (!containsCidr(parseCidr(vpc.cidr)!, range)) {
      throw badRequest(`Network cidr ${cidr} is not within vpc ${vpc.name} cidr ${vpc.cidr}`);
    }
    for (const other of ctx.data.networks.where((n) => n.vpcId === vpcId)) {
      if (other.state !== "Error" && overlaps(parseCidr(other.cidr)!, range)) {
        throw badRequest(
          `Network cidr ${cidr} crosses other network cidr ${other.name} (${other.cidr}) belonging to the same vpc ${vpc.name}`,
        );
      }
    }
  }
  const aclId = vpcId ? tierAcl(ctx, ctx.data.vpcs.byId(vpcId)!, str(b, "aclId")) : undefined;
  if (!vpcId && str(b, "aclId")) throw badRequest("aclId: a network ACL list applies to VPC tiers only");
  const failDetail = ctx.quota.failure(ctx.user.sub, "network");
  const fields = {
    aclId,
    tags: {},
    hasAnnotations: false,
    name,
    displayText: str(b, "displayText") || name,
    zoneId,
    networkOfferingId,
    vpcId,
    gateway: gateway!,
    netmask: netmask!,
    cidr,
    state: "Implementing",
    shared: false,
    networkDomain: str(b, "networkDomain") || "cim.internal",
  };
  const rec = ctx.data.networks.insert(ctx.owner, fields, isoNow(ctx));
  // an isolated network gets its source-NAT address as it is implemented (a VPC tier uses the VPC's)
  if (!vpcId) allocateSourceNat(ctx, { zoneId, networkId: rec.id });
  return named.job(ctx, rec, "createNetwork", "Implementing", failDetail);
}

/**
 * The ACL list of a new VPC tier: the one asked for, which must be a list of the same VPC (createNetwork's
 * aclid), else the VPC's default_deny, as CloudStack assigns a tier without ACLs (NetworkACL.DEFAULT_DENY).
 */
function tierAcl(ctx: NCtx, vpc: VpcRec, aclId: string | undefined): string {
  if (!aclId) return vpc.aclLists.find((a) => a.name === "default_deny")?.id ?? vpc.aclLists[0].id;
  const own = ctx.data.networkAclLists.get(ctx.owner, aclId);
  if (own?.vpcId === vpc.id || vpc.aclLists.some((a) => a.id === aclId)) return aclId;
  throw badRequest(
    own ? `Network ACL ${aclId} does not belong to VPC ${vpc.name}` : "Invalid network acl id passed",
    `aclId ${aclId} is not a network ACL list of VPC ${vpc.id} in region ${ctx.region.name}`,
  );
}

/**
 * Read, list (the caller's networks; zone defaults are read by id, see GET /zones; filters vpcId and zoneId),
 * rename, delete (its job fails while an instance has a NIC on it) and restart.
 */
const named = namedHandlers<NetworkData, NetworkRec>({
  listKey: "networks",
  repo: (ctx) => ctx.data.networks,
  find: findNetwork,
  read: networkById,
  shows: networkFields,
  filters: ["vpcId", "zoneId"],
  heldBy: (ctx, r) => {
    // NetworkOrchestrator.destroyNetwork returns false while a user VM on the network is anything but expunged
    // (a destroyed one keeps its NIC until the platform expunges it; a shared file system's VM has its NIC on
    // the network too, one in Error has no VM left), logging why; DeleteNetworkCmd then fails the job with no
    // more than this
    const onIt =
      ctx.data.instances.where((i) => i.nics.some((n) => n.networkId === r.id)).length +
      ctx.data.fileSystems.where((f) => f.networkId === r.id && f.state !== "Error").length;
    return onIt ? "Failed to delete network" : undefined;
  },
  commands: { delete: "deleteNetwork", restart: "restartNetwork" },
  restartParam: "id",
});
export const { get, list, update, remove, restart } = named;

export const networkJobEffects: Record<string, JobEffect<NetworkData>> = {
  createNetwork: createWithSourceNat("networks", "networkId"),
  // its addresses (the source-NAT one included) are released with it
  deleteNetwork: deleteEffect("networks", (data: NetworkData, id: string) => {
    dropAnnotations(data, id);
    // the tier's load-balancer rules go with it (its VPC addresses stay with the VPC)
    dropLoadBalancerRules(data, (r) => r.networkId === id);
    dropInternalLoadBalancersOf(data, id);
    releaseAddressesOf(data, (ip) => ip.networkId === id && !ip.vpcId);
  }),
  restartNetwork: restoreEffect("networks"),
};
