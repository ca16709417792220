// VPCs: create, read, list, update by query parameters, delete, restart, and their ACL lists.
import { randomUUID } from "node:crypto";
import { badRequest, type Ctx, conflict, ok } from "../http";
import type { JobEffect } from "../jobs";
import { containsCidr, parseCidr } from "../net";
import { seedId } from "../seed";
import type { Store, VpcRec } from "../store";
import {
  body,
  hasJsonBody,
  isoNow,
  owned,
  ownedList,
  paging,
  passThrough,
  query,
  reqStr,
  str,
} from "./common";
import { createEffect, deleteEffect, dropAnnotations, restoreEffect } from "./lifecycle";
import { quotaFailure } from "./tenants";

const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((c) => parseCidr(c)!);

export function findVpc(ctx: Ctx, id: string): VpcRec {
  return owned(ctx, ctx.store.state.vpcs, id, "VPC");
}

export function vpcView(store: Store, r: VpcRec) {
  const zone = store.catalogue("zones", r.zoneId, r.regionId);
  const offering = store.catalogue("vpcOfferings", r.vpcOfferingId, r.regionId);
  return {
    id: r.id,
    name: r.name,
    displayText: r.displayText,
    zoneId: r.zoneId,
    zoneName: zone?.name ?? "",
    cidr: r.cidr,
    vpcOfferingId: r.vpcOfferingId,
    vpcOfferingName: offering?.name ?? "",
    networkDomain: r.networkDomain,
    state: r.state,
    account: r.account,
    tags: { ...r.tags },
    hasAnnotations: r.hasAnnotations,
    created: r.created,
    lastUpdated: r.lastUpdated,
  };
}

export function createVpc(ctx: Ctx) {
  const b = body(ctx);
  const { store, region } = ctx;
  const name = reqStr(b, "name");
  const zoneId = reqStr(b, "zoneId");
  const cidrText = reqStr(b, "cidr");
  const vpcOfferingId = reqStr(b, "vpcOfferingId");
  if (!store.catalogue("zones", zoneId, region.id))
    throw badRequest(`zoneId ${zoneId} is not a zone of ${region.name}`);
  if (!store.catalogue("vpcOfferings", vpcOfferingId, region.id)) {
    throw badRequest(`vpcOfferingId ${vpcOfferingId} is not a VPC offering in ${region.name}`);
  }
  const cidr = parseCidr(cidrText);
  if (!cidr || cidr.prefix < 8 || cidr.prefix > 28 || !PRIVATE_RANGES.some((p) => containsCidr(p, cidr))) {
    throw badRequest(
      `cidr ${cidrText} is not a valid VPC range`,
      "Use a private IPv4 network address with a prefix from /8 to /28, e.g. 10.1.0.0/16",
    );
  }
  const now = isoNow(ctx);
  const id = randomUUID();
  const rec: VpcRec = {
    id,
    regionId: region.id,
    account: ctx.user.sub,
    created: now,
    lastUpdated: now,
    tags: {},
    hasAnnotations: false,
    name,
    displayText: str(b, "displayText") || name,
    zoneId,
    cidr: cidrText,
    vpcOfferingId,
    networkDomain: str(b, "networkDomain") || "cim.internal",
    state: "Implementing",
    aclLists: ["default_allow", "default_deny"].map((n) => ({
      id: seedId(id, "acl", n),
      name: n,
      description: n === "default_allow" ? "Allow all traffic" : "Deny all traffic",
    })),
  };
  const failDetail = quotaFailure(store, ctx.user.sub, "vpc");
  store.state.vpcs[id] = rec;
  ctx.audit.resourceId = id;
  ctx.audit.resourceType = "Vpc";
  const job = ctx.jobs.submit(ctx, {
    command: "createVPC",
    resourceType: "Vpc",
    resourceId: id,
    resourceName: name,
    failDetail,
  });
  return ok({ jobId: job.jobId, id });
}

export function getVpc(ctx: Ctx) {
  return ok(vpcView(ctx.store, findVpc(ctx, ctx.params.id)));
}

export function listVpcs(ctx: Ctx) {
  const zoneId = str(query(ctx), "zoneId");
  const rows = ownedList(ctx, ctx.store.state.vpcs).filter((r) => !zoneId || r.zoneId === zoneId);
  return ok(passThrough("vpcs", rows, paging(ctx), (r) => vpcView(ctx.store, r)));
}

/** name and displayText as query parameters; synchronous. */
export function updateVpc(ctx: Ctx) {
  const r = findVpc(ctx, ctx.params.id);
  const q = query(ctx);
  if (hasJsonBody(ctx) && !("name" in q) && !("displayText" in q)) {
    throw badRequest(
      "Required parameter 'name' is not present",
      "This endpoint takes query parameters, not a JSON body",
    );
  }
  const name = str(q, "name");
  const displayText = str(q, "displayText");
  if (name) r.name = name;
  if (displayText !== undefined) r.displayText = displayText;
  r.lastUpdated = isoNow(ctx);
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "Vpc";
  return ok(vpcView(ctx.store, r));
}

function busy(state: string) {
  return state === "Implementing" || state === "Destroying";
}

export function deleteVpc(ctx: Ctx) {
  const r = findVpc(ctx, ctx.params.id);
  if (busy(r.state)) throw conflict(`VPC ${r.name} is ${r.state}; wait for its job to finish`);
  const tiers = Object.values(ctx.store.state.networks).filter((n) => n.vpcId === r.id);
  if (tiers.length) {
    throw conflict(
      `VPC ${r.name} still has ${tiers.length} network(s); delete them first`,
      `networks=${tiers.map((n) => n.id).join(",")}`,
    );
  }
  return vpcJob(ctx, r, "deleteVPC", "Destroying");
}

export function restartVpc(ctx: Ctx) {
  const r = findVpc(ctx, ctx.params.vpcId);
  if (busy(r.state)) throw conflict(`VPC ${r.name} is ${r.state}; wait for its job to finish`);
  return vpcJob(ctx, r, "restartVPC", r.state);
}

function vpcJob(ctx: Ctx, r: VpcRec, command: string, interim: string) {
  ctx.audit.resourceId = r.id;
  ctx.audit.resourceType = "Vpc";
  const job = ctx.jobs.submit(ctx, {
    command,
    resourceType: "Vpc",
    resourceId: r.id,
    resourceName: r.name,
    payload: { prevState: r.state },
  });
  r.state = interim;
  return ok({ jobId: job.jobId, id: r.id });
}

function aclView(r: VpcRec) {
  return r.aclLists.map((a) => ({ ...a, vpcId: r.id }));
}

export function listVpcAcls(ctx: Ctx) {
  return ok(aclView(findVpc(ctx, ctx.params.vpcId)));
}

/** Every ACL list of the caller's VPCs in the region (a superset of one VPC's acl-lists). */
export function listNetworkAcls(ctx: Ctx) {
  return ok(ownedList(ctx, ctx.store.state.vpcs).flatMap(aclView));
}

export const vpcJobEffects: Record<string, JobEffect> = {
  createVPC: createEffect("vpcs", "Implemented"),
  deleteVPC: deleteEffect("vpcs", dropAnnotations),
  restartVPC: restoreEffect("vpcs"),
};
