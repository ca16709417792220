// The platform command names the jobs of the privateGateways family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "vpcGateway.create": ["createPrivateGateway"],
  "vpcGateway.delete": ["deletePrivateGateway"],
  "vpcGateway.replaceAcl": ["replaceNetworkACLList"],
} as const satisfies Record<string, readonly string[]>;
