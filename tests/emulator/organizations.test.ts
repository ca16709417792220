// Data the service keeps itself, synchronously: organizations (tenants) with their memberships and invitations
// (the only routes that accept X-Tenant-Context), projects and preferences.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, UUID } from "./harness";

let api: Api;
let bob: string;

beforeAll(async () => {
  api = await Api.start();
  await api.control.user("bob");
  bob = await api.emu.token({ sub: "bob" });
});
afterAll(() => api.close());

const membershipOf = async (tenantId: string, token?: string) =>
  (await api.ok("GET", "/tenants/memberships", { token })).content.find((m: any) => m.tenantId === tenantId);

describe("Organizations", () => {
  it("a tenant's creator is its Admin; its membership id is the X-Tenant-Context value", async () => {
    const { id } = await api.ok("POST", "/tenants", { body: { name: "acme", description: "the org" } });
    expect(id).toMatch(UUID);
    const m = await membershipOf(id);
    expect(m).toMatchObject({ tenantId: id, tenantName: "acme", role: "Admin", user: "user-1" });
    const listed = await api.ok("GET", "/tenants");
    expect(Object.keys(listed).sort()).toEqual([
      "content",
      "page",
      "pageSize",
      "totalElements",
      "totalPages",
    ]);
    expect(listed.content.find((t: any) => t.id === id)).toMatchObject({
      name: "acme",
      role: "Admin",
      membershipId: m.id,
      state: "Active",
    });
    // with the context, only that organization
    await api.ok("POST", "/tenants", { body: { name: "other" } });
    const scoped = await api.ok("GET", "/tenants", { headers: { "x-tenant-context": m.id } });
    expect(scoped.content.map((t: any) => t.id)).toEqual([id]);
    // not a member: neither listed nor readable
    expect((await api.get(`/tenants/${id}`, { token: bob })).status).toBe(404);
    expect((await api.get("/tenants", { token: bob, headers: { "x-tenant-context": m.id } })).status).toBe(
      403,
    );
  });

  it("invitations: an Admin invites, the invitee lists and accepts, a Regular member cannot invite", async () => {
    const { id } = await api.ok("POST", "/tenants", { body: { name: "team" } });
    const sent = await api.ok("POST", `/tenants/${id}/invitations`, { body: { user: "bob" } });
    const again = await api.post(`/tenants/${id}/invitations`, { body: { user: "bob" } });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already a pending invitation");
    expect((await api.post(`/tenants/${id}/invitations`, { body: { user: "nobody" } })).status).toBe(400);
    const mine = await api.ok("GET", "/invitations", { token: bob, query: { activeOnly: true } });
    expect(mine.content).toEqual([
      expect.objectContaining({
        id: sent.id,
        tenantId: id,
        tenantName: "team",
        state: "Pending",
        invitedBy: "user-1",
      }),
    ]);
    // the organization's view: the invitations it sent, for its admins
    const admin = await membershipOf(id);
    const byOrg = await api.ok("GET", "/invitations", { headers: { "x-tenant-context": admin.id } });
    expect(byOrg.content.map((i: any) => i.id)).toEqual([sent.id]);
    const accepted = await api.ok("PUT", `/invitations/${sent.id}`, { token: bob, query: { accept: true } });
    expect(accepted.state).toBe("Completed");
    const bobs = await membershipOf(id, bob);
    expect(bobs.role).toBe("Regular");
    const members = await api.ok("GET", `/tenants/${id}/members`, { token: bob });
    expect(members.content.map((m: any) => [m.user, m.role]).sort()).toEqual([
      ["bob", "Regular"],
      ["user-1", "Admin"],
    ]);
    expect(
      (await api.post(`/tenants/${id}/invitations`, { token: bob, body: { user: "user-1" } })).status,
    ).toBe(403);
    const asRegular = await api.get("/invitations", { token: bob, headers: { "x-tenant-context": bobs.id } });
    expect(asRegular.status).toBe(403);
    // answered once: a second answer finds no pending invitation
    expect((await api.put(`/invitations/${sent.id}`, { token: bob, query: { accept: false } })).status).toBe(
      400,
    );
  });

  it("a pending invitation expires after a day on the server's clock; a declined one can be sent again", async () => {
    const { id } = await api.ok("POST", "/tenants", { body: { name: "slow" } });
    const sent = await api.ok("POST", `/tenants/${id}/invitations`, { body: { user: "bob" } });
    await api.control.clock({ advanceMs: 86_400_001 });
    const [row] = (await api.ok("GET", "/invitations", { token: bob, query: { tenantId: id } })).content;
    expect(row.state).toBe("Expired");
    expect((await api.put(`/invitations/${sent.id}`, { token: bob, query: { accept: true } })).status).toBe(
      400,
    );
    const resent = await api.ok("POST", `/tenants/${id}/invitations`, { body: { user: "bob" } });
    await api.ok("PUT", `/invitations/${resent.id}`, { token: bob, query: { accept: false } });
    const declined = await api.ok("GET", "/invitations", { token: bob, query: { state: "Declined" } });
    expect(declined.content.map((i: any) => i.id)).toEqual([resent.id]);
    const third = await api.ok("POST", `/tenants/${id}/invitations`, { body: { user: "bob" } });
    await api.ok("DELETE", `/invitations/${third.id}`);
    expect((await api.ok("GET", "/invitations", { token: bob, query: { tenantId: id } })).totalElements).toBe(
      0,
    );
  });
});

describe("Projects and preferences", () => {
  it("projects: synchronous create, read, list, rename, delete; names unique per account and region", async () => {
    const { id } = await api.ok("POST", "/projects", { body: { name: "web" } });
    expect(await api.ok("GET", `/projects/${id}`)).toMatchObject({
      id,
      name: "web",
      displayText: "web",
      state: "Active",
      owner: "user-1",
    });
    const dup = await api.post("/projects", { body: { name: "web" } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toMatch(/^Project with name web already exists in domain id=/);
    // another region has its own projects
    expect((await api.post("/projects", { region: api.secondary.id, body: { name: "web" } })).status).toBe(
      200,
    );
    expect((await api.get(`/projects/${id}`, { region: api.secondary.id })).status).toBe(404);
    const renamed = await api.ok("PUT", `/projects/${id}`, { query: { name: "web-2", displayText: "Web" } });
    expect(renamed).toMatchObject({ name: "web-2", displayText: "Web" });
    const listed = await api.ok("GET", "/projects", { query: { keyword: "web-" } });
    expect(listed.content.map((p: any) => p.id)).toEqual([id]);
    expect(await api.ok("DELETE", `/projects/${id}`)).toEqual({ id });
    expect((await api.get(`/projects/${id}`)).status).toBe(404);
  });

  it("preferences: one map per user across regions; null removes a key; bad keys are refused", async () => {
    expect(await api.ok("GET", "/preferences")).toEqual({});
    expect(await api.ok("PUT", "/preferences", { body: { language: "de", theme: "dark" } })).toEqual({
      language: "de",
      theme: "dark",
    });
    expect(await api.ok("PUT", "/preferences", { body: { theme: null } })).toEqual({ language: "de" });
    expect(await api.ok("GET", "/preferences", { region: api.secondary.id })).toEqual({ language: "de" });
    expect(await api.ok("GET", "/preferences", { token: bob })).toEqual({});
    expect((await api.put("/preferences", { body: { "bad key": "x" } })).status).toBe(400);
    expect((await api.put("/preferences", { body: { n: 5 } })).status).toBe(400);
  });
});
