import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());

describe("Regions", () => {
  it("Regions: GET /regions lists at least two seeded regions, exactly one primary", async () => {
    const regions = await api.ok("GET", "/regions");
    expect(regions.length).toBeGreaterThanOrEqual(2);
    expect(regions.filter((r: any) => r.primary)).toHaveLength(1);
    for (const r of regions) expect(Object.keys(r).sort()).toEqual(["active", "id", "name", "primary"]);
    expect(api.emu.regions.map((r) => r.id)).toEqual(regions.map((r: any) => r.id));
  });

  it("Common rules 2 / Regions: without X-Region-Context the primary region is used", async () => {
    const zones = await api.ok("GET", "/zones");
    expect(zones.every((z: any) => z.regionId === api.primary.id)).toBe(true);
    const other = await api.ok("GET", "/zones", { region: api.secondary.id });
    expect(other.every((z: any) => z.regionId === api.secondary.id)).toBe(true);
  });

  it("Regions: without a primary region the default is the first active one", async () => {
    await api.control.region(api.primary.id, { primary: false });
    try {
      const zones = await api.ok("GET", "/zones");
      expect(zones[0].regionId).toBe(api.primary.id); // first active in order
      await api.control.region(api.primary.id, { active: false });
      const next = await api.ok("GET", "/zones");
      expect(next[0].regionId).toBe(api.secondary.id);
    } finally {
      await api.control.region(api.primary.id, { primary: true, active: true });
    }
  });

  it("Regions: an unknown X-Region-Context is a 400", async () => {
    const res = await api.get("/zones", { region: "00000000-0000-4000-8000-000000000000" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Unknown region 00000000-0000-4000-8000-000000000000");
  });

  it("Value conventions 2 / Regions: an identifier is valid only in its own region (404 elsewhere)", async () => {
    const vm = await api.instance(c);
    expect((await api.get(`/compute/instances/${vm.id}`, { region: api.primary.id })).status).toBe(200);
    expect((await api.get(`/compute/instances/${vm.id}`, { region: api.secondary.id })).status).toBe(404);
    expect((await api.get(`/compute/instances/${vm.id}/tags`, { region: api.secondary.id })).status).toBe(
      404,
    );
    expect((await api.post(`/compute/instances/${vm.id}/stop`, { region: api.secondary.id })).status).toBe(
      404,
    );
  });

  it("Value conventions 2: catalogue ids are region-scoped too (a template of another region is refused)", async () => {
    const other = await api.catalogue(api.secondary.id);
    expect(other.template.id).not.toBe(c.template.id);
    const res = await api.post("/compute/instances", {
      body: { zoneId: c.zone.id, templateId: other.template.id, serviceOfferingId: c.offering.id },
    });
    expect(res.status).toBe(400);
    const there = await api.instance(other, {}, api.secondary.id);
    expect(there.zoneId).toBe(other.zone.id);
    const here = await api.ok("GET", "/compute/instances/all");
    expect(here.virtualmachines.some((v: any) => v.id === there.id)).toBe(false);
  });

  it("Regions: instance names are unique per region, not across regions", async () => {
    const other = await api.catalogue(api.secondary.id);
    await api.instance(c, { name: "same-name" });
    const there = await api.instance(other, { name: "same-name" }, api.secondary.id);
    expect(there.name).toBe("same-name");
  });

  it("Regions: multi-region reads report per-region failures in regionErrors (instance groups)", async () => {
    await api.control.user("one-region-user", { regions: [api.primary.id] });
    const token = await api.emu.token({ sub: "one-region-user" });
    const res = await api.ok("GET", "/instance-groups", { token });
    expect(res.regionErrors[api.secondary.id]).toMatch(/No account/);
    expect(res.regionErrors[api.primary.id]).toBeUndefined();
    const mine = await api.ok("GET", "/instance-groups");
    expect(mine.regionErrors).toEqual({});
  });
});
