// Per-user allowances as the API shows them, and the organization routes (the only ones that accept
// X-Tenant-Context). Usage counts come from the quota service, which the family declarations configure.
import { type Ctx, ok } from "../http";

/** GET /tenants/my-limits: `<key>Limit` and `<key>Count` for every family with a quota key, in family order. */
export function myLimits(ctx: Ctx) {
  const l = ctx.quota.limitsOf(ctx.user.sub);
  const u = ctx.quota.usage(ctx.user.sub);
  const out: Record<string, number> = {};
  for (const key of ctx.quota.keys) {
    out[`${key}Limit`] = l[`${key}Limit`];
    out[`${key}Count`] = u[key];
  }
  return ok(out);
}

export function multiRegionQuota(ctx: Ctx) {
  const l = ctx.quota.limitsOf(ctx.user.sub);
  return ok({
    maxMultiRegions: l.maxMultiRegions,
    maxMultiRegionMembers: l.maxMultiRegionMembers,
    currentMultiRegions: 0,
  });
}

/** The emulator has no organizations: the caller's memberships and invitations are empty lists. */
export function myTenants(_ctx: Ctx) {
  return ok([]);
}

export function listInvitations(_ctx: Ctx) {
  return ok([]);
}
