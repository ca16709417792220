// Shared file systems' records (CloudStack's SharedFSVO).
import type { Owned } from "../../records";

/**
 * CloudStack's shared file system (createSharedFileSystem): an NFS export served by a file-system VM with a NIC
 * on `networkId` (its address is `ipAddress`), its data on a volume of `diskOfferingId` of `sizeGb`. The VM and
 * the volume are not records of their own here (see emulator/README.md), but count against the account's instance
 * and volume allowances while the file system holds them (fileSystems.ts: fsVmsOf).
 */
export interface FileSystemRec extends Owned {
  name: string;
  description: string;
  zoneId: string;
  networkId: string;
  ipAddress: string;
  diskOfferingId: string;
  serviceOfferingId: string;
  sizeGb: number;
  /** XFS or EXT4 (SharedFS.FileSystemType). */
  filesystem: string;
  /** SharedFS.State: Allocated, Ready, Stopping, Stopped, Starting, Destroyed, Expunging, Expunged, Error. */
  state: string;
}

declare module "../../records" {
  interface FamilyRecords {
    fileSystems: FileSystemRec;
  }
}
