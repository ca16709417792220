// Shared file systems: CloudStack's Shared FileSystem commands (createSharedFileSystem, listSharedFileSystems,
// updateSharedFileSystem, changeSharedFileSystemDiskOffering, changeSharedFileSystemServiceOffering,
// start/stop/restartSharedFileSystem, destroySharedFileSystem, expungeSharedFileSystem) under the spec's
// /filesystems; every change but the rename and the destroy is a job.
import { collection, defineFamily, apiRoute as r } from "../family";
import * as f from "../handlers/fileSystems";
import type { FileSystemRec } from "../records";

export const fileSystems = defineFamily<FileSystemRec>()({
  key: "fileSystems",
  label: "Shared FileSystem",
  resourceType: "SharedFS",
  // SharedFS.State: the transitional states (Allocated while the create job deploys it)
  states: { busy: ["Allocated", "Starting", "Stopping", "Expunging"], failed: "Error", gone: ["Destroyed"] },
  routes: [
    ...collection("/filesystems", f),
    r("POST", "/filesystems/{id}/resize", f.resizeFileSystem),
    r("POST", "/filesystems/{id}/change-service-offering", f.changeFileSystemOffering),
    r("POST", "/filesystems/{id}/start", f.startFileSystem),
    r("POST", "/filesystems/{id}/stop", f.stopFileSystem),
    r("POST", "/filesystems/{id}/restart", f.restartFileSystem),
    r("POST", "/filesystems/{id}/expunge", f.expungeFileSystem),
  ],
  jobEffects: f.fileSystemJobEffects,
});
