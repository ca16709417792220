// The platform command names the jobs of the fileSystems family's mutations carry, per operation: what a mutation
// says it starts and what the lost-answer protocol (client/recovery.ts) looks for among the recent jobs.
// Imports nothing, so that the client's shared shapes can name a command (families/jobs.ts).

export const jobs = {
  "fileSystem.create": ["createSharedFileSystem"],
  "fileSystem.resize": ["changeSharedFileSystemDiskOffering"],
  "fileSystem.changeServiceOffering": ["changeSharedFileSystemServiceOffering"],
  "fileSystem.start": ["startSharedFileSystem"],
  "fileSystem.stop": ["stopSharedFileSystem"],
  "fileSystem.restart": ["restartSharedFileSystem"],
  "fileSystem.expunge": ["expungeSharedFileSystem"],
} as const satisfies Record<string, readonly string[]>;
