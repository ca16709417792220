// The audit trail through the client: every page of the paged envelope (pages of the 100-row ceiling), the
// filters, and a time window given as instants of this process's clock that selects the same rows whatever the
// server's zone (UTC−10, UTC+14) and clock skew, though the server writes offset-less local times.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StartOptions } from "../../emulator";
import type { CimClient } from "../../provider/client";
import { type Harness, harness } from "./emulatorHarness";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each<[string, StartOptions]>([
  ["UTC−10 (Pacific/Honolulu)", { timezone: "Pacific/Honolulu" }],
  [
    "UTC+14 (Pacific/Kiritimati), clock 5 minutes ahead",
    { timezone: "Pacific/Kiritimati", clockSkewMs: 300_000 },
  ],
])("client.audit on a server at %s", (_zone, options) => {
  let h: Harness;
  let client: CimClient;
  beforeAll(async () => {
    h = await harness(options);
    client = await h.client();
  });
  afterAll(() => h.close());

  const project = async (name: string) => (await client.projects.create({ name })).id!;

  it("a window of this process's clock selects the rows written in it", async () => {
    const before = await project("before");
    await sleep(250);
    const since = new Date();
    await sleep(50);
    const inside = await project("inside");
    await sleep(50);
    const until = new Date();
    await sleep(250);
    const after = await project("after");

    const rows = (await client.audit.entries({ resourceType: "Project" })).items;
    // the server's texts are far from this clock's UTC: a window read as UTC would select nothing or everything
    const stamp = rows.find((r) => r.resourceId === inside)!.timestamp!;
    expect(Math.abs(Date.parse(`${stamp}Z`) - until.getTime())).toBeGreaterThan(9 * 3_600_000);

    const window = (await client.audit.entries({ since, until, resourceType: "Project" })).items;
    expect(window.map((r) => r.resourceId)).toEqual([inside]);
    const sinceOnly = (await client.audit.entries({ since, resourceType: "Project" })).items;
    expect(sinceOnly.map((r) => r.resourceId)).toEqual([after, inside]);
    const untilOnly = (await client.audit.entries({ until: until.toISOString(), resourceType: "Project" }))
      .items;
    expect(untilOnly.map((r) => r.resourceId)).toEqual([inside, before]);
    // the server's own offset-less text is sent as it is
    const own = (await client.audit.entries({ since: stamp, until: stamp })).items;
    expect(own.map((r) => r.resourceId)).toEqual([inside]);
  });

  it("reads every page (the page size is the 100-row ceiling) and stops at maxEntries", async () => {
    await h.control.reset();
    for (let i = 0; i < 105; i++) await project(`p${i}`);
    await h.control.resetRequests();
    const all = await client.audit.entries({ resourceType: "Project" });
    expect(all.items).toHaveLength(105);
    expect(new Set(all.items.map((r) => r.id)).size).toBe(105);
    expect((await h.control.requests())["GET /api/v1/audit"]).toBe(2);
    expect((await client.audit.entries({ maxEntries: 3 })).items.map((r) => r.resourceId)).toEqual(
      all.items.slice(0, 3).map((r) => r.resourceId),
    );
  });
});
