// The instance group family of the client against the emulator: the spec's multi-region list with its
// regionErrors passed on, reads of one region that refuse to take a failed region for an empty one
// (RegionReadError), the synchronous create / rename / delete, and a lost create resolved by name, never twice.
import { describe, expect, it } from "vitest";
import { type CimClient, ConflictError, NotFoundError, RegionReadError } from "../../provider/client";
import { useHarness } from "./emulatorHarness";

let client: CimClient;
const t = useHarness((c) => {
  client = c;
});
const { hits } = t;

describe("client.instanceGroups against the emulator", () => {
  it("create, list every region or one, get by id, rename, delete; 404 after", async () => {
    const here = await client.instanceGroups.create({ name: "web" });
    expect(here.jobId).toBeUndefined();
    const there = await client.instanceGroups.create({ name: "web" }, { region: t.h.secondary });
    const all = await client.instanceGroups.list();
    expect(all.regionErrors).toBeUndefined();
    expect(all.items.map((g) => [g.name, g.regionId])).toEqual([
      ["web", t.h.primary],
      ["web", t.h.secondary],
    ]);
    const one = await client.instanceGroups.inRegion({ region: t.h.secondary });
    expect(one.map((g) => g.id)).toEqual([there.id]);
    expect((await client.instanceGroups.get(here.id!)).name).toBe("web");
    expect((await client.instanceGroups.rename(here.id!, "app")).name).toBe("app");
    expect((await client.instanceGroups.named("app"))?.id).toBe(here.id);
    const taken = await client.instanceGroups.create({ name: "app" }).catch((e) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    await client.instanceGroups.delete(here.id!);
    await expect(client.instanceGroups.get(here.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a failing region: the list passes regionErrors on; reading that region throws RegionReadError, not 'none'", async () => {
    await client.instanceGroups.create({ name: "east" }, { region: t.h.secondary });
    await t.h.control.fault({ route: "/instance-groups", region: t.h.secondary, status: 503 });
    const partial = await client.instanceGroups.list();
    expect(Object.keys(partial.regionErrors ?? {})).toEqual([t.h.secondary]);
    expect(partial.items.map((g) => g.name)).not.toContain("east");
    const other = await t.h.client({ region: undefined });
    const err = await other.instanceGroups.inRegion().catch((e) => e);
    expect(err).toBeInstanceOf(RegionReadError);
    expect((err as RegionReadError).failed).toEqual({ [t.h.secondary]: expect.stringMatching(/503/) });
    expect(err.message).toMatch(/What those regions hold is unknown/);
  });

  it("a create whose answer was lost after it landed is found by name and not sent twice", async () => {
    await t.h.control.fault({ method: "POST", route: "/instance-groups", action: "drop-after", times: 1 });
    const made = await client.instanceGroups.create({ name: "lost" });
    expect(made.id).toBeDefined();
    expect(await hits("POST /api/v1/instance-groups")).toBe(1);
    expect((await client.instanceGroups.inRegion({ name: "lost" })).map((g) => g.id)).toEqual([made.id]);
  });
});
