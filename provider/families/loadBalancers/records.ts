// The records of the loadBalancers family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { opt, record, str } from "../../client/records";

/** A port the platform may show as text (CloudStack's LoadBalancerResponse carries ports as strings). */
const port = () => opt(z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]));

/** A public load-balancer rule (CloudStack's LoadBalancerResponse, emulator/README.md). */
export const LoadBalancerRuleSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  publicIpId: str(),
  publicIp: str(),
  publicPort: port(),
  privatePort: port(),
  /** roundrobin, leastconn or source. */
  algorithm: str(),
  /** tcp, udp or tcp-proxy. */
  protocol: str(),
  networkId: str(),
  zoneId: str(),
  zoneName: str(),
  /** Add (a change being applied), Active, Revoke (being removed). */
  state: str(),
  tags: record(),
  created: str(),
});
export type LoadBalancerRuleRecord = z.output<typeof LoadBalancerRuleSchema>;

/** An internal load balancer (CloudStack's ApplicationLoadBalancerResponse, one rule, emulator/README.md). */
export const InternalLoadBalancerSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  /** Internal. */
  scheme: str(),
  sourceIpAddress: str(),
  sourceIpAddressNetworkId: str(),
  /** The VPC tier of the members. */
  networkId: str(),
  vpcId: str(),
  zoneId: str(),
  sourcePort: port(),
  instancePort: port(),
  /** roundrobin, leastconn or source. */
  algorithm: str(),
  /** Add (a change being applied), Active, Revoke (being removed). */
  state: str(),
  tags: record(),
  created: str(),
});
export type InternalLoadBalancerRecord = z.output<typeof InternalLoadBalancerSchema>;

/** A member of a load-balancer rule (a row of CloudStack's listLoadBalancerRuleInstances). */
export const LoadBalancerMemberSchema = z.looseObject({
  id: z.string(),
  name: str(),
  state: str(),
  ipAddress: str(),
});
export type LoadBalancerMember = z.output<typeof LoadBalancerMemberSchema>;
