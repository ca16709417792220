// Network ACL lists and their rules (CloudStack's NetworkACLVO, NetworkACLItemVO).
import type { Owned } from "../../records";

/** A network ACL list a user made in a VPC (CloudStack's createNetworkACLList); the defaults are the VPC's `aclLists`. */
export interface NetworkAclListRec extends Owned {
  name: string;
  description: string;
  vpcId: string;
}

/** A rule of a network ACL list (CloudStack's NetworkACLItem), numbered uniquely within its list. */
export interface NetworkAclRuleRec extends Owned {
  aclId: string;
  number: number;
  /** tcp, udp, icmp, all, or a protocol number (lower case, as sent). */
  protocol: string;
  startPort?: number;
  endPort?: number;
  icmpType?: number;
  icmpCode?: number;
  cidrList: string[];
  action: "Allow" | "Deny";
  trafficType: "Ingress" | "Egress";
  reason?: string;
  /** CloudStack's NetworkACLItem.State: Add (being applied), Active, Revoke (being removed). */
  state: string;
}

declare module "../../records" {
  interface FamilyRecords {
    networkAclLists: NetworkAclListRec;
    networkAclRules: NetworkAclRuleRec;
  }
}
