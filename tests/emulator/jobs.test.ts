import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
});
// Every test leaves the emulator as it found it, whether it passed or not.
afterEach(async () => {
  await api.control("POST", "/clock", { paused: false });
  await api.control("PUT", "/job-timing", { latencyMs: 0, jitterMs: 0 });
  await api.control("DELETE", "/faults");
  await api.control("PUT", "/limits", { sub: "user-1", instanceLimit: 1000 });
  for (const zone of new Set([c.zone.id, c.zone2?.id].filter(Boolean))) {
    await api.control("PUT", `/zones/${zone}`, { capacity: 2000 });
  }
});
afterAll(() => api.close());

const vmBody = () => ({ zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id });

describe("Asynchronous protocol", () => {
  it("Async 1-2: a compute mutation answers 200 with jobId and id: accepted, not finished", async () => {
    await api.control("POST", "/clock", { paused: true });
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
    // The job clock, not the wall clock, moves the job: paused, it moves only when advanced.
    await api.control("PUT", "/job-timing", { latencyMs: 400 });
    await api.control("POST", "/clock", { paused: true });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const first = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(first.status).toBe("running");
    expect(first.statusCode).toBe(0); // PENDING
    await api.control("POST", "/clock", { advanceMs: 250 });
    const mid = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(mid.status).toBe("running");
    expect(mid.statusCode).toBe(1); // PROCESSING
    await api.control("POST", "/clock", { advanceMs: 150 });
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
    await api.control("POST", "/faults", {
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
    await api.control("POST", "/faults", { method: "POST", route: "/api/v1/vpcs", jobStuck: true, times: 1 });
    const res = await api.ok("POST", "/vpcs", {
      body: { name: "stuck", zoneId: c.zone.id, cidr: "10.2.0.0/16", vpcOfferingId: c.vpcOffering.id },
    });
    await api.control("POST", "/clock", { advanceMs: 3_600_000 });
    const job = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(job.status).toBe("running");
    expect((await api.ok("GET", `/vpcs/${res.id}`)).state).toBe("Implementing");
  });

  it("Async 4 / Errors 5: a quota ceiling fails the job with its reason in detail, and a retry fails the same way", async () => {
    const limits = await api.ok("GET", "/tenants/my-limits");
    await api.control("PUT", "/limits", { sub: "user-1", instanceLimit: limits.instanceCount });
    for (let i = 0; i < 2; i++) {
      const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
      const job = await api.waitJob(res.jobId);
      expect(job.status).toBe("error");
      expect(job.detail).toBe(
        `Quota exceeded: instance limit of ${limits.instanceCount} reached for user user-1`,
      );
    }
  });

  it("Async 4 / Errors 5: no capacity in the zone fails the job with detail", async () => {
    const zone = c.zone2 ?? c.zone;
    await api.control("PUT", `/zones/${zone.id}`, { capacity: 0 });
    const res = await api.ok("POST", "/compute/instances", { body: { ...vmBody(), zoneId: zone.id } });
    const job = await api.waitJob(res.jobId);
    expect(job.status).toBe("error");
    expect(job.detail).toBe(`Insufficient capacity in zone ${zone.name}`);
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
    await api.control("POST", "/clock", { advanceMs: 2 * 3_600_000 });
    const later = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    expect(later.jobs.find((j: any) => j.jobId === res.jobId)).toBeUndefined();
  });

  it("States: a resource reaches its final state only when its job succeeds", async () => {
    await api.control("POST", "/clock", { paused: true });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    expect(res.state).toBe("Starting");
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Starting");
    await api.control("POST", "/clock", { advanceMs: 0 });
    expect((await api.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Running");
  });

  it("Fault controls: the job clock can be paused and advanced past a job's latency", async () => {
    await api.control("PUT", "/job-timing", { latencyMs: 60_000 });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    await api.control("POST", "/clock", { paused: true });
    await api.control("POST", "/clock", { advanceMs: 30_000 });
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    await api.control("POST", "/clock", { advanceMs: 31_000 });
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("success");
  });

  it("Job timing: jitter adds up to the configured milliseconds on top of latency", async () => {
    await api.control("PUT", "/job-timing", { latencyMs: 10, jitterMs: 50 });
    await api.control("POST", "/clock", { paused: true });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    // due between 10 and 60 ms of job-clock time after the request
    await api.control("POST", "/clock", { advanceMs: 9 });
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    await api.control("POST", "/clock", { advanceMs: 52 });
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("success");
  });

  it("Other records: a job record has status, statusCode, command, resourceId and created", async () => {
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const job = await api.waitJob(res.jobId);
    expect(Object.keys(job)).toEqual(
      expect.arrayContaining(["jobId", "status", "statusCode", "command", "resourceId", "created"]),
    );
    expect(job.detail).toBeUndefined();
  });
});
