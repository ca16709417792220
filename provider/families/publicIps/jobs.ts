// The platform command names the jobs of the publicIps family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "publicIp.acquire": ["associateIpAddress"],
  "publicIp.release": ["disassociateIpAddress"],
  "staticNat.enable": ["enableStaticNat"],
  "staticNat.disable": ["disableStaticNat"],
} as const satisfies Record<string, readonly string[]>;
