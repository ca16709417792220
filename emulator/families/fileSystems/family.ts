// Shared file systems: CloudStack's Shared FileSystem commands (createSharedFileSystem, listSharedFileSystems,
// updateSharedFileSystem, changeSharedFileSystemDiskOffering, changeSharedFileSystemServiceOffering,
// start/stop/restartSharedFileSystem, destroySharedFileSystem, expungeSharedFileSystem) under the spec's
// /filesystems; every change but the rename and the destroy is a job.
import { actions, collection, defineFamily } from "../../family";
import * as f from "./fileSystems";

export const fileSystems = defineFamily({
  key: "fileSystems",
  label: "Shared FileSystem",
  resourceType: "SharedFS",
  // SharedFS.State: the transitional states (Allocated while the create job deploys it)
  states: { busy: ["Allocated", "Starting", "Stopping", "Expunging"], failed: "Error", gone: ["Destroyed"] },
  routes: [...collection("/filesystems", f), ...actions("/filesystems", f.actions)],
  jobEffects: f.fileSystemJobEffects,
  // the file-system VM is a user VM of the account with its root disk and data volume (StorageVmSharedFSLifeCycle)
  holds: [
    { key: "instance", amount: f.fsVmsOf },
    { key: "volume", amount: f.fsVolumesOf },
  ],
});
