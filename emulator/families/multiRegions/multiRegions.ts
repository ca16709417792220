// Multi-region groups: VPCs of several regions joined into one (the spec's /multi-regions, its body
// {regionId, vpcId} and its quota). The spec shows the add route, its body and the quota; the rest follows
// CloudStack's closest concept, the global server load-balancer rule (GlobalLoadBalancingRulesServiceImpl): a
// member per region at most ("should be in unique zone"), "is already assigned", a delete that revokes every
// member. A group lives in the region its create was routed to; a member names a VPC of any region of the
// account by that VPC's region (`regionId`), since an id is valid only in its own region. Group create and
// update are synchronous (data the service keeps); joining, leaving and deleting are jobs (platform work).

import type { Data } from "../../family";
import { audited, isoNow, pagedEnvelope, paging, recordJob, regionOf, stateJob } from "../../handlers/common";
import { body, listFilter, query, reqStr, str, withinLength } from "../../handlers/input";
import { restoreEffect, stampOf } from "../../handlers/lifecycle";
import { fieldsOf, ownedView } from "../../handlers/views";
import { ApiError, badRequest, type Ctx, conflict, forbidden, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { activeRegion, noAccountIn } from "../../regions";
import { ownerIn } from "../../repository";
import type { MultiRegionGroupRec, MultiRegionMemberRec } from "./records";

export type MultiRegionData = Data<"multiRegionGroups" | "multiRegionMembers" | "vpcs">;
type MCtx = Ctx<MultiRegionData>;

/** Members that hold their place in a group: a failed join does not (it is kept only to be removed). */
const holding = (m: MultiRegionMemberRec) => m.state !== "Error";

/** The caller's groups in every region: what maxMultiRegions counts (currentMultiRegions). */
function groupsOf(data: Data<"multiRegionGroups">, account: string) {
  return data.multiRegionGroups.where((g) => g.account === account);
}

/** GET /multi-regions/quota: the allowances and the caller's groups in every region (no region header). */
export function multiRegionQuota(ctx: MCtx) {
  const l = ctx.quota.limitsOf(ctx.user.sub);
  return ok({
    ...fieldsOf(l, ["maxMultiRegions", "maxMultiRegionMembers"]),
    currentMultiRegions: groupsOf(ctx.data, ctx.user.sub).length,
  });
}

const findGroup = (ctx: MCtx, id: string) => ctx.data.multiRegionGroups.find(ctx.owner, id);

/** A group that may change: not being deleted. */
function liveGroup(ctx: MCtx, id: string): MultiRegionGroupRec {
  const g = findGroup(ctx, id);
  if (g.state === "Revoke")
    throw conflict(`Multi-region group ${g.name} is being deleted`, `group ${g.id} is in state Revoke`);
  return g;
}

const membersOf = (ctx: MCtx, groupId: string) =>
  ctx.data.multiRegionMembers.where((m) => m.groupId === groupId);

function groupView(ctx: MCtx, g: MultiRegionGroupRec) {
  return {
    ...fieldsOf(g, ["id", "name", "description", "state"]),
    ...regionOf(ctx.store, g.regionId),
    memberCount: membersOf(ctx, g.id).filter(holding).length,
    ...ownedView(g),
  };
}

/** A member as the API shows it: `regionId` is the VPC's region (the add body's key), not the group's. */
function memberView(ctx: MCtx, m: MultiRegionMemberRec) {
  const vpc = ctx.data.vpcs.byId(m.vpcId);
  return {
    ...fieldsOf(m, ["id", "groupId"]),
    groupName: ctx.data.multiRegionGroups.byId(m.groupId)?.name ?? "",
    vpcId: m.vpcId,
    vpcName: vpc?.name ?? "",
    cidr: vpc?.cidr ?? "",
    ...regionOf(ctx.store, m.vpcRegionId),
    ...fieldsOf(m, ["state", "created"]),
  };
}

/** POST /multi-regions {name, description?}: synchronous; refused at the maxMultiRegions ceiling. */
export function create(ctx: MCtx) {
  const b = body(ctx);
  const name = withinLength("name", reqStr(b, "name"));
  const { maxMultiRegions } = ctx.quota.limitsOf(ctx.user.sub);
  const current = groupsOf(ctx.data, ctx.user.sub).length;
  if (current >= maxMultiRegions) {
    throw conflict(
      `Maximum number of multi-region groups for account ${ctx.user.username} has been exceeded: ${current} of maxMultiRegions ${maxMultiRegions} in use`,
      "GET /api/v1/multi-regions/quota shows the allowance; delete a group or ask for a higher maxMultiRegions",
    );
  }
  if (ctx.data.multiRegionGroups.list(ctx.owner).some((g) => g.name === name))
    throw conflict(`A multi-region group with name '${name}' already exists for this account.`);
  const fields = { name, description: str(b, "description") ?? "", state: "Active" };
  const g = ctx.data.multiRegionGroups.insert(ctx.owner, fields, isoNow(ctx));
  return ok({ id: g.id }, audited(ctx.data.multiRegionGroups.resourceType, g.id));
}

export function get(ctx: MCtx) {
  return ok(groupView(ctx, findGroup(ctx, ctx.params.id)));
}

/** The caller's groups in the routed region: the paged envelope (a list the API composes itself). */
export function list(ctx: MCtx) {
  const match = listFilter<MultiRegionGroupRec>(query(ctx), { name: "name", state: "state" }, ["name"]);
  const rows = ctx.data.multiRegionGroups.list(ctx.owner).filter(match);
  return ok(pagedEnvelope(rows, paging(ctx), (g) => groupView(ctx, g)));
}

/** PUT /multi-regions/{id}?name=&description=: synchronous rename. */
export function update(ctx: MCtx) {
  const g = liveGroup(ctx, ctx.params.id);
  const q = query(ctx);
  const name = str(q, "name");
  const description = str(q, "description");
  if (name !== undefined && name !== g.name) {
    withinLength("name", name);
    if (ctx.data.multiRegionGroups.list(ctx.owner).some((x) => x.name === name && x.id !== g.id))
      throw conflict(`A multi-region group with name '${name}' already exists for this account.`);
  }
  const patch = { ...(name ? { name } : {}), ...(description !== undefined ? { description } : {}) };
  ctx.data.multiRegionGroups.update(g, patch, isoNow(ctx));
  return ok(groupView(ctx, g), audited(ctx.data.multiRegionGroups.resourceType, g.id));
}

/** DELETE /multi-regions/{id}: a job that revokes every member, then the group (deleteGlobalLoadBalancerRule). */
export function remove(ctx: MCtx) {
  const g = liveGroup(ctx, ctx.params.id);
  for (const m of membersOf(ctx, g.id).filter(holding))
    ctx.data.multiRegionMembers.update(m, { state: "Revoke" });
  return stateJob(ctx, ctx.data.multiRegionGroups, g, {
    command: "deleteMultiRegionGroup",
    interim: "Revoke",
  });
}

/**
 * POST /multi-regions/{id}/vpcs {regionId, vpcId}: the VPC is looked up in the caller's account in `regionId`
 * (not the routed region, where the group is); the job runs in the routed region. Refusals in
 * assignToGlobalLoadBalancerRule's order, then the member ceiling (maxMultiRegionMembers, per group).
 */
export function addVpc(ctx: MCtx) {
  const g = liveGroup(ctx, ctx.params.id);
  const b = body(ctx);
  const regionId = reqStr(b, "regionId");
  const vpcId = reqStr(b, "vpcId");
  const region = activeRegion(ctx.store, regionId, "regionId must be a region id from GET /api/v1/regions");
  if (!ctx.user.regionIds.includes(region.id)) throw forbidden(noAccountIn(ctx.user.sub, region));
  const owner = ownerIn(ctx.user.sub, region);
  const vpc = ctx.data.vpcs.get(owner, vpcId);
  if (!vpc) {
    const elsewhere = ctx.data.vpcs.where((v) => v.id === vpcId && v.account === ctx.user.sub)[0];
    throw new ApiError(
      404,
      `VPC ${vpcId} not found in region ${region.name}`,
      elsewhere
        ? `the VPC is in region ${regionOf(ctx.store, elsewhere.regionId).regionName}: give that regionId`
        : undefined,
    );
  }
  if (vpc.state !== "Implemented")
    throw conflict(`VPC ${vpc.name} is ${vpc.state}; wait for its job to finish`);
  const members = membersOf(ctx, g.id).filter(holding);
  if (members.some((m) => m.vpcId === vpcId))
    throw badRequest(`VPC ID ${vpcId} is already assigned`, `to multi-region group ${g.name}`);
  const same = members.find((m) => m.vpcRegionId === region.id);
  if (same) {
    throw badRequest(
      "VPC specified should be in unique region",
      `multi-region group ${g.name} already has VPC ${same.vpcId} of region ${region.name}`,
    );
  }
  const { maxMultiRegionMembers } = ctx.quota.limitsOf(ctx.user.sub);
  if (members.length >= maxMultiRegionMembers) {
    throw conflict(
      `Maximum number of VPCs in multi-region group ${g.name} has been exceeded: ${members.length} of maxMultiRegionMembers ${maxMultiRegionMembers}`,
      "GET /api/v1/multi-regions/quota shows the allowance; remove a VPC or ask for a higher maxMultiRegionMembers",
    );
  }
  const fields = { groupId: g.id, vpcId, vpcRegionId: region.id, state: "Add" };
  const m = ctx.data.multiRegionMembers.insert(ctx.owner, fields, isoNow(ctx));
  return recordJob(ctx, ctx.data.multiRegionMembers, m, {
    command: "assignToMultiRegionGroup",
    name: vpc.name,
    payload: { groupId: g.id },
  });
}

const findMember = (ctx: MCtx, id: string) => ctx.data.multiRegionMembers.find(ctx.owner, id);

/** GET /multi-regions/{id}/vpcs: one group's members. */
export function listGroupVpcs(ctx: MCtx) {
  const g = findGroup(ctx, ctx.params.id);
  return ok(pagedEnvelope(membersOf(ctx, g.id), paging(ctx), (m) => memberView(ctx, m)));
}

/** GET /multi-regions/members: the members of every group of the routed region; filters groupId, vpcId, regionId. */
export function listMembers(ctx: MCtx) {
  const q = query(ctx);
  const f = { groupId: str(q, "groupId"), vpcId: str(q, "vpcId"), regionId: str(q, "regionId") };
  const rows = ctx.data.multiRegionMembers
    .list(ctx.owner)
    .filter(
      (m) =>
        (!f.groupId || m.groupId === f.groupId) &&
        (!f.vpcId || m.vpcId === f.vpcId) &&
        (!f.regionId || m.vpcRegionId === f.regionId),
    );
  return ok(pagedEnvelope(rows, paging(ctx), (m) => memberView(ctx, m)));
}

export function getMember(ctx: MCtx) {
  return ok(memberView(ctx, findMember(ctx, ctx.params.memberId)));
}

/** DELETE /multi-regions/members/{memberId}: removeFromGlobalLoadBalancerRule's counterpart, a job. */
export function removeMember(ctx: MCtx) {
  const m = ctx.data.multiRegionMembers.idle(findMember(ctx, ctx.params.memberId));
  const vpc = ctx.data.vpcs.byId(m.vpcId);
  return stateJob(ctx, ctx.data.multiRegionMembers, m, {
    command: "removeFromMultiRegionGroup",
    name: vpc?.name,
    interim: "Revoke",
  });
}

/** A VPC's memberships go with it (deleteVPC): every group, whatever its region, forgets it. */
export function dropVpcMemberships(data: Data<"multiRegionMembers">, vpcId: string): void {
  for (const m of data.multiRegionMembers.where((x) => x.vpcId === vpcId))
    data.multiRegionMembers.delete(m.id);
}

export const multiRegionJobEffects: Record<string, JobEffect<MultiRegionData>> = {
  assignToMultiRegionGroup: {
    success(data, job) {
      const m = data.multiRegionMembers.byId(job.resourceId);
      if (m) data.multiRegionMembers.update(m, { state: "Active" }, stampOf(job));
    },
    failure(data, job) {
      const m = data.multiRegionMembers.byId(job.resourceId);
      if (m) data.multiRegionMembers.update(m, { state: "Error" }, stampOf(job));
    },
  },
  removeFromMultiRegionGroup: {
    success(data, job) {
      data.multiRegionMembers.delete(job.resourceId);
    },
    failure: restoreEffect("multiRegionMembers").failure,
  },
  deleteMultiRegionGroup: {
    success(data, job) {
      for (const m of data.multiRegionMembers.where((x) => x.groupId === job.resourceId))
        data.multiRegionMembers.delete(m.id);
      data.multiRegionGroups.delete(job.resourceId);
    },
    failure(data, job) {
      restoreEffect("multiRegionGroups").failure(data, job);
      for (const m of data.multiRegionMembers.where(
        (x) => x.groupId === job.resourceId && x.state === "Revoke",
      ))
        data.multiRegionMembers.update(m, { state: "Active" });
    },
  },
};
