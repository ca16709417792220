// Generated from the registry of kinds (provider/kinds/index.ts) by `npm run generate`; do not edit.
// Each class is made from its kind's declaration: Args are what the provider takes, outputs what it returns.
// The interfaces name those types and carry each field's `doc`, so editors show both; each property's type
// is the declaration's (an indexed access), and `Proven` makes the class fail to compile if the two part.

import { kinds } from "../provider/kinds";
import type { Kind } from "../provider/kinds/define";
import { type ArgsOf, type KindClass, type KindResource, resourceClass } from "./resource";

/** Each assignable to the other, with the same keys: the same properties, optional alike, of the same types. */
type Same<A, B> = [A, keyof A] extends [B, keyof B]
  ? [B, keyof B] extends [A, keyof A]
    ? true
    : false
  : false;
/** The class's static members (not its construct signature, which each class declares with its named types). */
type Statics<K extends Kind> = Omit<KindClass<K>, "isInstance">;
/** The resource options the class takes (sdk/resource.ts decides them). */
type OptionsOf<K extends Kind> = ConstructorParameters<KindClass<K>>[2];
/** Nothing when A and R are exactly the kind's Args and instance types, else a member no class has. */
type Proven<K extends Kind, A, R> = [Same<A, ArgsOf<K>>, Same<R, KindResource<K>>] extends [true, true]
  ? Record<never, never>
  : { "differs from its kind's declaration: run npm run generate": never };

type InstanceKind = typeof kinds.Instance;

/** The arguments of cim.Instance. */
export interface InstanceArgs extends ArgsOf<InstanceKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<InstanceKind>["region"];
  /** Zone to deploy in (a zone of the region). Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId: ArgsOf<InstanceKind>["zoneId"];
  /** Template to boot from (required unless `imageType` is `"iso"`). The API requires it for an ISO too and ignores it then: left out, the provider sends the `isoId` in it. Replaces on change. Names a `cim.Template` by id (its `id` output). */
  readonly templateId?: ArgsOf<InstanceKind>["templateId"];
  /** `"template"`, `"iso"`, `"volume"` (a detached volume becomes the root disk) or `"snapshot"` (the root disk is made from a volume snapshot). Replaces on change. Default: `"template"`. */
  readonly imageType?: ArgsOf<InstanceKind>["imageType"];
  /** With `imageType: "volume"`: a detached data volume of the zone that becomes the instance's root disk and goes with the instance (so a change that replaces the instance and boots it from the same volume again is refused at preview, saying how to keep the disk through a snapshot). Replaces on change. Names a `cim.Volume` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly volumeId?: ArgsOf<InstanceKind>["volumeId"];
  /** With `imageType: "snapshot"`: a BackedUp volume snapshot the root disk is made from. Replaces on change. Names a `cim.VolumeSnapshot` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly snapshotId?: ArgsOf<InstanceKind>["snapshotId"];
  /** ISO to boot from; required with `imageType: "iso"`. Replaces on change. Names a `cim.Iso` by id (its `id` output). */
  readonly isoId?: ArgsOf<InstanceKind>["isoId"];
  /** Root disk offering; required with `imageType: "iso"` (an ISO carries no disk). Replaces on change. An id (a UUID) of a disk offering: `cim.getDiskOffering` finds it by name. */
  readonly diskOfferingId?: ArgsOf<InstanceKind>["diskOfferingId"];
  /** Compute offering (vCPU and memory). On a running instance the platform cannot scale live (not dynamically scalable), a change stops it, scales it and starts it again, and preview warns that it will be down meanwhile. Changed in place (scale). An id (a UUID) of a compute offering: `cim.getComputeOffering` finds it by name. */
  readonly serviceOfferingId: ArgsOf<InstanceKind>["serviceOfferingId"];
  /** Root disk size in GB; not smaller than the template requires. Default: the template's size. Replaces on change. */
  readonly rootDiskSize?: ArgsOf<InstanceKind>["rootDiskSize"];
  /** Internal host name: 1–63 letters, digits and hyphens, starting with a letter, unique in the region. Left out, the provider makes one at each create (`vm-` and 12 random hex digits; a replacement gets a new one). Changed in place (renamed; a replacement with the same name deletes first). */
  readonly name?: ArgsOf<InstanceKind>["name"];
  /** Free-form listing label (need not be unique). Left out, the platform labels the instance with its host name at create, and the program has no opinion of it after: a label changed outside Pulumi stays (a refresh shows it in the outputs); give `displayName` to keep it. Changed in place. */
  readonly displayName?: ArgsOf<InstanceKind>["displayName"];
  /** Networks in order; the first is the default interface. Default: the zone's default network. Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkIds?: ArgsOf<InstanceKind>["networkIds"];
  /** Fixed private addresses, at most one per network; each network must be one of `networkIds` when those are given (without them the instance is on these networks, in this order). The provider names the networks to the API through this list alone, in `networkIds` order, and checks after the deploy that the default interface (and every interface the API lists) has the address asked: one not applied fails the deploy, the instance kept in state as failed with the address it got, so the next up replaces it. Replaces on change (deleting first when an address is kept). */
  readonly ipToNetworkList?: ArgsOf<InstanceKind>["ipToNetworkList"];
  /** base64-encoded cloud-init payload, at most 32,768 characters by the platform's default `vm.userdata.max.length` (preview warns above it, and refuses 1,048,576 or more, which no platform takes; a gzip-compressed payload fits more). A secret input; outputs keep only its digest (`userDataHash`), never the payload. Replaces on change. */
  readonly userData?: ArgsOf<InstanceKind>["userData"];
  /** One SSH key pair, by name (the API uses only the first): a `cim.SshKeyPair`'s `name`, or a key pair registered in the region. The platform copies its public key into the instance at deploy: a key pair registered again under the same name with another key (a rotation) leaves the instance as it is, with the old key. Replaces on change (the API cannot give an instance another key). Names a `cim.SshKeyPair` by name (its `name` output); preview refuses a name written as text that names none. */
  readonly sshKeyNames?: ArgsOf<InstanceKind>["sshKeyNames"];
  /** Enable SSH password authentication in the generated cloud-init. Replaces on change. */
  readonly allowPasswordSsh?: ArgsOf<InstanceKind>["allowPasswordSsh"];
  /** Disable root SSH login in the generated cloud-init. Replaces on change. */
  readonly disableRootCompletely?: ArgsOf<InstanceKind>["disableRootCompletely"];
  /** Overrides the hypervisor chosen for the deployment. Replaces on change. */
  readonly hypervisor?: ArgsOf<InstanceKind>["hypervisor"];
  /** Desired power state, `"running"` or `"stopped"`; enforced with start/stop. Output: also `"error"`. Changed in place. Default: `"running"`. */
  readonly powerState?: ArgsOf<InstanceKind>["powerState"];
  /** High availability. Changed in place. Default: `false`. */
  readonly haEnabled?: ArgsOf<InstanceKind>["haEnabled"];
  /** While true the API refuses to delete the instance. Changed in place. Default: `false`. */
  readonly deleteProtection?: ArgsOf<InstanceKind>["deleteProtection"];
  /** Whether deleting the instance expunges it at once (default true): as the delete ends its addresses, name and place on its networks are free, so `pulumi destroy` can delete its networks right after. `false` keeps the platform's recovery window: the instance stays Destroyed (an administrator can recover it) until the platform's expunge delay passes (CloudStack's `expunge.delay`, a day by default), and until then a network it was on cannot be deleted (the platform fails the network's delete without a reason; a `pulumi destroy` that deletes both waits for the expunge, up to the network's `timeouts.delete`, saying so) and no new instance can take its host name (the deploy's error names it and how to expunge it at once). Changes nothing through the API (it is recorded for the delete: run `pulumi up` before the destroy it should apply to). */
  readonly expunge?: ArgsOf<InstanceKind>["expunge"];
  /** Backup offering (a backup offering of the instance's zone: `cim.getBackupOffering`), which backups and backup schedules need. Left out, the instance keeps whatever offering it has (removal deletes schedules, so it is never done for a field the program does not set). Changed in place (a change makes the platform delete the instance's backup schedules). An id (a UUID) of a backup offering: `cim.getBackupOffering` finds it by name. */
  readonly backupOfferingId?: ArgsOf<InstanceKind>["backupOfferingId"];
  /** The instance group it is in, by name: a `cim.InstanceGroup`'s `name`, or a group of the region. Left out, it stays in whatever group it is in: the platform takes an instance out of a group only when the group is deleted. Changed in place (the platform's update `group`; one group at most, so it leaves any other). Names a `cim.InstanceGroup` by name (its `name` output); preview refuses a name written as text that names none. */
  readonly group?: ArgsOf<InstanceKind>["group"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<InstanceKind>["tags"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<InstanceKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<InstanceKind>["adoptId"];
}

/** A compute instance (virtual machine). */
export interface Instance extends KindResource<InstanceKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<InstanceKind>["region"];
  /** Zone to deploy in (a zone of the region). Replaces on change. */
  readonly zoneId: KindResource<InstanceKind>["zoneId"];
  /** Template to boot from (required unless `imageType` is `"iso"`). The API requires it for an ISO too and ignores it then: left out, the provider sends the `isoId` in it. Replaces on change. */
  readonly templateId: KindResource<InstanceKind>["templateId"];
  /** `"template"`, `"iso"`, `"volume"` (a detached volume becomes the root disk) or `"snapshot"` (the root disk is made from a volume snapshot). Replaces on change. Default: `"template"`. */
  readonly imageType: KindResource<InstanceKind>["imageType"];
  /** With `imageType: "volume"`: a detached data volume of the zone that becomes the instance's root disk and goes with the instance (so a change that replaces the instance and boots it from the same volume again is refused at preview, saying how to keep the disk through a snapshot). Replaces on change. */
  readonly volumeId: KindResource<InstanceKind>["volumeId"];
  /** With `imageType: "snapshot"`: a BackedUp volume snapshot the root disk is made from. Replaces on change. */
  readonly snapshotId: KindResource<InstanceKind>["snapshotId"];
  /** ISO to boot from; required with `imageType: "iso"`. Replaces on change. */
  readonly isoId: KindResource<InstanceKind>["isoId"];
  /** Root disk offering; required with `imageType: "iso"` (an ISO carries no disk). Replaces on change. */
  readonly diskOfferingId: KindResource<InstanceKind>["diskOfferingId"];
  /** Compute offering (vCPU and memory). On a running instance the platform cannot scale live (not dynamically scalable), a change stops it, scales it and starts it again, and preview warns that it will be down meanwhile. Changed in place (scale). */
  readonly serviceOfferingId: KindResource<InstanceKind>["serviceOfferingId"];
  /** Root disk size in GB; not smaller than the template requires. Default: the template's size. Replaces on change. */
  readonly rootDiskSize: KindResource<InstanceKind>["rootDiskSize"];
  /** Internal host name: 1–63 letters, digits and hyphens, starting with a letter, unique in the region. Left out, the provider makes one at each create (`vm-` and 12 random hex digits; a replacement gets a new one). Changed in place (renamed; a replacement with the same name deletes first). */
  readonly name: KindResource<InstanceKind>["name"];
  /** Free-form listing label (need not be unique). Left out, the platform labels the instance with its host name at create, and the program has no opinion of it after: a label changed outside Pulumi stays (a refresh shows it in the outputs); give `displayName` to keep it. Changed in place. */
  readonly displayName: KindResource<InstanceKind>["displayName"];
  /** Networks in order; the first is the default interface. Default: the zone's default network. Replaces on change. */
  readonly networkIds: KindResource<InstanceKind>["networkIds"];
  /** Fixed private addresses, at most one per network; each network must be one of `networkIds` when those are given (without them the instance is on these networks, in this order). The provider names the networks to the API through this list alone, in `networkIds` order, and checks after the deploy that the default interface (and every interface the API lists) has the address asked: one not applied fails the deploy, the instance kept in state as failed with the address it got, so the next up replaces it. Replaces on change (deleting first when an address is kept). */
  readonly ipToNetworkList: KindResource<InstanceKind>["ipToNetworkList"];
  /** One SSH key pair, by name (the API uses only the first): a `cim.SshKeyPair`'s `name`, or a key pair registered in the region. The platform copies its public key into the instance at deploy: a key pair registered again under the same name with another key (a rotation) leaves the instance as it is, with the old key. Replaces on change (the API cannot give an instance another key). */
  readonly sshKeyNames: KindResource<InstanceKind>["sshKeyNames"];
  /** Enable SSH password authentication in the generated cloud-init. Replaces on change. */
  readonly allowPasswordSsh: KindResource<InstanceKind>["allowPasswordSsh"];
  /** Disable root SSH login in the generated cloud-init. Replaces on change. */
  readonly disableRootCompletely: KindResource<InstanceKind>["disableRootCompletely"];
  /** Overrides the hypervisor chosen for the deployment. Replaces on change. */
  readonly hypervisor: KindResource<InstanceKind>["hypervisor"];
  /** Desired power state, `"running"` or `"stopped"`; enforced with start/stop. Output: also `"error"`. Changed in place. Default: `"running"`. */
  readonly powerState: KindResource<InstanceKind>["powerState"];
  /** High availability. Changed in place. Default: `false`. */
  readonly haEnabled: KindResource<InstanceKind>["haEnabled"];
  /** While true the API refuses to delete the instance. Changed in place. Default: `false`. */
  readonly deleteProtection: KindResource<InstanceKind>["deleteProtection"];
  /** Whether deleting the instance expunges it at once (default true): as the delete ends its addresses, name and place on its networks are free, so `pulumi destroy` can delete its networks right after. `false` keeps the platform's recovery window: the instance stays Destroyed (an administrator can recover it) until the platform's expunge delay passes (CloudStack's `expunge.delay`, a day by default), and until then a network it was on cannot be deleted (the platform fails the network's delete without a reason; a `pulumi destroy` that deletes both waits for the expunge, up to the network's `timeouts.delete`, saying so) and no new instance can take its host name (the deploy's error names it and how to expunge it at once). Changes nothing through the API (it is recorded for the delete: run `pulumi up` before the destroy it should apply to). */
  readonly expunge: KindResource<InstanceKind>["expunge"];
  /** Backup offering (a backup offering of the instance's zone: `cim.getBackupOffering`), which backups and backup schedules need. Left out, the instance keeps whatever offering it has (removal deletes schedules, so it is never done for a field the program does not set). Changed in place (a change makes the platform delete the instance's backup schedules). */
  readonly backupOfferingId: KindResource<InstanceKind>["backupOfferingId"];
  /** The instance group it is in, by name: a `cim.InstanceGroup`'s `name`, or a group of the region. Left out, it stays in whatever group it is in: the platform takes an instance out of a group only when the group is deleted. Changed in place (the platform's update `group`; one group at most, so it leaves any other). */
  readonly group: KindResource<InstanceKind>["group"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<InstanceKind>["tags"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<InstanceKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<InstanceKind>["adoptId"];
  /** sha256 (hex) of the normalised base64 `userData`, what state records of it (the payload is never an output: the API does not return it, and the engine logs outputs). Secret. Absent without `userData`. */
  readonly userDataHash: KindResource<InstanceKind>["userDataHash"];
  /** The API's instance state (Running, Stopped, Starting, Error, …). */
  readonly state: KindResource<InstanceKind>["state"];
  /** The default interface's private address. */
  readonly ipAddress: KindResource<InstanceKind>["ipAddress"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<InstanceKind>["created"];
}

/** The class cim.Instance: `new cim.Instance(name, args, opts?)`; `cim.Instance.get(name, id, opts?)` reads one by id. */
export interface InstanceClass extends Statics<InstanceKind>, Proven<InstanceKind, InstanceArgs, Instance> {
  /** A compute instance (virtual machine). */
  new (name: string, args: InstanceArgs, opts?: OptionsOf<InstanceKind>): Instance;
  isInstance(obj: unknown): obj is Instance;
}

/** A compute instance (virtual machine). */
export const Instance: InstanceClass = resourceClass(kinds.Instance);

type VolumeKind = typeof kinds.Volume;

/** The arguments of cim.Volume. */
export interface VolumeArgs extends ArgsOf<VolumeKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<VolumeKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<VolumeKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<VolumeKind>["adoptId"];
  /** The volume's name (default: the resource name). Replaces on change (the API has no rename). */
  readonly name?: ArgsOf<VolumeKind>["name"];
  /** Zone of the volume; an instance it attaches to must be in the same zone. Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId: ArgsOf<VolumeKind>["zoneId"];
  /** Disk offering; a fixed one smaller than the volume is refused at preview: volumes never shrink. Changed in place (resize). An id (a UUID) of a disk offering: `cim.getDiskOffering` finds it by name. */
  readonly diskOfferingId: ArgsOf<VolumeKind>["diskOfferingId"];
  /** Size in GB, for customized disk offerings; volumes never shrink. Changed in place (resize). */
  readonly size?: ArgsOf<VolumeKind>["size"];
  /** The instance to attach to, of the volume's zone, with at most 5 other data disks (an instance takes 6) and no instance snapshots (the platform attaches, detaches and resizes no volume of an instance with snapshots); leave it out to keep the volume detached. Changed in place (attach/detach). Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly instanceId?: ArgsOf<VolumeKind>["instanceId"];
  /** A volume snapshot to make the volume from (BackedUp, in the same zone); its size is the default and the minimum. Replaces on change. Names a `cim.VolumeSnapshot` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly snapshotId?: ArgsOf<VolumeKind>["snapshotId"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<VolumeKind>["tags"];
}

/** A block storage volume, optionally attached to an instance. */
export interface Volume extends KindResource<VolumeKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<VolumeKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<VolumeKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<VolumeKind>["adoptId"];
  /** The volume's name (default: the resource name). Replaces on change (the API has no rename). */
  readonly name: KindResource<VolumeKind>["name"];
  /** Zone of the volume; an instance it attaches to must be in the same zone. Replaces on change. */
  readonly zoneId: KindResource<VolumeKind>["zoneId"];
  /** Disk offering; a fixed one smaller than the volume is refused at preview: volumes never shrink. Changed in place (resize). */
  readonly diskOfferingId: KindResource<VolumeKind>["diskOfferingId"];
  /** Size in GB, for customized disk offerings; volumes never shrink. Changed in place (resize). */
  readonly size: KindResource<VolumeKind>["size"];
  /** The instance to attach to, of the volume's zone, with at most 5 other data disks (an instance takes 6) and no instance snapshots (the platform attaches, detaches and resizes no volume of an instance with snapshots); leave it out to keep the volume detached. Changed in place (attach/detach). */
  readonly instanceId: KindResource<VolumeKind>["instanceId"];
  /** A volume snapshot to make the volume from (BackedUp, in the same zone); its size is the default and the minimum. Replaces on change. */
  readonly snapshotId: KindResource<VolumeKind>["snapshotId"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<VolumeKind>["tags"];
  /** The name of its zone. */
  readonly zoneName: KindResource<VolumeKind>["zoneName"];
  /** The name of its disk offering (`diskOfferingId`). */
  readonly diskOfferingName: KindResource<VolumeKind>["diskOfferingName"];
  /** The device number on the instance it is attached to. */
  readonly deviceId: KindResource<VolumeKind>["deviceId"];
  /** The API's volume state (Allocated, Ready, Resizing, …). */
  readonly state: KindResource<VolumeKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<VolumeKind>["created"];
}

/** The class cim.Volume: `new cim.Volume(name, args, opts?)`; `cim.Volume.get(name, id, opts?)` reads one by id. */
export interface VolumeClass extends Statics<VolumeKind>, Proven<VolumeKind, VolumeArgs, Volume> {
  /** A block storage volume, optionally attached to an instance. */
  new (name: string, args: VolumeArgs, opts?: OptionsOf<VolumeKind>): Volume;
  isInstance(obj: unknown): obj is Volume;
}

/** A block storage volume, optionally attached to an instance. */
export const Volume: VolumeClass = resourceClass(kinds.Volume);

type VpcKind = typeof kinds.Vpc;

/** The arguments of cim.Vpc. */
export interface VpcArgs extends ArgsOf<VpcKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<VpcKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<VpcKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<VpcKind>["adoptId"];
  /** The VPC's name (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<VpcKind>["name"];
  /** A description of the VPC; the API uses the name when left out. Changed in place. */
  readonly displayText?: ArgsOf<VpcKind>["displayText"];
  /** Zone of the VPC (a zone of the region). Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId: ArgsOf<VpcKind>["zoneId"];
  /** The VPC's range, e.g. `10.1.0.0/16`, written as its network address. Replaces on change. */
  readonly cidr: ArgsOf<VpcKind>["cidr"];
  /** VPC offering. Replaces on change. An id (a UUID) of a VPC offering: `cim.getVpcOffering` finds it by name. */
  readonly vpcOfferingId: ArgsOf<VpcKind>["vpcOfferingId"];
  /** DNS domain of the VPC's networks (the API's default when left out). Replaces on change. */
  readonly networkDomain?: ArgsOf<VpcKind>["networkDomain"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<VpcKind>["tags"];
}

/** A virtual private cloud: an address range for network tiers. */
export interface Vpc extends KindResource<VpcKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<VpcKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<VpcKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<VpcKind>["adoptId"];
  /** The VPC's name (default: the resource name). Changed in place. */
  readonly name: KindResource<VpcKind>["name"];
  /** A description of the VPC; the API uses the name when left out. Changed in place. */
  readonly displayText: KindResource<VpcKind>["displayText"];
  /** Zone of the VPC (a zone of the region). Replaces on change. */
  readonly zoneId: KindResource<VpcKind>["zoneId"];
  /** The VPC's range, e.g. `10.1.0.0/16`, written as its network address. Replaces on change. */
  readonly cidr: KindResource<VpcKind>["cidr"];
  /** VPC offering. Replaces on change. */
  readonly vpcOfferingId: KindResource<VpcKind>["vpcOfferingId"];
  /** DNS domain of the VPC's networks (the API's default when left out). Replaces on change. */
  readonly networkDomain: KindResource<VpcKind>["networkDomain"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<VpcKind>["tags"];
  /** The name of its zone. */
  readonly zoneName: KindResource<VpcKind>["zoneName"];
  /** The name of its VPC offering (`vpcOfferingId`). */
  readonly vpcOfferingName: KindResource<VpcKind>["vpcOfferingName"];
  /** The API's VPC state (Enabled, Implementing, …). */
  readonly state: KindResource<VpcKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<VpcKind>["created"];
}

/** The class cim.Vpc: `new cim.Vpc(name, args, opts?)`; `cim.Vpc.get(name, id, opts?)` reads one by id. */
export interface VpcClass extends Statics<VpcKind>, Proven<VpcKind, VpcArgs, Vpc> {
  /** A virtual private cloud: an address range for network tiers. */
  new (name: string, args: VpcArgs, opts?: OptionsOf<VpcKind>): Vpc;
  isInstance(obj: unknown): obj is Vpc;
}

/** A virtual private cloud: an address range for network tiers. */
export const Vpc: VpcClass = resourceClass(kinds.Vpc);

type NetworkKind = typeof kinds.Network;

/** The arguments of cim.Network. */
export interface NetworkArgs extends ArgsOf<NetworkKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<NetworkKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<NetworkKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<NetworkKind>["adoptId"];
  /** The network's name (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<NetworkKind>["name"];
  /** A description of the network; the API uses the name when left out. Changed in place. */
  readonly displayText?: ArgsOf<NetworkKind>["displayText"];
  /** Zone of the network (a zone of the region). Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId: ArgsOf<NetworkKind>["zoneId"];
  /** Network offering (a VPC tier needs one made for VPCs). Replaces on change. An id (a UUID) of a network offering: `cim.getNetworkOffering` finds it by name. */
  readonly networkOfferingId: ArgsOf<NetworkKind>["networkOfferingId"];
  /** The VPC this network is a tier of; leave it out for an isolated network. Replaces on change. Names a `cim.Vpc` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly vpcId?: ArgsOf<NetworkKind>["vpcId"];
  /** Gateway, e.g. `10.1.1.1` (with `netmask`; the API chooses when both are left out). Replaces on change. */
  readonly gateway?: ArgsOf<NetworkKind>["gateway"];
  /** Netmask, e.g. `255.255.255.0` (with `gateway`). Replaces on change. */
  readonly netmask?: ArgsOf<NetworkKind>["netmask"];
  /** DNS domain (the API's default when left out). Replaces on change (PUT takes only the names). */
  readonly networkDomain?: ArgsOf<NetworkKind>["networkDomain"];
  /** A VPC tier's network ACL list (a `cim.NetworkAclList` id, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the platform gives a new tier its VPC's default_deny). Changed in place (the platform's replace-ACL-list, a job). Names a `cim.NetworkAclList` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly aclId?: ArgsOf<NetworkKind>["aclId"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<NetworkKind>["tags"];
}

/** An isolated network, or a tier of a VPC. */
export interface Network extends KindResource<NetworkKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<NetworkKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<NetworkKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<NetworkKind>["adoptId"];
  /** The network's name (default: the resource name). Changed in place. */
  readonly name: KindResource<NetworkKind>["name"];
  /** A description of the network; the API uses the name when left out. Changed in place. */
  readonly displayText: KindResource<NetworkKind>["displayText"];
  /** Zone of the network (a zone of the region). Replaces on change. */
  readonly zoneId: KindResource<NetworkKind>["zoneId"];
  /** Network offering (a VPC tier needs one made for VPCs). Replaces on change. */
  readonly networkOfferingId: KindResource<NetworkKind>["networkOfferingId"];
  /** The VPC this network is a tier of; leave it out for an isolated network. Replaces on change. */
  readonly vpcId: KindResource<NetworkKind>["vpcId"];
  /** Gateway, e.g. `10.1.1.1` (with `netmask`; the API chooses when both are left out). Replaces on change. */
  readonly gateway: KindResource<NetworkKind>["gateway"];
  /** Netmask, e.g. `255.255.255.0` (with `gateway`). Replaces on change. */
  readonly netmask: KindResource<NetworkKind>["netmask"];
  /** DNS domain (the API's default when left out). Replaces on change (PUT takes only the names). */
  readonly networkDomain: KindResource<NetworkKind>["networkDomain"];
  /** A VPC tier's network ACL list (a `cim.NetworkAclList` id, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the platform gives a new tier its VPC's default_deny). Changed in place (the platform's replace-ACL-list, a job). */
  readonly aclId: KindResource<NetworkKind>["aclId"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<NetworkKind>["tags"];
  /** The name of its zone. */
  readonly zoneName: KindResource<NetworkKind>["zoneName"];
  /** The name of its network offering (`networkOfferingId`). */
  readonly networkOfferingName: KindResource<NetworkKind>["networkOfferingName"];
  /** The network's range, e.g. `10.1.1.0/24`. */
  readonly cidr: KindResource<NetworkKind>["cidr"];
  /** The API's network state (Allocated, Implemented, …). */
  readonly state: KindResource<NetworkKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<NetworkKind>["created"];
}

/** The class cim.Network: `new cim.Network(name, args, opts?)`; `cim.Network.get(name, id, opts?)` reads one by id. */
export interface NetworkClass extends Statics<NetworkKind>, Proven<NetworkKind, NetworkArgs, Network> {
  /** An isolated network, or a tier of a VPC. */
  new (name: string, args: NetworkArgs, opts?: OptionsOf<NetworkKind>): Network;
  isInstance(obj: unknown): obj is Network;
}

/** An isolated network, or a tier of a VPC. */
export const Network: NetworkClass = resourceClass(kinds.Network);

type NetworkAclListKind = typeof kinds.NetworkAclList;

/** The arguments of cim.NetworkAclList. */
export interface NetworkAclListArgs extends ArgsOf<NetworkAclListKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<NetworkAclListKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<NetworkAclListKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<NetworkAclListKind>["adoptId"];
  /** The list's name; not `default_allow` or `default_deny` (the VPC's own lists). Changed in place. */
  readonly name?: ArgsOf<NetworkAclListKind>["name"];
  /** What the list is for. Changed in place. */
  readonly description?: ArgsOf<NetworkAclListKind>["description"];
  /** The VPC the list belongs to; only that VPC's tiers can use it. Replaces on change. Names a `cim.Vpc` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly vpcId: ArgsOf<NetworkAclListKind>["vpcId"];
}

/** A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made). */
export interface NetworkAclList extends KindResource<NetworkAclListKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<NetworkAclListKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<NetworkAclListKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<NetworkAclListKind>["adoptId"];
  /** The list's name; not `default_allow` or `default_deny` (the VPC's own lists). Changed in place. */
  readonly name: KindResource<NetworkAclListKind>["name"];
  /** What the list is for. Changed in place. */
  readonly description: KindResource<NetworkAclListKind>["description"];
  /** The VPC the list belongs to; only that VPC's tiers can use it. Replaces on change. */
  readonly vpcId: KindResource<NetworkAclListKind>["vpcId"];
}

/** The class cim.NetworkAclList: `new cim.NetworkAclList(name, args, opts?)`; `cim.NetworkAclList.get(name, id, opts?)` reads one by id. */
export interface NetworkAclListClass
  extends Statics<NetworkAclListKind>,
    Proven<NetworkAclListKind, NetworkAclListArgs, NetworkAclList> {
  /** A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made). */
  new (name: string, args: NetworkAclListArgs, opts?: OptionsOf<NetworkAclListKind>): NetworkAclList;
  isInstance(obj: unknown): obj is NetworkAclList;
}

/** A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made). */
export const NetworkAclList: NetworkAclListClass = resourceClass(kinds.NetworkAclList);

type NetworkAclRuleKind = typeof kinds.NetworkAclRule;

/** The arguments of cim.NetworkAclRule. */
export interface NetworkAclRuleArgs extends ArgsOf<NetworkAclRuleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<NetworkAclRuleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<NetworkAclRuleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<NetworkAclRuleKind>["adoptId"];
  /** The list the rule belongs to (`cim.NetworkAclList` id; not a default list). Replaces on change. Names a `cim.NetworkAclList` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly aclId: ArgsOf<NetworkAclRuleKind>["aclId"];
  /** Its place in the list (rules are matched in this order), unique in the list; the API picks the next when left out. Changed in place. */
  readonly number?: ArgsOf<NetworkAclRuleKind>["number"];
  /** `tcp`, `udp`, `icmp` or `all` (any case), or an IP protocol number from `0` to `255` as text (`"47"` GRE, `"50"` ESP); `"1"` is `icmp`. Ports are for `tcp` and `udp` by name only, ICMP type and code for `icmp` only. Changed in place. */
  readonly protocol: ArgsOf<NetworkAclRuleKind>["protocol"];
  /** First port (1–65535; tcp and udp only). Changed in place. */
  readonly startPort?: ArgsOf<NetworkAclRuleKind>["startPort"];
  /** Last port (1–65535, at least startPort; defaults to startPort). Changed in place. */
  readonly endPort?: ArgsOf<NetworkAclRuleKind>["endPort"];
  /** ICMP type (icmp only; -1 for any, the default). Changed in place. */
  readonly icmpType?: ArgsOf<NetworkAclRuleKind>["icmpType"];
  /** ICMP code (icmp only; -1 for any, the default). Changed in place. */
  readonly icmpCode?: ArgsOf<NetworkAclRuleKind>["icmpCode"];
  /** Where traffic comes from (ingress) or goes to (egress): IPv4 or IPv6 CIDRs; order does not matter. Changed in place. */
  readonly cidrList: ArgsOf<NetworkAclRuleKind>["cidrList"];
  /** `allow` (default) or `deny`. Changed in place. */
  readonly action?: ArgsOf<NetworkAclRuleKind>["action"];
  /** `ingress` (default) or `egress`. Changed in place. */
  readonly trafficType?: ArgsOf<NetworkAclRuleKind>["trafficType"];
  /** Why the rule exists (the API's `reason`). Changed in place. */
  readonly description?: ArgsOf<NetworkAclRuleKind>["description"];
}

/** A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress. */
export interface NetworkAclRule extends KindResource<NetworkAclRuleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<NetworkAclRuleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<NetworkAclRuleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<NetworkAclRuleKind>["adoptId"];
  /** The list the rule belongs to (`cim.NetworkAclList` id; not a default list). Replaces on change. */
  readonly aclId: KindResource<NetworkAclRuleKind>["aclId"];
  /** Its place in the list (rules are matched in this order), unique in the list; the API picks the next when left out. Changed in place. */
  readonly number: KindResource<NetworkAclRuleKind>["number"];
  /** `tcp`, `udp`, `icmp` or `all` (any case), or an IP protocol number from `0` to `255` as text (`"47"` GRE, `"50"` ESP); `"1"` is `icmp`. Ports are for `tcp` and `udp` by name only, ICMP type and code for `icmp` only. Changed in place. */
  readonly protocol: KindResource<NetworkAclRuleKind>["protocol"];
  /** First port (1–65535; tcp and udp only). Changed in place. */
  readonly startPort: KindResource<NetworkAclRuleKind>["startPort"];
  /** Last port (1–65535, at least startPort; defaults to startPort). Changed in place. */
  readonly endPort: KindResource<NetworkAclRuleKind>["endPort"];
  /** ICMP type (icmp only; -1 for any, the default). Changed in place. */
  readonly icmpType: KindResource<NetworkAclRuleKind>["icmpType"];
  /** ICMP code (icmp only; -1 for any, the default). Changed in place. */
  readonly icmpCode: KindResource<NetworkAclRuleKind>["icmpCode"];
  /** Where traffic comes from (ingress) or goes to (egress): IPv4 or IPv6 CIDRs; order does not matter. Changed in place. */
  readonly cidrList: KindResource<NetworkAclRuleKind>["cidrList"];
  /** `allow` (default) or `deny`. Changed in place. */
  readonly action: KindResource<NetworkAclRuleKind>["action"];
  /** `ingress` (default) or `egress`. Changed in place. */
  readonly trafficType: KindResource<NetworkAclRuleKind>["trafficType"];
  /** Why the rule exists (the API's `reason`). Changed in place. */
  readonly description: KindResource<NetworkAclRuleKind>["description"];
  /** The list's name. */
  readonly aclName: KindResource<NetworkAclRuleKind>["aclName"];
  /** The API's rule state (Add while being applied, Active, Revoke while being removed). */
  readonly state: KindResource<NetworkAclRuleKind>["state"];
}

/** The class cim.NetworkAclRule: `new cim.NetworkAclRule(name, args, opts?)`; `cim.NetworkAclRule.get(name, id, opts?)` reads one by id. */
export interface NetworkAclRuleClass
  extends Statics<NetworkAclRuleKind>,
    Proven<NetworkAclRuleKind, NetworkAclRuleArgs, NetworkAclRule> {
  /** A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress. */
  new (name: string, args: NetworkAclRuleArgs, opts?: OptionsOf<NetworkAclRuleKind>): NetworkAclRule;
  isInstance(obj: unknown): obj is NetworkAclRule;
}

/** A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress. */
export const NetworkAclRule: NetworkAclRuleClass = resourceClass(kinds.NetworkAclRule);

type BackupScheduleKind = typeof kinds.BackupSchedule;

/** The arguments of cim.BackupSchedule. */
export interface BackupScheduleArgs extends ArgsOf<BackupScheduleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<BackupScheduleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<BackupScheduleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<BackupScheduleKind>["adoptId"];
  /** The instance to back up (the API's `vmId`); it must have a backup offering (`backupOfferingId`). Replaces on change. Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly instanceId: ArgsOf<BackupScheduleKind>["instanceId"];
  /** How often: `HOURLY`, `DAILY`, `WEEKLY` or `MONTHLY` (any case). Changed in place. */
  readonly intervalType: ArgsOf<BackupScheduleKind>["intervalType"];
  /** When within the interval: `"MM"` for HOURLY (`"30"`), `"MM:HH"` for DAILY (`"30:02"`), `"MM:HH:D"` for WEEKLY (day of the week, 1 = Sunday: `"30:02:1"`), `"MM:HH:DD"` for MONTHLY (day 1 to 28: `"30:02:15"`). Changed in place. */
  readonly schedule: ArgsOf<BackupScheduleKind>["schedule"];
  /** IANA time zone of the schedule, e.g. `"UTC"` or `"Europe/Berlin"`; always sent, as the platform requires one. Changed in place. Default: `"UTC"`. */
  readonly timezone?: ArgsOf<BackupScheduleKind>["timezone"];
}

/** When an instance is backed up (synchronous in the API). */
export interface BackupSchedule extends KindResource<BackupScheduleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<BackupScheduleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<BackupScheduleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<BackupScheduleKind>["adoptId"];
  /** The instance to back up (the API's `vmId`); it must have a backup offering (`backupOfferingId`). Replaces on change. */
  readonly instanceId: KindResource<BackupScheduleKind>["instanceId"];
  /** How often: `HOURLY`, `DAILY`, `WEEKLY` or `MONTHLY` (any case). Changed in place. */
  readonly intervalType: KindResource<BackupScheduleKind>["intervalType"];
  /** When within the interval: `"MM"` for HOURLY (`"30"`), `"MM:HH"` for DAILY (`"30:02"`), `"MM:HH:D"` for WEEKLY (day of the week, 1 = Sunday: `"30:02:1"`), `"MM:HH:DD"` for MONTHLY (day 1 to 28: `"30:02:15"`). Changed in place. */
  readonly schedule: KindResource<BackupScheduleKind>["schedule"];
  /** IANA time zone of the schedule, e.g. `"UTC"` or `"Europe/Berlin"`; always sent, as the platform requires one. Changed in place. Default: `"UTC"`. */
  readonly timezone: KindResource<BackupScheduleKind>["timezone"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<BackupScheduleKind>["created"];
}

/** The class cim.BackupSchedule: `new cim.BackupSchedule(name, args, opts?)`; `cim.BackupSchedule.get(name, id, opts?)` reads one by id. */
export interface BackupScheduleClass
  extends Statics<BackupScheduleKind>,
    Proven<BackupScheduleKind, BackupScheduleArgs, BackupSchedule> {
  /** When an instance is backed up (synchronous in the API). */
  new (name: string, args: BackupScheduleArgs, opts?: OptionsOf<BackupScheduleKind>): BackupSchedule;
  isInstance(obj: unknown): obj is BackupSchedule;
}

/** When an instance is backed up (synchronous in the API). */
export const BackupSchedule: BackupScheduleClass = resourceClass(kinds.BackupSchedule);

type BackupKind = typeof kinds.Backup;

/** The arguments of cim.Backup. */
export interface BackupArgs extends ArgsOf<BackupKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<BackupKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<BackupKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<BackupKind>["adoptId"];
  /** The instance to back up (the API's `vmId`); it must have a backup offering. Replaces on change. Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly instanceId: ArgsOf<BackupKind>["instanceId"];
  /** The backup's name (the SDK defaults it to the resource name). Replaces on change (the API has no rename). */
  readonly name?: ArgsOf<BackupKind>["name"];
  /** What the backup is for. Replaces on change. */
  readonly description?: ArgsOf<BackupKind>["description"];
}

/** An on-demand backup of an instance that has a backup offering. */
export interface Backup extends KindResource<BackupKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<BackupKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<BackupKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<BackupKind>["adoptId"];
  /** The instance to back up (the API's `vmId`); it must have a backup offering. Replaces on change. */
  readonly instanceId: KindResource<BackupKind>["instanceId"];
  /** The backup's name (the SDK defaults it to the resource name). Replaces on change (the API has no rename). */
  readonly name: KindResource<BackupKind>["name"];
  /** What the backup is for. Replaces on change. */
  readonly description: KindResource<BackupKind>["description"];
  /** The platform's status: BackedUp once taken (BackingUp, Error, …). */
  readonly state: KindResource<BackupKind>["state"];
  /** The backup offering it was taken under. */
  readonly backupOfferingId: KindResource<BackupKind>["backupOfferingId"];
  /** The name of the backup offering the backup was made under. */
  readonly backupOfferingName: KindResource<BackupKind>["backupOfferingName"];
  /** The zone it is in (a zone uuid), as the API reports it. */
  readonly zoneId: KindResource<BackupKind>["zoneId"];
  /** Bytes. */
  readonly size: KindResource<BackupKind>["size"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<BackupKind>["created"];
}

/** The class cim.Backup: `new cim.Backup(name, args, opts?)`; `cim.Backup.get(name, id, opts?)` reads one by id. */
export interface BackupClass extends Statics<BackupKind>, Proven<BackupKind, BackupArgs, Backup> {
  /** An on-demand backup of an instance that has a backup offering. */
  new (name: string, args: BackupArgs, opts?: OptionsOf<BackupKind>): Backup;
  isInstance(obj: unknown): obj is Backup;
}

/** An on-demand backup of an instance that has a backup offering. */
export const Backup: BackupClass = resourceClass(kinds.Backup);

type InstanceScheduleKind = typeof kinds.InstanceSchedule;

/** The arguments of cim.InstanceSchedule. */
export interface InstanceScheduleArgs extends ArgsOf<InstanceScheduleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<InstanceScheduleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<InstanceScheduleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<InstanceScheduleKind>["adoptId"];
  /** The instance to start, stop or reboot. Replaces on change. Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly instanceId: ArgsOf<InstanceScheduleKind>["instanceId"];
  /** `start`, `stop`, `reboot`, `force_stop` or `force_reboot` (any case). Changed in place. */
  readonly action: ArgsOf<InstanceScheduleKind>["action"];
  /** Five cron fields, minute hour day-of-month month day-of-week, e.g. `"0 22 * * MON-FRI"` (22:00 on weekdays). Changed in place. */
  readonly schedule: ArgsOf<InstanceScheduleKind>["schedule"];
  /** IANA time zone the schedule runs in, e.g. `"Europe/Berlin"`. Changed in place. */
  readonly timezone: ArgsOf<InstanceScheduleKind>["timezone"];
  /** First moment the schedule may run (ISO 8601; the API refuses one in the past at create). Left out: now. Changed in place. */
  readonly startDate?: ArgsOf<InstanceScheduleKind>["startDate"];
  /** Last moment it may run (ISO 8601, after `startDate`; left out of the program, the start is when the schedule was made). Changed in place (the API cannot take it away once set). */
  readonly endDate?: ArgsOf<InstanceScheduleKind>["endDate"];
  /** Whether the schedule runs (default true). Changed in place. */
  readonly enabled?: ArgsOf<InstanceScheduleKind>["enabled"];
  /** A name for the schedule. Changed in place. */
  readonly name?: ArgsOf<InstanceScheduleKind>["name"];
  /** What the schedule is for. Changed in place. */
  readonly description?: ArgsOf<InstanceScheduleKind>["description"];
}

/** Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API). */
export interface InstanceSchedule extends KindResource<InstanceScheduleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<InstanceScheduleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<InstanceScheduleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<InstanceScheduleKind>["adoptId"];
  /** The instance to start, stop or reboot. Replaces on change. */
  readonly instanceId: KindResource<InstanceScheduleKind>["instanceId"];
  /** `start`, `stop`, `reboot`, `force_stop` or `force_reboot` (any case). Changed in place. */
  readonly action: KindResource<InstanceScheduleKind>["action"];
  /** Five cron fields, minute hour day-of-month month day-of-week, e.g. `"0 22 * * MON-FRI"` (22:00 on weekdays). Changed in place. */
  readonly schedule: KindResource<InstanceScheduleKind>["schedule"];
  /** IANA time zone the schedule runs in, e.g. `"Europe/Berlin"`. Changed in place. */
  readonly timezone: KindResource<InstanceScheduleKind>["timezone"];
  /** First moment the schedule may run (ISO 8601; the API refuses one in the past at create). Left out: now. Changed in place. */
  readonly startDate: KindResource<InstanceScheduleKind>["startDate"];
  /** Last moment it may run (ISO 8601, after `startDate`; left out of the program, the start is when the schedule was made). Changed in place (the API cannot take it away once set). */
  readonly endDate: KindResource<InstanceScheduleKind>["endDate"];
  /** Whether the schedule runs (default true). Changed in place. */
  readonly enabled: KindResource<InstanceScheduleKind>["enabled"];
  /** A name for the schedule. Changed in place. */
  readonly name: KindResource<InstanceScheduleKind>["name"];
  /** What the schedule is for. Changed in place. */
  readonly description: KindResource<InstanceScheduleKind>["description"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<InstanceScheduleKind>["created"];
}

/** The class cim.InstanceSchedule: `new cim.InstanceSchedule(name, args, opts?)`; `cim.InstanceSchedule.get(name, id, opts?)` reads one by id. */
export interface InstanceScheduleClass
  extends Statics<InstanceScheduleKind>,
    Proven<InstanceScheduleKind, InstanceScheduleArgs, InstanceSchedule> {
  /** Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API). */
  new (name: string, args: InstanceScheduleArgs, opts?: OptionsOf<InstanceScheduleKind>): InstanceSchedule;
  isInstance(obj: unknown): obj is InstanceSchedule;
}

/** Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API). */
export const InstanceSchedule: InstanceScheduleClass = resourceClass(kinds.InstanceSchedule);

type SshKeyPairKind = typeof kinds.SshKeyPair;

/** The arguments of cim.SshKeyPair. */
export interface SshKeyPairArgs extends ArgsOf<SshKeyPairKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<SshKeyPairKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<SshKeyPairKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<SshKeyPairKind>["adoptId"];
  /** The key pair's name, unique in the account and region (default: the resource name); instances name it in `sshKeyNames`. Replaces on change. */
  readonly name?: ArgsOf<SshKeyPairKind>["name"];
  /** The public key line (`ssh-ed25519 AAAA… you@host`, the .pub file), never the private key. Compared by fingerprint, so its comment may change freely. Another key under the same name (a rotation) deletes the key pair and registers the new key; instances deployed with it are not replaced and keep the old key (the platform copied it in at deploy). Replaces on change. Required unless adopting (`adoptId`). */
  readonly publicKey?: ArgsOf<SshKeyPairKind>["publicKey"];
}

/** A public key registered under a name, for instances' sshKeyNames (the private key never passes through). */
export interface SshKeyPair extends KindResource<SshKeyPairKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<SshKeyPairKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<SshKeyPairKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<SshKeyPairKind>["adoptId"];
  /** The key pair's name, unique in the account and region (default: the resource name); instances name it in `sshKeyNames`. Replaces on change. */
  readonly name: KindResource<SshKeyPairKind>["name"];
  /** The public key line (`ssh-ed25519 AAAA… you@host`, the .pub file), never the private key. Compared by fingerprint, so its comment may change freely. Another key under the same name (a rotation) deletes the key pair and registers the new key; instances deployed with it are not replaced and keep the old key (the platform copied it in at deploy). Replaces on change. */
  readonly publicKey: KindResource<SshKeyPairKind>["publicKey"];
  /** The API's fingerprint of the key: MD5 of the key blob, as `ssh-keygen -l -E md5` prints it. */
  readonly fingerprint: KindResource<SshKeyPairKind>["fingerprint"];
}

/** The class cim.SshKeyPair: `new cim.SshKeyPair(name, args, opts?)`; `cim.SshKeyPair.get(name, id, opts?)` reads one by id. */
export interface SshKeyPairClass
  extends Statics<SshKeyPairKind>,
    Proven<SshKeyPairKind, SshKeyPairArgs, SshKeyPair> {
  /** A public key registered under a name, for instances' sshKeyNames (the private key never passes through). */
  new (name: string, args: SshKeyPairArgs, opts?: OptionsOf<SshKeyPairKind>): SshKeyPair;
  isInstance(obj: unknown): obj is SshKeyPair;
}

/** A public key registered under a name, for instances' sshKeyNames (the private key never passes through). */
export const SshKeyPair: SshKeyPairClass = resourceClass(kinds.SshKeyPair);

type PublicIpKind = typeof kinds.PublicIp;

/** The arguments of cim.PublicIp. */
export interface PublicIpArgs extends ArgsOf<PublicIpKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<PublicIpKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<PublicIpKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<PublicIpKind>["adoptId"];
  /** The isolated network to acquire the address for (exactly one of networkId and vpcId). Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId?: ArgsOf<PublicIpKind>["networkId"];
  /** The VPC to acquire the address for (exactly one of networkId and vpcId). Replaces on change. Names a `cim.Vpc` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly vpcId?: ArgsOf<PublicIpKind>["vpcId"];
  /** The zone (the network's or VPC's; the API's choice when left out). Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId?: ArgsOf<PublicIpKind>["zoneId"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<PublicIpKind>["tags"];
}

/** A public IP address acquired for an isolated network or a VPC. */
export interface PublicIp extends KindResource<PublicIpKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<PublicIpKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<PublicIpKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<PublicIpKind>["adoptId"];
  /** The isolated network to acquire the address for (exactly one of networkId and vpcId). Replaces on change. */
  readonly networkId: KindResource<PublicIpKind>["networkId"];
  /** The VPC to acquire the address for (exactly one of networkId and vpcId). Replaces on change. */
  readonly vpcId: KindResource<PublicIpKind>["vpcId"];
  /** The zone (the network's or VPC's; the API's choice when left out). Replaces on change. */
  readonly zoneId: KindResource<PublicIpKind>["zoneId"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<PublicIpKind>["tags"];
  /** The address, e.g. `198.18.0.7`. */
  readonly ipAddress: KindResource<PublicIpKind>["ipAddress"];
  /** The name of its zone. */
  readonly zoneName: KindResource<PublicIpKind>["zoneName"];
  /** Whether it is the source-NAT address of its network or VPC (such an address cannot be released). */
  readonly isSourceNat: KindResource<PublicIpKind>["isSourceNat"];
  /** The API's address state (Allocating, Allocated, Releasing, …). */
  readonly state: KindResource<PublicIpKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<PublicIpKind>["created"];
}

/** The class cim.PublicIp: `new cim.PublicIp(name, args, opts?)`; `cim.PublicIp.get(name, id, opts?)` reads one by id. */
export interface PublicIpClass extends Statics<PublicIpKind>, Proven<PublicIpKind, PublicIpArgs, PublicIp> {
  /** A public IP address acquired for an isolated network or a VPC. */
  new (name: string, args: PublicIpArgs, opts?: OptionsOf<PublicIpKind>): PublicIp;
  isInstance(obj: unknown): obj is PublicIp;
}

/** A public IP address acquired for an isolated network or a VPC. */
export const PublicIp: PublicIpClass = resourceClass(kinds.PublicIp);

type StaticNatKind = typeof kinds.StaticNat;

/** The arguments of cim.StaticNat. */
export interface StaticNatArgs extends ArgsOf<StaticNatKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<StaticNatKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<StaticNatKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<StaticNatKind>["adoptId"];
  /** The public IP (a cim.PublicIp's id) to map; not a source-NAT address. Replaces on change. Names a `cim.PublicIp` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly publicIpId: ArgsOf<StaticNatKind>["publicIpId"];
  /** The instance whose NIC the address maps onto. Replaces on change. Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly instanceId: ArgsOf<StaticNatKind>["instanceId"];
  /** The network of the instance's NIC: required for a VPC address (the tier), else the address's network. Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId?: ArgsOf<StaticNatKind>["networkId"];
}

/** A public IP mapped one to one onto an instance's NIC (every port). */
export interface StaticNat extends KindResource<StaticNatKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<StaticNatKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<StaticNatKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<StaticNatKind>["adoptId"];
  /** The public IP (a cim.PublicIp's id) to map; not a source-NAT address. Replaces on change. */
  readonly publicIpId: KindResource<StaticNatKind>["publicIpId"];
  /** The instance whose NIC the address maps onto. Replaces on change. */
  readonly instanceId: KindResource<StaticNatKind>["instanceId"];
  /** The network of the instance's NIC: required for a VPC address (the tier), else the address's network. Replaces on change. */
  readonly networkId: KindResource<StaticNatKind>["networkId"];
  /** The public address, e.g. `198.18.0.7`. */
  readonly ipAddress: KindResource<StaticNatKind>["ipAddress"];
  /** The instance's address on that network, which the public address maps onto. */
  readonly vmIpAddress: KindResource<StaticNatKind>["vmIpAddress"];
  /** Enabled while the mapping exists. */
  readonly state: KindResource<StaticNatKind>["state"];
}

/** The class cim.StaticNat: `new cim.StaticNat(name, args, opts?)`; `cim.StaticNat.get(name, id, opts?)` reads one by id. */
export interface StaticNatClass
  extends Statics<StaticNatKind>,
    Proven<StaticNatKind, StaticNatArgs, StaticNat> {
  /** A public IP mapped one to one onto an instance's NIC (every port). */
  new (name: string, args: StaticNatArgs, opts?: OptionsOf<StaticNatKind>): StaticNat;
  isInstance(obj: unknown): obj is StaticNat;
}

/** A public IP mapped one to one onto an instance's NIC (every port). */
export const StaticNat: StaticNatClass = resourceClass(kinds.StaticNat);

type VolumeSnapshotKind = typeof kinds.VolumeSnapshot;

/** The arguments of cim.VolumeSnapshot. */
export interface VolumeSnapshotArgs extends ArgsOf<VolumeSnapshotKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<VolumeSnapshotKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<VolumeSnapshotKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<VolumeSnapshotKind>["adoptId"];
  /** The snapshot's name (default: the resource name). Replaces on change (the API has no rename). */
  readonly name?: ArgsOf<VolumeSnapshotKind>["name"];
  /** The volume to snapshot: a data volume or an instance's root disk, attached to an instance (a volume the platform has not placed on storage yet, never attached, cannot be snapshotted). Replaces on change. Names a `cim.Volume` by id (its `id` output); preview refuses an id written as text that names none. Required unless adopting (`adoptId`). */
  readonly volumeId?: ArgsOf<VolumeSnapshotKind>["volumeId"];
}

/** A point-in-time copy of a volume (a job), for restoring it as a new volume. */
export interface VolumeSnapshot extends KindResource<VolumeSnapshotKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<VolumeSnapshotKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<VolumeSnapshotKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<VolumeSnapshotKind>["adoptId"];
  /** The snapshot's name (default: the resource name). Replaces on change (the API has no rename). */
  readonly name: KindResource<VolumeSnapshotKind>["name"];
  /** The volume to snapshot: a data volume or an instance's root disk, attached to an instance (a volume the platform has not placed on storage yet, never attached, cannot be snapshotted). Replaces on change. */
  readonly volumeId: KindResource<VolumeSnapshotKind>["volumeId"];
  /** The volume's name when the snapshot was taken. */
  readonly volumeName: KindResource<VolumeSnapshotKind>["volumeName"];
  /** ROOT (an instance's root disk) or DATADISK. */
  readonly volumeType: KindResource<VolumeSnapshotKind>["volumeType"];
  /** GB: the volume's size when taken; a volume made from the snapshot is at least this big. */
  readonly size: KindResource<VolumeSnapshotKind>["size"];
  /** The zone it is in (a zone uuid), as the API reports it. */
  readonly zoneId: KindResource<VolumeSnapshotKind>["zoneId"];
  /** The API's snapshot state (BackedUp when usable). */
  readonly state: KindResource<VolumeSnapshotKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<VolumeSnapshotKind>["created"];
}

/** The class cim.VolumeSnapshot: `new cim.VolumeSnapshot(name, args, opts?)`; `cim.VolumeSnapshot.get(name, id, opts?)` reads one by id. */
export interface VolumeSnapshotClass
  extends Statics<VolumeSnapshotKind>,
    Proven<VolumeSnapshotKind, VolumeSnapshotArgs, VolumeSnapshot> {
  /** A point-in-time copy of a volume (a job), for restoring it as a new volume. */
  new (name: string, args: VolumeSnapshotArgs, opts?: OptionsOf<VolumeSnapshotKind>): VolumeSnapshot;
  isInstance(obj: unknown): obj is VolumeSnapshot;
}

/** A point-in-time copy of a volume (a job), for restoring it as a new volume. */
export const VolumeSnapshot: VolumeSnapshotClass = resourceClass(kinds.VolumeSnapshot);

type InstanceSnapshotKind = typeof kinds.InstanceSnapshot;

/** The arguments of cim.InstanceSnapshot. */
export interface InstanceSnapshotArgs extends ArgsOf<InstanceSnapshotKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<InstanceSnapshotKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<InstanceSnapshotKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<InstanceSnapshotKind>["adoptId"];
  /** The snapshot's name, unique among the instance's snapshots (default: the resource name). Replaces on change. */
  readonly name?: ArgsOf<InstanceSnapshotKind>["name"];
  /** The instance to snapshot, Running or Stopped, with at most 9 other snapshots (an instance keeps 10). Replaces on change. Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. Required unless adopting (`adoptId`). */
  readonly instanceId?: ArgsOf<InstanceSnapshotKind>["instanceId"];
  /** What the snapshot is for. Replaces on change. */
  readonly description?: ArgsOf<InstanceSnapshotKind>["description"];
  /** Also the instance's memory (default false): the instance must be running; restoring it resumes the instance where it was. Replaces on change. */
  readonly memory?: ArgsOf<InstanceSnapshotKind>["memory"];
}

/** The disks (and optionally the memory) of an instance at a point in time (a job). */
export interface InstanceSnapshot extends KindResource<InstanceSnapshotKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<InstanceSnapshotKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<InstanceSnapshotKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<InstanceSnapshotKind>["adoptId"];
  /** The snapshot's name, unique among the instance's snapshots (default: the resource name). Replaces on change. */
  readonly name: KindResource<InstanceSnapshotKind>["name"];
  /** The instance to snapshot, Running or Stopped, with at most 9 other snapshots (an instance keeps 10). Replaces on change. */
  readonly instanceId: KindResource<InstanceSnapshotKind>["instanceId"];
  /** What the snapshot is for. Replaces on change. */
  readonly description: KindResource<InstanceSnapshotKind>["description"];
  /** Also the instance's memory (default false): the instance must be running; restoring it resumes the instance where it was. Replaces on change. */
  readonly memory: KindResource<InstanceSnapshotKind>["memory"];
  /** Disk, or DiskAndMemory. */
  readonly type: KindResource<InstanceSnapshotKind>["type"];
  /** The API's snapshot state (Ready when usable). */
  readonly state: KindResource<InstanceSnapshotKind>["state"];
  /** The name of the instance (`instanceId`). */
  readonly instanceName: KindResource<InstanceSnapshotKind>["instanceName"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<InstanceSnapshotKind>["created"];
}

/** The class cim.InstanceSnapshot: `new cim.InstanceSnapshot(name, args, opts?)`; `cim.InstanceSnapshot.get(name, id, opts?)` reads one by id. */
export interface InstanceSnapshotClass
  extends Statics<InstanceSnapshotKind>,
    Proven<InstanceSnapshotKind, InstanceSnapshotArgs, InstanceSnapshot> {
  /** The disks (and optionally the memory) of an instance at a point in time (a job). */
  new (name: string, args: InstanceSnapshotArgs, opts?: OptionsOf<InstanceSnapshotKind>): InstanceSnapshot;
  isInstance(obj: unknown): obj is InstanceSnapshot;
}

/** The disks (and optionally the memory) of an instance at a point in time (a job). */
export const InstanceSnapshot: InstanceSnapshotClass = resourceClass(kinds.InstanceSnapshot);

type VpcGatewayKind = typeof kinds.VpcGateway;

/** The arguments of cim.VpcGateway. */
export interface VpcGatewayArgs extends ArgsOf<VpcGatewayKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<VpcGatewayKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<VpcGatewayKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<VpcGatewayKind>["adoptId"];
  /** The VPC the gateway belongs to. Replaces on change. Names a `cim.Vpc` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly vpcId: ArgsOf<VpcGatewayKind>["vpcId"];
  /** The VPC router's address on the private network, e.g. `172.16.0.2`. Replaces on change. */
  readonly ipAddress: ArgsOf<VpcGatewayKind>["ipAddress"];
  /** The private network's gateway (the next hop beyond the VPC), e.g. `172.16.0.1`. Replaces on change. */
  readonly gateway: ArgsOf<VpcGatewayKind>["gateway"];
  /** The private network's netmask, e.g. `255.255.255.0`. Replaces on change. */
  readonly netmask: ArgsOf<VpcGatewayKind>["netmask"];
  /** The VLAN tag of the private network, 1–4094, unused in the zone. Replaces on change. */
  readonly vlan: ArgsOf<VpcGatewayKind>["vlan"];
  /** Whether traffic leaving through the gateway is source-NATed (default false). Replaces on change. */
  readonly sourceNatSupported?: ArgsOf<VpcGatewayKind>["sourceNatSupported"];
  /** The gateway's network ACL list (a `cim.NetworkAclList` of the same VPC, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the VPC's default_deny). Changed in place. Names a `cim.NetworkAclList` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly aclId?: ArgsOf<VpcGatewayKind>["aclId"];
}

/** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC. */
export interface VpcGateway extends KindResource<VpcGatewayKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<VpcGatewayKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<VpcGatewayKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<VpcGatewayKind>["adoptId"];
  /** The VPC the gateway belongs to. Replaces on change. */
  readonly vpcId: KindResource<VpcGatewayKind>["vpcId"];
  /** The VPC router's address on the private network, e.g. `172.16.0.2`. Replaces on change. */
  readonly ipAddress: KindResource<VpcGatewayKind>["ipAddress"];
  /** The private network's gateway (the next hop beyond the VPC), e.g. `172.16.0.1`. Replaces on change. */
  readonly gateway: KindResource<VpcGatewayKind>["gateway"];
  /** The private network's netmask, e.g. `255.255.255.0`. Replaces on change. */
  readonly netmask: KindResource<VpcGatewayKind>["netmask"];
  /** The VLAN tag of the private network, 1–4094, unused in the zone. Replaces on change. */
  readonly vlan: KindResource<VpcGatewayKind>["vlan"];
  /** Whether traffic leaving through the gateway is source-NATed (default false). Replaces on change. */
  readonly sourceNatSupported: KindResource<VpcGatewayKind>["sourceNatSupported"];
  /** The gateway's network ACL list (a `cim.NetworkAclList` of the same VPC, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the VPC's default_deny). Changed in place. */
  readonly aclId: KindResource<VpcGatewayKind>["aclId"];
  /** The name of its VPC (`vpcId`). */
  readonly vpcName: KindResource<VpcGatewayKind>["vpcName"];
  /** The zone it is in (a zone uuid), as the API reports it. */
  readonly zoneId: KindResource<VpcGatewayKind>["zoneId"];
  /** The name of its zone. */
  readonly zoneName: KindResource<VpcGatewayKind>["zoneName"];
  /** The name of the gateway's ACL list (default_deny unless aclId says otherwise). */
  readonly aclName: KindResource<VpcGatewayKind>["aclName"];
  /** The API's gateway state (Creating, Ready, Deleting). */
  readonly state: KindResource<VpcGatewayKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<VpcGatewayKind>["created"];
}

/** The class cim.VpcGateway: `new cim.VpcGateway(name, args, opts?)`; `cim.VpcGateway.get(name, id, opts?)` reads one by id. */
export interface VpcGatewayClass
  extends Statics<VpcGatewayKind>,
    Proven<VpcGatewayKind, VpcGatewayArgs, VpcGateway> {
  /** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC. */
  new (name: string, args: VpcGatewayArgs, opts?: OptionsOf<VpcGatewayKind>): VpcGateway;
  isInstance(obj: unknown): obj is VpcGateway;
}

/** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC. */
export const VpcGateway: VpcGatewayClass = resourceClass(kinds.VpcGateway);

type LoadBalancerRuleKind = typeof kinds.LoadBalancerRule;

/** The arguments of cim.LoadBalancerRule. */
export interface LoadBalancerRuleArgs extends ArgsOf<LoadBalancerRuleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<LoadBalancerRuleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<LoadBalancerRuleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<LoadBalancerRuleKind>["adoptId"];
  /** The rule's name (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<LoadBalancerRuleKind>["name"];
  /** What the rule is for. Changed in place. */
  readonly description?: ArgsOf<LoadBalancerRuleKind>["description"];
  /** The public IP (a cim.PublicIp's id) whose port is balanced; not one with static NAT. Replaces on change. Names a `cim.PublicIp` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly publicIpId: ArgsOf<LoadBalancerRuleKind>["publicIpId"];
  /** The network of the members: required for a VPC address (the tier); for an isolated network's address, that network (the default). Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId?: ArgsOf<LoadBalancerRuleKind>["networkId"];
  /** The public port (1–65535), unique among the address's rules. Replaces on change. */
  readonly publicPort: ArgsOf<LoadBalancerRuleKind>["publicPort"];
  /** The port on the members (1–65535). Replaces on change. */
  readonly privatePort: ArgsOf<LoadBalancerRuleKind>["privatePort"];
  /** `tcp` (default), `udp` or `tcp-proxy`. Replaces on change. */
  readonly protocol?: ArgsOf<LoadBalancerRuleKind>["protocol"];
  /** `roundrobin` (default), `leastconn` or `source`. Changed in place. */
  readonly algorithm?: ArgsOf<LoadBalancerRuleKind>["algorithm"];
  /** The member instances (ids); order does not matter. Changed in place (one job removes those that left, one adds those that came). Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly memberIds?: ArgsOf<LoadBalancerRuleKind>["memberIds"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<LoadBalancerRuleKind>["tags"];
}

/** A public load-balancer rule: a port of a public IP balanced over member instances. */
export interface LoadBalancerRule extends KindResource<LoadBalancerRuleKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<LoadBalancerRuleKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<LoadBalancerRuleKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<LoadBalancerRuleKind>["adoptId"];
  /** The rule's name (default: the resource name). Changed in place. */
  readonly name: KindResource<LoadBalancerRuleKind>["name"];
  /** What the rule is for. Changed in place. */
  readonly description: KindResource<LoadBalancerRuleKind>["description"];
  /** The public IP (a cim.PublicIp's id) whose port is balanced; not one with static NAT. Replaces on change. */
  readonly publicIpId: KindResource<LoadBalancerRuleKind>["publicIpId"];
  /** The network of the members: required for a VPC address (the tier); for an isolated network's address, that network (the default). Replaces on change. */
  readonly networkId: KindResource<LoadBalancerRuleKind>["networkId"];
  /** The public port (1–65535), unique among the address's rules. Replaces on change. */
  readonly publicPort: KindResource<LoadBalancerRuleKind>["publicPort"];
  /** The port on the members (1–65535). Replaces on change. */
  readonly privatePort: KindResource<LoadBalancerRuleKind>["privatePort"];
  /** `tcp` (default), `udp` or `tcp-proxy`. Replaces on change. */
  readonly protocol: KindResource<LoadBalancerRuleKind>["protocol"];
  /** `roundrobin` (default), `leastconn` or `source`. Changed in place. */
  readonly algorithm: KindResource<LoadBalancerRuleKind>["algorithm"];
  /** The member instances (ids); order does not matter. Changed in place (one job removes those that left, one adds those that came). */
  readonly memberIds: KindResource<LoadBalancerRuleKind>["memberIds"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<LoadBalancerRuleKind>["tags"];
  /** The public address, e.g. `198.18.0.7`. */
  readonly publicIp: KindResource<LoadBalancerRuleKind>["publicIp"];
  /** The zone it is in (a zone uuid), as the API reports it. */
  readonly zoneId: KindResource<LoadBalancerRuleKind>["zoneId"];
  /** The API's rule state (Add while a change is applied, Active, Revoke while being removed). */
  readonly state: KindResource<LoadBalancerRuleKind>["state"];
}

/** The class cim.LoadBalancerRule: `new cim.LoadBalancerRule(name, args, opts?)`; `cim.LoadBalancerRule.get(name, id, opts?)` reads one by id. */
export interface LoadBalancerRuleClass
  extends Statics<LoadBalancerRuleKind>,
    Proven<LoadBalancerRuleKind, LoadBalancerRuleArgs, LoadBalancerRule> {
  /** A public load-balancer rule: a port of a public IP balanced over member instances. */
  new (name: string, args: LoadBalancerRuleArgs, opts?: OptionsOf<LoadBalancerRuleKind>): LoadBalancerRule;
  isInstance(obj: unknown): obj is LoadBalancerRule;
}

/** A public load-balancer rule: a port of a public IP balanced over member instances. */
export const LoadBalancerRule: LoadBalancerRuleClass = resourceClass(kinds.LoadBalancerRule);

type InternalLoadBalancerKind = typeof kinds.InternalLoadBalancer;

/** The arguments of cim.InternalLoadBalancer. */
export interface InternalLoadBalancerArgs extends ArgsOf<InternalLoadBalancerKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<InternalLoadBalancerKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<InternalLoadBalancerKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<InternalLoadBalancerKind>["adoptId"];
  /** The load balancer's name (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<InternalLoadBalancerKind>["name"];
  /** What the load balancer is for. Changed in place. */
  readonly description?: ArgsOf<InternalLoadBalancerKind>["description"];
  /** The VPC tier (a cim.Network's id) of the members; its network offering must serve the internal load balancer. Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId: ArgsOf<InternalLoadBalancerKind>["networkId"];
  /** The tier the source address is taken from (default: networkId). Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly sourceIpAddressNetworkId?: ArgsOf<InternalLoadBalancerKind>["sourceIpAddressNetworkId"];
  /** A free address inside the tier's CIDR (checked at preview once the tier's id is known); left out, the API allocates one (shown as an output). Replaces on change. */
  readonly sourceIpAddress?: ArgsOf<InternalLoadBalancerKind>["sourceIpAddress"];
  /** The balanced port of the source address (1–65535). Replaces on change. */
  readonly sourcePort: ArgsOf<InternalLoadBalancerKind>["sourcePort"];
  /** The port on the members (1–65535). Replaces on change. */
  readonly instancePort: ArgsOf<InternalLoadBalancerKind>["instancePort"];
  /** `roundrobin` (default), `leastconn` or `source`. Changed in place. */
  readonly algorithm?: ArgsOf<InternalLoadBalancerKind>["algorithm"];
  /** The member instances (ids); order does not matter. Changed in place (one job removes those that left, one adds those that came). Names a `cim.Instance` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly memberIds?: ArgsOf<InternalLoadBalancerKind>["memberIds"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<InternalLoadBalancerKind>["tags"];
}

/** A load balancer inside a VPC tier: a port of a tier address balanced over member instances. */
export interface InternalLoadBalancer extends KindResource<InternalLoadBalancerKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<InternalLoadBalancerKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<InternalLoadBalancerKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<InternalLoadBalancerKind>["adoptId"];
  /** The load balancer's name (default: the resource name). Changed in place. */
  readonly name: KindResource<InternalLoadBalancerKind>["name"];
  /** What the load balancer is for. Changed in place. */
  readonly description: KindResource<InternalLoadBalancerKind>["description"];
  /** The VPC tier (a cim.Network's id) of the members; its network offering must serve the internal load balancer. Replaces on change. */
  readonly networkId: KindResource<InternalLoadBalancerKind>["networkId"];
  /** The tier the source address is taken from (default: networkId). Replaces on change. */
  readonly sourceIpAddressNetworkId: KindResource<InternalLoadBalancerKind>["sourceIpAddressNetworkId"];
  /** A free address inside the tier's CIDR (checked at preview once the tier's id is known); left out, the API allocates one (shown as an output). Replaces on change. */
  readonly sourceIpAddress: KindResource<InternalLoadBalancerKind>["sourceIpAddress"];
  /** The balanced port of the source address (1–65535). Replaces on change. */
  readonly sourcePort: KindResource<InternalLoadBalancerKind>["sourcePort"];
  /** The port on the members (1–65535). Replaces on change. */
  readonly instancePort: KindResource<InternalLoadBalancerKind>["instancePort"];
  /** `roundrobin` (default), `leastconn` or `source`. Changed in place. */
  readonly algorithm: KindResource<InternalLoadBalancerKind>["algorithm"];
  /** The member instances (ids); order does not matter. Changed in place (one job removes those that left, one adds those that came). */
  readonly memberIds: KindResource<InternalLoadBalancerKind>["memberIds"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<InternalLoadBalancerKind>["tags"];
  /** The VPC of its tier (`networkId`), as the API reports it. */
  readonly vpcId: KindResource<InternalLoadBalancerKind>["vpcId"];
  /** The zone it is in (a zone uuid), as the API reports it. */
  readonly zoneId: KindResource<InternalLoadBalancerKind>["zoneId"];
  /** The API's state (Add while a change is applied, Active, Revoke while being removed). */
  readonly state: KindResource<InternalLoadBalancerKind>["state"];
}

/** The class cim.InternalLoadBalancer: `new cim.InternalLoadBalancer(name, args, opts?)`; `cim.InternalLoadBalancer.get(name, id, opts?)` reads one by id. */
export interface InternalLoadBalancerClass
  extends Statics<InternalLoadBalancerKind>,
    Proven<InternalLoadBalancerKind, InternalLoadBalancerArgs, InternalLoadBalancer> {
  /** A load balancer inside a VPC tier: a port of a tier address balanced over member instances. */
  new (
    name: string,
    args: InternalLoadBalancerArgs,
    opts?: OptionsOf<InternalLoadBalancerKind>,
  ): InternalLoadBalancer;
  isInstance(obj: unknown): obj is InternalLoadBalancer;
}

/** A load balancer inside a VPC tier: a port of a tier address balanced over member instances. */
export const InternalLoadBalancer: InternalLoadBalancerClass = resourceClass(kinds.InternalLoadBalancer);

type KubernetesClusterKind = typeof kinds.KubernetesCluster;

/** The arguments of cim.KubernetesCluster. */
export interface KubernetesClusterArgs extends ArgsOf<KubernetesClusterKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<KubernetesClusterKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 60m, update 60m, delete 30m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<KubernetesClusterKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<KubernetesClusterKind>["adoptId"];
  /** The cluster's name (default: the resource name), unique among the account's clusters. Replaces on change. */
  readonly name?: ArgsOf<KubernetesClusterKind>["name"];
  /** What the cluster is for. Replaces on change (the platform has no update of it). */
  readonly description?: ArgsOf<KubernetesClusterKind>["description"];
  /** Zone of the cluster's nodes. Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId: ArgsOf<KubernetesClusterKind>["zoneId"];
  /** Kubernetes version (`cim.getKubernetesVersion`). Changed in place (upgraded to the next minor or a patch release; a skipped minor replaces the cluster; an older version than the cluster runs is refused at preview (a cluster cannot go back: `pulumi up --replace` starts over)). An id (a UUID) of a Kubernetes version: `cim.getKubernetesVersion` finds it by name. */
  readonly kubernetesVersionId: ArgsOf<KubernetesClusterKind>["kubernetesVersionId"];
  /** Compute offering of every node; at least the version's minimum vCPUs and RAM. Changed in place (scale). An id (a UUID) of a compute offering: `cim.getComputeOffering` finds it by name. */
  readonly serviceOfferingId: ArgsOf<KubernetesClusterKind>["serviceOfferingId"];
  /** The isolated network or VPC tier of the nodes (a cim.Network's id). Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId: ArgsOf<KubernetesClusterKind>["networkId"];
  /** Control-plane nodes (default 1; more than one for high availability). Replaces on change. */
  readonly controlNodes?: ArgsOf<KubernetesClusterKind>["controlNodes"];
  /** Worker nodes (at least 1; default: autoscaling's minSize, else 1). Not compared while `autoscaling` is set: the autoscaler owns the count then. Changed in place (a scale job). */
  readonly size?: ArgsOf<KubernetesClusterKind>["size"];
  /** Autoscaling bounds of the workers, `{ minSize, maxSize }`; left out: no autoscaling. Changed in place. */
  readonly autoscaling?: ArgsOf<KubernetesClusterKind>["autoscaling"];
  /** An SSH key pair's name for the nodes (a `cim.SshKeyPair`'s `name`, or a key pair registered in the region). A key pair registered again under the same name with another key (a rotation) leaves the cluster as it is: the nodes it has keep the old key. Replaces on change. Names a `cim.SshKeyPair` by name (its `name` output); preview refuses a name written as text that names none. */
  readonly keyPair?: ArgsOf<KubernetesClusterKind>["keyPair"];
  /** Root disk of each node in GB (default: the platform's, 8). Replaces on change. */
  readonly nodeRootDiskSize?: ArgsOf<KubernetesClusterKind>["nodeRootDiskSize"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: ArgsOf<KubernetesClusterKind>["tags"];
}

/** A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output. */
export interface KubernetesCluster extends KindResource<KubernetesClusterKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<KubernetesClusterKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<KubernetesClusterKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<KubernetesClusterKind>["adoptId"];
  /** The cluster's name (default: the resource name), unique among the account's clusters. Replaces on change. */
  readonly name: KindResource<KubernetesClusterKind>["name"];
  /** What the cluster is for. Replaces on change (the platform has no update of it). */
  readonly description: KindResource<KubernetesClusterKind>["description"];
  /** Zone of the cluster's nodes. Replaces on change. */
  readonly zoneId: KindResource<KubernetesClusterKind>["zoneId"];
  /** Kubernetes version (`cim.getKubernetesVersion`). Changed in place (upgraded to the next minor or a patch release; a skipped minor replaces the cluster; an older version than the cluster runs is refused at preview (a cluster cannot go back: `pulumi up --replace` starts over)). */
  readonly kubernetesVersionId: KindResource<KubernetesClusterKind>["kubernetesVersionId"];
  /** Compute offering of every node; at least the version's minimum vCPUs and RAM. Changed in place (scale). */
  readonly serviceOfferingId: KindResource<KubernetesClusterKind>["serviceOfferingId"];
  /** The isolated network or VPC tier of the nodes (a cim.Network's id). Replaces on change. */
  readonly networkId: KindResource<KubernetesClusterKind>["networkId"];
  /** Control-plane nodes (default 1; more than one for high availability). Replaces on change. */
  readonly controlNodes: KindResource<KubernetesClusterKind>["controlNodes"];
  /** Worker nodes (at least 1; default: autoscaling's minSize, else 1). Not compared while `autoscaling` is set: the autoscaler owns the count then. Changed in place (a scale job). */
  readonly size: KindResource<KubernetesClusterKind>["size"];
  /** Autoscaling bounds of the workers, `{ minSize, maxSize }`; left out: no autoscaling. Changed in place. */
  readonly autoscaling: KindResource<KubernetesClusterKind>["autoscaling"];
  /** An SSH key pair's name for the nodes (a `cim.SshKeyPair`'s `name`, or a key pair registered in the region). A key pair registered again under the same name with another key (a rotation) leaves the cluster as it is: the nodes it has keep the old key. Replaces on change. */
  readonly keyPair: KindResource<KubernetesClusterKind>["keyPair"];
  /** Root disk of each node in GB (default: the platform's, 8). Replaces on change. */
  readonly nodeRootDiskSize: KindResource<KubernetesClusterKind>["nodeRootDiskSize"];
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags: KindResource<KubernetesClusterKind>["tags"];
  /** The API server's address (e.g. `https://198.18.1.7:6443/`), once the cluster has run. */
  readonly endpoint: KindResource<KubernetesClusterKind>["endpoint"];
  /** The admin kubeconfig (getKubernetesClusterConfig). Secret. */
  readonly kubeconfig: KindResource<KubernetesClusterKind>["kubeconfig"];
  /** The API's cluster state (Starting, Running, Scaling, Upgrading, Alert, Error, …). */
  readonly state: KindResource<KubernetesClusterKind>["state"];
  /** The name of its zone. */
  readonly zoneName: KindResource<KubernetesClusterKind>["zoneName"];
  /** The name of its Kubernetes version (`kubernetesVersionId`). */
  readonly kubernetesVersionName: KindResource<KubernetesClusterKind>["kubernetesVersionName"];
  /** The name of its compute offering (`serviceOfferingId`). */
  readonly serviceOfferingName: KindResource<KubernetesClusterKind>["serviceOfferingName"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<KubernetesClusterKind>["created"];
}

/** The class cim.KubernetesCluster: `new cim.KubernetesCluster(name, args, opts?)`; `cim.KubernetesCluster.get(name, id, opts?)` reads one by id. */
export interface KubernetesClusterClass
  extends Statics<KubernetesClusterKind>,
    Proven<KubernetesClusterKind, KubernetesClusterArgs, KubernetesCluster> {
  /** A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output. */
  new (name: string, args: KubernetesClusterArgs, opts?: OptionsOf<KubernetesClusterKind>): KubernetesCluster;
  isInstance(obj: unknown): obj is KubernetesCluster;
}

/** A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output. */
export const KubernetesCluster: KubernetesClusterClass = resourceClass(kinds.KubernetesCluster);

type TagsKind = typeof kinds.Tags;

/** The arguments of cim.Tags. */
export interface TagsArgs extends ArgsOf<TagsKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<TagsKind>["region"];
  /** The API's resource type, in any case: one of Instance, Volume, Vpc, Network, PublicIpAddress, KubernetesCluster, LoadBalancer, UserVm, Template, VnfTemplate, ISO, Snapshot, Backup, PortForwardingRule, FirewallRule, SecurityGroup, SecurityGroupRule, Project, Account, NetworkACL, StaticRoute, VMSnapshot, RemoteAccessVpn, User, SnapshotPolicy, VpcOffering. Preview refuses a type the API does not know, and one it takes no tags on (such as `NetworkACLList` or `Zone`), as the API refuses them; a tag set the stack already holds keeps its type unjudged. Replaces on change. */
  readonly resourceType: ArgsOf<TagsKind>["resourceType"];
  /** The id of the resource to tag, in the resource's region. For the type of a resource with tags of its own (`Instance`, `Volume`, `Vpc`, `Network`, `PublicIpAddress`, `KubernetesCluster`, `LoadBalancer`), and of the kinds of this package tagged only here (`Template` and `ISO`, the catalogue's as well as the account's; `Snapshot`, `VMSnapshot`, `Backup`, `NetworkACL`, `Project`), preview refuses an id of another kind or of none, a resource of the program of another kind, and a zone's shared default network, as the API refuses them; and it refuses any resource of the program that has tags of its own, whose `tags` input is authoritative. Replaces on change. */
  readonly resourceId: ArgsOf<TagsKind>["resourceId"];
  /** The keys this resource manages, with their values; a key the resource already has is taken over. Preview refuses a key another `cim.Tags` of the program manages on the same resource (keys compare case-insensitively), and any key on a resource the program declares as a kind that takes `tags` (that map is authoritative: the two would undo each other), once that resource's id is known. Changed in place. */
  readonly tags?: ArgsOf<TagsKind>["tags"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<TagsKind>["timeouts"];
}

/** Tags through the generic tag endpoint, for resource types without a tag route (templates, …). */
export interface Tags extends KindResource<TagsKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<TagsKind>["region"];
  /** The API's resource type, in any case: one of Instance, Volume, Vpc, Network, PublicIpAddress, KubernetesCluster, LoadBalancer, UserVm, Template, VnfTemplate, ISO, Snapshot, Backup, PortForwardingRule, FirewallRule, SecurityGroup, SecurityGroupRule, Project, Account, NetworkACL, StaticRoute, VMSnapshot, RemoteAccessVpn, User, SnapshotPolicy, VpcOffering. Preview refuses a type the API does not know, and one it takes no tags on (such as `NetworkACLList` or `Zone`), as the API refuses them; a tag set the stack already holds keeps its type unjudged. Replaces on change. */
  readonly resourceType: KindResource<TagsKind>["resourceType"];
  /** The id of the resource to tag, in the resource's region. For the type of a resource with tags of its own (`Instance`, `Volume`, `Vpc`, `Network`, `PublicIpAddress`, `KubernetesCluster`, `LoadBalancer`), and of the kinds of this package tagged only here (`Template` and `ISO`, the catalogue's as well as the account's; `Snapshot`, `VMSnapshot`, `Backup`, `NetworkACL`, `Project`), preview refuses an id of another kind or of none, a resource of the program of another kind, and a zone's shared default network, as the API refuses them; and it refuses any resource of the program that has tags of its own, whose `tags` input is authoritative. Replaces on change. */
  readonly resourceId: KindResource<TagsKind>["resourceId"];
  /** The keys this resource manages, with their values; a key the resource already has is taken over. Preview refuses a key another `cim.Tags` of the program manages on the same resource (keys compare case-insensitively), and any key on a resource the program declares as a kind that takes `tags` (that map is authoritative: the two would undo each other), once that resource's id is known. Changed in place. */
  readonly tags: KindResource<TagsKind>["tags"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<TagsKind>["timeouts"];
}

/** The class cim.Tags: `new cim.Tags(name, args, opts?)`; `cim.Tags.get(name, id, opts?)` reads one by id. */
export interface TagsClass extends Statics<TagsKind>, Proven<TagsKind, TagsArgs, Tags> {
  /** Tags through the generic tag endpoint, for resource types without a tag route (templates, …). */
  new (name: string, args: TagsArgs, opts?: OptionsOf<TagsKind>): Tags;
  isInstance(obj: unknown): obj is Tags;
}

/** Tags through the generic tag endpoint, for resource types without a tag route (templates, …). */
export const Tags: TagsClass = resourceClass(kinds.Tags);

type CommentKind = typeof kinds.Comment;

/** The arguments of cim.Comment. */
export interface CommentArgs extends ArgsOf<CommentKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<CommentKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<CommentKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<CommentKind>["adoptId"];
  /** The volume to comment on (exactly one target). Replaces on change. Names a `cim.Volume` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly volumeId?: ArgsOf<CommentKind>["volumeId"];
  /** The network to comment on (exactly one target). Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId?: ArgsOf<CommentKind>["networkId"];
  /** The public IP to comment on (exactly one target). Replaces on change. Names a `cim.PublicIp` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly publicIpId?: ArgsOf<CommentKind>["publicIpId"];
  /** The VPC to comment on (exactly one target). Replaces on change. Names a `cim.Vpc` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly vpcId?: ArgsOf<CommentKind>["vpcId"];
  /** The Kubernetes cluster to comment on (exactly one target). Replaces on change. Names a `cim.KubernetesCluster` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly kubernetesClusterId?: ArgsOf<CommentKind>["kubernetesClusterId"];
  /** The comment (the API's `annotation`), at most 255 characters. Replaces on change (the API has no edit: a new comment is added; the old one is deleted on a volume and stays on any other resource (the API deletes only volume comments)). */
  readonly text: ArgsOf<CommentKind>["text"];
  /** Marked for the platform's administrators only (default false). Changed in place (the visibility route). */
  readonly adminsOnly?: ArgsOf<CommentKind>["adminsOnly"];
}

/** A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster. */
export interface Comment extends KindResource<CommentKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<CommentKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<CommentKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<CommentKind>["adoptId"];
  /** The volume to comment on (exactly one target). Replaces on change. */
  readonly volumeId: KindResource<CommentKind>["volumeId"];
  /** The network to comment on (exactly one target). Replaces on change. */
  readonly networkId: KindResource<CommentKind>["networkId"];
  /** The public IP to comment on (exactly one target). Replaces on change. */
  readonly publicIpId: KindResource<CommentKind>["publicIpId"];
  /** The VPC to comment on (exactly one target). Replaces on change. */
  readonly vpcId: KindResource<CommentKind>["vpcId"];
  /** The Kubernetes cluster to comment on (exactly one target). Replaces on change. */
  readonly kubernetesClusterId: KindResource<CommentKind>["kubernetesClusterId"];
  /** The comment (the API's `annotation`), at most 255 characters. Replaces on change (the API has no edit: a new comment is added; the old one is deleted on a volume and stays on any other resource (the API deletes only volume comments)). */
  readonly text: KindResource<CommentKind>["text"];
  /** Marked for the platform's administrators only (default false). Changed in place (the visibility route). */
  readonly adminsOnly: KindResource<CommentKind>["adminsOnly"];
  /** Who wrote it (the API's `username`). */
  readonly username: KindResource<CommentKind>["username"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<CommentKind>["created"];
}

/** The class cim.Comment: `new cim.Comment(name, args, opts?)`; `cim.Comment.get(name, id, opts?)` reads one by id. */
export interface CommentClass extends Statics<CommentKind>, Proven<CommentKind, CommentArgs, Comment> {
  /** A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster. */
  new (name: string, args: CommentArgs, opts?: OptionsOf<CommentKind>): Comment;
  isInstance(obj: unknown): obj is Comment;
}

/** A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster. */
export const Comment: CommentClass = resourceClass(kinds.Comment);

type FileSystemKind = typeof kinds.FileSystem;

/** The arguments of cim.FileSystem. */
export interface FileSystemArgs extends ArgsOf<FileSystemKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<FileSystemKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<FileSystemKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<FileSystemKind>["adoptId"];
  /** The file system's name, unique in the account and region (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<FileSystemKind>["name"];
  /** What the file system holds. Changed in place. */
  readonly description?: ArgsOf<FileSystemKind>["description"];
  /** The zone of the file system and of its network. Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. */
  readonly zoneId: ArgsOf<FileSystemKind>["zoneId"];
  /** The network the share is served on (an isolated network or a VPC tier of the zone, not the zone's shared network): the file-system VM takes an address of it. Replaces on change. Names a `cim.Network` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly networkId: ArgsOf<FileSystemKind>["networkId"];
  /** The disk offering of its data volume; a fixed one smaller than the file system is refused at preview: shared file systems never shrink. Changed in place (changeSharedFileSystemDiskOffering, a job). An id (a UUID) of a disk offering: `cim.getDiskOffering` finds it by name. */
  readonly diskOfferingId: ArgsOf<FileSystemKind>["diskOfferingId"];
  /** Size in GB (GiB, 2^30 bytes, as the platform counts; the API shows bytes), with a customized disk offering (a fixed one decides it: leave size out); a smaller size is refused at preview: shared file systems never shrink. Changed in place (a job). */
  readonly size?: ArgsOf<FileSystemKind>["size"];
  /** The compute offering of the file-system VM: at least 2 vCPUs and 1024 MB on the platform's defaults. Changed in place (stopped, changed and started again: the share is unavailable meanwhile). An id (a UUID) of a compute offering: `cim.getComputeOffering` finds it by name. */
  readonly serviceOfferingId: ArgsOf<FileSystemKind>["serviceOfferingId"];
  /** The file system on its volume, `"XFS"` (default) or `"EXT4"`. Replaces on change. */
  readonly filesystem?: ArgsOf<FileSystemKind>["filesystem"];
}

/** A shared file system (NFS) served on a network, its size grown in place. */
export interface FileSystem extends KindResource<FileSystemKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<FileSystemKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<FileSystemKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<FileSystemKind>["adoptId"];
  /** The file system's name, unique in the account and region (default: the resource name). Changed in place. */
  readonly name: KindResource<FileSystemKind>["name"];
  /** What the file system holds. Changed in place. */
  readonly description: KindResource<FileSystemKind>["description"];
  /** The zone of the file system and of its network. Replaces on change. */
  readonly zoneId: KindResource<FileSystemKind>["zoneId"];
  /** The network the share is served on (an isolated network or a VPC tier of the zone, not the zone's shared network): the file-system VM takes an address of it. Replaces on change. */
  readonly networkId: KindResource<FileSystemKind>["networkId"];
  /** The disk offering of its data volume; a fixed one smaller than the file system is refused at preview: shared file systems never shrink. Changed in place (changeSharedFileSystemDiskOffering, a job). */
  readonly diskOfferingId: KindResource<FileSystemKind>["diskOfferingId"];
  /** Size in GB (GiB, 2^30 bytes, as the platform counts; the API shows bytes), with a customized disk offering (a fixed one decides it: leave size out); a smaller size is refused at preview: shared file systems never shrink. Changed in place (a job). */
  readonly size: KindResource<FileSystemKind>["size"];
  /** The compute offering of the file-system VM: at least 2 vCPUs and 1024 MB on the platform's defaults. Changed in place (stopped, changed and started again: the share is unavailable meanwhile). */
  readonly serviceOfferingId: KindResource<FileSystemKind>["serviceOfferingId"];
  /** The file system on its volume, `"XFS"` (default) or `"EXT4"`. Replaces on change. */
  readonly filesystem: KindResource<FileSystemKind>["filesystem"];
  /** The name of its zone. */
  readonly zoneName: KindResource<FileSystemKind>["zoneName"];
  /** The name of its network (`networkId`). */
  readonly networkName: KindResource<FileSystemKind>["networkName"];
  /** The name of its disk offering (`diskOfferingId`). */
  readonly diskOfferingName: KindResource<FileSystemKind>["diskOfferingName"];
  /** The name of its compute offering (`serviceOfferingId`). */
  readonly serviceOfferingName: KindResource<FileSystemKind>["serviceOfferingName"];
  /** The NFS server: the file-system VM's address on the network. */
  readonly ipAddress: KindResource<FileSystemKind>["ipAddress"];
  /** The exported path (the platform's /mnt/fs/share). */
  readonly path: KindResource<FileSystemKind>["path"];
  /** What `mount -t nfs` takes: `<ipAddress>:<path>`. */
  readonly mountSource: KindResource<FileSystemKind>["mountSource"];
  /** The platform's provider of the share (SHAREDFSVM). */
  readonly provider: KindResource<FileSystemKind>["provider"];
  /** The API's state (Allocated, Ready, Stopped, Error, …). */
  readonly state: KindResource<FileSystemKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<FileSystemKind>["created"];
}

/** The class cim.FileSystem: `new cim.FileSystem(name, args, opts?)`; `cim.FileSystem.get(name, id, opts?)` reads one by id. */
export interface FileSystemClass
  extends Statics<FileSystemKind>,
    Proven<FileSystemKind, FileSystemArgs, FileSystem> {
  /** A shared file system (NFS) served on a network, its size grown in place. */
  new (name: string, args: FileSystemArgs, opts?: OptionsOf<FileSystemKind>): FileSystem;
  isInstance(obj: unknown): obj is FileSystem;
}

/** A shared file system (NFS) served on a network, its size grown in place. */
export const FileSystem: FileSystemClass = resourceClass(kinds.FileSystem);

type InstanceGroupKind = typeof kinds.InstanceGroup;

/** The arguments of cim.InstanceGroup. */
export interface InstanceGroupArgs extends ArgsOf<InstanceGroupKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<InstanceGroupKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<InstanceGroupKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<InstanceGroupKind>["adoptId"];
  /** The instance group's name, unique in the account and region (default: the resource name); instances name it in `group`. Changed in place (its instances follow). */
  readonly name?: ArgsOf<InstanceGroupKind>["name"];
}

/** A named group of instances in one region; instances join it by name (cim.Instance group). */
export interface InstanceGroup extends KindResource<InstanceGroupKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<InstanceGroupKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<InstanceGroupKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<InstanceGroupKind>["adoptId"];
  /** The instance group's name, unique in the account and region (default: the resource name); instances name it in `group`. Changed in place (its instances follow). */
  readonly name: KindResource<InstanceGroupKind>["name"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<InstanceGroupKind>["created"];
}

/** The class cim.InstanceGroup: `new cim.InstanceGroup(name, args, opts?)`; `cim.InstanceGroup.get(name, id, opts?)` reads one by id. */
export interface InstanceGroupClass
  extends Statics<InstanceGroupKind>,
    Proven<InstanceGroupKind, InstanceGroupArgs, InstanceGroup> {
  /** A named group of instances in one region; instances join it by name (cim.Instance group). */
  new (name: string, args: InstanceGroupArgs, opts?: OptionsOf<InstanceGroupKind>): InstanceGroup;
  isInstance(obj: unknown): obj is InstanceGroup;
}

/** A named group of instances in one region; instances join it by name (cim.Instance group). */
export const InstanceGroup: InstanceGroupClass = resourceClass(kinds.InstanceGroup);

type MultiRegionGroupKind = typeof kinds.MultiRegionGroup;

/** The arguments of cim.MultiRegionGroup. */
export interface MultiRegionGroupArgs extends ArgsOf<MultiRegionGroupKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<MultiRegionGroupKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<MultiRegionGroupKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<MultiRegionGroupKind>["adoptId"];
  /** The multi-region group's name, unique in the account and region (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<MultiRegionGroupKind>["name"];
  /** What the group is for. Changed in place. */
  readonly description?: ArgsOf<MultiRegionGroupKind>["description"];
}

/** A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc. */
export interface MultiRegionGroup extends KindResource<MultiRegionGroupKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<MultiRegionGroupKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<MultiRegionGroupKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<MultiRegionGroupKind>["adoptId"];
  /** The multi-region group's name, unique in the account and region (default: the resource name). Changed in place. */
  readonly name: KindResource<MultiRegionGroupKind>["name"];
  /** What the group is for. Changed in place. */
  readonly description: KindResource<MultiRegionGroupKind>["description"];
  /** Active, or Revoke while it is being deleted. */
  readonly state: KindResource<MultiRegionGroupKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<MultiRegionGroupKind>["created"];
}

/** The class cim.MultiRegionGroup: `new cim.MultiRegionGroup(name, args, opts?)`; `cim.MultiRegionGroup.get(name, id, opts?)` reads one by id. */
export interface MultiRegionGroupClass
  extends Statics<MultiRegionGroupKind>,
    Proven<MultiRegionGroupKind, MultiRegionGroupArgs, MultiRegionGroup> {
  /** A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc. */
  new (name: string, args: MultiRegionGroupArgs, opts?: OptionsOf<MultiRegionGroupKind>): MultiRegionGroup;
  isInstance(obj: unknown): obj is MultiRegionGroup;
}

/** A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc. */
export const MultiRegionGroup: MultiRegionGroupClass = resourceClass(kinds.MultiRegionGroup);

type MultiRegionGroupVpcKind = typeof kinds.MultiRegionGroupVpc;

/** The arguments of cim.MultiRegionGroupVpc. */
export interface MultiRegionGroupVpcArgs extends ArgsOf<MultiRegionGroupVpcKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<MultiRegionGroupVpcKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<MultiRegionGroupVpcKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<MultiRegionGroupVpcKind>["adoptId"];
  /** The group (`cim.MultiRegionGroup`), in this resource's region: give the group's `region` here too. Replaces on change. Names a `cim.MultiRegionGroup` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly groupId: ArgsOf<MultiRegionGroupVpcKind>["groupId"];
  /** The VPC to add, a VPC of `vpcRegion`. Replaces on change. Names a `cim.Vpc` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly vpcId: ArgsOf<MultiRegionGroupVpcKind>["vpcId"];
  /** The region the VPC lives in (a region uuid, e.g. the `cim.Vpc`'s `region` output); default: this resource's region. Replaces on change. */
  readonly vpcRegion?: ArgsOf<MultiRegionGroupVpcKind>["vpcRegion"];
}

/** A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's. */
export interface MultiRegionGroupVpc extends KindResource<MultiRegionGroupVpcKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<MultiRegionGroupVpcKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<MultiRegionGroupVpcKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<MultiRegionGroupVpcKind>["adoptId"];
  /** The group (`cim.MultiRegionGroup`), in this resource's region: give the group's `region` here too. Replaces on change. */
  readonly groupId: KindResource<MultiRegionGroupVpcKind>["groupId"];
  /** The VPC to add, a VPC of `vpcRegion`. Replaces on change. */
  readonly vpcId: KindResource<MultiRegionGroupVpcKind>["vpcId"];
  /** The region the VPC lives in (a region uuid, e.g. the `cim.Vpc`'s `region` output); default: this resource's region. Replaces on change. */
  readonly vpcRegion: KindResource<MultiRegionGroupVpcKind>["vpcRegion"];
  /** The name of the multi-region group (`groupId`). */
  readonly groupName: KindResource<MultiRegionGroupVpcKind>["groupName"];
  /** The name of its VPC (`vpcId`). */
  readonly vpcName: KindResource<MultiRegionGroupVpcKind>["vpcName"];
  /** The VPC's range, as the API shows it. */
  readonly cidr: KindResource<MultiRegionGroupVpcKind>["cidr"];
  /** The name of the VPC's region. */
  readonly vpcRegionName: KindResource<MultiRegionGroupVpcKind>["vpcRegionName"];
  /** Add, Active, Revoke, or Error when the join failed. */
  readonly state: KindResource<MultiRegionGroupVpcKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<MultiRegionGroupVpcKind>["created"];
}

/** The class cim.MultiRegionGroupVpc: `new cim.MultiRegionGroupVpc(name, args, opts?)`; `cim.MultiRegionGroupVpc.get(name, id, opts?)` reads one by id. */
export interface MultiRegionGroupVpcClass
  extends Statics<MultiRegionGroupVpcKind>,
    Proven<MultiRegionGroupVpcKind, MultiRegionGroupVpcArgs, MultiRegionGroupVpc> {
  /** A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's. */
  new (
    name: string,
    args: MultiRegionGroupVpcArgs,
    opts?: OptionsOf<MultiRegionGroupVpcKind>,
  ): MultiRegionGroupVpc;
  isInstance(obj: unknown): obj is MultiRegionGroupVpc;
}

/** A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's. */
export const MultiRegionGroupVpc: MultiRegionGroupVpcClass = resourceClass(kinds.MultiRegionGroupVpc);

type ProjectKind = typeof kinds.Project;

/** The arguments of cim.Project. */
export interface ProjectArgs extends ArgsOf<ProjectKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<ProjectKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<ProjectKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<ProjectKind>["adoptId"];
  /** The project's name, unique in the account and region (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<ProjectKind>["name"];
  /** A description; the API uses the name when left out. Changed in place. */
  readonly displayText?: ArgsOf<ProjectKind>["displayText"];
}

/** A project: a named grouping of work, kept by the service (synchronous). */
export interface Project extends KindResource<ProjectKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<ProjectKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<ProjectKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<ProjectKind>["adoptId"];
  /** The project's name, unique in the account and region (default: the resource name). Changed in place. */
  readonly name: KindResource<ProjectKind>["name"];
  /** A description; the API uses the name when left out. Changed in place. */
  readonly displayText: KindResource<ProjectKind>["displayText"];
  /** The API's project state (Active). */
  readonly state: KindResource<ProjectKind>["state"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<ProjectKind>["created"];
}

/** The class cim.Project: `new cim.Project(name, args, opts?)`; `cim.Project.get(name, id, opts?)` reads one by id. */
export interface ProjectClass extends Statics<ProjectKind>, Proven<ProjectKind, ProjectArgs, Project> {
  /** A project: a named grouping of work, kept by the service (synchronous). */
  new (name: string, args: ProjectArgs, opts?: OptionsOf<ProjectKind>): Project;
  isInstance(obj: unknown): obj is Project;
}

/** A project: a named grouping of work, kept by the service (synchronous). */
export const Project: ProjectClass = resourceClass(kinds.Project);

type TemplateKind = typeof kinds.Template;

/** The arguments of cim.Template. */
export interface TemplateArgs extends ArgsOf<TemplateKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<TemplateKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<TemplateKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<TemplateKind>["adoptId"];
  /** The template's name (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<TemplateKind>["name"];
  /** A description; the API uses the name when left out. Changed in place. */
  readonly displayText?: ArgsOf<TemplateKind>["displayText"];
  /** The http(s) URL the platform downloads the image from. Replaces on change. Required unless adopting (`adoptId`). */
  readonly url?: ArgsOf<TemplateKind>["url"];
  /** The zone the image is registered in (instances of that zone use it). Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. Required unless adopting (`adoptId`). */
  readonly zoneId?: ArgsOf<TemplateKind>["zoneId"];
  /** Whether the image has the tools to scale an instance while it runs (default false). Changed in place. */
  readonly isDynamicallyScalable?: ArgsOf<TemplateKind>["isDynamicallyScalable"];
  /** The image's checksum, e.g. `{SHA-256}9f86d0…` (checked by the platform after the download). Replaces on change. */
  readonly checksum?: ArgsOf<TemplateKind>["checksum"];
  /** The disk image's format: QCOW2 (KVM), RAW, VHD (XenServer), VHDX (Hyper-V), OVA or VMDK (VMware), TAR. Replaces on change. Required unless adopting (`adoptId`). */
  readonly format?: ArgsOf<TemplateKind>["format"];
  /** The hypervisor the template is for: KVM, XenServer, VMware, Hyperv, … (any case). Replaces on change. Required unless adopting (`adoptId`). */
  readonly hypervisor?: ArgsOf<TemplateKind>["hypervisor"];
  /** The guest OS it carries (cim.getOsType). Changed in place. An id (a UUID) of an OS type: `cim.getOsType` finds it by name. Required unless adopting (`adoptId`). */
  readonly osTypeId?: ArgsOf<TemplateKind>["osTypeId"];
  /** Whether it supports the platform's password reset (default false). Changed in place. */
  readonly passwordEnabled?: ArgsOf<TemplateKind>["passwordEnabled"];
}

/** A template registered from a URL (a download job), for instances' templateId once ready. */
export interface Template extends KindResource<TemplateKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<TemplateKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<TemplateKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<TemplateKind>["adoptId"];
  /** The template's name (default: the resource name). Changed in place. */
  readonly name: KindResource<TemplateKind>["name"];
  /** A description; the API uses the name when left out. Changed in place. */
  readonly displayText: KindResource<TemplateKind>["displayText"];
  /** The http(s) URL the platform downloads the image from. Replaces on change. */
  readonly url: KindResource<TemplateKind>["url"];
  /** The zone the image is registered in (instances of that zone use it). Replaces on change. */
  readonly zoneId: KindResource<TemplateKind>["zoneId"];
  /** Whether the image has the tools to scale an instance while it runs (default false). Changed in place. */
  readonly isDynamicallyScalable: KindResource<TemplateKind>["isDynamicallyScalable"];
  /** The image's checksum, e.g. `{SHA-256}9f86d0…` (checked by the platform after the download). Replaces on change. */
  readonly checksum: KindResource<TemplateKind>["checksum"];
  /** The disk image's format: QCOW2 (KVM), RAW, VHD (XenServer), VHDX (Hyper-V), OVA or VMDK (VMware), TAR. Replaces on change. */
  readonly format: KindResource<TemplateKind>["format"];
  /** The hypervisor the template is for: KVM, XenServer, VMware, Hyperv, … (any case). Replaces on change. */
  readonly hypervisor: KindResource<TemplateKind>["hypervisor"];
  /** The guest OS it carries (cim.getOsType). Changed in place. */
  readonly osTypeId: KindResource<TemplateKind>["osTypeId"];
  /** Whether it supports the platform's password reset (default false). Changed in place. */
  readonly passwordEnabled: KindResource<TemplateKind>["passwordEnabled"];
  /** Ready once the platform says so (`isReady`), Downloading meanwhile, Error when the download failed. */
  readonly state: KindResource<TemplateKind>["state"];
  /** Whether the platform has the image ready for instances (its download is complete). */
  readonly isReady: KindResource<TemplateKind>["isReady"];
  /** The platform's words on the download: "Download Complete", "45% Downloaded", or why it failed. */
  readonly status: KindResource<TemplateKind>["status"];
  /** Bytes: a template's virtual size, an ISO's file size (once downloaded). */
  readonly size: KindResource<TemplateKind>["size"];
  /** The name of its OS type (`osTypeId`). */
  readonly osTypeName: KindResource<TemplateKind>["osTypeName"];
  /** The name of its zone. */
  readonly zoneName: KindResource<TemplateKind>["zoneName"];
  /** The account that owns it. */
  readonly account: KindResource<TemplateKind>["account"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<TemplateKind>["created"];
  /** GB: the smallest root disk an instance of this template may have (its virtual size), once downloaded. */
  readonly minRootDiskSizeGb: KindResource<TemplateKind>["minRootDiskSizeGb"];
}

/** The class cim.Template: `new cim.Template(name, args, opts?)`; `cim.Template.get(name, id, opts?)` reads one by id. */
export interface TemplateClass extends Statics<TemplateKind>, Proven<TemplateKind, TemplateArgs, Template> {
  /** A template registered from a URL (a download job), for instances' templateId once ready. */
  new (name: string, args: TemplateArgs, opts?: OptionsOf<TemplateKind>): Template;
  isInstance(obj: unknown): obj is Template;
}

/** A template registered from a URL (a download job), for instances' templateId once ready. */
export const Template: TemplateClass = resourceClass(kinds.Template);

type TemplatePermissionsKind = typeof kinds.TemplatePermissions;

/** The arguments of cim.TemplatePermissions. */
export interface TemplatePermissionsArgs extends ArgsOf<TemplatePermissionsKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<TemplatePermissionsKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<TemplatePermissionsKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<TemplatePermissionsKind>["adoptId"];
  /** The template (a cim.Template's id; one of the account's own). Replaces on change. Names a `cim.Template` by id (its `id` output). */
  readonly templateId: ArgsOf<TemplatePermissionsKind>["templateId"];
  /** Every account may use it (default false). The policy pack refuses it unless allowed. Changed in place. */
  readonly isPublic?: ArgsOf<TemplatePermissionsKind>["isPublic"];
  /** Listed among the platform's featured templates (default false). Changed in place. */
  readonly isFeatured?: ArgsOf<TemplatePermissionsKind>["isFeatured"];
  /** Its disk image may be downloaded (extracted) by those who may use it (default false). Changed in place. */
  readonly isExtractable?: ArgsOf<TemplatePermissionsKind>["isExtractable"];
  /** Accounts (by name) given launch permission, each an account the platform has (the API refuses an unknown name at `up`; no route lists accounts, so preview cannot check); the program's list is authoritative. Changed in place. */
  readonly accounts?: ArgsOf<TemplatePermissionsKind>["accounts"];
  /** Projects (by id) given launch permission, not together with accounts. Changed in place. Names a `cim.Project` by id (its `id` output); preview refuses an id written as text that names none. */
  readonly projectIds?: ArgsOf<TemplatePermissionsKind>["projectIds"];
}

/** Who besides its owner may use a template: public, featured, extractable, named accounts. */
export interface TemplatePermissions extends KindResource<TemplatePermissionsKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<TemplatePermissionsKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<TemplatePermissionsKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<TemplatePermissionsKind>["adoptId"];
  /** The template (a cim.Template's id; one of the account's own). Replaces on change. */
  readonly templateId: KindResource<TemplatePermissionsKind>["templateId"];
  /** Every account may use it (default false). The policy pack refuses it unless allowed. Changed in place. */
  readonly isPublic: KindResource<TemplatePermissionsKind>["isPublic"];
  /** Listed among the platform's featured templates (default false). Changed in place. */
  readonly isFeatured: KindResource<TemplatePermissionsKind>["isFeatured"];
  /** Its disk image may be downloaded (extracted) by those who may use it (default false). Changed in place. */
  readonly isExtractable: KindResource<TemplatePermissionsKind>["isExtractable"];
  /** Accounts (by name) given launch permission, each an account the platform has (the API refuses an unknown name at `up`; no route lists accounts, so preview cannot check); the program's list is authoritative. Changed in place. */
  readonly accounts: KindResource<TemplatePermissionsKind>["accounts"];
  /** Projects (by id) given launch permission, not together with accounts. Changed in place. */
  readonly projectIds: KindResource<TemplatePermissionsKind>["projectIds"];
  /** The template's owner (the account that registered it). */
  readonly owner: KindResource<TemplatePermissionsKind>["owner"];
}

/** The class cim.TemplatePermissions: `new cim.TemplatePermissions(name, args, opts?)`; `cim.TemplatePermissions.get(name, id, opts?)` reads one by id. */
export interface TemplatePermissionsClass
  extends Statics<TemplatePermissionsKind>,
    Proven<TemplatePermissionsKind, TemplatePermissionsArgs, TemplatePermissions> {
  /** Who besides its owner may use a template: public, featured, extractable, named accounts. */
  new (
    name: string,
    args: TemplatePermissionsArgs,
    opts?: OptionsOf<TemplatePermissionsKind>,
  ): TemplatePermissions;
  isInstance(obj: unknown): obj is TemplatePermissions;
}

/** Who besides its owner may use a template: public, featured, extractable, named accounts. */
export const TemplatePermissions: TemplatePermissionsClass = resourceClass(kinds.TemplatePermissions);

type IsoKind = typeof kinds.Iso;

/** The arguments of cim.Iso. */
export interface IsoArgs extends ArgsOf<IsoKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region?: ArgsOf<IsoKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. Default: create 20m, update 20m, delete 20m; the `customTimeouts` resource option gives the same where this leaves one out. */
  readonly timeouts?: ArgsOf<IsoKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId?: ArgsOf<IsoKind>["adoptId"];
  /** The ISO's name (default: the resource name). Changed in place. */
  readonly name?: ArgsOf<IsoKind>["name"];
  /** A description; the API uses the name when left out. Changed in place. */
  readonly displayText?: ArgsOf<IsoKind>["displayText"];
  /** The http(s) URL the platform downloads the image from. Replaces on change. Required unless adopting (`adoptId`). */
  readonly url?: ArgsOf<IsoKind>["url"];
  /** The zone the image is registered in (instances of that zone use it). Replaces on change. An id (a UUID) of a zone: `cim.getZone` finds it by name. Required unless adopting (`adoptId`). */
  readonly zoneId?: ArgsOf<IsoKind>["zoneId"];
  /** Whether the image has the tools to scale an instance while it runs (default false). Changed in place. */
  readonly isDynamicallyScalable?: ArgsOf<IsoKind>["isDynamicallyScalable"];
  /** The image's checksum, e.g. `{SHA-256}9f86d0…` (checked by the platform after the download). Replaces on change. */
  readonly checksum?: ArgsOf<IsoKind>["checksum"];
  /** The guest OS it boots (cim.getOsType); required unless `bootable` is false. Changed in place. An id (a UUID) of an OS type: `cim.getOsType` finds it by name. */
  readonly osTypeId?: ArgsOf<IsoKind>["osTypeId"];
  /** Whether instances can boot from it (default true); a data ISO (drivers, tools) is not. Changed in place. */
  readonly bootable?: ArgsOf<IsoKind>["bootable"];
}

/** An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready. */
export interface Iso extends KindResource<IsoKind> {
  /** The region (a region uuid) the resource lives in; default: cim:region, else the API's default region. Replaces on change. */
  readonly region: KindResource<IsoKind>["region"];
  /** How long to wait for the API's jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m"). Changes nothing through the API. */
  readonly timeouts: KindResource<IsoKind>["timeouts"];
  /** The id of an existing resource of this kind, in its region, to adopt instead of creating one. Read only by create. */
  readonly adoptId: KindResource<IsoKind>["adoptId"];
  /** The ISO's name (default: the resource name). Changed in place. */
  readonly name: KindResource<IsoKind>["name"];
  /** A description; the API uses the name when left out. Changed in place. */
  readonly displayText: KindResource<IsoKind>["displayText"];
  /** The http(s) URL the platform downloads the image from. Replaces on change. */
  readonly url: KindResource<IsoKind>["url"];
  /** The zone the image is registered in (instances of that zone use it). Replaces on change. */
  readonly zoneId: KindResource<IsoKind>["zoneId"];
  /** Whether the image has the tools to scale an instance while it runs (default false). Changed in place. */
  readonly isDynamicallyScalable: KindResource<IsoKind>["isDynamicallyScalable"];
  /** The image's checksum, e.g. `{SHA-256}9f86d0…` (checked by the platform after the download). Replaces on change. */
  readonly checksum: KindResource<IsoKind>["checksum"];
  /** The guest OS it boots (cim.getOsType); required unless `bootable` is false. Changed in place. */
  readonly osTypeId: KindResource<IsoKind>["osTypeId"];
  /** Whether instances can boot from it (default true); a data ISO (drivers, tools) is not. Changed in place. */
  readonly bootable: KindResource<IsoKind>["bootable"];
  /** Ready once the platform says so (`isReady`), Downloading meanwhile, Error when the download failed. */
  readonly state: KindResource<IsoKind>["state"];
  /** Whether the platform has the image ready for instances (its download is complete). */
  readonly isReady: KindResource<IsoKind>["isReady"];
  /** The platform's words on the download: "Download Complete", "45% Downloaded", or why it failed. */
  readonly status: KindResource<IsoKind>["status"];
  /** Bytes: a template's virtual size, an ISO's file size (once downloaded). */
  readonly size: KindResource<IsoKind>["size"];
  /** The name of its OS type (`osTypeId`). */
  readonly osTypeName: KindResource<IsoKind>["osTypeName"];
  /** The name of its zone. */
  readonly zoneName: KindResource<IsoKind>["zoneName"];
  /** The account that owns it. */
  readonly account: KindResource<IsoKind>["account"];
  /** When it was created (the API's `created`, an ISO 8601 date-time). */
  readonly created: KindResource<IsoKind>["created"];
}

/** The class cim.Iso: `new cim.Iso(name, args, opts?)`; `cim.Iso.get(name, id, opts?)` reads one by id. */
export interface IsoClass extends Statics<IsoKind>, Proven<IsoKind, IsoArgs, Iso> {
  /** An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready. */
  new (name: string, args: IsoArgs, opts?: OptionsOf<IsoKind>): Iso;
  isInstance(obj: unknown): obj is Iso;
}

/** An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready. */
export const Iso: IsoClass = resourceClass(kinds.Iso);
