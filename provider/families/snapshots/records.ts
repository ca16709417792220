// The records of the snapshots family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { num, str } from "../../client/records";

/** A volume snapshot (emulator/README.md: CloudStack's Snapshot; BackedUp when usable). */
export const VolumeSnapshotSchema = z.looseObject({
  id: z.string(),
  name: str(),
  volumeId: str(),
  volumeName: str(),
  /** ROOT or DATADISK: the kind of volume it was taken of. */
  volumeType: str(),
  /** The instance the volume is attached to now, if any. */
  virtualMachineId: str(),
  zoneId: str(),
  zoneName: str(),
  diskOfferingId: str(),
  /** GB: the volume's size when taken. */
  size: num(),
  /** Allocated, Creating, BackingUp, BackedUp, Error, Destroying (CloudStack's Snapshot.State). */
  state: str(),
  created: str(),
});
export type VolumeSnapshot = z.output<typeof VolumeSnapshotSchema>;

/** An instance snapshot (emulator/README.md: CloudStack's VMSnapshot). */
export const InstanceSnapshotSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  virtualMachineId: str(),
  virtualMachineName: str(),
  /** Disk, or DiskAndMemory (CloudStack's VMSnapshot.Type). */
  type: str(),
  /** Allocated, Creating, Ready, Expunging, Reverting, Error (CloudStack's VMSnapshot.State). */
  state: str(),
  zoneId: str(),
  created: str(),
});
export type InstanceSnapshot = z.output<typeof InstanceSnapshotSchema>;
