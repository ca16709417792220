// The organization routes (the spec's tenants), the only ones that accept X-Tenant-Context, which carries one
// of the caller's membership ids. The spec shows /tenants/** and invitation routes and nothing of their shape:
// organizations follow CloudStack's domains (the unit that owns accounts), memberships and invitations its
// project accounts and project invitations (listProjectAccounts, addAccountToProject, listProjectInvitations,
// updateProjectInvitation, deleteProjectInvitation). All synchronous: data the service keeps itself. Usage
// counts of my-limits come from the quota service, which the family declarations configure.
import type { Data } from "../../family";
import { apiLayerNow, audited, pagedEnvelope, paging } from "../../handlers/common";
import { body, bool, query, reqStr, str, withinLength } from "../../handlers/input";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, forbidden, notFound, ok } from "../../http";
import { ownerIn } from "../../repository";
import type { TenantInvitationRec, TenantMembershipRec, TenantRec } from "./records";

export type TenantData = Data<"tenants" | "tenantMemberships" | "tenantInvitations">;
type TCtx = Ctx<TenantData>;

/** CloudStack's project.invite.timeout default: a pending invitation expires after a day. */
const INVITATION_TIMEOUT_MS = 86_400_000;

/** GET /tenants/my-limits: `<key>Limit` and `<key>Count` for every family with a quota key, in family order. */
export function myLimits(ctx: TCtx) {
  contextMembership(ctx);
  const l = ctx.quota.limitsOf(ctx.user.sub);
  const u = ctx.quota.usage(ctx.user.sub);
  const out: Record<string, number> = {};
  for (const key of ctx.quota.keys) {
    out[`${key}Limit`] = l[`${key}Limit`];
    out[`${key}Count`] = u[key];
  }
  return ok(out);
}

// ------------------------------------------------------------------------------------ memberships, context

const membershipsOf = (ctx: TCtx, sub: string) =>
  ctx.data.tenantMemberships.where(
    (m) => m.account === sub && ctx.data.tenants.byId(m.tenantId) !== undefined,
  );

/**
 * The membership X-Tenant-Context names, when the header is sent: one of the caller's, else 403 (the header is
 * the caller's organization context; another user's membership is not theirs to act in).
 */
function contextMembership(ctx: TCtx): TenantMembershipRec | undefined {
  const raw = ctx.headers["x-tenant-context"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "") return undefined;
  const m = membershipsOf(ctx, ctx.user.sub).find((x) => x.id === value);
  if (!m) throw forbidden(`X-Tenant-Context ${value} is not a membership of user ${ctx.user.sub}`);
  return m;
}

/** The caller's membership of a tenant, or a 404 that does not say whether the tenant exists. */
function memberOf(ctx: TCtx, tenantId: string): { tenant: TenantRec; membership: TenantMembershipRec } {
  const membership = membershipsOf(ctx, ctx.user.sub).find((m) => m.tenantId === tenantId);
  const tenant = membership && ctx.data.tenants.byId(tenantId);
  if (!tenant || !membership) throw notFound(`Tenant ${tenantId} not found`);
  return { tenant, membership };
}

/** An admin of the tenant, as CloudStack's ModifyProject access check asks of whoever invites. */
function adminOf(ctx: TCtx, tenantId: string) {
  const found = memberOf(ctx, tenantId);
  if (found.membership.role !== "Admin")
    throw forbidden(`User ${ctx.user.sub} is not an admin of tenant ${found.tenant.name}`);
  return found;
}

const username = (ctx: Ctx, sub: string) => ctx.store.state.users[sub]?.username ?? sub;

function tenantView(ctx: TCtx, t: TenantRec, m: TenantMembershipRec) {
  return {
    ...fieldsOf(t, ["id", "name", "description", "state"]),
    owner: username(ctx, t.account),
    membershipId: m.id,
    role: m.role,
    memberCount: ctx.data.tenantMemberships.where((x) => x.tenantId === t.id).length,
    created: t.created,
  };
}

function membershipView(ctx: TCtx, m: TenantMembershipRec) {
  const t = ctx.data.tenants.byId(m.tenantId);
  return {
    ...fieldsOf(m, ["id", "tenantId"]),
    tenantName: t?.name ?? "",
    user: username(ctx, m.account),
    ...fieldsOf(m, ["role", "created"]),
  };
}

// ------------------------------------------------------------------------------------------------ tenants

/** POST /tenants {name, description?}: the caller becomes its Admin (as a project's creator is its owner). */
export function create(ctx: TCtx) {
  const b = body(ctx);
  const name = withinLength("name", reqStr(b, "name"));
  const mine = membershipsOf(ctx, ctx.user.sub).map((m) => ctx.data.tenants.byId(m.tenantId)?.name);
  if (mine.includes(name))
    throw badRequest(`Tenant with name ${name} already exists for user ${ctx.user.sub}`);
  const owner = homeOwner(ctx);
  const now = apiLayerNow(ctx);
  const t = ctx.data.tenants.insert(
    owner,
    { name, description: str(b, "description") ?? "", state: "Active" },
    now,
  );
  ctx.data.tenantMemberships.insert(owner, { tenantId: t.id, role: "Admin" }, now);
  return ok({ id: t.id }, audited(ctx.data.tenants.resourceType, t.id));
}

/** Organization records are not region-scoped: they are kept under the default region's id. */
function homeOwner(ctx: TCtx) {
  const home = ctx.store.state.regions.find((r) => r.primary) ?? ctx.store.state.regions[0];
  return ownerIn(ctx.user.sub, home);
}

/** GET /tenants: the caller's organizations (only the context's one when X-Tenant-Context is sent). */
export function list(ctx: TCtx) {
  const context = contextMembership(ctx);
  const rows = membershipsOf(ctx, ctx.user.sub).filter((m) => !context || m.id === context.id);
  return ok(pagedEnvelope(rows, paging(ctx), (m) => tenantView(ctx, ctx.data.tenants.byId(m.tenantId)!, m)));
}

export function get(ctx: TCtx) {
  contextMembership(ctx);
  const { tenant, membership } = memberOf(ctx, ctx.params.tenantId);
  return ok(tenantView(ctx, tenant, membership));
}

/** GET /tenants/memberships: the caller's memberships, whose ids are what X-Tenant-Context carries. */
export function listMemberships(ctx: TCtx) {
  contextMembership(ctx);
  const rows = membershipsOf(ctx, ctx.user.sub);
  return ok(pagedEnvelope(rows, paging(ctx), (m) => membershipView(ctx, m)));
}

/** GET /tenants/{tenantId}/members: listProjectAccounts, for members of the tenant. */
export function listMembers(ctx: TCtx) {
  contextMembership(ctx);
  const { tenant } = memberOf(ctx, ctx.params.tenantId);
  const rows = ctx.data.tenantMemberships.where((m) => m.tenantId === tenant.id);
  return ok(pagedEnvelope(rows, paging(ctx), (m) => membershipView(ctx, m)));
}

// ------------------------------------------------------------------------------------------- invitations

/** Pending past the timeout reads as Expired (ProjectInvitationDao.isActive). */
function stateOf(ctx: Ctx, i: TenantInvitationRec): string {
  if (i.state !== "Pending") return i.state;
  const sent = i.sentMs ?? Date.parse(i.created);
  return ctx.clock.now() - sent > INVITATION_TIMEOUT_MS ? "Expired" : "Pending";
}

function invitationView(ctx: TCtx, i: TenantInvitationRec) {
  return {
    ...fieldsOf(i, ["id", "tenantId"]),
    tenantName: ctx.data.tenants.byId(i.tenantId)?.name ?? "",
    user: username(ctx, i.invitee),
    invitedBy: username(ctx, i.account),
    state: stateOf(ctx, i),
    created: i.created,
  };
}

/**
 * POST /tenants/{tenantId}/invitations {user}: addAccountToProject with invitations on. A user already a member
 * is not invited again and the answer names no invitation (CloudStack answers success then); a pending one is
 * refused; a declined or expired one is replaced.
 */
export function inviteUser(ctx: TCtx) {
  contextMembership(ctx);
  const { tenant } = adminOf(ctx, ctx.params.tenantId);
  const invitee = reqStr(body(ctx), "user");
  if (!ctx.store.state.users[invitee]?.active)
    throw badRequest(`Unable to find account name=${invitee} in specified domain id`);
  const audit = audited(ctx.data.tenants.resourceType, tenant.id);
  if (membershipsOf(ctx, invitee).some((m) => m.tenantId === tenant.id)) return ok({}, audit);
  for (const old of ctx.data.tenantInvitations.where(
    (i) => i.tenantId === tenant.id && i.invitee === invitee,
  )) {
    if (stateOf(ctx, old) === "Pending") {
      throw badRequest(
        `There is already a pending invitation for account name=${invitee} to the tenant id=${tenant.id}`,
      );
    }
    ctx.data.tenantInvitations.delete(old.id);
  }
  const fields = { tenantId: tenant.id, invitee, state: "Pending", sentMs: ctx.clock.now() };
  const i = ctx.data.tenantInvitations.insert(homeOwner(ctx), fields, apiLayerNow(ctx));
  return ok({ id: i.id }, audited("TenantInvitation", i.id));
}

/**
 * GET /invitations: listProjectInvitations. In the personal context, the invitations to the caller; with
 * X-Tenant-Context naming an Admin membership, the ones that organization sent. Filters `state`, `tenantId`;
 * `activeOnly=true` keeps Pending ones.
 */
export function listInvitations(ctx: TCtx) {
  const context = contextMembership(ctx);
  const q = query(ctx);
  let rows: TenantInvitationRec[];
  if (context) {
    const { tenant } = adminOf(ctx, context.tenantId);
    rows = ctx.data.tenantInvitations.where((i) => i.tenantId === tenant.id);
  } else {
    rows = ctx.data.tenantInvitations.where(
      (i) => i.invitee === ctx.user.sub && ctx.data.tenants.byId(i.tenantId) !== undefined,
    );
  }
  const state = str(q, "state");
  const tenantId = str(q, "tenantId");
  const active = bool(q, "activeOnly") === true;
  const kept = rows.filter((i) => {
    const s = stateOf(ctx, i);
    return (!state || s === state) && (!tenantId || i.tenantId === tenantId) && (!active || s === "Pending");
  });
  return ok(pagedEnvelope(kept, paging(ctx), (i) => invitationView(ctx, i)));
}

/** PUT /invitations/{id}?accept=true|false: updateProjectInvitation, by the invitee, on a pending one. */
export function answerInvitation(ctx: TCtx) {
  contextMembership(ctx);
  const i = ctx.data.tenantInvitations.byId(ctx.params.id);
  const accept = bool(query(ctx), "accept") ?? true;
  if (!i || i.invitee !== ctx.user.sub || stateOf(ctx, i) !== "Pending") {
    throw badRequest(
      `Unable to find invitation for account name=${ctx.user.sub} to the tenant id=${i?.tenantId ?? ctx.params.id}`,
    );
  }
  const now = apiLayerNow(ctx);
  ctx.data.tenantInvitations.update(i, { state: accept ? "Completed" : "Declined" }, now);
  if (accept) {
    ctx.data.tenantMemberships.insert(
      { ...homeOwner(ctx), account: ctx.user.sub },
      { tenantId: i.tenantId, role: "Regular" },
      now,
    );
  }
  return ok(invitationView(ctx, i), audited("TenantInvitation", i.id));
}

/** DELETE /invitations/{id}: deleteProjectInvitation, by an admin of the tenant. */
export function deleteInvitation(ctx: TCtx) {
  contextMembership(ctx);
  const i = ctx.data.tenantInvitations.byId(ctx.params.id);
  if (!i) throw notFound(`Invitation ${ctx.params.id} not found`);
  adminOf(ctx, i.tenantId);
  ctx.data.tenantInvitations.delete(i.id);
  return ok({ id: i.id }, audited("TenantInvitation", i.id));
}

/** The invitation collection's handlers, under their conventional names (invitations are sent under a tenant). */
export const invitations = { list: listInvitations, update: answerInvitation, remove: deleteInvitation };
