// Faults injected through the emulator's control routes: read retries (429 + Retry-After, 5xx bursts,
// dropped connections) and the lost-answer protocol for mutations, asserted from the emulator's own state:
// no duplicate is ever created, and a retry happens only when the request did not land.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type CimClient,
  ConnectionError,
  InternalServerError,
  JobFailedError,
  JobNotFoundError,
  MutationOutcomeUnknownError,
  NotFoundError,
} from "../../provider/client";
import {
  type CatalogueIds,
  catalogueIds,
  dropNextAnswer,
  fastWait,
  type Harness,
  harness,
  isolatedNetwork,
  withBackupOffering,
} from "./emulatorHarness";

let h: Harness;
let client: CimClient;
let cat: CatalogueIds;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  client = await h.fresh();
  cat = await catalogueIds(client);
  await h.control.resetRequests();
});

const vmInput = (name: string) => ({
  name,
  zoneId: cat.zoneId,
  templateId: cat.templateId,
  serviceOfferingId: cat.serviceOfferingId,
});
const vpcInput = async (name: string, cidr: string) => ({
  name,
  displayText: name,
  zoneId: cat.zoneId,
  cidr,
  vpcOfferingId: (await client.catalogue.vpcOfferings())[0].id,
});
const hits = async (key: string) => (await h.control.requests())[key] ?? 0;
const jobsOf = async (command: string) =>
  Object.values((await h.control.state()).jobs as Record<string, any>).filter((j) => j.command === command);
const named = async (collection: "instances" | "volumes" | "vpcs", name: string) =>
  Object.values((await h.control.state())[collection] as Record<string, any>).filter((r) => r.name === name);

describe("reads under faults", () => {
  it("waits out a 429 with Retry-After", async () => {
    await h.control.fault({ method: "GET", route: "/api/v1/zones", status: 429, retryAfter: 1, times: 1 });
    const started = Date.now();
    expect((await client.catalogue.zones()).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(await hits("GET /api/v1/zones")).toBe(2);
  });

  it("rides out a 5xx burst, and gives up with the attempt count on a longer outage", async () => {
    await h.control.fault({ method: "GET", route: "/api/v1/zones", status: 503, times: 2 });
    await client.catalogue.zones();
    expect(await hits("GET /api/v1/zones")).toBe(3);
    await h.control.fault({ method: "GET", route: "/api/v1/templates", status: 500, times: 10 });
    const err = await client.catalogue.templates().catch((e) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.attempts).toBe(3);
    expect(await hits("GET /api/v1/templates")).toBe(3);
  });

  it("retries a dropped connection", async () => {
    await h.control.fault({ method: "GET", route: "/api/v1/isos", action: "drop-before", times: 1 });
    expect((await client.catalogue.isos()).length).toBeGreaterThan(0);
    expect(await hits("GET /api/v1/isos")).toBe(2);
  });
});

describe("asynchronous mutations whose answer is lost", () => {
  it("timeout after the request landed creates no duplicate", async () => {
    // The emulator holds the request 1.5 s before handling it; the client gives up after 0.5 s. The first
    // job lookup finds nothing (still in flight); the second, after the grace period, finds the deploy.
    await h.control.fault({ method: "POST", route: "/api/v1/compute/instances", latencyMs: 1500, times: 1 });
    const slow = await h.client({ timeoutMs: 500 });
    const got = await slow.instances.create(vmInput("slow"));
    expect(got.adopted).toBe(true);
    expect(await hits("POST /api/v1/compute/instances")).toBe(1);
    expect(await named("instances", "slow")).toHaveLength(1);
    expect(await jobsOf("deployVirtualMachine")).toHaveLength(1);
    await slow.jobs.wait(got, fastWait);
    expect((await client.instances.get(got.id)).state).toBe("Running");
  });

  it("a create held past the timeout and the grace, then performed after its resend: the resend's answer finds the first attempt's job", async () => {
    // The emulator holds the first create 2 s, then performs it. The client gives up after 0.3 s, looks for its
    // job at once and again 1 s later (nothing yet), and sends it again 0.2 s after that: the resend is answered
    // first (about 1.5 s), and the first attempt is performed while the resend's look for it waits its grace.
    await h.control.fault({ method: "POST", route: "/api/v1/vpcs", latencyMs: 2000, times: 1 });
    const slow = await h.client({
      timeoutMs: 300,
      recovery: { graceMs: 1000 },
      retry: { baseDelayMs: 200, maxDelayMs: 200 },
    });
    const made = await slow.vpcs.create(await vpcInput("held-vpc", "10.9.0.0/16"));
    expect(made.adopted).toBeUndefined();
    expect(await hits("POST /api/v1/vpcs")).toBe(2);
    expect(made.earlier, "the resend carries the look for its first attempt").toBeTypeOf("function");
    await slow.jobs.wait(made, fastWait);
    const late = await made.earlier!();
    const twins = (await named("vpcs", "held-vpc")).map((v) => v.id);
    expect(late.map((l) => [l.job.resourceId, l.named])).toEqual([[twins.find((t) => t !== made.id), true]]);
    // claimed: a second look finds nothing more
    expect(await made.earlier!()).toEqual([]);
  });

  it("a create that never reached the API is sent again with nothing to look for later", async () => {
    await h.control.fault({ method: "POST", route: "/api/v1/vpcs", action: "drop-before", times: 1 });
    const made = await client.vpcs.create(await vpcInput("dropped-vpc", "10.8.0.0/16"));
    expect(await hits("POST /api/v1/vpcs")).toBe(2);
    expect(made.earlier).toBeUndefined();
  });

  it("adopts the job when the connection drops after the request was handled", async () => {
    const vm = await client.instances.create(vmInput("web"));
    await client.jobs.wait(vm, fastWait);
    await dropNextAnswer(h.control, "POST", "/api/v1/compute/instances/{id}/stop");
    const got = await client.instances.stop(vm.id);
    expect(got).toMatchObject({ adopted: true, id: vm.id });
    expect(await hits("POST /api/v1/compute/instances/{id}/stop")).toBe(1);
    expect(await jobsOf("stopVirtualMachine")).toHaveLength(1);
    await client.jobs.wait(got, fastWait);
    expect((await client.instances.get(vm.id)).state).toBe("Stopped");
  });

  it("adopts a lost volume create by name (query-parameter route)", async () => {
    await h.control.fault({ method: "POST", route: "/api/v1/volumes", action: "drop-after", times: 1 });
    const got = await client.volumes.create({
      name: "data",
      zoneId: cat.zoneId,
      diskOfferingId: cat.diskOfferingId,
    });
    expect(got.adopted).toBe(true);
    expect(await named("volumes", "data")).toHaveLength(1);
    expect(await hits("POST /api/v1/volumes")).toBe(1);
  });

  it("retries when the request never landed (dropped before handling, or a 5xx before handling)", async () => {
    await h.control.fault({ method: "POST", route: "/api/v1/volumes", action: "drop-before", times: 1 });
    const v = await client.volumes.create({
      name: "retried",
      zoneId: cat.zoneId,
      diskOfferingId: cat.diskOfferingId,
    });
    expect(v.adopted).toBeUndefined();
    expect(await hits("POST /api/v1/volumes")).toBe(2);
    expect(await named("volumes", "retried")).toHaveLength(1);

    await h.control.fault({ method: "POST", route: "/api/v1/compute/instances", status: 502, times: 1 });
    const vm = await client.instances.create(vmInput("after-502"));
    expect(vm.adopted).toBeUndefined();
    expect(await hits("POST /api/v1/compute/instances")).toBe(2);
    expect(await named("instances", "after-502")).toHaveLength(1);
  });

  it("never adopts another run's create of the same name whose resource is gone: it retries", async () => {
    // Another process (an earlier pulumi up) created "data" seconds ago, and a later step deleted it: its job
    // is recent, successful and names "data", yet the request now lost never landed.
    const token = await h.emu.token();
    const raw = (method: string, path: string) =>
      fetch(`${h.emu.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "x-region-context": h.primary },
      }).then((r) => r.json() as Promise<Record<string, string>>);
    const q = new URLSearchParams({ name: "data", zoneId: cat.zoneId, diskOfferingId: cat.diskOfferingId });
    const earlier = await raw("POST", `/volumes?${q}`);
    await client.jobs.wait({ jobId: earlier.jobId, region: h.primary }, fastWait);
    await raw("DELETE", `/volumes/${earlier.id}`);
    await h.control.resetRequests();

    await h.control.fault({ method: "POST", route: "/api/v1/volumes", action: "drop-before", times: 1 });
    const v = await client.volumes.create({
      name: "data",
      zoneId: cat.zoneId,
      diskOfferingId: cat.diskOfferingId,
    });
    expect(v.adopted).toBeUndefined();
    expect(v.id).not.toBe(earlier.id);
    expect(await hits("POST /api/v1/volumes")).toBe(2);
    expect((await client.volumes.get(v.id!)).name).toBe("data");
  });

  it("an unnamed create's lost answer on an API whose job rows carry no times: unknown, never sent again", async () => {
    // The spec shows a job's status, statusCode and detail only: a job row may have no `created`. An address
    // acquire is tied to its job by time alone, so without one its job cannot be told from another's.
    const networkId = await isolatedNetwork(client, cat);
    await h.control.call("PUT", "/job-records", { times: false });
    const onNetwork = async () =>
      Object.values((await h.control.state()).publicIps as Record<string, any>).filter(
        (ip) => ip.networkId === networkId,
      ).length;
    const before = await onNetwork();
    await h.control.resetRequests();
    await dropNextAnswer(h.control, "POST", "/api/v1/public-ips");
    const err = await client.publicIps.acquire({ networkId }).catch((e) => e);
    expect(err).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(err.message).toMatch(/gave no time on 1 recent publicIp\.acquire job/);
    expect(await hits("POST /api/v1/public-ips")).toBe(1);
    expect(await onNetwork()).toBe(before + 1);
  });

  it("does not retry when the job lookup fails: the outcome is unknown, and nothing is duplicated", async () => {
    await h.control.fault({ method: "POST", route: "/api/v1/vpcs", action: "drop-after", times: 1 });
    await h.control.fault({ method: "GET", route: "/api/v1/jobs", status: 500, times: 50 });
    const zones = await client.catalogue.zones();
    const [offering] = await client.catalogue.vpcOfferings();
    const err = await client.vpcs
      .create({
        name: "main",
        displayText: "Main",
        zoneId: zones[0].id,
        cidr: "10.1.0.0/16",
        vpcOfferingId: offering.id,
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(MutationOutcomeUnknownError);
    expect(await hits("POST /api/v1/vpcs")).toBe(1);
    expect(await named("vpcs", "main")).toHaveLength(1);
  });

  it("reports an injected job failure with its detail", async () => {
    await h.control.fault({
      method: "POST",
      route: "/api/v1/volumes",
      jobFail: { detail: "Insufficient capacity in zone de-fra-1a" },
      times: 1,
    });
    const v = await client.volumes.create({
      name: "doomed",
      zoneId: cat.zoneId,
      diskOfferingId: cat.diskOfferingId,
    });
    const err = await client.jobs.wait(v, fastWait).catch((e) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect(err.kind).toBe("capacity");
    expect(err.jobId).toBe(v.jobId);
  });
});

describe("a proxy's pages, cut answers, Retry-After and lost jobs", () => {
  it("a gateway's 504 page after the deploy was done: the lost-answer protocol adopts the job", async () => {
    await h.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      action: "status-after",
      status: 504,
      body: "html",
      times: 1,
    });
    const got = await client.instances.create(vmInput("behind-proxy"));
    expect(got.adopted).toBe(true);
    expect(await hits("POST /api/v1/compute/instances")).toBe(1);
    expect(await named("instances", "behind-proxy")).toHaveLength(1);
  });

  it("a proxy's 502 page before the request reached the API: looked up, not found, sent again", async () => {
    await h.control.fault({ method: "POST", route: "/api/v1/volumes", status: 502, body: "html", times: 1 });
    const v = await client.volumes.create({
      name: "retried",
      zoneId: cat.zoneId,
      diskOfferingId: cat.diskOfferingId,
    });
    expect(v.adopted).toBeUndefined();
    expect(await hits("POST /api/v1/volumes")).toBe(2);
    expect(await named("volumes", "retried")).toHaveLength(1);
  });

  it("an accepted answer cut mid-JSON after the work: the job is adopted, never sent again", async () => {
    await h.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      action: "truncate-after",
      times: 1,
    });
    const got = await client.instances.create(vmInput("cut-short"));
    expect(got.adopted).toBe(true);
    expect(await hits("POST /api/v1/compute/instances")).toBe(1);
    expect(await named("instances", "cut-short")).toHaveLength(1);
  });

  it("a 503 with Retry-After is waited out: on a read, and on a mutation shown not to have landed", async () => {
    await h.control.fault({ method: "GET", route: "/api/v1/zones", status: 503, retryAfter: 1, times: 1 });
    let started = Date.now();
    await client.catalogue.zones();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(await hits("GET /api/v1/zones")).toBe(2);

    const quick = await h.client({ recovery: { graceMs: 100 } });
    await h.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances",
      status: 503,
      body: "html",
      retryAfter: 1,
      times: 1,
    });
    started = Date.now();
    const vm = await quick.instances.create(vmInput("after-503"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_050); // grace, then the server's 1 s
    expect(vm.adopted).toBeUndefined();
    expect(await hits("POST /api/v1/compute/instances")).toBe(2);
    expect(await named("instances", "after-503")).toHaveLength(1);
  });

  it("a job whose reads all answer 404 ends the wait with JobNotFoundError, not a region hint", async () => {
    const vm = await client.instances.create(vmInput("unseen-job"));
    await h.control.fault({ method: "GET", route: "/api/v1/jobs/{jobId}", status: 404 });
    const err = await client.jobs.wait(vm, fastWait).catch((e) => e);
    expect(err).toBeInstanceOf(JobNotFoundError);
    expect(await hits("GET /api/v1/jobs/{jobId}")).toBe(3);
    expect(err.message).toContain(`Job ${vm.jobId} (instance.deploy) in region ${h.primary} was not found`);
    expect(err.message).not.toMatch(/Identifiers are valid only/);
  });
});

describe("synchronous mutations whose answer is lost", () => {
  it("re-reads the instance after a dropped PUT instead of sending it again", async () => {
    const vm = await client.instances.create(vmInput("web"));
    await dropNextAnswer(h.control, "PUT", "/api/v1/compute/instances/{id}");
    const got = await client.instances.update(vm.id, { displayName: "Web" });
    expect(got.displayName).toBe("Web");
    expect(await hits("PUT /api/v1/compute/instances/{id}")).toBe(1);
  });

  it("re-reads tags after a dropped add, and sends once more after a dropped-before add", async () => {
    const vm = await client.instances.create(vmInput("web"));
    const target = { kind: "instance" as const, id: vm.id };
    await dropNextAnswer(h.control, "POST", "/api/v1/compute/instances/{id}/tags");
    await client.tags.add(target, { env: "prod" });
    expect(await hits("POST /api/v1/compute/instances/{id}/tags")).toBe(1);
    await h.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances/{id}/tags",
      action: "drop-before",
      times: 1,
    });
    await client.tags.add(target, { team: "web" });
    expect(await hits("POST /api/v1/compute/instances/{id}/tags")).toBe(3);
    expect((await client.tags.list(target)).map((t) => t.key).sort()).toEqual(["env", "team"]);
  });

  it("adopts an identical backup schedule after a dropped create (create is not idempotent)", async () => {
    const vm = await client.instances.create(vmInput("web"));
    await withBackupOffering(client, vm);
    await dropNextAnswer(h.control, "POST", "/api/v1/backups/schedules");
    const s = await client.backupSchedules.create({
      vmId: vm.id,
      intervalType: "daily",
      schedule: "30:02",
      timezone: "UTC",
    });
    expect(await hits("POST /api/v1/backups/schedules")).toBe(1);
    expect((await client.backupSchedules.list(vm.id)).map((x) => x.id)).toEqual([s.id]);
  });

  it("a volume delete (synchronous, no job) whose answer was lost is resolved by reading the volume back", async () => {
    const volume = async (name: string) => {
      const v = await client.volumes.create({ name, zoneId: cat.zoneId, diskOfferingId: cat.diskOfferingId });
      await client.jobs.wait(v, fastWait);
      return v.id!;
    };
    const gone = async (id: string) =>
      (await client.volumes.get(id).catch((e) => e)) instanceof NotFoundError;
    // the delete was done, its answer lost (a dropped connection, then a gateway's 504 page): the volume is gone,
    // so the delete is done; no job is looked for and nothing is sent again
    const answers = [
      { action: "drop-after" },
      { action: "status-after", status: 504, body: "html" },
    ] as const;
    for (const [n, answer] of answers.entries()) {
      const id = await volume(`lost-${n}`);
      await h.control.resetRequests();
      await h.control.fault({ method: "DELETE", route: "/api/v1/volumes/{id}", times: 1, ...answer });
      const done = await client.volumes.delete(id);
      expect(done, answer.action).toMatchObject({ id });
      expect(done.jobId).toBeUndefined();
      expect(await gone(id)).toBe(true);
      expect(await hits("DELETE /api/v1/volumes/{id}"), answer.action).toBe(1);
      expect(await hits("GET /api/v1/volumes/{id}"), answer.action).toBeGreaterThanOrEqual(1);
      expect(await hits("GET /api/v1/jobs"), answer.action).toBe(0);
    }
    // the request never reached the API: the volume is still there, so the delete is sent once more
    const kept = await volume("kept");
    await h.control.resetRequests();
    await h.control.fault({
      method: "DELETE",
      route: "/api/v1/volumes/{id}",
      action: "drop-before",
      times: 1,
    });
    expect(await client.volumes.delete(kept)).toMatchObject({ id: kept });
    expect(await gone(kept)).toBe(true);
    expect(await hits("DELETE /api/v1/volumes/{id}")).toBe(2);
    expect(await hits("GET /api/v1/jobs")).toBe(0);
  });

  it("a synchronous create held past the timeout and performed after the first look is adopted, not sent again into its own name", async () => {
    // The emulator holds the create 0.8 s and then performs it; the client gives up after 0.5 s. The re-read at
    // once finds no group of that name (the request is still held); a second create sent after the default
    // backoff (0.375 s and more) reaches the platform after the first was performed and is refused: the name is
    // taken, by the group this very request made (soak seed 41, round 126).
    await h.control.fault({ method: "POST", route: "/api/v1/multi-regions", latencyMs: 800, times: 1 });
    const slow = await h.client({ timeoutMs: 500, retry: { baseDelayMs: 500, maxDelayMs: 500 } });
    const got = await slow.multiRegions.create({ name: "held" });
    const groups = (await client.multiRegions.listAll({ name: "held" })).items;
    expect(groups.map((g) => g.id)).toEqual([got.id]);
    expect(await hits("POST /api/v1/multi-regions")).toBe(1);
  });

  it("fails with a ConnectionError when both attempts of a synchronous change are lost", async () => {
    const vm = await client.instances.create(vmInput("web"));
    await h.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances/{id}/tags",
      action: "drop-before",
      times: 5,
    });
    const err = await client.tags.add({ kind: "instance", id: vm.id }, { env: "prod" }).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(await hits("POST /api/v1/compute/instances/{id}/tags")).toBe(2);
  });
});
