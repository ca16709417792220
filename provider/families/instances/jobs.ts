// The platform command names the jobs of the instances family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "instance.deploy": ["deployVirtualMachine", "deployInstance", "createInstance"],
  "instance.start": ["startVirtualMachine", "startInstance"],
  "instance.stop": ["stopVirtualMachine", "stopInstance"],
  "instance.reboot": ["rebootVirtualMachine", "rebootInstance", "restartInstance"],
  "instance.scale": ["scaleVirtualMachine", "scaleInstance"],
  "instance.migrate": ["migrateVirtualMachine", "migrateInstance"],
  "instance.destroy": ["destroyVirtualMachine", "expungeVirtualMachine", "deleteInstance", "destroyInstance"],
  "instance.assignBackupOffering": ["assignVirtualMachineToBackupOffering"],
  "instance.removeBackupOffering": ["removeVirtualMachineFromBackupOffering"],
} as const satisfies Record<string, readonly string[]>;
