// Generated from the registry of kinds (provider/kinds/index.ts) by `npm run generate`; do not edit.
// Each class is made from its kind's declaration: Args are what the provider takes, outputs what it returns.

import { kinds } from "../provider/kinds";
import { type ArgsOf, type KindResource, resourceClass } from "./resource";

/** A compute instance (virtual machine). */
export const Instance = resourceClass(kinds.Instance);
export type Instance = KindResource<typeof kinds.Instance>;
/** The arguments of cim.Instance. */
export type InstanceArgs = ArgsOf<typeof kinds.Instance>;

/** A block storage volume, optionally attached to an instance. */
export const Volume = resourceClass(kinds.Volume);
export type Volume = KindResource<typeof kinds.Volume>;
/** The arguments of cim.Volume. */
export type VolumeArgs = ArgsOf<typeof kinds.Volume>;

/** A virtual private cloud: an address range for network tiers. */
export const Vpc = resourceClass(kinds.Vpc);
export type Vpc = KindResource<typeof kinds.Vpc>;
/** The arguments of cim.Vpc. */
export type VpcArgs = ArgsOf<typeof kinds.Vpc>;

/** An isolated network, or a tier of a VPC. */
export const Network = resourceClass(kinds.Network);
export type Network = KindResource<typeof kinds.Network>;
/** The arguments of cim.Network. */
export type NetworkArgs = ArgsOf<typeof kinds.Network>;

/** A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made). */
export const NetworkAclList = resourceClass(kinds.NetworkAclList);
export type NetworkAclList = KindResource<typeof kinds.NetworkAclList>;
/** The arguments of cim.NetworkAclList. */
export type NetworkAclListArgs = ArgsOf<typeof kinds.NetworkAclList>;

/** A rule of a network ACL list: protocol, ports or ICMP type, CIDRs, allow or deny, ingress or egress. */
export const NetworkAclRule = resourceClass(kinds.NetworkAclRule);
export type NetworkAclRule = KindResource<typeof kinds.NetworkAclRule>;
/** The arguments of cim.NetworkAclRule. */
export type NetworkAclRuleArgs = ArgsOf<typeof kinds.NetworkAclRule>;

/** When an instance is backed up (synchronous in the API). */
export const BackupSchedule = resourceClass(kinds.BackupSchedule);
export type BackupSchedule = KindResource<typeof kinds.BackupSchedule>;
/** The arguments of cim.BackupSchedule. */
export type BackupScheduleArgs = ArgsOf<typeof kinds.BackupSchedule>;

/** An on-demand backup of an instance that has a backup offering. */
export const Backup = resourceClass(kinds.Backup);
export type Backup = KindResource<typeof kinds.Backup>;
/** The arguments of cim.Backup. */
export type BackupArgs = ArgsOf<typeof kinds.Backup>;

/** Starts, stops or reboots an instance on a cron schedule in a time zone (synchronous in the API). */
export const InstanceSchedule = resourceClass(kinds.InstanceSchedule);
export type InstanceSchedule = KindResource<typeof kinds.InstanceSchedule>;
/** The arguments of cim.InstanceSchedule. */
export type InstanceScheduleArgs = ArgsOf<typeof kinds.InstanceSchedule>;

/** A public key registered under a name, for instances' sshKeyNames (the private key never passes through). */
export const SshKeyPair = resourceClass(kinds.SshKeyPair);
export type SshKeyPair = KindResource<typeof kinds.SshKeyPair>;
/** The arguments of cim.SshKeyPair. */
export type SshKeyPairArgs = ArgsOf<typeof kinds.SshKeyPair>;

/** A public IP address acquired for an isolated network or a VPC. */
export const PublicIp = resourceClass(kinds.PublicIp);
export type PublicIp = KindResource<typeof kinds.PublicIp>;
/** The arguments of cim.PublicIp. */
export type PublicIpArgs = ArgsOf<typeof kinds.PublicIp>;

/** A public IP mapped one to one onto an instance's NIC (every port). */
export const StaticNat = resourceClass(kinds.StaticNat);
export type StaticNat = KindResource<typeof kinds.StaticNat>;
/** The arguments of cim.StaticNat. */
export type StaticNatArgs = ArgsOf<typeof kinds.StaticNat>;

/** A point-in-time copy of a volume (a job), for restoring it as a new volume. */
export const VolumeSnapshot = resourceClass(kinds.VolumeSnapshot);
export type VolumeSnapshot = KindResource<typeof kinds.VolumeSnapshot>;
/** The arguments of cim.VolumeSnapshot. */
export type VolumeSnapshotArgs = ArgsOf<typeof kinds.VolumeSnapshot>;

/** The disks (and optionally the memory) of an instance at a point in time (a job). */
export const InstanceSnapshot = resourceClass(kinds.InstanceSnapshot);
export type InstanceSnapshot = KindResource<typeof kinds.InstanceSnapshot>;
/** The arguments of cim.InstanceSnapshot. */
export type InstanceSnapshotArgs = ArgsOf<typeof kinds.InstanceSnapshot>;

/** A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC. */
export const VpcGateway = resourceClass(kinds.VpcGateway);
export type VpcGateway = KindResource<typeof kinds.VpcGateway>;
/** The arguments of cim.VpcGateway. */
export type VpcGatewayArgs = ArgsOf<typeof kinds.VpcGateway>;

/** A public load-balancer rule: a port of a public IP balanced over member instances. */
export const LoadBalancerRule = resourceClass(kinds.LoadBalancerRule);
export type LoadBalancerRule = KindResource<typeof kinds.LoadBalancerRule>;
/** The arguments of cim.LoadBalancerRule. */
export type LoadBalancerRuleArgs = ArgsOf<typeof kinds.LoadBalancerRule>;

/** A load balancer inside a VPC tier: a port of a tier address balanced over member instances. */
export const InternalLoadBalancer = resourceClass(kinds.InternalLoadBalancer);
export type InternalLoadBalancer = KindResource<typeof kinds.InternalLoadBalancer>;
/** The arguments of cim.InternalLoadBalancer. */
export type InternalLoadBalancerArgs = ArgsOf<typeof kinds.InternalLoadBalancer>;

/** A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output. */
export const KubernetesCluster = resourceClass(kinds.KubernetesCluster);
export type KubernetesCluster = KindResource<typeof kinds.KubernetesCluster>;
/** The arguments of cim.KubernetesCluster. */
export type KubernetesClusterArgs = ArgsOf<typeof kinds.KubernetesCluster>;

/** Tags through the generic tag endpoint, for resource types without a tag route (templates, …). */
export const Tags = resourceClass(kinds.Tags);
export type Tags = KindResource<typeof kinds.Tags>;
/** The arguments of cim.Tags. */
export type TagsArgs = ArgsOf<typeof kinds.Tags>;

/** A comment (the API's annotation) on a volume, network, public IP, VPC or Kubernetes cluster. */
export const Comment = resourceClass(kinds.Comment);
export type Comment = KindResource<typeof kinds.Comment>;
/** The arguments of cim.Comment. */
export type CommentArgs = ArgsOf<typeof kinds.Comment>;

/** A shared file system (NFS) served on a network, its size grown in place. */
export const FileSystem = resourceClass(kinds.FileSystem);
export type FileSystem = KindResource<typeof kinds.FileSystem>;
/** The arguments of cim.FileSystem. */
export type FileSystemArgs = ArgsOf<typeof kinds.FileSystem>;

/** A named group of instances in one region; instances join it by name (cim.Instance group). */
export const InstanceGroup = resourceClass(kinds.InstanceGroup);
export type InstanceGroup = KindResource<typeof kinds.InstanceGroup>;
/** The arguments of cim.InstanceGroup. */
export type InstanceGroupArgs = ArgsOf<typeof kinds.InstanceGroup>;

/** A group that joins VPCs of several regions; each VPC joins through a cim.MultiRegionGroupVpc. */
export const MultiRegionGroup = resourceClass(kinds.MultiRegionGroup);
export type MultiRegionGroup = KindResource<typeof kinds.MultiRegionGroup>;
/** The arguments of cim.MultiRegionGroup. */
export type MultiRegionGroupArgs = ArgsOf<typeof kinds.MultiRegionGroup>;

/** A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's. */
export const MultiRegionGroupVpc = resourceClass(kinds.MultiRegionGroupVpc);
export type MultiRegionGroupVpc = KindResource<typeof kinds.MultiRegionGroupVpc>;
/** The arguments of cim.MultiRegionGroupVpc. */
export type MultiRegionGroupVpcArgs = ArgsOf<typeof kinds.MultiRegionGroupVpc>;

/** A project: a named grouping of work, kept by the service (synchronous). */
export const Project = resourceClass(kinds.Project);
export type Project = KindResource<typeof kinds.Project>;
/** The arguments of cim.Project. */
export type ProjectArgs = ArgsOf<typeof kinds.Project>;

/** A template registered from a URL (a download job), for instances' templateId once ready. */
export const Template = resourceClass(kinds.Template);
export type Template = KindResource<typeof kinds.Template>;
/** The arguments of cim.Template. */
export type TemplateArgs = ArgsOf<typeof kinds.Template>;

/** Who besides its owner may use a template: public, featured, extractable, named accounts. */
export const TemplatePermissions = resourceClass(kinds.TemplatePermissions);
export type TemplatePermissions = KindResource<typeof kinds.TemplatePermissions>;
/** The arguments of cim.TemplatePermissions. */
export type TemplatePermissionsArgs = ArgsOf<typeof kinds.TemplatePermissions>;

/** An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready. */
export const Iso = resourceClass(kinds.Iso);
export type Iso = KindResource<typeof kinds.Iso>;
/** The arguments of cim.Iso. */
export type IsoArgs = ArgsOf<typeof kinds.Iso>;
