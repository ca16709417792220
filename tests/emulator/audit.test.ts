// The audit trail's filters (after CloudStack's listEvents): a time window in the server's local time, the
// resource, the user, the method, a keyword; on a server 14 hours ahead of UTC, where a window read as UTC
// would miss every row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./harness";

let api: Api;

beforeAll(async () => {
  api = await Api.start({ timezone: "Pacific/Kiritimati" });
});
afterAll(() => api.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const audit = (query: Record<string, string | number> = {}, token?: string) =>
  api.ok("GET", "/audit", { query, token });

describe("Audit trail filters", () => {
  it("startDate and endDate are the server's local time, bounds included (listEvents' startdate/enddate)", async () => {
    const a = await api.ok("POST", "/projects", { body: { name: "audit-a" } });
    await sleep(20);
    const b = await api.ok("POST", "/projects", { body: { name: "audit-b" } });
    await sleep(20);
    const c = await api.ok("POST", "/projects", { body: { name: "audit-c" } });
    const rows = (await audit({ resourceType: "Project" })).content;
    const at = (id: string) => rows.find((r: any) => r.resourceId === id).timestamp as string;
    // the server writes Kiritimati's time: 14 hours ahead of the UTC clock
    const ahead = Date.parse(`${at(b.id)}Z`) - Date.now();
    expect(Math.round(ahead / 3_600_000)).toBe(14);
    const window = await audit({ startDate: at(b.id), endDate: at(b.id) });
    expect(window.content.map((r: any) => r.resourceId)).toEqual([b.id]);
    const since = await audit({ startDate: at(b.id), resourceType: "Project" });
    expect(since.content.map((r: any) => r.resourceId)).toEqual([c.id, b.id]);
    const until = await audit({ endDate: at(b.id), resourceType: "Project" });
    expect(until.content.map((r: any) => r.resourceId)).toEqual([b.id, a.id]);
    // CloudStack's two forms: a date alone is its midnight; "yyyy-MM-dd HH:mm:ss" has a space
    const day = at(a.id).slice(0, 10);
    expect((await audit({ startDate: day, resourceType: "Project" })).totalElements).toBe(3);
    const spaced = `${at(c.id).slice(0, 10)} ${at(c.id).slice(11, 19)}`;
    expect((await audit({ startDate: spaced, resourceId: c.id })).totalElements).toBe(1);
  });

  it("a date with an offset, or no date at all, is refused naming the format", async () => {
    for (const bad of ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00+02:00", "yesterday", "2026-02-30"]) {
      const res = await api.get("/audit", { query: { startDate: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain("yyyy-MM-dd HH:mm:ss");
    }
  });

  it("resource, method, keyword and user filters; every token reads its own account's rows, service:admin too", async () => {
    const p = await api.ok("POST", "/projects", { body: { name: "audit-filters" } });
    await api.ok("PUT", `/projects/${p.id}`, { query: { displayText: "x" } });
    const byResource = await audit({ resourceId: p.id });
    expect(byResource.content.map((r: any) => r.method)).toEqual(["PUT", "POST"]);
    expect((await audit({ resourceId: p.id, method: "put" })).totalElements).toBe(1);
    expect((await audit({ keyword: p.id })).totalElements).toBe(1); // the PUT's path holds the id
    await api.control.user("carol");
    const carol = await api.emu.token({ sub: "carol" });
    await api.ok("POST", "/projects", { token: carol, body: { name: "carols" } });
    expect((await audit({}, carol)).content.every((r: any) => r.user === "carol")).toBe(true);
    expect((await audit({ user: "carol" })).totalElements).toBe(0); // user-1 sees only their own rows
    // whole-account authorization (Authentication 7 and 8): the permission widens nothing on this route
    const admin = await api.emu.adminToken();
    expect((await audit({ user: "carol" }, admin)).totalElements).toBe(0);
    const asAdmin = await audit({}, admin);
    expect(asAdmin).toEqual(await audit({}));
    expect(asAdmin.content.every((r: any) => r.user === "user-1")).toBe(true);
    const carolAdmin = await api.emu.token({ sub: "carol", admin: true });
    expect((await audit({}, carolAdmin)).content.map((r: any) => r.user)).toEqual(["carol"]);
  });

  it("regionId narrows the rows to requests routed to that region (the emulator's own filter)", async () => {
    const here = await api.ok("POST", "/projects", { body: { name: "here" } });
    const there = await api.ok("POST", "/projects", { body: { name: "there" }, region: api.secondary.id });
    const inSecondary = (await audit({ regionId: api.secondary.id })).content;
    expect(inSecondary.map((r: any) => r.resourceId)).toContain(there.id);
    expect(inSecondary.map((r: any) => r.resourceId)).not.toContain(here.id);
    expect(inSecondary.every((r: any) => r.regionId === api.secondary.id)).toBe(true);
    expect((await audit({ regionId: api.primary.id, resourceId: there.id })).totalElements).toBe(0);
    expect((await audit({ regionId: api.primary.id, resourceId: here.id })).totalElements).toBe(1);
  });
});
