// How many records the platform allows under one value (lifecycle/caps.ts), judged at preview against the emulator:
// six data disks on an instance (its deploy's included), ten snapshots of an instance. Counted: the records there
// now and the resources checked before this one that add one, a resource the run makes included (its stand-in).
// Each refusal is the API's: the same inputs sent without the check meet it, after the volume was made.
import { beforeAll, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { CimClient } from "../../provider/client";
import { PLANNED_REFERENCES } from "../../provider/kinds/define";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { madeBy, type Rec, useWorld, w, worldInstance } from "./refusalWorld";

useWorld();

const volume = providerFor("Volume");
const snapshot = providerFor("InstanceSnapshot");
let c: CimClient;
let made: ReturnType<typeof madeBy>;
/** An instance with `dataDisks` data disks made with it (the API's dataDiskOfferingList). */
const instance = (name: string, dataDisks = 0) =>
  worldInstance(
    c,
    name,
    dataDisks
      ? { dataDiskOfferingList: Array.from({ length: dataDisks }, () => ({ diskOfferingId: w.fixedDisk })) }
      : {},
  );
const volumeArgs = (name: string, instanceId: string, over: Rec = {}) => ({
  name,
  zoneId: w.zoneA,
  diskOfferingId: w.customDisk,
  size: 10,
  instanceId,
  ...over,
});
const failures = async (p: typeof volume, olds: Rec, news: Rec) =>
  (await p.check!(olds, news)).failures ?? [];

/** An instance with six data disks: two from its deploy, four attached after. */
let full: string;
let attached: string[];

beforeAll(async () => {
  c = new CimClient({ baseUrl: process.env.CIM_BASE_URL!, token: process.env.CIM_TOKEN! });
  made = madeBy(c);
  full = await instance("full", 2);
  attached = [];
  for (let i = 1; i <= 4; i++) {
    const v = await made(
      await c.volumes.create({ name: `disk-${i}`, zoneId: w.zoneA, diskOfferingId: w.customDisk, size: 10 }),
    );
    await made(await c.volumes.attach(v, full));
    attached.push(v);
  }
}, 60_000);

describe("data disks of an instance", () => {
  it("a seventh is refused at preview, naming instanceId, what is there and the rule; the API refuses its attach after making it", async () => {
    const checked = await volume.check!({}, volumeArgs("seventh", full));
    expect(checked.failures).toEqual([
      {
        property: "instanceId",
        reason: expect.stringMatching(
          new RegExp(
            `^instanceId "${full}": 6 data disks on that instance already \\(6 now: full-data-1 \\(.*disk-4 \\(${attached[3]}\\)\\), and the platform attaches at most 6 data disks to an instance; the API refuses the attach of a seventh after making the volume\\. Attach this volume to another instance`,
          ),
        ),
      },
    ]);
    await expect(volume.create(checked.inputs)).rejects.toThrow(/maximum number of data disks \(6\)/);
    // a volume that stays attached to it is not judged again; one for another instance passes
    resetLookups();
    const kept = volumeArgs("disk-1", full);
    expect(await failures(volume, kept, kept)).toEqual([]);
    expect(await failures(volume, {}, volumeArgs("elsewhere", w.snappedVm))).toEqual([]);
  });

  it("one detached since the list was read is not counted: a full instance is read once more before it refuses", async () => {
    expect((await failures(volume, {}, volumeArgs("again", full))).map((f) => f.property)).toEqual([
      "instanceId",
    ]);
    await made(await c.volumes.detach(attached[0]));
    try {
      // the same provider process, its list read before the detach
      expect(await failures(volume, {}, volumeArgs("again", full))).toEqual([]);
    } finally {
      await made(await c.volumes.attach(attached[0], full));
    }
  });

  it("the program's own: six volumes attached to one instance pass, the seventh names those checked before it", async () => {
    const empty = await instance("empty");
    for (let i = 1; i <= 6; i++) expect(await failures(volume, {}, volumeArgs(`d${i}`, empty))).toEqual([]);
    const [refused] = await failures(volume, {}, volumeArgs("d7", empty));
    expect(refused?.property).toBe("instanceId");
    expect(refused?.reason).toMatch(
      /^instanceId "[^"]+": 6 data disks on that instance already \(6 that another cim.Volume \(name "d1"\), .*another cim.Volume \(name "d6"\) of this program add, checked before this one\)/,
    );
    // the first six checked again (a later preview of the same program) are judged as before: still six
    resetLookups();
    for (let i = 1; i <= 6; i++) expect(await failures(volume, {}, volumeArgs(`d${i}`, empty))).toEqual([]);
  });

  it("an instance the run makes (its id unknown at preview) is counted by the program's volumes alone", async () => {
    const app = {
      kind: "Instance",
      name: "app",
      key: "Instance-app",
      inputs: { name: "app", zoneId: w.zoneA, templateId: w.templateId, serviceOfferingId: w.small },
    };
    const onNew = (name: string) => ({
      ...volumeArgs(name, UNKNOWN),
      [PLANNED_REFERENCES]: { instanceId: app },
    });
    for (let i = 1; i <= 6; i++) expect(await failures(volume, {}, onNew(`n${i}`))).toEqual([]);
    const [refused] = await failures(volume, {}, onNew("n7"));
    expect(refused?.reason).toMatch(
      /^instanceId "app" \(new in this run\): 6 data disks on that instance already \(6 that .* of this program add/,
    );
  });
});

describe("snapshots of an instance", () => {
  it("an eleventh is refused at preview, the program's counted with those there; the API refuses it the same", async () => {
    const vm = await instance("snapped-ten");
    for (let i = 1; i <= 8; i++)
      await made(await c.instanceSnapshots.create({ virtualMachineId: vm, name: `s${i}` }));
    const args = (name: string) => ({ name, instanceId: vm });
    expect(await failures(snapshot, {}, args("s9"))).toEqual([]);
    expect(await failures(snapshot, {}, args("s10"))).toEqual([]);
    const checked = await snapshot.check!({}, args("s11"));
    expect(checked.failures).toEqual([
      {
        property: "instanceId",
        reason: expect.stringMatching(
          /^instanceId "[^"]+": 10 snapshots of that instance already \(8 now: s1 .*; 2 that another cim.InstanceSnapshot \(name "s9"\), another cim.InstanceSnapshot \(name "s10"\) of this program add, checked before this one\), and the platform keeps at most 10 snapshots of an instance/,
        ),
      },
    ]);
    const ten: Rec = {};
    for (const name of ["s9", "s10"])
      ten[name] = await snapshot.create((await snapshot.check!({}, args(name))).inputs);
    await expect(snapshot.create(checked.inputs)).rejects.toThrow(/can just have : 10 VM snapshots/);
    // the tenth replaced on the same instance under its name (it deletes first): checked, diffed and checked again
    // with no old inputs, as the engine does, it is not an eleventh
    const olds = (await snapshot.check!({}, args("s10"))).inputs;
    // the olds are the last deployment's: this run's provider process starts after them
    resetLookups();
    const news = { ...args("s10"), description: "after the upgrade" };
    expect(await failures(snapshot, olds, news)).toEqual([]);
    const d = await snapshot.diff!(ten.s10.id, ten.s10.outs, (await snapshot.check!(olds, news)).inputs);
    expect(d).toMatchObject({ replaces: ["description"], deleteBeforeReplace: true });
    expect(await failures(snapshot, {}, news)).toEqual([]);
  });
});
