// zod schemas for every record the spec shows, plus the emulator's documented choices (emulator/README.md).
// Loose objects: unknown fields pass through untouched (the API may add fields). Strict about types: a
// field that is present must have its documented type; null is read as "absent".

import { z } from "zod";
import { leanOptional } from "./leanParse";

/** An optional field: absent or null reads as undefined; a present value must have the type. */
const opt = <T extends z.ZodType>(s: T) =>
  s
    .nullable()
    .transform((v) => v ?? undefined)
    .optional();

// One schema of each optional kind, shared by every field that has it (a zod schema is immutable): hundreds of
// fields use these, and a copy each cost the provider process about 3.6 KB apiece.
// Each is also known to the lean parser (leanParse.ts), which checks them without zod's copies.
const STR = leanOptional(opt(z.string()), "string");
const NUM = leanOptional(opt(z.number()), "number");
const INT = leanOptional(opt(z.number().int()), "int");
const BOOL = leanOptional(opt(z.boolean()), "boolean");
const RECORD = leanOptional(opt(z.record(z.string(), z.unknown())), "record");
const str = () => STR;
const num = () => NUM;
const int = () => INT;
const bool = () => BOOL;
const record = () => RECORD;

// ---------------------------------------------------------------------------------------------- spec records

export const ErrorBodySchema = z.looseObject({ message: str(), timestamp: str(), detail: str() });

export const AcceptedSchema = z.looseObject({ jobId: str(), id: str() });

export const TagSchema = z.looseObject({
  key: z.string(),
  value: z.string(),
  resourceId: str(),
  resourceType: str(),
});

export const MultiRegionQuotaSchema = z.looseObject({
  maxMultiRegions: z.number().int(),
  maxMultiRegionMembers: z.number().int(),
  currentMultiRegions: z.number().int(),
});

export const JobSchema = z.looseObject({
  jobId: str(),
  /** Normalised: running | success | error. Any other value counts as running. */
  status: z.string(),
  /** Raw platform status; diagnostic only, never used for decisions. */
  statusCode: int(),
  detail: str(),
  command: str(),
  resourceId: str(),
  created: str(),
});

export const InstanceSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayName: str(),
  state: str(),
  instanceType: str(),
  cpuNumber: int(),
  cpuSpeed: int(),
  memoryKbs: num(),
  hypervisor: str(),
  ipAddress: str(),
  networkKbsRead: num(),
  networkKbsWrite: num(),
  receivedBytes: num(),
  sentBytes: num(),
  diskKbsRead: num(),
  diskKbsWrite: num(),
  diskIoRead: num(),
  diskIoWrite: num(),
  osDisplayName: str(),
  haEnabled: bool(),
  deleteProtection: bool(),
  created: str(),
  lastUpdated: str(),
  account: str(),
  domain: str(),
  tags: record(),
  details: record(),
  cpuUtilization: str(),
  memoryUtilization: str(),
  templateId: str(),
  templateName: str(),
  templateType: str(),
  templateFormat: str(),
  templateDisplayText: str(),
  serviceOfferingId: str(),
  serviceOfferingName: str(),
  diskOfferingId: str(),
  diskOfferingName: str(),
  zoneId: str(),
  zoneName: str(),
  hostId: str(),
  hostname: str(),
  hostControlState: str(),
  memory: int(),
  cpuTotal: str(),
  memoryTotal: str(),
  instanceName: str(),
  passwordEnabled: bool(),
  displayVm: bool(),
  isDynamicallyScalable: bool(),
  userId: str(),
  username: str(),
  domainId: str(),
  guestOsId: str(),
  osTypeId: str(),
  rootDeviceId: int(),
  rootDeviceType: str(),
  bootMode: str(),
  bootType: str(),
  poolType: str(),
  arch: str(),
  hasAnnotations: bool(),
  backupOfferingId: str(),
  backupOfferingName: str(),
  /** Its instance group's name and id (emulator/README.md: CloudStack's UserVmResponse group, groupid). */
  group: str(),
  groupId: str(),
});

/** Create Instance answers the Instance object; the emulator adds jobId (the deploy job). */
export const InstanceAcceptedSchema = InstanceSchema.extend({ jobId: str() });

// ---------------------------------------------------------------------------------------------- list envelopes

export const PagedEnvelopeSchema = z.looseObject({
  content: z.array(z.unknown()),
  page: int(),
  pageSize: int(),
  totalElements: int(),
  totalPages: int(),
});

/** Pass-through envelope: the collection sits under the platform's own key (checked by the list reader). */
export const PassThroughMetaSchema = z.looseObject({
  count: int(),
  totalElements: int(),
  page: int(),
  currentPage: int(),
  pageSize: int(),
  regionErrors: record(),
});

export const BareArraySchema = z.array(z.unknown());

// ---------------------------------------------------------------------------------------------- emulator table

export const VolumeSchema = z.looseObject({
  id: z.string(),
  name: str(),
  zoneId: str(),
  diskOfferingId: str(),
  /** GB */
  size: num(),
  /** `ROOT` (an instance's root disk, which the platform lists among volumes) or `DATADISK`. */
  type: str(),
  state: str(),
  virtualMachineId: str(),
  deviceId: int(),
  /** The volume snapshot it was made from. */
  snapshotId: str(),
  tags: record(),
  zoneName: str(),
  diskOfferingName: str(),
  created: str(),
});

export const VpcSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayText: str(),
  zoneId: str(),
  cidr: str(),
  vpcOfferingId: str(),
  networkDomain: str(),
  state: str(),
  tags: record(),
  zoneName: str(),
  vpcOfferingName: str(),
  created: str(),
});

export const NetworkSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayText: str(),
  zoneId: str(),
  networkOfferingId: str(),
  vpcId: str(),
  gateway: str(),
  netmask: str(),
  cidr: str(),
  networkDomain: str(),
  /** A VPC tier's network ACL list. */
  aclId: str(),
  state: str(),
  tags: record(),
  zoneName: str(),
  networkOfferingName: str(),
  created: str(),
});

/** An instance schedule (CloudStack's VMScheduleResponse, camelCase): a power action on a cron schedule. */
export const InstanceScheduleSchema = z.looseObject({
  id: z.string(),
  virtualMachineId: str(),
  name: str(),
  description: str(),
  /** Five cron fields: minute hour day-of-month month day-of-week. */
  schedule: str(),
  timezone: str(),
  /** START, STOP, REBOOT, FORCE_STOP, FORCE_REBOOT. */
  action: str(),
  enabled: bool(),
  startDate: str(),
  endDate: str(),
  created: str(),
});

export const BackupScheduleSchema = z.looseObject({
  id: z.string(),
  vmId: str(),
  intervalType: str(),
  schedule: str(),
  timezone: str(),
  created: str(),
});

/** An SSH key pair as the platform shows it: never the public key (emulator/README.md, CloudStack's response). */
export const SshKeyPairSchema = z.looseObject({
  id: z.string(),
  name: str(),
  fingerprint: str(),
  account: str(),
});

/** A public IP address as the platform shows it (CloudStack's IPAddressResponse, emulator/README.md). */
export const PublicIpSchema = z.looseObject({
  id: z.string(),
  ipAddress: str(),
  zoneId: str(),
  zoneName: str(),
  vpcId: str(),
  associatedNetworkId: str(),
  associatedNetworkName: str(),
  isSourceNat: bool(),
  isStaticNat: bool(),
  virtualMachineId: str(),
  virtualMachineName: str(),
  vmIpAddress: str(),
  state: str(),
  tags: record(),
  created: str(),
});

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

/** A VPC private gateway (emulator/README.md: CloudStack's PrivateGatewayResponse, camelCase). */
export const PrivateGatewaySchema = z.looseObject({
  id: z.string(),
  vpcId: str(),
  vpcName: str(),
  zoneId: str(),
  zoneName: str(),
  ipAddress: str(),
  gateway: str(),
  netmask: str(),
  /** The VLAN tag; CloudStack shows it as text ("100"), a number is read the same. */
  vlan: opt(z.union([z.string(), z.number()]).transform(String)),
  sourceNatSupported: bool(),
  aclId: str(),
  aclName: str(),
  state: str(),
  created: str(),
});

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

export const RegionSchema = z.looseObject({
  id: z.string(),
  name: str(),
  primary: bool(),
  active: bool(),
});

export const ZoneSchema = z.looseObject({ id: z.string(), name: str(), regionId: str(), capacity: num() });

/** One image store's view of a download (CloudStack's TemplateResponse.downloaddetails). */
const DownloadDetailSchema = z.looseObject({
  datastore: str(),
  downloadPercent: num(),
  downloadState: str(),
});

/** CloudStack's download states (VMTemplateStorageResourceAssoc.Status) of a download that will not finish. */
const FAILED_DOWNLOADS = ["DOWNLOAD_ERROR", "ABANDONED", "UPLOAD_ERROR", "UPLOAD_ABANDONED"];

/**
 * What templates and ISOs share (CloudStack's TemplateResponse, camel-cased): the seeded catalogue's rows and the
 * images accounts register. `isReady` is the platform's word on readiness; `status` its text (the download's
 * progress, "Download Complete", or why the download failed), shown to the owner.
 */
const imageFields = {
  id: z.string(),
  name: str(),
  displayText: str(),
  zoneId: str(),
  zoneName: str(),
  format: str(),
  osTypeId: str(),
  osTypeName: str(),
  isPublic: bool(),
  isFeatured: bool(),
  isExtractable: bool(),
  passwordEnabled: bool(),
  isDynamicallyScalable: bool(),
  crossZones: bool(),
  account: str(),
  isReady: bool(),
  status: str(),
  url: str(),
  checksum: str(),
  /** Bytes: a template's virtual size, an ISO's file size. */
  size: num(),
  downloadDetails: opt(z.array(DownloadDetailSchema)),
  created: str(),
};

/**
 * The record's `state`, which the API does not write: Ready once `isReady`, Error when the download failed (its
 * download state says so), Downloading while it is under way; undefined when the API says nothing of readiness.
 */
function withImageState<T extends { isReady?: boolean; downloadDetails?: { downloadState?: string }[] }>(
  r: T,
) {
  const failed = r.downloadDetails?.some((d) => FAILED_DOWNLOADS.includes(String(d.downloadState)));
  const state =
    r.isReady === true ? "Ready" : failed ? "Error" : r.isReady === false ? "Downloading" : undefined;
  return { ...r, state };
}

export const TemplateSchema = z
  .looseObject({
    ...imageFields,
    minRootDiskSizeGb: num(),
    hypervisor: str(),
    templateType: str(),
  })
  .transform(withImageState);

export const IsoSchema = z.looseObject({ ...imageFields, bootable: bool() }).transform(withImageState);

/**
 * Who may use a template or ISO (CloudStack's TemplatePermissionsResponse): `account` names the accounts given
 * launch permission, and, while the image is private, its owner.
 */
export const ImagePermissionsSchema = z.looseObject({
  id: str(),
  isPublic: bool(),
  account: opt(z.array(z.string())),
  projectIds: opt(z.array(z.string())),
});

/** A guest OS type (CloudStack's listOsTypes); `description` is its name. */
export const OsTypeSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  osCategory: str(),
});

export const ComputeOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  cpuNumber: int(),
  cpuSpeed: int(),
  memory: int(),
  zoneId: str(),
});

export const DiskOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  diskSizeGb: num(),
  customized: bool(),
});

export const NetworkOfferingSchema = z.looseObject({
  id: z.string(),
  name: str(),
  forVpc: bool(),
  /** The offering's load balancing serves the Internal scheme (a tier for cim.InternalLoadBalancer). */
  internalLb: bool(),
});

export const VpcOfferingSchema = z.looseObject({ id: z.string(), name: str() });

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

/**
 * An on-demand backup (CloudStack's BackupResponse, camelCase). The platform calls its state `status`
 * (Backup.Status: BackingUp, BackedUp, Error, Removed, …); `state` is the same value, for the lifecycle.
 */
export const BackupSchema = z
  .looseObject({
    id: z.string(),
    name: str(),
    description: str(),
    virtualMachineId: str(),
    virtualMachineName: str(),
    zoneId: str(),
    backupOfferingId: str(),
    backupOfferingName: str(),
    status: str(),
    type: str(),
    size: num(),
    virtualSize: num(),
    date: str(),
    created: str(),
  })
  .transform((b) => ({ ...b, state: b.status }));

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

export const AclListSchema = z.looseObject({ id: z.string(), name: str(), description: str(), vpcId: str() });

/** CIDRs as a list; the platform joins them with commas (CloudStack's NetworkACLItemResponse). */
const cidrs = () =>
  opt(
    z
      .union([z.string(), z.array(z.string())])
      .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((c) => c.trim()).filter((c) => c !== "")),
  );

/** A rule of a network ACL list (emulator/README.md: CloudStack's NetworkACLItem). */
export const NetworkAclRuleSchema = z.looseObject({
  id: z.string(),
  aclId: str(),
  aclName: str(),
  number: int(),
  protocol: str(),
  startPort: int(),
  endPort: int(),
  icmpType: int(),
  icmpCode: int(),
  cidrList: cidrs(),
  /** Allow or Deny (any case). */
  action: str(),
  /** Ingress or Egress (any case). */
  trafficType: str(),
  /** CloudStack's `reason`: why the rule exists. */
  reason: str(),
  /** Add (being applied), Active, Revoke (being removed). */
  state: str(),
  created: str(),
});

/** A port the platform may show as text (CloudStack's LoadBalancerResponse carries ports as strings). */
const port = () => opt(z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]));

/** A public load-balancer rule (CloudStack's LoadBalancerResponse, emulator/README.md). */
export const LoadBalancerRuleSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  publicIpId: str(),
  publicIp: str(),
  publicPort: port(),
  privatePort: port(),
  /** roundrobin, leastconn or source. */
  algorithm: str(),
  /** tcp, udp or tcp-proxy. */
  protocol: str(),
  networkId: str(),
  zoneId: str(),
  zoneName: str(),
  /** Add (a change being applied), Active, Revoke (being removed). */
  state: str(),
  tags: record(),
  created: str(),
});

/** An internal load balancer (CloudStack's ApplicationLoadBalancerResponse, one rule, emulator/README.md). */
export const InternalLoadBalancerSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  /** Internal. */
  scheme: str(),
  sourceIpAddress: str(),
  sourceIpAddressNetworkId: str(),
  /** The VPC tier of the members. */
  networkId: str(),
  vpcId: str(),
  zoneId: str(),
  sourcePort: port(),
  instancePort: port(),
  /** roundrobin, leastconn or source. */
  algorithm: str(),
  /** Add (a change being applied), Active, Revoke (being removed). */
  state: str(),
  tags: record(),
  created: str(),
});

/** A member of a load-balancer rule (a row of CloudStack's listLoadBalancerRuleInstances). */
export const LoadBalancerMemberSchema = z.looseObject({
  id: z.string(),
  name: str(),
  state: str(),
  ipAddress: str(),
});

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

/** A count the platform may show as text. */
const count = () => opt(z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]));

/**
 * A Kubernetes cluster (CloudStack's KubernetesClusterResponse, camelCase, emulator/README.md). The kubeconfig is
 * never part of it: GET …/{id}/config reads it.
 */
export const KubernetesClusterSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  zoneId: str(),
  zoneName: str(),
  kubernetesVersionId: str(),
  kubernetesVersionName: str(),
  serviceOfferingId: str(),
  serviceOfferingName: str(),
  networkId: str(),
  keyPair: str(),
  controlNodes: count(),
  /** Worker nodes. */
  size: count(),
  nodeRootDiskSize: count(),
  autoscalingEnabled: bool(),
  minSize: count(),
  maxSize: count(),
  /** KubernetesCluster.State: Created, Starting, Running, Scaling, Upgrading, Stopped, Destroying, Error, Alert. */
  state: str(),
  /** The API server's address, once the cluster has run. */
  endpoint: str(),
  tags: record(),
  created: str(),
});

/** getKubernetesClusterConfig: the kubeconfig text (a credential: never logged). */
export const KubernetesConfigSchema = z.looseObject({ id: str(), name: str(), configData: z.string() });

/**
 * A row of the spec's multi-region instance-group list (row fields not shown: emulator/README.md, CloudStack's
 * InstanceGroupResponse plus the region it lives in).
 */
export const InstanceGroupSchema = z.looseObject({
  id: opt(z.string()),
  name: str(),
  regionId: str(),
  regionName: str(),
  account: str(),
  created: str(),
});

/**
 * A row of the audit trail (fields: emulator/README.md). `timestamp` is the server's local time without offset,
 * in whatever zone the server runs: compare it only with other times of the same server (serverTime.ts).
 */
export const AuditEntrySchema = z.looseObject({
  id: str(),
  timestamp: str(),
  user: str(),
  regionId: str(),
  method: str(),
  route: str(),
  path: str(),
  status: int(),
  resourceType: str(),
  resourceId: str(),
  jobId: str(),
});

/**
 * A comment (the spec's annotation) as CloudStack's AnnotationResponse shows it (emulator/README.md): `entityType`
 * the platform's (VOLUME, NETWORK, PUBLIC_IP_ADDRESS, VPC, KUBERNETES_CLUSTER).
 */
export const CommentSchema = z.looseObject({
  id: z.string(),
  entityId: str(),
  entityType: str(),
  entityName: str(),
  annotation: z.string(),
  adminsOnly: bool(),
  username: str(),
  created: str(),
});

export type Accepted = z.output<typeof AcceptedSchema>;
export type Tag = z.output<typeof TagSchema>;
export type MultiRegionQuota = z.output<typeof MultiRegionQuotaSchema>;
export type Job = z.output<typeof JobSchema>;
export type Instance = z.output<typeof InstanceSchema>;
export type Volume = z.output<typeof VolumeSchema>;
export type Vpc = z.output<typeof VpcSchema>;
export type Network = z.output<typeof NetworkSchema>;
export type BackupSchedule = z.output<typeof BackupScheduleSchema>;
export type SshKeyPair = z.output<typeof SshKeyPairSchema>;
export type PublicIp = z.output<typeof PublicIpSchema>;
export type VolumeSnapshot = z.output<typeof VolumeSnapshotSchema>;
export type InstanceSnapshot = z.output<typeof InstanceSnapshotSchema>;
export type PrivateGateway = z.output<typeof PrivateGatewaySchema>;
export type Region = z.output<typeof RegionSchema>;
export type Zone = z.output<typeof ZoneSchema>;
export type Template = z.output<typeof TemplateSchema>;
export type Iso = z.output<typeof IsoSchema>;
export type ComputeOffering = z.output<typeof ComputeOfferingSchema>;
export type DiskOffering = z.output<typeof DiskOfferingSchema>;
export type NetworkOffering = z.output<typeof NetworkOfferingSchema>;
export type VpcOffering = z.output<typeof VpcOfferingSchema>;
export type MyLimits = z.output<typeof MyLimitsSchema>;
export type BackupOffering = z.output<typeof BackupOfferingSchema>;
export type InstanceSchedule = z.output<typeof InstanceScheduleSchema>;
export type Backup = z.output<typeof BackupSchema>;
export type AclList = z.output<typeof AclListSchema>;
export type NetworkAclRule = z.output<typeof NetworkAclRuleSchema>;
export type LoadBalancerRuleRecord = z.output<typeof LoadBalancerRuleSchema>;
export type LoadBalancerMember = z.output<typeof LoadBalancerMemberSchema>;
export type InternalLoadBalancerRecord = z.output<typeof InternalLoadBalancerSchema>;
export type KubernetesVersion = z.output<typeof KubernetesVersionSchema>;
export type KubernetesCluster = z.output<typeof KubernetesClusterSchema>;
export type InstanceGroup = z.output<typeof InstanceGroupSchema>;
export type AuditEntry = z.output<typeof AuditEntrySchema>;
export type Comment = z.output<typeof CommentSchema>;

/**
 * A shared file system, a row of the spec's `fileSystems` (row fields not shown: emulator/README.md, CloudStack's
 * SharedFSResponse camel-cased). `size` is in bytes; the platform's `sizeGb` is text ("10.00 GiB").
 */
export const FileSystemSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  zoneId: str(),
  zoneName: str(),
  networkId: str(),
  networkName: str(),
  /** The file-system VM's address on the network: the NFS server to mount from. */
  ipAddress: str(),
  /** The exported path (CloudStack's /mnt/fs/share). */
  path: str(),
  provider: str(),
  /** XFS or EXT4. */
  filesystem: str(),
  diskOfferingId: str(),
  diskOfferingName: str(),
  serviceOfferingId: str(),
  serviceOfferingName: str(),
  size: num(),
  sizeGb: str(),
  /** SharedFS.State: Allocated, Ready, Stopping, Stopped, Starting, Destroyed, Expunging, Error. */
  state: str(),
  created: str(),
});
export type FileSystem = z.output<typeof FileSystemSchema>;
// ------------------------------------------------------------------ multi-region groups, organizations, projects

/** A multi-region group: kept in the region its create was routed to. State Active, or Revoke while deleted. */
export const MultiRegionGroupSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  state: str(),
  regionId: str(),
  regionName: str(),
  memberCount: int(),
  created: str(),
});

/** A VPC's membership of a group: `regionId` is the VPC's own region, not the group's. */
export const MultiRegionMemberSchema = z.looseObject({
  id: z.string(),
  groupId: str(),
  groupName: str(),
  vpcId: str(),
  vpcName: str(),
  cidr: str(),
  regionId: str(),
  regionName: str(),
  /** Add (joining), Active, Revoke (leaving), Error (the join failed). */
  state: str(),
  created: str(),
});

/** An organization the caller belongs to, with the caller's membership of it. */
export const TenantSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  state: str(),
  owner: str(),
  /** The caller's membership: the value X-Tenant-Context carries. */
  membershipId: str(),
  role: str(),
  memberCount: int(),
  created: str(),
});

/** A membership of an organization (the caller's, or a member of one the caller belongs to). */
export const MembershipSchema = z.looseObject({
  id: z.string(),
  tenantId: str(),
  tenantName: str(),
  user: str(),
  /** Admin or Regular. */
  role: str(),
  created: str(),
});

/** An invitation to an organization: Pending, Completed (accepted), Declined or Expired. */
export const InvitationSchema = z.looseObject({
  id: z.string(),
  tenantId: str(),
  tenantName: str(),
  user: str(),
  invitedBy: str(),
  state: str(),
  created: str(),
});

export const ProjectSchema = z.looseObject({
  id: z.string(),
  name: str(),
  displayText: str(),
  state: str(),
  owner: str(),
  created: str(),
});

/** The signed-in user's console preferences: one object of text values. */
export const PreferencesSchema = z.record(z.string(), z.string());

export type MultiRegionGroup = z.output<typeof MultiRegionGroupSchema>;
export type MultiRegionMember = z.output<typeof MultiRegionMemberSchema>;
export type Tenant = z.output<typeof TenantSchema>;
export type Membership = z.output<typeof MembershipSchema>;
export type Invitation = z.output<typeof InvitationSchema>;
export type Project = z.output<typeof ProjectSchema>;
export type Preferences = z.output<typeof PreferencesSchema>;
export type ImagePermissions = z.output<typeof ImagePermissionsSchema>;
export type OsType = z.output<typeof OsTypeSchema>;
