// What the recipes share: how they find what a resource stands on among the program's resources.
import { type Ctx, type Res, ref } from "../model";

export const ALGORITHMS = ["roundrobin", "leastconn", "source"];
export const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Pacific/Auckland"];

/** The VPC a tier, address or list belongs to, by the meta the recipes keep. */
export const vpcOf = (r: Res) => r.meta.vpc as string | undefined;

/** Tiers (VPC networks) and isolated networks. */
export const tiers = (ctx: Ctx, vpc?: string) =>
  ctx.of("Network", (n) => vpcOf(n) !== undefined && (!vpc || vpcOf(n) === vpc));
export const isolatedNets = (ctx: Ctx) => ctx.of("Network", (n) => vpcOf(n) === undefined);

/** Instances whose networks include `net`. */
export const instancesOn = (ctx: Ctx, net: string) =>
  ctx.of("Instance", (i) => ((i.inputs.networkIds as { $ref: string }[]) ?? []).some((n) => n.$ref === net));

/** Addresses used by a static NAT or a load balancer rule. */
export const usedBy = (ctx: Ctx, ip: Res, kind: "StaticNat" | "LoadBalancerRule") =>
  ctx.of(kind, (r) => ctx.target(r.inputs.publicIpId)?.name === ip.name);

/**
 * Whether an address is used by a static NAT or a load balancer rule now or was when the round began: one the
 * round removes is deleted only after every create, so the other kind cannot be added on it in the same round
 * (the platform refuses a rule on an address with static NAT, and static NAT on one with rules).
 */
export const usedNowOrBefore = (ctx: Ctx, ip: Res, kind: "StaticNat" | "LoadBalancerRule") =>
  usedBy(ctx, ip, kind).length > 0 ||
  ctx.before.some(
    (r) => r.kind === kind && (r.inputs.publicIpId as { $ref?: string } | undefined)?.$ref === ip.name,
  );

/** A cron schedule that does not fire in the months a soak runs (the emulator does not run them anyway). */
export const cron = (ctx: Ctx) =>
  `${ctx.rng.int(0, 59)} ${ctx.rng.int(0, 23)} ${ctx.rng.int(1, 28)} ${ctx.rng.int(2, 9)} *`;

export const members = (ctx: Ctx, net: string) =>
  ctx.rng.some(instancesOn(ctx, net), ctx.rng.int(0, 2)).map((i) => ref(i));
