// The records of the catalogue family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, int, num, str } from "../../client/records";

export const MultiRegionQuotaSchema = z
  .looseObject({
    maxMultiRegions: z.number().int().describe("The most multi-region groups (`cim.MultiRegionGroup`) the account may have, all regions together."),
    maxMultiRegionMembers: z.number().int().describe("The most VPCs one multi-region group may hold."),
    currentMultiRegions: z.number().int().describe("How many multi-region groups the account has now, all regions together."),
  })
  .describe("The account's allowance of multi-region groups, all regions together, and how much of it is used.");
export type MultiRegionQuota = z.output<typeof MultiRegionQuotaSchema>;

export const RegionSchema = z
  .looseObject({
    id: z.string().describe("The region's id (a UUID), as the provider's `region` setting and `region` inputs take it."),
    name: str().describe("The region's name, e.g. `de-fra-1`."),
    primary: bool().describe("Whether this is the primary region: the API's default region when it is active."),
    active: bool().describe("Whether the region takes requests; the API refuses requests routed to an inactive one."),
  })
  .describe("A region of the API: a site with its own zones and resources, named by its id in `region` settings and inputs.");
export type Region = z.output<typeof RegionSchema>;

export const ZoneSchema = z
  .looseObject({
    id: z.string().describe("The zone's id, as `zoneId` inputs take it (e.g. `cim.Instance`'s)."),
    name: str().describe("The zone's name, e.g. `de-fra-1a`."),
    regionId: str().describe("The id of the region the zone is in (`cim.getRegion`)."),
    capacity: num().describe("The most instances the zone holds, of all accounts together; a deploy into a full zone fails."),
  })
  .describe("A zone of a region: where instances, volumes, networks and VPCs are placed, named by `zoneId` inputs.");
export type Zone = z.output<typeof ZoneSchema>;

/** A guest OS type (CloudStack's listOsTypes); `description` is its name. */
export const OsTypeSchema = z
  .looseObject({
    id: z.string().describe("The OS type's id, as `cim.Template`'s and `cim.Iso`'s `osTypeId` take it."),
    name: str().describe("The OS type's name: the same text as `description`, e.g. `Ubuntu 22.04 (64-bit)`."),
    description: str().describe("The OS type as the platform describes it, e.g. `Ubuntu 22.04 (64-bit)`."),
    osCategory: str().describe("The name of the OS category the type belongs to, e.g. `Ubuntu`, `Windows` or `Other`."),
  })
  .describe("A guest OS type the platform knows, named by a template's or ISO's `osTypeId`.");
export type OsType = z.output<typeof OsTypeSchema>;

export const ComputeOfferingSchema = z
  .looseObject({
    id: z.string().describe("The offering's id, as `cim.Instance`'s `serviceOfferingId` takes it."),
    name: str().describe("The offering's name, e.g. `Medium`."),
    cpuNumber: int().describe("The number of vCPUs an instance of this offering gets."),
    cpuSpeed: int().describe("The clock speed of each vCPU, in MHz."),
    memory: int().describe("The memory an instance of this offering gets, in MB."),
    zoneId: str().describe("The zone the offering is limited to (`cim.getZone`); absent when the offering is available in every zone."),
  })
  .describe("A compute offering: the vCPUs, clock speed and memory an instance gets, named by `serviceOfferingId` inputs.");
export type ComputeOffering = z.output<typeof ComputeOfferingSchema>;

export const DiskOfferingSchema = z
  .looseObject({
    id: z.string().describe("The offering's id, as `cim.Volume`'s `diskOfferingId` takes it."),
    name: str().describe("The offering's name, e.g. `Custom`."),
    diskSizeGb: num().describe("The size of a disk of this offering, in GB; 0 for a customized offering, whose disks are given a size."),
    customized: bool().describe("Whether the offering takes a size given with each disk (true) or has a fixed size, `diskSizeGb` (false)."),
  })
  .describe("A disk offering: the size, or a size given with each disk, of data volumes, named by `diskOfferingId` inputs.");
export type DiskOffering = z.output<typeof DiskOfferingSchema>;

export const NetworkOfferingSchema = z
  .looseObject({
    id: z.string().describe("The offering's id, as `cim.Network`'s `networkOfferingId` takes it."),
    name: str().describe("The offering's name, e.g. `VPC Tier`."),
    forVpc: bool().describe("Whether the offering is for VPC tiers only (true) or for isolated networks (false)."),
    internalLb: bool().describe("Whether the offering balances load on the Internal scheme: a tier of it can hold a `cim.InternalLoadBalancer`."),
  })
  .describe("A network offering: what a network of it provides (a VPC tier or an isolated network), named by `networkOfferingId` inputs.");
export type NetworkOffering = z.output<typeof NetworkOfferingSchema>;

export const VpcOfferingSchema = z
  .looseObject({
    id: z.string().describe("The offering's id, as `cim.Vpc`'s `vpcOfferingId` takes it."),
    name: str().describe("The offering's name, e.g. `Default VPC`."),
  })
  .describe("A VPC offering, named by `cim.Vpc`'s `vpcOfferingId`.");
export type VpcOffering = z.output<typeof VpcOfferingSchema>;

/** A backup offering (CloudStack's listBackupOfferings row); per zone. */
export const BackupOfferingSchema = z
  .looseObject({
    id: z.string().describe("The offering's id, as `cim.Instance`'s `backupOfferingId` takes it."),
    name: str().describe("The offering's name, e.g. `Standard`; zones commonly have offerings of the same name."),
    description: str().describe("The offering's description, as the platform gives it."),
    zoneId: str().describe("The id of the offering's zone (`cim.getZone`); an instance takes an offering of its own zone."),
    zoneName: str().describe("The name of the offering's zone."),
    provider: str().describe("The backup provider behind the offering, as the platform names it (e.g. `nas`)."),
    allowUserDrivenBackups: bool().describe("Whether users may take backups with this offering themselves, on demand and by schedule."),
  })
  .describe("A backup offering of a zone: how an instance of that zone is backed up, named by `cim.Instance`'s `backupOfferingId`.");
export type BackupOffering = z.output<typeof BackupOfferingSchema>;

export const MyLimitsSchema = z
  .looseObject({
    instanceLimit: num().describe("The most instances the account may have."),
    instanceCount: num().describe("How many instances count against `instanceLimit` now."),
    volumeLimit: num().describe("The most volumes the account may have, instances' root disks included."),
    volumeCount: num().describe("How many volumes, root disks included, count against `volumeLimit` now."),
    vpcLimit: num().describe("The most VPCs the account may have."),
    vpcCount: num().describe("How many VPCs count against `vpcLimit` now."),
    networkLimit: num().describe("The most networks the account may have."),
    networkCount: num().describe("How many networks count against `networkLimit` now."),
    publicIpLimit: num().describe("The most public IP addresses the account may hold."),
    publicIpCount: num().describe("How many public IP addresses count against `publicIpLimit` now."),
    snapshotLimit: num().describe("The most volume snapshots the account may have (instance snapshots do not count)."),
    snapshotCount: num().describe("How many volume snapshots count against `snapshotLimit` now."),
    backupLimit: num().describe("The most backups the account may have (the platform's `backup` resource type); not every API reports it."),
    backupCount: num().describe("How many backups count against `backupLimit` now; not every API reports it."),
    templateLimit: num().describe("The most templates and ISOs, together, the account may register; not every API reports it."),
    templateCount: num().describe("How many templates and ISOs count against `templateLimit` now; not every API reports it."),
  })
  .describe("The account's limits in a region and how much of each is used now.");
export type MyLimits = z.output<typeof MyLimitsSchema>;

/** A Kubernetes release clusters can run (CloudStack's KubernetesSupportedVersionResponse, camelCase). */
export const KubernetesVersionSchema = z
  .looseObject({
    id: z.string().describe("The version's id, as `cim.KubernetesCluster`'s `kubernetesVersionId` takes it."),
    name: str().describe("The version's name as the platform gives it, e.g. `v1.28.4`."),
    semanticVersion: str().describe("The Kubernetes release, MAJOR.MINOR.PATCH, e.g. `1.28.4`."),
    minimumCpuNumber: int().describe("The fewest vCPUs a node's compute offering must have for this version."),
    minimumRamSize: int().describe("The least memory a node's compute offering must have for this version, in MB."),
    state: str().describe("`Enabled` or `Disabled`; a disabled version takes no new cluster and no upgrade to it."),
    supportsHa: bool().describe("Whether a cluster of this version may have more than one control node (HA)."),
    supportsAutoscaling: bool().describe("Whether a cluster of this version may scale its worker nodes automatically."),
  })
  .describe("A Kubernetes release clusters can run, named by `cim.KubernetesCluster`'s `kubernetesVersionId`, with what its nodes need.");
export type KubernetesVersion = z.output<typeof KubernetesVersionSchema>;
