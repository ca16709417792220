// Organizations, projects and preferences through the client against the emulator: the tenant reads send
// X-Tenant-Context (a membership id) and nothing else does; projects are synchronous; preferences are per user.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type CimClient, NotFoundError, PermissionDeniedError } from "../../provider/client";
import type { ListSpec } from "../../provider/client/pagination";
import { apiCaller } from "../fixtures/apiCall";
import { useHarness } from "./emulatorHarness";

let client: CimClient;
const t = useHarness((c) => {
  client = c;
});

/** A call of the API as a user (organizations are made and joined in the console: the client only reads). */
const call = (method: string, path: string, opts: { body?: unknown; sub?: string } = {}) =>
  apiCaller(async () => ({ url: t.h.emu.url, token: await t.h.emu.token({ sub: opts.sub ?? "user-1" }) }))(
    method,
    path,
    opts.body,
  );

describe("client.organizations against the emulator", () => {
  it("tenants, memberships, members and invitations; the membership id as context narrows the reads", async () => {
    await t.h.control.user("dana");
    const { id: acme } = await call("POST", "/tenants", { body: { name: "acme" } });
    const { id: other } = await call("POST", "/tenants", { body: { name: "other" } });
    const invitation = await call("POST", `/tenants/${acme}/invitations`, { body: { user: "dana" } });
    const tenants = (await client.organizations.listAll()).items;
    expect(tenants.map((x) => x.name).sort()).toEqual(["acme", "other"]);
    const membership = tenants.find((x) => x.id === acme)!.membershipId!;
    const memberships = (await client.organizations.memberships().all()).items;
    expect(memberships.find((m) => m.id === membership)).toMatchObject({ tenantId: acme, role: "Admin" });
    const scoped = await client.organizations.listAll({ tenantContext: membership });
    expect(scoped.items.map((x) => x.id)).toEqual([acme]);
    expect(await client.organizations.get(other)).toMatchObject({ name: "other", role: "Admin" });
    const sent = (await client.organizations.invitations({ tenantContext: membership }).all()).items;
    expect(sent).toEqual([expect.objectContaining({ id: invitation.id, user: "dana", state: "Pending" })]);
    const dana = await t.h.client({ token: await t.h.emu.token({ sub: "dana" }) });
    const received = (await dana.organizations.invitations({ activeOnly: true }).all()).items;
    expect(received.map((i) => i.tenantName)).toEqual(["acme"]);
    await expect(dana.organizations.get(acme)).rejects.toBeInstanceOf(NotFoundError);
    await expect(dana.organizations.listAll({ tenantContext: membership })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    expect((await client.organizations.members(acme).all()).items.map((m) => m.user)).toEqual(["user-1"]);
    await client.catalogue.myLimits({ tenantContext: membership });

    // X-Tenant-Context reached the organization routes only, and every one of them this test read with it
    const log = await t.h.control.requestLog(200);
    const withContext = log.filter((e) => e.tenantContext);
    expect(withContext.length).toBeGreaterThanOrEqual(3);
    for (const e of withContext) expect(e.path).toMatch(/^\/api\/v1\/(tenants|invitations)(\/|\?|$)/);
  });

  it("a list can carry X-Tenant-Context only beside an organization path (the types refuse any other)", () => {
    const item = z.unknown();
    const fine: ListSpec<unknown> = {
      path: "/api/v1/invitations",
      key: "content",
      item,
      tenantContext: "m-1",
    };
    // @ts-expect-error: X-Tenant-Context on an instance list cannot be written
    const refused: ListSpec<unknown> = {
      path: "/api/v1/compute/instances",
      key: "x",
      item,
      tenantContext: "m-1",
    };
    expect([fine.path, refused.path]).toHaveLength(2);
  });
});

describe("client.projects and client.preferences against the emulator", () => {
  it("create, get, list by name, update by query, delete; a lost create is found by its name", async () => {
    const made = await client.projects.create({ name: "web", displayText: "Web shop" });
    expect(made.jobId).toBeUndefined();
    expect(await client.projects.get(made.id!)).toMatchObject({
      name: "web",
      displayText: "Web shop",
      state: "Active",
    });
    expect((await client.projects.listAll({ name: "web" })).items.map((p) => p.id)).toEqual([made.id]);
    expect(await client.projects.update(made.id!, { displayText: "Shop" })).toMatchObject({
      displayText: "Shop",
    });
    await client.projects.delete(made.id!);
    await expect(client.projects.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
    await t.h.control.fault({ method: "POST", route: "/projects", action: "drop-after", times: 1 });
    const lost = await client.projects.create({ name: "lost" });
    expect((await client.projects.listAll()).items.map((p) => p.id)).toEqual([lost.id]);
    expect(await t.h.control.requests()).toMatchObject({ "POST /api/v1/projects": 2 }); // web, then lost once
  });

  it("preferences: the user's map, the same from every region", async () => {
    await call("PUT", "/preferences", { body: { language: "de" } });
    expect(await client.preferences.get()).toEqual({ language: "de" });
    expect(await client.withRegion(t.h.secondary).preferences.get()).toEqual({ language: "de" });
  });
});
