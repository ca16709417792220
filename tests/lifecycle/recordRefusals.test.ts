// Preview refuses what the create would refuse on stable facts of the records the request names (a VPC's range, a
// network's zone and VPC, a snapshot's size, names and keys the account holds): rows of refusalWorld.ts, each
// refused at check as the API refuses it.
import { describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { aboutResource } from "../../provider/lifecycle/engineLog";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { ED25519, ED25519_B } from "../fixtures/sshKeys";
import {
  fromSnapshot,
  gatewayArgs,
  internalArgs,
  type Row,
  refusedAtPreview,
  sshRule,
  tierArgs,
  useWorld,
  w,
} from "./refusalWorld";

useWorld();

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * A refusal of a value one live record may hold: the fact, then the way out of a rename (Pulumi creates the new
 * resource before it deletes the old one, so adopting would be undone by the same up), then the kind's own.
 */
const held = (fact: RegExp, kind: string, otherwise: string) =>
  new RegExp(
    `${fact.source}.*${escaped(
      `. If another cim.${kind} of this stack holds it (a rename), give this one the old name in its \`aliases\` option (in Pulumi YAML, the old resource's URN), or remove the old one in an up of its own first; for \`pulumi up --replace\` of the one holding it, change the value for that \`up\` and back in the next (or \`pulumi destroy --target\` it first, which deletes what depends on it too); if a \`pulumi up\` stopped while making this one, \`npx pulumi-cim recover\` records what it made; else ${otherwise}`,
    )}$`,
  );

const ROWS: Row[] = [
  {
    name: "a VPC private gateway whose private network overlaps the VPC's range",
    kind: "VpcGateway",
    bad: () => ({
      vpcId: w.vpcId,
      ipAddress: "10.90.9.2",
      gateway: "10.90.9.1",
      netmask: "255.255.255.0",
      vlan: 100,
    }),
    field: "gateway",
    reason:
      /which has the range 10\.90\.0\.0\/16, and the private network of gateway 10\.90\.9\.1 .* overlaps it/,
    api: /The private gateway's range 10\.90\.9\.0\/24 overlaps the VPC's cidr/,
    good: () => ({
      vpcId: w.vpcId,
      ipAddress: "172.16.0.2",
      gateway: "172.16.0.1",
      netmask: "255.255.255.0",
      vlan: 100,
    }),
  },
  {
    name: "a public IP for a VPC tier rather than its VPC",
    kind: "PublicIp",
    bad: () => ({ networkId: w.plainTier }),
    field: "networkId",
    reason:
      /which is a tier of VPC \S+: an address is acquired for the VPC \(vpcId\), not for one of its tiers/,
    api: /Can't assign ip to the network directly when network belongs to VPC/,
    good: () => ({ vpcId: w.vpcId }),
  },
  {
    name: "launch permission for a project the account does not have",
    kind: "TemplatePermissions",
    bad: () => ({ templateId: w.templateB, projectIds: ["0a8e3b9c-52d1-4e0f-9a67-2c4b1d8e7f30"] }),
    field: "projectIds",
    reason: /^projectIds names no project with id "0a8e3b9c-52d1-4e0f-9a67-2c4b1d8e7f30"/,
    api: /Unable to find project by id 0a8e3b9c-52d1-4e0f-9a67-2c4b1d8e7f30/,
    good: () => ({ templateId: w.templateB, projectIds: [w.projectId] }),
  },
  {
    name: "a public IP for the zone's shared default network",
    kind: "PublicIp",
    bad: () => ({ networkId: w.zoneNetwork }),
    field: "networkId",
    reason:
      /which is its zone's shared default network, the platform's own: an address is acquired for an isolated network or a VPC, not for it/,
    api: /is a shared network: public IPs are acquired for isolated networks and VPCs/,
    good: () => ({ vpcId: w.vpcId }),
  },
  {
    name: "a comment on the zone's shared default network",
    kind: "Comment",
    bad: () => ({ networkId: w.zoneNetwork, text: "who uses it" }),
    field: "networkId",
    reason: /which is its zone's shared default network, the platform's own: it takes no comment/,
    api: /is the shared default network of its zone and cannot be changed/,
    good: () => ({ networkId: w.plainTier, text: "who uses it" }),
  },
  {
    name: "a public IP whose zoneId is not its VPC's zone",
    kind: "PublicIp",
    bad: () => ({ vpcId: w.vpcId, zoneId: w.zoneB }),
    field: "zoneId",
    reason:
      /which is in zone de-fra-1a, not in zoneId \S+: an address is acquired in its network's or VPC's zone/,
    api: /is not the zone of the network or VPC/,
    good: () => ({ vpcId: w.vpcId, zoneId: w.zoneA }),
  },
  {
    name: "a snapshot of a volume never attached to an instance",
    kind: "VolumeSnapshot",
    bad: () => ({ name: "first", volumeId: w.volumeA }),
    field: "volumeId",
    reason:
      /which has never been attached to an instance \(state Allocated\): the platform has no disk of it to copy yet/,
    api: /is not in Ready state but Allocated\. Cannot take snapshot/,
    good: () => ({ name: "first", volumeId: w.attachedDisk }),
  },
  {
    name: "a volume made from a snapshot of another zone",
    kind: "Volume",
    bad: () => ({ name: "copy", zoneId: w.zoneB, diskOfferingId: w.customDisk, snapshotId: w.snapshotA }),
    field: "snapshotId",
    reason:
      /which is in zone de-fra-1a, not in the volume's zone \S+: a volume snapshot is used only in its own zone/,
    api: /Snapshot \S+ is not available in zone/,
    good: () => ({ name: "copy", zoneId: w.zoneA, diskOfferingId: w.customDisk, snapshotId: w.snapshotA }),
  },
  {
    name: "a volume made from a snapshot, smaller than the snapshot",
    kind: "Volume",
    bad: () => ({
      name: "copy",
      zoneId: w.zoneA,
      diskOfferingId: w.customDisk,
      snapshotId: w.snapshotA,
      size: 20,
    }),
    field: "size",
    reason: /which is of 30 GB: size 20 GB is smaller, and a disk made from a snapshot is at least as big/,
    api: /Volume size 20 GB is smaller than the snapshot's 30 GB/,
    good: () => ({
      name: "copy",
      zoneId: w.zoneA,
      diskOfferingId: w.customDisk,
      snapshotId: w.snapshotA,
      size: 40,
    }),
  },
  {
    name: "an instance whose root disk is made from a snapshot, smaller than the snapshot",
    kind: "Instance",
    bad: () => ({ ...fromSnapshot(), rootDiskSize: 20 }),
    field: "rootDiskSize",
    reason: /which is of 30 GB: rootDiskSize 20 GB is smaller/,
    api: /rootDiskSize 20 GB is smaller than the snapshot's 30 GB/,
    good: () => fromSnapshot(),
  },
  {
    name: "an instance whose root disk is made from a snapshot of another zone",
    kind: "Instance",
    bad: () => ({ ...fromSnapshot(), zoneId: w.zoneB }),
    field: "snapshotId",
    reason:
      /which is in zone de-fra-1a, not in the instance's zone \S+: a volume snapshot is used only in its own zone/,
    api: /Snapshot \S+ is not available in zone/,
    good: () => fromSnapshot(),
  },
  {
    name: "an instance whose root disk is a volume of another zone",
    kind: "Instance",
    bad: () => ({
      ...fromSnapshot(),
      imageType: "volume",
      snapshotId: undefined,
      volumeId: w.volumeA,
      zoneId: w.zoneB,
    }),
    field: "volumeId",
    reason:
      /which is in zone de-fra-1a, not in the instance's zone \S+: a volume is used only in its own zone/,
    api: /Volume \S+ is not in zone/,
    good: () => ({ ...fromSnapshot(), imageType: "volume", snapshotId: undefined, volumeId: w.volumeA }),
  },
  {
    name: "a project with the name another project has",
    kind: "Project",
    bad: () => ({ name: "taken" }),
    field: "name",
    reason: held(
      /^name "taken" is taken: project \S+ has that name, and project names are unique/,
      "Project",
      "choose another name, or adopt that project with adoptId",
    ),
    api: /Project with name taken already exists/,
    good: () => ({ name: "free" }),
  },
  {
    name: "a multi-region group with the name another group has",
    kind: "MultiRegionGroup",
    bad: () => ({ name: "taken" }),
    field: "name",
    reason: held(
      /^name "taken" is taken: multi-region group \S+ has that name/,
      "MultiRegionGroup",
      "choose another name, or adopt that multi-region group with adoptId",
    ),
    api: /A multi-region group with name 'taken' already exists/,
    good: () => ({ name: "free" }),
  },
  {
    name: "an SSH key pair whose key another key pair has",
    kind: "SshKeyPair",
    bad: () => ({ name: "ops-again", publicKey: `${ED25519} another comment` }),
    field: "publicKey",
    reason: held(
      /^publicKey is registered already: SSH key pair "ops" \(\S+\) has the same key/,
      "SshKeyPair",
      "give instances that key pair's name, or adopt it with adoptId",
    ),
    api: /A key pair with key '\S+ \S+' already exists/,
    good: () => ({ name: "ops-again", publicKey: ED25519_B }),
  },
  {
    name: "a network ACL rule in one of the VPC's default lists",
    kind: "NetworkAclRule",
    bad: () => ({ ...sshRule, aclId: w.defaultAcl }),
    field: "aclId",
    reason: /which is the VPC's default list default_allow, which the platform keeps as it is/,
    api: /Default ACL cannot be modified/,
    good: () => ({ ...sshRule, aclId: w.ownAcl }),
  },
  {
    name: "a VPC tier using the network ACL list of another VPC",
    kind: "Network",
    bad: () => ({ ...tierArgs(), aclId: w.otherAcl }),
    field: "aclId",
    reason:
      /which is a list of VPC \S+, not of the tier's VPC \S+: a tier uses a network ACL list of its own VPC/,
    api: /Network ACL \S+ does not belong to VPC/,
    good: () => ({ ...tierArgs(), aclId: w.ownAcl }),
  },
  {
    name: "a VPC private gateway on a VLAN another gateway of the zone is on",
    kind: "VpcGateway",
    bad: () => ({ ...gatewayArgs(), vlan: 321 }),
    field: "vlan",
    reason:
      /^vlan 321: private gateway 172\.20\.0\.2 \(\S+\) of VPC \S+ is on that VLAN in zone de-fra-1a, and a VLAN of the zone carries one network/,
    api: /Network with vlan 321 already exists or overlaps with other network vlans in zone de-fra-1a/,
    good: () => gatewayArgs(),
  },
  {
    name: "a VPC private gateway using the network ACL list of another VPC",
    kind: "VpcGateway",
    bad: () => ({ ...gatewayArgs(), aclId: w.otherAcl }),
    field: "aclId",
    reason: /which is a list of VPC \S+, not of the private gateway's VPC/,
    api: /Private gateway and network acl are not in the same vpc/,
    good: () => ({ ...gatewayArgs(), aclId: w.ownAcl }),
  },
  {
    name: "a static NAT on a source-NAT address",
    kind: "StaticNat",
    bad: () => ({ publicIpId: w.sourceNatIp, instanceId: w.tierVm, networkId: w.plainTier }),
    field: "publicIpId",
    reason: /which is the source-NAT address of its network or VPC: the platform maps no static NAT onto it/,
    api: /Can't enable static, ip address \S+ is a sourceNat ip address/,
    good: () => ({ publicIpId: w.vpcIp, instanceId: w.tierVm, networkId: w.plainTier }),
  },
  {
    name: "a static NAT on an address another static NAT maps (a rename, whose old one the same up removes last)",
    kind: "StaticNat",
    bad: () => ({ publicIpId: w.natIp, instanceId: w.tierVm, networkId: w.plainTier }),
    field: "publicIpId",
    reason: held(
      /has static NAT already, onto instance \S+, and an address maps onto one instance/,
      "StaticNat",
      "adopt the mapping with adoptId",
    ),
    api: /as it's already assigned to antoher vm/,
    good: () => ({ publicIpId: w.vpcIp, instanceId: w.tierVm, networkId: w.plainTier }),
  },
  {
    name: "a backup schedule of an interval type the instance has one of (a rename, whose old one the same up removes last)",
    kind: "BackupSchedule",
    bad: () => ({ instanceId: w.tierVm, intervalType: "daily", schedule: "15:04" }),
    field: "intervalType",
    reason: held(
      /instance \S+ has a DAILY backup schedule already \(\S+\), and the platform takes one schedule of an interval type per instance/,
      "BackupSchedule",
      "adopt it with adoptId",
    ),
    api: /already has a DAILY backup schedule/,
    good: () => ({ instanceId: w.tierVm, intervalType: "WEEKLY", schedule: "15:04:2" }),
  },
  {
    name: "a public load-balancer rule on a VPC's source-NAT address",
    kind: "LoadBalancerRule",
    bad: () => ({
      name: "lb",
      publicIpId: w.sourceNatIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
    field: "publicIpId",
    reason: /which is the source-NAT address of its VPC: the platform keeps it for the VPC's router/,
    api: /is the source NAT address of its VPC/,
    good: () => ({
      name: "lb",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
  },
  {
    name: "a public load-balancer rule on an address with static NAT (one the same up would remove is removed last)",
    kind: "LoadBalancerRule",
    bad: () => ({ name: "lb", publicIpId: w.natIp, networkId: w.plainTier, publicPort: 80, privatePort: 80 }),
    field: "publicIpId",
    reason: /which has static NAT to instance \S+: the API balances no port on such an address/,
    api: /Can't do load balance on ip address/,
    good: () => ({
      name: "lb",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
  },
  {
    name: "an internal load balancer whose source network is a tier of another VPC",
    kind: "InternalLoadBalancer",
    bad: () => ({ ...internalArgs(), sourceIpAddressNetworkId: w.otherTier }),
    field: "sourceIpAddressNetworkId",
    reason: /names network other-tier \(\S+\), which is not in the VPC of network internal/,
    api: /Source ip network other-tier is not in the VPC of network internal/,
    good: () => ({ ...internalArgs(), sourceIpAddressNetworkId: w.ilbTier }),
  },
  {
    name: "a static NAT on a network other than the one its address serves",
    kind: "StaticNat",
    bad: () => ({ publicIpId: w.isolatedIp, instanceId: w.tier2Vm, networkId: w.plainTier2 }),
    field: "networkId",
    reason: /^networkId \S+ is not the network publicIpId \S+ \(\S+\) serves, \S+ \(its network\)/,
    api: /IP is associated with a different network than passed network id/,
    good: () => ({ publicIpId: w.isolatedIp, instanceId: w.isolatedVm, networkId: w.isolated }),
  },
  {
    name: "a load-balancer rule on a network other than the one its address serves",
    kind: "LoadBalancerRule",
    bad: () => ({
      name: "lb2",
      publicIpId: w.balancedIp2,
      networkId: w.plainTier2,
      publicPort: 81,
      privatePort: 81,
      memberIds: [w.tier2Vm],
    }),
    field: "networkId",
    reason:
      /^networkId \S+ is not the network publicIpId's address serves, \S+: the platform makes an address's rules on the network it serves/,
    api: /VM with id specified cannot be added because it doesn't belong in the same network/,
    good: () => ({
      name: "lb3",
      publicIpId: w.balancedIp2,
      networkId: w.plainTier,
      // the API made the refused rule on the address's own tier before refusing its member: it holds port 81
      publicPort: 82,
      privatePort: 82,
      memberIds: [w.tierVm],
    }),
  },
  {
    name: "an internal load balancer sharing a source address with one that balances onto another tier",
    kind: "InternalLoadBalancer",
    bad: () => ({
      name: "inner2",
      networkId: w.ilbTier2,
      sourceIpAddressNetworkId: w.ilbTier,
      sourceIpAddress: "10.90.2.10",
      sourcePort: 81,
      instancePort: 81,
    }),
    field: "networkId",
    reason: held(
      /^networkId \S+: internal load balancer inner \(\S+\) balances source address 10\.90\.2\.10 onto network \S+, and the platform balances one source address onto one network/,
      "InternalLoadBalancer",
      "give this balancer another sourceIpAddress (or leave it out: the API allocates one), or balance onto that balancer's network",
    ),
    api: /New rule is for a different network than what's specified in rule/,
    good: () => ({
      name: "inner2",
      networkId: w.ilbTier,
      sourceIpAddress: "10.90.2.10",
      sourcePort: 81,
      instancePort: 81,
    }),
  },
  {
    name: "an internal load balancer whose source address is its tier's gateway",
    kind: "InternalLoadBalancer",
    bad: () => ({ ...internalArgs(), sourceIpAddress: "10.90.2.1" }),
    field: "sourceIpAddress",
    reason:
      /which has its gateway at 10\.90\.2\.1, the tier's router's address: sourceIpAddress cannot be it/,
    api: /The requested IP 10\.90\.2\.1 is already in use on network internal/,
    good: () => ({ ...internalArgs(), sourceIpAddress: "10.90.2.21" }),
  },
  {
    name: "a public load-balancer rule on a VPC's address for a tier of another VPC",
    kind: "LoadBalancerRule",
    bad: () => ({ name: "lb", publicIpId: w.vpcIp, networkId: w.otherTier, publicPort: 80, privatePort: 80 }),
    field: "networkId",
    reason:
      /names network other-tier \(\S+\), which is not a tier of VPC \S+, the VPC of publicIpId's address/,
    api: /Ip address \S+ is not assigned to the network other-tier/,
    good: () => ({
      name: "lb",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
  },
  {
    name: "a network ACL rule with the number another rule of its list has",
    kind: "NetworkAclRule",
    bad: () => ({ ...sshRule, aclId: w.ownAcl, number: 10 }),
    field: "number",
    reason: held(
      /^number 10 is taken in network ACL list \S+: rule \S+ has it, and a rule's number is unique in its list/,
      "NetworkAclRule",
      "pick another number, or leave number out for the next free one",
    ),
    api: /ACL item with number 10 already exists in ACL/,
    good: () => ({ ...sshRule, aclId: w.ownAcl, number: 11 }),
  },
  {
    name: "a load-balancer rule on a public port another rule of the address balances, in another protocol",
    kind: "LoadBalancerRule",
    bad: () => ({
      name: "dns",
      publicIpId: w.balancedIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 8080,
      protocol: "udp",
    }),
    field: "publicPort",
    reason: held(
      /^publicPort 80: load-balancer rule web \(\S+\) balances port 80 of this address already \(tcp\), and the platform takes one rule per public port of an address, whatever the protocol/,
      "LoadBalancerRule",
      "choose another publicPort, or adopt that rule with adoptId",
    ),
    api: /The range specified, 80-80, conflicts with rule \S+ which has 80-80/,
    good: () => ({
      name: "dns",
      publicIpId: w.balancedIp,
      networkId: w.plainTier,
      publicPort: 53,
      privatePort: 53,
      protocol: "udp",
    }),
  },
  {
    name: "an internal load balancer on an address and port another one serves",
    kind: "InternalLoadBalancer",
    bad: () => ({
      name: "inner2",
      networkId: w.ilbTier,
      sourceIpAddress: "10.90.2.10",
      sourcePort: 80,
      instancePort: 8080,
    }),
    field: "sourcePort",
    reason: held(
      /^sourcePort 80: internal load balancer inner \(\S+\) serves port 80 of 10\.90\.2\.10 already, and the platform balances a port of an address once/,
      "InternalLoadBalancer",
      "choose another sourcePort or sourceIpAddress, or adopt that balancer with adoptId",
    ),
    api: /The range specified, 80-80, conflicts with rule \S+ which has 80-80/,
    good: () => ({
      name: "inner2",
      networkId: w.ilbTier,
      sourceIpAddress: "10.90.2.10",
      sourcePort: 81,
      instancePort: 8080,
    }),
  },
  {
    name: "a static NAT onto an address a load-balancer rule balances",
    kind: "StaticNat",
    bad: () => ({ publicIpId: w.balancedIp, instanceId: w.tierVm, networkId: w.plainTier }),
    field: "publicIpId",
    reason:
      /^publicIpId \S+ \(\S+\) is balanced by load-balancer rule web \(\S+\), and the platform maps no static NAT onto an address with load-balancer rules/,
    api: /as it already has LoadBalancing rules assigned/,
    good: () => ({ publicIpId: w.vpcIp, instanceId: w.tierVm, networkId: w.plainTier }),
  },
  {
    name: "a static NAT onto an instance without a NIC on the network",
    kind: "StaticNat",
    // the zone's default network is that instance's only one
    bad: () => ({ publicIpId: w.vpcIp, instanceId: w.snappedVm, networkId: w.plainTier }),
    field: "instanceId",
    reason:
      /^instanceId names instance vm \(\S+\), which has no NIC on network \S+: static NAT maps the address onto the instance's NIC on that network/,
    api: /Vm doesn't belong to the network with specified id/,
    good: () => ({ publicIpId: w.vpcIp, instanceId: w.tierVm, networkId: w.plainTier }),
  },
  {
    name: "a public load-balancer rule on a VPC's address that names no tier",
    kind: "LoadBalancerRule",
    bad: () => ({ name: "lb", publicIpId: w.vpcIp, publicPort: 80, privatePort: 80 }),
    field: "networkId",
    reason: /^networkId is required: publicIpId names an address of VPC \S+ that serves no tier yet/,
    api: /IP address ID=\S+ is not associated with any network/,
    good: () => ({
      name: "lb",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
  },
  {
    name: "a multi-region group member for a VPC the group has",
    kind: "MultiRegionGroupVpc",
    bad: () => ({ groupId: w.mesh, vpcId: w.vpcId, vpcRegion: w.region }),
    field: "vpcId",
    reason: held(
      /^vpcId \S+ is in multi-region group \S+ already \(member \S+\): a group takes a VPC once/,
      "MultiRegionGroupVpc",
      "adopt that member with adoptId, or leave this one out",
    ),
    api: /VPC ID \S+ is already assigned/,
    good: () => ({ groupId: w.mesh2, vpcId: w.vpcId, vpcRegion: w.region }),
  },
  {
    name: "a multi-region group member of a region the group has a VPC of",
    kind: "MultiRegionGroupVpc",
    bad: () => ({ groupId: w.mesh, vpcId: w.otherVpc, vpcRegion: w.region }),
    field: "vpcRegion",
    reason: held(
      /has VPC \S+ of region de-fra-1 already \(member \S+\), and a group takes one VPC per region/,
      "MultiRegionGroupVpc",
      "if this VPC is of another region, give that region as vpcRegion; if not, give another region's VPC, or take that one out first",
    ),
    api: /VPC specified should be in unique region/,
    good: () => ({ groupId: w.mesh2, vpcId: w.otherVpc, vpcRegion: w.region }),
  },
  {
    name: "an instance snapshot of an instance whose volumes have snapshots",
    kind: "InstanceSnapshot",
    bad: () => ({ name: "before-upgrade", instanceId: w.snappedVm }),
    field: "instanceId",
    reason:
      /^instance \S+ has volumes with snapshots \(snap \(\S+\)\), and the platform takes no instance snapshot of an instance whose volumes have snapshots \(the API refuses it\)\. Delete those volume snapshots first/,
    api: /VM snapshot for this VM is not allowed\. This VM has volumes attached which has snapshots/,
    good: () => ({ name: "before-upgrade", instanceId: w.tierVm }),
  },
  {
    name: "an instance snapshot of a name a snapshot of the instance has",
    kind: "InstanceSnapshot",
    bad: () => ({ name: "nightly", instanceId: w.vmWithSnapshot }),
    field: "name",
    reason:
      /^name "nightly": instance snapshot \S+ of instance \S+ has that name, and the platform names each snapshot of an instance once \(the API refuses a second\)/,
    api: /VM snapshot with name nightly already exists/,
    good: () => ({ name: "weekly", instanceId: w.vmWithSnapshot }),
  },
  {
    name: "tags of one resource type on the id of a record of another",
    kind: "Tags",
    bad: () => ({ resourceType: "Volume", resourceId: w.tierVm, tags: { team: "web" } }),
    field: "resourceId",
    reason:
      /^resourceId names instance on-tier \(\S+\) in .*, not a volume as resourceType "Volume" says: the API finds the record by its type and refuses an id of another kind\. Give resourceType "Instance", or the id of a volume$/,
    api: /Volume \S+ not found/i,
    // the platform's other name of an instance's type
    good: () => ({ resourceType: "UserVm", resourceId: w.tierVm, tags: { team: "web" } }),
  },
  {
    name: "tags of a load balancer on an id no balancer has",
    kind: "Tags",
    bad: () => ({ resourceType: "LoadBalancer", resourceId: w.vpcId, tags: { team: "web" } }),
    field: "resourceId",
    reason:
      /^resourceId names VPC vpc \(\S+\) in .*, not a load-balancer rule or internal load balancer as resourceType "LoadBalancer" says: .*\. Give resourceType "Vpc", or the id of a load-balancer rule or internal load balancer$/,
    api: /not found/i,
    good: () => ({ resourceType: "Vpc", resourceId: w.vpcId, tags: { team: "web" } }),
  },
  {
    name: "tags of a volume on an id that names nothing",
    kind: "Tags",
    bad: () => ({
      resourceType: "volume",
      resourceId: "00000000-0000-4000-8000-00000000dead",
      tags: { team: "web" },
    }),
    field: "resourceId",
    reason:
      /^resourceId names no volume with id "00000000-0000-4000-8000-00000000dead" in .*, which resourceType "volume" says it is: the API finds the record by its type and refuses an id of another kind or of none \(ids are valid only in their own region\)\. .*pass its id output/,
    api: /not found/i,
    good: () => ({ resourceType: "Volume", resourceId: w.volumeA, tags: { team: "web" } }),
  },
  {
    name: "tags of an instance snapshot on a volume snapshot's id (a kind tagged only through the generic route)",
    kind: "Tags",
    bad: () => ({ resourceType: "VMSnapshot", resourceId: w.snapshotA, tags: { team: "web" } }),
    field: "resourceId",
    reason:
      /^resourceId names volume snapshot snap \(\S+\) in .*, not an instance snapshot as resourceType "VMSnapshot" says: the API finds the record by its type and refuses an id of another kind\. Give resourceType "Snapshot", or the id of an instance snapshot$/,
    api: /Unable to find resource by uuid \S+ and type VMSnapshot/,
    good: () => ({ resourceType: "vmsnapshot", resourceId: w.instanceSnapshot, tags: { team: "web" } }),
  },
  {
    name: "tags of an ISO on the id of a template of the catalogue (images are judged on the catalogue)",
    kind: "Tags",
    bad: () => ({ resourceType: "ISO", resourceId: w.templateId, tags: { team: "web" } }),
    field: "resourceId",
    reason:
      /^resourceId names template .+ \(\S+\) in .*, not an ISO as resourceType "ISO" says: the API finds the record by its type and refuses an id of another kind\. Give resourceType "Template", or the id of an ISO$/,
    api: /Unable to find resource by uuid \S+ and type ISO/,
    good: () => ({ resourceType: "iso", resourceId: w.isoId, tags: { team: "web" } }),
  },
  {
    name: "tags on a zone's shared default network (the platform's own)",
    kind: "Tags",
    bad: () => ({ resourceType: "Network", resourceId: w.zoneNetwork, tags: { team: "web" } }),
    field: "resourceId",
    reason:
      /^resourceId names network .+ in .*, which is its zone's shared default network, the platform's own: it takes no tags \(the API refuses any change to it\)\. Declare a cim\.Network/,
    api: /is the shared default network of its zone and cannot be changed/,
    good: () => ({ resourceType: "Network", resourceId: w.plainTier, tags: { team: "web" } }),
  },
  {
    name: "tags of a backup on an id that names nothing",
    kind: "Tags",
    bad: () => ({
      resourceType: "Backup",
      resourceId: "00000000-0000-4000-8000-00000000dead",
      tags: { team: "web" },
    }),
    field: "resourceId",
    reason:
      /^resourceId names no backup with id "00000000-0000-4000-8000-00000000dead" in .*, which resourceType "Backup" says it is/,
    api: /Unable to find resource by uuid 00000000-0000-4000-8000-00000000dead and type Backup/,
    good: () => ({ resourceType: "Snapshot", resourceId: w.snapshotA, tags: { team: "web" } }),
  },
];

describe("tags of a type whose ids preview cannot check (no kind of this package is tagged as it)", () => {
  it("are not judged by the kind of the record the id names", async () => {
    const checked = await providerFor("Tags").check!(
      {},
      { resourceType: "SnapshotPolicy", resourceId: w.tierVm, tags: { stage: "golden" } },
    );
    expect(checked.failures ?? []).toEqual([]);
  });
});

describe("preview refuses what the create would refuse on stable facts of the records it names", () => {
  refusedAtPreview(ROWS);
});

describe("two snapshots of one instance of one name in a program", () => {
  it("the second is refused at preview, naming the first; of two instances they pass", async () => {
    const p = providerFor("InstanceSnapshot");
    const check = (resource: string, instanceId: string) =>
      aboutResource(`urn:pulumi:dev::app::cim:index:InstanceSnapshot::${resource}`, () =>
        p.check!({}, { name: "pre-upgrade", instanceId }),
      );
    expect((await check("a", w.tierVm)).failures ?? []).toEqual([]);
    expect((await check("b", w.tierVm)).failures).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(
          /^name "pre-upgrade": cim\.InstanceSnapshot "a" of this program claims the same \(the name pre-upgrade among the snapshots of instance \S+\)/,
        ),
      },
    ]);
    expect((await check("c", w.tier2Vm)).failures ?? []).toEqual([]);
  });
});

describe("a rule of what only a create meets judges only a create", () => {
  it("an instance snapshot the stack holds is not refused for volume snapshots taken after it", async () => {
    const p = providerFor("InstanceSnapshot");
    const held = { instanceId: w.snappedVm, name: "before-the-volume-snapshots" };
    expect((await p.check!(held, held)).failures ?? []).toEqual([]);
    // the same inputs as a new resource (or a replacement's second check) are refused
    expect((await p.check!({}, held)).failures).toEqual([
      { property: "instanceId", reason: expect.stringMatching(/has volumes with snapshots/) },
    ]);
  });
});

describe("a value keyed by region is claimed in the region the resource is made in", () => {
  it("a multi-region member that names no region claims cim:region's: its group's VPC of that region refuses it", async () => {
    const p = providerFor("MultiRegionGroupVpc");
    process.env.CIM_REGION = w.region;
    try {
      const failures = (await p.check!({}, { groupId: w.mesh, vpcId: w.otherVpc })).failures ?? [];
      expect(failures).toEqual([
        {
          property: "vpcRegion",
          reason: expect.stringMatching(
            /^the VPC's region \S+ \(vpcRegion left out: the member's own\): multi-region group \S+ has VPC \S+ of region de-fra-1 already .* and a group takes one VPC per region/,
          ),
        },
      ]);
    } finally {
      delete process.env.CIM_REGION;
    }
  });
});

describe("an address moved to another tier by the replacement of its rule or static NAT", () => {
  type Kind = "PublicIp" | "LoadBalancerRule" | "StaticNat";
  /** check, then create: what the engine does for a new resource. */
  const make = async (kind: Kind, inputs: Record<string, unknown>) => {
    const checked = await providerFor(kind).check!({}, inputs);
    expect(checked.failures ?? []).toEqual([]);
    return providerFor(kind).create(checked.inputs);
  };
  /** A rule balancing port 8080 of `publicIpId` onto the plain tier. */
  const onPlainTier = (name: string, publicIpId: string) => ({
    name,
    publicIpId,
    networkId: w.plainTier,
    publicPort: 8080,
    privatePort: 8080,
  });
  /** What the engine asks of a replacement: the first check (with the old inputs), the diff, the second (none). */
  async function replacement(kind: Kind, made: { id: string; outs?: any }, olds: object, news: object) {
    resetLookups(); // the next preview: a new provider process
    const p = providerFor(kind);
    const first = await p.check!(olds, news);
    const diff = await p.diff!(made.id, made.outs, first.inputs);
    const second = await p.check!({}, news);
    return { first: first.failures ?? [], diff, second: second.failures ?? [] };
  }

  it("a rule alone on its address is deleted first, so its replacement on another tier passes, and the API takes it", async () => {
    const ip = await make("PublicIp", { vpcId: w.vpcId });
    const rule = onPlainTier("moving", ip.id);
    const made = await make("LoadBalancerRule", { ...rule, memberIds: [w.tierVm] });
    const moved = { ...rule, networkId: w.plainTier2, memberIds: [w.tier2Vm] };
    const r = await replacement("LoadBalancerRule", made, { ...rule, memberIds: [w.tierVm] }, moved);
    expect(r.first).toEqual([]);
    expect(r.diff.replaces).toContain("networkId");
    expect(r.diff.deleteBeforeReplace).toBe(true);
    expect(r.second).toEqual([]);
    // the engine then deletes the old rule and makes the new one: the address now serves the other tier
    await providerFor("LoadBalancerRule").delete!(made.id, made.outs);
    resetLookups();
    expect((await make("LoadBalancerRule", moved)).outs).toMatchObject({ networkId: w.plainTier2 });
  });

  it("a rule whose address another rule keeps on its tier: the replacement on another tier is refused", async () => {
    const ip = await make("PublicIp", { vpcId: w.vpcId });
    const rule = onPlainTier("kept", ip.id);
    const made = await make("LoadBalancerRule", rule);
    resetLookups();
    await make("LoadBalancerRule", { ...rule, name: "stays", publicPort: 8081, privatePort: 8081 });
    const r = await replacement("LoadBalancerRule", made, rule, { ...rule, networkId: w.plainTier2 });
    expect(r.second).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(/^networkId \S+ is not the network publicIpId's address serves/),
      },
    ]);
  });

  it("a rule alone on its address, replaced without networkId: once it is deleted the address serves no tier", async () => {
    const ip = await make("PublicIp", { vpcId: w.vpcId });
    const rule = onPlainTier("alone", ip.id);
    const made = await make("LoadBalancerRule", rule);
    const { networkId: _left, ...withoutTier } = rule;
    const r = await replacement("LoadBalancerRule", made, rule, { ...withoutTier, protocol: "udp" });
    expect(r.first).toEqual([]); // the address serves the tier while the old rule stands
    expect(r.diff.deleteBeforeReplace).toBe(true);
    expect(r.second).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(/^networkId is required: publicIpId names an address of VPC/),
      },
    ]);
  });

  it("a static NAT replaced onto an instance of another tier, on the same address, is deleted first and passes", async () => {
    const ip = await make("PublicIp", { vpcId: w.vpcId });
    const nat = { publicIpId: ip.id, instanceId: w.tierVm, networkId: w.plainTier };
    const made = await make("StaticNat", nat);
    const moved = { publicIpId: ip.id, instanceId: w.tier2Vm, networkId: w.plainTier2 };
    const r = await replacement("StaticNat", made, nat, moved);
    expect(r.diff.deleteBeforeReplace).toBe(true);
    expect(r.second).toEqual([]);
    await providerFor("StaticNat").delete!(made.id, made.outs);
    resetLookups();
    expect((await make("StaticNat", moved)).outs).toMatchObject({ networkId: w.plainTier2 });
  });
});

describe("a static NAT and a load-balancer rule of the program on one address", () => {
  it("the second one checked is refused, naming the first, before either is made", async () => {
    const acquired = await providerFor("PublicIp").create({ vpcId: w.vpcId });
    const urn = (kind: string, name: string) => `urn:pulumi:dev::app::cim:index:${kind}::${name}`;
    const nat = { publicIpId: acquired.id, instanceId: w.tierVm, networkId: w.plainTier };
    const rule = {
      name: "both",
      publicIpId: acquired.id,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    };
    resetLookups(); // a preview: a new provider process
    const first = await aboutResource(urn("StaticNat", "nat"), () =>
      providerFor("StaticNat").check!({}, nat),
    );
    expect(first.failures ?? []).toEqual([]);
    const second = await aboutResource(urn("LoadBalancerRule", "web"), () =>
      providerFor("LoadBalancerRule").check!({}, rule),
    );
    expect(second.failures).toEqual([
      {
        property: "publicIpId",
        reason: `publicIpId ${JSON.stringify(acquired.id)}: cim.StaticNat "nat" of this program claims address ${acquired.id} for static NAT, and the platform maps no static NAT onto an address with load-balancer rules, nor balances an address with static NAT. Give one of the two another address (a cim.PublicIp)`,
      },
    ]);
  });
});
