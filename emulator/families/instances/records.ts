// Instances' records (CloudStack's UserVmVO and its NICs).
import type { Tagged } from "../../records";

export interface Nic {
  networkId: string;
  ipAddress: string;
  isDefault: boolean;
}

export interface InstanceRec extends Tagged {
  seq: number;
  name: string;
  displayName: string;
  state: string;
  zoneId: string;
  imageType: string;
  templateId?: string;
  isoId?: string;
  serviceOfferingId: string;
  diskOfferingId?: string;
  rootDiskSize: number;
  hypervisor: string;
  haEnabled: boolean;
  deleteProtection: boolean;
  nics: Nic[];
  hostId?: string;
  /** Which of its zone's three hosts it runs on (1-3), once migrated; before that the host follows `seq`. */
  hostIndex?: number;
  keyPair?: string;
  userData?: string;
  startVm: boolean;
  /** Scalable while running: template and offering both allow it, as CloudStack decides at deploy. */
  dynamicallyScalable?: boolean;
  /** Data disks created by dataDiskOfferingList; they go with the instance. */
  dataDiskIds: string[];
  /** Its root disk, a ROOT volume on device 0 (absent in state written before root volumes were listed). */
  rootVolumeId?: string;
  /** imageType volume: the data volume that became its root disk; imageType snapshot: the snapshot copied. */
  volumeId?: string;
  snapshotId?: string;
  /** CloudStack's backup_offering_id: set by assignVirtualMachineToBackupOffering, cleared by its removal. */
  backupOfferingId?: string;
  /** Its instance group (CloudStack's instance_group_vm_map: one group at most), by the group's id. */
  groupId?: string;
  details: Record<string, string>;
}

declare module "../../records" {
  interface FamilyRecords {
    instances: InstanceRec;
  }
}
