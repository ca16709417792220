// Shared file systems, black-box over HTTP: the spec's GET /filesystems/{id} envelope and CloudStack's Shared
// FileSystem commands (create, list, update, resize, service offering, start, stop, restart, destroy, expunge)
// with the states and refusals emulator/README.md writes down.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody } from "./harness";

let api: Api;
let c: Catalogue;
let netId: string;
let medium: any;
let custom: any;
let fixed: any;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
  medium = c.offerings.find((o) => o.name === "Medium");
  custom = c.diskOfferings.find((d) => d.customized);
  fixed = c.diskOfferings.find((d) => !d.customized);
  const isolated = c.networkOfferings.find((o) => !o.forVpc);
  const net = await api.ok("POST", "/networks", {
    body: { name: "fs-net", displayText: "fs", zoneId: c.zone.id, networkOfferingId: isolated.id },
  });
  await api.waitJob(net.jobId);
  netId = net.id;
});
afterAll(() => api.close());

let n = 0;
const fsBody = (extra: Record<string, unknown> = {}) => ({
  name: `share-${++n}`,
  zoneId: c.zone.id,
  networkId: netId,
  diskOfferingId: custom.id,
  size: 10,
  serviceOfferingId: medium.id,
  filesystem: "XFS",
  ...extra,
});

/** A file system whose create job succeeded, as GET /filesystems/{id} shows it. */
async function fileSystem(extra: Record<string, unknown> = {}) {
  const res = await api.ok("POST", "/filesystems", { body: fsBody(extra) });
  const job = await api.waitJob(res.jobId);
  expect(job).toMatchObject({ status: "success", command: "createSharedFileSystem" });
  return row(res.id);
}
const row = async (id: string) => (await api.ok("GET", `/filesystems/${id}`)).fileSystems[0];

/** Runs an action route and waits for its job; answers the job. */
async function act(id: string, action: string, query?: Record<string, string | number>) {
  const res = await api.ok("POST", `/filesystems/${id}/${action}`, { query });
  return api.waitJob(res.jobId);
}

describe("shared file systems (CloudStack's Shared FileSystem)", () => {
  it("the read is the spec's envelope: count, fileSystems, page, pageSize; an unknown id is a 404", async () => {
    const fs = await fileSystem();
    const res = await api.ok("GET", `/filesystems/${fs.id}`);
    expect(Object.keys(res).sort()).toEqual(["count", "fileSystems", "page", "pageSize"]);
    expect(res).toMatchObject({ count: 1, page: 1 });
    const missing = await api.get("/filesystems/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(expectErrorBody(missing.body)).toBe(true);
  });

  it("create is a job: Allocated, then Ready, served on the network at /mnt/fs/share from an address of it", async () => {
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await api.ok("POST", "/filesystems", { body: fsBody({ description: "assets" }) });
    expect(res.jobId).toBeTruthy();
    expect((await row(res.id)).state).toBe("Allocated");
    await api.control.advanceClock(1000);
    await api.waitJob(res.jobId);
    await api.control.jobTiming({ mode: "timed", latencyMs: 0 });
    const fs = await row(res.id);
    expect(fs).toMatchObject({
      state: "Ready",
      description: "assets",
      networkId: netId,
      networkName: "fs-net",
      path: "/mnt/fs/share",
      provider: "SHAREDFSVM",
      filesystem: "XFS",
      size: 10 * 1024 ** 3,
      sizeGb: "10.00 GiB",
      isCustomDiskOffering: true,
      serviceOfferingName: "Medium",
      zoneId: c.zone.id,
    });
    const { cidr } = await api.ok("GET", `/networks/${netId}`);
    expect(fs.ipAddress.split(".").slice(0, 3).join(".")).toBe(cidr.split(".").slice(0, 3).join("."));
    expect(fs.nic).toEqual([{ networkId: netId, ipAddress: fs.ipAddress, isDefault: true }]);
    // an instance on the network gets another address: the file system's VM holds its own
    const vm = await api.instance(c, { networkIds: netId });
    expect(vm.ipAddress).not.toBe(fs.ipAddress);
  });

  it("create refuses what allocSharedFS and the file-system VM's checks refuse, in CloudStack's words", async () => {
    const small = c.offerings.find((o) => o.name === "Small");
    const zoneNet = c.zone.defaultNetworkId;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ filesystem: "NTFS" }, /Invalid File system format specified. Supported formats are EXT4 and XFS/],
      [{ diskOfferingId: fixed.id }, /Size provided with a non-custom disk offering/],
      [{ size: undefined }, /size is required with the customized disk offering/],
      [
        { serviceOfferingId: small.id },
        /number of cpu should be greater than or equal to sharedfsvm.min.cpu.count/,
      ],
      [{ networkId: zoneNet }, /Shared network which is not Account scoped/],
      [{ provider: "NETAPP" }, /Invalid Shared FileSystem provider name/],
      [{ networkId: undefined }, /Required parameter 'networkId'/],
    ];
    for (const [extra, message] of cases) {
      const res = await api.post("/filesystems", { body: fsBody(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const taken = await fileSystem();
    const again = await api.post("/filesystems", { body: fsBody({ name: taken.name }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "There already exists a Shared FileSystem with this name for the given account and domain.",
    );
  });

  it("a fixed disk offering decides the size; the list filters by name and network and pages in the envelope", async () => {
    const fs = await fileSystem({ diskOfferingId: fixed.id, size: undefined });
    expect(fs.size).toBe(fixed.diskSizeGb * 1024 ** 3);
    const byName = await api.ok("GET", "/filesystems", { query: { name: fs.name } });
    expect(byName).toMatchObject({ count: 1, fileSystems: [{ id: fs.id }] });
    const onNet = await api.ok("GET", "/filesystems", { query: { networkId: netId, pageSize: 1 } });
    expect(onNet.count).toBeGreaterThan(1);
    expect(onNet.fileSystems).toHaveLength(1);
    expect(onNet).toMatchObject({ page: 1, pageSize: 1 });
  });

  it("resize grows in place by a job; a smaller size is refused as the volume service refuses a shrink", async () => {
    const fs = await fileSystem();
    const job = await act(fs.id, "resize", { size: 25 });
    expect(job).toMatchObject({ status: "success", command: "changeSharedFileSystemDiskOffering" });
    expect(await row(fs.id)).toMatchObject({ size: 25 * 1024 ** 3, state: "Ready" });
    // the volume service refuses the shrink in the command's job
    await api.failsInJob(
      "POST",
      `/filesystems/${fs.id}/resize`,
      `Going from existing size of ${25 * 1024 ** 3} to size of ${5 * 1024 ** 3} would shrink the volume.Need to sign off by supplying the shrinkok parameter with value of true.`,
      { query: { size: 5 } },
    );
    // a fixed offering's size is its own: a smaller one is the same shrink (CloudStack's
    // changeDiskOfferingForVolumeInternal takes the new offering's disk size)
    const smaller = c.diskOfferings.find((d) => !d.customized && d.diskSizeGb < 25);
    await api.failsInJob(
      "POST",
      `/filesystems/${fs.id}/resize`,
      `Going from existing size of ${25 * 1024 ** 3} to size of ${smaller.diskSizeGb * 1024 ** 3} would shrink the volume.Need to sign off by supplying the shrinkok parameter with value of true.`,
      { query: { diskOfferingId: smaller.id } },
    );
    expect(await row(fs.id)).toMatchObject({ size: 25 * 1024 ** 3, diskOfferingId: custom.id });
  });

  it("stop, the service offering (Stopped only), start and restart are jobs with CloudStack's states", async () => {
    const fs = await fileSystem();
    const large = c.offerings.find((o) => o.name === "Large");
    // SharedFSServiceImpl checks the state in the job
    await api.failsInJob(
      "POST",
      `/filesystems/${fs.id}/change-service-offering`,
      "Service offering of the Shared FileSystem can be changed only if it is in [Stopped] state",
      { query: { serviceOfferingId: large.id } },
    );
    expect((await row(fs.id)).state).toBe("Ready");
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const stop = await api.ok("POST", `/filesystems/${fs.id}/stop`);
    expect((await row(fs.id)).state).toBe("Stopping");
    await api.control.advanceClock(1000);
    await api.waitJob(stop.jobId);
    await api.control.jobTiming({ mode: "timed", latencyMs: 0 });
    expect((await row(fs.id)).state).toBe("Stopped");
    expect(await act(fs.id, "change-service-offering", { serviceOfferingId: large.id })).toMatchObject({
      status: "success",
    });
    expect((await row(fs.id)).serviceOfferingName).toBe("Large");
    await api.failsInJob(
      "POST",
      `/filesystems/${fs.id}/stop`,
      "Shared FileSystem can be stopped only if it is in the [Ready] state",
    );
    expect((await row(fs.id)).state).toBe("Stopped");
    await act(fs.id, "start");
    expect((await row(fs.id)).state).toBe("Ready");
    await act(fs.id, "restart", { cleanup: "true" });
    expect((await row(fs.id)).state).toBe("Ready");
  });

  it("rename by query parameters; a JSON body alone is refused naming the parameter", async () => {
    const fs = await fileSystem();
    const renamed = await api.ok("PUT", `/filesystems/${fs.id}`, {
      query: { name: `${fs.name}-r`, description: "renamed" },
    });
    expect(renamed).toMatchObject({ name: `${fs.name}-r`, description: "renamed" });
    const json = await api.put(`/filesystems/${fs.id}`, { body: { name: "x" } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe("Required parameter 'name' is not present");
  });

  it("destroy is synchronous: Ready needs forced; without expunge it stays Destroyed (its name held) until expunged", async () => {
    const fs = await fileSystem();
    const refused = await api.del(`/filesystems/${fs.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Shared FileSystem can be destroyed only if it is in the [Stopped, Error] states",
    );
    // expungeSharedFileSystem of a Ready one: its job fails, in the command's own words (it masks the state's)
    await api.failsInJob("POST", `/filesystems/${fs.id}/expunge`, "Failed to expunge Shared FileSystem");
    expect((await row(fs.id)).state).toBe("Ready");
    const destroyed = await api.ok("DELETE", `/filesystems/${fs.id}`, { query: { forced: true } });
    expect(destroyed).toEqual({ id: fs.id });
    expect((await row(fs.id)).state).toBe("Destroyed");
    const sameName = await api.post("/filesystems", { body: fsBody({ name: fs.name }) });
    expect(sameName.status).toBe(409);
    expect(await act(fs.id, "expunge")).toMatchObject({
      status: "success",
      command: "expungeSharedFileSystem",
    });
    expect((await api.get(`/filesystems/${fs.id}`)).status).toBe(404);
    // forced and expunged in one call: gone at once
    const other = await fileSystem();
    await api.ok("DELETE", `/filesystems/${other.id}`, { query: { forced: true, expunge: true } });
    expect((await api.get(`/filesystems/${other.id}`)).status).toBe(404);
  });

  it("a failed create leaves the file system in Error (deletable at once); a network with one is not deleted", async () => {
    await api.control.fault({
      method: "POST",
      route: "/filesystems",
      times: 1,
      jobFail: { detail: "Unable to create a deployment for VM[User|fsvm-x]" },
    });
    const res = await api.ok("POST", "/filesystems", { body: fsBody() });
    const job = await api.waitJob(res.jobId);
    expect(job).toMatchObject({
      status: "error",
      detail: "Unable to create a deployment for VM[User|fsvm-x]",
    });
    expect(await row(res.id)).toMatchObject({ state: "Error", ipAddress: "" });
    await api.ok("DELETE", `/filesystems/${res.id}`);
    expect((await api.get(`/filesystems/${res.id}`)).status).toBe(404);

    const isolated = c.networkOfferings.find((o) => !o.forVpc);
    const net = await api.ok("POST", "/networks", {
      body: { name: "fs-net-2", displayText: "x", zoneId: c.zone.id, networkOfferingId: isolated.id },
    });
    await api.waitJob(net.jobId);
    const fs = await fileSystem({ networkId: net.id });
    // its VM is a user VM on the network: the delete's job fails, as CloudStack's deleteNetwork
    const del = await api.waitJob((await api.ok("DELETE", `/networks/${net.id}`)).jobId);
    expect(del).toMatchObject({ status: "error", detail: "Failed to delete network" });
    await api.ok("DELETE", `/filesystems/${fs.id}`, { query: { forced: true, expunge: true } });
    await api.waitJob((await api.ok("DELETE", `/networks/${net.id}`)).jobId);
  });
});
