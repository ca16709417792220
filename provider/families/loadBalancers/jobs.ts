// The platform command names the jobs of the loadBalancers family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "loadBalancerRule.create": ["createLoadBalancerRule"],
  "loadBalancerRule.update": ["updateLoadBalancerRule"],
  "loadBalancerRule.delete": ["deleteLoadBalancerRule"],
  "loadBalancerRule.assign": ["assignToLoadBalancerRule"],
  "loadBalancerRule.remove": ["removeFromLoadBalancerRule"],
  "internalLoadBalancer.create": ["createLoadBalancer"],
  "internalLoadBalancer.update": ["updateLoadBalancerRule"],
  "internalLoadBalancer.delete": ["deleteLoadBalancer"],
  "internalLoadBalancer.assign": ["assignToLoadBalancerRule"],
  "internalLoadBalancer.remove": ["removeFromLoadBalancerRule"],
} as const satisfies Record<string, readonly string[]>;
