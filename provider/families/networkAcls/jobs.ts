// The platform command names the jobs of the networkAcls family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "network.replaceAcl": ["replaceNetworkACLList"],
  "networkAclList.create": ["createNetworkACLList"],
  "networkAclList.delete": ["deleteNetworkACLList"],
  "networkAclRule.create": ["createNetworkACL"],
  "networkAclRule.update": ["updateNetworkACLItem"],
  "networkAclRule.delete": ["deleteNetworkACL"],
} as const satisfies Record<string, readonly string[]>;
