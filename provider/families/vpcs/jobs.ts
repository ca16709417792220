// The platform command names the jobs of the vpcs family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "vpc.create": ["createVPC", "createVpc"],
  "vpc.delete": ["deleteVPC", "deleteVpc"],
  "vpc.restart": ["restartVPC", "restartVpc"],
} as const satisfies Record<string, readonly string[]>;
