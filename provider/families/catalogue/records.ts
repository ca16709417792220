// The records of the catalogue family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, int, num, str } from "../../client/records";

export const MultiRegionQuotaSchema = z.looseObject({
  maxMultiRegions: z.number().int(),
  maxMultiRegionMembers: z.number().int(),
  currentMultiRegions: z.number().int(),
});
export type MultiRegionQuota = z.output<typeof MultiRegionQuotaSchema>;

export const RegionSchema = z.looseObject({
  id: z.string(),
  name: str(),
  primary: bool(),
  active: bool(),
});
export type Region = z.output<typeof RegionSchema>;

export const ZoneSchema = z.looseObject({ id: z.string(), name: str(), regionId: str(), capacity: num() });
export type Zone = z.output<typeof ZoneSchema>;

/** A guest OS type (CloudStack's listOsTypes); `description` is its name. */
export const OsTypeSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  osCategory: str(),
});
export type OsType = z.output<typeof OsTypeSchema>;

export const ComputeOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  cpuNumber: int(),
  cpuSpeed: int(),
  memory: int(),
  zoneId: str(),
});
export type ComputeOffering = z.output<typeof ComputeOfferingSchema>;

export const DiskOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  diskSizeGb: num(),
  customized: bool(),
});
export type DiskOffering = z.output<typeof DiskOfferingSchema>;

export const NetworkOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  forVpc: bool(),
  /** The offering's load balancing serves the Internal scheme (a tier for cim.InternalLoadBalancer). */
  internalLb: bool(),
});
export type NetworkOffering = z.output<typeof NetworkOfferingSchema>;

export const VpcOfferingSchema = z.looseObject({ id: z.string(), name: str() });
export type VpcOffering = z.output<typeof VpcOfferingSchema>;

/** A backup offering (CloudStack's listBackupOfferings row); per zone. */
export const BackupOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  zoneId: str(),
  zoneName: str(),
  provider: str(),
  allowUserDrivenBackups: bool(),
});
export type BackupOffering = z.output<typeof BackupOfferingSchema>;

export const MyLimitsSchema = z.looseObject({
  instanceLimit: num(),
  instanceCount: num(),
  volumeLimit: num(),
  volumeCount: num(),
  vpcLimit: num(),
  vpcCount: num(),
  networkLimit: num(),
  networkCount: num(),
  publicIpLimit: num(),
  publicIpCount: num(),
  snapshotLimit: num(),
  snapshotCount: num(),
  /** CloudStack's `backup` resource type (the emulator reports it; other APIs may not). */
  backupLimit: num(),
  backupCount: num(),
  /** CloudStack's `template` resource type: templates and ISOs (the emulator reports it). */
  templateLimit: num(),
  templateCount: num(),
});
export type MyLimits = z.output<typeof MyLimitsSchema>;

/** A Kubernetes release clusters can run (CloudStack's KubernetesSupportedVersionResponse, camelCase). */
export const KubernetesVersionSchema = z.looseObject({
  id: z.string(),
  name: str(),
  /** MAJOR.MINOR.PATCH, e.g. 1.28.4. */
  semanticVersion: str(),
  /** The least vCPUs and RAM (MB) of a node's compute offering. */
  minimumCpuNumber: int(),
  minimumRamSize: int(),
  /** Enabled or Disabled (no new cluster, no upgrade to it). */
  state: str(),
  supportsHa: bool(),
  supportsAutoscaling: bool(),
});
export type KubernetesVersion = z.output<typeof KubernetesVersionSchema>;
