// Public load-balancer rules under /api/v1/loadbalancer/rules (CloudStack's createLoadBalancerRule and its
// kin), each change a job, with their member instances. Tagged through the generic /tags route only (the spec
// names no tag route of their own), as CloudStack's resource type LoadBalancer.
import { collection, defineFamily, RULE_BUSY, apiRoute as r } from "../../family";
import type { Handler } from "../../http";
import * as ilb from "./internalLoadBalancers";
import * as lb from "./loadBalancerRules";

/**
 * What both balancer families are: CloudStack's resource type LoadBalancer (one table for both schemes), applied
 * like a rule (Add, Revoke) and tagged through the generic /tags route only, with the collection's routes and
 * its member instances under {id}/instances.
 */
function balancerFamily(path: string, h: typeof lb | typeof ilb) {
  const members = `${path}/{id}/instances`;
  const m: Record<"list" | "assign" | "remove", Handler> = h.members;
  return {
    resourceType: "LoadBalancer",
    states: { busy: RULE_BUSY },
    routes: [
      ...collection(path, h),
      r("GET", members, m.list),
      r("POST", members, m.assign),
      r("DELETE", members, m.remove),
    ],
    tags: {},
  };
}

export const loadBalancerRules = defineFamily({
  key: "loadBalancerRules",
  label: "Load balancer rule",
  ...balancerFamily("/loadbalancer/rules", lb),
  jobEffects: lb.loadBalancerRuleJobEffects,
});

// Internal load balancers under /api/v1/loadbalancer/internal (CloudStack's createLoadBalancer with scheme
// Internal, listLoadBalancers, deleteLoadBalancer, and the member and update commands the public rules share).
// Tagged through the generic /tags route only, as CloudStack's resource type LoadBalancer.
export const internalLoadBalancers = defineFamily({
  key: "internalLoadBalancers",
  label: "Internal load balancer",
  ...balancerFamily("/loadbalancer/internal", ilb),
  jobEffects: ilb.internalLoadBalancerJobEffects,
});
