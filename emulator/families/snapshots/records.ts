// Volume snapshots' and instance snapshots' records (CloudStack's SnapshotVO, VMSnapshotVO).
import type { Owned } from "../../records";

export interface SnapshotRec extends Owned {
  name: string;
  volumeId: string;
  /** What the volume was when the snapshot was taken (the snapshot keeps it after the volume is gone). */
  volumeName: string;
  volumeType: string;
  zoneId: string;
  diskOfferingId: string;
  /** GB: the volume's size, what a volume made from the snapshot gets at least. */
  size: number;
  /** CloudStack's Snapshot.State: Creating while the job runs, BackedUp when usable, Error, Destroying. */
  state: string;
}

/** An instance snapshot (vmSnapshots.ts holds its routes; the record is here, where both families read it). */
export interface VmSnapshotRec extends Owned {
  /** The name the user gave (CloudStack's displayname; it generates one when none is given). */
  name: string;
  description: string;
  virtualMachineId: string;
  /** CloudStack's VMSnapshot.Type: Disk, or DiskAndMemory for a running instance with memory. */
  type: "Disk" | "DiskAndMemory";
  /** CloudStack's VMSnapshot.State: Creating while the job runs, Ready, Expunging while deleted, Error. */
  state: string;
}

declare module "../../records" {
  interface FamilyRecords {
    snapshots: SnapshotRec;
    vmSnapshots: VmSnapshotRec;
  }
}
