// Value conventions 3: what the API layer writes itself (error bodies, job records, audit rows, the data the
// service holds itself: comments, projects, organizations and their memberships and invitations) is the
// server's local time with no offset, in whatever zone the server runs, from a clock that may be off the
// client's; the Date header follows the same clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmulatorControl } from "../../emulator/index";
import { Api, type Catalogue, LOCAL_TIMESTAMP } from "./harness";

const MINUTES_5 = 5 * 60_000;

/** An offset-less local time of a zone `utcOffsetHours` from UTC, back to the instant it names. */
const instantOf = (local: string, utcOffsetHours: number) =>
  Date.parse(`${local}Z`) - utcOffsetHours * 3_600_000;

/** Within `slackMs` of the server's now (our clock plus its skew). */
function expectServerNow(ms: number, skewMs: number, slackMs = 3_000) {
  expect(Math.abs(ms - (Date.now() + skewMs))).toBeLessThan(slackMs);
}

// Zones without daylight saving time, so the offset is fixed whatever the date: UTC−10 and UTC+14, the
// spec's extremes on either side, each with the server clock five minutes off ours.
describe.each([
  { timezone: "Pacific/Honolulu", utcOffsetHours: -10, clockSkewMs: MINUTES_5 },
  { timezone: "Pacific/Kiritimati", utcOffsetHours: 14, clockSkewMs: -MINUTES_5 },
])("a server in $timezone, its clock $clockSkewMs ms off", ({ timezone, utcOffsetHours, clockSkewMs }) => {
  let api: Api;
  let c: Catalogue;
  beforeAll(async () => {
    api = await Api.start({ timezone, clockSkewMs });
    c = await api.catalogue();
  });
  afterAll(() => api?.close());

  const local = (value: unknown) => {
    expect(value).toMatch(LOCAL_TIMESTAMP);
    return instantOf(value as string, utcOffsetHours);
  };

  it("writes the error body's timestamp as local time of its zone, and its Date header from its clock", async () => {
    const res = await api.get("/compute/instances/00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expectServerNow(local(res.body.timestamp), clockSkewMs);
    // Date has one-second resolution.
    expectServerNow(Date.parse(res.headers.get("date")!), clockSkewMs, 2_500);
  });

  it("writes job created and completed as local time, in the job read and in both job lists", async () => {
    const vm = await api.instance(c);
    const { jobId } = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    const job = await api.waitJob(jobId);
    expect(job.status).toBe("success");
    const created = local(job.created);
    expectServerNow(created, clockSkewMs);
    expect(local(job.completed)).toBeGreaterThanOrEqual(created);
    const window = await api.ok("GET", "/jobs", { query: { hoursBack: 1 } });
    const recent = await api.ok("GET", "/jobs/recent", { query: { limit: 5 } });
    for (const list of [window.jobs, recent.jobs]) {
      const row = list.find((j: any) => j.jobId === jobId);
      expect(row).toMatchObject({ created: job.created, completed: job.completed });
    }
    // The window is taken on the server's own clock: the job of a moment ago is in the last hour.
    expect(window.jobs.map((j: any) => j.jobId)).toContain(jobId);
  });

  it("writes the times of data it holds itself (comments, projects, organizations) as local time", async () => {
    const vpc = await api.vpc(c, "10.20.0.0/16", "noted");
    const note = await api.ok("POST", `/vpcs/${vpc.id}/annotations`, { query: { annotation: "kept" } });
    const comment = await api.ok("GET", `/vpcs/annotations/${note.id}`);
    expectServerNow(local(comment.created), clockSkewMs);
    const project = await api.ok("POST", "/projects", { body: { name: `p-${timezone.length}` } });
    const listed = (await api.ok("GET", "/projects")).content.find((p: any) => p.id === project.id);
    expectServerNow(local(listed.created), clockSkewMs);
    const org = await api.ok("POST", "/tenants", { body: { name: `org-${utcOffsetHours}` } });
    const tenant = (await api.ok("GET", "/tenants")).content.find((t: any) => t.id === org.id);
    expectServerNow(local(tenant.created), clockSkewMs);
    const membership = (await api.ok("GET", "/tenants/memberships")).content.find(
      (m: any) => m.tenantId === org.id,
    );
    expectServerNow(local(membership.created), clockSkewMs);
    await api.control.user("bob");
    const bob = await api.emu.token({ sub: "bob" });
    await api.ok("POST", `/tenants/${org.id}/invitations`, { body: { user: "bob" } });
    const [invitation] = (await api.ok("GET", "/invitations", { token: bob, query: { tenantId: org.id } }))
      .content;
    expectServerNow(local(invitation.created), clockSkewMs);
    // a pending invitation's age is taken on the server's clock, whatever its zone
    expect(invitation.state).toBe("Pending");
  });

  it("writes audit rows in local time", async () => {
    await api.instance(c);
    const audit = await api.ok("GET", "/audit");
    expectServerNow(local(audit.content[0].timestamp), clockSkewMs);
  });

  it("shows its zone, skew and local time in the clock view", async () => {
    const view = await api.control.clock({});
    expect(view).toMatchObject({ timeZone: timezone, skewMs: clockSkewMs });
    expect(local(view.local)).toBe(Date.parse(view.now));
  });
});

describe("the zone and skew of a running server", () => {
  let api: Api;
  beforeAll(async () => {
    api = await Api.start();
  });
  afterAll(() => api?.close());

  it("defaults to this process's zone and no skew, as a server writing its own local time", async () => {
    const res = await api.get("/compute/instances/missing");
    const view = await api.control.clock({});
    expect(view.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(view.skewMs).toBe(0);
    // This process's local time of the same instant, written the same way.
    const at = new Date(Date.parse(`${res.body.timestamp}Z`));
    const offsetMs = -new Date(at.getTime()).getTimezoneOffset() * 60_000;
    expectServerNow(at.getTime() - offsetMs, 0);
  });

  it("changes zone and skew through POST /_emulator/clock, refuses unknown zones, and resets to the start", async () => {
    await api.control.clock({ timeZone: "Pacific/Kiritimati", skewMs: -MINUTES_5 });
    const res = await api.get("/compute/instances/missing");
    expectServerNow(instantOf(res.body.timestamp, 14), -MINUTES_5);
    expectServerNow(Date.parse(res.headers.get("date")!), -MINUTES_5, 2_500);
    await expect(api.control.clock({ timeZone: "Mars/Olympus_Mons" })).rejects.toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Unknown time zone "Mars\/Olympus_Mons"/) },
    });
    await api.control.reset();
    expect(await api.control.clock({})).toMatchObject({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      skewMs: 0,
    });
  });

  it("judges a token's expiry on its own clock: two hours ahead, a token of an hour is refused, one of a day is not", async () => {
    const ahead = await Api.start({ clockSkewMs: 2 * 3_600_000 });
    try {
      const hour = await ahead.emu.token({ ttlSeconds: 3_600 });
      const day = await ahead.emu.token({ ttlSeconds: 86_400 });
      const refused = await ahead.get("/zones", { token: hour });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/^Token expired/);
      expect((await ahead.get("/zones", { token: day })).status).toBe(200);
    } finally {
      await ahead.close();
    }
  });

  it("judges a token it verified before on the clock as it is now: set two hours ahead, a token of an hour is refused", async () => {
    const hour = await api.emu.token({ ttlSeconds: 3_600 });
    // the control routes' own token must outlast the skew
    const control = new EmulatorControl(
      api.emu.url,
      await api.emu.token({ admin: true, ttlSeconds: 86_400 }),
    );
    expect((await api.get("/zones", { token: hour })).status).toBe(200);
    await control.clock({ skewMs: 2 * 3_600_000 });
    try {
      const refused = await api.get("/zones", { token: hour });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/^Token expired/);
    } finally {
      await control.clock({ skewMs: 0 });
    }
  });

  it("refuses an unknown zone at start", async () => {
    await expect(Api.start({ timezone: "Nowhere/Land" })).rejects.toThrow(
      /Unknown time zone "Nowhere\/Land"/,
    );
  });
});
