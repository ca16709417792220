// Network ACL lists (a VPC's two defaults and the lists made in it), their rules, and the list a VPC tier uses:
// CloudStack's network ACL commands, each change a job. The rules are managed only under /network-acls/rules.
import { collection, defineFamily, RULE_BUSY, apiRoute as r } from "../../family";
import * as rules from "./aclRules";
import * as a from "./networkAcls";

export const networkAclLists = defineFamily({
  key: "networkAclLists",
  label: "Network ACL list",
  resourceType: "NetworkAclList",
  routes: [
    ...collection("/network-acls", a),
    r("GET", "/vpcs/{vpcId}/acl-lists", a.listVpcAcls),
    r("POST", "/networks/{id}/replace-acl", a.replaceNetworkAcl),
  ],
  jobEffects: a.aclListJobEffects,
});

export const networkAclRules = defineFamily({
  key: "networkAclRules",
  label: "Network ACL rule",
  resourceType: "NetworkAclRule",
  states: { busy: RULE_BUSY },
  routes: collection("/network-acls/rules", rules),
  jobEffects: rules.aclRuleJobEffects,
  taggedAs: [{ type: "NetworkACL" }],
});
