// The records every family shares: catalogue entries, users and their allowances, the fields every owned record
// carries (Owned, Tagged), jobs, audit rows and the state's base. A family's own records live in its folder
// (families/<name>/records.ts). Plain types only; the store holds them, families declare their collections.

export interface Region {
  id: string;
  name: string;
  primary: boolean;
  active: boolean;
}

export interface Zone {
  id: string;
  name: string;
  regionId: string;
  /** How many instances (any account, not in Error) the zone holds before deploys fail. */
  capacity: number;
  /** The shared network used when an instance is deployed without networkIds. */
  defaultNetworkId: string;
}

export interface Template {
  id: string;
  regionId: string;
  name: string;
  displayText: string;
  minRootDiskSizeGb: number;
  osTypeId: string;
  osDisplayName: string;
  format: string;
  templateType: string;
  passwordEnabled: boolean;
  /** CloudStack's template flag `isdynamicallyscalable`: the image has the tools to scale while running. */
  isDynamicallyScalable: boolean;
}

export interface Iso {
  id: string;
  regionId: string;
  name: string;
  displayText: string;
  osTypeId: string;
  osDisplayName: string;
}

export interface ComputeOffering {
  id: string;
  regionId: string;
  name: string;
  cpuNumber: number;
  cpuSpeed: number;
  memory: number;
  /** CloudStack's offering flag `dynamicscalingenabled`: instances of it may scale while running. */
  dynamicScalingEnabled: boolean;
}

export interface DiskOffering {
  id: string;
  regionId: string;
  name: string;
  diskSizeGb: number;
  customized: boolean;
}

export interface NetworkOffering {
  id: string;
  regionId: string;
  name: string;
  forVpc: boolean;
  /**
   * The offering's Lb service serves the Internal scheme (CloudStack's "DefaultIsolatedNetworkOfferingForVpc
   * NetworksWithInternalLB": an InternalLbVm provider, no public load balancing).
   */
  internalLb?: boolean;
}

export interface VpcOffering {
  id: string;
  regionId: string;
  name: string;
}

/** CloudStack's backup offering (listBackupOfferings): per zone, imported by an admin from a provider. */
export interface BackupOffering {
  id: string;
  regionId: string;
  zoneId: string;
  name: string;
  description: string;
  /** The backup provider (CloudStack's `provider`: dummy, nas, veeam, networker). */
  provider: string;
  /** CloudStack's `allowuserdrivenbackups`: users may take backups and set schedules themselves. */
  allowUserDrivenBackups: boolean;
}

/**
 * CloudStack's KubernetesSupportedVersion (listKubernetesSupportedVersions): a Kubernetes release clusters can run,
 * with the least vCPUs and RAM (MB) a node's offering must have; Disabled ones take no new cluster or upgrade.
 */
export interface KubernetesVersion {
  id: string;
  regionId: string;
  name: string;
  semanticVersion: string;
  minimumCpuNumber: number;
  minimumRamSize: number;
  /** Enabled or Disabled. */
  state: string;
  /** CloudStack's supportsha: more than one control node (1.16.0 and later). */
  supportsHa: boolean;
  /** CloudStack's supportsautoscaling (1.24.0 and later). */
  supportsAutoscaling: boolean;
}

export interface User {
  sub: string;
  userId: string;
  username: string;
  domainId: string;
  active: boolean;
  /** Regions where the user has an account. */
  regionIds: string[];
  /** CloudStack's account setting `allow.user.view.destroyed.vm`: reads show Destroyed instances (default no). */
  allowUserViewDestroyedVm?: boolean;
  /**
   * CloudStack's account setting `allow.public.user.templates` (default true there and here): whether the account
   * may make its templates and ISOs public.
   */
  allowPublicUserTemplates?: boolean;
}

/** Per-user allowances: `<quota>Limit` for every family with a quota key, and the multi-region ones. */
export type Limits = Record<string, number> & { maxMultiRegions: number; maxMultiRegionMembers: number };

/**
 * The record type of every family's collection, by collection key. Empty here: each family's records.ts adds its
 * own collections (`declare module "../../records" { interface FamilyRecords { volumes: VolumeRec } }`), so a
 * key's record is said once, beside the record, and modules name the collections they reach by key alone
 * (family.ts's `Data<"volumes" | "instances">`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, not a type alias, so that the families' records.ts can add to it
export interface FamilyRecords {}

/** Fields every region-scoped resource of an account carries. */
export interface Owned {
  id: string;
  regionId: string;
  account: string;
  created: string;
  lastUpdated: string;
}

export interface Tagged extends Owned {
  tags: Record<string, string>;
  hasAnnotations: boolean;
}

export interface GenericTagSet {
  regionId: string;
  account: string;
  resourceType: string;
  resourceId: string;
  tags: Record<string, string>;
}

export type JobStatus = "running" | "success" | "error";

export interface Job {
  jobId: string;
  regionId: string;
  account: string;
  command: string;
  resourceType: string;
  resourceId: string;
  resourceName?: string;
  /** Job-clock milliseconds. */
  createdMs: number;
  dueAtMs: number;
  completedMs?: number;
  status: JobStatus;
  detail?: string;
  /** Decided at acceptance (quota, capacity, injected fault): the job ends in error with this detail. */
  failDetail?: string;
  /** Injected fault: the job never leaves running. */
  stuck?: boolean;
  /** Job mode "reads": reads of the job left before it is due. */
  readsLeft?: number;
  payload?: Record<string, unknown>;
  /**
   * A successful job's result: its resource as the family's read shows it when the job ended (CloudStack's
   * `jobresult`, the response object its command sets at completion). Absent when the family declares no
   * result or the resource is gone.
   */
  result?: Record<string, unknown>;
}

export interface AuditRow {
  id: string;
  timestamp: string;
  user: string;
  regionId?: string;
  method: string;
  route: string;
  path: string;
  status: number;
  resourceType?: string;
  resourceId?: string;
  jobId?: string;
}

/** The part of the state that is not a family's collection: the world, its users, jobs and the audit trail. */
export interface BaseState {
  schema: 1;
  regions: Region[];
  zones: Zone[];
  templates: Template[];
  isos: Iso[];
  computeOfferings: ComputeOffering[];
  diskOfferings: DiskOffering[];
  networkOfferings: NetworkOffering[];
  vpcOfferings: VpcOffering[];
  backupOfferings: BackupOffering[];
  kubernetesVersions: KubernetesVersion[];
  /** Guest OS types (CloudStack's listOsTypes): global, not per region, like the platform's guest_os table. */
  osTypes: OsType[];
  users: Record<string, User>;
  limits: Record<string, Limits>;
  genericTags: Record<string, GenericTagSet>;
  jobs: Record<string, Job>;
  audit: AuditRow[];
  instanceSeq: number;
  /** Each user's console preferences (key → value), kept by the service; absent in state written before. */
  preferences?: Record<string, Record<string, string>>;
}

export interface CatalogueKinds {
  zones: Zone;
  templates: Template;
  isos: Iso;
  computeOfferings: ComputeOffering;
  diskOfferings: DiskOffering;
  networkOfferings: NetworkOffering;
  vpcOfferings: VpcOffering;
  backupOfferings: BackupOffering;
  kubernetesVersions: KubernetesVersion;
}

/** A guest OS type (CloudStack's GuestOSResponse): what a template or ISO says its OS is. */
export interface OsType {
  id: string;
  /** CloudStack's `description`, e.g. "Ubuntu 22.04 (64-bit)": the name users look it up by. */
  description: string;
  /** CloudStack's OS category (Ubuntu, Debian, Windows, Other). */
  osCategory: string;
}
