// Generated from the registry of kinds (provider/kinds/index.ts) by `npm run generate`; do not edit.
// The classes of `pulumi-cim/native`: the types of sdk/kinds.ts, each class registered as `cim:index:<Kind>`.

import type * as dynamic from "../kinds";
import { nativeClass } from "./nativeClass";

/** The arguments of cim.Instance. */
export type InstanceArgs = dynamic.InstanceArgs;
/** A compute instance (virtual machine). */
export type Instance = dynamic.Instance;
/** The class cim.Instance: `new cim.Instance(name, args, opts?)`; `cim.Instance.get(name, id, opts?)` reads one by id. */
export type InstanceClass = dynamic.InstanceClass;
/** A compute instance (virtual machine). */
export const Instance = nativeClass("Instance");

/** The arguments of cim.Volume. */
export type VolumeArgs = dynamic.VolumeArgs;
/** A block storage volume, optionally attached to an instance. */
export type Volume = dynamic.Volume;
/** The class cim.Volume: `new cim.Volume(name, args, opts?)`; `cim.Volume.get(name, id, opts?)` reads one by id. */
export type VolumeClass = dynamic.VolumeClass;
/** A block storage volume, optionally attached to an instance. */
export const Volume = nativeClass("Volume");

/** The arguments of cim.Vpc. */
export type VpcArgs = dynamic.VpcArgs;
/** A virtual private cloud: an address range for network tiers. */
export type Vpc = dynamic.Vpc;
/** The class cim.Vpc: `new cim.Vpc(name, args, opts?)`; `cim.Vpc.get(name, id, opts?)` reads one by id. */
export type VpcClass = dynamic.VpcClass;
/** A virtual private cloud: an address range for network tiers. */
export const Vpc = nativeClass("Vpc");

/** The arguments of cim.Network. */
export type NetworkArgs = dynamic.NetworkArgs;
/** An isolated network, or a tier of a VPC. */
export type Network = dynamic.Network;
/** The class cim.Network: `new cim.Network(name, args, opts?)`; `cim.Network.get(name, id, opts?)` reads one by id. */
export type NetworkClass = dynamic.NetworkClass;
/** An isolated network, or a tier of a VPC. */
export const Network = nativeClass("Network");

/** The arguments of cim.NetworkAclList. */
export type NetworkAclListArgs = dynamic.NetworkAclListArgs;
/** A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made). */
export type NetworkAclList = dynamic.NetworkAclList;
/** The class cim.NetworkAclList: `new cim.NetworkAclList(name, args, opts?)`; `cim.NetworkAclList.get(name, id, opts?)` reads one by id. */
export type NetworkAclListClass = dynamic.NetworkAclListClass;
/** A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made). */
export const NetworkAclList = nativeClass("NetworkAclList");

/** The arguments of cim.NetworkAclRule. */
export type NetworkAclRuleArgs = dynamic.NetworkAclRuleArgs;
/** A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress. */
export type NetworkAclRule = dynamic.NetworkAclRule;
/** The class cim.NetworkAclRule: `new cim.NetworkAclRule(name, args, opts?)`; `cim.NetworkAclRule.get(name, id, opts?)` reads one by id. */
export type NetworkAclRuleClass = dynamic.NetworkAclRuleClass;
/** A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress. */
export const NetworkAclRule = nativeClass("NetworkAclRule");

/** The arguments of cim.BackupSchedule. */
export type BackupScheduleArgs = dynamic.BackupScheduleArgs;
/** When an instance is backed up (synchronous in the API). */
export type BackupSchedule = dynamic.BackupSchedule;
/** The class cim.BackupSchedule: `new cim.BackupSchedule(name, args, opts?)`; `cim.BackupSchedule.get(name, id, opts?)` reads one by id. */
export type BackupScheduleClass = dynamic.BackupScheduleClass;
/** When an instance is backed up (synchronous in the API). */
export const BackupSchedule = nativeClass("BackupSchedule");

/** The arguments of cim.Backup. */
export type BackupArgs = dynamic.BackupArgs;
/** An on-demand backup of an instance that has a backup offering. */
export type Backup = dynamic.Backup;
/** The class cim.Backup: `new cim.Backup(name, args, opts?)`; `cim.Backup.get(name, id, opts?)` reads one by id. */
export type BackupClass = dynamic.BackupClass;
/** An on-demand backup of an instance that has a backup offering. */
export const Backup = nativeClass("Backup");

/** The arguments of cim.InstanceSchedule. */
export type InstanceScheduleArgs = dynamic.InstanceScheduleArgs;
/** Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API). */
export type InstanceSchedule = dynamic.InstanceSchedule;
/** The class cim.InstanceSchedule: `new cim.InstanceSchedule(name, args, opts?)`; `cim.InstanceSchedule.get(name, id, opts?)` reads one by id. */
export type InstanceScheduleClass = dynamic.InstanceScheduleClass;
/** Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API). */
export const InstanceSchedule = nativeClass("InstanceSchedule");

/** The arguments of cim.SshKeyPair. */
export type SshKeyPairArgs = dynamic.SshKeyPairArgs;
/** A public key registered under a name, for instances' sshKeyNames (the private key never passes through). */
export type SshKeyPair = dynamic.SshKeyPair;
/** The class cim.SshKeyPair: `new cim.SshKeyPair(name, args, opts?)`; `cim.SshKeyPair.get(name, id, opts?)` reads one by id. */
export type SshKeyPairClass = dynamic.SshKeyPairClass;
/** A public key registered under a name, for instances' sshKeyNames (the private key never passes through). */
export const SshKeyPair = nativeClass("SshKeyPair");

/** The arguments of cim.PublicIp. */
export type PublicIpArgs = dynamic.PublicIpArgs;
/** A public IP address acquired for an isolated network or a VPC. */
export type PublicIp = dynamic.PublicIp;
/** The class cim.PublicIp: `new cim.PublicIp(name, args, opts?)`; `cim.PublicIp.get(name, id, opts?)` reads one by id. */
export type PublicIpClass = dynamic.PublicIpClass;
/** A public IP address acquired for an isolated network or a VPC. */
export const PublicIp = nativeClass("PublicIp");

/** The arguments of cim.StaticNat. */
export type StaticNatArgs = dynamic.StaticNatArgs;
/** A public IP mapped one to one onto an instance's NIC (every port). */
export type StaticNat = dynamic.StaticNat;
/** The class cim.StaticNat: `new cim.StaticNat(name, args, opts?)`; `cim.StaticNat.get(name, id, opts?)` reads one by id. */
export type StaticNatClass = dynamic.StaticNatClass;
/** A public IP mapped one to one onto an instance's NIC (every port). */
export const StaticNat = nativeClass("StaticNat");

/** The arguments of cim.VolumeSnapshot. */
export type VolumeSnapshotArgs = dynamic.VolumeSnapshotArgs;
/** A point-in-time copy of a volume (a job), for restoring it as a new volume. */
export type VolumeSnapshot = dynamic.VolumeSnapshot;
/** The class cim.VolumeSnapshot: `new cim.VolumeSnapshot(name, args, opts?)`; `cim.VolumeSnapshot.get(name, id, opts?)` reads one by id. */
export type VolumeSnapshotClass = dynamic.VolumeSnapshotClass;
/** A point-in-time copy of a volume (a job), for restoring it as a new volume. */
export const VolumeSnapshot = nativeClass("VolumeSnapshot");

/** The arguments of cim.InstanceSnapshot. */
export type InstanceSnapshotArgs = dynamic.InstanceSnapshotArgs;
/** The disks (and optionally the memory) of an instance at a point in time (a job). */
export type InstanceSnapshot = dynamic.InstanceSnapshot;
/** The class cim.InstanceSnapshot: `new cim.InstanceSnapshot(name, args, opts?)`; `cim.InstanceSnapshot.get(name, id, opts?)` reads one by id. */
export type InstanceSnapshotClass = dynamic.InstanceSnapshotClass;
/** The disks (and optionally the memory) of an instance at a point in time (a job). */
export const InstanceSnapshot = nativeClass("InstanceSnapshot");

/** The arguments of cim.VpcGateway. */
export type VpcGatewayArgs = dynamic.VpcGatewayArgs;
/** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC. */
export type VpcGateway = dynamic.VpcGateway;
/** The class cim.VpcGateway: `new cim.VpcGateway(name, args, opts?)`; `cim.VpcGateway.get(name, id, opts?)` reads one by id. */
export type VpcGatewayClass = dynamic.VpcGatewayClass;
/** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC. */
export const VpcGateway = nativeClass("VpcGateway");

/** The arguments of cim.LoadBalancerRule. */
export type LoadBalancerRuleArgs = dynamic.LoadBalancerRuleArgs;
/** A public load-balancer rule: a port of a public IP balanced over member instances. */
export type LoadBalancerRule = dynamic.LoadBalancerRule;
/** The class cim.LoadBalancerRule: `new cim.LoadBalancerRule(name, args, opts?)`; `cim.LoadBalancerRule.get(name, id, opts?)` reads one by id. */
export type LoadBalancerRuleClass = dynamic.LoadBalancerRuleClass;
/** A public load-balancer rule: a port of a public IP balanced over member instances. */
export const LoadBalancerRule = nativeClass("LoadBalancerRule");

/** The arguments of cim.InternalLoadBalancer. */
export type InternalLoadBalancerArgs = dynamic.InternalLoadBalancerArgs;
/** A load balancer inside a VPC tier: a port of a tier address balanced over member instances. */
export type InternalLoadBalancer = dynamic.InternalLoadBalancer;
/** The class cim.InternalLoadBalancer: `new cim.InternalLoadBalancer(name, args, opts?)`; `cim.InternalLoadBalancer.get(name, id, opts?)` reads one by id. */
export type InternalLoadBalancerClass = dynamic.InternalLoadBalancerClass;
/** A load balancer inside a VPC tier: a port of a tier address balanced over member instances. */
export const InternalLoadBalancer = nativeClass("InternalLoadBalancer");

/** The arguments of cim.KubernetesCluster. */
export type KubernetesClusterArgs = dynamic.KubernetesClusterArgs;
/** A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output. */
export type KubernetesCluster = dynamic.KubernetesCluster;
/** The class cim.KubernetesCluster: `new cim.KubernetesCluster(name, args, opts?)`; `cim.KubernetesCluster.get(name, id, opts?)` reads one by id. */
export type KubernetesClusterClass = dynamic.KubernetesClusterClass;
/** A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output. */
export const KubernetesCluster = nativeClass("KubernetesCluster");

/** The arguments of cim.Tags. */
export type TagsArgs = dynamic.TagsArgs;
/** Tags through the generic tag endpoint, for resource types without a tag route (templates, …). */
export type Tags = dynamic.Tags;
/** The class cim.Tags: `new cim.Tags(name, args, opts?)`; `cim.Tags.get(name, id, opts?)` reads one by id. */
export type TagsClass = dynamic.TagsClass;
/** Tags through the generic tag endpoint, for resource types without a tag route (templates, …). */
export const Tags = nativeClass("Tags");

/** The arguments of cim.Comment. */
export type CommentArgs = dynamic.CommentArgs;
/** A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster. */
export type Comment = dynamic.Comment;
/** The class cim.Comment: `new cim.Comment(name, args, opts?)`; `cim.Comment.get(name, id, opts?)` reads one by id. */
export type CommentClass = dynamic.CommentClass;
/** A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster. */
export const Comment = nativeClass("Comment");

/** The arguments of cim.FileSystem. */
export type FileSystemArgs = dynamic.FileSystemArgs;
/** A shared file system (NFS) served on a network, its size grown in place. */
export type FileSystem = dynamic.FileSystem;
/** The class cim.FileSystem: `new cim.FileSystem(name, args, opts?)`; `cim.FileSystem.get(name, id, opts?)` reads one by id. */
export type FileSystemClass = dynamic.FileSystemClass;
/** A shared file system (NFS) served on a network, its size grown in place. */
export const FileSystem = nativeClass("FileSystem");

/** The arguments of cim.InstanceGroup. */
export type InstanceGroupArgs = dynamic.InstanceGroupArgs;
/** A named group of instances in one region; instances join it by name (cim.Instance group). */
export type InstanceGroup = dynamic.InstanceGroup;
/** The class cim.InstanceGroup: `new cim.InstanceGroup(name, args, opts?)`; `cim.InstanceGroup.get(name, id, opts?)` reads one by id. */
export type InstanceGroupClass = dynamic.InstanceGroupClass;
/** A named group of instances in one region; instances join it by name (cim.Instance group). */
export const InstanceGroup = nativeClass("InstanceGroup");

/** The arguments of cim.MultiRegionGroup. */
export type MultiRegionGroupArgs = dynamic.MultiRegionGroupArgs;
/** A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc. */
export type MultiRegionGroup = dynamic.MultiRegionGroup;
/** The class cim.MultiRegionGroup: `new cim.MultiRegionGroup(name, args, opts?)`; `cim.MultiRegionGroup.get(name, id, opts?)` reads one by id. */
export type MultiRegionGroupClass = dynamic.MultiRegionGroupClass;
/** A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc. */
export const MultiRegionGroup = nativeClass("MultiRegionGroup");

/** The arguments of cim.MultiRegionGroupVpc. */
export type MultiRegionGroupVpcArgs = dynamic.MultiRegionGroupVpcArgs;
/** A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's. */
export type MultiRegionGroupVpc = dynamic.MultiRegionGroupVpc;
/** The class cim.MultiRegionGroupVpc: `new cim.MultiRegionGroupVpc(name, args, opts?)`; `cim.MultiRegionGroupVpc.get(name, id, opts?)` reads one by id. */
export type MultiRegionGroupVpcClass = dynamic.MultiRegionGroupVpcClass;
/** A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's. */
export const MultiRegionGroupVpc = nativeClass("MultiRegionGroupVpc");

/** The arguments of cim.Project. */
export type ProjectArgs = dynamic.ProjectArgs;
/** A project: a named grouping of work, kept by the service (synchronous). */
export type Project = dynamic.Project;
/** The class cim.Project: `new cim.Project(name, args, opts?)`; `cim.Project.get(name, id, opts?)` reads one by id. */
export type ProjectClass = dynamic.ProjectClass;
/** A project: a named grouping of work, kept by the service (synchronous). */
export const Project = nativeClass("Project");

/** The arguments of cim.Template. */
export type TemplateArgs = dynamic.TemplateArgs;
/** A template registered from a URL (a download job), for instances' templateId once ready. */
export type Template = dynamic.Template;
/** The class cim.Template: `new cim.Template(name, args, opts?)`; `cim.Template.get(name, id, opts?)` reads one by id. */
export type TemplateClass = dynamic.TemplateClass;
/** A template registered from a URL (a download job), for instances' templateId once ready. */
export const Template = nativeClass("Template");

/** The arguments of cim.TemplatePermissions. */
export type TemplatePermissionsArgs = dynamic.TemplatePermissionsArgs;
/** Who besides its owner may use a template: public, featured, extractable, named accounts. */
export type TemplatePermissions = dynamic.TemplatePermissions;
/** The class cim.TemplatePermissions: `new cim.TemplatePermissions(name, args, opts?)`; `cim.TemplatePermissions.get(name, id, opts?)` reads one by id. */
export type TemplatePermissionsClass = dynamic.TemplatePermissionsClass;
/** Who besides its owner may use a template: public, featured, extractable, named accounts. */
export const TemplatePermissions = nativeClass("TemplatePermissions");

/** The arguments of cim.Iso. */
export type IsoArgs = dynamic.IsoArgs;
/** An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready. */
export type Iso = dynamic.Iso;
/** The class cim.Iso: `new cim.Iso(name, args, opts?)`; `cim.Iso.get(name, id, opts?)` reads one by id. */
export type IsoClass = dynamic.IsoClass;
/** An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready. */
export const Iso = nativeClass("Iso");
