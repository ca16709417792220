// What the resources of one program make of a public address: a static NAT maps the whole address onto one instance,
// a load-balancer rule balances one of its ports, and the platform takes one or the other (enableStaticNat refuses an
// address with rules, createLoadBalancerRule one with static NAT). Live records are judged by each kind's own rules
// on the address; this judges two resources of the program that claim one address the two ways, which the API would
// otherwise refuse at up, after the first of the two is made.

import type { Exclusive } from "../../kinds/define";

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
