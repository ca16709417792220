// Per-user allowances and the organization routes (the only ones that accept X-Tenant-Context).
import { type Ctx, ok } from "../http";
import { DEFAULT_LIMITS } from "../seed";
import type { Limits, Store } from "../store";

export type QuotaKind = "instance" | "volume" | "vpc" | "network";

/** Usage counts across every region; resources in Error do not count. */
export function usage(store: Store, sub: string): Record<QuotaKind, number> {
  const s = store.state;
  const count = (records: Record<string, { account: string; state: string }>) => {
    let n = 0;
    for (const id in records) {
      const r = records[id];
      if (r.account === sub && r.state !== "Error") n++;
    }
    return n;
  };
  return {
    instance: count(s.instances),
    volume: count(s.volumes),
    vpc: count(s.vpcs),
    network: count(s.networks),
  };
}

export function limitsOf(store: Store, sub: string): Limits {
  store.state.limits[sub] ??= { ...DEFAULT_LIMITS };
  return store.state.limits[sub];
}

/** The detail a create job fails with when the user's allowance is used up, else undefined. */
export function quotaFailure(store: Store, sub: string, kind: QuotaKind, adding = 1): string | undefined {
  const limit = limitsOf(store, sub)[`${kind}Limit`];
  const used = usage(store, sub)[kind];
  return used + adding > limit
    ? `Quota exceeded: ${kind} limit of ${limit} reached for user ${sub}`
    : undefined;
}

export function myLimits(ctx: Ctx) {
  const l = limitsOf(ctx.store, ctx.user.sub);
  const u = usage(ctx.store, ctx.user.sub);
  return ok({
    instanceLimit: l.instanceLimit,
    instanceCount: u.instance,
    volumeLimit: l.volumeLimit,
    volumeCount: u.volume,
    vpcLimit: l.vpcLimit,
    vpcCount: u.vpc,
    networkLimit: l.networkLimit,
    networkCount: u.network,
  });
}

export function multiRegionQuota(ctx: Ctx) {
  const l = limitsOf(ctx.store, ctx.user.sub);
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
