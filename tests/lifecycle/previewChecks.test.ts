// What preview judges on live records, so that `up` never meets a refusal the preview could have seen (and a
// delete-first replacement never deletes what its refused create was to replace): an instance's networks are in
// its zone, a VPC tier lies in its VPC (zone, range) and overlaps no other tier, a host name is not taken, an
// adoption matches the record it adopts. Providers are called in-process as the engine does, against the
// emulator; values not known at preview are skipped; the reads are shared lists, counted by the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { type Kind, kinds } from "../../provider/kinds";
import { shareWithDeployment, stopSharing } from "../../provider/lifecycle/deploymentShared";
import { aboutResource, captureInfo, captureWarnings } from "../../provider/lifecycle/engineLog";
import { PLAIN_REFERENCES } from "../../provider/lifecycle/fieldSpec";
import { mustReferToExisting, resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { resetBatches } from "../../provider/lifecycle/readBatch";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { ED25519 } from "../fixtures/sshKeys";

type Rec = Record<string, any>;

let emu: Emulator;
let ctl: EmulatorControl;
const saved = { ...process.env };
const cat: Rec = {};
const notes: string[] = [];

const instance = providerFor("Instance");
const network = providerFor("Network");

/** check + create, as `up` does for a new resource; the id and the checked inputs. */
async function made(p: typeof instance, news: Rec) {
  const checked = await p.check!({}, news);
  expect(checked.failures ?? []).toEqual([]);
  const { id, outs } = await p.create(checked.inputs);
  return { id, inputs: checked.inputs as Rec, outs: outs as Rec };
}

const failuresOf = async (p: typeof instance, olds: Rec, news: Rec) =>
  (await p.check!(olds, news)).failures ?? [];

let zoneA: string;
let zoneB: string;
let vpcId: string;
let netA: { id: string; inputs: Rec };
let tier: { id: string; inputs: Rec };
let vm: { id: string; inputs: Rec; outs: Rec };

const tierArgs = (over: Rec = {}) => ({
  name: "tier",
  zoneId: zoneA,
  networkOfferingId: cat.vpcTier,
  vpcId,
  gateway: "10.70.1.1",
  netmask: "255.255.255.0",
  ...over,
});
/** A private gateway of the VPC on 172.16.<net>.0/24 and VLAN `vlan`. */
const gatewayArgs = (net: number, vlan: number) => ({
  vpcId,
  ipAddress: `172.16.${net}.2`,
  gateway: `172.16.${net}.1`,
  netmask: "255.255.255.0",
  vlan,
});
const vmArgs = (over: Rec = {}) => ({
  zoneId: zoneA,
  templateId: cat.templateId,
  serviceOfferingId: cat.serviceOfferingId,
  networkIds: [netA.id],
  ...over,
});

beforeAll(async () => {
  emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
  ctl = await EmulatorControl.of(emu);
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = await emu.token();
  process.env.CIM_POLL_INTERVAL_MS = "5";
  delete process.env.CIM_REGION;
  resetQuotaPreflight(() => undefined);
  captureInfo((m) => notes.push(m));
  const get = async (path: string) =>
    (
      await fetch(`${emu.url}/api/v1${path}`, {
        headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
      })
    ).json() as Promise<Rec[]>;
  const zones = await get("/zones");
  zoneA = zones.find((z) => z.name === "de-fra-1a")!.id;
  zoneB = zones.find((z) => z.name === "de-fra-1b")!.id;
  cat.templateId = (await get("/templates")).find((t) => t.name === "Ubuntu 22.04 LTS")!.id;
  cat.serviceOfferingId = (await get("/offerings/compute")).find((o) => o.name === "Small")!.id;
  const offerings = await get("/offerings/network");
  cat.isolated = offerings.find((o) => o.forVpc === false)!.id;
  cat.vpcTier = offerings.find((o) => o.forVpc === true)!.id;
  const vpcOffering = (await get("/offerings/vpc"))[0].id;
  netA = await made(network, { name: "net-a", zoneId: zoneA, networkOfferingId: cat.isolated });
  const vpc = await made(providerFor("Vpc"), {
    name: "vpc",
    zoneId: zoneA,
    cidr: "10.70.0.0/16",
    vpcOfferingId: vpcOffering,
  });
  vpcId = vpc.id;
  tier = await made(network, tierArgs());
  vm = await made(instance, vmArgs({ name: "web-1" }));
}, 60_000);

afterAll(async () => {
  process.env = saved;
  resetQuotaPreflight();
  captureInfo();
  await emu?.close();
});

beforeEach(() => {
  // each case starts as a provider process does: no cached list
  resetLookups();
  resetBatches();
  notes.length = 0;
});

describe("an instance's networks are in its zone", () => {
  it("a new instance in another zone than its network is refused at check, naming networkIds and the rule", async () => {
    const failures = await failuresOf(instance, {}, vmArgs({ zoneId: zoneB }));
    expect(failures).toEqual([
      {
        property: "networkIds",
        reason: expect.stringMatching(
          new RegExp(
            `^networkIds names network ${netA.id} in .*, which is in zone de-fra-1a, not in the instance's zone ${zoneB}: an instance's networks must be in its zone`,
          ),
        ),
      },
    ]);
  });

  it("moving an existing instance to another zone (a delete-first replacement) is refused at check, before diff", async () => {
    const news = vmArgs({ name: "web-1", zoneId: zoneB });
    // what diff would decide: replace, deleting first (the host name is kept)
    const d = await instance.diff!(vm.id, vm.outs, news);
    expect(d).toMatchObject({ replaces: ["zoneId"], deleteBeforeReplace: true });
    const failures = await failuresOf(instance, vm.inputs, news);
    expect(failures.map((f) => f.property)).toEqual(["networkIds"]);
    expect(failures[0].reason).toContain("not in the instance's zone");
  });

  it("the same with the network written as plain text: an id the resource names already is still judged", async () => {
    // only what the change brings is looked up (a kept id may name a record since gone), yet the zone moves
    const news = { ...vmArgs({ name: "web-1", zoneId: zoneB }), [PLAIN_REFERENCES]: ["networkIds"] };
    const failures = await failuresOf(instance, vm.inputs, news);
    expect(failures.map((f) => f.property)).toEqual(["networkIds"]);
    expect(failures[0].reason).toContain("not in the instance's zone");
  });

  it("the instance as it is passes; a network not known yet (made by the same program) is not judged", async () => {
    expect(await failuresOf(instance, vm.inputs, vmArgs({ name: "web-1" }))).toEqual([]);
    expect(await failuresOf(instance, {}, vmArgs({ zoneId: zoneB, networkIds: [UNKNOWN] }))).toEqual([]);
    expect(await failuresOf(instance, {}, vmArgs({ zoneId: UNKNOWN }))).toEqual([]);
  });

  it("a network made after the list was read is found by a fresher read, and judged", async () => {
    expect(await failuresOf(instance, {}, vmArgs())).toEqual([]); // the list is cached now
    const netB = await made(network, { name: "net-b", zoneId: zoneB, networkOfferingId: cat.isolated });
    expect(await failuresOf(instance, {}, vmArgs({ zoneId: zoneB, networkIds: [netB.id] }))).toEqual([]);
    const wrong = await failuresOf(instance, {}, vmArgs({ networkIds: [netB.id] }));
    expect(wrong.map((f) => f.property)).toEqual(["networkIds"]);
  });
});

describe("fixed addresses are host addresses of their networks, in the instance's zone", () => {
  it("an address outside its network's range, or its gateway, is refused; a host address of it passes", async () => {
    // each a preview of its own (a new provider process): one program's two instances may not fix one address
    const fixed = (ipAddress: string, over: Rec = {}) => {
      resetLookups();
      return failuresOf(
        instance,
        {},
        vmArgs({ ipToNetworkList: [{ networkId: netA.id, ipAddress }], ...over }),
      );
    };
    const outside = await fixed("10.9.9.9");
    expect(outside).toEqual([
      {
        property: "ipToNetworkList",
        reason: `ipToNetworkList fixes 10.9.9.9 on network net-a (${netA.id}), whose range is 10.1.1.0/24: a fixed address must be a host address of its network's range, not its gateway`,
      },
    ]);
    expect((await fixed("10.1.1.1")).map((f) => f.property)).toEqual(["ipToNetworkList"]);
    expect(await fixed("10.1.1.20")).toEqual([]);
    // without networkIds the list's networks are the instance's: they must be in its zone
    const moved = await fixed("10.1.1.20", { networkIds: undefined, zoneId: zoneB });
    expect(moved.map((f) => f.reason)).toEqual([expect.stringContaining("not in the instance's zone")]);
    expect(await fixed("10.1.1.20", { networkIds: undefined })).toEqual([]);
    expect(
      await failuresOf(
        instance,
        {},
        vmArgs({ ipToNetworkList: [{ networkId: UNKNOWN, ipAddress: "10.9.9.9" }], networkIds: undefined }),
      ),
    ).toEqual([]);
  });
});

describe("a VPC tier lies in its VPC and overlaps no other tier", () => {
  it("a tier overlapping another tier of the VPC is refused, naming the tier it overlaps", async () => {
    const failures = await failuresOf(
      network,
      {},
      tierArgs({ name: "t2", gateway: "10.70.1.129", netmask: "255.255.255.128" }),
    );
    expect(failures).toEqual([
      {
        property: "gateway",
        reason: `gateway and netmask make the range 10.70.1.128/25, which overlaps tier tier (${tier.id}, 10.70.1.0/24) of VPC ${vpcId}: the tiers of a VPC may not overlap. If another cim.Network of this stack holds it (a rename), give this one the old name in its \`aliases\` option (in Pulumi YAML, the old resource's URN), or remove the old one in an up of its own first; for \`pulumi up --replace\` of the one holding it, change the value for that \`up\` and back in the next (or \`pulumi destroy --target\` it first, which deletes what depends on it too); if a \`pulumi up\` stopped while making this one, \`npx pulumi-cim recover\` records what it made; else pick a free range of the VPC`,
      },
    ]);
  });

  it("a tier outside the VPC's range, or in another zone than the VPC, is refused", async () => {
    const outside = await failuresOf(network, {}, tierArgs({ name: "t3", gateway: "10.71.0.1" }));
    expect(outside).toEqual([
      {
        property: "gateway",
        reason: expect.stringContaining(
          "has the range 10.70.0.0/16: the tier's range 10.71.0.0/24 (gateway and netmask) is not inside it",
        ),
      },
    ]);
    const zone = await failuresOf(network, {}, tierArgs({ name: "t4", zoneId: zoneB, gateway: "10.70.9.1" }));
    expect(zone.map((f) => f.property)).toEqual(["zoneId"]);
    expect(zone[0].reason).toContain("a tier is in its VPC's zone");
  });

  it("the tier itself passes, and so does its delete-first replacement on the same or an overlapping range", async () => {
    expect(await failuresOf(network, tier.inputs, tierArgs())).toEqual([]);
    expect(await failuresOf(network, tier.inputs, tierArgs({ networkDomain: "other.internal" }))).toEqual([]);
    const wider = tierArgs({ netmask: "255.255.254.0", gateway: "10.70.0.1" });
    expect(await failuresOf(network, tier.inputs, wider)).toEqual([]);
    // a replacement whose range overlaps the old one must delete first: the API refuses two overlapping tiers
    const d = await network.diff!(tier.id, { ...tier.inputs }, wider);
    expect(d).toMatchObject({ deleteBeforeReplace: true });
    const elsewhere = tierArgs({ gateway: "10.70.5.1" });
    expect(await network.diff!(tier.id, { ...tier.inputs }, elsewhere)).toMatchObject({
      deleteBeforeReplace: false,
    });
  });

  it("a VPC not known yet is not judged; a free range of a known VPC passes", async () => {
    expect(await failuresOf(network, {}, tierArgs({ vpcId: UNKNOWN }))).toEqual([]);
    // its id is not known, but that it is a VPC's is: an offering for isolated networks cannot make a tier
    const isolated = await failuresOf(
      network,
      {},
      tierArgs({ vpcId: UNKNOWN, networkOfferingId: cat.isolated }),
    );
    expect(isolated).toEqual([
      {
        property: "networkOfferingId",
        reason: expect.stringMatching(
          /^network offering \S+ cannot be used for a VPC tier: pick an offering made for VPCs/,
        ),
      },
    ]);
    expect(await failuresOf(network, {}, tierArgs({ name: "t5", gateway: "10.70.2.1" }))).toEqual([]);
  });
});

describe("a host name another instance has is refused unless the resource is that instance or adopts it", () => {
  it("a new instance with a taken host name (any case) is refused, naming the instance that has it", async () => {
    const failures = await failuresOf(instance, {}, vmArgs({ name: "WEB-1" }));
    expect(failures).toEqual([
      {
        property: "name",
        reason: `name "WEB-1" is taken: instance ${vm.id} (state Running) has that host name, and host names are unique in a region (the API refuses a second). If another cim.Instance of this stack holds it (a rename), give this one the old name in its \`aliases\` option (in Pulumi YAML, the old resource's URN), or remove the old one in an up of its own first; for \`pulumi up --replace\` of the one holding it, change the value for that \`up\` and back in the next (or \`pulumi destroy --target\` it first, which deletes what depends on it too); if a \`pulumi up\` stopped while making this one, \`npx pulumi-cim recover\` records what it made; else choose another name, or adopt that instance with adoptId`,
      },
    ]);
  });

  it("renaming to a taken name is refused; keeping its own name (update or delete-first replacement) passes", async () => {
    const other = await made(instance, vmArgs({ name: "web-2" }));
    expect(
      (await failuresOf(instance, other.inputs, vmArgs({ name: "web-1" }))).map((f) => f.property),
    ).toEqual(["name"]);
    expect(await failuresOf(instance, other.inputs, vmArgs({ name: "web-2", rootDiskSize: 40 }))).toEqual([]);
    expect(await failuresOf(instance, {}, vmArgs({ name: UNKNOWN }))).toEqual([]);
  });
  it("a replacement's second check (no old inputs, as the engine sends it) passes what the resource itself holds", async () => {
    // Pulumi checks a resource it will replace once more with no old inputs: the holder of the name, or of the
    // overlapping range, is then the resource being replaced, found in the same process's first check
    await made(instance, vmArgs({ name: "web-8" }));
    resetLookups(); // a new provider process
    const fresh = vmArgs({ name: "web-1", templateId: cat.templateId, rootDiskSize: 40 });
    expect((await failuresOf(instance, {}, fresh)).map((f) => f.property)).toEqual(["name"]);
    // the engine: check with the old inputs, diff (a replacement), check again without them
    const first = await instance.check!(vm.inputs, fresh);
    expect(first.failures ?? []).toEqual([]);
    expect((await instance.diff!(vm.id, vm.outs, first.inputs)).replaces).toEqual(["rootDiskSize"]);
    expect(await failuresOf(instance, {}, fresh)).toEqual([]);
    const wider = tierArgs({ netmask: "255.255.254.0", gateway: "10.70.0.1" });
    const tierFirst = await network.check!(tier.inputs, wider);
    expect(tierFirst.failures ?? []).toEqual([]);
    expect((await network.diff!(tier.id, tier.inputs, tierFirst.inputs)).replaces?.length).toBeGreaterThan(0);
    expect(await failuresOf(network, {}, wider)).toEqual([]);
    // a name no resource of this deployment held before is still refused in a check without old inputs
    expect((await failuresOf(instance, {}, vmArgs({ name: "web-8" }))).map((f) => f.property)).toEqual([
      "name",
    ]);
  });

  it("a replacement that must delete first says so at preview, and why; one that gives the name up does not", async () => {
    resetLookups();
    // a warning: `pulumi preview --diff` shows neither the delete step nor info lines
    const warned: string[] = [];
    captureWarnings((m) => warned.push(m));
    try {
      const kept = await instance.diff!(vm.id, vm.outs, { ...vm.inputs, rootDiskSize: 40 });
      expect(kept).toMatchObject({ replaces: ["rootDiskSize"], deleteBeforeReplace: true });
      expect(warned).toEqual([
        `cim:Instance "web-1" (id ${vm.id}): this up deletes it first, then makes its replacement, since the new one keeps host name web-1, which two instances of a region cannot share: until the replacement is made, neither exists`,
      ]);
      warned.length = 0;
      const renamed = await instance.diff!(vm.id, vm.outs, {
        ...vm.inputs,
        name: "web-1c",
        rootDiskSize: 40,
      });
      expect(renamed).toMatchObject({ replaces: ["rootDiskSize"], deleteBeforeReplace: false });
      expect(warned).toEqual([]);
    } finally {
      captureWarnings();
    }
    resetLookups();
  });

  it("a failed record an earlier run's delete-before-replace deleted already: the next diff says only that its replacement is made", async () => {
    // the run deleted the old instance, then ended before the replacement was made; state still holds the record
    const old = await made(instance, vmArgs({ name: "web-gone" }));
    await instance.delete!(old.id, old.outs);
    resetLookups();
    const warned: string[] = [];
    captureWarnings((m) => warned.push(m));
    notes.length = 0;
    try {
      const d = await instance.diff!(
        old.id,
        { ...old.outs, state: "Error" },
        { ...old.inputs, rootDiskSize: 40 },
      );
      expect(d).toMatchObject({ deleteBeforeReplace: true });
      expect(d.replaces).toContain("rootDiskSize");
      expect(warned).toEqual([]);
      expect(notes).toEqual([
        `cim:Instance "web-gone" (id ${old.id}) is gone already (deleted by an earlier run that ended before making its replacement, or outside this program): this up deletes nothing and makes its replacement`,
      ]);
    } finally {
      captureWarnings();
    }
    resetLookups();
  });

  it("a dependent the engine deletes first (what it stands on is replaced delete-first) keeps what it held", async () => {
    // The engine asks the dependent's diff with the inputs taken from the replaced resource unknown, deletes it if
    // that replaces, and later checks its registration with no old inputs: at preview nothing is deleted yet, so
    // the live record still holding its host name is the dependent itself, not another instance.
    resetLookups();
    const viaDependency = { ...vm.inputs, networkIds: UNKNOWN };
    expect((await instance.diff!(vm.id, vm.outs, viaDependency)).replaces).toContain("networkIds");
    expect(await failuresOf(network, {}, tierArgs({ name: "t-dep", gateway: "10.70.30.1" }))).toEqual([]);
    expect(await failuresOf(instance, {}, vm.inputs)).toEqual([]);
    // a new instance of the same program taking that name is still refused: the dependent claims it
    const newcomer = await failuresOf(instance, {}, vmArgs({ name: "web-1", displayName: "another" }));
    expect(newcomer.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^name "web-1": another cim\.Instance of this program claims the same/),
    ]);
    // a replacement that gives the name up does not keep it for anyone: a new instance taking it is refused
    resetLookups();
    expect((await instance.diff!(vm.id, vm.outs, { ...vm.inputs, name: "web-1b" })).replaces).toEqual([]);
    const renamed = await instance.diff!(vm.id, vm.outs, { ...vm.inputs, name: "web-1b", rootDiskSize: 40 });
    expect(renamed.replaces).toEqual(["rootDiskSize"]);
    expect(await failuresOf(network, {}, tierArgs({ name: "t-dep2", gateway: "10.70.31.1" }))).toEqual([]);
    expect(
      (await failuresOf(instance, {}, vmArgs({ name: "web-1", displayName: "x" }))).map((f) => f.property),
    ).toEqual(["name"]);
  });

  it("a new resource claiming what another resource of the deployment holds is refused: it is not that resource's second check", async () => {
    // the dynamic host's checks do not say which resource they are about: an unchanged instance of the stack is
    // checked (its old inputs hold web-1), then a new one the program adds with the same name, other inputs
    resetLookups();
    expect(await failuresOf(instance, vm.inputs, vm.inputs)).toEqual([]);
    const newcomer = await failuresOf(instance, {}, vmArgs({ name: "web-1", displayName: "second web" }));
    expect(newcomer.map((f) => f.property)).toEqual(["name"]);
    // a copy of it (the same inputs, as a copied declaration gives) is refused too: no diff said it is replaced
    expect((await failuresOf(instance, {}, vm.inputs)).map((f) => f.property)).toEqual(["name"]);
  });

  it("a name given up since the shared list was read is free: a clash is read once more before it counts", async () => {
    const held = await made(instance, vmArgs({ name: "web-3" }));
    resetLookups(); // a new provider process: its first list shows web-3
    expect((await failuresOf(instance, {}, vmArgs({ name: "web-3" }))).map((f) => f.property)).toEqual([
      "name",
    ]);
    // the list that saw web-3 is cached; the instance is renamed outside this process
    await instance.update!(held.id, held.outs, vmArgs({ name: "web-3b" }));
    expect(await failuresOf(instance, {}, vmArgs({ name: "web-3" }))).toEqual([]);
  });
});

describe("adoption at preview", () => {
  it("an adoption that matches says so in a note naming the id, and passes", async () => {
    const failures = await failuresOf(instance, {}, vmArgs({ name: "web-1", adoptId: vm.id }));
    expect(failures).toEqual([]);
    expect(notes).toEqual([
      expect.stringContaining(
        `adopts the existing instance ${vm.id} (adoptId): the plan shows "+ create", but nothing is created`,
      ),
    ]);
  });

  it("a kind without a name of its own is named by the program's name where the request says it (the plugin)", async () => {
    const publicIp = providerFor("PublicIp");
    const ip = await made(publicIp, { networkId: netA.id });
    notes.length = 0;
    await failuresOf(publicIp, {}, { networkId: netA.id, adoptId: ip.id });
    // from its inputs alone (the dynamic path): no address yet, so no name
    expect(notes[0]).toMatch(/^cim:PublicIp: adopts the existing public IP/);
    notes.length = 0;
    const urn = "urn:pulumi:dev::app::cim:index:PublicIp::web-ip";
    await aboutResource(urn, () => failuresOf(publicIp, {}, { networkId: netA.id, adoptId: ip.id }));
    expect(notes[0]).toMatch(/^cim:PublicIp "web-ip": adopts the existing public IP/);
  });

  it("the note names each in-place field the adoption will change, live value to the program's", async () => {
    const failures = await failuresOf(
      instance,
      {},
      vmArgs({ name: "web-1", adoptId: vm.id, displayName: "renamed", powerState: "stopped" }),
    );
    expect(failures).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /its in-place fields set to the program's: displayName "[^"]+" → "renamed", powerState "running" → "stopped"$/,
    );
  });

  it("an adoption whose zone or networks differ from the program's is refused at check, naming the field", async () => {
    const failures = await failuresOf(
      instance,
      {},
      vmArgs({ zoneId: zoneB, networkIds: undefined, adoptId: vm.id }),
    );
    expect(failures.map((f) => f.property)).toEqual(["zoneId"]);
    expect(failures[0].reason).toContain(
      `differs from the adopted instance ${vm.id}'s "${zoneA}": zoneId cannot change in place`,
    );
    const tierAdopt = await failuresOf(network, {}, tierArgs({ adoptId: netA.id }));
    expect(tierAdopt.map((f) => f.property).sort()).toEqual(["gateway", "networkOfferingId", "vpcId"]);
    expect(notes).toEqual([]);
  });

  it("an adoption of an id the region does not have is refused at check", async () => {
    const failures = await failuresOf(
      instance,
      {},
      vmArgs({ adoptId: "0b7e2a41-5f0c-4d8e-9a43-7c1d2e3f4a5b" }),
    );
    expect(failures).toEqual([
      { property: "adoptId", reason: expect.stringContaining("names no instance in the default region") },
    ]);
  });
});

it("preview of 200 instances, 200 tiers and 200 adoptions naming the same network and VPC reads each list once", async () => {
  await ctl.resetRequests();
  const checks = Array.from({ length: 200 }, (_, i) => [
    failuresOf(instance, {}, vmArgs({ name: `many-${i}` })),
    failuresOf(network, {}, tierArgs({ name: `many-${i}`, gateway: `10.70.${10 + i}.1` })),
    // a generated program that adopts many resources: their records come from the same lists
    failuresOf(instance, {}, vmArgs({ name: "web-1", adoptId: vm.id })),
  ]).flat();
  for (const f of await Promise.all(checks)) expect(f).toEqual([]);
  const counts = await ctl.requests();
  expect(counts["GET /api/v1/networks"]).toBe(1);
  expect(counts["GET /api/v1/vpcs"]).toBe(1);
  expect(counts["GET /api/v1/compute/instances/all"]).toBe(1);
  expect(counts["GET /api/v1/compute/instances/{id}"]).toBeUndefined();
});

describe("what the platform refuses only after it made the resource is said at preview, whatever gave the ids", () => {
  it("a volume attached to an instance of another zone is refused, naming instanceId; one of the same zone passes", async () => {
    const get = async (path: string) =>
      (
        await fetch(`${emu.url}/api/v1${path}`, {
          headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
        })
      ).json() as Promise<Rec[]>;
    const custom = (await get("/offerings/disk")).find((d) => d.customized)!.id;
    const volume = providerFor("Volume");
    const args = (zoneId: string) => ({
      name: "data",
      zoneId,
      diskOfferingId: custom,
      size: 10,
      instanceId: vm.id,
    });
    expect(await failuresOf(volume, {}, args(zoneB))).toEqual([
      {
        property: "instanceId",
        reason: expect.stringContaining(
          `is in zone de-fra-1a, not in the volume's zone ${zoneB}: the platform attaches a volume only to an instance of its own zone`,
        ),
      },
    ]);
    expect(await failuresOf(volume, {}, args(zoneA))).toEqual([]);
    // a volume moved to another zone (a replacement) that keeps its plain instanceId: judged all the same
    const plain = { [PLAIN_REFERENCES]: ["instanceId"] };
    expect(
      (await failuresOf(volume, args(zoneA), { ...args(zoneB), ...plain })).map((f) => f.property),
    ).toEqual(["instanceId"]);
  });

  it("a load-balancer rule whose member has no NIC on the rule's network is refused, naming memberIds", async () => {
    const netB = await made(network, { name: "net-lb-b", zoneId: zoneA, networkOfferingId: cat.isolated });
    const elsewhere = await made(instance, vmArgs({ name: "web-b", networkIds: [netB.id] }));
    const ip = await made(providerFor("PublicIp"), { networkId: netA.id });
    const rule = providerFor("LoadBalancerRule");
    const args = (memberIds: string[]) => ({
      name: "web",
      publicIpId: ip.id,
      publicPort: 80,
      privatePort: 8080,
      memberIds,
    });
    expect(await failuresOf(rule, {}, args([vm.id, elsewhere.id]))).toEqual([
      {
        property: "memberIds",
        reason: expect.stringMatching(
          new RegExp(
            `^memberIds names instance web-b \\(${elsewhere.id}\\), which has no NIC on network net-a \\(${netA.id}\\)`,
          ),
        ),
      },
    ]);
    resetLookups(); // the program corrected, previewed again: a new provider process
    expect(await failuresOf(rule, {}, args([vm.id]))).toEqual([]);
  });
});

describe("what an instance boots from, named by id", () => {
  it("an attached volume, and a snapshot that does not exist, are refused at preview", async () => {
    const offerings = (await (
      await fetch(`${emu.url}/api/v1/offerings/disk`, {
        headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
      })
    ).json()) as Rec[];
    const custom = offerings.find((o) => o.name === "Custom")!.id as string;
    const attached = await made(providerFor("Volume"), {
      name: "attached-data",
      zoneId: zoneA,
      diskOfferingId: custom,
      size: 10,
      instanceId: vm.id,
    });
    const plain = (field: string) => ({ [PLAIN_REFERENCES]: [field] });
    const fromVolume = vmArgs({ imageType: "volume", volumeId: attached.id, ...plain("volumeId") });
    expect((await failuresOf(instance, {}, fromVolume)).map((f) => f.reason)).toEqual([
      `volumeId names volume ${attached.id} in the default region (cim:region is not set), which is attached to instance ${vm.id}: a volume becomes a root disk only detached. Detach it first (leave out its instanceId) in an up of its own`,
    ]);
    const missing = "00000000-0000-4000-8000-000000000000";
    const fromSnapshot = vmArgs({ imageType: "snapshot", snapshotId: missing, ...plain("snapshotId") });
    expect((await failuresOf(instance, {}, fromSnapshot)).map((f) => f.reason)).toEqual([
      expect.stringMatching(new RegExp(`^snapshotId names no volume snapshot with id "${missing}"`)),
    ]);
  });
});

describe("references a resource holds already", () => {
  // a backup outlives its instance, an instance the template it was made from: what is not sent again is not
  // judged again, or every later preview of the stack would be refused
  const gone = "0b5e7d2a-1f3c-4e55-9a77-3d1f00c0ffee";

  it("a catalogue id the resource was made with and no longer listed passes; a new one is refused", async () => {
    const made = vmArgs({ name: "kept-template", templateId: gone });
    expect((await failuresOf(instance, made, made)).map((f) => f.property)).not.toContain("templateId");
    expect((await failuresOf(instance, {}, made)).map((f) => f.property)).toContain("templateId");
  });

  it("a resource id the resource names already passes when gone; a new one is refused", async () => {
    const backup = providerFor("Backup");
    const plain = { [PLAIN_REFERENCES]: ["instanceId"] };
    const kept = { instanceId: gone, ...plain };
    expect(await failuresOf(backup, { instanceId: gone }, kept)).toEqual([]);
    expect((await failuresOf(backup, {}, kept)).map((f) => f.reason)).toEqual([
      expect.stringMatching(new RegExp(`^instanceId names no instance with id "${gone}"`)),
    ]);
    // a list: only its new elements (an instance's key pair name, looked up by name; the API takes one)
    const keys = (sshKeyNames: string[]) =>
      vmArgs({ name: "kept-keys", sshKeyNames, [PLAIN_REFERENCES]: ["sshKeyNames"] });
    const about = async (olds: Rec, news: Rec) =>
      (await failuresOf(instance, olds, news))
        .filter((f) => f.property === "sshKeyNames")
        .map((f) => f.reason);
    expect(await about(keys(["gone-key"]), keys(["gone-key"]))).toEqual([]);
    expect(await about(keys(["gone-key"]), keys(["other-key"]))).toEqual([
      expect.stringMatching(/^sshKeyNames names no SSH key pair named "other-key"/),
    ]);
  });
});

describe("a program whose SDK does not list its plain references (Pulumi YAML, another language on the plugin)", () => {
  // Without the SDK's list, check cannot tell `group: web` from `group: ${grp.name}`: every known value is looked
  // up. An id is unknown at preview until its resource is made; a name is known, and a resource checked earlier in
  // the run that claims it may be the one to make it (the one a name comes from is checked first).
  const gone = "0b5e7d2a-1f3c-4e55-9a77-3d1f00c0ffee";

  it("a name no record has and no resource of the run claims is refused; one a resource claims passes", async () => {
    const group = (name: string) => vmArgs({ name: `grouped-${name}`, group: name });
    expect((await failuresOf(instance, {}, group("no-such-group"))).map((f) => f.reason)).toEqual([
      expect.stringMatching(/^group names no instance group named "no-such-group" in .*cim\.InstanceGroup/),
    ]);
    // the group is declared in the same program: its check came first and claims the name
    resetLookups();
    expect(await failuresOf(providerFor("InstanceGroup"), {}, { name: "made-this-run" })).toEqual([]);
    expect(await failuresOf(instance, {}, group("made-this-run"))).toEqual([]);
    // a list of names the same way (the API takes one key pair an instance)
    expect(await failuresOf(providerFor("SshKeyPair"), {}, { name: "ops-key", publicKey: ED25519 })).toEqual(
      [],
    );
    const keyed = (name: string) => vmArgs({ name: `keyed-${name}`, sshKeyNames: [name] });
    expect(await failuresOf(instance, {}, keyed("ops-key"))).toEqual([]);
    expect((await failuresOf(instance, {}, keyed("ghost-key"))).map((f) => f.reason)).toEqual([
      expect.stringMatching(/^sshKeyNames names no SSH key pair named "ghost-key"/),
    ]);
  });

  it("a name claimed in another region does not pass: the reference is looked up in its own region", async () => {
    const regions = (await (
      await fetch(`${emu.url}/api/v1/regions`, {
        headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
      })
    ).json()) as Rec[];
    const other = regions.find((r) => !r.primary)!.id as string;
    expect(await failuresOf(providerFor("InstanceGroup"), {}, { name: "team-away", region: other })).toEqual(
      [],
    );
    expect(
      (await failuresOf(instance, {}, vmArgs({ name: "away", group: "team-away" }))).map((f) => f.reason),
    ).toEqual([
      expect.stringMatching(/^group names no instance group named "team-away" in the default region/),
    ]);
  });

  it("a claim under another provider of the deployment (another plugin process): a name it makes passes, a host name it takes is refused", async () => {
    // the engine runs one plugin process per provider; those of one deployment share the engine's process and
    // server address; each request names its resource (its URN)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-claims-"));
    const as = <T>(kind: string, name: string, fn: () => Promise<T>) =>
      aboutResource(`urn:pulumi:dev::app::cim:index:${kind}::${name}`, fn);
    const group = providerFor("InstanceGroup");
    try {
      shareWithDeployment(dir, process.pid, "127.0.0.1:40001");
      expect(
        await as("InstanceGroup", "team", () => failuresOf(group, {}, { name: "team-elsewhere" })),
      ).toEqual([]);
      const vm1 = vmArgs({ name: "elsewhere-1" });
      expect(await as("Instance", "one", () => failuresOf(instance, {}, vm1))).toEqual([]);
      expect(fs.readdirSync(dir)).toHaveLength(1);
      // a name is written as a digest only: it may come from a secret
      const text = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), "utf8");
      expect(text).not.toContain("team-elsewhere");
      expect(text).not.toContain("elsewhere-1");
      // the other provider's process: none of the first one's claims in memory
      shareWithDeployment(dir, process.pid, "127.0.0.1:40001");
      resetLookups();
      const vm = vmArgs({ name: "elsewhere", group: "team-elsewhere" });
      expect(await as("Instance", "two", () => failuresOf(instance, {}, vm))).toEqual([]);
      expect(
        await as("Instance", "three", () => failuresOf(instance, {}, vmArgs({ name: "elsewhere-1" }))),
      ).toEqual([
        {
          property: "name",
          reason: expect.stringContaining(
            'name "elsewhere-1": cim.Instance "one" of this program claims the same, and only one instance may hold it at a time',
          ),
        },
      ]);
      // a process of another operation of the same engine (`pulumi up`'s update after its preview: another
      // server address) does not see them, nor one of another engine process
      for (const [parent, operation] of [
        [process.pid, "127.0.0.1:40002"],
        [1, "127.0.0.1:40001"],
      ] as const) {
        shareWithDeployment(dir, parent, operation);
        resetLookups();
        expect(
          (await as("Instance", "two", () => failuresOf(instance, {}, vm))).map((f) => f.property),
        ).toEqual(["group"]);
      }
    } finally {
      stopSharing();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("of two resources under two providers claiming one host name at once, only the one told later is refused", async () => {
    // both processes tell their claim before either reads the other's: the file's order decides, as the order of
    // the checks does under one provider
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-order-"));
    const urn = (name: string) => `urn:pulumi:dev::app::cim:index:Instance::${name}`;
    const check = (name: string) =>
      aboutResource(urn(name), () => failuresOf(instance, {}, vmArgs({ name: "at-once" })));
    try {
      shareWithDeployment(dir, process.pid, "127.0.0.1:40003");
      expect(await check("first")).toEqual([]);
      // the other process's claim of the same name, told after this one's (its line, under another teller)
      const file = path.join(dir, fs.readdirSync(dir)[0]);
      const mine = fs
        .readFileSync(file, "utf8")
        .split("\n")
        .find((l) => l.startsWith("claim ") && l.includes(urn("first")) && !l.includes('"value"'))!;
      const [, , , json] = mine.match(/^(\S+) (\S+) (.*)$/)!;
      const theirs = JSON.parse(json);
      fs.appendFileSync(file, `claim 999-other ${JSON.stringify({ ...theirs, urn: urn("second") })}\n`);
      // this one checked again (as after its diff): the other gives way, not this one
      expect(await check("first")).toEqual([]);
      // a third process, checking after both, is refused naming the earliest
      shareWithDeployment(dir, process.pid, "127.0.0.1:40003");
      resetLookups();
      expect((await check("third")).map((f) => f.reason)).toEqual([
        expect.stringContaining('cim.Instance "first" of this program claims the same'),
      ]);
    } finally {
      stopSharing();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a change a diff of another provider's process found counts here: the offering it gives, the schedule it takes away", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-changes-"));
    const offerings = (await (
      await fetch(`${emu.url}/api/v1/offerings/backup`, {
        headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
      })
    ).json()) as Rec[];
    const [gold, silver] = offerings.filter((o) => o.zoneId === zoneA).map((o) => o.id as string);
    const backup = providerFor("Backup");
    const schedule = providerFor("BackupSchedule");
    const sched = { instanceId: vm.id, intervalType: "DAILY", schedule: "30:02" };
    try {
      shareWithDeployment(dir, process.pid);
      // the instance's diff (its provider's process) gives it an offering
      const given = await instance.diff!(vm.id, vm.outs, { ...vm.inputs, backupOfferingId: gold });
      expect(given.changes).toBe(true);
      // the schedule's provider's process: nothing of the first one's in memory
      shareWithDeployment(dir, process.pid);
      resetLookups();
      expect(await failuresOf(backup, {}, { instanceId: vm.id })).toEqual([]);
      // the instance's diff moves it to another offering: the platform takes its schedules away with the old one
      const held = { ...vm.outs, backupOfferingId: gold };
      await instance.diff!(vm.id, held, { ...vm.inputs, backupOfferingId: silver });
      shareWithDeployment(dir, process.pid);
      resetLookups();
      expect((await schedule.diff!("sched-1", sched, sched)).replaces).toEqual(["instanceId"]);
      // a process of another deployment (another parent) knows neither
      shareWithDeployment(dir, 1);
      resetLookups();
      expect((await failuresOf(backup, {}, { instanceId: vm.id })).map((f) => f.property)).toEqual([
        "instanceId",
      ]);
      expect((await schedule.diff!("sched-1", sched, sched)).changes).toBe(false);
      // what is written: kinds, ids and field names (no value)
      const text = fs
        .readdirSync(dir)
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("");
      expect(text).not.toContain(gold);
    } finally {
      stopSharing();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an id that names nothing is refused; one the resource holds already is not judged again", async () => {
    const backup = providerFor("Backup");
    expect((await failuresOf(backup, {}, { instanceId: gone })).map((f) => f.reason)).toEqual([
      expect.stringMatching(new RegExp(`^instanceId names no instance with id "${gone}"`)),
    ]);
    expect(await failuresOf(backup, { instanceId: gone }, { instanceId: gone })).toEqual([]);
    // one that names an instance is found; what the platform requires of it (a backup offering, which no diff of
    // this run gives it) is judged too
    expect((await failuresOf(backup, {}, { instanceId: vm.id })).map((f) => f.reason)).toEqual([
      expect.stringMatching(
        new RegExp(`^instanceId names instance ${vm.id} in .*, which has no backup offering`),
      ),
    ]);
  });

  it("a record made after a list already in flight began is looked for in a list begun after it", async () => {
    // the list of instances the first check begins is held until the instance below is made: a second check
    // that joins it would miss the instance its reference names, made earlier in the same up
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const real = kinds.Instance.api.list!;
    let lists = 0;
    // a kind of its own name: its list is not the one the check of the instance made below reads (held, that
    // check would wait for the release that follows it)
    const gated = {
      ...kinds.Instance,
      name: "GatedInstance",
      api: {
        ...kinds.Instance.api,
        list: async (s: Parameters<typeof real>[0]) => {
          const first = ++lists === 1;
          const rows = await real(s);
          if (first) await held;
          return rows;
        },
      },
    } as Kind;
    const early = mustReferToExisting("Backup", undefined, "instanceId", vm.id, gated, "id");
    while (lists === 0) await new Promise((r) => setTimeout(r, 5));
    const later = await made(instance, vmArgs({ name: "made-meanwhile" }));
    const joining = mustReferToExisting("Backup", undefined, "instanceId", later.id, gated, "id");
    release();
    expect(await early).toEqual([]);
    expect(await joining).toEqual([]);
    expect(lists).toBe(2);
    await instance.delete!(later.id, later.outs);
  });
});

describe("two new resources of one program claiming clashing values", () => {
  it("a tier overlapping another new tier of the VPC is refused, the other's range written as a range", async () => {
    const urn = (name: string) => `urn:pulumi:dev::app::cim:index:Network::${name}`;
    const first = tierArgs({ name: "t-a", gateway: "10.70.8.1", netmask: "255.255.255.0" });
    expect(await aboutResource(urn("a"), () => failuresOf(network, {}, first))).toEqual([]);
    const wider = tierArgs({ name: "t-b", gateway: "10.70.8.1", netmask: "255.255.254.0" });
    const refused = await aboutResource(urn("b"), () => failuresOf(network, {}, wider));
    expect(refused).toEqual([
      {
        property: "gateway",
        reason: `gateway "10.70.8.1": cim.Network "a" of this program claims the range 10.70.8.0/24 of VPC ${vpcId}, which clashes with it, and only one network may hold it at a time (the API would refuse whichever it makes second). Change one of the two, or remove the one not meant to be there`,
      },
    ]);
  });

  it("a private gateway on the VLAN another new gateway of the VPC claims is refused", async () => {
    const gateway = providerFor("VpcGateway");
    const urn = (name: string) => `urn:pulumi:dev::app::cim:index:VpcGateway::${name}`;
    const gw = gatewayArgs;
    expect(await aboutResource(urn("a"), () => failuresOf(gateway, {}, gw(9, 309)))).toEqual([]);
    expect(await aboutResource(urn("b"), () => failuresOf(gateway, {}, gw(10, 309)))).toEqual([
      {
        property: "vlan",
        reason: `vlan 309: cim.VpcGateway "a" of this program claims the same (VLAN 309, in the zone of VPC ${vpcId}), and only one VPC private gateway may hold it at a time (the API would refuse whichever it makes second). Change one of the two, or remove the one not meant to be there`,
      },
    ]);
    expect(await aboutResource(urn("b"), () => failuresOf(gateway, {}, gw(10, 310)))).toEqual([]);
  });

  it("a gateway replaced on its own VLAN is not refused for what its own record holds (it deletes first)", async () => {
    const gateway = providerFor("VpcGateway");
    const args = gatewayArgs(20, 320);
    const gw = await made(gateway, args);
    resetLookups(); // the next preview: a new provider process
    const changed = { ...args, sourceNatSupported: true };
    const first = await gateway.check!(gw.inputs, changed);
    expect(first.failures ?? []).toEqual([]);
    const diff = await gateway.diff!(gw.id, gw.inputs, first.inputs);
    expect(diff.replaces).toEqual(["sourceNatSupported"]);
    expect(diff.deleteBeforeReplace).toBe(true);
    // the replacement's second check, with no old inputs, finds the gateway it replaces on the VLAN
    expect(await failuresOf(gateway, {}, changed)).toEqual([]);
  });

  it("a new gateway on the VLAN a gateway of the program holds is refused once, naming that gateway", async () => {
    const gateway = providerFor("VpcGateway");
    const args = gatewayArgs(30, 330);
    const gw = await made(gateway, args);
    resetLookups(); // the next preview: the gateway checked again, unchanged, then a new one on its VLAN
    const urn = (name: string) => `urn:pulumi:dev::app::cim:index:VpcGateway::${name}`;
    expect(await aboutResource(urn("a"), () => failuresOf(gateway, gw.inputs, args))).toEqual([]);
    const second = gatewayArgs(31, 330);
    expect(await aboutResource(urn("b"), () => failuresOf(gateway, {}, second))).toEqual([
      {
        property: "vlan",
        reason: `vlan 330: private gateway 172.16.30.2 (${gw.id}) of VPC ${vpcId} is on that VLAN in zone de-fra-1a, and a VLAN of the zone carries one network (the API refuses a second). Give another VLAN`,
      },
    ]);
  });

  it("on the dynamic path, whose checks do not name their resource, a resource is its program inputs", async () => {
    const first = tierArgs({ name: "t-a", gateway: "10.70.8.1", netmask: "255.255.255.0" });
    expect(await failuresOf(network, {}, first)).toEqual([]);
    // the same inputs checked again (a replacement's second check) are the same resource
    expect(await failuresOf(network, {}, first)).toEqual([]);
    const wider = tierArgs({ name: "t-b", gateway: "10.70.8.1", netmask: "255.255.254.0" });
    expect(await failuresOf(network, {}, wider)).toEqual([
      {
        property: "gateway",
        reason: `gateway "10.70.8.1": another cim.Network (name "t-a") of this program claims the range 10.70.8.0/24 of VPC ${vpcId}, which clashes with it, and only one network may hold it at a time (the API would refuse whichever it makes second). Change one of the two, or remove the one not meant to be there`,
      },
    ]);
    // a range clear of the first passes
    expect(await failuresOf(network, {}, tierArgs({ name: "t-c", gateway: "10.70.12.1" }))).toEqual([]);
  });

  it("a replacement's second check is the resource itself, though ignoreChanges gave its first check other inputs", async () => {
    // the program moves the tier to a wider range (a replacement) and changes networkDomain, which ignoreChanges
    // keeps at its old value in the first check only: the engine checks the program's own inputs the second time
    const moved = { gateway: "10.70.0.1", netmask: "255.255.254.0" };
    const first = await network.check!(tier.inputs, tierArgs(moved));
    expect(first.failures ?? []).toEqual([]);
    expect((await network.diff!(tier.id, tier.inputs, first.inputs)).replaces?.length).toBeGreaterThan(0);
    const programs = tierArgs({ ...moved, networkDomain: "other.internal" });
    expect(await failuresOf(network, {}, programs)).toEqual([]);
    // the same inputs from a resource not replaced (a check that follows no such diff) are another resource's
    expect((await failuresOf(network, {}, programs)).map((f) => f.property)).toEqual(["gateway"]);
  });

  it("one key written with two comments is the same key, and the message says which (its fingerprint)", async () => {
    const keys = providerFor("SshKeyPair");
    const [type, body] = ED25519.split(" ");
    expect(await failuresOf(keys, {}, { name: "kp-a", publicKey: `${type} ${body} alice@desktop` })).toEqual(
      [],
    );
    const again = await failuresOf(keys, {}, { name: "kp-b", publicKey: `${type} ${body} alice@laptop` });
    expect(again.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        /^publicKey "ssh-ed25519 \S+ alice@laptop": another cim\.SshKeyPair \(name "kp-a"\) of this program claims the same \(the key with fingerprint \S+\)/,
      ),
    ]);
  });

  it("a value claimed in the API's default region and in that region by its id is one claim", async () => {
    const regions = (await (
      await fetch(`${emu.url}/api/v1/regions`, {
        headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
      })
    ).json()) as Rec[];
    const primary = regions.find((r) => r.primary)!.id;
    expect(await failuresOf(instance, {}, vmArgs({ name: "reg-1" }))).toEqual([]);
    const named = await failuresOf(
      instance,
      {},
      vmArgs({ name: "reg-1", region: primary, displayName: "b" }),
    );
    expect(named.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^name "reg-1": another cim\.Instance of this program claims the same/),
    ]);
  });

  it("a catalogue id of another region names the region it was looked for in by name and id", async () => {
    const regions = (await (
      await fetch(`${emu.url}/api/v1/regions`, {
        headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
      })
    ).json()) as Rec[];
    const other = regions.find((r) => !r.primary)!;
    const failures = await failuresOf(instance, {}, vmArgs({ name: "reg-2", region: other.id }));
    expect(failures.find((f) => f.property === "zoneId")?.reason).toContain(
      `zoneId ${zoneA} is not a zone of region ${other.name} (${other.id});`,
    );
  });

  it("two instances fixing one address on one network (the instance records do not show it: the program's only)", async () => {
    const fixed = (over: Rec, ...addresses: [string, string][]) =>
      failuresOf(
        instance,
        {},
        vmArgs({
          ipToNetworkList: addresses.map(([networkId, ipAddress]) => ({ networkId, ipAddress })),
          ...over,
        }),
      );
    expect(await fixed({ displayName: "a" }, [netA.id, "10.1.1.30"])).toEqual([]);
    // another address on the same network is free
    expect(await fixed({ displayName: "b" }, [netA.id, "10.1.1.31"])).toEqual([]);
    const twice = await fixed({ displayName: "c" }, [netA.id, "10.1.1.30"]);
    expect(twice).toEqual([
      {
        property: "ipToNetworkList",
        reason: `ipToNetworkList [{"networkId":"${netA.id}","ipAddress":"10.1.1.30"}]: another cim.Instance of this program claims the same (10.1.1.30 on network ${netA.id}), and only one instance may hold it at a time (the API would refuse whichever it makes second). Change one of the two, or remove the one not meant to be there`,
      },
    ]);
  });

  it("on the plugin, a newcomer claiming what a resource of the stack keeps names that resource", async () => {
    const urn = (name: string) => `urn:pulumi:dev::app::cim:index:Instance::${name}`;
    expect(await aboutResource(urn("web"), () => failuresOf(instance, vm.inputs, vm.inputs))).toEqual([]);
    const copy = await aboutResource(urn("web-copy"), () =>
      failuresOf(instance, {}, vmArgs({ name: "web-1", displayName: "a copy" })),
    );
    expect(copy.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        /\(the API refuses a second\)\. It belongs to cim\.Instance "web" of this program, which keeps it: change one of the two, or remove the one not meant to be there$/,
      ),
    ]);
  });

  it("on the dynamic path, a resource keeping its value passes and a newcomer claiming it is refused", async () => {
    // the stack's instance, unchanged, then a new one of the program with its host name and other inputs: the
    // record holding it is named (not "whichever the API makes second": one is made already)
    expect(await failuresOf(instance, vm.inputs, vm.inputs)).toEqual([]);
    const newcomer = await failuresOf(instance, {}, vmArgs({ name: "web-1", displayName: "second web" }));
    expect(newcomer).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(
          new RegExp(
            `^name "web-1" is taken: instance ${vm.id} \\(state Running\\) has that host name, .*\\. It belongs to another cim\\.Instance of this program, which keeps it: change one of the two, or remove the one not meant to be there$`,
          ),
        ),
      },
    ]);
    // the stack's instance checked again (as in a later preview of the same process) still passes
    expect(await failuresOf(instance, vm.inputs, vm.inputs)).toEqual([]);
  });
});
