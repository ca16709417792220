// The storage layer: one in-memory state object, persisted as JSON into the data dir (temp file + rename).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { seedState } from "./seed";

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
}

export interface VpcOffering {
  id: string;
  regionId: string;
  name: string;
}

export interface User {
  sub: string;
  userId: string;
  username: string;
  domainId: string;
  active: boolean;
  /** Regions where the user has an account. */
  regionIds: string[];
}

export interface Limits {
  instanceLimit: number;
  volumeLimit: number;
  vpcLimit: number;
  networkLimit: number;
  maxMultiRegions: number;
  maxMultiRegionMembers: number;
}

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
  keyPair?: string;
  userData?: string;
  startVm: boolean;
  /** Data disks created by dataDiskOfferingList; they go with the instance. */
  dataDiskIds: string[];
  details: Record<string, string>;
}

export interface VolumeRec extends Tagged {
  name: string;
  zoneId: string;
  diskOfferingId: string;
  size: number;
  state: string;
  virtualMachineId?: string;
  deviceId?: number;
}

export interface AclList {
  id: string;
  name: string;
  description: string;
}

export interface VpcRec extends Tagged {
  name: string;
  displayText: string;
  zoneId: string;
  cidr: string;
  vpcOfferingId: string;
  networkDomain: string;
  state: string;
  aclLists: AclList[];
}

export interface NetworkRec extends Tagged {
  name: string;
  displayText: string;
  zoneId: string;
  networkOfferingId: string;
  vpcId?: string;
  gateway: string;
  netmask: string;
  cidr: string;
  state: string;
  /** Zone default networks are shared by every account and cannot be changed. */
  shared: boolean;
  networkDomain: string;
}

export interface BackupScheduleRec extends Owned {
  vmId: string;
  intervalType: string;
  schedule: string;
  timezone: string;
}

export interface AnnotationRec extends Owned {
  entityType: string;
  entityId: string;
  annotation: string;
  adminsOnly: boolean;
  username: string;
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
  payload?: Record<string, unknown>;
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

export interface InstanceGroupRec extends Owned {
  name: string;
}

export interface FileSystemRec extends Owned {
  name: string;
  zoneId: string;
  sizeGb: number;
  state: string;
}

export interface State {
  schema: 1;
  regions: Region[];
  zones: Zone[];
  templates: Template[];
  isos: Iso[];
  computeOfferings: ComputeOffering[];
  diskOfferings: DiskOffering[];
  networkOfferings: NetworkOffering[];
  vpcOfferings: VpcOffering[];
  users: Record<string, User>;
  limits: Record<string, Limits>;
  instances: Record<string, InstanceRec>;
  volumes: Record<string, VolumeRec>;
  vpcs: Record<string, VpcRec>;
  networks: Record<string, NetworkRec>;
  backupSchedules: Record<string, BackupScheduleRec>;
  annotations: Record<string, AnnotationRec>;
  genericTags: Record<string, GenericTagSet>;
  jobs: Record<string, Job>;
  audit: AuditRow[];
  instanceGroups: Record<string, InstanceGroupRec>;
  fileSystems: Record<string, FileSystemRec>;
  instanceSeq: number;
}

/** Catalogue entries are looked up by id on every deploy and every instance view. */
type CatalogueItem = { id: string; regionId: string };
type CatalogueKind = keyof CatalogueKinds;

const FLUSH_DELAY_MS = 100;
const AUDIT_CAP = 20_000;

export class Store {
  state: State;
  private catalogueIndex = new Map<string, { kind: CatalogueKind; item: CatalogueItem }>();
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly file: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, "state.json");
    this.state = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, "utf8")) as State) : seedState();
    this.reindex();
    if (!existsSync(this.file)) this.flushSync();
  }

  reset(): void {
    this.state = seedState();
    this.reindex();
    this.flushSync();
  }

  /** Call after catalogue lists (zones, offerings, …) change. */
  reindex(): void {
    this.catalogueIndex.clear();
    const s = this.state;
    const kinds: CatalogueKind[] = [
      "zones",
      "templates",
      "isos",
      "computeOfferings",
      "diskOfferings",
      "networkOfferings",
      "vpcOfferings",
    ];
    for (const kind of kinds) {
      for (const item of s[kind] as CatalogueItem[]) this.catalogueIndex.set(item.id, { kind, item });
    }
  }

  /** A catalogue entry of a kind, in one region; undefined when absent there (ids are region-scoped). */
  catalogue<K extends keyof CatalogueKinds>(
    kind: K,
    id: unknown,
    regionId: string,
  ): CatalogueKinds[K] | undefined {
    if (typeof id !== "string") return undefined;
    const entry = this.catalogueIndex.get(id);
    if (!entry || entry.kind !== kind || entry.item.regionId !== regionId) return undefined;
    return entry.item as CatalogueKinds[K];
  }

  addAudit(row: AuditRow): void {
    this.state.audit.push(row);
    if (this.state.audit.length > AUDIT_CAP) this.state.audit.splice(0, this.state.audit.length - AUDIT_CAP);
  }

  /** Schedule a write; many mutations in a burst cost one write. */
  markDirty(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flushSync(), FLUSH_DELAY_MS);
    this.flushTimer.unref();
  }

  flushSync(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}

export interface CatalogueKinds {
  zones: Zone;
  templates: Template;
  isos: Iso;
  computeOfferings: ComputeOffering;
  diskOfferings: DiskOffering;
  networkOfferings: NetworkOffering;
  vpcOfferings: VpcOffering;
}
