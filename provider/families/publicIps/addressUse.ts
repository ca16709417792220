// What the resources of one program make of a public address: a static NAT maps the whole address onto one instance,
// a load-balancer rule balances one of its ports, and the platform takes one or the other (enableStaticNat refuses an
// address with rules, createLoadBalancerRule one with static NAT). Live records are judged by each kind's own rules
// on the address; this judges two resources of the program that claim one address the two ways, which the API would
// otherwise refuse at up, after the first of the two is made.

import type { Exclusive, LiveRecord, LiveRules } from "../../kinds/define";

type Use = "static NAT" | "load balancing";
type AddressUse = { address: string; use: Use };

export function addressUse(use: Use): Exclusive<AddressUse> {
  return {
    property: "publicIpId",
    needs: ["publicIpId"],
    among: "public address use",
    claimed: (i) => (typeof i.publicIpId === "string" ? { address: i.publicIpId, use } : undefined),
    clash: (a, b) => a.address === b.address && a.use !== b.use,
    buckets: (v) => [v.address],
    shown: (v) => v.address,
    twice: (_mine, theirs) =>
      `address ${theirs.address} for ${theirs.use}, and the platform maps no static NAT onto an address with load-balancer rules, nor balances an address with static NAT. Give one of the two another address (a cim.PublicIp)`,
  };
}

type Row = LiveRecord & Record<string, unknown>;

/**
 * The network an address serves when a rule or mapping of it is made: an isolated network's own; for a VPC's address,
 * the tier its static NAT or its load-balancer rules point into, while one does. What the checked resource's
 * replacement deletes first (`own`: its static NAT, or its rule) no longer keeps it there: the platform unassigns a
 * VPC's address nothing points from its tier. Empty: none. A list that cannot be read now keeps what the address
 * shows (best effort, as every lookup of a check).
 */
export async function servedWhenMade(
  ip: Row,
  { creating, find }: LiveRules,
  own: { nat?: boolean; rule?: (r: Row) => boolean },
): Promise<string> {
  const serves = typeof ip.associatedNetworkId === "string" ? ip.associatedNetworkId : "";
  const vpc = typeof ip.vpcId === "string" && ip.vpcId !== "";
  if (!serves || !vpc || !creating || (ip.isStaticNat === true && !own.nat)) return serves;
  const others = await find(
    "LoadBalancerRule",
    (r) => (r as Row).publicIpId === ip.id && !own.rule?.(r as Row),
  );
  return others !== undefined && others.length === 0 ? "" : serves;
}
