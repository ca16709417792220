// Network ACL lists (a VPC's two defaults and the lists made in it), their rules, and the list a VPC tier uses:
// CloudStack's network ACL commands, each change a job. The rules are managed only under /network-acls/rules.
import { defineFamily, apiRoute as r } from "../family";
import * as rules from "../handlers/aclRules";
import * as a from "../handlers/networkAcls";
import type { NetworkAclListRec, NetworkAclRuleRec } from "../records";

export const networkAclLists = defineFamily<NetworkAclListRec>()({
  key: "networkAclLists",
  label: "Network ACL list",
  resourceType: "NetworkAclList",
  routes: [
    r("GET", "/network-acls", a.listNetworkAcls),
    r("GET", "/vpcs/{vpcId}/acl-lists", a.listVpcAcls),
    r("POST", "/network-acls", a.createAclList),
    r("GET", "/network-acls/{id}", a.getAclList),
    r("PUT", "/network-acls/{id}", a.updateAclList),
    r("DELETE", "/network-acls/{id}", a.deleteAclList),
    r("POST", "/networks/{id}/replace-acl", a.replaceNetworkAcl),
  ],
  jobEffects: a.aclListJobEffects,
});

export const networkAclRules = defineFamily<NetworkAclRuleRec>()({
  key: "networkAclRules",
  label: "Network ACL rule",
  resourceType: "NetworkAclRule",
  // CloudStack's NetworkACLItem.State: Add while being applied, Revoke while being removed
  states: { busy: ["Add", "Revoke"] },
  routes: [
    r("POST", "/network-acls/rules", rules.createRule),
    r("GET", "/network-acls/rules", rules.listRules),
    r("GET", "/network-acls/rules/{id}", rules.getRule),
    r("PUT", "/network-acls/rules/{id}", rules.updateRule),
    r("DELETE", "/network-acls/rules/{id}", rules.deleteRule),
  ],
  jobEffects: rules.aclRuleJobEffects,
});
