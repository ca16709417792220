// Volume snapshots and instance snapshots (not shown by the spec beyond "different resources"; CloudStack's
// createSnapshot / deleteSnapshot and createVMSnapshot / deleteVMSnapshot, emulator/README.md): jobs, states,
// CloudStack's refusals, the `snapshot` allowance, and how the two kinds exclude each other on one instance.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(() => api.control.reset());

async function done(res: { jobId: string; id: string }) {
  const job = await api.waitJob(res.jobId);
  return job;
}

const rootOf = async (vmId: string) =>
  ((await api.ok("GET", "/volumes", { query: { virtualMachineId: vmId } })).volumes as any[]).find(
    (v) => v.type === "ROOT",
  );

async function snapshot(volumeId: string, name = "snap") {
  const res = await api.ok("POST", "/snapshots", { body: { volumeId, name } });
  expect((await done(res)).status).toBe("success");
  return api.ok("GET", `/snapshots/${res.id}`);
}

describe("Volume snapshots", () => {
  it("createSnapshot is a job: Creating, then BackedUp; the record names its volume", async () => {
    const vm = await api.instance(c);
    const root = await rootOf(vm.id);
    await api.control.pauseClock();
    const res = await api.ok("POST", "/snapshots", { body: { volumeId: root.id, name: "before-upgrade" } });
    expect(res.jobId).toBeTruthy();
    expect(res.id).toMatch(UUID);
    expect((await api.ok("GET", `/snapshots/${res.id}`)).state).toBe("Creating");
    await api.control.pauseClock(false);
    expect((await done(res)).status).toBe("success");
    const s = await api.ok("GET", `/snapshots/${res.id}`);
    expect(s).toMatchObject({
      name: "before-upgrade",
      volumeId: root.id,
      volumeName: root.name,
      volumeType: "ROOT",
      zoneId: c.zone.id,
      size: root.size,
      state: "BackedUp",
      snapshotType: "MANUAL",
    });
    const listed = (await api.ok("GET", "/snapshots", { query: { volumeId: root.id } })).snapshots;
    expect(listed.map((x: any) => x.id)).toEqual([res.id]);
    expect((await api.ok("GET", "/snapshots", { query: { name: "other" } })).snapshots).toEqual([]);
  });

  it("a volume that is not Ready is refused with CloudStack's text (a detached volume has no storage yet)", async () => {
    const disk = c.diskOfferings.find((d: any) => !d.customized);
    const v = await api.ok("POST", "/volumes", {
      query: { name: "data", zoneId: c.zone.id, diskOfferingId: disk.id },
    });
    await api.waitJob(v.jobId);
    const res = await api.post("/snapshots", { body: { volumeId: v.id } });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res.body)).toBe(true);
    expect(res.body.message).toBe("Volume: data is not in Ready state but Allocated. Cannot take snapshot.");
    const missing = await api.post("/snapshots", {
      body: { volumeId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("doesn't exist");
  });

  it("a snapshot without a name gets CloudStack's <volume>_<timestamp>", async () => {
    const vm = await api.instance(c);
    const root = await rootOf(vm.id);
    const res = await api.ok("POST", "/snapshots", { body: { volumeId: root.id } });
    await done(res);
    expect((await api.ok("GET", `/snapshots/${res.id}`)).name).toMatch(new RegExp(`^${root.name}_\\d{14}$`));
  });

  it("deleteSnapshot is a job and removes it; only a BackedUp or Error snapshot can be deleted", async () => {
    const vm = await api.instance(c);
    const s = await snapshot((await rootOf(vm.id)).id);
    await api.control.pauseClock();
    const first = await api.ok("POST", "/snapshots", { body: { volumeId: s.volumeId, name: "b" } });
    // SnapshotManagerImpl.deleteSnapshot checks the state in the job, which fails, the snapshot unchanged
    const busy = await api.ok("DELETE", `/snapshots/${first.id}`);
    await api.control.pauseClock(false);
    expect(await api.waitJob(busy.jobId)).toMatchObject({
      status: "error",
      detail: `Can't delete snapshot ${first.id} due to it is in Creating Status`,
    });
    await done(first);
    expect((await api.ok("GET", `/snapshots/${first.id}`)).state).toBe("BackedUp");
    const del = await api.ok("DELETE", `/snapshots/${s.id}`);
    expect((await api.waitJob(del.jobId)).status).toBe("success");
    expect((await api.get(`/snapshots/${s.id}`)).status).toBe(404);
  });

  it("a snapshot outlives its volume (CloudStack keeps it on secondary storage)", async () => {
    const disk = c.diskOfferings.find((d: any) => !d.customized);
    const vm = await api.instance(c);
    const v = await api.ok("POST", "/volumes", {
      query: { name: "data", zoneId: c.zone.id, diskOfferingId: disk.id },
    });
    await api.waitJob(v.jobId);
    await api.waitJob(
      (await api.ok("POST", `/volumes/${v.id}/attach`, { query: { virtualMachineId: vm.id } })).jobId,
    );
    const s = await snapshot(v.id);
    await api.waitJob((await api.ok("POST", `/volumes/${v.id}/detach`)).jobId);
    await api.ok("DELETE", `/volumes/${v.id}`); // done at once (deleteVolume is synchronous)
    expect((await api.get(`/volumes/${v.id}`)).status).toBe(404);
    expect(await api.ok("GET", `/snapshots/${s.id}`)).toMatchObject({
      volumeId: v.id,
      volumeName: "data",
      state: "BackedUp",
    });
  });

  it("the snapshot allowance (CloudStack's resource type snapshot) fails the job with the platform's text", async () => {
    const vm = await api.instance(c);
    const root = await rootOf(vm.id);
    const limits = await api.ok("GET", "/tenants/my-limits");
    expect(limits).toMatchObject({ snapshotLimit: 20, snapshotCount: 0 });
    await snapshot(root.id, "one");
    expect((await api.ok("GET", "/tenants/my-limits")).snapshotCount).toBe(1);
    await api.control.limits({ snapshotLimit: 1 });
    const res = await api.ok("POST", "/snapshots", { body: { volumeId: root.id, name: "two" } });
    const job = await done(res);
    expect(job.status).toBe("error");
    expect(job.detail).toContain("Maximum number of resources of type 'snapshot'");
    expect((await api.ok("GET", `/snapshots/${res.id}`)).state).toBe("Error");
    expect((await api.ok("GET", "/tenants/my-limits")).snapshotCount).toBe(1);
  });
});

describe("Volumes from a snapshot (createVolume with snapshotid)", () => {
  it("takes the snapshot's zone, disk offering and size; a larger size is allowed, a smaller one refused", async () => {
    const disk = c.diskOfferings.find((d: any) => d.customized);
    const vm = await api.instance(c);
    const v = await api.ok("POST", "/volumes", {
      query: { name: "data", zoneId: c.zone.id, diskOfferingId: disk.id, size: 12 },
    });
    await api.waitJob(v.jobId);
    await api.waitJob(
      (await api.ok("POST", `/volumes/${v.id}/attach`, { query: { virtualMachineId: vm.id } })).jobId,
    );
    const s = await snapshot(v.id);
    const made = await api.ok("POST", "/volumes", { query: { name: "restored", snapshotId: s.id } });
    expect((await api.waitJob(made.jobId)).status).toBe("success");
    expect(await api.ok("GET", `/volumes/${made.id}`)).toMatchObject({
      name: "restored",
      zoneId: c.zone.id,
      diskOfferingId: disk.id,
      size: 12,
      snapshotId: s.id,
      state: "Allocated",
    });
    const bigger = await api.ok("POST", "/volumes", {
      query: { name: "bigger", snapshotId: s.id, size: 20 },
    });
    await api.waitJob(bigger.jobId);
    expect((await api.ok("GET", `/volumes/${bigger.id}`)).size).toBe(20);
    const smaller = await api.post("/volumes", { query: { name: "small", snapshotId: s.id, size: 5 } });
    expect(smaller.status).toBe(400);
    expect(smaller.body.message).toContain("smaller than the snapshot's 12 GB");
    const otherZone = await api.post("/volumes", {
      query: { name: "far", snapshotId: s.id, zoneId: c.zone2.id, diskOfferingId: disk.id },
    });
    expect(otherZone.status).toBe(400);
    expect(otherZone.body.message).toContain("is not available in zone");
  });

  it("only a BackedUp snapshot of the caller's region; a root disk's snapshot needs a disk offering", async () => {
    const vm = await api.instance(c);
    const root = await rootOf(vm.id);
    await api.control.pauseClock();
    const taking = await api.ok("POST", "/snapshots", { body: { volumeId: root.id, name: "r" } });
    const early = await api.post("/volumes", { query: { name: "early", snapshotId: taking.id } });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      `Snapshot id=${taking.id} is not in BackedUp state yet and can't be used for volume creation`,
    );
    await api.control.pauseClock(false);
    await done(taking);
    const noOffering = await api.post("/volumes", { query: { name: "r1", snapshotId: taking.id } });
    expect(noOffering.status).toBe(400);
    expect(noOffering.body.message).toContain("diskOfferingId");
    const fixed = c.diskOfferings.find((d: any) => !d.customized);
    const made = await api.ok("POST", "/volumes", {
      query: { name: "r2", snapshotId: taking.id, diskOfferingId: fixed.id },
    });
    await api.waitJob(made.jobId);
    expect((await api.ok("GET", `/volumes/${made.id}`)).size).toBe(root.size);
    const elsewhere = await api.post("/volumes", {
      query: { name: "r3", snapshotId: taking.id },
      region: api.secondary.id,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toContain("Unable to find a snapshot with id");
  });
});

describe("Instance snapshots", () => {
  const take = (virtualMachineId: string, extra: Record<string, unknown> = {}) =>
    api.post("/vm-snapshots", { body: { virtualMachineId, name: "vs", ...extra } });

  it("createVMSnapshot is a job: Creating, then Ready; memory makes DiskAndMemory of a running instance", async () => {
    const vm = await api.instance(c);
    await api.control.pauseClock();
    const res = await take(vm.id, { snapshotMemory: true, description: "before the upgrade" });
    expect(res.status).toBe(200);
    expect((await api.ok("GET", `/vm-snapshots/${res.body.id}`)).state).toBe("Creating");
    await api.control.pauseClock(false);
    expect((await done(res.body)).status).toBe("success");
    expect(await api.ok("GET", `/vm-snapshots/${res.body.id}`)).toMatchObject({
      name: "vs",
      description: "before the upgrade",
      virtualMachineId: vm.id,
      virtualMachineName: vm.name,
      type: "DiskAndMemory",
      state: "Ready",
    });
    const disk = await take(vm.id, { name: "disk-only" });
    await done(disk.body);
    expect((await api.ok("GET", `/vm-snapshots/${disk.body.id}`)).type).toBe("Disk");
    const listed = (await api.ok("GET", "/vm-snapshots", { query: { virtualMachineId: vm.id } })).vmsnapshots;
    expect(listed.map((s: any) => s.name).sort()).toEqual(["disk-only", "vs"]);
  });

  it("memory only of a running instance; names unique per instance; Running or Stopped only", async () => {
    const vm = await api.instance(c, { startVm: false });
    const mem = await take(vm.id, { snapshotMemory: true });
    expect(mem.status).toBe(400);
    expect(mem.body.message).toBe("Can not snapshot memory when VM is in stopped state");
    await done((await take(vm.id)).body);
    const again = await take(vm.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("VM snapshot with name vs already exists");
    const other = await api.instance(c);
    expect((await take(other.id)).status).toBe(200);
    await api.control.pauseClock();
    const starting = await api.ok("POST", "/compute/instances", {
      body: { zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id },
    });
    const refused = await take(starting.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("is not in the running or Stopped state");
    await api.control.pauseClock(false);
  });

  it("one task at a time per instance; delete only Ready or Error; a deleted one is gone", async () => {
    const vm = await api.instance(c);
    await api.control.pauseClock();
    const first = await take(vm.id, { name: "a" });
    const second = await take(vm.id, { name: "b" });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain("other active vm snapshot tasks");
    // VMSnapshotManagerImpl.deleteVMSnapshot checks the state in the job, which fails, the snapshot unchanged
    const early = await api.ok("DELETE", `/vm-snapshots/${first.body.id}`);
    await api.control.pauseClock(false);
    expect(await api.waitJob(early.jobId)).toMatchObject({
      status: "error",
      command: "deleteVMSnapshot",
      detail: `Can't delete the vm snapshotshot ${first.body.id} due to it is not in Created or Error, or Expunging State`,
    });
    await done(first.body);
    expect((await api.ok("GET", `/vm-snapshots/${first.body.id}`)).state).toBe("Ready");
    const del = await api.ok("DELETE", `/vm-snapshots/${first.body.id}`);
    expect((await api.waitJob(del.jobId)).status).toBe("success");
    expect((await api.get(`/vm-snapshots/${first.body.id}`)).status).toBe(404);
  });

  it("volume and instance snapshots exclude each other on one instance, as CloudStack decides", async () => {
    const vm = await api.instance(c);
    const root = await rootOf(vm.id);
    const s = await snapshot(root.id);
    const refused = await take(vm.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("This VM has volumes attached which has snapshots");
    await api.waitJob((await api.ok("DELETE", `/snapshots/${s.id}`)).jobId);
    const vs = await take(vm.id);
    expect(vs.status).toBe(200);
    await api.control.pauseClock();
    const vs2 = await take(vm.id, { name: "vs2" });
    const during = await api.post("/snapshots", { body: { volumeId: root.id } });
    expect(during.status).toBe(409);
    expect(during.body.message).toContain("other active vm snapshot tasks");
    await api.control.pauseClock(false);
    await done(vs2.body);
  });

  it("an instance with VM snapshots: its volumes are not attached, detached or resized and it is not scaled, in CloudStack's words", async () => {
    const disk = c.diskOfferings.find((d: any) => !d.customized);
    const vm = await api.instance(c);
    const volume = async (name: string) => {
      const v = await api.ok("POST", "/volumes", {
        query: { name, zoneId: c.zone.id, diskOfferingId: disk.id },
      });
      await api.waitJob(v.jobId);
      return v.id as string;
    };
    const [attached, loose] = [await volume("attached"), await volume("loose")];
    await api.waitJob(
      (await api.ok("POST", `/volumes/${attached}/attach`, { query: { virtualMachineId: vm.id } })).jobId,
    );
    const vs = await take(vm.id);
    await done(vs.body);
    const refused = async (path: string, q: Record<string, string | number>) =>
      (await api.waitJob((await api.ok("POST", path, { query: q })).jobId)).detail;
    const bigger = c.offerings.find((o) => o.id !== vm.serviceOfferingId).id;
    expect(await refused(`/volumes/${loose}/attach`, { virtualMachineId: vm.id })).toBe(
      "Unable to attach volume, please specify a VM that does not have VM snapshots",
    );
    expect(await refused(`/volumes/${attached}/detach`, {})).toBe(
      "Unable to detach volume, please specify a VM that does not have VM snapshots",
    );
    const root = await rootOf(vm.id);
    expect(await refused(`/volumes/${root.id}/resize`, { size: root.size + 5 })).toBe(
      "A volume that is attached to a VM with any VM snapshots cannot be resized.",
    );
    expect(await refused(`/compute/instances/${vm.id}/scale`, { serviceOfferingId: bigger })).toBe(
      "Unable to scale VM, please remove VM snapshots before scaling VM",
    );
    // nothing changed; once the snapshot is deleted, each is taken
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).serviceOfferingId).toBe(vm.serviceOfferingId);
    await api.waitJob((await api.ok("DELETE", `/vm-snapshots/${vs.body.id}`)).jobId);
    const taken = async (path: string, q: Record<string, string | number>) =>
      (await api.waitJob((await api.ok("POST", path, { query: q })).jobId)).status;
    expect(await taken(`/volumes/${loose}/attach`, { virtualMachineId: vm.id })).toBe("success");
    expect(await taken(`/volumes/${attached}/detach`, {})).toBe("success");
    expect(await taken(`/volumes/${root.id}/resize`, { size: root.size + 5 })).toBe("success");
    expect(await taken(`/compute/instances/${vm.id}/scale`, { serviceOfferingId: bigger })).toBe("success");
  });

  it("an instance's snapshots go with it once it is expunged; another region does not know them", async () => {
    const vm = await api.instance(c);
    const vs = await take(vm.id);
    await done(vs.body);
    const other = await api.get(`/vm-snapshots/${vs.body.id}`, { region: api.secondary.id });
    expect(other.status).toBe(404);
    await api.waitJob(
      (await api.ok("DELETE", `/compute/instances/${vm.id}`, { query: { expunge: true } })).jobId,
    );
    expect((await api.get(`/vm-snapshots/${vs.body.id}`)).status).toBe(404);
    expect((await api.ok("GET", "/vm-snapshots")).vmsnapshots).toEqual([]);
  });
});

describe("Instances from a volume or a snapshot (imageType volume, snapshot)", () => {
  const deploy = (extra: Record<string, unknown>) =>
    api.post("/compute/instances", {
      body: { zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id, ...extra },
    });

  async function detachedVolume(size = 15) {
    const disk = c.diskOfferings.find((d: any) => d.customized);
    const v = await api.ok("POST", "/volumes", {
      query: { name: "boot", zoneId: c.zone.id, diskOfferingId: disk.id, size },
    });
    await api.waitJob(v.jobId);
    return api.ok("GET", `/volumes/${v.id}`);
  }

  it("imageType volume: the detached volume becomes the root disk (device 0) and goes with the instance", async () => {
    const v = await detachedVolume();
    expect((await deploy({ imageType: "volume" })).body.message).toContain("volumeId");
    const res = await deploy({ imageType: "volume", volumeId: v.id });
    expect(res.status).toBe(200);
    expect((await api.waitJob(res.body.jobId)).status).toBe("success");
    const vm = await api.ok("GET", `/compute/instances/${res.body.id}`);
    expect(vm).toMatchObject({ state: "Running", volumeId: v.id, details: { rootDiskSize: "15" } });
    expect(await api.ok("GET", `/volumes/${v.id}`)).toMatchObject({
      type: "ROOT",
      virtualMachineId: vm.id,
      deviceId: 0,
      state: "Ready",
    });
    // it is the root disk now: another instance cannot take it
    const again = await deploy({ imageType: "volume", volumeId: v.id });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("is attached to an instance");
  });

  it("imageType volume: the root disk size is the volume's; a failed deploy gives the volume back", async () => {
    const v = await detachedVolume(9);
    const sized = await deploy({ imageType: "volume", volumeId: v.id, rootDiskSize: 30 });
    expect(sized.status).toBe(400);
    expect(sized.body.message).toContain("does not apply");
    await api.control.limits({ instanceLimit: 0 });
    const res = await deploy({ imageType: "volume", volumeId: v.id });
    expect((await api.waitJob(res.body.jobId)).status).toBe("error");
    await api.control.limits({ instanceLimit: 1000 });
    const back = await api.ok("GET", `/volumes/${v.id}`);
    expect(back).toMatchObject({ type: "DATADISK", size: 9 });
    expect(back.virtualMachineId).toBeUndefined();
  });

  it("imageType snapshot: a new root disk of at least the snapshot's size, from a BackedUp snapshot", async () => {
    const vm = await api.instance(c);
    const s = await snapshot((await rootOf(vm.id)).id);
    const small = await deploy({ imageType: "snapshot", snapshotId: s.id, rootDiskSize: s.size - 1 });
    expect(small.status).toBe(400);
    expect(small.body.message).toContain("smaller than the snapshot's");
    const res = await deploy({ imageType: "snapshot", snapshotId: s.id, rootDiskSize: s.size + 5 });
    expect((await api.waitJob(res.body.jobId)).status).toBe("success");
    const made = await api.ok("GET", `/compute/instances/${res.body.id}`);
    expect(made.snapshotId).toBe(s.id);
    expect(await rootOf(made.id)).toMatchObject({ size: s.size + 5, snapshotId: s.id, state: "Ready" });
    const missing = await deploy({
      imageType: "snapshot",
      snapshotId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("Unable to find a snapshot");
  });
});
