// Generated from the lookups' record schemas by `npm run generate`; do not edit.
// The records lookups answer: each field with the client's type for it and its schema's description, so that
// an editor says what each field is (provider/lookups/recordTypes.ts).

/** What a template and an ISO both are: a disk image registered in a zone, and its download. */
export interface Image {
  /** The image's id. */
  id: string;
  /** The image's name. */
  name?: string | undefined;
  /** The image's description (display text); its name when none was given. */
  displayText?: string | undefined;
  /** The id of the zone the image is registered in (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the image's zone. */
  zoneName?: string | undefined;
  /** The disk image's format: QCOW2, RAW, VHD, VHDX, OVA, VMDK or TAR for a template; ISO for an ISO. */
  format?: string | undefined;
  /** The id of the guest OS type the image carries (`cim.getOsType`). */
  osTypeId?: string | undefined;
  /** The name of the image's guest OS type. */
  osTypeName?: string | undefined;
  /** Whether every account may use the image. */
  isPublic?: boolean | undefined;
  /** Whether the image is listed among the platform's featured images. */
  isFeatured?: boolean | undefined;
  /** Whether the image's file may be downloaded (extracted) by those who may use it. */
  isExtractable?: boolean | undefined;
  /** Whether the image supports the platform's password reset feature. */
  passwordEnabled?: boolean | undefined;
  /** Whether the image carries the hypervisor's tools to scale an instance's CPU and memory while it runs. */
  isDynamicallyScalable?: boolean | undefined;
  /** Whether the image is managed across all zones rather than registered in one. */
  crossZones?: boolean | undefined;
  /** The account that owns the image; `system` for the platform's own images. */
  account?: string | undefined;
  /** Whether the image is ready to deploy from (its download is complete). */
  isReady?: boolean | undefined;
  /** The platform's words on the download, shown to the owner: e.g. "45% Downloaded", "Download Complete" (an ISO: "Successfully Installed"), or why the download failed. */
  status?: string | undefined;
  /** The http(s) URL the image was registered from; shown to the owner. */
  url?: string | undefined;
  /** The checksum given at registration, e.g. `{SHA-256}<hex>` or an MD5 digest. */
  checksum?: string | undefined;
  /** The size in bytes, once downloaded: a template's virtual size, an ISO's file size. */
  size?: number | undefined;
  /** The download's progress on each image store, shown to the owner. */
  downloadDetails?:
    | Array<{
        [x: string]: unknown;
        datastore?: string | undefined;
        downloadPercent?: number | undefined;
        downloadState?: string | undefined;
      }>
    | undefined;
  /** When the image was registered (ISO 8601). */
  created?: string | undefined;
  state: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A network ACL list of a VPC: the ordered rules a tier's traffic is matched against (`cim.NetworkAclList`). */
export interface AclList {
  /** The id of the network ACL list (`cim.NetworkAclList`, or one of a VPC's default lists). */
  id: string;
  /** The list's name; `default_allow` and `default_deny` are the lists every VPC has. */
  name?: string | undefined;
  /** The list's description. */
  description?: string | undefined;
  /** The id of the VPC the list belongs to (`cim.Vpc`). */
  vpcId?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A change the API accepted, as its audit trail records it: who sent which request, when, and what it changed (`cim.getAuditEntries`). */
export interface AuditEntry {
  /** The audit entry's id. */
  id?: string | undefined;
  /** When the request was made, in the server's local time without offset (`yyyy-MM-ddTHH:mm:ss.SSS`). */
  timestamp?: string | undefined;
  /** The user who made the request. */
  user?: string | undefined;
  /** The id of the region the request was routed to (`cim.getRegion`). */
  regionId?: string | undefined;
  /** The request's HTTP method: `POST`, `PUT` or `DELETE` (only changes are recorded). */
  method?: string | undefined;
  /** The route the request matched, with its parameters, e.g. `/api/v1/compute/instances/{id}`. */
  route?: string | undefined;
  /** The request's path, ids filled in, without its query. */
  path?: string | undefined;
  /** The HTTP status of the API's answer: a 2xx, as only accepted requests are recorded. */
  status?: number | undefined;
  /** The type of the resource the request changed, as the API names it (e.g. `Instance`, `Volume`, `Vpc`). */
  resourceType?: string | undefined;
  /** The id of the resource the request changed. */
  resourceId?: string | undefined;
  /** The id of the job the request started, when the change was asynchronous. */
  jobId?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** An on-demand backup of an instance, taken under the instance's backup offering (`cim.Backup`). */
export interface Backup {
  /** The backup's status (BackingUp, BackedUp, Error, …). */
  state: string | undefined;
  /** The backup's id. */
  id: string;
  /** The backup's name. */
  name?: string | undefined;
  /** What the backup is for (free text). */
  description?: string | undefined;
  /** The id of the instance the backup was taken of (`cim.getInstance`). */
  virtualMachineId?: string | undefined;
  /** The name of the instance the backup was taken of. */
  virtualMachineName?: string | undefined;
  /** The id of the backup's zone (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The id of the backup offering the backup was taken under (`cim.getBackupOffering`). */
  backupOfferingId?: string | undefined;
  /** The name of the backup offering the backup was taken under. */
  backupOfferingName?: string | undefined;
  /** The backup's status: BackingUp while taken, then BackedUp; Error if it failed; Removed while deleted. */
  status?: string | undefined;
  /** The backup's type as the platform reports it, e.g. `MANUAL`. */
  type?: string | undefined;
  /** The backup's size in bytes. */
  size?: number | undefined;
  /** The protected (virtual) size of what the backup holds, in bytes. */
  virtualSize?: number | undefined;
  /** The backup's date: when it was taken (ISO 8601 date-time). */
  date?: string | undefined;
  /** When the backup was created (ISO 8601 date-time). */
  created?: string | undefined;
}

/** A backup offering of a zone: how an instance of that zone is backed up, named by `cim.Instance`'s `backupOfferingId`. */
export interface BackupOffering {
  /** The offering's id, as `cim.Instance`'s `backupOfferingId` takes it. */
  id: string;
  /** The offering's name, e.g. `Standard`; zones commonly have offerings of the same name. */
  name?: string | undefined;
  /** The offering's description, as the platform gives it. */
  description?: string | undefined;
  /** The id of the offering's zone (`cim.getZone`); an instance takes an offering of its own zone. */
  zoneId?: string | undefined;
  /** The name of the offering's zone. */
  zoneName?: string | undefined;
  /** The backup provider behind the offering, as the platform names it (e.g. `nas`). */
  provider?: string | undefined;
  /** Whether users may take backups with this offering themselves, on demand and by schedule. */
  allowUserDrivenBackups?: boolean | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A comment on a resource (a volume, network, public IP, VPC or Kubernetes cluster), as `cim.Comment` writes one. */
export interface Comment {
  /** The comment's id (`cim.Comment`). */
  id: string;
  /** The comment's text, at most 255 characters. */
  annotation: string;
  /** The id of the resource the comment is on. */
  entityId?: string | undefined;
  /** The commented resource's type: `VOLUME`, `NETWORK`, `PUBLIC_IP_ADDRESS`, `VPC` or `KUBERNETES_CLUSTER`. */
  entityType?: string | undefined;
  /** The name of the resource the comment is on (for a public IP, its address). */
  entityName?: string | undefined;
  /** Whether the comment is marked for the platform's administrators only. */
  adminsOnly?: boolean | undefined;
  /** The user who wrote the comment. */
  username?: string | undefined;
  /** When the comment was written (an ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A compute offering: the vCPUs, clock speed and memory an instance gets, named by `serviceOfferingId` inputs. */
export interface ComputeOffering {
  /** The offering's id, as `cim.Instance`'s `serviceOfferingId` takes it. */
  id: string;
  /** The offering's name, e.g. `Medium`. */
  name?: string | undefined;
  /** The number of vCPUs an instance of this offering gets. */
  cpuNumber?: number | undefined;
  /** The clock speed of each vCPU, in MHz. */
  cpuSpeed?: number | undefined;
  /** The memory an instance of this offering gets, in MB. */
  memory?: number | undefined;
  /** The zone the offering is limited to (`cim.getZone`); absent when the offering is available in every zone. */
  zoneId?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A disk offering: the size, or a size given with each disk, of data volumes, named by `diskOfferingId` inputs. */
export interface DiskOffering {
  /** The offering's id, as `cim.Volume`'s `diskOfferingId` takes it. */
  id: string;
  /** The offering's name, e.g. `Custom`. */
  name?: string | undefined;
  /** The size of a disk of this offering, in GB; 0 for a customized offering, whose disks are given a size. */
  diskSizeGb?: number | undefined;
  /** Whether the offering takes a size given with each disk (true) or has a fixed size, `diskSizeGb` (false). */
  customized?: boolean | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A shared file system: a data volume served over NFS on a network by a file-system VM (`cim.FileSystem`). */
export interface FileSystem {
  /** The file system's id. */
  id: string;
  /** The file system's name, unique in the account and region. */
  name?: string | undefined;
  /** The file system's description. */
  description?: string | undefined;
  /** The id of the file system's zone (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the file system's zone. */
  zoneName?: string | undefined;
  /** The id of the network the share is served on (a `cim.Network`'s id). */
  networkId?: string | undefined;
  /** The name of that network. */
  networkName?: string | undefined;
  /** The file-system VM's address on the network: the NFS server to mount from. */
  ipAddress?: string | undefined;
  /** The exported path to mount (the platform's /mnt/fs/share). */
  path?: string | undefined;
  /** The platform's provider of the share: SHAREDFSVM (a file-system VM). */
  provider?: string | undefined;
  /** The file system on its data volume: XFS or EXT4. */
  filesystem?: string | undefined;
  /** The id of the data volume's disk offering (`cim.getDiskOffering`). */
  diskOfferingId?: string | undefined;
  /** The name of that disk offering. */
  diskOfferingName?: string | undefined;
  /** The id of the file-system VM's compute offering (`cim.getComputeOffering`). */
  serviceOfferingId?: string | undefined;
  /** The name of that compute offering. */
  serviceOfferingName?: string | undefined;
  /** The size of the data volume in bytes. */
  size?: number | undefined;
  /** The size as text, in GiB, e.g. "10.00 GiB". */
  sizeGb?: string | undefined;
  /** The platform's state: Allocated, Ready, Stopping, Stopped, Starting, Destroyed, Expunging or Error. */
  state?: string | undefined;
  /** When the file system was created (ISO 8601). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A virtual machine, as the platform shows it (`cim.Instance`). */
export interface Instance {
  /** The instance's id. */
  id: string;
  /** The instance's host name, unique in the region. */
  name?: string | undefined;
  /** The instance's free-form listing label (need not be unique). */
  displayName?: string | undefined;
  /** The instance's state: Starting, Running, Stopping, Stopped, Migrating, Destroyed, Expunging or Error. */
  state?: string | undefined;
  /** The name of the instance's compute offering (the same as `serviceOfferingName`). */
  instanceType?: string | undefined;
  /** The number of vCPUs the instance has. */
  cpuNumber?: number | undefined;
  /** The speed of each vCPU in MHz. */
  cpuSpeed?: number | undefined;
  /** The memory the instance uses in KiB, as the platform reports it. */
  memoryKbs?: number | undefined;
  /** The hypervisor the instance runs on, e.g. `KVM`. */
  hypervisor?: string | undefined;
  /** The private address of the instance's default interface. */
  ipAddress?: string | undefined;
  /** The incoming network traffic of the instance in KiB. */
  networkKbsRead?: number | undefined;
  /** The outgoing network traffic of the instance in KiB. */
  networkKbsWrite?: number | undefined;
  /** The total network traffic the instance received, in bytes. */
  receivedBytes?: number | undefined;
  /** The total network traffic the instance sent, in bytes. */
  sentBytes?: number | undefined;
  /** The amount read from the instance's disks in KiB. */
  diskKbsRead?: number | undefined;
  /** The amount written to the instance's disks in KiB. */
  diskKbsWrite?: number | undefined;
  /** The number of read operations on the instance's disks. */
  diskIoRead?: number | undefined;
  /** The number of write operations on the instance's disks. */
  diskIoWrite?: number | undefined;
  /** The name of the instance's operating system, as its template or ISO gives it. */
  osDisplayName?: string | undefined;
  /** Whether high availability is enabled for the instance. */
  haEnabled?: boolean | undefined;
  /** While true the API refuses to delete the instance. */
  deleteProtection?: boolean | undefined;
  /** When the instance was created (ISO 8601 date-time). */
  created?: string | undefined;
  /** When the instance was last updated (ISO 8601 date-time). */
  lastUpdated?: string | undefined;
  /** The account that owns the instance. */
  account?: string | undefined;
  /** The name of the domain the instance belongs to. */
  domain?: string | undefined;
  /** The instance's tags, a map of key to value. */
  tags?: Record<string, unknown> | undefined;
  /** The instance's details: settings in key/value pairs, as the platform keeps them. */
  details?: Record<string, unknown> | undefined;
  /** The share of the instance's CPU in use, as text such as `12%`; empty or absent when it is not running. */
  cpuUtilization?: string | undefined;
  /** The share of the instance's memory in use, as text such as `40%`; empty or absent when it is not running. */
  memoryUtilization?: string | undefined;
  /** The id of the template the instance was made from (`cim.getTemplate`), or of its ISO (`cim.getIso`). */
  templateId?: string | undefined;
  /** The name of the instance's template or ISO. */
  templateName?: string | undefined;
  /** The type of the instance's template, e.g. `USER`; `ISO` when it boots from an ISO. */
  templateType?: string | undefined;
  /** The disk image format of the instance's template, e.g. `QCOW2`; `ISO` when it boots from an ISO. */
  templateFormat?: string | undefined;
  /** The display text (description) of the instance's template or ISO. */
  templateDisplayText?: string | undefined;
  /** The id of the instance's compute offering (`cim.getComputeOffering`). */
  serviceOfferingId?: string | undefined;
  /** The name of the instance's compute offering. */
  serviceOfferingName?: string | undefined;
  /** The id of the disk offering of the instance's root disk (`cim.getDiskOffering`), when it has one. */
  diskOfferingId?: string | undefined;
  /** The name of the disk offering of the instance's root disk, when it has one. */
  diskOfferingName?: string | undefined;
  /** The id of the instance's zone (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the instance's zone. */
  zoneName?: string | undefined;
  /** The id of the hypervisor host the instance runs on; empty or absent when it is not running. */
  hostId?: string | undefined;
  /** The name of the hypervisor host the instance runs on; empty or absent when it is not running. */
  hostname?: string | undefined;
  /** The platform's control state of the instance's host (Enabled, Disabled, Offline, Maintenance, …). */
  hostControlState?: string | undefined;
  /** The memory of the instance in MB. */
  memory?: number | undefined;
  /** The instance's total CPU (vCPUs times their speed) as formatted text, e.g. `0.5 Ghz`. */
  cpuTotal?: string | undefined;
  /** The instance's memory as formatted text, e.g. `0.50 GiB`. */
  memoryTotal?: string | undefined;
  /** The platform's internal name of the instance, in the form `i-<number>-<number>-VM`. */
  instanceName?: string | undefined;
  /** Whether the instance's template supports the platform's password reset feature. */
  passwordEnabled?: boolean | undefined;
  /** Whether the instance is shown to the end user (a setting administrators change). */
  displayVm?: boolean | undefined;
  /** Whether the instance's CPU and memory can be scaled while it runs, as the platform reports it. */
  isDynamicallyScalable?: boolean | undefined;
  /** The id of the user who deployed the instance. */
  userId?: string | undefined;
  /** The name of the user who deployed the instance. */
  username?: string | undefined;
  /** The id of the domain the instance belongs to. */
  domainId?: string | undefined;
  /** The id of the instance's OS type (`cim.getOsType`); the same as `osTypeId`. */
  guestOsId?: string | undefined;
  /** The id of the instance's OS type (`cim.getOsType`). */
  osTypeId?: string | undefined;
  /** The device id of the instance's root volume. */
  rootDeviceId?: number | undefined;
  /** The device type of the instance's root volume, e.g. `ROOT`. */
  rootDeviceType?: string | undefined;
  /** The boot mode of the instance, e.g. `LEGACY` or `SECURE`. */
  bootMode?: string | undefined;
  /** The boot type of the instance, `BIOS` or `UEFI`. */
  bootType?: string | undefined;
  /** The type of storage pool of the instance, as the platform reports it (e.g. `NetworkFilesystem`). */
  poolType?: string | undefined;
  /** The CPU architecture of the instance, e.g. `x86_64`. */
  arch?: string | undefined;
  /** Whether the instance has comments (the platform's annotations). */
  hasAnnotations?: boolean | undefined;
  /** The id of the instance's backup offering (`cim.getBackupOffering`); empty or absent when it has none. */
  backupOfferingId?: string | undefined;
  /** The name of the instance's backup offering; empty or absent when it has none. */
  backupOfferingName?: string | undefined;
  /** The name of the instance group the instance is in (`cim.getInstanceGroup`); empty when it is in none. */
  group?: string | undefined;
  /** The id of the instance group the instance is in; empty when it is in none. */
  groupId?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** An instance group of a region: a name instances are grouped under with `group` (`cim.InstanceGroup`). */
export interface InstanceGroup {
  /** The instance group's id (`cim.InstanceGroup`), valid in its region only. */
  id?: string | undefined;
  /** The group's name, unique in the account and region; instances name it in `group`. */
  name?: string | undefined;
  /** The id of the region the group lives in (`cim.getRegion`). */
  regionId?: string | undefined;
  /** The name of the region the group lives in. */
  regionName?: string | undefined;
  /** The account that owns the group. */
  account?: string | undefined;
  /** When the group was created (an ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A power action (start, stop, reboot) run on an instance on a cron schedule (`cim.InstanceSchedule`). */
export interface InstanceSchedule {
  /** The schedule's id. */
  id: string;
  /** The id of the instance the schedule acts on (`cim.getInstance`). */
  virtualMachineId?: string | undefined;
  /** The schedule's name. */
  name?: string | undefined;
  /** What the schedule is for (free text). */
  description?: string | undefined;
  /** When the schedule runs: five cron fields, minute hour day-of-month month day-of-week (e.g. `0 22 * * MON-FRI`). */
  schedule?: string | undefined;
  /** The IANA time zone the schedule runs in, e.g. `Europe/Berlin`. */
  timezone?: string | undefined;
  /** What the schedule does to the instance: START, STOP, REBOOT, FORCE_STOP or FORCE_REBOOT. */
  action?: string | undefined;
  /** Whether the schedule runs. */
  enabled?: boolean | undefined;
  /** The moment from which the schedule is active (ISO 8601 date-time). */
  startDate?: string | undefined;
  /** The moment after which the schedule is no longer active (ISO 8601 date-time); absent when it has no end. */
  endDate?: string | undefined;
  /** When the schedule was created (ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** The disks (and, when taken with them, the memory) of an instance at a point in time (`cim.InstanceSnapshot`). */
export interface InstanceSnapshot {
  /** The snapshot's id. */
  id: string;
  /** The snapshot's name, unique among the instance's snapshots. */
  name?: string | undefined;
  /** The snapshot's description. */
  description?: string | undefined;
  /** The id of the instance it was taken of (`cim.getInstance`). */
  virtualMachineId?: string | undefined;
  /** The name of the instance it was taken of. */
  virtualMachineName?: string | undefined;
  /** What it holds: Disk, or DiskAndMemory (the instance's memory too). */
  type?: string | undefined;
  /** The platform's snapshot state: Allocated, Creating, Ready, Expunging, Reverting or Error; Ready when usable. */
  state?: string | undefined;
  /** The id of the instance's zone (`cim.getZone`). */
  zoneId?: string | undefined;
  /** When the snapshot was taken (ISO 8601). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** An internal load balancer: traffic to a port of an address inside a VPC tier spread over its instances (`cim.InternalLoadBalancer`). */
export interface InternalLoadBalancer {
  /** The id of the internal load balancer (`cim.InternalLoadBalancer`). */
  id: string;
  /** The load balancer's name. */
  name?: string | undefined;
  /** The load balancer's description. */
  description?: string | undefined;
  /** The load-balancing scheme: always `Internal`. */
  scheme?: string | undefined;
  /** The balanced address: a guest address of a VPC tier, e.g. `10.1.1.10`. */
  sourceIpAddress?: string | undefined;
  /** The id of the VPC tier the source address is taken from (`cim.Network`). */
  sourceIpAddressNetworkId?: string | undefined;
  /** The id of the VPC tier of the member instances (`cim.Network`). */
  networkId?: string | undefined;
  /** The id of the VPC of that tier (`cim.Vpc`). */
  vpcId?: string | undefined;
  /** The id of the zone of that tier (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The balanced port of the source address (1–65535); shown as text by the platform, read as a number. */
  sourcePort?: number | undefined;
  /** The port on the members traffic is forwarded to (1–65535); shown as text by the platform, read as a number. */
  instancePort?: number | undefined;
  /** How connections are spread over the members: roundrobin, leastconn or source. */
  algorithm?: string | undefined;
  /** The load balancer's state: Add (a change being applied), Active, or Revoke (being removed). */
  state?: string | undefined;
  /** The load balancer's tags, key to value. */
  tags?: Record<string, unknown> | undefined;
  /** When the load balancer was created (ISO 8601 timestamp). */
  created?: string | undefined;
  /** The members' instance ids. */
  memberIds: Array<string>;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** An invitation of a user to an organization, and what became of it. */
export interface Invitation {
  /** The invitation's id. */
  id: string;
  /** The id of the organization the invitation is to (`cim.getTenant`). */
  tenantId?: string | undefined;
  /** The name of the organization the invitation is to. */
  tenantName?: string | undefined;
  /** The invited user. */
  user?: string | undefined;
  /** The user who sent the invitation (an `Admin` of the organization). */
  invitedBy?: string | undefined;
  /** `Pending`, `Completed` (accepted: the user is a member), `Declined` or `Expired` (left pending too long). */
  state?: string | undefined;
  /** When the invitation was sent (an ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** An ISO image: a disk an instance boots from or mounts (`cim.Iso`). */
export interface Iso extends Image {
  /** Whether instances can boot from the ISO; a data ISO (drivers, tools) is not bootable. */
  bootable?: boolean | undefined;
  /** Ready, Downloading, or Error when the download failed. */
  state: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A Kubernetes cluster: its control and worker nodes on a network, as the platform shows it (`cim.KubernetesCluster`); never its kubeconfig. */
export interface KubernetesCluster {
  /** The cluster's id. */
  id: string;
  /** The cluster's name. */
  name?: string | undefined;
  /** The cluster's description. */
  description?: string | undefined;
  /** The id of the cluster's zone (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the cluster's zone. */
  zoneName?: string | undefined;
  /** The id of the cluster's Kubernetes version (`cim.getKubernetesVersion`). */
  kubernetesVersionId?: string | undefined;
  /** The name of the cluster's Kubernetes version. */
  kubernetesVersionName?: string | undefined;
  /** The id of the compute offering of every node (`cim.getComputeOffering`). */
  serviceOfferingId?: string | undefined;
  /** The name of that compute offering. */
  serviceOfferingName?: string | undefined;
  /** The id of the isolated network or VPC tier of the nodes (a `cim.Network`'s id). */
  networkId?: string | undefined;
  /** The name of the SSH key pair on the nodes (a `cim.SshKeyPair`'s `name`), if any. */
  keyPair?: string | undefined;
  /** The number of control-plane nodes. */
  controlNodes?: number | undefined;
  /** The number of worker nodes. */
  size?: number | undefined;
  /** The size of each node's root disk in GB. */
  nodeRootDiskSize?: number | undefined;
  /** Whether the autoscaler sets the number of worker nodes, between `minSize` and `maxSize`. */
  autoscalingEnabled?: boolean | undefined;
  /** The fewest worker nodes the autoscaler keeps, while autoscaling is enabled. */
  minSize?: number | undefined;
  /** The most worker nodes the autoscaler adds, while autoscaling is enabled. */
  maxSize?: number | undefined;
  /** The platform's cluster state: Created, Starting, Running, Scaling, Upgrading, Stopped, Destroying, Error or Alert. */
  state?: string | undefined;
  /** The URL of the cluster's Kubernetes API server; empty until the cluster has first run. */
  endpoint?: string | undefined;
  /** The cluster's tags, key to value. */
  tags?: Record<string, unknown> | undefined;
  /** When the cluster was created (ISO 8601). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A Kubernetes release clusters can run, named by `cim.KubernetesCluster`'s `kubernetesVersionId`, with what its nodes need. */
export interface KubernetesVersion {
  /** The version's id, as `cim.KubernetesCluster`'s `kubernetesVersionId` takes it. */
  id: string;
  /** The version's name as the platform gives it, e.g. `v1.28.4`. */
  name?: string | undefined;
  /** The Kubernetes release, MAJOR.MINOR.PATCH, e.g. `1.28.4`. */
  semanticVersion?: string | undefined;
  /** The fewest vCPUs a node's compute offering must have for this version. */
  minimumCpuNumber?: number | undefined;
  /** The least memory a node's compute offering must have for this version, in MB. */
  minimumRamSize?: number | undefined;
  /** `Enabled` or `Disabled`; a disabled version takes no new cluster and no upgrade to it. */
  state?: string | undefined;
  /** Whether a cluster of this version may have more than one control node (HA). */
  supportsHa?: boolean | undefined;
  /** Whether a cluster of this version may scale its worker nodes automatically. */
  supportsAutoscaling?: boolean | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A public load-balancer rule: traffic to a port of a public address spread over instances of a network (`cim.LoadBalancerRule`). */
export interface LoadBalancerRule {
  /** The id of the load-balancer rule (`cim.LoadBalancerRule`). */
  id: string;
  /** The rule's name. */
  name?: string | undefined;
  /** The rule's description. */
  description?: string | undefined;
  /** The id of the public IP address whose port the rule balances (`cim.PublicIp`). */
  publicIpId?: string | undefined;
  /** The public address the rule balances, e.g. `198.18.0.7`. */
  publicIp?: string | undefined;
  /** The balanced port of the public address (1–65535); shown as text by the platform, read as a number. */
  publicPort?: number | undefined;
  /** The port on the members traffic is forwarded to (1–65535); shown as text by the platform, read as a number. */
  privatePort?: number | undefined;
  /** How connections are spread over the members: roundrobin, leastconn or source. */
  algorithm?: string | undefined;
  /** The protocol balanced: tcp, udp or tcp-proxy. */
  protocol?: string | undefined;
  /** The guest network of the member instances (`cim.Network`): the address's isolated network, or a VPC tier. */
  networkId?: string | undefined;
  /** The id of the zone the rule belongs to (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the zone the rule belongs to. */
  zoneName?: string | undefined;
  /** The rule's state: Add (a change being applied), Active, or Revoke (being removed). */
  state?: string | undefined;
  /** The rule's tags, key to value. */
  tags?: Record<string, unknown> | undefined;
  /** When the rule was created (ISO 8601 timestamp). */
  created?: string | undefined;
  /** The members' instance ids. */
  memberIds: Array<string>;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A membership of an organization: the caller's, or another member's of an organization the caller belongs to. */
export interface Membership {
  /** The membership's id: the value the `X-Tenant-Context` header carries. */
  id: string;
  /** The id of the organization (`cim.getTenant`). */
  tenantId?: string | undefined;
  /** The name of the organization. */
  tenantName?: string | undefined;
  /** The member: the user the membership is of. */
  user?: string | undefined;
  /** The member's role in the organization: `Admin` or `Regular`. */
  role?: string | undefined;
  /** When the user became a member (an ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A multi-region group: VPCs of several regions joined into one private network (`cim.MultiRegionGroup`). */
export interface MultiRegionGroup {
  /** The id of the multi-region group (`cim.MultiRegionGroup`). */
  id: string;
  /** The group's name, unique in the account and region. */
  name?: string | undefined;
  /** The group's description. */
  description?: string | undefined;
  /** The group's state: Active, or Revoke while it is being deleted. */
  state?: string | undefined;
  /** The id (uuid) of the region the group is kept in: the one its create was sent to. */
  regionId?: string | undefined;
  /** The name of that region. */
  regionName?: string | undefined;
  /** The number of VPCs in the group, joining and leaving ones included, not those whose join failed. */
  memberCount?: number | undefined;
  /** When the group was created (ISO 8601 timestamp). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A VPC's membership of a multi-region group (`cim.MultiRegionGroupVpc`). */
export interface MultiRegionMember {
  /** The id of the membership (`cim.MultiRegionGroupVpc`). */
  id: string;
  /** The id of the multi-region group (`cim.MultiRegionGroup`). */
  groupId?: string | undefined;
  /** The name of that group. */
  groupName?: string | undefined;
  /** The id of the member VPC (`cim.Vpc`), valid in the region `regionId`. */
  vpcId?: string | undefined;
  /** The name of that VPC. */
  vpcName?: string | undefined;
  /** The VPC's CIDR, e.g. `10.1.0.0/16`. */
  cidr?: string | undefined;
  /** The id (uuid) of the VPC's own region, not the group's. */
  regionId?: string | undefined;
  /** The name of the VPC's region. */
  regionName?: string | undefined;
  /** The membership's state: Add (joining), Active, Revoke (leaving), or Error (the join failed). */
  state?: string | undefined;
  /** When the membership was created (ISO 8601 timestamp). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** The account's allowance of multi-region groups, all regions together, and how much of it is used. */
export interface MultiRegionQuota {
  /** The most multi-region groups (`cim.MultiRegionGroup`) the account may have, all regions together. */
  maxMultiRegions: number;
  /** The most VPCs one multi-region group may hold. */
  maxMultiRegionMembers: number;
  /** How many multi-region groups the account has now, all regions together. */
  currentMultiRegions: number;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** The account's limits in a region and how much of each is used now. */
export interface MyLimits {
  /** The most instances the account may have. */
  instanceLimit?: number | undefined;
  /** How many instances count against `instanceLimit` now. */
  instanceCount?: number | undefined;
  /** The most volumes the account may have, instances' root disks included. */
  volumeLimit?: number | undefined;
  /** How many volumes, root disks included, count against `volumeLimit` now. */
  volumeCount?: number | undefined;
  /** The most VPCs the account may have. */
  vpcLimit?: number | undefined;
  /** How many VPCs count against `vpcLimit` now. */
  vpcCount?: number | undefined;
  /** The most networks the account may have. */
  networkLimit?: number | undefined;
  /** How many networks count against `networkLimit` now. */
  networkCount?: number | undefined;
  /** The most public IP addresses the account may hold. */
  publicIpLimit?: number | undefined;
  /** How many public IP addresses count against `publicIpLimit` now. */
  publicIpCount?: number | undefined;
  /** The most volume snapshots the account may have (instance snapshots do not count). */
  snapshotLimit?: number | undefined;
  /** How many volume snapshots count against `snapshotLimit` now. */
  snapshotCount?: number | undefined;
  /** The most backups the account may have (the platform's `backup` resource type); not every API reports it. */
  backupLimit?: number | undefined;
  /** How many backups count against `backupLimit` now; not every API reports it. */
  backupCount?: number | undefined;
  /** The most templates and ISOs, together, the account may register; not every API reports it. */
  templateLimit?: number | undefined;
  /** How many templates and ISOs count against `templateLimit` now; not every API reports it. */
  templateCount?: number | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A rule of a network ACL list: which traffic, from or to where, is allowed or denied (`cim.NetworkAclRule`). */
export interface NetworkAclRule {
  /** The id of the rule (`cim.NetworkAclRule`). */
  id: string;
  /** The id of the network ACL list the rule belongs to (`cim.NetworkAclList`). */
  aclId?: string | undefined;
  /** The name of that list. */
  aclName?: string | undefined;
  /** The rule's place in its list, unique in the list: rules are matched in this order. */
  number?: number | undefined;
  /** The protocol the rule matches: tcp, udp, icmp, all, or a protocol number. */
  protocol?: string | undefined;
  /** The first port of the range the rule matches (tcp and udp rules). */
  startPort?: number | undefined;
  /** The last port of the range the rule matches (tcp and udp rules). */
  endPort?: number | undefined;
  /** The ICMP type the rule matches (icmp rules; -1 for any). */
  icmpType?: number | undefined;
  /** The ICMP code the rule matches (icmp rules; -1 for any). */
  icmpCode?: number | undefined;
  /** The CIDRs traffic comes from (ingress) or goes to (egress); the platform joins them with commas, read as a list. */
  cidrList?: Array<string> | undefined;
  /** What the rule does with matching traffic: Allow or Deny (in any case). */
  action?: string | undefined;
  /** The direction the rule applies to: Ingress or Egress (in any case). */
  trafficType?: string | undefined;
  /** Why the rule exists, as its author wrote it. */
  reason?: string | undefined;
  /** The rule's state: Add (being applied), Active, or Revoke (being removed). */
  state?: string | undefined;
  /** When the rule was created (ISO 8601 timestamp). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A network offering: what a network of it provides (a VPC tier or an isolated network), named by `networkOfferingId` inputs. */
export interface NetworkOffering {
  /** The offering's id, as `cim.Network`'s `networkOfferingId` takes it. */
  id: string;
  /** The offering's name, e.g. `VPC Tier`. */
  name?: string | undefined;
  /** Whether the offering is for VPC tiers only (true) or for isolated networks (false). */
  forVpc?: boolean | undefined;
  /** Whether the offering balances load on the Internal scheme: a tier of it can hold a `cim.InternalLoadBalancer`. */
  internalLb?: boolean | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A guest OS type the platform knows, named by a template's or ISO's `osTypeId`. */
export interface OsType {
  /** The OS type's id, as `cim.Template`'s and `cim.Iso`'s `osTypeId` take it. */
  id: string;
  /** The OS type's name: the same text as `description`, e.g. `Ubuntu 22.04 (64-bit)`. */
  name?: string | undefined;
  /** The OS type as the platform describes it, e.g. `Ubuntu 22.04 (64-bit)`. */
  description?: string | undefined;
  /** The name of the OS category the type belongs to, e.g. `Ubuntu`, `Windows` or `Other`. */
  osCategory?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC (`cim.VpcGateway`). */
export interface PrivateGateway {
  /** The id of the private gateway (`cim.VpcGateway`). */
  id: string;
  /** The id of the VPC the gateway belongs to (`cim.Vpc`). */
  vpcId?: string | undefined;
  /** The name of that VPC. */
  vpcName?: string | undefined;
  /** The id of the zone the gateway belongs to (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of that zone. */
  zoneName?: string | undefined;
  /** The VPC router's address on the private network, e.g. `172.16.0.2`. */
  ipAddress?: string | undefined;
  /** The private network's gateway (the next hop beyond the VPC), e.g. `172.16.0.1`. */
  gateway?: string | undefined;
  /** The private network's netmask, e.g. `255.255.255.0`. */
  netmask?: string | undefined;
  /** The VLAN tag of the private network as text, e.g. `100` (the platform shows it as text; a number reads the same). */
  vlan?: string | undefined;
  /** Whether traffic leaving through the gateway is source-NATed. */
  sourceNatSupported?: boolean | undefined;
  /** The id of the gateway's network ACL list (`cim.NetworkAclList`, or one of the VPC's default lists). */
  aclId?: string | undefined;
  /** The name of that list. */
  aclName?: string | undefined;
  /** The gateway's state: Creating, Ready or Deleting. */
  state?: string | undefined;
  /** When the gateway was created (ISO 8601 timestamp). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A project: a named grouping of work in a region (`cim.Project`). */
export interface Project {
  /** The project's id (`cim.Project`), valid in its region only. */
  id: string;
  /** The project's name, unique in the account and region. */
  name?: string | undefined;
  /** The project's description; the API uses the name when none was given. */
  displayText?: string | undefined;
  /** The project's state, as the platform reports it: `Active`, `Disabled` or `Suspended`. */
  state?: string | undefined;
  /** The user whose account owns the project. */
  owner?: string | undefined;
  /** When the project was created (an ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A public IP address acquired for an isolated network or a VPC (`cim.PublicIp`). */
export interface PublicIp {
  /** The id of the public IP address (`cim.PublicIp`). */
  id: string;
  /** The public address, e.g. `198.18.0.7`. */
  ipAddress?: string | undefined;
  /** The id of the zone the address belongs to (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the zone the address belongs to. */
  zoneName?: string | undefined;
  /** The id of the VPC the address was acquired for (`cim.Vpc`), if any. */
  vpcId?: string | undefined;
  /** The id of the guest network the address serves (`cim.Network`): the isolated network it was acquired for, or a VPC tier its rules point into. */
  associatedNetworkId?: string | undefined;
  /** The name of that guest network. */
  associatedNetworkName?: string | undefined;
  /** Whether it is the source-NAT address of its network or VPC (such an address cannot be released). */
  isSourceNat?: boolean | undefined;
  /** Whether static NAT maps the address onto an instance. */
  isStaticNat?: boolean | undefined;
  /** The id of the instance static NAT maps the address onto (`cim.Instance`); set only with static NAT. */
  virtualMachineId?: string | undefined;
  /** The name of that instance, as the platform reports it; set only with static NAT. */
  virtualMachineName?: string | undefined;
  /** The instance's NIC address the public address maps onto; set only with static NAT. */
  vmIpAddress?: string | undefined;
  /** The address's state: Allocating, Allocated, Releasing, or Error when the acquisition failed. */
  state?: string | undefined;
  /** The address's tags, key to value. */
  tags?: Record<string, unknown> | undefined;
  /** When the address was acquired (ISO 8601 timestamp). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A region of the API: a site with its own zones and resources, named by its id in `region` settings and inputs. */
export interface Region {
  /** The region's id (a UUID), as the provider's `region` setting and `region` inputs take it. */
  id: string;
  /** The region's name, e.g. `de-fra-1`. */
  name?: string | undefined;
  /** Whether this is the primary region: the API's default region when it is active. */
  primary?: boolean | undefined;
  /** Whether the region takes requests; the API refuses requests routed to an inactive one. */
  active?: boolean | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A public address's static NAT: whether it maps one to one onto an instance's NIC, and which (`cim.StaticNat`). */
export interface StaticNat {
  /** The public address's id (a static NAT has none of its own). */
  id: string;
  /** Enabled while static NAT maps the address onto an instance, else Disabled. */
  state: "Enabled" | "Disabled";
  /** The public address, e.g. `198.18.0.7`. */
  ipAddress?: string | undefined;
  /** The id of the instance the address maps onto (`cim.Instance`); only when Enabled. */
  virtualMachineId?: string | undefined;
  /** The name of that instance, as the platform reports it; only when Enabled. */
  virtualMachineName?: string | undefined;
  /** The network of the instance's NIC the address maps onto. */
  networkId?: string | undefined;
  /** The instance's NIC address the public address maps onto; only when Enabled. */
  vmIpAddress?: string | undefined;
  /** The id of the zone the address belongs to (`cim.getZone`). */
  zoneId?: string | undefined;
}

/** A template: a disk image instances are deployed from (`cim.Template`). */
export interface Template extends Image {
  /** The smallest root disk, in GB, of an instance deployed from the template (the default `rootDiskSize`). */
  minRootDiskSizeGb?: number | undefined;
  /** The hypervisor the template is for: KVM, XenServer, VMware, Hyperv, LXC, Ovm3, BareMetal or Simulator. */
  hypervisor?: string | undefined;
  /** The template's type as the platform reports it, e.g. USER. */
  templateType?: string | undefined;
  /** Ready, Downloading, or Error when the download failed. */
  state: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** An organization the caller belongs to, with the caller's membership of it. */
export interface Tenant {
  /** The organization's id. */
  id: string;
  /** The organization's name. */
  name?: string | undefined;
  /** The organization's description (empty when none was given). */
  description?: string | undefined;
  /** The organization's state, as the API gives it (e.g. `Active`). */
  state?: string | undefined;
  /** The user who made the organization. */
  owner?: string | undefined;
  /** The id of the caller's membership of the organization: the value the `X-Tenant-Context` header carries. */
  membershipId?: string | undefined;
  /** The caller's role in the organization: `Admin` or `Regular`. */
  role?: string | undefined;
  /** How many members the organization has. */
  memberCount?: number | undefined;
  /** When the organization was made (an ISO 8601 date-time). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A point-in-time copy of a volume, for restoring it as a new volume (`cim.VolumeSnapshot`). */
export interface VolumeSnapshot {
  /** The snapshot's id. */
  id: string;
  /** The snapshot's name. */
  name?: string | undefined;
  /** The id of the volume it was taken of (a `cim.Volume`'s id); kept once the volume is gone. */
  volumeId?: string | undefined;
  /** The volume's name when the snapshot was taken. */
  volumeName?: string | undefined;
  /** The kind of volume it was taken of: ROOT (an instance's root disk) or DATADISK. */
  volumeType?: string | undefined;
  /** The id of the instance the volume is attached to now, if any (`cim.getInstance`). */
  virtualMachineId?: string | undefined;
  /** The id of the snapshot's zone (`cim.getZone`). */
  zoneId?: string | undefined;
  /** The name of the snapshot's zone. */
  zoneName?: string | undefined;
  /** The id of the volume's disk offering when the snapshot was taken, if it had one (`cim.getDiskOffering`). */
  diskOfferingId?: string | undefined;
  /** The volume's size in GB when the snapshot was taken; a volume made from the snapshot is at least this big. */
  size?: number | undefined;
  /** The platform's snapshot state: Allocated, Creating, BackingUp, BackedUp, Error or Destroying; BackedUp when usable. */
  state?: string | undefined;
  /** When the snapshot was taken (ISO 8601). */
  created?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A VPC offering, named by `cim.Vpc`'s `vpcOfferingId`. */
export interface VpcOffering {
  /** The offering's id, as `cim.Vpc`'s `vpcOfferingId` takes it. */
  id: string;
  /** The offering's name, e.g. `Default VPC`. */
  name?: string | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}

/** A zone of a region: where instances, volumes, networks and VPCs are placed, named by `zoneId` inputs. */
export interface Zone {
  /** The zone's id, as `zoneId` inputs take it (e.g. `cim.Instance`'s). */
  id: string;
  /** The zone's name, e.g. `de-fra-1a`. */
  name?: string | undefined;
  /** The id of the region the zone is in (`cim.getRegion`). */
  regionId?: string | undefined;
  /** The most instances the zone holds, of all accounts together; a deploy into a full zone fails. */
  capacity?: number | undefined;
  /** A field the API adds that this version does not know of. */
  [field: string]: unknown;
}
