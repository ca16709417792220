// The snapshot families of the client against the emulator: volume snapshots and instance snapshots as two
// resources, every create and delete a job, the platform's refusals kept as typed errors, lost create answers
// adopted from the jobs by command and name (never sent twice).
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, NotFoundError } from "../../provider/client";
import { catalogueIds, fastWait, useHarness } from "./emulatorHarness";

let client: CimClient;
const t = useHarness((c) => {
  client = c;
});
const { hits } = t;

async function instance(name = "db") {
  const ids = await catalogueIds(client);
  const made = await client.instances.create({ name, ...ids, diskOfferingId: undefined });
  await client.jobs.wait(made, fastWait);
  const root = (await client.volumes.listAll()).items.find(
    (v) => v.type === "ROOT" && v.virtualMachineId === made.id,
  )!;
  return { id: made.id!, rootId: root.id };
}

describe("volumeSnapshots", () => {
  it("create (a job), get, list by volume and name, delete (a job); 404 after", async () => {
    const vm = await instance();
    const made = await client.volumeSnapshots.create({ volumeId: vm.rootId, name: "nightly" });
    expect(made.jobId).toBeTruthy();
    expect((await client.jobs.wait(made, fastWait))?.command).toBe("createSnapshot");
    const s = await client.volumeSnapshots.get(made.id!);
    expect(s).toMatchObject({
      id: made.id,
      name: "nightly",
      volumeId: vm.rootId,
      volumeType: "ROOT",
      state: "BackedUp",
    });
    expect(typeof s.size).toBe("number");
    expect((await client.volumeSnapshots.listAll({ volumeId: vm.rootId })).items.map((x) => x.id)).toEqual([
      made.id,
    ]);
    expect((await client.volumeSnapshots.listAll({ name: "other" })).items).toEqual([]);
    expect((await client.volumeSnapshots.listAll({ region: t.h.secondary })).items).toEqual([]);
    const del = await client.volumeSnapshots.delete(made.id!);
    expect((await client.jobs.wait(del, fastWait))?.command).toBe("deleteSnapshot");
    await expect(client.volumeSnapshots.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("volumes.create with snapshotId makes a volume of the snapshot's size, naming its snapshot", async () => {
    const vm = await instance();
    const snap = await client.volumeSnapshots.create({ volumeId: vm.rootId, name: "root" });
    await client.jobs.wait(snap, fastWait);
    const ids = await catalogueIds(client);
    const vol = await client.volumes.create({
      name: "restored",
      zoneId: ids.zoneId,
      diskOfferingId: ids.diskOfferingId,
      snapshotId: snap.id,
    });
    await client.jobs.wait(vol, fastWait);
    const live = await client.volumes.get(vol.id!);
    expect(live).toMatchObject({
      snapshotId: snap.id,
      size: (await client.volumeSnapshots.get(snap.id!)).size,
    });
  });

  it("a volume that is not Ready is a BadRequestError with the platform's text", async () => {
    const ids = await catalogueIds(client);
    const vol = await client.volumes.create({
      name: "data",
      zoneId: ids.zoneId,
      diskOfferingId: ids.diskOfferingId,
    });
    await client.jobs.wait(vol, fastWait);
    const err = await client.volumeSnapshots.create({ volumeId: vol.id!, name: "x" }).catch((e) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.message).toContain("is not in Ready state but Allocated");
  });

  it("a create whose answer was lost after it landed is adopted from the jobs, not sent again", async () => {
    const vm = await instance();
    await t.h.control.resetRequests();
    await t.h.control.fault({ method: "POST", route: "/snapshots", action: "drop-after", times: 1 });
    const made = await client.volumeSnapshots.create({ volumeId: vm.rootId, name: "lost" });
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/snapshots")).toBe(1);
    expect((await client.volumeSnapshots.listAll()).items.map((s) => s.id)).toEqual([made.id]);
  });
});

describe("instanceSnapshots", () => {
  it("create with memory (a job), get, list by instance, delete (a job); 404 after", async () => {
    const vm = await instance();
    const made = await client.instanceSnapshots.create({
      virtualMachineId: vm.id,
      name: "pre-upgrade",
      description: "before 2.0",
      snapshotMemory: true,
    });
    expect((await client.jobs.wait(made, fastWait))?.command).toBe("createVMSnapshot");
    expect(await client.instanceSnapshots.get(made.id!)).toMatchObject({
      name: "pre-upgrade",
      description: "before 2.0",
      virtualMachineId: vm.id,
      type: "DiskAndMemory",
      state: "Ready",
    });
    expect(
      (await client.instanceSnapshots.listAll({ virtualMachineId: vm.id })).items.map((s) => s.id),
    ).toEqual([made.id]);
    await client.jobs.wait(await client.instanceSnapshots.delete(made.id!), fastWait);
    await expect(client.instanceSnapshots.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("memory of a stopped instance is a BadRequestError with the platform's text", async () => {
    const ids = await catalogueIds(client);
    const made = await client.instances.create({
      name: "cold",
      ...ids,
      diskOfferingId: undefined,
      startVm: false,
    });
    await client.jobs.wait(made, fastWait);
    const err = await client.instanceSnapshots
      .create({ virtualMachineId: made.id!, name: "m", snapshotMemory: true })
      .catch((e) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.message).toContain("Can not snapshot memory when VM is in stopped state");
  });

  it("a create whose answer was lost after it landed is adopted from the jobs, not sent again", async () => {
    const vm = await instance();
    await t.h.control.resetRequests();
    await t.h.control.fault({ method: "POST", route: "/vm-snapshots", action: "drop-after", times: 1 });
    const made = await client.instanceSnapshots.create({ virtualMachineId: vm.id, name: "lost" });
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/vm-snapshots")).toBe(1);
    expect((await client.instanceSnapshots.listAll()).items.map((s) => s.id)).toEqual([made.id]);
  });
});
