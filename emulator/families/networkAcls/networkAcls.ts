// Network ACL lists of a VPC and the list a VPC tier uses, as CloudStack keeps them (createNetworkACLList,
// updateNetworkACLList, deleteNetworkACLList, replaceNetworkACLList in NetworkACLServiceImpl /
// NetworkACLManagerImpl); their rules are in aclRules.ts.
// Every VPC has the two default lists (its `aclLists`): they are read like the others and never changed.
// The spec names the routes' prefixes only: the shapes and texts chosen are in emulator/README.md.

import type { Data } from "../../family";
import { audited, isoNow, recordJob, refusedInJob, refusedJobOn } from "../../handlers/common";
import { body, query, queryOnly, reqStr, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, forbidden, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { findNetwork } from "../networks/networks";
import type { AclList, VpcRec } from "../vpcs/records";
import type { NetworkAclListRec } from "./records";

export type AclData = Data<"vpcs" | "networks" | "networkAclLists" | "networkAclRules" | "privateGateways">;
type ACtx = Ctx<AclData>;

/** A list as the API shows it: one of a VPC's defaults, or one the user made. */
interface AclView {
  id: string;
  name: string;
  description: string;
  vpcId: string;
}

const defaultView = (vpc: VpcRec, a: AclList): AclView => ({
  ...fieldsOf(a, ["id", "name", "description"]),
  vpcId: vpc.id,
});
const listView = (r: NetworkAclListRec): AclView => ({
  ...fieldsOf(r, ["id", "name", "description", "vpcId"]),
});

/** The caller's list of that id in the routed region, telling a default list from one the user made. */
export function aclOf(
  ctx: Ctx<Data<"vpcs" | "networkAclLists">>,
  id: string,
): { view: AclView; rec?: NetworkAclListRec } | undefined {
  const rec = ctx.data.networkAclLists.get(ctx.owner, id);
  if (rec) return { view: listView(rec), rec };
  for (const vpc of ctx.data.vpcs.list(ctx.owner)) {
    const a = vpc.aclLists.find((x) => x.id === id);
    if (a) return { view: defaultView(vpc, a) };
  }
  return undefined;
}

function aclsOfVpc(ctx: ACtx, vpc: VpcRec): AclView[] {
  const own = ctx.data.networkAclLists.list(ctx.owner).filter((l) => l.vpcId === vpc.id);
  return [...vpc.aclLists.map((a) => defaultView(vpc, a)), ...own.map(listView)];
}

// ------------------------------------------------------------------------------------------------ lists

/** GET /vpcs/{vpcId}/acl-lists: the VPC's two default lists and the lists made in it. */
export function listVpcAcls(ctx: ACtx) {
  return ok(aclsOfVpc(ctx, ctx.data.vpcs.find(ctx.owner, ctx.params.vpcId)));
}

/** GET /network-acls: every list of the caller's VPCs in the region (filters `vpcId`, `name`). */
export function list(ctx: ACtx) {
  const q = query(ctx);
  const vpcId = str(q, "vpcId");
  const name = str(q, "name");
  const rows = ctx.data.vpcs
    .list(ctx.owner)
    .filter((v) => !vpcId || v.id === vpcId)
    .flatMap((v) => aclsOfVpc(ctx, v))
    .filter((a) => !name || a.name === name);
  return ok(rows);
}

export function get(ctx: ACtx) {
  const found = aclOf(ctx, ctx.params.id);
  if (!found) throw ctx.data.networkAclLists.missing(ctx.owner, ctx.params.id);
  return ok(found.view);
}

/** POST /network-acls {name, description?, vpcId}: createNetworkACLList, a job. */
export function create(ctx: ACtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const vpcId = reqStr(b, "vpcId");
  const vpc = ctx.data.vpcs.get(ctx.owner, vpcId);
  if (!vpc) {
    throw badRequest(
      `Unable to find VPC with ID [${vpcId}].`,
      `vpcId ${vpcId} is not a VPC in region ${ctx.region.name}`,
    );
  }
  if (vpc.state === "Error" || vpc.state === "Destroying")
    throw badRequest(`VPC ${vpc.name} is ${vpc.state}`);
  const fields = { name, description: str(b, "description") ?? "", vpcId };
  const rec = ctx.data.networkAclLists.insert(ctx.owner, fields, isoNow(ctx));
  return recordJob(ctx, ctx.data.networkAclLists, rec, { command: "createNetworkACLList" });
}

/** The list a change names: one the user made; a default list is refused with CloudStack's text. */
function ownList(ctx: ACtx, id: string, refusal: () => Error): NetworkAclListRec {
  const found = aclOf(ctx, id);
  if (!found) throw ctx.data.networkAclLists.missing(ctx.owner, id);
  if (!found.rec) throw refusal();
  return found.rec;
}

/** PUT /network-acls/{id}?name=&description=: updateNetworkACLList, synchronous like the VPC rename. */
export function update(ctx: ACtx) {
  const q = queryOnly(ctx, ["name", "description"]);
  const r = ownList(ctx, ctx.params.id, () => forbidden("Must be Root Admin to update a global ACL."));
  const name = str(q, "name");
  const description = str(q, "description");
  // CloudStack sets only values that are not blank
  const patch = { ...(name?.trim() ? { name } : {}), ...(description?.trim() ? { description } : {}) };
  ctx.data.networkAclLists.update(r, patch, isoNow(ctx));
  return ok(listView(r), audited(ctx.data.networkAclLists.resourceType, r.id));
}

/**
 * DELETE /network-acls/{id}: deleteNetworkACLList, a job that takes the list's rules with it. NetworkACLServiceImpl
 * and NetworkACLManagerImpl.deleteNetworkACL refuse in the job: a default list, a list tiers or private gateways use.
 */
export function remove(ctx: ACtx) {
  const found = aclOf(ctx, ctx.params.id);
  if (!found) throw ctx.data.networkAclLists.missing(ctx.owner, ctx.params.id);
  const command = "deleteNetworkACLList";
  const r = found.rec;
  if (!r) {
    const target = {
      resourceType: ctx.data.networkAclLists.resourceType,
      id: found.view.id,
      name: found.view.name,
    };
    return refusedJobOn(ctx, target, command, "Default ACL cannot be removed");
  }
  const tiers = ctx.data.networks.where((n) => n.aclId === r.id).length;
  const gateways = ctx.data.privateGateways.where((g) => g.aclId === r.id).length;
  const failDetail = tiers
    ? `ACL is still associated with ${tiers} tier(s). Cannot delete network ACL: ${r.id}`
    : gateways
      ? `ACL is still associated with ${gateways} private gateway(s). Cannot delete network ACL: ${r.id}`
      : undefined;
  if (failDetail) return refusedInJob(ctx, ctx.data.networkAclLists, r, { command, failDetail });
  return recordJob(ctx, ctx.data.networkAclLists, r, { command });
}

/** A list goes with its rules (NetworkACLManagerImpl.deleteNetworkACL revokes them first). */
export function dropAclList(data: Data<"networkAclLists" | "networkAclRules">, id: string): void {
  for (const rule of data.networkAclRules.where((x) => x.aclId === id)) data.networkAclRules.delete(rule.id);
  data.networkAclLists.delete(id);
}

// ------------------------------------------------------------------------------------ a tier's list

/**
 * POST /networks/{id}/replace-acl?aclId=: replaceNetworkACLList, a job; the tier shows the list once done. An unknown
 * list is the API layer's refusal; NetworkACLServiceImpl.replaceNetworkACL refuses in the job an isolated network
 * and a list of another VPC.
 */
export function replaceNetworkAcl(ctx: ACtx) {
  const network = ctx.data.networks.idle(findNetwork(ctx, ctx.params.id));
  const aclId = reqStr(query(ctx), "aclId");
  const found = aclOf(ctx, aclId);
  if (!found) {
    throw badRequest(
      "Unable to find specified NetworkACL",
      `aclId ${aclId} is not a network ACL list in region ${ctx.region.name}`,
    );
  }
  const job = { command: "replaceNetworkACLList", payload: { aclId } };
  const failDetail = !network.vpcId
    ? `Network is not part of a VPC: ${network.id}`
    : found.view.vpcId !== network.vpcId
      ? `Network: ${network.id} and ACL: ${aclId} do not belong to the same VPC`
      : undefined;
  if (failDetail) return refusedInJob(ctx, ctx.data.networks, network, { ...job, failDetail });
  return recordJob(ctx, ctx.data.networks, network, job);
}

// ------------------------------------------------------------------------------------------ job effects

type Effect = JobEffect<AclData>;
const nothing = () => undefined;

export const aclListJobEffects: Record<string, Effect> = {
  // a list whose create failed is not kept
  createNetworkACLList: { success: nothing, failure: (data, job) => dropAclList(data, job.resourceId) },
  deleteNetworkACLList: { success: (data, job) => dropAclList(data, job.resourceId), failure: nothing },
  replaceNetworkACLList: {
    // a VPC tier's list, or a private gateway's (the same command with a gateway id)
    success(data, job) {
      const aclId = String(job.payload?.aclId);
      if (job.resourceType === "PrivateGateway") {
        const g = data.privateGateways.byId(job.resourceId);
        if (g) data.privateGateways.update(g, { aclId }, stampOf(job));
        return;
      }
      const n = data.networks.byId(job.resourceId);
      if (n) data.networks.update(n, { aclId }, stampOf(job));
    },
    failure: nothing,
  },
};
