import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
let fixed: any;
let custom: any;
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
  fixed = c.diskOfferings.find((d) => !d.customized);
  custom = c.diskOfferings.find((d) => d.customized);
});
afterAll(() => api.close());

async function volume(query: Record<string, string | number> = {}) {
  const res = await api.ok("POST", "/volumes", {
    query: { name: "data", zoneId: c.zone.id, diskOfferingId: fixed.id, ...query },
  });
  const job = await api.waitJob(res.jobId);
  expect(job.status).toBe("success");
  return api.ok("GET", `/volumes/${res.id}`);
}

/** A volume action CloudStack accepts and fails in its job: the job's detail, the volume's state unchanged. */
async function refusedInJob(id: string, action: string, detail: string, query = {}) {
  const before = (await api.ok("GET", `/volumes/${id}`)).state;
  await api.failsInJob("POST", `/volumes/${id}/${action}`, detail, { query });
  expect((await api.ok("GET", `/volumes/${id}`)).state).toBe(before);
}

describe("Volumes", () => {
  it("Common rules 5: POST /volumes takes name, zoneId, diskOfferingId as query parameters", async () => {
    const v = await volume({ name: "by-query" });
    expect(v).toMatchObject({
      name: "by-query",
      zoneId: c.zone.id,
      diskOfferingId: fixed.id,
      size: fixed.diskSizeGb,
      state: "Allocated",
    });
  });

  it("Common rules 5 / Errors 3: sending JSON to POST /volumes yields a 400 about the missing parameter name", async () => {
    const res = await api.post("/volumes", {
      body: { name: "x", zoneId: c.zone.id, diskOfferingId: fixed.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("name");
    expect(res.body.detail).toContain("name");
  });

  it("Volumes: size is required with a customized disk offering and is in GB", async () => {
    const missing = await api.post("/volumes", {
      query: { name: "c", zoneId: c.zone.id, diskOfferingId: custom.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("size");
    expect((await volume({ diskOfferingId: custom.id, size: 33 })).size).toBe(33);
  });

  it("Volumes: the volume is Creating until its job succeeds", async () => {
    await api.control.pauseClock();
    const res = await api.ok("POST", "/volumes", {
      query: { name: "slow", zoneId: c.zone.id, diskOfferingId: fixed.id },
    });
    expect((await api.ok("GET", `/volumes/${res.id}`)).state).toBe("Creating");
    await api.control.pauseClock(false);
    await api.waitJob(res.jobId);
    expect((await api.ok("GET", `/volumes/${res.id}`)).state).toBe("Allocated");
  });

  it("Volumes: attach makes the volume Ready with virtualMachineId and deviceId; detach keeps it Ready (it has its storage)", async () => {
    const vm = await api.instance(c);
    const v = await volume();
    const attach = await api.ok("POST", `/volumes/${v.id}/attach`, { query: { virtualMachineId: vm.id } });
    await api.waitJob(attach.jobId);
    expect(await api.ok("GET", `/volumes/${v.id}`)).toMatchObject({
      state: "Ready",
      virtualMachineId: vm.id,
      deviceId: 1,
    });
    await refusedInJob(v.id, "attach", "Please specify a volume that is not attached to any VM.", {
      virtualMachineId: vm.id,
    });
    expect((await api.ok("GET", `/volumes/${v.id}`)).virtualMachineId).toBe(vm.id);
    // deleteVolume refuses an attached volume with CloudStack's text.
    const attached = await api.del(`/volumes/${v.id}`);
    expect(attached.status).toBe(400);
    expect(attached.body.message).toBe("Please specify a volume that is not attached to any VM.");
    const detach = await api.ok("POST", `/volumes/${v.id}/detach`);
    await api.waitJob(detach.jobId);
    const after = await api.ok("GET", `/volumes/${v.id}`);
    expect(after.state).toBe("Ready");
    expect(after.virtualMachineId).toBeUndefined();
    // a detached disk has its storage: it can be snapshotted (an Allocated one, never attached, cannot)
    const snap = await api.ok("POST", "/snapshots", { body: { volumeId: v.id } });
    await api.waitJob(snap.jobId);
    await refusedInJob(v.id, "detach", "The specified volume is not attached to a VM.");
  });

  it("Volumes: an instance's root disk is a ROOT volume on device 0 that can be neither detached nor deleted", async () => {
    const vm = await api.instance(c);
    const { volumes } = await api.ok("GET", "/volumes", { query: { virtualMachineId: vm.id } });
    expect(volumes).toHaveLength(1);
    const root = volumes[0];
    expect(root).toMatchObject({
      type: "ROOT",
      deviceId: 0,
      state: "Ready",
      size: Number(vm.details.rootDiskSize),
      virtualMachineId: vm.id,
    });
    await refusedInJob(root.id, "detach", "Please specify a data volume.");
    expect((await api.ok("GET", `/volumes/${root.id}`)).virtualMachineId).toBe(vm.id);
    const del = await api.del(`/volumes/${root.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("Please specify a volume that is not attached to any VM.");
    // It grows by size (a template's root disk has no disk offering), and the instance reports the new size.
    const grow = await api.ok("POST", `/volumes/${root.id}/resize`, { query: { size: root.size + 5 } });
    expect((await api.waitJob(grow.jobId)).status).toBe("success");
    const grown = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(grown.details.rootDiskSize).toBe(String(root.size + 5));
    // It stays while its instance is Destroyed, and goes when the instance is expunged.
    await api.waitJob((await api.ok("DELETE", `/compute/instances/${vm.id}`)).jobId);
    expect((await api.get(`/volumes/${root.id}`)).status).toBe(200);
    const expunge = await api.ok("DELETE", `/compute/instances/${vm.id}`, { query: { expunge: true } });
    await api.waitJob(expunge.jobId);
    expect((await api.get(`/volumes/${root.id}`)).status).toBe(404);
  });

  it("Volumes: a deploy needs the volume allowance for its root disk, as CloudStack checks it", async () => {
    const limits = await api.ok("GET", "/tenants/my-limits");
    await api.control.limits({ volumeLimit: limits.volumeCount });
    try {
      const res = await api.ok("POST", "/compute/instances", {
        body: { zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id },
      });
      const job = await api.waitJob(res.jobId);
      expect(job.status).toBe("error");
      expect(job.detail).toMatch(/^Maximum number of resources of type 'volume' for account name=user-1 /);
      expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Error");
      const { volumes } = await api.ok("GET", "/volumes", { query: { virtualMachineId: res.id } });
      expect(volumes).toEqual([]);
    } finally {
      await api.control.limits({ volumeLimit: limits.volumeLimit });
    }
  });

  it("Volumes: detach from an instance that is neither running nor stopped is refused with CloudStack's text", async () => {
    const vm = await api.instance(c);
    const v = await volume();
    await api.waitJob(
      (await api.ok("POST", `/volumes/${v.id}/attach`, { query: { virtualMachineId: vm.id } })).jobId,
    );
    await api.control.pauseClock();
    try {
      await api.ok("POST", `/compute/instances/${vm.id}/stop`);
      // VolumeApiServiceImpl.detachVolumeFromVM checks it in the job, which this test lets run to its end
      const res = await api.ok("POST", `/volumes/${v.id}/detach`);
      await api.control.pauseClock(false);
      expect(await api.waitJob(res.jobId)).toMatchObject({
        status: "error",
        detail: "Please specify a VM that is either running or stopped.",
      });
      expect((await api.ok("GET", `/volumes/${v.id}`)).virtualMachineId).toBe(vm.id);
    } finally {
      await api.control.pauseClock(false);
    }
  });

  it("Volumes: resize grows the volume; shrinking is refused", async () => {
    const v = await volume({ diskOfferingId: custom.id, size: 10 });
    const res = await api.ok("POST", `/volumes/${v.id}/resize`, { query: { size: 25 } });
    await api.waitJob(res.jobId);
    expect((await api.ok("GET", `/volumes/${v.id}`)).size).toBe(25);
    // VolumeApiServiceImpl.resizeVolume, in the job: the command does not pass shrinkok
    await refusedInJob(
      v.id,
      "resize",
      `Going from existing size of ${25 * 1024 ** 3} to size of ${5 * 1024 ** 3} would shrink the volume.Need to sign off by supplying the shrinkok parameter with value of true.`,
      { size: 5 },
    );
    expect((await api.ok("GET", `/volumes/${v.id}`)).size).toBe(25);
  });

  it("Volumes: attachVolume's checks fail its job with CloudStack's words, in its order, the volume unchanged", async () => {
    const [vm, other] = [await api.instance(c), await api.instance(c)];
    const v = await volume();
    // an instance that is neither running nor stopped
    await api.control.pauseClock();
    try {
      await api.ok("POST", `/compute/instances/${other.id}/stop`);
      const res = await api.ok("POST", `/volumes/${v.id}/attach`, { query: { virtualMachineId: other.id } });
      await api.control.pauseClock(false);
      expect(await api.waitJob(res.jobId)).toMatchObject({
        status: "error",
        detail: "Please specify a VM that is either running or stopped.",
      });
    } finally {
      await api.control.pauseClock(false);
    }
    expect((await api.ok("GET", `/volumes/${v.id}`)).virtualMachineId).toBeUndefined();
    // at most six data disks (CloudStack's default max_data_volumes_limit)
    const disks = [];
    for (let i = 0; i < 6; i++) disks.push(await volume());
    for (const d of disks) {
      const res = await api.ok("POST", `/volumes/${d.id}/attach`, { query: { virtualMachineId: vm.id } });
      expect((await api.waitJob(res.jobId)).status).toBe("success");
    }
    await refusedInJob(
      v.id,
      "attach",
      "The specified VM already has the maximum number of data disks (6) attached. Please specify another VM.",
      { virtualMachineId: vm.id },
    );
    expect((await api.ok("GET", `/volumes/${v.id}`)).virtualMachineId).toBeUndefined();
    for (const d of disks) await api.waitJob((await api.ok("POST", `/volumes/${d.id}/detach`)).jobId);
    // an instance of another zone
    const away = await api.instance(c, { zoneId: c.zone2.id });
    await refusedInJob(v.id, "attach", "Please specify a VM that is in the same zone as the volume.", {
      virtualMachineId: away.id,
    });
  });

  it("Volumes: an attach whose work fails (an injected fault) gives back the device it reserved; a volume in Error is neither attached nor resized", async () => {
    const vm = await api.instance(c);
    const v = await volume();
    await api.control.fault({
      method: "POST",
      route: "/api/v1/volumes/{id}/attach",
      jobFail: { detail: "the hypervisor did not answer" },
      times: 1,
    });
    await api.failsInJob("POST", `/volumes/${v.id}/attach`, "the hypervisor did not answer", {
      query: { virtualMachineId: vm.id },
    });
    expect(await api.ok("GET", `/volumes/${v.id}`)).not.toHaveProperty("virtualMachineId");
    // a volume whose create failed (over the allowance) is in Error
    const limits = await api.ok("GET", "/tenants/my-limits");
    await api.control.limits({ volumeLimit: limits.volumeCount });
    const res = await api.ok("POST", "/volumes", {
      query: { name: "failed", zoneId: c.zone.id, diskOfferingId: custom.id, size: 5 },
    });
    await api.waitJob(res.jobId);
    await api.control.limits({ volumeLimit: 2000 });
    await refusedInJob(res.id, "attach", "Volume state must be in Allocated, Ready or in Uploaded state", {
      virtualMachineId: vm.id,
    });
    await refusedInJob(
      res.id,
      "resize",
      `Volume should be in ready or allocated state before attempting a resize. Volume ${res.id} is in state Error.`,
      { size: 8 },
    );
  });

  it("Volumes: delete is synchronous, as CloudStack's deleteVolume: no job, gone at once, a second delete is a 404", async () => {
    const v = await volume();
    const jobsBefore = (await api.ok("GET", "/jobs/recent", { query: { limit: 200 } })).jobs.length;
    const res = await api.ok("DELETE", `/volumes/${v.id}`);
    expect(res).toEqual({ id: v.id });
    expect((await api.get(`/volumes/${v.id}`)).status).toBe(404);
    expect((await api.ok("GET", "/jobs/recent", { query: { limit: 200 } })).jobs.length).toBe(jobsBefore);
    expect((await api.del(`/volumes/${v.id}`)).status).toBe(404);
  });

  it("Volumes: the list is the pass-through envelope under volumes", async () => {
    const list = await api.ok("GET", "/volumes", { query: { pageSize: 2 } });
    expect(list.volumes).toHaveLength(2);
    expect(list.totalElements).toBeGreaterThan(2);
  });

  it("Volumes: a volume quota ceiling fails the create job with detail", async () => {
    const limits = await api.ok("GET", "/tenants/my-limits");
    await api.control.limits({ volumeLimit: limits.volumeCount });
    const res = await api.ok("POST", "/volumes", {
      query: { name: "over", zoneId: c.zone.id, diskOfferingId: fixed.id },
    });
    const job = await api.waitJob(res.jobId);
    expect(job.status).toBe("error");
    expect(job.detail).toMatch(/^Maximum number of resources of type 'volume' for account name=user-1 /);
    expect((await api.ok("GET", `/volumes/${res.id}`)).state).toBe("Error");
    await api.control.limits({ volumeLimit: 2000 });
  });
});
