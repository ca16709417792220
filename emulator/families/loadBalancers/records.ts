// Load balancers' records: public rules and internal load balancers.
import type { Tagged } from "../../records";

/**
 * What every load balancer has (CloudStack's LoadBalancerVO, public or internal): a name, an algorithm, the
 * network of its members and the members, and the FirewallRule state of its last change.
 */
export interface LoadBalancerBase extends Tagged {
  name: string;
  description: string;
  /** roundrobin, leastconn or source. */
  algorithm: string;
  /** The network the members are balanced on. */
  networkId: string;
  /** Member instances and the NIC address on the balancer's network each is balanced to (load_balancer_vm_map). */
  members: { vmId: string; vmIp: string }[];
  /** CloudStack's FirewallRule.State: Add (being applied), Active, Revoke (being removed). */
  state: string;
}

/**
 * A public load-balancer rule (CloudStack's LoadBalancerVO with scheme Public): one public port of an address
 * forwarded to one private port of its member instances on the rule's network.
 */
export interface LoadBalancerRuleRec extends LoadBalancerBase {
  publicIpId: string;
  publicPort: number;
  privatePort: number;
  /** tcp, udp or tcp-proxy (CloudStack's lbProtocol). */
  protocol: string;
}

/**
 * An internal load balancer (CloudStack's ApplicationLoadBalancerRuleVO, scheme Internal): a port of a guest
 * address of a VPC tier (the source address, taken from the tier like a NIC's) balanced over instances on it.
 */
export interface InternalLoadBalancerRec extends LoadBalancerBase {
  /** The tier that hands out the source address (CloudStack's sourceipaddressnetworkid; here the member tier). */
  sourceIpNetworkId: string;
  sourceIp: string;
  sourcePort: number;
  instancePort: number;
}

declare module "../../records" {
  interface FamilyRecords {
    loadBalancerRules: LoadBalancerRuleRec;
    internalLoadBalancers: InternalLoadBalancerRec;
  }
}
