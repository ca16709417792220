// What the API refuses at create on the request and what it names alone (catalogue rows: offerings, images,
// zones, a network's offering; stable facts of the records it names: a VPC's range, a network's zone) is refused at
// preview: each row is checked as the engine checks it, against the emulator, and must fail naming the field and
// the rule; the same inputs sent to create without the check meet the API's own refusal (the check agrees with the
// platform, it does not invent a rule); and the corrected inputs pass the check.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { type AcceptedMutation, CimClient } from "../../provider/client";
import type { KindName } from "../../provider/kinds";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { ED25519, ED25519_B } from "../fixtures/sshKeys";

type Rec = Record<string, any>;

let emu: Emulator;
const saved = { ...process.env };
const w: Rec = {};

interface Row {
  name: string;
  kind: KindName;
  /** Inputs the API refuses at create. */
  bad: () => Rec;
  field: string;
  reason: RegExp;
  /** The API's refusal of the same create. */
  api: RegExp;
  /** The same resource, corrected: passes the check. */
  good: () => Rec;
}

const iso = (over: Rec = {}) => ({
  zoneId: w.zoneA,
  serviceOfferingId: w.small,
  imageType: "iso",
  isoId: w.isoId,
  diskOfferingId: w.customDisk,
  ...over,
});

const ROWS: Row[] = [
  {
    name: "an ISO instance whose root disk offering is customized, without rootDiskSize",
    kind: "Instance",
    bad: () => iso(),
    field: "rootDiskSize",
    reason: /^rootDiskSize is required: root disk offering Custom is customized/,
    api: /rootDiskSize is required with a customized disk offering/,
    good: () => iso({ rootDiskSize: 20 }),
  },
  {
    name: "an ISO instance from an ISO registered as not bootable",
    kind: "Instance",
    bad: () => iso({ isoId: w.dataIso, diskOfferingId: w.fixedDisk }),
    field: "isoId",
    reason: /names ISO "data-iso", which is not bootable/,
    api: /Installing from ISO requires an ISO that is bootable/,
    good: () => iso({ diskOfferingId: w.fixedDisk }),
  },
  {
    name: "an instance from a template registered in another zone",
    kind: "Instance",
    bad: () => ({ zoneId: w.zoneA, serviceOfferingId: w.small, templateId: w.templateB }),
    field: "templateId",
    reason: /names template "golden-b", which is in zone de-fra-1b, not in the instance's zone/,
    api: /Template golden-b is not available in zone/,
    good: () => ({ zoneId: w.zoneB, serviceOfferingId: w.small, templateId: w.templateB }),
  },
  {
    name: "an internal load balancer on a VPC tier whose offering does not serve the internal LB",
    kind: "InternalLoadBalancer",
    bad: () => ({ name: "ilb", networkId: w.plainTier, sourcePort: 80, instancePort: 80 }),
    field: "networkId",
    reason: /of network offering VPC Tier, whose load balancing does not serve the Internal scheme/,
    api: /Scheme Internal is not supported by the network offering/,
    good: () => ({ name: "ilb", networkId: w.ilbTier, sourcePort: 80, instancePort: 80 }),
  },
  {
    name: "a public load-balancer rule on a tier whose offering serves only the internal LB",
    kind: "LoadBalancerRule",
    bad: () => ({ name: "lb", publicIpId: w.vpcIp, networkId: w.ilbTier, publicPort: 80, privatePort: 80 }),
    field: "networkId",
    reason: /whose load balancing serves the Internal scheme only \(internalLb\)/,
    api: /Scheme Public is not supported by the network offering/,
    good: () => ({
      name: "lb",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 80,
      privatePort: 80,
    }),
  },
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
    reason: /name "taken" is taken: project \S+ has that name, and project names are unique/,
    api: /Project with name taken already exists/,
    good: () => ({ name: "free" }),
  },
  {
    name: "a multi-region group with the name another group has",
    kind: "MultiRegionGroup",
    bad: () => ({ name: "taken" }),
    field: "name",
    reason: /name "taken" is taken: multi-region group \S+ has that name/,
    api: /A multi-region group with name 'taken' already exists/,
    good: () => ({ name: "free" }),
  },
  {
    name: "an SSH key pair whose key another key pair has",
    kind: "SshKeyPair",
    bad: () => ({ name: "ops-again", publicKey: `${ED25519} another comment` }),
    field: "publicKey",
    reason: /publicKey is registered already: SSH key pair "ops" \(\S+\) has the same key/,
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
    name: "a Kubernetes cluster on its zone's shared default network",
    kind: "KubernetesCluster",
    bad: () => ({ ...clusterArgs(), networkId: w.zoneNetwork }),
    field: "networkId",
    reason:
      /is the shared default network of zone de-fra-1a, which the platform refuses for a Kubernetes cluster/,
    api: /is not suitable for Kubernetes cluster/,
    good: () => clusterArgs(),
  },
  {
    name: "a shared file system on its zone's shared default network",
    kind: "FileSystem",
    bad: () => ({ ...fileSystemArgs(), networkId: w.zoneNetwork }),
    field: "networkId",
    reason:
      /is the shared default network of zone de-fra-1a, which the platform refuses for a shared file system/,
    api: /Shared network which is not Account scoped/,
    good: () => fileSystemArgs(),
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
];

const internalArgs = () => ({ name: "ilb", networkId: w.ilbTier, sourcePort: 80, instancePort: 80 });
const sshRule = { protocol: "tcp", startPort: 22, endPort: 22, cidrList: ["10.0.0.0/8"] };
const tierArgs = () => ({
  name: "acl-tier",
  zoneId: w.zoneA,
  networkOfferingId: w.tierOffering,
  vpcId: w.vpcId,
  gateway: "10.90.7.1",
  netmask: "255.255.255.0",
});
const gatewayArgs = () => ({
  vpcId: w.vpcId,
  ipAddress: "172.16.0.2",
  gateway: "172.16.0.1",
  netmask: "255.255.255.0",
  vlan: 100,
});
const clusterArgs = () => ({
  name: "apps",
  zoneId: w.zoneA,
  kubernetesVersionId: w.kubernetesVersionId,
  serviceOfferingId: w.medium,
  networkId: w.plainTier,
  size: 1,
});
const fileSystemArgs = () => ({
  name: "files",
  zoneId: w.zoneA,
  networkId: w.plainTier,
  diskOfferingId: w.customDisk,
  size: 10,
  serviceOfferingId: w.medium,
});

/** An instance whose root disk is made from the world's snapshot (the template names its operating system). */
const fromSnapshot = () => ({
  zoneId: w.zoneA,
  serviceOfferingId: w.small,
  templateId: w.templateId,
  imageType: "snapshot",
  snapshotId: w.snapshotA,
});

beforeAll(async () => {
  emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = await emu.token();
  process.env.CIM_POLL_INTERVAL_MS = "5";
  delete process.env.CIM_REGION;
  resetQuotaPreflight(() => undefined);
  const c = new CimClient({ baseUrl: emu.url, token: process.env.CIM_TOKEN });
  const made = async (a: AcceptedMutation) => {
    await c.jobs.wait(a, { firstDelayMs: 0, minIntervalMs: 5, maxIntervalMs: 20 });
    return a.id!;
  };
  const zones = await c.catalogue.zones();
  w.zoneA = zones.find((z) => z.name === "de-fra-1a")!.id;
  w.zoneB = zones.find((z) => z.name === "de-fra-1b")!.id;
  w.small = (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!.id;
  const disks = await c.catalogue.diskOfferings();
  w.customDisk = disks.find((d) => d.customized === true)!.id;
  w.fixedDisk = disks.find((d) => d.customized === false)!.id;
  w.isoId = (await c.catalogue.isos())[0].id;
  await c.projects.create({ name: "taken" });
  await c.multiRegions.create({ name: "taken" });
  await c.sshKeyPairs.register({ name: "ops", publicKey: ED25519 });
  w.templateId = (await c.catalogue.templates())[0].id;
  w.volumeA = await made(
    await c.volumes.create({ name: "data", zoneId: w.zoneA, diskOfferingId: w.customDisk, size: 30 }),
  );
  // a snapshot is taken of a volume with storage: one attached to an instance
  const vm = await made(
    await c.instances.create({
      name: "vm",
      zoneId: w.zoneA,
      templateId: w.templateId,
      serviceOfferingId: w.small,
    }),
  );
  const disk = await made(
    await c.volumes.create({ name: "disk", zoneId: w.zoneA, diskOfferingId: w.customDisk, size: 30 }),
  );
  await made(await c.volumes.attach(disk, vm));
  w.snapshotA = await made(await c.volumeSnapshots.create({ volumeId: disk, name: "snap" }));
  const osTypeId = (await c.catalogue.osTypes())[0].id;
  w.dataIso = await made(
    await c.isos.register({
      name: "data-iso",
      url: "https://images.example.com/data.iso",
      zoneId: w.zoneA,
      bootable: false,
    }),
  );
  w.templateB = await made(
    await c.templates.register({
      name: "golden-b",
      url: "https://images.example.com/golden.qcow2",
      zoneId: w.zoneB,
      format: "QCOW2",
      hypervisor: "KVM",
      osTypeId,
    }),
  );
  const offerings = await c.catalogue.networkOfferings();
  const vpcOfferingId = (await c.catalogue.vpcOfferings())[0].id;
  const vpcId = (w.vpcId = await made(
    await c.vpcs.create({
      name: "vpc",
      displayText: "vpc",
      zoneId: w.zoneA,
      cidr: "10.90.0.0/16",
      vpcOfferingId,
    }),
  ));
  const tier = async (name: string, internalLb: boolean, third: number) =>
    made(
      await c.networks.create({
        name,
        displayText: name,
        zoneId: w.zoneA,
        networkOfferingId: offerings.find((o) => o.forVpc === true && Boolean(o.internalLb) === internalLb)!
          .id,
        vpcId,
        gateway: `10.90.${third}.1`,
        netmask: "255.255.255.0",
      }),
    );
  w.tierOffering = offerings.find((o) => o.forVpc === true && !o.internalLb)!.id;
  w.plainTier = await tier("plain", false, 1);
  w.ilbTier = await tier("internal", true, 2);
  w.vpcIp = await made(await c.publicIps.acquire({ zoneId: w.zoneA, vpcId }));
  w.sourceNatIp = (await c.publicIps.listAll({ vpcId })).items.find((ip) => ip.isSourceNat)!.id;
  w.defaultAcl = (await c.networkAcls.lists({ vpcId })).find((l) => l.name === "default_allow")!.id;
  w.ownAcl = await made(await c.networkAcls.createList({ name: "own", vpcId }));
  const otherVpc = await made(
    await c.vpcs.create({
      name: "other",
      displayText: "other",
      zoneId: w.zoneA,
      cidr: "10.91.0.0/16",
      vpcOfferingId,
    }),
  );
  w.otherAcl = await made(await c.networkAcls.createList({ name: "theirs", vpcId: otherVpc }));
  w.otherTier = await made(
    await c.networks.create({
      name: "other-tier",
      displayText: "other-tier",
      zoneId: w.zoneA,
      networkOfferingId: w.tierOffering,
      vpcId: otherVpc,
      gateway: "10.91.1.1",
      netmask: "255.255.255.0",
    }),
  );
  w.tierVm = await made(
    await c.instances.create({
      name: "on-tier",
      zoneId: w.zoneA,
      templateId: w.templateId,
      serviceOfferingId: w.small,
      networkIds: [w.plainTier],
    }),
  );
  w.zoneNetwork = zones.find((z) => z.id === w.zoneA)!.defaultNetworkId;
  w.medium = (await c.catalogue.computeOfferings()).find((o) => o.name === "Medium")!.id;
  w.kubernetesVersionId = (await c.catalogue.kubernetesVersions()).find(
    (v) => v.semanticVersion === "1.28.4",
  )!.id;
}, 60_000);

afterAll(async () => {
  process.env = saved;
  resetQuotaPreflight();
  await emu?.close();
});

beforeEach(() => resetLookups());

describe("preview refuses what the create would refuse on the request and what it names alone", () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      const p = providerFor(row.kind);
      const checked = await p.check!({}, row.bad());
      expect(checked.failures).toEqual([{ property: row.field, reason: expect.stringMatching(row.reason) }]);
      // the create the preview now spares: the API refuses the same inputs, so the rule is the platform's
      await expect(p.create(checked.inputs)).rejects.toThrow(row.api);
      expect((await p.check!({}, row.good())).failures ?? []).toEqual([]);
    });
  }

  it("an ISO instance with rootDiskSize on its customized offering previews and deploys with that root disk", async () => {
    const p = providerFor("Instance");
    const checked = await p.check!({}, iso({ rootDiskSize: 25 }));
    expect(checked.failures ?? []).toEqual([]);
    const { outs } = await p.create(checked.inputs);
    expect(outs).toMatchObject({ imageType: "iso", rootDiskSize: 25 });
  });

  it("an adopted ISO instance keeps its root disk: no rootDiskSize is asked of it", async () => {
    const p = providerFor("Instance");
    const { id } = await p.create((await p.check!({}, iso({ rootDiskSize: 30 }))).inputs);
    const adopt = await p.check!({}, iso({ adoptId: id }));
    expect(adopt.failures ?? []).toEqual([]);
  });
});
