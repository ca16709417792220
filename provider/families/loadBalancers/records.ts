// The records of the loadBalancers family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { opt, record, str } from "../../client/records";

/** A port the platform may show as text (CloudStack's LoadBalancerResponse carries ports as strings). */
const port = () => opt(z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]));

/** A public load-balancer rule (CloudStack's LoadBalancerResponse, emulator/README.md). */
export const LoadBalancerRuleSchema = z
  .looseObject({
    id: z.string().describe("The id of the load-balancer rule (`cim.LoadBalancerRule`)."),
    name: str().describe("The rule's name."),
    description: str().describe("The rule's description."),
    publicIpId: str().describe("The id of the public IP address whose port the rule balances (`cim.PublicIp`)."),
    publicIp: str().describe("The public address the rule balances, e.g. `198.18.0.7`."),
    publicPort: port().describe("The balanced port of the public address (1–65535); shown as text by the platform, read as a number."),
    privatePort: port().describe("The port on the members traffic is forwarded to (1–65535); shown as text by the platform, read as a number."),
    algorithm: str().describe("How connections are spread over the members: roundrobin, leastconn or source."),
    protocol: str().describe("The protocol balanced: tcp, udp or tcp-proxy."),
    networkId: str().describe("The guest network of the member instances (`cim.Network`): the address's isolated network, or a VPC tier."),
    zoneId: str().describe("The id of the zone the rule belongs to (`cim.getZone`)."),
    zoneName: str().describe("The name of the zone the rule belongs to."),
    state: str().describe("The rule's state: Add (a change being applied), Active, or Revoke (being removed)."),
    tags: record().describe("The rule's tags, key to value."),
    created: str().describe("When the rule was created (ISO 8601 timestamp)."),
  })
  .describe("A public load-balancer rule: traffic to a port of a public address spread over instances of a network (`cim.LoadBalancerRule`).");
export type LoadBalancerRuleRecord = z.output<typeof LoadBalancerRuleSchema>;

/** An internal load balancer (CloudStack's ApplicationLoadBalancerResponse, one rule, emulator/README.md). */
export const InternalLoadBalancerSchema = z
  .looseObject({
    id: z.string().describe("The id of the internal load balancer (`cim.InternalLoadBalancer`)."),
    name: str().describe("The load balancer's name."),
    description: str().describe("The load balancer's description."),
    scheme: str().describe("The load-balancing scheme: always `Internal`."),
    sourceIpAddress: str().describe("The balanced address: a guest address of a VPC tier, e.g. `10.1.1.10`."),
    sourceIpAddressNetworkId: str().describe("The id of the VPC tier the source address is taken from (`cim.Network`)."),
    networkId: str().describe("The id of the VPC tier of the member instances (`cim.Network`)."),
    vpcId: str().describe("The id of the VPC of that tier (`cim.Vpc`)."),
    zoneId: str().describe("The id of the zone of that tier (`cim.getZone`)."),
    sourcePort: port().describe("The balanced port of the source address (1–65535); shown as text by the platform, read as a number."),
    instancePort: port().describe("The port on the members traffic is forwarded to (1–65535); shown as text by the platform, read as a number."),
    algorithm: str().describe("How connections are spread over the members: roundrobin, leastconn or source."),
    state: str().describe("The load balancer's state: Add (a change being applied), Active, or Revoke (being removed)."),
    tags: record().describe("The load balancer's tags, key to value."),
    created: str().describe("When the load balancer was created (ISO 8601 timestamp)."),
  })
  .describe("An internal load balancer: traffic to a port of an address inside a VPC tier spread over its instances (`cim.InternalLoadBalancer`).");
export type InternalLoadBalancerRecord = z.output<typeof InternalLoadBalancerSchema>;

/** A member of a load-balancer rule (a row of CloudStack's listLoadBalancerRuleInstances). */
export const LoadBalancerMemberSchema = z.looseObject({
  id: z.string().describe("The id of the member instance (`cim.Instance`)."),
  name: str().describe("The member instance's name, as the platform reports it."),
  state: str().describe("The member instance's state (Running, Stopped, …)."),
  ipAddress: str().describe("The member's address on the load balancer's network, the one traffic is sent to."),
});
export type LoadBalancerMember = z.output<typeof LoadBalancerMemberSchema>;
