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
    const again = await api.post(`/volumes/${v.id}/attach`, { query: { virtualMachineId: vm.id } });
    expect(again.status).toBe(409);
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
    const unattached = await api.post(`/volumes/${v.id}/detach`);
    expect(unattached.status).toBe(400);
    expect(unattached.body.message).toBe("The specified volume is not attached to a VM.");
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
    const detach = await api.post(`/volumes/${root.id}/detach`);
    expect(detach.status).toBe(400);
    expect(detach.body.message).toBe("Please specify a data volume.");
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
      const res = await api.post(`/volumes/${v.id}/detach`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please specify a VM that is either running or stopped.");
      expect(res.body.detail).toContain("Stopping");
    } finally {
      await api.control.pauseClock(false);
    }
  });

  it("Volumes: resize grows the volume; shrinking is refused", async () => {
    const v = await volume({ diskOfferingId: custom.id, size: 10 });
    const res = await api.ok("POST", `/volumes/${v.id}/resize`, { query: { size: 25 } });
    await api.waitJob(res.jobId);
    expect((await api.ok("GET", `/volumes/${v.id}`)).size).toBe(25);
    expect((await api.post(`/volumes/${v.id}/resize`, { query: { size: 5 } })).status).toBe(400);
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
