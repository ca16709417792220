import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { ROOMY_LIMITS } from "../fixtures/limits";
import { Api, type Catalogue, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  api = await Api.start({ limits: ROOMY_LIMITS }); // the suite deploys more than a default account holds
  c = await api.catalogue();
});
afterEach(async () => {
  await api.control.jobRecords({ times: true, results: true });
  await api.control.pauseClock(false);
  await api.control.jobTiming({ mode: "timed", latencyMs: 0, jitterMs: 0, reads: 1 });
  await api.control.clearFaults();
});
afterAll(() => api.close());

const vmBody = () => ({ zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id });

describe("Asynchronous protocol", () => {
  it("Async 1-2: a compute mutation answers 200 with jobId and id: accepted, not finished", async () => {
    await api.control.pauseClock();
    const res = await api.post("/vpcs", {
      body: { name: "a", zoneId: c.zone.id, cidr: "10.1.0.0/16", vpcOfferingId: c.vpcOffering.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.jobId).toMatch(UUID);
    expect(res.body.id).toMatch(UUID);
    expect((await api.ok("GET", `/vpcs/${res.body.id}`)).state).toBe("Implementing");
    expect((await api.ok("GET", `/jobs/${res.body.jobId}`)).status).toBe("running");
  });

  it("Async 3: the job is read with the same X-Region-Context; it is 404 in another region", async () => {
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    expect((await api.get(`/jobs/${res.jobId}`, { region: api.primary.id })).status).toBe(200);
    const other = await api.get(`/jobs/${res.jobId}`, { region: api.secondary.id });
    expect(other.status).toBe(404);
  });

  it("Job status: running moves to success; statusCode carries the raw platform state", async () => {
    // The job clock holds still: only the advances below move the job, however slow the machine.
    await api.control.jobMode("clock", { latencyMs: 400 });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const first = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(first.status).toBe("running");
    expect(first.statusCode).toBe(0); // PENDING
    await api.control.advanceClock(250);
    const mid = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(mid.status).toBe("running");
    expect(mid.statusCode).toBe(1); // PROCESSING
    await api.control.advanceClock(150);
    const done = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(done.status).toBe("success");
    expect(done.statusCode).toBe(2); // WEBHOOK_COMPLETED
    expect(done.command).toBe("deployVirtualMachine");
    expect(done.resourceId).toBe(res.id);
  });

  it("Job status: with job latency 0 a job is finished at its first read", async () => {
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const job = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(job.status).toBe("success");
  });

  it("Job status / Async 4: a failed job ends in error with detail and statusCode 3; the resource goes to Error", async () => {
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      jobFail: { detail: "no host available" },
      times: 1,
    });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const job = await api.waitJob(res.jobId);
    expect(job).toMatchObject({ status: "error", statusCode: 3, detail: "no host available" });
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Error");
  });

  it("Job status: only success and error are terminal; a stuck job stays running", async () => {
    await api.control.fault({ method: "POST", route: "/api/v1/vpcs", jobStuck: true, times: 1 });
    const res = await api.ok("POST", "/vpcs", {
      body: { name: "stuck", zoneId: c.zone.id, cidr: "10.2.0.0/16", vpcOfferingId: c.vpcOffering.id },
    });
    await api.control.advanceClock(3_600_000);
    const job = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(job.status).toBe("running");
    expect((await api.ok("GET", `/vpcs/${res.id}`)).state).toBe("Implementing");
  });

  it("Async 4 / Errors 5: a quota ceiling fails the job with its reason in detail, and a retry fails the same way", async () => {
    const limits = await api.ok("GET", "/tenants/my-limits");
    onTestFinished(async () => void (await api.control.limits({ instanceLimit: limits.instanceLimit })));
    await api.control.limits({ instanceLimit: limits.instanceCount });
    for (let i = 0; i < 2; i++) {
      const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
      const job = await api.waitJob(res.jobId);
      expect(job.status).toBe("error");
      // CloudStack's account-limit text, naming the user's account and domain.
      expect(job.detail).toMatch(
        /^Maximum number of resources of type 'user_vm' for account name=user-1 in domain id=[0-9a-f-]{36} has been exceeded\.$/,
      );
    }
  });

  it("Async 4 / Errors 5: no capacity in the zone fails the job with detail", async () => {
    const zone = c.zone2 ?? c.zone;
    onTestFinished(async () => void (await api.control.zoneCapacity(zone.id, zone.capacity)));
    await api.control.zoneCapacity(zone.id, 0);
    const res = await api.ok("POST", "/compute/instances", { body: { ...vmBody(), zoneId: zone.id } });
    const job = await api.waitJob(res.jobId);
    expect(job.status).toBe("error");
    // CloudStack's planner text: no host for the VM, named by its internal name.
    const vm = await api.ok("GET", `/compute/instances/${res.id}`);
    expect(job.detail).toBe(`Unable to create a deployment for VM[User|${vm.instanceName}]`);
  });

  it("Async 5: a response without jobId means the operation completed synchronously (tags)", async () => {
    const vm = await api.instance(c);
    const res = await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { env: "prod" } } });
    expect(res).toEqual({ id: vm.id });
  });

  it("Async 6: deploy, start, stop, reboot, scale and delete of instances are asynchronous", async () => {
    const vm = await api.instance(c);
    const steps: [string, string, Record<string, string>?][] = [
      ["POST", `/compute/instances/${vm.id}/stop`],
      ["POST", `/compute/instances/${vm.id}/scale`, { serviceOfferingId: c.offerings[1].id }],
      ["POST", `/compute/instances/${vm.id}/start`],
      ["POST", `/compute/instances/${vm.id}/reboot`],
      ["DELETE", `/compute/instances/${vm.id}`],
    ];
    for (const [method, path, query] of steps) {
      const res = await api.ok(method, path, { query });
      expect(res.jobId, path).toMatch(UUID);
      expect((await api.waitJob(res.jobId)).status).toBe("success");
    }
  });

  it("Async 6: create, attach, detach and resize of volumes are asynchronous", async () => {
    const vm = await api.instance(c);
    const disk = c.diskOfferings.find((d) => d.customized);
    const created = await api.ok("POST", "/volumes", {
      query: { name: "d", zoneId: c.zone.id, diskOfferingId: disk.id, size: 5 },
    });
    expect(created.jobId).toMatch(UUID);
    await api.waitJob(created.jobId);
    for (const [path, query] of [
      [`/volumes/${created.id}/attach`, { virtualMachineId: vm.id }],
      [`/volumes/${created.id}/detach`, {}],
      [`/volumes/${created.id}/resize`, { size: 10 }],
    ] as const) {
      const res = await api.ok("POST", path, { query });
      expect(res.jobId, path).toMatch(UUID);
      expect((await api.waitJob(res.jobId)).status).toBe("success");
    }
  });

  it("Async 7: recent jobs (hoursBack) show a mutation that landed, with its command and resource id", async () => {
    const res = await api.ok("POST", "/compute/instances", { body: { ...vmBody(), name: "landed" } });
    const window = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    const job = window.jobs.find((j: any) => j.jobId === res.jobId);
    expect(job).toMatchObject({
      command: "deployVirtualMachine",
      resourceId: res.id,
      resourceName: "landed",
    });
    // Jobs older than the window drop out once the job clock moves past it.
    await api.control.advanceClock(2 * 3_600_000);
    const later = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    expect(later.jobs.find((j: any) => j.jobId === res.jobId)).toBeUndefined();
  });

  it("the jobs of a window are paged, newest first, as CloudStack's listAsyncJobs: the older ones are on later pages", async () => {
    const disk = c.diskOfferings.find((d) => d.customized);
    const ids: string[] = [];
    for (const name of ["paged-0", "paged-1", "paged-2"]) {
      const query = { name, zoneId: c.zone.id, diskOfferingId: disk.id, size: 5 };
      ids.push((await api.ok("POST", "/volumes", { query })).jobId);
    }
    const first = await api.ok("GET", "/jobs", { query: { hoursBack: 1, pageSize: 2 } });
    expect(first.jobs.map((j: any) => j.jobId)).toEqual([ids[2], ids[1]]);
    expect(first.totalElements).toBeGreaterThanOrEqual(3);
    const second = await api.ok("GET", "/jobs", { query: { hoursBack: 1, pageSize: 2, page: 2 } });
    expect(second).toMatchObject({ page: 2, currentPage: 2 });
    expect(second.jobs[0].jobId).toBe(ids[0]);
    // without paging parameters, a page of 20
    const whole = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    expect(whole.jobs.length).toBe(Math.min(20, whole.totalElements));
  });

  it("States: a resource reaches its final state only when its job succeeds", async () => {
    await api.control.pauseClock();
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    expect(res.state).toBe("Starting");
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Starting");
    await api.control.advanceClock(0);
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Running");
  });

  it("Fault controls: the job clock can be paused and advanced past a job's latency", async () => {
    await api.control.jobTiming({ latencyMs: 60_000 });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await api.control.pauseClock();
    await api.control.advanceClock(30_000);
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    await api.control.advanceClock(31_000);
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("success");
  });

  it("Job timing: jitter adds up to the configured milliseconds on top of latency", async () => {
    await api.control.jobMode("clock", { latencyMs: 10, jitterMs: 50 });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await api.control.advanceClock(9);
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    await api.control.advanceClock(51);
    const done = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(done.status).toBe("success");
    // Whole milliseconds, as every time the API layer writes.
    expect(done.completed).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}$/);
  });

  it("Job modes: clock holds jobs however much wall time passes, until the clock is advanced", async () => {
    const timing = await api.control.jobMode("clock", { latencyMs: 1 });
    expect(timing.mode).toBe("clock");
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await new Promise((r) => setTimeout(r, 20)); // wall time alone does not end the job
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Starting");
    await api.control.advanceClock(1);
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Running");
  });

  it("Job modes: immediate ends the job by the time the mutation has answered", async () => {
    await api.control.jobMode("immediate", { latencyMs: 60_000 });
    const res = await api.ok("POST", "/vpcs", {
      body: { name: "now", zoneId: c.zone.id, cidr: "10.3.0.0/16", vpcOfferingId: c.vpcOffering.id },
    });
    expect((await api.ok("GET", `/vpcs/${res.id}`)).state).toBe("Implemented");
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("success");
  });

  it("Job modes: reads keeps a job running for its first N reads and ends it after the last", async () => {
    await api.control.jobMode("reads", { reads: 2 });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const first = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(first).toMatchObject({ status: "running", statusCode: 1 });
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Running");
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("success");
  });

  it("Job modes: an unknown mode is refused and the current timing kept", async () => {
    const refused = api.control.call("PUT", "/job-timing", { mode: "sometimes" });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect((await api.control.dump()).jobTiming.mode).toBe("timed");
  });

  it("Other records: a job record has status, statusCode, command, resourceId and created", async () => {
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const job = await api.waitJob(res.jobId);
    expect(Object.keys(job)).toEqual(
      expect.arrayContaining(["jobId", "status", "statusCode", "command", "resourceId", "created"]),
    );
    expect(job.detail).toBeUndefined();
  });

  it("Other records: statusCode only when a job is read live, never on the rows of job lists", async () => {
    await api.control.jobMode("clock", { latencyMs: 400 });
    const first = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const second = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await api.control.fault({
      method: "POST",
      route: "/compute/instances",
      jobFail: { detail: "no host available" },
      times: 1,
    });
    const failing = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await api.control.advanceClock(400);
    const pending = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const mine = [first.jobId, second.jobId, failing.jobId, pending.jobId];
    for (const list of [
      await api.ok("GET", "/jobs", { query: { hoursBack: 1 } }),
      await api.ok("GET", "/jobs/recent", { query: { limit: 10 } }),
    ]) {
      const rows = list.jobs.filter((j: any) => mine.includes(j.jobId));
      expect(rows.map((j: any) => j.status).sort()).toEqual(["error", "running", "success", "success"]);
      for (const row of rows) {
        expect(row).not.toHaveProperty("statusCode");
        expect(row).not.toHaveProperty("result");
      }
    }
    expect((await api.ok("GET", `/jobs/${failing.jobId}`)).statusCode).toBe(3);
    expect((await api.ok("GET", `/jobs/${first.jobId}`)).statusCode).toBe(2);
    expect((await api.ok("GET", `/jobs/${pending.jobId}`)).statusCode).toBeLessThan(2);
  });
});

describe("Job results and read counts", () => {
  it("Other records: a successful job's read carries its resource as the resource's read shows it (CloudStack's jobresult)", async () => {
    await api.control.jobMode("clock", { latencyMs: 400 });
    const vm = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const running = await api.ok("GET", `/jobs/${vm.jobId}`);
    expect(running.result).toBeUndefined();
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { team: "a" } } });
    await api.control.advanceClock(400);
    const done = await api.ok("GET", `/jobs/${vm.jobId}`);
    const read = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(done.result).toEqual(read);
    expect(done.result).toMatchObject({ id: vm.id, state: "Running", tags: { team: "a" } });
    // Taken when the job ended: a later change shows in reads, not in the job's result.
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { later: "b" } } });
    expect((await api.ok("GET", `/jobs/${vm.jobId}`)).result.tags).toEqual({ team: "a" });
    // Job lists stay light: no results there.
    const listed = (await api.ok("GET", "/jobs/recent?limit=5")).jobs.find((j: any) => j.jobId === vm.jobId);
    expect(listed).toBeDefined();
    expect(listed.result).toBeUndefined();
    // A volume's create carries the volume; a failed job carries nothing.
    await api.control.jobMode("timed", { latencyMs: 0 });
    const fixed = c.diskOfferings.find((d) => !d.customized);
    const disk = await api.ok("POST", `/volumes?name=r1&zoneId=${c.zone.id}&diskOfferingId=${fixed.id}`);
    const diskJob = await api.waitJob(disk.jobId);
    expect(diskJob.result).toEqual(await api.ok("GET", `/volumes/${disk.id}`));
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      jobFail: { detail: "x" },
      times: 1,
    });
    const failed = await api.ok("POST", "/compute/instances", { body: vmBody() });
    expect((await api.waitJob(failed.jobId)).result).toBeUndefined();
  });

  it("job records can leave out the job's times and results, as an API that does not give them", async () => {
    await api.control.jobRecords({ times: false, results: false });
    const vm = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const job = await api.waitJob(vm.jobId);
    expect(job.status).toBe("success");
    expect(job).not.toHaveProperty("created");
    expect(job).not.toHaveProperty("completed");
    expect(job).not.toHaveProperty("result");
    const refused = api.control.call("PUT", "/job-records", { times: "no" });
    await expect(refused).rejects.toMatchObject({ status: 400 });
  });

  it("counts each job's reads and how long after its end a read first showed it ended", async () => {
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const vm = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await api.control.resetRequests();
    await api.ok("GET", `/jobs/${vm.jobId}`);
    await api.control.advanceClock(1300); // ended at 1000 ms, first seen ended 300 ms later
    await api.ok("GET", `/jobs/${vm.jobId}`);
    await api.control.advanceClock(500);
    await api.ok("GET", `/jobs/${vm.jobId}`);
    const [counted] = await api.control.jobReads();
    expect(counted).toMatchObject({
      jobId: vm.jobId,
      command: "deployVirtualMachine",
      resourceType: "Instance",
      status: "success",
      reads: 3,
      durationMs: 1000,
      lagMs: 300,
    });
    await api.control.resetRequests();
    expect(await api.control.jobReads()).toEqual([]);
  });
});
