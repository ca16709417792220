// At preview, a reference to a resource the same run makes is unknown; the TypeScript SDK says which resource it is
// (PLANNED_REFERENCES), and check judges the rules on what it names against that resource's inputs: each row is
// refused at check as the API refuses it once the other resource exists (the check agrees with the platform), and
// passes corrected. Values the API layer cannot know at preview stay unjudged.
import { describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import type { KindName } from "../../provider/kinds";
import { PLAIN_REFERENCES, PLANNED_REFERENCES } from "../../provider/kinds/define";
import { aboutResource } from "../../provider/lifecycle/engineLog";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { ED25519_B } from "../fixtures/sshKeys";
import {
  fromSnapshot,
  gatewayArgs,
  internalArgs,
  iso,
  type Rec,
  sshRule,
  tierArgs,
  useWorld,
  w,
} from "./refusalWorld";

useWorld();

/** What the SDK tells check of a resource of the program whose id is unknown. */
const planned = (kind: KindName, name: string, inputs: Rec, key = `${kind}-${name}`) => ({
  kind,
  name,
  key,
  inputs,
});

const newVpc = (cidr = "10.1.0.0/16", zoneId = w.zoneA) =>
  planned("Vpc", "main", { name: "main", zoneId, cidr, vpcOfferingId: w.vpcOfferingId });
const newInstance = (over: Rec = {}) =>
  planned("Instance", "app", {
    name: "app",
    zoneId: w.zoneA,
    templateId: w.templateId,
    serviceOfferingId: w.small,
    networkIds: [w.plainTier],
    ...over,
  });

/** A tier of the new VPC, the VPC's id unknown. */
const tierOfNew = (vpc: Rec, over: Rec = {}) => ({
  ...tierArgs(),
  vpcId: UNKNOWN,
  ...over,
  [PLANNED_REFERENCES]: { vpcId: vpc },
});

/**
 * The check refuses `news` naming `field`; once `peer` is made, the create of the same inputs with its id meets the
 * API's own refusal.
 */
async function refusedLikeTheApi(
  kind: KindName,
  news: Rec,
  field: string,
  reason: RegExp,
  peer: { planned: Rec; ref: string },
  api: RegExp,
) {
  const checked = await providerFor(kind).check!({}, news);
  expect(checked.failures).toEqual([{ property: field, reason: expect.stringMatching(reason) }]);
  expect(checked.inputs).not.toHaveProperty(PLANNED_REFERENCES);
  const other = providerFor(peer.planned.kind);
  const made = await other.create((await other.check!({}, peer.planned.inputs)).inputs);
  try {
    await expect(providerFor(kind).create({ ...checked.inputs, [peer.ref]: made.id })).rejects.toThrow(api);
  } finally {
    await other.delete!(made.id, made.outs);
  }
}

describe("requirements on a resource the run makes, judged on its inputs", () => {
  it("a tier outside its new VPC's range", async () => {
    await refusedLikeTheApi(
      "Network",
      tierOfNew(newVpc()),
      "gateway",
      /^vpcId names VPC "main" \(new in this run\) in .*, which has the range 10\.1\.0\.0\/16: the tier's range 10\.90\.7\.0\/24 .*is not inside it/,
      { planned: newVpc(), ref: "vpcId" },
      /must be within the VPC|not within|outside/i,
    );
    resetLookups();
    const inside = await providerFor("Network").check!(
      {},
      tierOfNew(newVpc(), { gateway: "10.1.7.1", name: "inside" }),
    );
    expect(inside.failures ?? []).toEqual([]);
  });

  it("a tier in another zone than its new VPC", async () => {
    const checked = await providerFor("Network").check!({}, tierOfNew(newVpc("10.90.0.0/16", w.zoneB)));
    expect(checked.failures).toEqual([
      {
        property: "zoneId",
        reason: expect.stringMatching(
          /^vpcId names VPC "main" \(new in this run\) in .*, which is in zone \S+, not in zone \S+: a tier is in its VPC's zone/,
        ),
      },
    ]);
  });

  it("a backup schedule of a new instance without a backup offering", async () => {
    const schedule = (vm: Rec) => ({
      instanceId: UNKNOWN,
      intervalType: "DAILY",
      schedule: "30:02",
      timezone: "UTC",
      [PLANNED_REFERENCES]: { instanceId: vm },
    });
    await refusedLikeTheApi(
      "BackupSchedule",
      schedule(newInstance()),
      "instanceId",
      /^instanceId names instance "app" \(new in this run\) in .*, which has no backup offering/,
      { planned: newInstance(), ref: "instanceId" },
      /without having any backup offering/,
    );
    resetLookups();
    const given = await providerFor("BackupSchedule").check!(
      {},
      schedule(newInstance({ backupOfferingId: w.backupOffering })),
    );
    expect(given.failures ?? []).toEqual([]);
    // an instance adopting a record is that record, whatever its inputs leave out
    resetLookups();
    const adopting = await providerFor("BackupSchedule").check!(
      {},
      schedule(newInstance({ adoptId: w.tierVm })),
    );
    expect(adopting.failures ?? []).toEqual([]);
    // an offering the SDK withholds (secret, or not known yet) is not judged
    resetLookups();
    const secretOffering = await providerFor("BackupSchedule").check!(
      {},
      schedule({ ...newInstance(), withheld: ["backupOfferingId"] }),
    );
    expect(secretOffering.failures ?? []).toEqual([]);
    // an offering still unknown at preview (another resource's output) is not judged
    resetLookups();
    const later = await providerFor("BackupSchedule").check!(
      {},
      schedule(newInstance({ backupOfferingId: UNKNOWN })),
    );
    expect(later.failures ?? []).toEqual([]);
  });

  it("a volume attached to a new instance of another zone", async () => {
    const vm = newInstance({ zoneId: w.zoneB, networkIds: undefined });
    const checked = await providerFor("Volume").check!(
      {},
      {
        name: "data",
        zoneId: w.zoneA,
        diskOfferingId: w.customDisk,
        size: 10,
        instanceId: UNKNOWN,
        [PLANNED_REFERENCES]: { instanceId: vm },
      },
    );
    expect(checked.failures).toEqual([
      {
        property: "instanceId",
        reason: expect.stringMatching(
          /^instanceId names instance "app" \(new in this run\) in .*, which is in zone \S+, not in the volume's zone/,
        ),
      },
    ]);
  });

  it("a private gateway whose network overlaps its new VPC's range", async () => {
    await refusedLikeTheApi(
      "VpcGateway",
      {
        vpcId: UNKNOWN,
        ipAddress: "10.1.9.2",
        gateway: "10.1.9.1",
        netmask: "255.255.255.0",
        vlan: 100,
        [PLANNED_REFERENCES]: { vpcId: newVpc() },
      },
      "gateway",
      /^vpcId names VPC "main" \(new in this run\) in .*, which has the range 10\.1\.0\.0\/16, and the private network of gateway 10\.1\.9\.1 .* overlaps it/,
      { planned: newVpc(), ref: "vpcId" },
      /overlaps the VPC's cidr/,
    );
  });

  it("a public IP for a new tier rather than its VPC; a tier taking a new list of another VPC", async () => {
    const tier = planned("Network", "web", { ...tierArgs(), name: "web", gateway: "10.90.60.1" });
    const ip = await providerFor("PublicIp").check!(
      {},
      { networkId: UNKNOWN, [PLANNED_REFERENCES]: { networkId: tier } },
    );
    expect(ip.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(
          /^networkId names network "web" \(new in this run\) in .*, which is a tier of VPC \S+: an address is acquired for the VPC \(vpcId\)/,
        ),
      },
    ]);
    resetLookups();
    const list = planned("NetworkAclList", "theirs", { name: "theirs", vpcId: w.otherVpc });
    const other = await providerFor("Network").check!(
      {},
      { ...tierArgs(), gateway: "10.90.61.1", aclId: UNKNOWN, [PLANNED_REFERENCES]: { aclId: list } },
    );
    expect(other.failures).toEqual([
      {
        property: "aclId",
        reason: expect.stringMatching(
          /^aclId names network ACL list "theirs" \(new in this run\) in .*, which is a list of VPC \S+, not of the tier's VPC/,
        ),
      },
    ]);
  });

  it("a tier taking a new list of another new VPC, or a new VPC's tier a list of another VPC", async () => {
    // the resources of the run the list's VPC and the tier's name, as the SDK tells them (Planned.refs)
    const vpcRef = (name: string) => ({ kind: "Vpc", name, key: `Vpc-${name}` });
    const listIn = (vpc: string) => ({
      ...planned("NetworkAclList", "web-acl", { name: "web-acl" }),
      withheld: ["vpcId"],
      refs: { vpcId: vpcRef(vpc) },
    });
    const tierIn = (vpc: Rec | undefined, aclId: unknown, list?: Rec) => ({
      ...tierArgs(),
      name: "web",
      gateway: "10.90.40.1",
      ...(vpc ? { vpcId: UNKNOWN } : {}),
      aclId,
      [PLANNED_REFERENCES]: { ...(vpc ? { vpcId: vpc } : {}), ...(list ? { aclId: list } : {}) },
    });
    const main = planned("Vpc", "main", { name: "main", zoneId: w.zoneA, cidr: "10.90.0.0/16" }, "Vpc-main");
    const network = providerFor("Network");
    // a list of another new VPC: for a tier of a VPC of the region, and for one of a new VPC
    const refusal =
      /^aclId names network ACL list "web-acl" \(new in this run\) in .*, which is a list of VPC "other" \(new in this run\), not of the tier's VPC (\S+|"main" \(new in this run\)): a tier uses a network ACL list of its own VPC$/;
    for (const news of [
      tierIn(undefined, UNKNOWN, listIn("other")),
      tierIn(main, UNKNOWN, listIn("other")),
    ]) {
      resetLookups();
      expect((await network.check!({}, news)).failures).toEqual([
        { property: "aclId", reason: expect.stringMatching(refusal) },
      ]);
    }
    // a list of the tier's own new VPC passes
    resetLookups();
    expect((await network.check!({}, tierIn(main, UNKNOWN, listIn("main")))).failures ?? []).toEqual([]);
    // a list of a VPC of the region for a new VPC's tier: given as text (looked up), or as another output
    for (const plain of [["aclId"], undefined]) {
      resetLookups();
      const news = { ...tierIn(main, w.ownAcl), ...(plain ? { [PLAIN_REFERENCES]: plain } : {}) };
      expect((await network.check!({}, news)).failures, JSON.stringify(plain)).toEqual([
        {
          property: "aclId",
          reason: expect.stringMatching(
            new RegExp(
              `^aclId names network ACL list ${w.ownAcl} in .*, which is a list of VPC ${w.vpcId}, not of the tier's VPC "main" \\(new in this run\\): a tier uses a network ACL list of its own VPC$`,
            ),
          ),
        },
      ]);
    }
    // the API refuses the same tier once its VPC is made
    resetLookups();
    const checked = await network.check!({}, tierIn(main, w.ownAcl));
    const vpc = providerFor("Vpc");
    const made = await vpc.create(
      (await vpc.check!({}, { ...main.inputs, vpcOfferingId: w.vpcOfferingId })).inputs,
    );
    try {
      await expect(network.create({ ...checked.inputs, vpcId: made.id })).rejects.toThrow(
        /does not belong to VPC/,
      );
    } finally {
      await vpc.delete!(made.id, made.outs);
    }
    // a VPC the program adopts is a VPC of the region: its lists are judged when its id is known
    resetLookups();
    const adopting = { ...main, inputs: { ...main.inputs, adoptId: w.vpcId } };
    expect((await network.check!({}, tierIn(adopting, w.ownAcl))).failures ?? []).toEqual([]);
  });

  it("a public IP for a new tier of a new VPC", async () => {
    const tier = {
      ...planned("Network", "web", { ...tierArgs(), name: "web" }),
      inputs: { name: "web", zoneId: w.zoneA, networkOfferingId: w.tierOffering },
      withheld: ["vpcId"],
      refs: { vpcId: { kind: "Vpc", name: "shop", key: "Vpc-shop" } },
    };
    const ip = await providerFor("PublicIp").check!(
      {},
      { networkId: UNKNOWN, [PLANNED_REFERENCES]: { networkId: tier } },
    );
    expect(ip.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(
          /^networkId names network "web" \(new in this run\) in .*, which is a tier of VPC "shop" \(new in this run\): an address is acquired for the VPC \(vpcId\)/,
        ),
      },
    ]);
  });

  it("an instance on a new network of another zone", async () => {
    const net = planned("Network", "far", {
      name: "far",
      zoneId: w.zoneB,
      networkOfferingId: w.isolatedOffering,
    });
    const checked = await providerFor("Instance").check!(
      {},
      { ...newInstance().inputs, networkIds: [UNKNOWN], [PLANNED_REFERENCES]: { networkIds: [net] } },
    );
    expect(checked.failures).toEqual([
      {
        property: "networkIds",
        reason: expect.stringMatching(
          /^networkIds names network "far" \(new in this run\) in .*, which is in zone \S+, not in the instance's zone/,
        ),
      },
    ]);
  });

  it("a memory snapshot of a new instance declared stopped", async () => {
    const snapshot = (vm: Rec, memory: unknown = true) => ({
      name: "vs",
      instanceId: UNKNOWN,
      memory,
      [PLANNED_REFERENCES]: { instanceId: vm },
    });
    await refusedLikeTheApi(
      "InstanceSnapshot",
      snapshot(newInstance({ powerState: "stopped" })),
      "memory",
      /^instanceId names instance "app" \(new in this run\) in .*, which will be stopped \(powerState "stopped"\): the platform snapshots the memory of a running instance only/,
      { planned: newInstance({ powerState: "stopped" }), ref: "instanceId" },
      /Can not snapshot memory when VM is in stopped state/,
    );
    // the disks of a stopped one, the memory of a running one (declared, or by default), a state not known yet
    for (const [vm, memory] of [
      [newInstance({ powerState: "stopped" }), false],
      [newInstance({ powerState: "running" }), true],
      [newInstance(), true],
      [newInstance({ powerState: UNKNOWN }), true],
      [newInstance({ powerState: "stopped" }), UNKNOWN],
    ] as const) {
      resetLookups();
      const checked = await providerFor("InstanceSnapshot").check!({}, snapshot(vm, memory));
      expect(checked.failures ?? [], JSON.stringify([vm.inputs.powerState, memory])).toEqual([]);
    }
  });

  it("a snapshot of a new volume the program does not attach", async () => {
    const newVolume = (over: Rec = {}) =>
      planned("Volume", "scratch", {
        name: "scratch",
        zoneId: w.zoneA,
        diskOfferingId: w.customDisk,
        size: 10,
        ...over,
      });
    const snapshot = (volume: Rec) => ({
      name: "scratch-snap",
      volumeId: UNKNOWN,
      [PLANNED_REFERENCES]: { volumeId: volume },
    });
    await refusedLikeTheApi(
      "VolumeSnapshot",
      snapshot(newVolume()),
      "volumeId",
      /^volumeId names volume "scratch" \(new in this run\) in .*, which is not attached to an instance \(its instanceId is left out\): the platform makes it Allocated/,
      { planned: newVolume(), ref: "volumeId" },
      /is not in Ready state but Allocated/,
    );
    // attached by the program (to an instance of the region, or one the run makes), or adopted: not judged here
    for (const volume of [
      newVolume({ instanceId: w.snappedVm }),
      newVolume({ instanceId: UNKNOWN }),
      { ...newVolume(), withheld: ["instanceId"] },
      newVolume({ adoptId: w.volumeA }),
    ]) {
      resetLookups();
      const checked = await providerFor("VolumeSnapshot").check!({}, snapshot(volume));
      expect(checked.failures ?? [], JSON.stringify(volume)).toEqual([]);
    }
  });

  it("an instance from a new template or ISO registered in another zone, refused as the API refuses it", async () => {
    const golden = (zoneId: string) =>
      planned("Template", "golden", {
        name: "golden",
        url: "https://images.example.com/golden-new.qcow2",
        zoneId,
        format: "QCOW2",
        hypervisor: "KVM",
        osTypeId: w.osTypeId,
      });
    const vm = (template: Rec) => ({
      name: "from-golden",
      zoneId: w.zoneA,
      serviceOfferingId: w.small,
      templateId: UNKNOWN,
      [PLANNED_REFERENCES]: { templateId: template },
    });
    await refusedLikeTheApi(
      "Instance",
      vm(golden(w.zoneB)),
      "templateId",
      /^templateId names template "golden" \(new in this run\) in .*, which is in zone \S+, not in the instance's zone \S+: a template is used only in its own zone$/,
      { planned: golden(w.zoneB), ref: "templateId" },
      /is not available in zone/,
    );
    resetLookups();
    expect((await providerFor("Instance").check!({}, vm(golden(w.zoneA)))).failures ?? []).toEqual([]);
    // an ISO likewise
    resetLookups();
    const elsewhere = planned("Iso", "boot", {
      name: "boot",
      url: "https://images.example.com/boot.iso",
      zoneId: w.zoneB,
      bootable: true,
      osTypeId: w.osTypeId,
    });
    const fromIso = await providerFor("Instance").check!(
      {},
      { ...iso({ isoId: UNKNOWN, diskOfferingId: w.fixedDisk }), [PLANNED_REFERENCES]: { isoId: elsewhere } },
    );
    expect(fromIso.failures).toEqual([
      {
        property: "isoId",
        reason: expect.stringMatching(
          /^isoId names ISO "boot" \(new in this run\) in .*, which is in zone \S+, not in the instance's zone \S+: an ISO is used only in its own zone$/,
        ),
      },
    ]);
  });

  it("an ISO instance from a new ISO registered as not bootable", async () => {
    const newIso = (bootable: boolean) =>
      planned("Iso", "nb", {
        name: "nb",
        url: "https://images.example.com/nb.iso",
        zoneId: w.zoneA,
        bootable,
        ...(bootable ? { osTypeId: w.osTypeId } : {}),
      });
    const vm = (isoOf: Rec) => ({
      ...iso({ isoId: UNKNOWN, diskOfferingId: w.fixedDisk }),
      [PLANNED_REFERENCES]: { isoId: isoOf },
    });
    await refusedLikeTheApi(
      "Instance",
      vm(newIso(false)),
      "isoId",
      /^isoId names ISO "nb" \(new in this run\) in .*, which is registered with bootable: false: the platform installs an instance only from a bootable ISO/,
      { planned: newIso(false), ref: "isoId" },
      /bootable/,
    );
    resetLookups();
    expect((await providerFor("Instance").check!({}, vm(newIso(true)))).failures ?? []).toEqual([]);
    // bootable left out is true
    resetLookups();
    const { bootable: _, ...unsaid } = newIso(false).inputs;
    expect(
      (await providerFor("Instance").check!({}, vm({ ...newIso(false), inputs: unsaid }))).failures ?? [],
    ).toEqual([]);
  });

  it("tags of one resource type on a new resource of another kind", async () => {
    const tagsOf = (resourceType: string, of: Rec) => ({
      resourceType,
      resourceId: UNKNOWN,
      tags: { team: "web" },
      [PLANNED_REFERENCES]: { resourceId: of },
    });
    const keys = planned("SshKeyPair", "deploy", { name: "deploy", publicKey: ED25519_B });
    await refusedLikeTheApi(
      "Tags",
      tagsOf("Volume", keys),
      "resourceId",
      /^resourceId names SSH key pair "deploy" \(new in this run\), not a volume as resourceType "Volume" says: the API finds the record by its type and refuses an id of another kind\. Give the resourceType of that resource, or the id of a volume$/,
      { planned: keys, ref: "resourceId" },
      /Volume \S+ not found/,
    );
    // a type whose ids preview does not check passes (the platform tags no SSH key pair: that type is refused)
    resetLookups();
    expect((await providerFor("Tags").check!({}, tagsOf("SnapshotPolicy", keys))).failures ?? []).toEqual([]);
    expect(
      ((await providerFor("Tags").check!({}, tagsOf("SshKeyPair", keys))).failures ?? []).map(
        (f) => f.reason,
      ),
    ).toEqual([expect.stringMatching(/^resourceType is no resource type the API knows/)]);
  });

  it("tags on a new resource with tags of its own, whatever the type; refused at up once its id is known", async () => {
    const tagsOf = (resourceType: string, resourceId: unknown = UNKNOWN) => ({
      resourceType,
      resourceId,
      tags: { team: "web" },
      [PLANNED_REFERENCES]: { resourceId: newInstance() },
    });
    const authoritative =
      'whose own `tags` input is authoritative (it removes every key it does not list when it next changes, or after a refresh), so it and this cim.Tags would undo each other (once its id is known, `up` refuses this cim.Tags). Put the key "team" in that resource\'s `tags` input instead, and remove this cim.Tags';
    for (const [type, other] of [
      ["Instance", ""],
      ["UserVm", ""],
      ["Volume", ' (not a volume as resourceType "Volume" says)'],
    ]) {
      resetLookups();
      expect((await providerFor("Tags").check!({}, tagsOf(type))).failures, type).toEqual([
        {
          property: "resourceId",
          reason: `resourceId names instance "app" (new in this run)${other}, ${authoritative}`,
        },
      ]);
    }
    // `up` makes the instance (its create claims every key of its record), then checks the cim.Tags again
    resetLookups();
    const instance = providerFor("Instance");
    const vm = await instance.create((await instance.check!({}, newInstance().inputs)).inputs);
    try {
      const atUp = await providerFor("Tags").check!({}, tagsOf("Instance", vm.id));
      expect(atUp.failures?.map((f) => f.property)).toEqual(["tags"]);
      expect(atUp.failures?.[0].reason).toMatch(/claims every key of resource .*undo each other/);
    } finally {
      await instance.delete!(vm.id, vm.outs);
    }
  });

  it("what the SDK did not trace, or traced to another kind, is not judged", async () => {
    const untraced = await providerFor("Network").check!({}, { ...tierArgs(), vpcId: UNKNOWN });
    expect(untraced.failures ?? []).toEqual([]);
    resetLookups();
    const otherKind = await providerFor("Network").check!(
      {},
      tierOfNew(planned("Instance", "main", { cidr: "10.1.0.0/16" })),
    );
    expect(otherKind.failures ?? []).toEqual([]);
    resetLookups();
    const unknownRange = await providerFor("Network").check!({}, tierOfNew(newVpc(UNKNOWN)));
    expect(unknownRange.failures ?? []).toEqual([]);
  });
});

describe("values no two resources may hold, under a resource the run makes", () => {
  it("two tiers of one new VPC that overlap, and two of two new VPCs that do not clash", async () => {
    const vpc = newVpc("10.90.0.0/16");
    const p = providerFor("Network");
    expect((await p.check!({}, tierOfNew(vpc, { name: "a", gateway: "10.90.50.1" }))).failures ?? []).toEqual(
      [],
    );
    const second = await p.check!({}, tierOfNew(vpc, { name: "b", gateway: "10.90.50.1" }));
    expect(second.failures).toEqual([
      {
        property: "gateway",
        reason: expect.stringMatching(/cim\.Network .*"a".* of this program claims the same/),
      },
    ]);
    expect(second.failures![0].reason).toContain('"main" (new in this run)');
    expect(second.failures![0].reason).not.toMatch(/\\u0001|planned:/);
    expect(second.failures![0].reason).not.toContain("\u0001");
    // the same range in another new VPC: no clash
    const elsewhere = planned("Vpc", "other", { name: "other", zoneId: w.zoneA, cidr: "10.90.0.0/16" });
    expect(
      (await p.check!({}, tierOfNew(elsewhere, { name: "c", gateway: "10.90.50.1" }))).failures ?? [],
    ).toEqual([]);
  });

  it("two rules of one number in a new ACL list; the same numbers in two lists", async () => {
    const list = planned("NetworkAclList", "web", { name: "web", vpcId: w.vpcId });
    const rule = (l: Rec, number: number) => ({
      ...sshRule,
      aclId: UNKNOWN,
      number,
      action: "allow",
      trafficType: "ingress",
      [PLANNED_REFERENCES]: { aclId: l },
    });
    const p = providerFor("NetworkAclRule");
    expect((await p.check!({}, rule(list, 10))).failures ?? []).toEqual([]);
    const twice = await p.check!({}, { ...rule(list, 10), startPort: 80, endPort: 80 });
    expect(twice.failures).toEqual([
      { property: "number", reason: expect.stringMatching(/of this program claims the same/) },
    ]);
    expect(twice.failures![0].reason).toContain('"web" (new in this run)');
    expect(twice.failures![0].reason).not.toMatch(/\\u0001|planned:/);
    expect(twice.failures![0].reason).not.toContain("\u0001");
    const other = planned("NetworkAclList", "db", { name: "db", vpcId: w.vpcId });
    expect((await p.check!({}, rule(other, 10))).failures ?? []).toEqual([]);
  });

  it("two load-balancer rules of one public port on a new address", async () => {
    const ip = planned("PublicIp", "web", { vpcId: w.vpcId });
    const rule = (name: string) => ({
      name,
      publicIpId: UNKNOWN,
      networkId: w.plainTier,
      publicPort: 443,
      privatePort: 8443,
      algorithm: "roundrobin",
      [PLANNED_REFERENCES]: { publicIpId: ip },
    });
    const p = providerFor("LoadBalancerRule");
    expect((await p.check!({}, rule("a"))).failures ?? []).toEqual([]);
    const second = await p.check!({}, rule("b"));
    expect(second.failures).toEqual([
      {
        property: "publicPort",
        reason: expect.stringMatching(
          /of this program claims the same \(port 443 of public IP "web" \(new in this run\)\)/,
        ),
      },
    ]);
  });
});

describe("what one program's resources ask of each other that the API refuses at up", () => {
  it("two load-balancer rules of a new address onto two tiers; onto one tier they pass", async () => {
    const ip = planned("PublicIp", "web", { vpcId: w.vpcId });
    const rule = (name: string, networkId: string, publicPort: number) => ({
      name,
      publicIpId: UNKNOWN,
      networkId,
      publicPort,
      privatePort: 8080,
      [PLANNED_REFERENCES]: { publicIpId: ip },
    });
    const p = providerFor("LoadBalancerRule");
    expect((await p.check!({}, rule("a", w.plainTier, 80))).failures ?? []).toEqual([]);
    expect((await p.check!({}, rule("b", w.plainTier, 81))).failures ?? []).toEqual([]);
    const second = await p.check!({}, rule("c", w.plainTier2, 82));
    expect(second.failures).toEqual([
      {
        property: "networkId",
        reason: `networkId "${w.plainTier2}": another cim.LoadBalancerRule (name "a") of this program claims public IP "web" (new in this run) for network ${w.plainTier}, and the platform balances the rules of one address onto one network (it makes the second on the first's network, not the one asked). Balance both onto one network, or give one of the two another address (a cim.PublicIp)`,
      },
    ]);
  });

  it("two rules of a new address onto two new tiers: the message names the tiers, not their unknown ids", async () => {
    const ip = planned("PublicIp", "edge", { vpcId: w.vpcId });
    const tier = (name: string, n: number) =>
      planned("Network", name, { ...tierArgs(), name, gateway: `10.90.${n + 20}.1` });
    const rule = (name: string, t: Rec, publicPort: number) => ({
      name,
      publicIpId: UNKNOWN,
      networkId: UNKNOWN,
      publicPort,
      privatePort: 8080,
      [PLANNED_REFERENCES]: { publicIpId: ip, networkId: t },
    });
    const p = providerFor("LoadBalancerRule");
    expect((await p.check!({}, rule("a", tier("front", 1), 80))).failures ?? []).toEqual([]);
    const second = await p.check!({}, rule("b", tier("back", 2), 81));
    expect(second.failures?.[0]?.reason).toMatch(
      /^networkId: another cim\.LoadBalancerRule \(name "a"\) of this program claims public IP "edge" \(new in this run\) for network "front" \(new in this run\), /,
    );
    expect(second.failures?.[0]?.reason).not.toContain(UNKNOWN);
  });

  it("a new member instance without a NIC on the balancer's network; on it, or on the zone's default network, it passes", async () => {
    const lb = (vm: Rec) => ({
      name: "web",
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      publicPort: 8088,
      privatePort: 8080,
      memberIds: [w.tierVm, UNKNOWN],
      [PLANNED_REFERENCES]: { memberIds: [null, vm] },
    });
    const rule = providerFor("LoadBalancerRule");
    const off = await rule.check!({}, lb(newInstance({ networkIds: [w.plainTier2] })));
    expect(off.failures).toEqual([
      {
        property: "memberIds",
        reason: expect.stringMatching(
          /^memberIds names instance "app" \(new in this run\) in .+, which has networkIds \["[^"]+"\], no NIC on network \S+, the network the rule serves: the platform balances only instances on that network \(it refuses such a member after making the rule\)\. Add that network to the instance's networkIds, or balance it from that network's own balancer$/,
        ),
      },
    ]);
    resetLookups();
    expect((await rule.check!({}, lb(newInstance()))).failures ?? []).toEqual([]);
    resetLookups();
    const { networkIds: _, ...noNetworks } = newInstance().inputs;
    expect((await rule.check!({}, lb({ ...newInstance(), inputs: noNetworks }))).failures ?? []).toEqual([]);
    resetLookups();
    expect((await rule.check!({}, lb(newInstance({ networkIds: UNKNOWN })))).failures ?? []).toEqual([]);

    resetLookups();
    const ilb = (vm: Rec) => ({
      name: "db",
      networkId: w.ilbTier,
      sourcePort: 5432,
      instancePort: 5432,
      memberIds: [UNKNOWN],
      [PLANNED_REFERENCES]: { memberIds: [vm] },
    });
    const internal = providerFor("InternalLoadBalancer");
    const offTier = await internal.check!({}, ilb(newInstance()));
    expect(offTier.failures).toEqual([
      {
        property: "memberIds",
        reason: expect.stringMatching(
          /^memberIds names instance "app" \(new in this run\) in .*, which has networkIds \[.*\], no NIC on network \S+, the network the load balancer serves: /,
        ),
      },
    ]);
    resetLookups();
    expect((await internal.check!({}, ilb(newInstance({ networkIds: [w.ilbTier] })))).failures ?? []).toEqual(
      [],
    );
  });

  it("a balancer on a new tier with a new member on another new tier; on the same one it passes", async () => {
    const tierRef = (name: string) => ({ kind: "Network", name, key: `Network-${name}` });
    const inner = planned(
      "Network",
      "inner",
      { ...tierArgs(), name: "inner", networkOfferingId: w.ilbOffering, gateway: "10.90.70.1" },
      "Network-inner",
    );
    const memberOn = (tier: string) => ({
      ...newInstance({ networkIds: undefined }),
      withheld: ["networkIds"],
      refs: { networkIds: [tierRef(tier)] },
    });
    const ilb = (vm: Rec) => ({
      name: "db",
      networkId: UNKNOWN,
      sourcePort: 5432,
      instancePort: 5432,
      memberIds: [UNKNOWN],
      [PLANNED_REFERENCES]: { networkId: inner, memberIds: [vm] },
    });
    const internal = providerFor("InternalLoadBalancer");
    expect((await internal.check!({}, ilb(memberOn("other")))).failures).toEqual([
      {
        property: "memberIds",
        reason: expect.stringMatching(
          /^memberIds names instance "app" \(new in this run\) in .*, which has networkIds \["other" \(new in this run\)\], no NIC on network "inner" \(new in this run\), the network the load balancer serves: /,
        ),
      },
    ]);
    resetLookups();
    expect((await internal.check!({}, ilb(memberOn("inner")))).failures ?? []).toEqual([]);
  });

  it("a static NAT onto a new instance without a NIC on its network, refused as the API refuses it", async () => {
    const nat = (vm: Rec) => ({
      publicIpId: w.vpcIp,
      networkId: w.plainTier,
      instanceId: UNKNOWN,
      [PLANNED_REFERENCES]: { instanceId: vm },
    });
    const offTier = newInstance({ networkIds: [w.plainTier2] });
    await refusedLikeTheApi(
      "StaticNat",
      nat(offTier),
      "instanceId",
      /^instanceId names instance "app" \(new in this run\) in .*, which has networkIds \[\S+\], no NIC on network \S+, the network the static NAT maps the address onto/,
      { planned: offTier, ref: "instanceId" },
      /doesn't belong to the network/i,
    );
    resetLookups();
    expect((await providerFor("StaticNat").check!({}, nat(newInstance()))).failures ?? []).toEqual([]);
  });

  it("two private gateways of two VPCs of one zone on one VLAN; of two zones they pass", async () => {
    const gateway = providerFor("VpcGateway");
    const ofNewVpc = (zoneId: string, name = "main") => ({
      ...gatewayArgs(),
      vlan: 401,
      vpcId: UNKNOWN,
      [PLANNED_REFERENCES]: {
        vpcId: planned("Vpc", name, { name, zoneId, cidr: "10.1.0.0/16", vpcOfferingId: w.vpcOfferingId }),
      },
    });
    // the first of an existing VPC (zone A, read from its record), the second of a new VPC in zone A
    expect((await gateway.check!({}, { ...gatewayArgs(), vlan: 401 })).failures ?? []).toEqual([]);
    const second = await gateway.check!({}, ofNewVpc(w.zoneA));
    expect(second.failures).toEqual([
      {
        property: "vlan",
        reason: `vlan 401: another cim.VpcGateway of this program claims VLAN 401 for VPC ${w.vpcId}, in zone ${w.zoneA} as this one's VPC "main" (new in this run) is, and a VLAN of the zone carries one network (the API would refuse whichever gateway it makes second). Give one of the two another vlan`,
      },
    ]);
    resetLookups();
    expect((await gateway.check!({}, { ...gatewayArgs(), vlan: 401 })).failures ?? []).toEqual([]);
    expect((await gateway.check!({}, ofNewVpc(w.zoneB))).failures ?? []).toEqual([]);
    // two new VPCs of one zone
    resetLookups();
    expect(
      (await gateway.check!({}, { ...ofNewVpc(w.zoneB, "x"), ipAddress: "172.16.0.3" })).failures ?? [],
    ).toEqual([]);
    expect((await gateway.check!({}, ofNewVpc(w.zoneB, "y"))).failures?.map((f) => f.property)).toEqual([
      "vlan",
    ]);
  });

  it("two static NATs of two addresses onto one instance's NIC; onto two instances they pass", async () => {
    const ip = (name: string) => planned("PublicIp", name, { vpcId: w.vpcId });
    const nat = (address: string, instanceId: string) => ({
      publicIpId: UNKNOWN,
      networkId: w.plainTier,
      instanceId,
      [PLANNED_REFERENCES]: { publicIpId: ip(address) },
    });
    const p = providerFor("StaticNat");
    // the two differ only in the address they come from: each is known by its URN, as on the plugin
    const check = (name: string, news: Rec) =>
      aboutResource(`urn:pulumi:dev::app::cim:index:StaticNat::${name}`, () => p.check!({}, news));
    expect((await check("a", nat("a", w.tierVm))).failures ?? []).toEqual([]);
    const second = await check("b", nat("b", w.tierVm));
    expect(second.failures).toEqual([
      {
        property: "instanceId",
        reason: `instanceId "${w.tierVm}": cim.StaticNat "a" of this program claims static NAT of another address onto the same instance on network ${w.plainTier}, and the platform maps one public address onto an instance's NIC (it refuses the second). Map one of the two addresses onto another instance, or remove the one not meant to be there`,
      },
    ]);
    resetLookups();
    expect((await check("a", nat("a", w.tierVm))).failures ?? []).toEqual([]);
    expect((await check("b", nat("b", UNKNOWN))).failures ?? []).toEqual([]);
  });
});

describe("rules comparing what two records name, where one is a resource the run makes", () => {
  /** What the SDK says of a resource whose `vpcId` is the unknown id of a new VPC of the program. */
  const inNewVpc = (p: Rec, vpc: string) => ({
    ...p,
    withheld: ["vpcId"],
    refs: { vpcId: { kind: "Vpc", name: vpc, key: `Vpc-${vpc}` } },
  });
  const newTier = (name: string, third: number, over: Rec = {}) =>
    planned("Network", name, { ...tierArgs(), name, gateway: `10.90.${third}.1`, ...over });
  const rule = (refs: Rec, networkId: string = UNKNOWN) => ({
    name: "web",
    publicIpId: UNKNOWN,
    networkId,
    publicPort: 80,
    privatePort: 8080,
    [PLANNED_REFERENCES]: refs,
  });

  it("a load-balancer rule of a new VPC address onto a tier of another VPC, refused as the API refuses it; onto its own VPC's it passes", async () => {
    const ip = planned("PublicIp", "edge", { zoneId: w.zoneA, vpcId: w.vpcId });
    await refusedLikeTheApi(
      "LoadBalancerRule",
      rule({ publicIpId: ip }, w.otherTier),
      "networkId",
      /^networkId names network other-tier \(\S+\), which is not a tier of VPC \S+, the VPC of publicIpId's address/,
      { planned: ip, ref: "publicIpId" },
      /is not assigned to the network other-tier/,
    );
    resetLookups();
    expect(
      (await providerFor("LoadBalancerRule").check!({}, rule({ publicIpId: ip }, w.plainTier))).failures ??
        [],
    ).toEqual([]);
    // a new address of the VPC serves no tier yet: the rule names one
    resetLookups();
    const { networkId: _, ...noNetwork } = rule({ publicIpId: ip });
    expect((await providerFor("LoadBalancerRule").check!({}, noNetwork)).failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(
          /^networkId is required: publicIpId names an address of VPC \S+ that serves no tier yet/,
        ),
      },
    ]);
  });

  it("a rule of a new address and a new tier: in one new VPC it passes; in two, or a live one and a new one, the message names them", async () => {
    const p = providerFor("LoadBalancerRule");
    const ip = inNewVpc(planned("PublicIp", "edge", { zoneId: w.zoneA }), "shop");
    const tierOf = (vpc: string) => {
      const { vpcId: _, ...inputs } = newTier("front", 30).inputs;
      return inNewVpc({ ...newTier("front", 30), inputs }, vpc);
    };
    expect((await p.check!({}, rule({ publicIpId: ip, networkId: tierOf("shop") }))).failures ?? []).toEqual(
      [],
    );
    resetLookups();
    const apart = await p.check!({}, rule({ publicIpId: ip, networkId: tierOf("mall") }));
    expect(apart.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(
          /^networkId names network front \("front" \(new in this run\)\), which is not a tier of VPC "shop" \(new in this run\), the VPC of publicIpId's address/,
        ),
      },
    ]);
    expect(apart.failures?.[0]?.reason).not.toContain(UNKNOWN);
    resetLookups();
    // the live VPC's tier, new: not a tier of the new VPC
    const live = await p.check!({}, rule({ publicIpId: ip, networkId: newTier("front", 31) }));
    expect(live.failures?.[0]).toMatchObject({ property: "networkId" });
    expect(live.failures?.[0]?.reason).toMatch(/which is not a tier of VPC "shop" \(new in this run\)/);
  });

  it("a static NAT of a new VPC address onto a tier of another VPC, refused as the API refuses it; onto its own VPC's it passes", async () => {
    const ip = planned("PublicIp", "nat", { zoneId: w.zoneA, vpcId: w.vpcId });
    const onOther = newInstance({ name: "other-app", networkIds: [w.otherTier] });
    const nat = (networkId: string, vm: Rec) => ({
      publicIpId: UNKNOWN,
      networkId,
      instanceId: UNKNOWN,
      [PLANNED_REFERENCES]: { publicIpId: ip, instanceId: vm },
    });
    const checked = await providerFor("StaticNat").check!({}, nat(w.otherTier, onOther));
    expect(checked.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(
          /^networkId names network other-tier \(\S+\), which is not a tier of VPC \S+, the VPC of publicIpId "nat" \(new in this run\): an address maps onto a NIC on a tier of its own VPC/,
        ),
      },
    ]);
    // once both are made, the API refuses the same
    const made = [] as { kind: KindName; id: string; outs: Rec }[];
    try {
      for (const peer of [ip, onOther]) {
        const kind = peer.kind as KindName;
        const p = providerFor(kind);
        const r = await p.create((await p.check!({}, peer.inputs)).inputs);
        made.push({ kind, id: r.id, outs: r.outs });
      }
      await expect(
        providerFor("StaticNat").create({
          ...checked.inputs,
          publicIpId: made[0].id,
          instanceId: made[1].id,
        }),
      ).rejects.toThrow(/is not assigned to the network other-tier/);
    } finally {
      for (const m of made.reverse()) await providerFor(m.kind).delete!(m.id, m.outs);
    }
    resetLookups();
    expect(
      (await providerFor("StaticNat").check!({}, nat(w.plainTier, newInstance()))).failures ?? [],
    ).toEqual([]);
  });

  it("an internal load balancer's new source network of another VPC, refused as the API refuses it", async () => {
    const elsewhere = planned("Network", "elsewhere", {
      ...tierArgs(),
      name: "elsewhere",
      vpcId: w.otherVpc,
      gateway: "10.91.9.1",
    });
    await refusedLikeTheApi(
      "InternalLoadBalancer",
      {
        ...internalArgs(),
        sourceIpAddressNetworkId: UNKNOWN,
        [PLANNED_REFERENCES]: { sourceIpAddressNetworkId: elsewhere },
      },
      "sourceIpAddressNetworkId",
      /^sourceIpAddressNetworkId names network elsewhere \("elsewhere" \(new in this run\)\), which is not in the VPC of network internal/,
      { planned: elsewhere, ref: "sourceIpAddressNetworkId" },
      /Source ip network elsewhere is not in the VPC of network internal/,
    );
  });

  it("an internal load balancer's source address outside the range of the new tier it balances on, refused as the API refuses it", async () => {
    const tier = planned("Network", "lb-tier", {
      ...tierArgs(),
      name: "lb-tier",
      networkOfferingId: w.ilbOffering,
      gateway: "10.90.8.1",
    });
    const ilb = (sourceIpAddress: string) => ({
      ...internalArgs(),
      networkId: UNKNOWN,
      sourceIpAddress,
      [PLANNED_REFERENCES]: { networkId: tier },
    });
    await refusedLikeTheApi(
      "InternalLoadBalancer",
      ilb("10.90.9.20"),
      "sourceIpAddress",
      /^networkId names network "lb-tier" \(new in this run\) in .*, which has the range 10\.90\.8\.0\/24: sourceIpAddress 10\.90\.9\.20 lies outside it/,
      { planned: tier, ref: "networkId" },
      /The requested IP is not in the network's CIDR subnet/,
    );
    resetLookups();
    expect((await providerFor("InternalLoadBalancer").check!({}, ilb("10.90.8.20"))).failures ?? []).toEqual(
      [],
    );
  });

  it("a volume or root disk from a new snapshot of a volume of another zone, or smaller than it, refused as the API refuses it", async () => {
    const copy = planned("VolumeSnapshot", "copy", { name: "copy", volumeId: w.attachedDisk });
    const volume = (over: Rec) => ({
      name: "restored",
      diskOfferingId: w.customDisk,
      snapshotId: UNKNOWN,
      ...over,
      [PLANNED_REFERENCES]: { snapshotId: copy },
    });
    await refusedLikeTheApi(
      "Volume",
      volume({ zoneId: w.zoneB }),
      "snapshotId",
      /^snapshotId names volume snapshot "copy" \(new in this run\), of volume disk \(\S+\), which is in zone de-fra-1a, not in the volume's zone \S+: a volume snapshot is used only in its own zone$/,
      { planned: copy, ref: "snapshotId" },
      /Snapshot copy is not available in zone/,
    );
    resetLookups();
    await refusedLikeTheApi(
      "Volume",
      volume({ zoneId: w.zoneA, size: 10 }),
      "size",
      /^snapshotId names volume snapshot "copy" \(new in this run\), of volume disk \(\S+\), which is of 30 GB: size 10 GB is smaller/,
      { planned: copy, ref: "snapshotId" },
      /Volume size 10 GB is smaller than the snapshot's 30 GB/,
    );
    resetLookups();
    expect((await providerFor("Volume").check!({}, volume({ zoneId: w.zoneA }))).failures ?? []).toEqual([]);
    // an instance's root disk, likewise
    resetLookups();
    const root = await providerFor("Instance").check!(
      {},
      { ...fromSnapshot(), zoneId: w.zoneB, snapshotId: UNKNOWN, [PLANNED_REFERENCES]: { snapshotId: copy } },
    );
    expect(root.failures).toEqual([
      {
        property: "snapshotId",
        reason: expect.stringMatching(
          /^snapshotId names volume snapshot "copy" \(new in this run\), of volume disk .*not in the instance's zone/,
        ),
      },
    ]);
    // a snapshot of a volume the run makes too: its zone is not said by anything check is told
    resetLookups();
    const ofNew = {
      ...planned("VolumeSnapshot", "copy2", { name: "copy2" }),
      withheld: ["volumeId"],
      refs: { volumeId: { kind: "Volume", name: "scratch", key: "Volume-scratch" } },
    };
    const unsaid = await providerFor("Volume").check!(
      {},
      { ...volume({ zoneId: w.zoneB }), [PLANNED_REFERENCES]: { snapshotId: ofNew } },
    );
    expect(unsaid.failures ?? []).toEqual([]);
  });

  it("what a new resource's inputs do not say yet is not judged", async () => {
    const p = providerFor("LoadBalancerRule");
    // the address's VPC not known yet, and not traced: its record is not judged
    const ip = { ...planned("PublicIp", "edge", { zoneId: w.zoneA }), withheld: ["vpcId"] };
    expect((await p.check!({}, rule({ publicIpId: ip }, w.otherTier))).failures ?? []).toEqual([]);
    resetLookups();
    // an address the program puts in another region
    resetLookups();
    const away = planned("PublicIp", "edge", { zoneId: w.zoneA, vpcId: w.vpcId, region: "elsewhere" });
    expect((await p.check!({}, rule({ publicIpId: away }, w.otherTier))).failures ?? []).toEqual([]);
    resetLookups();
    // a tier whose VPC is not known yet, for a new address of the VPC
    const known = planned("PublicIp", "edge", { zoneId: w.zoneA, vpcId: w.vpcId });
    const { vpcId: _, ...tierInputs } = newTier("front", 32).inputs;
    const tier = { ...newTier("front", 32), inputs: tierInputs, withheld: ["vpcId"] };
    expect((await p.check!({}, rule({ publicIpId: known, networkId: tier }))).failures ?? []).toEqual([]);
  });
});

describe("what live records hold that the API refuses a new resource", () => {
  it("an internal load balancer's source address a NIC of the tier holds, refused as the API refuses it", async () => {
    const instance = providerFor("Instance");
    const vm = await instance.create(
      (await instance.check!({}, { ...newInstance({ networkIds: [w.ilbTier] }).inputs, name: "nic-holder" }))
        .inputs,
    );
    const held = String(vm.outs.ipAddress);
    try {
      resetLookups();
      const ilb = providerFor("InternalLoadBalancer");
      const args = { name: "db", networkId: w.ilbTier, sourcePort: 5432, instancePort: 5432 };
      const checked = await ilb.check!({}, { ...args, sourceIpAddress: held });
      expect(checked.failures).toEqual([
        {
          property: "sourceIpAddress",
          reason: `sourceIpAddress ${held}: instance nic-holder (${vm.id}) has that address on network ${w.ilbTier} (networkId), and the platform hands a balancer no address a NIC holds. Give a free address of the tier, or leave sourceIpAddress out and the API allocates one`,
        },
      ]);
      await expect(ilb.create(checked.inputs)).rejects.toThrow(/is already in use on network/);
      resetLookups();
      expect((await ilb.check!({}, { ...args, sourceIpAddress: "10.90.2.200" })).failures ?? []).toEqual([]);
    } finally {
      await instance.delete!(vm.id, vm.outs);
    }
  });
});
