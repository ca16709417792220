// Public load-balancer rules under /api/v1/loadbalancer/rules (CloudStack's createLoadBalancerRule and its
// kin), each change a job, with their member instances. Tagged through the generic /tags route only (the spec
// names no tag route of their own), as CloudStack's resource type LoadBalancer.
import { defineFamily, apiRoute as r } from "../family";
import * as ilb from "../handlers/internalLoadBalancers";
import * as lb from "../handlers/loadBalancerRules";
import type { InternalLoadBalancerRec, LoadBalancerRuleRec } from "../records";

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

// Internal load balancers under /api/v1/loadbalancer/internal (CloudStack's createLoadBalancer with scheme
// Internal, listLoadBalancers, deleteLoadBalancer, and the member and update commands the public rules share).
// Tagged through the generic /tags route only, as CloudStack's resource type LoadBalancer.
export const internalLoadBalancers = defineFamily<InternalLoadBalancerRec>()({
  key: "internalLoadBalancers",
  label: "Internal load balancer",
  resourceType: "LoadBalancer",
  states: { busy: ["Add", "Revoke"] },
  routes: [
    r("POST", "/loadbalancer/internal", ilb.createInternal),
    r("GET", "/loadbalancer/internal", ilb.listInternal),
    r("GET", "/loadbalancer/internal/{id}", ilb.getInternal),
    r("PUT", "/loadbalancer/internal/{id}", ilb.updateInternal),
    r("DELETE", "/loadbalancer/internal/{id}", ilb.deleteInternal),
    r("GET", "/loadbalancer/internal/{id}/instances", ilb.listInternalMembers),
    r("POST", "/loadbalancer/internal/{id}/instances", ilb.assignInternalMembers),
    r("DELETE", "/loadbalancer/internal/{id}/instances", ilb.removeInternalMembers),
  ],
  jobEffects: ilb.internalLoadBalancerJobEffects,
  tags: {},
});
