// The client against servers that write their own times in another zone, from a clock five minutes off ours
// (issue 11): a create whose answer is lost is found, never sent twice and never confused with an older job
// of the same kind; job durations are still learnt from the job record's own times.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { CimClient } from "../../provider/client";
import { durationKey, JobDurations } from "../../provider/client/jobHistory";
import { type CatalogueIds, catalogueIds, instanceInput } from "./emulatorHarness";

const MINUTES_5 = 5 * 60_000;

// UTC−10 with the server's clock ahead of ours, UTC+14 with it behind: the spec's extremes on either side.
describe.each([
  { timezone: "Pacific/Honolulu", clockSkewMs: MINUTES_5 },
  { timezone: "Pacific/Kiritimati", clockSkewMs: -MINUTES_5 },
])("a server in $timezone, its clock $clockSkewMs ms off ours", ({ timezone, clockSkewMs }) => {
  let emu: Emulator;
  let control: EmulatorControl;
  let token: string;
  let client: CimClient;
  let region: string;
  let cat: CatalogueIds;

  beforeAll(async () => {
    emu = await startEmulator({ jobLatencyMs: 0, timezone, clockSkewMs });
    control = await EmulatorControl.of(emu);
    token = await emu.token();
    region = emu.regions.find((r) => r.primary)!.id;
  });
  afterAll(() => emu?.close());
  beforeEach(async () => {
    await control.reset();
    client = new CimClient({
      baseUrl: emu.url,
      token,
      region,
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
      recovery: { graceMs: 200 },
    });
    cat = await catalogueIds(client);
  });

  /** A mutation sent by someone else (not this client, so no job of it is known here), then a minute passes. */
  async function earlier(method: string, path: string, init: { body?: object } = {}) {
    const res = await fetch(`${emu.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "x-region-context": region,
        ...(init.body ? { "content-type": "application/json" } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    expect(res.status).toBe(200);
    const accepted = (await res.json()) as { id: string };
    await control.advanceClock(60_000);
    return accepted.id;
  }

  const mine = async (collection: "instances" | "volumes") =>
    Object.values((await control.state())[collection] as Record<string, any>).filter(
      (r) => r.account === "user-1",
    );
  const posts = async (route: string) => (await control.requests())[`POST /api/v1${route}`] ?? 0;

  it("adopts an unnamed instance create whose answer was lost: one new instance, the one returned", async () => {
    const vm = { zoneId: cat.zoneId, templateId: cat.templateId, serviceOfferingId: cat.serviceOfferingId };
    const older = await earlier("POST", "/compute/instances", { body: vm });
    await control.resetRequests();
    await control.fault({ method: "POST", route: "/compute/instances", action: "drop-after", times: 1 });

    const got = await client.instances.create(vm);
    expect(got.adopted).toBe(true);
    expect(got.id).not.toBe(older);
    expect(await posts("/compute/instances")).toBe(1);
    const instances = await mine("instances");
    expect(instances.map((i) => i.id).sort()).toEqual([older, got.id].sort());
    await client.jobs.wait(got, { firstDelayMs: 5, minIntervalMs: 10, maxIntervalMs: 20 });
    expect((await client.instances.get(got.id!)).state).toBe("Running");
  });

  it("adopts a named volume create whose answer was lost, not the older volume of the same name", async () => {
    const query = `name=data&zoneId=${cat.zoneId}&diskOfferingId=${cat.diskOfferingId}`;
    const older = await earlier("POST", `/volumes?${query}`);
    await control.resetRequests();
    await control.fault({ method: "POST", route: "/volumes", action: "drop-after", times: 1 });

    const got = await client.volumes.create({
      name: "data",
      zoneId: cat.zoneId,
      diskOfferingId: cat.diskOfferingId,
    });
    expect(got.adopted).toBe(true);
    expect(got.id).not.toBe(older);
    expect(await posts("/volumes")).toBe(1);
    const volumes = await mine("volumes");
    expect(volumes.map((v) => v.id).sort()).toEqual([older, got.id].sort());
  });

  it("learns job durations from the job's created and completed, whatever the zone", async () => {
    await control.jobTiming({ latencyMs: 300 });
    const history = new JobDurations();
    const vm = await client.instances.create(instanceInput(cat));
    // Checks 200 ms apart: the bounds our polls give (the last running check, the success) are too far apart
    // to be remembered; only the server's completed − created (300 ms) is precise enough. The server counts
    // from the deploy, a little before the wait began, so the sample is at most 300 ms and a little less
    // when the create's own round trip was slow.
    await client.jobs.wait(vm, { history, firstDelayMs: 5, minIntervalMs: 200, maxIntervalMs: 200 });
    const samples = history.samples(durationKey(region, "instance.deploy"));
    expect(samples).toHaveLength(1);
    expect(samples[0]).toBeGreaterThan(200);
    expect(samples[0]).toBeLessThanOrEqual(301);
  });
});
