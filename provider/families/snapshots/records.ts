// The records of the snapshots family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { num, str } from "../../client/records";

/** A volume snapshot (emulator/README.md: CloudStack's Snapshot; BackedUp when usable). */
export const VolumeSnapshotSchema = z
  .looseObject({
    id: z.string().describe("The snapshot's id."),
    name: str().describe("The snapshot's name."),
    volumeId: str().describe("The id of the volume it was taken of (a `cim.Volume`'s id); kept once the volume is gone."),
    volumeName: str().describe("The volume's name when the snapshot was taken."),
    volumeType: str().describe("The kind of volume it was taken of: ROOT (an instance's root disk) or DATADISK."),
    virtualMachineId: str().describe("The id of the instance the volume is attached to now, if any (`cim.getInstance`)."),
    zoneId: str().describe("The id of the snapshot's zone (`cim.getZone`)."),
    zoneName: str().describe("The name of the snapshot's zone."),
    diskOfferingId: str().describe("The id of the volume's disk offering when the snapshot was taken, if it had one (`cim.getDiskOffering`)."),
    size: num().describe("The volume's size in GB when the snapshot was taken; a volume made from the snapshot is at least this big."),
    state: str().describe("The platform's snapshot state: Allocated, Creating, BackingUp, BackedUp, Error or Destroying; BackedUp when usable."),
    created: str().describe("When the snapshot was taken (ISO 8601)."),
  })
  .describe("A point-in-time copy of a volume, for restoring it as a new volume (`cim.VolumeSnapshot`).");
export type VolumeSnapshot = z.output<typeof VolumeSnapshotSchema>;

/** An instance snapshot (emulator/README.md: CloudStack's VMSnapshot). */
export const InstanceSnapshotSchema = z
  .looseObject({
    id: z.string().describe("The snapshot's id."),
    name: str().describe("The snapshot's name, unique among the instance's snapshots."),
    description: str().describe("The snapshot's description."),
    virtualMachineId: str().describe("The id of the instance it was taken of (`cim.getInstance`)."),
    virtualMachineName: str().describe("The name of the instance it was taken of."),
    type: str().describe("What it holds: Disk, or DiskAndMemory (the instance's memory too)."),
    state: str().describe("The platform's snapshot state: Allocated, Creating, Ready, Expunging, Reverting or Error; Ready when usable."),
    zoneId: str().describe("The id of the instance's zone (`cim.getZone`)."),
    created: str().describe("When the snapshot was taken (ISO 8601)."),
  })
  .describe("The disks (and, when taken with them, the memory) of an instance at a point in time (`cim.InstanceSnapshot`).");
export type InstanceSnapshot = z.output<typeof InstanceSnapshotSchema>;
