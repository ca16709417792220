// On-demand backups' records (CloudStack's BackupVO).
import type { Owned } from "../../records";

/** An on-demand backup of an instance (CloudStack's createBackup); `state` holds CloudStack's Backup.Status. */
export interface BackupRec extends Owned {
  name: string;
  description: string;
  vmId: string;
  vmName: string;
  zoneId: string;
  backupOfferingId: string;
  /** Allocated, BackingUp, BackedUp, Error, Removed (Backup.Status). */
  state: string;
  /** Bytes: the instance's volumes when the backup was taken. */
  size: number;
}

declare module "../../records" {
  interface FamilyRecords {
    backups: BackupRec;
  }
}
