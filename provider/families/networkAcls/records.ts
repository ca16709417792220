// The records of the networkAcls family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, opt, str } from "../../client/records";

export const AclListSchema = z
  .looseObject({
    id: z.string().describe("The id of the network ACL list (`cim.NetworkAclList`, or one of a VPC's default lists)."),
    name: str().describe("The list's name; `default_allow` and `default_deny` are the lists every VPC has."),
    description: str().describe("The list's description."),
    vpcId: str().describe("The id of the VPC the list belongs to (`cim.Vpc`)."),
  })
  .describe("A network ACL list of a VPC: the ordered rules a tier's traffic is matched against (`cim.NetworkAclList`).");
export type AclList = z.output<typeof AclListSchema>;

/** CIDRs as a list; the platform joins them with commas (CloudStack's NetworkACLItemResponse). */
const cidrs = () => opt(z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : v.split(",")).map((c) => c.trim()).filter((c) => c !== "")));

/** A rule of a network ACL list (emulator/README.md: CloudStack's NetworkACLItem). */
export const NetworkAclRuleSchema = z
  .looseObject({
    id: z.string().describe("The id of the rule (`cim.NetworkAclRule`)."),
    aclId: str().describe("The id of the network ACL list the rule belongs to (`cim.NetworkAclList`)."),
    aclName: str().describe("The name of that list."),
    number: int().describe("The rule's place in its list, unique in the list: rules are matched in this order."),
    protocol: str().describe("The protocol the rule matches: tcp, udp, icmp, all, or a protocol number."),
    startPort: int().describe("The first port of the range the rule matches (tcp and udp rules)."),
    endPort: int().describe("The last port of the range the rule matches (tcp and udp rules)."),
    icmpType: int().describe("The ICMP type the rule matches (icmp rules; -1 for any)."),
    icmpCode: int().describe("The ICMP code the rule matches (icmp rules; -1 for any)."),
    cidrList: cidrs().describe("The CIDRs traffic comes from (ingress) or goes to (egress); the platform joins them with commas, read as a list."),
    action: str().describe("What the rule does with matching traffic: Allow or Deny (in any case)."),
    trafficType: str().describe("The direction the rule applies to: Ingress or Egress (in any case)."),
    reason: str().describe("Why the rule exists, as its author wrote it."),
    state: str().describe("The rule's state: Add (being applied), Active, or Revoke (being removed)."),
    created: str().describe("When the rule was created (ISO 8601 timestamp)."),
  })
  .describe("A rule of a network ACL list: which traffic, from or to where, is allowed or denied (`cim.NetworkAclRule`).");
export type NetworkAclRule = z.output<typeof NetworkAclRuleSchema>;
