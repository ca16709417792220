// Volumes' records (CloudStack's VolumeVO).
import type { Tagged } from "../../records";

export interface VolumeRec extends Tagged {
  /** CloudStack's volume type: an instance's root disk (device 0), or a data disk (absent in older state). */
  type?: "ROOT" | "DATADISK";
  name: string;
  zoneId: string;
  diskOfferingId: string;
  size: number;
  state: string;
  virtualMachineId?: string;
  deviceId?: number;
  /** The volume snapshot it was made from (CloudStack's createVolume with snapshotid). */
  snapshotId?: string;
}

declare module "../../records" {
  interface FamilyRecords {
    volumes: VolumeRec;
  }
}
