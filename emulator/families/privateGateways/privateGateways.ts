// VPC private gateways as CloudStack keeps them (createPrivateGateway, deletePrivateGateway,
// listPrivateGateways, replaceNetworkACLList with a gateway id; VpcManagerImpl.createVpcPrivateGateway and
// deleteVpcPrivateGateway), with the static routes that point through them (createStaticRoute,
// deleteStaticRoute, listStaticRoutes). The spec names "gateways" among the asynchronous work and shows no
// path or shape: the routes, states and refusals chosen are written in emulator/README.md.

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
import { body, bool, query, reqStr, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { fieldsOf, ownedView } from "../../handlers/views";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { formatCidr, isHost, maskOf, overlaps, parseCidr, parseIp, prefixOfNetmask } from "../../net";
import type { Job } from "../../records";
import type { Repository } from "../../repository";
import { aclOf } from "../networkAcls/networkAcls";
import type { VpcRec } from "../vpcs/records";
import type { PrivateGatewayRec, StaticRouteRec } from "./records";

export type GatewayData = Data<"vpcs" | "networkAclLists" | "privateGateways" | "staticRoutes">;
type GCtx = Ctx<GatewayData>;

export function gatewayView(ctx: GCtx, r: PrivateGatewayRec) {
  const vpc = ctx.data.vpcs.byId(r.vpcId);
  const acl = aclOf(ctx, r.aclId);
  return {
    ...fieldsOf(r, ["id", "vpcId"]),
    vpcName: vpc?.name ?? "",
    ...zoneOf(ctx.store, r),
    ...fieldsOf(r, ["ipAddress", "gateway", "netmask"]),
    // ApiResponseHelper shows the tag of the broadcast URI, as a string
    vlan: String(r.vlan),
    broadcastUri: `vlan://${r.vlan}`,
    ...fieldsOf(r, ["sourceNatSupported", "aclId"]),
    aclName: acl?.view.name ?? "",
    state: r.state,
    ...ownedView(r),
  };
}

const findGateway = (ctx: GCtx, id: string) => ctx.data.privateGateways.find(ctx.owner, id);

/** The ACL list a gateway names: the VPC's or one of its defaults ("Invalid network acl id passed "). */
function aclFor(ctx: GCtx, vpc: VpcRec, aclId: string | undefined): string {
  if (!aclId) {
    // NetworkACL.DEFAULT_DENY: the VPC's default_deny list
    return vpc.aclLists.find((a) => a.name === "default_deny")?.id ?? "";
  }
  const found = aclOf(ctx, aclId);
  if (!found) throw badRequest("Invalid network acl id passed ", `aclId ${aclId} is not a network ACL list`);
  if (found.view.vpcId !== vpc.id)
    throw badRequest("Private gateway and network acl are not in the same vpc");
  return aclId;
}

/**
 * POST /vpcs/private-gateways {vpcId, ipAddress, gateway, netmask, vlan, sourceNatSupported?, aclId?}:
 * createPrivateGateway, a job. The physical network is the zone's (CloudStack finds it when left out); the
 * associatedNetworkId form is not offered.
 */
export function create(ctx: GCtx) {
  const b = body(ctx);
  const vpcId = reqStr(b, "vpcId");
  const ipAddress = reqStr(b, "ipAddress");
  const gateway = reqStr(b, "gateway");
  const netmask = reqStr(b, "netmask");
  const vlanText = b.vlan === undefined || b.vlan === null ? "" : String(b.vlan).trim();
  const vpc = ctx.data.vpcs.get(ctx.owner, vpcId);
  if (vpc?.state !== "Implemented") {
    throw badRequest(
      "Unable to find Enabled VPC by id specified",
      vpc ? `VPC ${vpc.name} is ${vpc.state}` : `vpcId ${vpcId} is not a VPC in region ${ctx.region.name}`,
    );
  }
  if (!vlanText) {
    throw badRequest(
      "One of vlanId and associatedNetworkId must be specified",
      "The emulator makes private gateways on a VLAN of the zone's physical network: give vlan (1-4094)",
    );
  }
  const vlan = /^\d+$/.test(vlanText) ? Number(vlanText) : Number.NaN;
  if (!(vlan >= 1 && vlan <= 4094)) throw badRequest(`Invalid vlan id ${vlanText}: a VLAN is 1-4094`);
  const ip = parseIp(ipAddress);
  const gw = parseIp(gateway);
  const prefix = prefixOfNetmask(netmask);
  if (ip === undefined) throw badRequest(`Invalid ip address ${ipAddress}`);
  if (gw === undefined) throw badRequest(`Invalid gateway ${gateway}`);
  if (prefix === undefined) throw badRequest(`Invalid netmask ${netmask}`);
  const range = { base: (gw & maskOf(prefix)) >>> 0, prefix };
  if (!isHost(range, gw))
    throw badRequest(`Invalid gateway ${gateway}: not a host address of ${formatCidr(range)}`);
  if (!isHost(range, ip) || ip === gw) {
    throw badRequest(
      `The ip address ${ipAddress} is not a host address of ${formatCidr(range)} apart from the gateway ${gateway}`,
    );
  }
  const vpcRange = parseCidr(vpc.cidr);
  if (vpcRange && overlaps(vpcRange, range)) {
    throw badRequest(`The private gateway's range ${formatCidr(range)} overlaps the VPC's cidr ${vpc.cidr}`);
  }
  // NetworkServiceImpl: a VLAN of the zone's physical network carries one network (every account's)
  if (ctx.data.privateGateways.where((g) => g.zoneId === vpc.zoneId && g.vlan === vlan).length) {
    const zone = ctx.store.catalogue("zones", vpc.zoneId, vpc.regionId);
    throw badRequest(
      `Network with vlan ${vlan} already exists or overlaps with other network vlans in zone ${zone?.name ?? vpc.zoneId}`,
    );
  }
  const fields = {
    vpcId,
    zoneId: vpc.zoneId,
    ipAddress,
    gateway,
    netmask,
    vlan,
    sourceNatSupported: bool(b, "sourceNatSupported") ?? false,
    aclId: aclFor(ctx, vpc, str(b, "aclId") || undefined),
    state: "Creating",
  };
  const rec = ctx.data.privateGateways.insert(ctx.owner, fields, isoNow(ctx));
  return recordJob(ctx, ctx.data.privateGateways, rec, {
    command: "createPrivateGateway",
    name: ipAddress,
  });
}

export function get(ctx: GCtx) {
  return ok(gatewayView(ctx, findGateway(ctx, ctx.params.id)));
}

/** listPrivateGateways: filters vpcId, ipAddress, vlan, state. */
export function list(ctx: GCtx) {
  const q = query(ctx);
  const f = {
    vpcId: str(q, "vpcId"),
    ipAddress: str(q, "ipAddress"),
    vlan: str(q, "vlan"),
    state: str(q, "state"),
  };
  const rows = ctx.data.privateGateways
    .list(ctx.owner)
    .filter(
      (r) =>
        (!f.vpcId || r.vpcId === f.vpcId) &&
        (!f.ipAddress || r.ipAddress === f.ipAddress) &&
        (!f.vlan || String(r.vlan) === f.vlan) &&
        (!f.state || r.state.toLowerCase() === f.state.toLowerCase()),
    );
  return ok(passThrough("privategateway", rows, paging(ctx), (r) => gatewayView(ctx, r)));
}

/**
 * deletePrivateGateway, a job; it fails while static routes point through the gateway (VpcManagerImpl.
 * deleteVpcPrivateGateway checks that in the job), the gateway unchanged.
 */
export function remove(ctx: GCtx) {
  const g = ctx.data.privateGateways.idle(findGateway(ctx, ctx.params.id));
  const routes = ctx.data.staticRoutes.where((s) => s.gatewayId === g.id).length;
  if (routes)
    return refusedInJob(ctx, ctx.data.privateGateways, g, {
      command: "deletePrivateGateway",
      name: g.ipAddress,
      failDetail: `Can't delete private gateway ${g.ipAddress} as it has ${routes} static routes applied. Remove the routes first`,
    });
  return stateJob(ctx, ctx.data.privateGateways, g, {
    command: "deletePrivateGateway",
    name: g.ipAddress,
    interim: "Deleting",
  });
}

/** POST /vpcs/private-gateways/{id}/replace-acl?aclId=: replaceNetworkACLList with a gateway id, a job. */
export function replaceGatewayAcl(ctx: GCtx) {
  const g = ctx.data.privateGateways.idle(findGateway(ctx, ctx.params.id));
  const aclId = reqStr(query(ctx), "aclId");
  const found = aclOf(ctx, aclId);
  if (!found)
    throw badRequest("Unable to find specified NetworkACL", `aclId ${aclId} is not a network ACL list`);
  const job = { command: "replaceNetworkACLList", name: g.ipAddress, payload: { aclId } };
  // NetworkACLServiceImpl.replaceNetworkACLonPrivateGw, in the job
  if (found.view.vpcId !== g.vpcId) {
    const failDetail = `private gateway: ${g.id} and ACL: ${aclId} do not belong to the same VPC`;
    return refusedInJob(ctx, ctx.data.privateGateways, g, { ...job, failDetail });
  }
  return recordJob(ctx, ctx.data.privateGateways, g, job);
}

// ---------------------------------------------------------------------------------------- static routes

const routeView = (r: StaticRouteRec) => ({
  ...fieldsOf(r, ["id", "gatewayId", "vpcId", "cidr", "state", "account", "created"]),
});

/** POST /vpcs/static-routes {gatewayId, cidr}: createStaticRoute, a job (VpcManagerImpl.createStaticRoute). */
export function createStaticRoute(ctx: GCtx) {
  const b = body(ctx);
  const gatewayId = reqStr(b, "gatewayId");
  const cidr = reqStr(b, "cidr");
  const g = ctx.data.privateGateways.get(ctx.owner, gatewayId);
  if (!g) throw badRequest("Invalid gateway id is given");
  if (g.state !== "Ready") throw badRequest(`Gateway is not in the Ready state: ${g.state}`);
  const vpc = ctx.data.vpcs.byId(g.vpcId);
  if (vpc?.state !== "Implemented") throw badRequest("Can't add static route to VPC that is being deleted");
  const range = parseCidr(cidr);
  if (!range) throw badRequest(`Invalid format for cidr ${cidr}`);
  const vpcRange = parseCidr(vpc.cidr);
  if (vpcRange && overlaps(vpcRange, range))
    throw badRequest(`CIDR should be outside of VPC cidr ${vpc.cidr}`);
  const same = ctx.data.staticRoutes.where((s) => s.vpcId === vpc.id && s.cidr === formatCidr(range));
  if (same.length)
    throw conflict(`The static gateway cidr overlaps with one of the static routes of the VPC: ${cidr}`);
  const fields = { gatewayId, vpcId: vpc.id, cidr: formatCidr(range), state: "Add" };
  const rec = ctx.data.staticRoutes.insert(ctx.owner, fields, isoNow(ctx));
  return recordJob(ctx, ctx.data.staticRoutes, rec, { command: "createStaticRoute", name: cidr });
}

export function listStaticRoutes(ctx: GCtx) {
  const q = query(ctx);
  const f = { gatewayId: str(q, "gatewayId"), vpcId: str(q, "vpcId") };
  const rows = ctx.data.staticRoutes
    .list(ctx.owner)
    .filter((r) => (!f.gatewayId || r.gatewayId === f.gatewayId) && (!f.vpcId || r.vpcId === f.vpcId));
  return ok(passThrough("staticroute", rows, paging(ctx), routeView));
}

/** DELETE /vpcs/static-routes/{id}: deleteStaticRoute, a job (the route is Revoke until it ends). */
export function deleteStaticRoute(ctx: GCtx) {
  const r = ctx.data.staticRoutes.idle(ctx.data.staticRoutes.find(ctx.owner, ctx.params.id));
  return stateJob(ctx, ctx.data.staticRoutes, r, {
    command: "deleteStaticRoute",
    name: r.cidr,
    interim: "Revoke",
  });
}

/** A VPC's gateways and their routes go with it (VpcManagerImpl.cleanupVpcResources). */
export function dropVpcGateways(data: Data<"privateGateways" | "staticRoutes">, vpcId: string) {
  for (const r of data.staticRoutes.where((x) => x.vpcId === vpcId)) data.staticRoutes.delete(r.id);
  for (const g of data.privateGateways.where((x) => x.vpcId === vpcId)) data.privateGateways.delete(g.id);
}

// ------------------------------------------------------------------------------------------ job effects

type Stateful = PrivateGatewayRec | StaticRouteRec;
type Pick2 = (data: GatewayData) => Repository<Stateful>;
const gateways: Pick2 = (d) => d.privateGateways as Repository<Stateful>;
const routes: Pick2 = (d) => d.staticRoutes as Repository<Stateful>;

const settle = (repo: Pick2, state: string) => (data: GatewayData, job: Job) => {
  const r = repo(data).byId(job.resourceId);
  if (r) repo(data).update(r, { state }, stampOf(job));
};
const drop = (repo: Pick2) => (data: GatewayData, job: Job) => {
  repo(data).delete(job.resourceId);
};

export const gatewayJobEffects: Record<string, JobEffect<GatewayData>> = {
  // applyVpcPrivateGateway(destroyOnFailure = true): a gateway that fails to apply is not kept
  createPrivateGateway: { success: settle(gateways, "Ready"), failure: drop(gateways) },
  // a failed delete leaves the gateway Ready
  deletePrivateGateway: { success: drop(gateways), failure: settle(gateways, "Ready") },
  createStaticRoute: { success: settle(routes, "Active"), failure: drop(routes) },
  deleteStaticRoute: { success: drop(routes), failure: settle(routes, "Active") },
};
