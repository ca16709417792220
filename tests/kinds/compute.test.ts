// cim.Instance, cim.SshKeyPair, cim.InstanceSchedule and cim.InstanceGroup in-process against the emulator: each
// kind's row of the lifecycle table, the platform's instance lifecycle (CloudStack's), key pairs, groups, and
// an instance booted from a volume or a snapshot. Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { EXPUNGE_DELAY_MS } from "../../emulator";
import { PLAIN_REFERENCES } from "../../provider/kinds/define";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { freshEd25519 } from "../fixtures/sshKeys";
import { instanceInputs, scheduledInstance, snapVm } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  emu,
  job,
  jobsOn,
  make,
  nameOf,
  newProcess,
  OTHER_ID,
  p,
  type Rec,
  rows,
  shown,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "Instance",
    inputs: instanceInputs,
    inPlace: (o) => ({
      news: {
        ...o,
        displayName: "renamed",
        powerState: "stopped",
        tags: { env: "prod" },
        backupOfferingId: cat.backupOffering,
      },
      expect: {
        displayName: "renamed",
        powerState: "stopped",
        tags: { env: "prod" },
        backupOfferingId: cat.backupOffering,
      },
    }),
    replace: (o) => ({ news: { ...o, rootDiskSize: 99 }, field: "rootDiskSize" }),
    bad: (i) => ({ news: { ...i, name: "not_a_host" }, field: "name" }),
    createRoute: "/api/v1/compute/instances",
    path: (id) => `/compute/instances/${id}`,
  },
  {
    // Nothing changes in place through the API: timeouts are the in-place (state only) change.
    kind: "SshKeyPair",
    inputs: () => ({ name: nameOf("key"), publicKey: freshEd25519() }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, publicKey: freshEd25519() }, field: "publicKey" }),
    bad: (i) => ({ news: { ...i, publicKey: "ssh-ed25519 AAAA-cut-short" }, field: "publicKey" }),
    path: (id) => `/ssh-keypairs/${id}`,
  },
  {
    kind: "InstanceSchedule",
    inputs: async () => ({
      instanceId: await scheduledInstance(),
      action: "stop",
      schedule: "0 22 * * MON-FRI",
      timezone: "Europe/Berlin",
      name: nameOf("night"),
    }),
    // every field but the instance changes in place (the spec's PUT with query parameters)
    inPlace: (o) => ({
      news: {
        ...o,
        action: "start",
        schedule: "30 6 * * *",
        timezone: "UTC",
        enabled: false,
        endDate: "2099-01-01T00:00:00.000Z",
      },
      expect: {
        action: "start",
        schedule: "30 6 * * *",
        timezone: "UTC",
        enabled: false,
        endDate: "2099-01-01T00:00:00.000Z",
      },
    }),
    replace: (o) => ({ news: { ...o, instanceId: OTHER_ID }, field: "instanceId" }),
    bad: (i) => ({ news: { ...i, schedule: "0 25 * * *" }, field: "schedule" }),
    path: (id) => `/compute/instances/schedules/${id}`,
    deletePath: (id, outs) => `/compute/instances/${outs.instanceId}/schedules/${id}`,
  },
  {
    // Synchronous in the API (no job): no partial-state row.
    kind: "InstanceGroup",
    inputs: () => ({ name: nameOf("grp") }),
    inPlace: (o) => ({ news: { ...o, name: `${o.name}-r` }, expect: { name: `${o.name}-r` } }),
    replace: (o) => ({ news: { ...o, region: emu.regions.find((r) => !r.primary)!.id }, field: "region" }),
    bad: (i) => ({ news: { ...i, name: " " }, field: "name" }),
    path: (id) => `/instance-groups/${id}`,
  },
];

useEmulator();
describeCases(cases);

describe("the platform's instance lifecycle (CloudStack's)", () => {
  it("a running scale refused as a failed job (no dynamic scaling): stop, scale, start", async () => {
    const inputs = { ...instanceInputs(), templateId: cat.fixedSize };
    const { id, outs } = await make("Instance", inputs);
    const warned: string[] = [];
    captureWarnings((m) => warned.push(m));
    let upd: Awaited<ReturnType<typeof change>>;
    try {
      upd = await change("Instance", id, outs, { ...inputs, serviceOfferingId: cat.offering2 });
    } finally {
      captureWarnings();
    }
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    // the diff's `~ serviceOfferingId` alone would not tell a reviewer the instance goes down: preview says it
    expect(warned).toEqual([
      `cim:Instance "${outs.name}" (id ${id}): serviceOfferingId ${cat.offering} → ${cat.offering2}: the platform cannot scale this instance while it runs (it is not dynamically scalable: its template lacks the tools, or its offering or zone does not allow it), so the update stops it, scales it and starts it again, and it is down meanwhile. To choose when, stop it first (powerState: "stopped") in an up of its own`,
    ]);
    const { outs: after } = await upd.run();
    expect(shown(after)).toMatchObject({
      serviceOfferingId: cat.offering2,
      powerState: "running",
      state: "Running",
    });
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "scaleVirtualMachine:error",
      "stopVirtualMachine:success",
      "scaleVirtualMachine:success",
      "startVirtualMachine:success",
    ]);
    await p("Instance").delete!(id, after);
  });

  it("a running scale refused at once (409): the same stop, scale, start", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    await ctl.fault({ method: "POST", route: "/api/v1/compute/instances/{id}/scale", status: 409, times: 1 });
    const warned: string[] = [];
    captureWarnings((m) => warned.push(m));
    let upd: Awaited<ReturnType<typeof change>>;
    try {
      upd = await change("Instance", id, outs, {
        ...instanceInputs(),
        name: outs.name,
        serviceOfferingId: cat.offering2,
      });
    } finally {
      captureWarnings();
    }
    // its record says it scales live: nothing to warn of at preview (the refusal is the platform's surprise)
    expect(warned).toEqual([]);
    const { outs: after } = await upd.run();
    expect(after).toMatchObject({ serviceOfferingId: cat.offering2, state: "Running" });
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "stopVirtualMachine:success",
      "scaleVirtualMachine:success",
      "startVirtualMachine:success",
    ]);
    await p("Instance").delete!(id, after);
  });

  it("no notice for an offering change of an instance that is stopped, or that the same change stops", async () => {
    const inputs = { ...instanceInputs(), templateId: cat.fixedSize };
    const { id, outs } = await make("Instance", { ...inputs, powerState: "stopped" });
    const warned: string[] = [];
    captureWarnings((m) => warned.push(m));
    try {
      const stopped = await change("Instance", id, outs, {
        ...inputs,
        powerState: "stopped",
        serviceOfferingId: cat.offering2,
      });
      expect(stopped.diff).toMatchObject({ changes: true, replaces: [] });
      const { outs: scaled } = await stopped.run();
      // running again, and stopped by the same change that gives it the first offering back
      const started = await change("Instance", id, scaled, { ...inputs, serviceOfferingId: cat.offering2 });
      const { outs: running } = await started.run();
      await change("Instance", id, running, {
        ...inputs,
        powerState: "stopped",
        serviceOfferingId: cat.offering,
      });
    } finally {
      captureWarnings();
    }
    expect(warned).toEqual([]);
    // deployed stopped, scaled stopped, started; the last change was diffed only
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "scaleVirtualMachine:success",
      "startVirtualMachine:success",
    ]);
  });

  it("an instance's root disk is listed as a ROOT volume that cim.Volume refuses to adopt", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    const root = (await call("GET", `/volumes?virtualMachineId=${id}`)).volumes[0];
    expect(root).toMatchObject({ type: "ROOT", deviceId: 0 });
    const checked = await p("Volume").check!(
      {},
      { name: root.name, zoneId: cat.zone, diskOfferingId: cat.custom, adoptId: root.id },
    );
    await expect(p("Volume").create(checked.inputs)).rejects.toThrow(/root disk of an instance/);
    await p("Instance").delete!(id, outs);
  });

  it("a Destroyed instance waiting to be expunged is gone: with expunge false, delete ends there, read drops it, delete again sends nothing", async () => {
    await ctl.user("user-1", { allowUserViewDestroyedVm: true });
    await ctl.jobTiming({ expungeDelayMs: 3_600_000 });
    try {
      const { id, outs } = await make("Instance", { ...instanceInputs(), expunge: false });
      expect(outs.expunge).toBe(false);
      await p("Instance").delete!(id, outs);
      expect((await call("GET", `/compute/instances/${id}`)).state).toBe("Destroyed");
      expect(await p("Instance").read!(id, outs)).toEqual({});
      await p("Instance").delete!(id, outs);
      expect(await jobsOn(id)).toEqual(["deployVirtualMachine:success", "destroyVirtualMachine:success"]);

      // destroyed behind the program's back: the same
      const other = await make("Instance", instanceInputs());
      await call("DELETE", `/compute/instances/${other.id}`);
      await new Promise((r) => setTimeout(r, 20));
      expect((await call("GET", `/compute/instances/${other.id}`)).state).toBe("Destroyed");
      expect(await p("Instance").read!(other.id, other.outs)).toEqual({});
    } finally {
      await ctl.user("user-1", { allowUserViewDestroyedVm: false });
      await ctl.jobTiming({ expungeDelayMs: EXPUNGE_DELAY_MS });
    }
  });

  it("a name a destroyed instance still holds (hidden from reads) fails the deploy with the holder's id and the ways out", async () => {
    const inputs = { ...instanceInputs(), expunge: false };
    const { id, outs } = await make("Instance", inputs);
    await p("Instance").delete!(id, outs);
    // preview cannot see it: reads hide a Destroyed instance from users
    const again = await p("Instance").check!({}, inputs);
    expect(again.failures ?? []).toEqual([]);
    const err = await p("Instance")
      .create(again.inputs)
      .catch((e) => e);
    expect(err.message).toContain(
      `deploy failed: the host name "${inputs.name}" is still held by instance ${id}, destroyed but not yet expunged (an instance deleted with expunge: false, or destroyed outside Pulumi)`,
    );
    expect(err.message).toContain(
      `Give this instance another name, or expunge that one now: DELETE /api/v1/compute/instances/${id}?expunge=true.`,
    );
    // the way out it names works
    await call("DELETE", `/compute/instances/${id}?expunge=true`).then(job);
    const made = await p("Instance").create(again.inputs);
    await p("Instance").delete!(made.id, made.outs);
  });

  it("by default a delete expunges the instance at once, and expunges one destroyed behind the program's back", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    expect(outs).not.toHaveProperty("expunge");
    await p("Instance").delete!(id, outs);
    expect((await ctl.state()).instances[id]).toBeUndefined();
    expect(await jobsOn(id)).toEqual(["deployVirtualMachine:success", "destroyVirtualMachine:success"]);

    const other = await make("Instance", instanceInputs());
    await call("DELETE", `/compute/instances/${other.id}`);
    await new Promise((r) => setTimeout(r, 20));
    expect((await ctl.state()).instances[other.id].state).toBe("Destroyed");
    await p("Instance").delete!(other.id, other.outs);
    expect((await ctl.state()).instances[other.id]).toBeUndefined();
    // the same again: nothing left to expunge, and no error
    await p("Instance").delete!(other.id, other.outs);
  });
});

describe("SSH key pairs and the instances that name them", () => {
  const keyInputs = () => ({ name: nameOf("key"), publicKey: freshEd25519("me@laptop") });

  it("the key is compared by fingerprint: a new comment is no change; a key re-registered behind the program's back replaces", async () => {
    const inputs = keyInputs();
    const { id, outs } = await make("SshKeyPair", inputs);
    expect(outs.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    const recommented = await change("SshKeyPair", id, outs, {
      ...inputs,
      publicKey: inputs.publicKey.replace("me@laptop", "me@desktop"),
    });
    expect(recommented.diff.changes).toBe(false);
    // out of band: deleted and registered again under the same name with another key
    await call("DELETE", `/ssh-keypairs/${id}`);
    const again = await call("POST", "/ssh-keypairs", { name: inputs.name, publicKey: freshEd25519() });
    expect((await p("SshKeyPair").read!(id, outs)).props).toBeUndefined(); // the old id is gone
    const refreshed = (await p("SshKeyPair").read!(again.id, outs)).props as Rec;
    expect(refreshed.fingerprint).not.toBe(outs.fingerprint);
    const d = await change("SshKeyPair", again.id, refreshed, inputs);
    expect(d.diff).toMatchObject({ changes: true, replaces: ["publicKey"], deleteBeforeReplace: true });
    await p("SshKeyPair").delete!(again.id, refreshed);
  });

  it("a replacement deletes first unless both the name and the key change (the API refuses either twice)", async () => {
    const inputs = keyInputs();
    const { id, outs } = await make("SshKeyPair", inputs);
    const newKey = await change("SshKeyPair", id, outs, { ...inputs, publicKey: freshEd25519() });
    expect(newKey.diff).toMatchObject({ replaces: ["publicKey"], deleteBeforeReplace: true });
    const newName = await change("SshKeyPair", id, outs, { ...inputs, name: `${inputs.name}-b` });
    expect(newName.diff).toMatchObject({ replaces: ["name"], deleteBeforeReplace: true });
    const both = await change("SshKeyPair", id, outs, {
      name: `${inputs.name}-c`,
      publicKey: freshEd25519(),
    });
    expect(both.diff.deleteBeforeReplace).toBe(false);
    await p("SshKeyPair").delete!(id, outs);
  });

  it("adoption checks the program's key against the live fingerprint; without publicKey it keeps the live one", async () => {
    const inputs = keyInputs();
    const made = await make("SshKeyPair", inputs);
    const wrong = { ...inputs, publicKey: freshEd25519(), adoptId: made.id };
    // refused at preview (check reads the adopted record), and by create the same way
    const checked = await p("SshKeyPair").check!({}, wrong);
    expect(checked.failures?.map((f) => f.property)).toEqual(["publicKey"]);
    expect(checked.failures?.[0].reason).toMatch(
      /differs from the adopted SSH key pair .*cannot change in place/,
    );
    await expect(p("SshKeyPair").create(checked.inputs)).rejects.toThrow(/cannot adopt: .*publicKey/);
    const bare = await make("SshKeyPair", { adoptId: made.id });
    expect(bare.outs).toMatchObject({ name: inputs.name, fingerprint: made.outs.fingerprint });
    expect(bare.outs.publicKey).toBeNull();
    await p("SshKeyPair").delete!(made.id, made.outs);
  });

  it("a taken name fails the register with the API's reason, and nothing is recorded", async () => {
    const inputs = keyInputs();
    const made = await make("SshKeyPair", inputs);
    // an up whose preview ran before the name was taken (by another program): check passed, the API refuses
    const err = await p("SshKeyPair")
      .create({ ...inputs, publicKey: freshEd25519() })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(/register failed: .*already exists/);
    await p("SshKeyPair").delete!(made.id, made.outs);
  });

  it("an instance's sshKeyNames given as plain text must name a key pair of its region at check; an output is not looked up", async () => {
    const key = await make("SshKeyPair", keyInputs());
    const other = emu.regions.find((r) => !r.primary)!.id;
    const elsewhere = await call("POST", "/ssh-keypairs", { name: "elsewhere", publicKey: freshEd25519() });
    // what the SDK sends for sshKeyNames written as text in the program (sdk/resource.ts)
    const plain = { [PLAIN_REFERENCES]: ["sshKeyNames"] };
    const vm = { ...instanceInputs(), sshKeyNames: [key.outs.name] };
    // each variant of the program is a preview of its own (one host name, claimed once a run)
    const previewed = (news: Rec) => {
      newProcess();
      return p("Instance").check!({}, news);
    };
    expect((await previewed({ ...vm, ...plain })).failures ?? []).toEqual([]);
    const missing = await previewed({ ...vm, ...plain, sshKeyNames: ["no-such-key"] });
    expect(missing.failures).toEqual([
      expect.objectContaining({
        property: "sshKeyNames",
        reason: expect.stringMatching(
          /sshKeyNames names no SSH key pair named "no-such-key" in .*region.*cim\.SshKeyPair/,
        ),
      }),
    ]);
    // "elsewhere" is a key pair of the primary region, not of the other one
    const inOther = await previewed({ ...vm, ...plain, region: other, sshKeyNames: ["elsewhere"] });
    expect(inOther.failures?.map((f) => f.property)).toContain("sshKeyNames");
    // taken from another resource's output (known at preview, yet maybe still to be created): not looked up
    expect((await previewed({ ...vm, sshKeyNames: ["no-such-key"] })).failures ?? []).toEqual([]);
    // unknown at preview: not looked up either
    const unknown = { ...vm, ...plain, sshKeyNames: [UNKNOWN] };
    expect((await previewed(unknown)).failures ?? []).toEqual([]);
    // deployed with it: recorded, verified against the live keyPair, and adopted the same way
    newProcess();
    const made = await make("Instance", vm);
    expect(made.outs.sshKeyNames).toEqual([key.outs.name]);
    const wrongKey = { ...vm, name: made.outs.name, sshKeyNames: ["elsewhere"], adoptId: made.id };
    const refused = await previewed(wrongKey);
    expect(refused.failures?.map((f) => f.property)).toEqual(["sshKeyNames"]);
    await expect(p("Instance").create(refused.inputs)).rejects.toThrow(/cannot adopt: .*sshKeyNames/);
    await p("Instance").delete!(made.id, made.outs);
    await p("SshKeyPair").delete!(key.id, key.outs);
    await call("DELETE", `/ssh-keypairs/${elsewhere.id}`);
  });
});

describe("an instance from a volume or a volume snapshot (imageType volume, snapshot)", () => {
  it("boots from a snapshot's copy and from a detached volume; refresh shows no change; the source replaces", async () => {
    const vm = await snapVm();
    const snap = await make("VolumeSnapshot", { name: nameOf("snap"), volumeId: vm.rootId });
    const fromSnap = { ...instanceInputs(), imageType: "snapshot", snapshotId: snap.id };
    const a = await make("Instance", fromSnap);
    expect(a.outs).toMatchObject({
      imageType: "snapshot",
      snapshotId: snap.id,
      rootDiskSize: snap.outs.size,
    });
    expect((await p("Instance").read!(a.id, a.outs)).props).toEqual(a.outs);
    const same = await change("Instance", a.id, a.outs, fromSnap);
    expect(same.diff.changes).toBe(false);
    expect(
      (await change("Instance", a.id, a.outs, { ...fromSnap, snapshotId: OTHER_ID })).diff.replaces,
    ).toEqual(["snapshotId"]);

    const diskInputs = { name: nameOf("boot"), zoneId: cat.zone, diskOfferingId: cat.custom, size: 11 };
    const disk = await make("Volume", diskInputs);
    const fromVolume = { ...instanceInputs(), imageType: "volume", volumeId: disk.id };
    const b = await make("Instance", fromVolume);
    expect(shown(b.outs)).toMatchObject({
      imageType: "volume",
      volumeId: disk.id,
      rootDiskSize: 11,
      powerState: "running",
    });
    expect((await change("Instance", b.id, b.outs, fromVolume)).diff.changes).toBe(false);
    expect((await call("GET", `/volumes/${disk.id}`)).type).toBe("ROOT");
    // a replacement booting from the same volume again would find it gone with the old instance: refused at
    // preview, saying what to do; from another volume it is a replacement like any other
    await expect(change("Instance", b.id, b.outs, { ...fromVolume, allowPasswordSsh: true })).rejects.toThrow(
      new RegExp(
        `: allowPasswordSsh cannot change in place, so this change replaces the instance; but it boots from volume ${disk.id}, which became its root disk, and the platform deletes a root disk with its instance: the new instance could not boot from it, .* snapshot it first`,
      ),
    );
    expect(
      (await change("Instance", b.id, b.outs, { ...fromVolume, volumeId: OTHER_ID })).diff.replaces,
    ).toEqual(["volumeId"]);
    // the cim.Volume it was: its instance's root disk now, which goes with the instance; read as not attached (no
    // detach the API would refuse), and removing it from the stack sends nothing and says so
    const taken = (await p("Volume").read!(disk.id, disk.outs)).props as Rec;
    expect(taken.instanceId ?? null).toBeNull();
    expect((await change("Volume", disk.id, taken, diskInputs)).diff.changes).toBe(false);
    const warned: string[] = [];
    captureWarnings((m) => warned.push(m));
    try {
      await p("Volume").delete!(disk.id, taken);
    } finally {
      captureWarnings();
    }
    expect(warned).toEqual([
      expect.stringMatching(
        new RegExp(
          `: removed from the stack but kept in the cloud: it is the root disk of instance ${b.id} \\(imageType volume\\), and goes with that instance\\.$`,
        ),
      ),
    ]);
    expect((await call("GET", `/volumes/${disk.id}`)).type).toBe("ROOT");
    // check: the source each image type needs, and nothing it does not use
    const missing = await p("Instance").check!({}, { ...instanceInputs(), imageType: "volume" });
    expect(missing.failures?.map((f) => f.property)).toContain("volumeId");
    const stray = await p("Instance").check!({}, { ...instanceInputs(), snapshotId: snap.id });
    expect(stray.failures?.map((f) => f.property)).toContain("snapshotId");
    const sized = await p("Instance").check!({}, { ...fromVolume, rootDiskSize: 40 });
    expect(sized.failures?.map((f) => f.property)).toContain("rootDiskSize");
    await p("Instance").delete!(a.id, a.outs);
    await p("Instance").delete!(b.id, b.outs);
    await p("VolumeSnapshot").delete!(snap.id, snap.outs);
  });
});

describe("instance groups: an instance joins one by name", () => {
  it("group in place after the deploy; a renamed group is no drift; a plain name must exist at check", async () => {
    const group = await make("InstanceGroup", { name: nameOf("web") });
    const inputs = { ...instanceInputs(), group: group.outs.name };
    const vm = await make("Instance", inputs);
    expect(vm.outs.group).toBe(group.outs.name);
    expect((await call("GET", `/compute/instances/${vm.id}`)).groupId).toBe(group.id);
    // the group renamed in place: the program passes the new name, the instance already shows it
    const renamed = await (
      await change("InstanceGroup", group.id, group.outs, { name: `${group.outs.name}-2` })
    ).run();
    const after = (await p("Instance").read!(vm.id, vm.outs)).props as Rec;
    expect(after.group).toBe(renamed.outs.name);
    expect(
      (await change("Instance", vm.id, after, { ...inputs, group: renamed.outs.name })).diff.changes,
    ).toBe(false);
    // left out: no change, the instance stays in its group
    const { group: _, ...without } = inputs;
    expect((await change("Instance", vm.id, after, without)).diff.changes).toBe(false);
    // written as text in the program: looked up in the instance's region at preview
    const plain = { [PLAIN_REFERENCES]: ["group"] };
    const missing = await p("Instance").check!({}, { ...inputs, group: "no-such-group", ...plain });
    expect(missing.failures).toEqual([
      expect.objectContaining({
        property: "group",
        reason: expect.stringMatching(
          /group names no instance group named "no-such-group" in .*cim\.InstanceGroup/,
        ),
      }),
    ]);
    // deleting the group leaves the instance in none; refresh shows it and the next up would join it again
    await p("InstanceGroup").delete!(group.id, renamed.outs);
    const orphan = (await p("Instance").read!(vm.id, after)).props as Rec;
    expect(orphan.group).toBeNull();
    await p("Instance").delete!(vm.id, orphan);
  });

  it("a group renamed in this run, named as text by an instance: refused, saying to pass the group's name output", async () => {
    const group = await make("InstanceGroup", { name: nameOf("web") });
    const inputs = { ...instanceInputs(), group: group.outs.name };
    const vm = await make("Instance", inputs);
    newProcess();
    // the same run: the group's check and diff (a rename), then the instance's check with the new name as text
    const newName = `${group.outs.name}-2`;
    const checked = await p("InstanceGroup").check!({ name: group.outs.name }, { name: newName });
    expect(checked.failures).toEqual([]);
    expect((await p("InstanceGroup").diff!(group.id, group.outs, checked.inputs)).changes).toBe(true);
    const plain = { [PLAIN_REFERENCES]: ["group"] };
    const moved = await p("Instance").check!(inputs, { ...inputs, group: newName, ...plain });
    expect(moved.failures).toEqual([
      {
        property: "group",
        reason: expect.stringMatching(
          new RegExp(
            `^group "${newName}" is the name a cim\\.InstanceGroup of this program takes in this run \\(a new one, or a rename\\), but written as text it does not make this resource wait for that one, and .* has no instance group named "${newName}" yet\\. Pass that resource's name output instead \\(\`group: <that resource>\\.name\`\\), so it comes first$`,
          ),
        ),
      },
    ]);
    // from the group's output (no list of plain references): the check takes the claimed name
    const fromOutput = await p("Instance").check!(inputs, {
      ...inputs,
      group: newName,
      [PLAIN_REFERENCES]: [],
    });
    expect(fromOutput.failures).toEqual([]);
    await p("Instance").delete!(vm.id, vm.outs);
    await p("InstanceGroup").delete!(group.id, group.outs);
  });

  it("a name no group of the region has is refused before the platform makes an empty group of it", async () => {
    const name = nameOf("typo");
    // a value taken from an output is not looked up at preview: the update refuses it instead
    const err = await make("Instance", { ...instanceInputs(), group: name }).catch((e) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    expect(err.message).toMatch(
      new RegExp(`no instance group named "${name}" in region .*would make a new, empty one`),
    );
    const groups = rows(await call("GET", `/instance-groups?name=${name}`));
    expect(groups).toEqual([]);
    await p("Instance").delete!(err.id, err.properties);
  });

  it("a group whose region the API cannot read is a refresh failure, not a group that is gone", async () => {
    const group = await make("InstanceGroup", { name: nameOf("east") });
    await ctl.fault({ route: "/instance-groups", region: group.outs.region, status: 503 });
    await expect(p("InstanceGroup").read!(group.id, group.outs)).rejects.toThrow(/refresh failed: .*503/);
    await ctl.clearFaults();
    expect((await p("InstanceGroup").read!(group.id, group.outs)).props).toEqual(group.outs);
    await p("InstanceGroup").delete!(group.id, group.outs);
  });
});

describeOutputsParsed("compute", cases);
