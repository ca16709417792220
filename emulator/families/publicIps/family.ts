// Public IP addresses: acquired for an isolated network or a VPC and released by jobs (CloudStack's
// associateIpAddress / disassociateIpAddress), with static NAT onto an instance (enableStaticNat /
// disableStaticNat, jobs too), tags and comments. Counted against the account's public_ip allowance.
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as p from "./publicIps";
import * as n from "./staticNat";

export const publicIps = defineFamily({
  key: "publicIps",
  label: "Public IP",
  resourceType: "PublicIpAddress",
  quota: { key: "publicIp", default: 20, platformType: "public_ip" },
  states: { busy: ["Allocating", "Releasing"], failed: "Error" },
  routes: [
    ...collection("/public-ips", p),
    r("POST", "/public-ips/{id}/static-nat", n.enableStaticNat),
    r("DELETE", "/public-ips/{id}/static-nat", n.disableStaticNat),
  ],
  jobEffects: { ...p.publicIpJobEffects, ...n.staticNatJobEffects },
  tags: { collection: "/public-ips", comments: { entityType: "PUBLIC_IP_ADDRESS" } },
});
