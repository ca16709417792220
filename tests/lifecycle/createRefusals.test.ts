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
];

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
  const vpcId = (w.vpcId = await made(
    await c.vpcs.create({
      name: "vpc",
      displayText: "vpc",
      zoneId: w.zoneA,
      cidr: "10.90.0.0/16",
      vpcOfferingId: (await c.catalogue.vpcOfferings())[0].id,
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
  w.plainTier = await tier("plain", false, 1);
  w.ilbTier = await tier("internal", true, 2);
  w.vpcIp = await made(await c.publicIps.acquire({ zoneId: w.zoneA, vpcId }));
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
