// On-demand backups of instances and an instance's backup offering (CloudStack's createBackup, deleteBackup,
// assignVirtualMachineToBackupOffering, removeVirtualMachineFromBackupOffering): jobs. The allowance is
// CloudStack's `backup` resource type.
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as b from "./backups";

export const backups = defineFamily({
  key: "backups",
  label: "Backup",
  resourceType: "Backup",
  quota: { key: "backup", default: 20, platformType: "backup" },
  // CloudStack's Backup.Status; a backup being deleted shows Removed until its job ends.
  states: {
    busy: ["Allocated", "Queued", "BackingUp", "Restoring"],
    failed: "Error",
    gone: ["Removed", "Expunged"],
  },
  routes: [
    ...collection("/backups", b),
    r("POST", "/compute/instances/{id}/backup-offering", b.assignBackupOffering),
    r("DELETE", "/compute/instances/{id}/backup-offering", b.removeBackupOffering),
  ],
  jobEffects: b.backupJobEffects,
  taggedAs: [{ type: "Backup" }],
});
