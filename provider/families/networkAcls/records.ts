// The records of the networkAcls family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, opt, str } from "../../client/records";

export const AclListSchema = z.looseObject({ id: z.string(), name: str(), description: str(), vpcId: str() });
export type AclList = z.output<typeof AclListSchema>;

/** CIDRs as a list; the platform joins them with commas (CloudStack's NetworkACLItemResponse). */
const cidrs = () =>
  opt(
    z
      .union([z.string(), z.array(z.string())])
      .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((c) => c.trim()).filter((c) => c !== "")),
  );

/** A rule of a network ACL list (emulator/README.md: CloudStack's NetworkACLItem). */
export const NetworkAclRuleSchema = z.looseObject({
  id: z.string(),
  aclId: str(),
  aclName: str(),
  number: int(),
  protocol: str(),
  startPort: int(),
  endPort: int(),
  icmpType: int(),
  icmpCode: int(),
  cidrList: cidrs(),
  /** Allow or Deny (any case). */
  action: str(),
  /** Ingress or Egress (any case). */
  trafficType: str(),
  /** CloudStack's `reason`: why the rule exists. */
  reason: str(),
  /** Add (being applied), Active, Revoke (being removed). */
  state: str(),
  created: str(),
});
export type NetworkAclRule = z.output<typeof NetworkAclRuleSchema>;
