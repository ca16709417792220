// cim.Volume, cim.VolumeSnapshot, cim.InstanceSnapshot, cim.FileSystem and cim.Backup in-process against the
// emulator: each kind's row of the lifecycle table, backups and their schedules, what only the platform decides
// about snapshots, a volume restored from a snapshot, shared file systems. Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { PLAIN_REFERENCES } from "../../provider/kinds/define";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { backedUpInstance, fsInputs, instanceInputs, snapVm, volumeInputs, waitJob } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  first,
  job,
  jobsOn,
  make,
  nameOf,
  newProcess,
  OTHER_ID,
  p,
  type Rec,
  rows,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "Volume",
    inputs: volumeInputs,
    inPlace: (o) => ({ news: { ...o, size: 20, tags: { a: "2" } }, expect: { size: 20, tags: { a: "2" } } }),
    replace: (o) => ({ news: { ...o, name: `${o.name}-x` }, field: "name" }),
    bad: (i) => ({ news: { ...i, size: -5 }, field: "size" }),
    createRoute: "/api/v1/volumes",
    path: (id) => `/volumes/${id}`,
  },
  {
    // Nothing changes in place through the API: timeouts are the in-place (state only) change.
    kind: "VolumeSnapshot",
    inputs: async () => ({ name: nameOf("snap"), volumeId: (await snapVm()).rootId }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, name: `${o.name}-x` }, field: "name" }),
    bad: (i) => ({ news: { ...i, volumeId: "data-disk" }, field: "volumeId" }),
    createRoute: "/api/v1/snapshots",
    path: (id) => `/snapshots/${id}`,
  },
  {
    kind: "InstanceSnapshot",
    inputs: async () => ({
      name: nameOf("vs"),
      instanceId: (await snapVm()).id,
      description: "before the upgrade",
      memory: true,
    }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, memory: false }, field: "memory" }),
    bad: (i) => ({ news: { ...i, memory: "yes" }, field: "memory" }),
    createRoute: "/api/v1/vm-snapshots",
    path: (id) => `/vm-snapshots/${id}`,
  },
  {
    kind: "FileSystem",
    inputs: () => fsInputs(),
    // grows in place (changeSharedFileSystemDiskOffering, a job) and is described anew (updateSharedFileSystem)
    inPlace: (o) => ({
      news: { ...o, size: 20, description: "grown" },
      expect: { size: 20, description: "grown" },
    }),
    replace: (o) => ({ news: { ...o, filesystem: "EXT4" }, field: "filesystem" }),
    bad: (i) => ({ news: { ...i, filesystem: "NTFS" }, field: "filesystem" }),
    createRoute: "/api/v1/filesystems",
    path: (id) => `/filesystems/${id}`,
    // a Ready one is destroyed only when forced; left Destroyed (not expunged), it reads as gone
    deletePath: (id) => `/filesystems/${id}?forced=true`,
    liveState: (body) => body.fileSystems[0].state,
  },
  {
    // Nothing changes in place through the API: timeouts are the in-place (state only) change.
    kind: "Backup",
    inputs: async () => ({
      instanceId: await backedUpInstance(),
      name: nameOf("bk"),
      description: "nightly",
    }),
    inPlace: (o) => ({
      news: { ...o, timeouts: { create: "30m" } },
      expect: { timeouts: { create: "30m" } },
    }),
    replace: (o) => ({ news: { ...o, description: "another" }, field: "description" }),
    bad: (i) => ({ news: { ...i, instanceId: 42 }, field: "instanceId" }),
    createRoute: "/api/v1/backups",
    path: (id) => `/backups/${id}`,
    liveState: (b) => b.status,
  },
];

useEmulator();
describeCases(cases);

describe("backups: an instance's offering, its schedules and backups", () => {
  it("a schedule or backup of an instance given as plain id without an offering fails at check; an output is not read", async () => {
    const bare = await make("Instance", instanceInputs());
    const plain = { [PLAIN_REFERENCES]: ["instanceId"] };
    const sched = { instanceId: bare.id, intervalType: "DAILY", schedule: "30:02" };
    const refused = await p("BackupSchedule").check!({}, { ...sched, ...plain });
    expect(refused.failures).toEqual([
      expect.objectContaining({
        property: "instanceId",
        reason: expect.stringMatching(
          new RegExp(`instanceId names instance ${bare.id} in .*has no backup offering.*backupOfferingId`),
        ),
      }),
    ]);
    const backupRefused = await p("Backup").check!({}, { instanceId: bare.id, name: "b", ...plain });
    expect(backupRefused.failures?.map((f) => f.property)).toEqual(["instanceId"]);
    // from an output (YAML, or a TypeScript output) the same: judged at check, since this run does not change the
    // instance's offering (its diff would say so first)
    const fromOutput = await p("BackupSchedule").check!({}, { ...sched, [PLAIN_REFERENCES]: [] });
    expect(fromOutput.failures).toEqual([
      expect.objectContaining({
        property: "instanceId",
        reason: expect.stringMatching(
          new RegExp(`instanceId names instance ${bare.id} in .*has no backup offering`),
        ),
      }),
    ]);
    expect((await p("BackupSchedule").check!({}, sched)).failures?.map((f) => f.property)).toEqual([
      "instanceId",
    ]);
    // a schedule the stack holds already, naming the same instance: not judged again (the platform removed its
    // schedules with the offering, which refresh shows)
    expect((await p("BackupSchedule").check!(sched, sched)).failures ?? []).toEqual([]);
    // what the API refuses when nothing judged it first
    const atCreate = await p("BackupSchedule")
      .create(sched)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(atCreate?.message).toContain(
      "Cannot configure backup schedule for the VM without having any backup offering",
    );
    // an id of no instance at all
    const none = await p("BackupSchedule").check!({}, { ...sched, ...plain, instanceId: OTHER_ID });
    expect(none.failures?.[0].reason).toMatch(/names no instance with id/);
    // with an offering (in place), both pass check
    const given = await change("Instance", bare.id, bare.outs, {
      ...instanceInputs(),
      name: bare.outs.name,
      tags: bare.outs.tags,
      backupOfferingId: cat.backupOffering,
    });
    expect(given.diff).toMatchObject({ changes: true, replaces: [] });
    // this run gives the instance its offering (its diff came first): a schedule from its output waits for that
    expect((await p("BackupSchedule").check!({}, sched)).failures ?? []).toEqual([]);
    const withOffering = (await given.run()).outs;
    expect(withOffering.backupOfferingId).toBe(cat.backupOffering);
    expect((await p("BackupSchedule").check!({}, { ...sched, ...plain })).failures ?? []).toEqual([]);
    await p("Instance").delete!(bare.id, withOffering);
  });

  it("the offering changes in place (remove, then assign) and the platform drops the schedules; left out, it is kept", async () => {
    const vm = await make("Instance", { ...instanceInputs(), backupOfferingId: cat.backupOffering });
    expect(vm.outs.backupOfferingId).toBe(cat.backupOffering);
    const sched = await make("BackupSchedule", {
      instanceId: vm.id,
      intervalType: "DAILY",
      schedule: "30:02",
    });
    const bk = await make("Backup", { instanceId: vm.id, name: nameOf("bk") });
    expect(bk.outs).toMatchObject({
      state: "BackedUp",
      backupOfferingId: cat.backupOffering,
      instanceId: vm.id,
    });
    expect(bk.outs.size).toBeGreaterThan(0);
    const moved = await change("Instance", vm.id, vm.outs, {
      ...instanceInputs(),
      name: vm.outs.name,
      tags: vm.outs.tags,
      backupOfferingId: cat.backupOffering2,
    });
    expect(moved.diff).toMatchObject({ changes: true, replaces: [] });
    const gold = (await moved.run()).outs;
    expect(gold.backupOfferingId).toBe(cat.backupOffering2);
    // the platform's removal took the schedule with it: refresh drops it; the backup stays
    expect(await p("BackupSchedule").read!(sched.id, sched.outs)).toEqual({});
    expect((await p("Backup").read!(bk.id, bk.outs)).props).toMatchObject({ state: "BackedUp" });
    // left out: the offering stays (a removal would delete schedules); no change, nothing sent
    const leftOut = await change("Instance", vm.id, gold, {
      ...instanceInputs(),
      name: vm.outs.name,
      tags: vm.outs.tags,
    });
    expect(leftOut.diff.changes).toBe(false);
    expect((await call("GET", `/compute/instances/${vm.id}`)).backupOfferingId).toBe(cat.backupOffering2);
    // taken away behind the program's back: refresh shows none, and the next up assigns it again
    await waitJob((await call("DELETE", `/compute/instances/${vm.id}/backup-offering`)).jobId);
    const none = (await p("Instance").read!(vm.id, gold)).props as Rec;
    expect(none.backupOfferingId).toBeNull();
    const again = await change("Instance", vm.id, none, {
      ...instanceInputs(),
      name: vm.outs.name,
      tags: vm.outs.tags,
      backupOfferingId: cat.backupOffering,
    });
    expect(again.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await again.run()).outs.backupOfferingId).toBe(cat.backupOffering);
    await p("Backup").delete!(bk.id, bk.outs);
    await p("Instance").delete!(vm.id, none);
  });

  it("an offering of another zone or region fails the instance's check", async () => {
    const [otherZone] = rows(await call("GET", "/offerings/backup")).filter((o) => o.zoneId !== cat.zone);
    const wrongZone = await p("Instance").check!({}, { ...instanceInputs(), backupOfferingId: otherZone.id });
    expect(wrongZone.failures).toEqual([
      expect.objectContaining({
        property: "backupOfferingId",
        reason: expect.stringMatching(/not of the instance's zone/),
      }),
    ]);
    const unknown = await p("Instance").check!({}, { ...instanceInputs(), backupOfferingId: OTHER_ID });
    expect(unknown.failures?.[0]).toMatchObject({
      property: "backupOfferingId",
      reason: expect.stringMatching(/is not a backup offering of/),
    });
  });
});

describe("snapshots: what only the platform can decide fails the create with its reason, nothing recorded", () => {
  it("memory of a stopped instance, and an instance snapshot while a volume of the instance has a snapshot", async () => {
    const cold = await snapVm({ startVm: false });
    const err = await make("InstanceSnapshot", {
      name: nameOf("vs"),
      instanceId: cold.id,
      memory: true,
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /take failed: .*Can not snapshot memory when VM is in stopped state/,
    );
    // disk only of the stopped instance is fine; memory of a running one makes DiskAndMemory
    const disk = await make("InstanceSnapshot", { name: nameOf("vs"), instanceId: cold.id });
    expect(disk.outs).toMatchObject({ memory: false, type: "Disk", state: "Ready" });
    await p("InstanceSnapshot").delete!(disk.id, disk.outs);

    const vm = await snapVm();
    const snap = await make("VolumeSnapshot", { name: nameOf("snap"), volumeId: vm.rootId });
    expect(snap.outs).toMatchObject({ volumeType: "ROOT", state: "BackedUp" });
    // adopted with nothing but its id: the live name and volume are kept
    const bare = await make("VolumeSnapshot", { adoptId: snap.id });
    expect(bare.outs).toMatchObject({ name: snap.outs.name, volumeId: vm.rootId, volumeType: "ROOT" });
    // refused at preview, naming the volume snapshot (the adoption's read above listed it); the platform refuses
    // the same create
    const checked = await p("InstanceSnapshot").check!({}, { name: nameOf("vs"), instanceId: vm.id });
    expect(checked.failures).toEqual([
      {
        property: "instanceId",
        reason: expect.stringContaining(`has volumes with snapshots (${snap.outs.name} (${snap.id}))`),
      },
    ]);
    const refused = await p("InstanceSnapshot")
      .create(checked.inputs)
      .catch((e: Error) => e);
    expect((refused as Error).message).toMatch(/This VM has volumes attached which has snapshots/);
    await p("VolumeSnapshot").delete!(snap.id, snap.outs);
    const now = await make("InstanceSnapshot", { name: nameOf("vs"), instanceId: vm.id, memory: true });
    expect(now.outs).toMatchObject({ memory: true, type: "DiskAndMemory" });
    await p("InstanceSnapshot").delete!(now.id, now.outs);
  });
});

describe("a volume restored from a volume snapshot (cim.Volume snapshotId)", () => {
  it("takes the snapshot's size when none is given, even with a customized offering; another snapshot replaces", async () => {
    const vm = await snapVm();
    const disk = await make("Volume", {
      name: nameOf("data"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      size: 14,
      instanceId: vm.id,
    });
    const snap = await make("VolumeSnapshot", { name: nameOf("snap"), volumeId: disk.id });
    expect(snap.outs.size).toBe(14);
    const inputs = {
      name: nameOf("restored"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      snapshotId: snap.id,
    };
    const restored = await make("Volume", inputs);
    expect(restored.outs).toMatchObject({ snapshotId: snap.id, size: 14, state: "Allocated" });
    expect((await p("Volume").read!(restored.id, restored.outs)).props).toEqual(restored.outs);
    const same = await change("Volume", restored.id, restored.outs, inputs);
    expect(same.diff.changes).toBe(false);
    const other = await change("Volume", restored.id, restored.outs, { ...inputs, snapshotId: OTHER_ID });
    expect(other.diff.replaces).toEqual(["snapshotId"]);
    // without a snapshot, the customized offering still needs a size
    const { snapshotId: _, ...plain } = inputs;
    const refused = await p("Volume").check!({}, plain);
    expect(refused.failures?.map((f) => f.property)).toContain("size");
    // the snapshot stays usable after its volume goes
    await p("Volume").delete!(restored.id, restored.outs);
    await p("Volume").delete!(disk.id, disk.outs);
    const again = await make("Volume", { ...inputs, name: nameOf("restored"), size: 20 });
    expect(again.outs).toMatchObject({ snapshotId: snap.id, size: 20 });
    await p("Volume").delete!(again.id, again.outs);
    await p("VolumeSnapshot").delete!(snap.id, snap.outs);
  });
});

describe("volumes only grow, through their disk offering too", () => {
  it("a smaller fixed offering is refused at preview, naming diskOfferingId and a way out; a larger one grows it", async () => {
    const disk = async (name: string) => (await first("/offerings/disk", (d) => d.name === name)).id;
    const [small, medium] = [await disk("Small 20 GB"), await disk("Medium 50 GB")];
    const inputs = { name: nameOf("disk"), zoneId: cat.zone, diskOfferingId: medium };
    const { id, outs } = await make("Volume", inputs);
    expect(outs).toMatchObject({ size: 50 });
    const refused = await p("Volume").check!(inputs, { ...inputs, diskOfferingId: small });
    expect(refused.failures).toEqual([
      {
        property: "diskOfferingId",
        reason: expect.stringMatching(
          /^diskOfferingId \S+ \(Small 20 GB, a fixed 20 GB\) would shrink the volume \(50 GB → 20 GB\): volumes only grow\. To keep it, pick a disk offering of at least 50 GB, or a customized one with size: 50 or more; to start over with a smaller volume, replace it \(pulumi up --replace <urn>\)/,
        ),
      },
    ]);
    const onSmall = { ...inputs, name: nameOf("disk"), diskOfferingId: small };
    const grow = await make("Volume", onSmall);
    const grown = await change("Volume", grow.id, grow.outs, { ...onSmall, diskOfferingId: medium });
    expect((await grown.run()).outs).toMatchObject({ size: 50 });
    for (const v of [{ id, outs }, grow]) await p("Volume").delete!(v.id, v.outs);
  });
});

describe("shared file systems: size, the VM's offering, busy then settled", () => {
  it("never shrinks: check refuses a smaller size against the old inputs, the update against the live size; a refresh after growth diffs", async () => {
    const inputs = fsInputs();
    const { id, outs } = await make("FileSystem", inputs);
    expect(outs).toMatchObject({ size: 10, filesystem: "XFS", state: "Ready", path: "/mnt/fs/share" });
    expect(outs.mountSource).toBe(`${outs.ipAddress}:/mnt/fs/share`);
    const smaller = await p("FileSystem").check!(inputs, { ...inputs, size: 5 });
    expect(smaller.failures).toEqual([
      expect.objectContaining({
        property: "size",
        reason: expect.stringMatching(/cannot shrink \(10 GB → 5 GB\)/),
      }),
    ]);
    // smaller than live: a change the update refuses before it calls the API
    expect((await p("FileSystem").diff!(id, outs, { ...inputs, size: 5 })).changes).toBe(true);
    await expect(p("FileSystem").update!(id, outs, { ...inputs, size: 5 })).rejects.toThrow(/only grow/);
    // grown outside the program (or by a resize that ended after its timeout): the refresh reads it, and the
    // diff refresh makes (the refreshed outputs as the old state, the old inputs as the new) does not fail
    await job(await call("POST", `/filesystems/${id}/resize?size=12`));
    const refreshed = await p("FileSystem").read!(id, outs);
    expect(refreshed.props).toMatchObject({ size: 12 });
    expect((await p("FileSystem").diff!(id, refreshed.props, inputs)).changes).toBe(true);
    // the platform's rules at preview: a fixed offering takes no size, the VM needs 2 vCPUs and 1024 MB
    const fixed = (await first("/offerings/disk", (d) => !d.customized)).id;
    const small = (await first("/offerings/compute", (o) => o.name === "Small")).id;
    const refused = await p("FileSystem").check!(
      {},
      { ...inputs, diskOfferingId: fixed, serviceOfferingId: small },
    );
    expect(refused.failures?.map((f) => f.property).sort()).toEqual(["serviceOfferingId", "size"]);
    await p("FileSystem").delete!(id, outs);
    await expect(call("GET", `/filesystems/${id}`)).rejects.toThrow(/404/); // destroyed and expunged at once
  });

  it("a disk offering that would shrink it is refused at preview, naming the field; the way out it gives works", async () => {
    const disk = async (name: string) => (await first("/offerings/disk", (d) => d.name === name)).id;
    const [small, medium] = [await disk("Small 20 GB"), await disk("Medium 50 GB")];
    // a fixed offering decides the size: the program leaves size out
    const onFixed = (diskOfferingId: string) => {
      const { size: _, ...inputs } = fsInputs({ diskOfferingId });
      return inputs;
    };
    const onMedium = onFixed(medium);
    const { id, outs } = await make("FileSystem", onMedium);
    expect(outs).toMatchObject({ size: 50, diskOfferingName: "Medium 50 GB" });
    // a fixed offering smaller than it: the API would refuse it at up (the data volume never shrinks)
    const fixed = await p("FileSystem").check!(onMedium, { ...onMedium, diskOfferingId: small });
    expect(fixed.failures).toEqual([
      {
        property: "diskOfferingId",
        reason: expect.stringMatching(
          /^diskOfferingId \S+ \(Small 20 GB, a fixed 20 GB\) would shrink the file system \(50 GB → 20 GB\): shared file systems only grow .* give it 50 GB or more: a disk offering of at least 50 GB, or a customized one with size: 50 or more\. For a smaller one, start over: copy the data elsewhere, then run pulumi up --replace <urn> with another name /,
        ),
      },
    ]);
    // a customized offering with a smaller size than the fixed one it leaves: the size is named
    const custom = await p("FileSystem").check!(onMedium, {
      ...onMedium,
      diskOfferingId: cat.custom,
      size: 30,
    });
    expect(custom.failures).toEqual([
      { property: "size", reason: expect.stringMatching(/^size cannot shrink \(50 GB → 30 GB\)/) },
    ]);
    // the same offerings the other way grow it, in place
    const onSmall = onFixed(small);
    const grow = await make("FileSystem", onSmall);
    const grown = await change("FileSystem", grow.id, grow.outs, { ...onSmall, diskOfferingId: medium });
    expect(grown.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await grown.run()).outs).toMatchObject({ size: 50, diskOfferingName: "Medium 50 GB" });
    // grown outside the program (a customized 60 GB) and not refreshed: a move to the fixed 50 GB passes the
    // check (20 GB → 50 GB as the program knows it) and is refused at update against the live size, with the same
    // way out, before it asks the platform
    const alsoOnSmall = onFixed(small);
    const behind = await make("FileSystem", alsoOnSmall);
    await job(await call("POST", `/filesystems/${behind.id}/resize?diskOfferingId=${cat.custom}&size=60`));
    const stale = await change("FileSystem", behind.id, behind.outs, {
      ...alsoOnSmall,
      diskOfferingId: medium,
    });
    expect(stale.diff).toMatchObject({ changes: true, replaces: [] });
    await expect(stale.run()).rejects.toThrow(
      /diskOfferingId \S+ \(Medium 50 GB, a fixed 50 GB\) would shrink the file system \(60 GB → 50 GB\): .* give it 60 GB or more/,
    );
    expect(await jobsOn(behind.id)).toEqual([
      "createSharedFileSystem:success",
      "changeSharedFileSystemDiskOffering:success",
    ]);
    // from a customized size to a smaller fixed offering (the old inputs as state holds them)
    const onCustom = fsInputs({ size: 30 });
    const toSmall = { ...onFixed(small), name: onCustom.name };
    expect((await p("FileSystem").check!(onCustom, toSmall)).failures).toEqual([
      expect.objectContaining({
        property: "diskOfferingId",
        reason: expect.stringMatching(/\(30 GB → 20 GB\)/),
      }),
    ]);
    // the way out it names for a smaller one, as the engine runs `pulumi up --replace <urn>`: it checks the
    // replacement as a new resource (no old inputs, so no shrink is judged) and makes it before it deletes this
    // one. Under the same name the check refuses it (this one still holds the name); under another it is made,
    // this one deleted, and the name comes back in the next up, in place.
    newProcess();
    const sameName = await p("FileSystem").check!({}, { ...onMedium, diskOfferingId: small });
    expect(sameName.failures?.map((f) => f.property)).toEqual(["name"]);
    const renamed = { ...onMedium, name: `${onMedium.name}-new`, diskOfferingId: small };
    const replacement = await make("FileSystem", renamed);
    expect(replacement.outs).toMatchObject({ size: 20, diskOfferingName: "Small 20 GB" });
    await p("FileSystem").delete!(id, outs);
    newProcess();
    const nameBack = await change("FileSystem", replacement.id, replacement.outs, {
      ...renamed,
      name: onMedium.name,
    });
    expect(nameBack.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await nameBack.run()).outs).toMatchObject({ name: onMedium.name, size: 20 });
    for (const fs of [replacement, grow, behind]) await p("FileSystem").delete!(fs.id, fs.outs);
  });

  it("a volume moved to an instance with no room fails in the attach's job, in the platform's words; left detached, the next up attaches it", async () => {
    const from = await make("Instance", instanceInputs());
    const to = await make("Instance", instanceInputs());
    const inputs = { ...volumeInputs(), instanceId: from.id };
    const vol = await make("Volume", inputs);
    // previewed while the instance had room (a full one is refused at check: tests/lifecycle/caps.test.ts)
    const moved = await change("Volume", vol.id, vol.outs, { ...inputs, instanceId: to.id });
    // filled before the up, by another program (a provider process that knows none of this one's claims):
    // CloudStack's default most data disks an instance takes is six; attachVolume checks it in its job
    resetLookups();
    const full = [];
    for (let i = 0; i < 6; i++) full.push(await make("Volume", { ...volumeInputs(), instanceId: to.id }));
    await expect(moved.run()).rejects.toThrow(
      /update failed: .*The specified VM already has the maximum number of data disks \(6\) attached\. Please specify another VM\./,
    );
    expect((await call("GET", `/volumes/${vol.id}`)).virtualMachineId).toBeUndefined();
    expect((await jobsOn(vol.id)).slice(-2)).toEqual(["detachVolume:success", "attachVolume:error"]);
    // the stack keeps the old outputs; the next up reads the volume live and attaches it once there is room
    await p("Volume").delete!(full[0].id, full[0].outs);
    expect((await moved.run()).outs).toMatchObject({ instanceId: to.id });
    for (const v of [vol, ...full.slice(1)]) await p("Volume").delete!(v.id, v.outs);
    for (const vm of [from, to]) await p("Instance").delete!(vm.id, vm.outs);
  });

  it("an update waits out a stop under way, then grows it; the VM's offering is changed stopped, then started", async () => {
    const inputs = fsInputs();
    const { id, outs } = await make("FileSystem", inputs);
    await ctl.jobTiming({ latencyMs: 400 });
    await call("POST", `/filesystems/${id}/stop`);
    expect((await call("GET", `/filesystems/${id}`)).fileSystems[0].state).toBe("Stopping");
    const grown = await (await change("FileSystem", id, outs, { ...inputs, size: 15 })).run();
    expect(grown.outs).toMatchObject({ size: 15, state: "Stopped" });
    await ctl.jobTiming({ latencyMs: 0 });
    await call("POST", `/filesystems/${id}/start`).then(job);
    const ready = (await p("FileSystem").read!(id, grown.outs)).props as Rec;
    const bigger = await change("FileSystem", id, ready, {
      ...inputs,
      size: 15,
      serviceOfferingId: cat.large,
    });
    expect(bigger.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await bigger.run()).outs).toMatchObject({ serviceOfferingName: "Large", state: "Ready" });
    expect(await jobsOn(id)).toEqual([
      "createSharedFileSystem:success",
      "stopSharedFileSystem:success",
      "changeSharedFileSystemDiskOffering:success",
      "startSharedFileSystem:success",
      "stopSharedFileSystem:success",
      "changeSharedFileSystemServiceOffering:success",
      "startSharedFileSystem:success",
    ]);
    await p("FileSystem").delete!(id, ready);
  });
});

describeOutputsParsed("storage", cases);
