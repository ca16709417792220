// The world of the refusal tests (catalogueRefusals.test.ts, recordRefusals.test.ts): an emulator with what their
// rows name (registered images, VPCs and tiers of both load-balancer schemes, ACL lists, a snapshot, names taken),
// the inputs the rows build on, and the one test each row makes: the check refuses the row, naming the field and
// the rule; the same inputs sent to create without the check meet the API's own refusal (the check agrees with the
// platform, it does not invent a rule); and the corrected inputs pass the check.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { type AcceptedMutation, CimClient } from "../../provider/client";
import type { KindName } from "../../provider/kinds";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { ED25519 } from "../fixtures/sshKeys";

export type Rec = Record<string, any>;

/** Ids of what the world holds, filled before the tests run. */
export const w: Rec = {};

export interface Row {
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

export const iso = (over: Rec = {}) => ({
  zoneId: w.zoneA,
  serviceOfferingId: w.small,
  imageType: "iso",
  isoId: w.isoId,
  diskOfferingId: w.customDisk,
  ...over,
});

export const internalArgs = () => ({ name: "ilb", networkId: w.ilbTier, sourcePort: 80, instancePort: 80 });
export const sshRule = { protocol: "tcp", startPort: 22, endPort: 22, cidrList: ["10.0.0.0/8"] };
export const tierArgs = () => ({
  name: "acl-tier",
  zoneId: w.zoneA,
  networkOfferingId: w.tierOffering,
  vpcId: w.vpcId,
  gateway: "10.90.7.1",
  netmask: "255.255.255.0",
});
export const gatewayArgs = () => ({
  vpcId: w.vpcId,
  ipAddress: "172.16.0.2",
  gateway: "172.16.0.1",
  netmask: "255.255.255.0",
  vlan: 100,
});
export const clusterArgs = () => ({
  name: "apps",
  zoneId: w.zoneA,
  kubernetesVersionId: w.kubernetesVersionId,
  serviceOfferingId: w.medium,
  networkId: w.plainTier,
  size: 1,
});
export const fileSystemArgs = () => ({
  name: "files",
  zoneId: w.zoneA,
  networkId: w.plainTier,
  diskOfferingId: w.customDisk,
  size: 10,
  serviceOfferingId: w.medium,
});

/** An instance whose root disk is made from the world's snapshot (the template names its operating system). */
export const fromSnapshot = () => ({
  zoneId: w.zoneA,
  serviceOfferingId: w.small,
  templateId: w.templateId,
  imageType: "snapshot",
  snapshotId: w.snapshotA,
});

/** Starts the emulator and makes the world before the file's tests, as a provider process of a preview sees it. */
export function useWorld(): void {
  let emu: Emulator | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
    process.env.CIM_BASE_URL = emu.url;
    process.env.CIM_TOKEN = await emu.token();
    process.env.CIM_POLL_INTERVAL_MS = "5";
    delete process.env.CIM_REGION;
    resetQuotaPreflight(() => undefined);
    await makeWorld(emu);
  }, 60_000);
  afterAll(async () => {
    process.env = saved;
    resetQuotaPreflight();
    await emu?.close();
  });
  // each test starts as a provider process does: no cached list
  beforeEach(() => resetLookups());
}

/** One test per row (see the header). */
export function refusedAtPreview(rows: readonly Row[]): void {
  for (const row of rows) {
    it(row.name, async () => {
      const p = providerFor(row.kind);
      const checked = await p.check!({}, row.bad());
      expect(checked.failures).toEqual([{ property: row.field, reason: expect.stringMatching(row.reason) }]);
      // the create the preview now spares: the API refuses the same inputs, so the rule is the platform's
      await expect(p.create(checked.inputs)).rejects.toThrow(row.api);
      // the program corrected and previewed again, by a new provider process (which knows no earlier claim)
      resetLookups();
      expect((await p.check!({}, row.good())).failures ?? []).toEqual([]);
    });
  }
}

/** The id of what an accepted mutation made, once its job (if any) ended. */
export const madeBy = (c: CimClient) => async (a: AcceptedMutation) => {
  await c.jobs.wait(a, { firstDelayMs: 0, minIntervalMs: 5, maxIntervalMs: 20 });
  return a.id!;
};

/** The id of a new instance of the world's template and offering in zone A (`over`: more of the deploy's body). */
export const worldInstance = async (c: CimClient, name: string, over: Rec = {}) =>
  madeBy(c)(
    await c.instances.create({
      name,
      zoneId: w.zoneA,
      templateId: w.templateId,
      serviceOfferingId: w.small,
      ...over,
    }),
  );

async function makeWorld(emu: Emulator): Promise<void> {
  const c = new CimClient({ baseUrl: emu.url, token: await emu.token() });
  const made = madeBy(c);
  /** An instance of the world's template and offering on one network of zone A. */
  const instanceOn = (name: string, networkId: string) => worldInstance(c, name, { networkIds: [networkId] });
  const zones = await c.catalogue.zones();
  w.zoneA = zones.find((z) => z.name === "de-fra-1a")!.id;
  w.zoneB = zones.find((z) => z.name === "de-fra-1b")!.id;
  w.small = (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!.id;
  const disks = await c.catalogue.diskOfferings();
  w.customDisk = disks.find((d) => d.customized === true)!.id;
  w.fixedDisk = disks.find((d) => d.customized === false)!.id;
  w.isoId = (await c.catalogue.isos())[0].id;
  w.projectId = (await c.projects.create({ name: "taken" })).id;
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
  w.attachedDisk = disk;
  w.snapshotA = await made(await c.volumeSnapshots.create({ volumeId: disk, name: "snap" }));
  // and so the instance takes no instance snapshot
  w.snappedVm = vm;
  const osTypeId = (await c.catalogue.osTypes())[0].id;
  w.osTypeId = osTypeId;
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
  const vpcId = await made(
    await c.vpcs.create({
      name: "vpc",
      displayText: "vpc",
      zoneId: w.zoneA,
      cidr: "10.90.0.0/16",
      vpcOfferingId,
    }),
  );
  w.vpcId = vpcId;
  w.vpcOfferingId = vpcOfferingId;
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
  w.ilbOffering = offerings.find((o) => o.forVpc === true && o.internalLb === true)!.id;
  w.plainTier = await tier("plain", false, 1);
  w.ilbTier = await tier("internal", true, 2);
  // a second tier of each kind, for what an address or source address serves already
  w.plainTier2 = await tier("plain2", false, 3);
  w.ilbTier2 = await tier("internal2", true, 4);
  w.vpcIp = await made(await c.publicIps.acquire({ zoneId: w.zoneA, vpcId }));
  w.sourceNatIp = (await c.publicIps.listAll({ vpcId })).items.find((ip) => ip.isSourceNat)!.id;
  w.defaultAcl = (await c.networkAcls.lists({ vpcId })).find((l) => l.name === "default_allow")!.id;
  w.ownAcl = await made(await c.networkAcls.createList({ name: "own", vpcId }));
  await made(
    await c.networkAcls.createRule({
      aclId: w.ownAcl,
      number: 10,
      protocol: "tcp",
      startPort: 443,
      endPort: 443,
      cidrList: ["0.0.0.0/0"],
      action: "allow",
      trafficType: "ingress",
    }),
  );
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
  w.otherVpc = otherVpc;
  w.region = (await c.catalogue.regions()).find((r) => r.primary)!.id;
  w.mesh = (await c.multiRegions.create({ name: "mesh" })).id;
  w.mesh2 = (await c.multiRegions.create({ name: "mesh2" })).id;
  await made(await c.multiRegions.addVpc(w.mesh, { regionId: w.region, vpcId }));
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
  w.tierVm = await instanceOn("on-tier", w.plainTier);
  w.tier2Vm = await instanceOn("on-tier2", w.plainTier2);
  // an instance with an instance snapshot named "nightly"
  w.vmWithSnapshot = await instanceOn("with-snapshot", w.plainTier);
  w.instanceSnapshot = await made(
    await c.instanceSnapshots.create({ virtualMachineId: w.vmWithSnapshot, name: "nightly" }),
  );
  // an instance under a backup offering, with a DAILY backup schedule
  const offering = (await c.catalogue.backupOfferings({ zoneId: w.zoneA }))[0].id;
  w.backupOffering = offering;
  await made(await c.instances.assignBackupOffering(w.tierVm, offering));
  await c.backupSchedules.create({
    vmId: w.tierVm,
    intervalType: "DAILY",
    schedule: "30:02",
    timezone: "UTC",
  });
  // an address with static NAT onto an instance of its own
  const natVm = await instanceOn("natted", w.plainTier);
  w.natIp = await made(await c.publicIps.acquire({ zoneId: w.zoneA, vpcId }));
  await c.jobs.wait(
    await c.publicIps.enableStaticNat(w.natIp, { virtualMachineId: natVm, networkId: w.plainTier }),
    {
      firstDelayMs: 0,
      minIntervalMs: 5,
      maxIntervalMs: 20,
    },
  );
  // two addresses whose port 80 a tcp rule balances onto the plain tier
  const balanced = async (name: string) => {
    const ip = await made(await c.publicIps.acquire({ zoneId: w.zoneA, vpcId }));
    await made(
      await c.loadBalancers.create({
        name,
        publicIpId: ip,
        networkId: w.plainTier,
        publicPort: 80,
        privatePort: 80,
        protocol: "tcp",
        algorithm: "roundrobin",
      }),
    );
    return ip;
  };
  w.balancedIp = await balanced("web");
  w.balancedIp2 = await balanced("web2");
  // an isolated network, an address for it (which serves it) and an instance on it
  w.isolatedOffering = offerings.find((o) => o.forVpc === false)!.id;
  w.isolated = await made(
    await c.networks.create({
      name: "isolated",
      displayText: "isolated",
      zoneId: w.zoneA,
      networkOfferingId: w.isolatedOffering,
    }),
  );
  w.isolatedIp = await made(await c.publicIps.acquire({ zoneId: w.zoneA, networkId: w.isolated }));
  w.isolatedVm = await instanceOn("on-isolated", w.isolated);
  // a private gateway of the other VPC (the same zone) on VLAN 321
  await made(
    await c.privateGateways.create({
      vpcId: otherVpc,
      ipAddress: "172.20.0.2",
      gateway: "172.20.0.1",
      netmask: "255.255.255.0",
      vlan: 321,
    }),
  );
  // an internal balancer serving port 80 of 10.90.2.10 on the internal-LB tier
  await made(
    await c.internalLoadBalancers.create({
      name: "inner",
      networkId: w.ilbTier,
      sourceIpAddress: "10.90.2.10",
      sourcePort: 80,
      instancePort: 80,
      algorithm: "roundrobin",
    }),
  );
  w.zoneNetwork = zones.find((z) => z.id === w.zoneA)!.defaultNetworkId;
  w.medium = (await c.catalogue.computeOfferings()).find((o) => o.name === "Medium")!.id;
  w.kubernetesVersionId = (await c.catalogue.kubernetesVersions()).find(
    (v) => v.semanticVersion === "1.28.4",
  )!.id;
}
