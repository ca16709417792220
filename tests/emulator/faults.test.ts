import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
});
beforeEach(async () => {
  await api.control.clearFaults();
});
afterAll(() => api.close());

const vmBody = (name?: string) => ({
  zoneId: c.zone.id,
  templateId: c.template.id,
  serviceOfferingId: c.offering.id,
  name,
});
const countVms = async () => (await api.ok("GET", "/compute/instances/all")).virtualmachines.length;

describe("Fault injection", () => {
  it("Faults: answer status N with Retry-After for the next K matching calls, then behave normally", async () => {
    const rule = await api.control.fault({
      method: "GET",
      route: "/api/v1/zones",
      status: 503,
      retryAfter: 2,
      times: 2,
    });
    expect(rule).toMatchObject({ status: 503, retryAfter: 2, times: 2, hits: 0 });
    for (let i = 0; i < 2; i++) {
      const res = await api.get("/zones");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
      expect(expectErrorBody(res.body)).toBe(true);
    }
    expect((await api.get("/zones")).status).toBe(200);
    expect(await api.control.faults()).toEqual([]);
  });

  it("Faults: a rule matches by method and route template, or by a path glob", async () => {
    const vm = await api.instance(c);
    await api.control.fault({
      method: "GET",
      route: "/api/v1/compute/instances/{id}",
      status: 500,
    });
    expect((await api.get(`/compute/instances/${vm.id}`)).status).toBe(500);
    expect((await api.get("/compute/instances")).status).toBe(200);
    expect((await api.put(`/compute/instances/${vm.id}`, { query: { displayName: "x" } })).status).toBe(200);
    await api.control.clearFaults();
    await api.control.fault({
      method: "*",
      route: "/api/v1/compute/instances/*/tags",
      status: 429,
    });
    expect((await api.get(`/compute/instances/${vm.id}/tags`)).status).toBe(429);
    expect((await api.get(`/compute/instances/${vm.id}`)).status).toBe(200);
    await api.control.clearFaults();
    await api.control.fault({ method: "GET", route: "/volumes/**", status: 502 });
    expect((await api.get("/volumes/anything/at/all")).status).toBe(502);
  });

  it("Faults: probability 0 never fires; probability 1 always does", async () => {
    await api.control.fault({
      method: "GET",
      route: "/api/v1/isos",
      status: 500,
      probability: 0,
    });
    for (let i = 0; i < 5; i++) expect((await api.get("/isos")).status).toBe(200);
    await api.control.clearFaults();
    await api.control.fault({
      method: "GET",
      route: "/api/v1/isos",
      status: 500,
      probability: 1,
    });
    for (let i = 0; i < 5; i++) expect((await api.get("/isos")).status).toBe(500);
  });

  it("Faults: latencyMs delays the answer", async () => {
    await api.control.fault({
      method: "GET",
      route: "/api/v1/templates",
      latencyMs: 150,
      times: 1,
    });
    const t0 = Date.now();
    expect((await api.get("/templates")).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it("Faults: drop-before destroys the connection without doing the work", async () => {
    const before = await countVms();
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      action: "drop-before",
      times: 1,
    });
    await expect(api.post("/compute/instances", { body: vmBody("dropped-before") })).rejects.toThrow();
    expect(await countVms()).toBe(before);
    const jobs = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    expect(jobs.jobs.some((j: any) => j.resourceName === "dropped-before")).toBe(false);
  });

  it("Faults / Async 7: drop-after does the work, then drops: the job is found by reading recent jobs", async () => {
    const before = await countVms();
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      action: "drop-after",
      times: 1,
    });
    await expect(api.post("/compute/instances", { body: vmBody("dropped-after") })).rejects.toThrow();
    expect(await countVms()).toBe(before + 1);
    const jobs = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    const job = jobs.jobs.find((j: any) => j.resourceName === "dropped-after");
    expect(job).toMatchObject({ command: "deployVirtualMachine" });
  });

  it("Faults: jobFail makes the next matching job fail with the given detail; jobStuck keeps it running", async () => {
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances/{id}/stop",
      jobFail: { detail: "hypervisor busy" },
      times: 1,
    });
    const vm = await api.instance(c);
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    expect(await api.waitJob(stop.jobId)).toMatchObject({ status: "error", detail: "hypervisor busy" });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Running");
    await api.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances/{id}/stop",
      jobStuck: true,
      times: 1,
    });
    const stuck = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    expect((await api.ok("GET", `/jobs/${stuck.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Stopping");
  });

  it("Faults: body html answers the status with a proxy's HTML page instead of the API's JSON error body", async () => {
    await api.control.fault({ method: "GET", route: "/zones", status: 502, body: "html", times: 1 });
    await api.control.fault({
      method: "GET",
      route: "/zones",
      status: 503,
      body: "html",
      retryAfter: 3,
      times: 1,
    });
    const bad = await api.get("/zones");
    expect(bad.status).toBe(502);
    expect(bad.headers.get("content-type")).toMatch(/^text\/html/);
    expect(bad.body).toMatch(/^<html>/);
    expect(bad.body).toContain("<title>502 Bad Gateway</title>");
    const busy = await api.get("/zones");
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("3");
    expect(busy.body).toContain("503 Service Unavailable");
    expect((await api.get("/zones")).status).toBe(200);
  });

  it("Faults: status-after does the work, then answers the status in place of the real answer (a gateway's 504)", async () => {
    const before = await countVms();
    await api.control.fault({
      method: "POST",
      route: "/compute/instances",
      action: "status-after",
      status: 504,
      body: "html",
      times: 1,
    });
    const res = await api.post("/compute/instances", { body: vmBody("gateway-timeout") });
    expect(res.status).toBe(504);
    expect(res.body).toContain("504 Gateway Timeout");
    expect(await countVms()).toBe(before + 1);
    const jobs = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    expect(jobs.jobs.find((j: any) => j.resourceName === "gateway-timeout")).toMatchObject({
      command: "deployVirtualMachine",
    });
  });

  it("Faults: truncate-after does the work, then answers with its JSON cut in the middle (a complete HTTP message)", async () => {
    const vm = await api.instance(c);
    await api.control.fault({
      method: "POST",
      route: "/compute/instances/{id}/stop",
      action: "truncate-after",
      times: 1,
    });
    const res = await api.post(`/compute/instances/${vm.id}/stop`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(typeof res.body).toBe("string"); // the harness could not parse it
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(res.body));
    const jobs = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    const job = jobs.jobs.find((j: any) => j.resourceId === vm.id && j.command === "stopVirtualMachine");
    expect(job).toBeDefined(); // the work was done
    // The cut answer is the first half of the real one, {jobId, id}.
    const whole = JSON.stringify({ jobId: job.jobId, id: vm.id });
    expect(res.body).toBe(whole.slice(0, Math.floor(whole.length / 2)));
  });

  it("Faults: strip-id-after does the work, then answers without the id; the job still names the resource", async () => {
    await api.control.fault({
      method: "POST",
      route: "/compute/instances",
      action: "strip-id-after",
      times: 1,
    });
    const res = await api.post("/compute/instances", { body: vmBody("no-id-answer") });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("id");
    expect(typeof res.body.jobId).toBe("string");
    const job = await api.ok("GET", `/jobs/${res.body.jobId}`);
    const made = (await api.ok("GET", "/compute/instances/all")).virtualmachines.find(
      (v: any) => v.name === "no-id-answer",
    );
    expect(job.resourceId).toBe(made.id);
  });

  it("Faults: latencyMs holds a mutation past a client that gave up, then performs it", async () => {
    const before = await countVms();
    await api.control.fault({ method: "POST", route: "/compute/instances", latencyMs: 600, times: 1 });
    const gaveUp = await fetch(new URL("/api/v1/compute/instances", api.emu.url), {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
      body: JSON.stringify(vmBody("held")),
      signal: AbortSignal.timeout(150),
    }).catch((e) => e);
    expect(gaveUp).toBeInstanceOf(Error);
    expect(await countVms()).toBe(before); // still held
    await new Promise((r) => setTimeout(r, 700));
    expect(await countVms()).toBe(before + 1);
  });

  it("Faults: jobStuckMs keeps the job running that long past its end, then it ends as it would have", async () => {
    await api.control.fault({
      method: "POST",
      route: "/compute/instances/{id}/stop",
      jobStuckMs: 400,
      times: 1,
    });
    const vm = await api.instance(c);
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    expect((await api.ok("GET", `/jobs/${stop.jobId}`)).status).toBe("running");
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Stopping");
    const other = await api.instance(c); // jobs of other requests are not held
    expect(other.state).toBe("Running");
    await new Promise((r) => setTimeout(r, 450));
    expect(await api.ok("GET", `/jobs/${stop.jobId}`)).toMatchObject({ status: "success" });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Stopped");
  });

  it("Faults: DELETE /_emulator/faults/{id} removes one rule; faults never apply to control routes", async () => {
    const a = await api.control.fault({ method: "*", route: "/**", status: 503 });
    expect((await api.get("/zones")).status).toBe(503);
    expect((await api.control.faults()).map((r) => r.id)).toEqual([a.id]);
    await api.control.removeFault(a.id);
    expect((await api.get("/zones")).status).toBe(200);
    await expect(api.control.removeFault(a.id)).rejects.toMatchObject({ status: 404 });
  });

  it("Faults: an invalid rule is a 400", async () => {
    const invalid = (rule: unknown) => api.control.call("POST", "/faults", rule);
    await expect(invalid({ method: "GET" })).rejects.toMatchObject({ status: 400 });
    await expect(invalid({ route: "/zones", status: 99 })).rejects.toMatchObject({ status: 400 });
    await expect(invalid({ route: "/zones" })).rejects.toMatchObject({ status: 400 });
    await expect(invalid({ route: "/zones", action: "status-after" })).rejects.toMatchObject({ status: 400 });
    await expect(invalid({ route: "/zones", status: 502, body: "xml" })).rejects.toMatchObject({
      status: 400,
    });
    await expect(invalid({ route: "/zones", body: "html" })).rejects.toMatchObject({ status: 400 });
    await expect(invalid({ route: "/zones", action: "explode" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("Observability", () => {
  it("Requests: counts per method and route template, excluding /_emulator routes; DELETE zeroes them", async () => {
    const vm = await api.instance(c);
    await api.control.resetRequests();
    for (let i = 0; i < 3; i++) await api.get(`/compute/instances/${vm.id}`);
    await api.get("/zones");
    await api.get("/nope");
    await api.control.dump();
    const counts = await api.control.requests();
    expect(counts).toEqual({
      "GET /api/v1/compute/instances/{id}": 3,
      "GET /api/v1/zones": 1,
      "GET (unmatched)": 1,
    });
    await api.control.resetRequests();
    expect(await api.control.requests()).toEqual({});
  });

  it("Requests log: recent requests with route template, path, header names and X-Tenant-Context presence, never the token", async () => {
    await api.control.resetRequests();
    await api.get("/compute/instances", { headers: { "x-tenant-context": "m-1" } });
    await api.get("/tenants/my-limits", { region: api.primary.id });
    const log = await api.control.requestLog();
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      method: "GET",
      route: "/api/v1/compute/instances",
      path: "/api/v1/compute/instances",
      tenantContext: true,
      status: 400,
    });
    expect(log[0].headers).toContain("authorization");
    expect(log[1]).toMatchObject({
      route: "/api/v1/tenants/my-limits",
      tenantContext: false,
      regionContext: api.primary.id,
      status: 200,
    });
    const text = JSON.stringify(log);
    expect(text).not.toContain(api.token);
    expect(text).not.toContain(api.token.split(".")[2]);
  });

  it("State dump: GET /_emulator/state shows resources and jobs, never a token", async () => {
    const vm = await api.instance(c, { name: "dumped" });
    const dump = await api.control.dump();
    expect(dump.state.instances[vm.id].name).toBe("dumped");
    expect(Object.keys(dump.state.jobs).length).toBeGreaterThan(0);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(api.token);
    expect(text).not.toContain(api.admin);
    expect(text).not.toContain("privateJwk");
  });

  it("Security: 401 bodies and the request log never carry the Authorization value", async () => {
    const bad = `${api.token}x`;
    const res = await api.get("/zones", { token: bad });
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain(api.token.slice(20, 60));
    const log = JSON.stringify(await api.control.requestLog());
    expect(log).not.toContain(api.token.slice(20, 60));
  });
});
