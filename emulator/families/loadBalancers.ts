// Public load-balancer rules under /api/v1/loadbalancer/rules (CloudStack's createLoadBalancerRule and its
// kin), each change a job, with their member instances. Tagged through the generic /tags route only (the spec
// names no tag route of their own), as CloudStack's resource type LoadBalancer.
import { defineFamily, apiRoute as r } from "../family";
import * as lb from "../handlers/loadBalancerRules";
import type { LoadBalancerRuleRec } from "../records";

export const loadBalancerRules = defineFamily<LoadBalancerRuleRec>()({
  key: "loadBalancerRules",
  label: "Load balancer rule",
  resourceType: "LoadBalancer",
  // CloudStack's FirewallRule.State: Add while a change is applied, Revoke while the rule is removed
  states: { busy: ["Add", "Revoke"] },
  routes: [
    r("POST", "/loadbalancer/rules", lb.createRule),
    r("GET", "/loadbalancer/rules", lb.listRules),
    r("GET", "/loadbalancer/rules/{id}", lb.getRule),
    r("PUT", "/loadbalancer/rules/{id}", lb.updateRule),
    r("DELETE", "/loadbalancer/rules/{id}", lb.deleteRule),
    r("GET", "/loadbalancer/rules/{id}/instances", lb.listInstances),
    r("POST", "/loadbalancer/rules/{id}/instances", lb.assignInstances),
    r("DELETE", "/loadbalancer/rules/{id}/instances", lb.removeInstances),
  ],
  jobEffects: lb.loadBalancerRuleJobEffects,
  tags: {},
});
