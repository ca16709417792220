// Instance groups, black-box over HTTP: the spec's multi-region list (instancegroups, count, regionErrors) with a
// region that fails reported, and CloudStack's createInstanceGroup, updateInstanceGroup, deleteInstanceGroup and
// an instance's group through the instance update (updateVirtualMachine's `group`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
});
afterEach(() => api.control.clearFaults());
afterAll(() => api.close());

let n = 0;
async function group(region?: string, name = `grp-${++n}`) {
  const made = await api.ok("POST", "/instance-groups", { body: { name }, region });
  expect(made).toEqual({ id: made.id }); // synchronous: no job
  return { id: made.id as string, name };
}

describe("instance groups", () => {
  it("the list is the spec's pass-through shape: instancegroups, count, regionErrors; every region unless one is named", async () => {
    const here = await group();
    const there = await group(api.secondary.id);
    const all = await api.ok("GET", "/instance-groups");
    expect(Object.keys(all).sort()).toEqual(["count", "instancegroups", "regionErrors"]);
    expect(all.regionErrors).toEqual({});
    const ids = all.instancegroups.map((g: any) => g.id);
    expect(ids).toEqual(expect.arrayContaining([here.id, there.id]));
    expect(all.instancegroups.find((g: any) => g.id === there.id)).toMatchObject({
      name: there.name,
      regionId: api.secondary.id,
      regionName: api.secondary.name,
    });
    const scoped = await api.ok("GET", "/instance-groups", { region: api.secondary.id });
    expect(scoped.instancegroups.map((g: any) => g.id)).toContain(there.id);
    expect(scoped.instancegroups.map((g: any) => g.id)).not.toContain(here.id);
    const byName = await api.ok("GET", "/instance-groups", { query: { name: here.name } });
    expect(byName).toMatchObject({ count: 1, instancegroups: [{ id: here.id }] });
  });

  it("a region that fails is reported in regionErrors while the others answer; naming it fails the request", async () => {
    const here = await group();
    const there = await group(api.secondary.id);
    await api.control.fault({ route: "/instance-groups", region: api.secondary.name, status: 503 });
    const partial = await api.ok("GET", "/instance-groups");
    expect(Object.keys(partial.regionErrors)).toEqual([api.secondary.id]);
    expect(partial.regionErrors[api.secondary.id]).toMatch(/503/);
    const ids = partial.instancegroups.map((g: any) => g.id);
    expect(ids).toContain(here.id);
    expect(ids).not.toContain(there.id);
    expect((await api.get("/instance-groups", { region: api.secondary.id })).status).toBe(503);
    // the primary region is not affected by a rule naming another one
    expect((await api.get("/instance-groups", { region: api.primary.id })).status).toBe(200);
  });

  it("a region the user has no account in is reported, not hidden", async () => {
    await api.control.user("one-region", { regions: [api.primary.id] });
    const token = await api.emu.token({ sub: "one-region" });
    const res = await api.ok("GET", "/instance-groups", { token });
    expect(res.regionErrors).toEqual({
      [api.secondary.id]: `No account for user one-region in region ${api.secondary.name}`,
    });
  });

  it("names are unique per account and region; rename and delete are synchronous", async () => {
    const g = await group();
    const taken = await api.post("/instance-groups", { body: { name: g.name } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      `Unable to create Instance group, a group with name ${g.name} already exists for Account user-1`,
    );
    // the same name in the other region is another group
    await group(api.secondary.id, g.name);
    const other = await group();
    const clash = await api.put(`/instance-groups/${other.id}`, { query: { name: g.name } });
    expect(clash.status).toBe(409);
    const renamed = await api.ok("PUT", `/instance-groups/${g.id}`, { query: { name: `${g.name}-r` } });
    expect(renamed).toMatchObject({ id: g.id, name: `${g.name}-r` });
    expect(await api.ok("DELETE", `/instance-groups/${g.id}`)).toEqual({ id: g.id });
    expect((await api.del(`/instance-groups/${g.id}`)).status).toBe(404);
    expect((await api.post("/instance-groups", { body: {} })).body.message).toBe(
      "Required parameter 'name' is not present",
    );
  });

  it("an instance joins a group by name through its update, follows its rename and leaves it when it is deleted", async () => {
    const vm = await api.instance(c);
    expect(vm).toMatchObject({ group: "", groupId: "" });
    const g = await group();
    const joined = await api.ok("PUT", `/compute/instances/${vm.id}`, { query: { group: g.name } });
    expect(joined).toMatchObject({ group: g.name, groupId: g.id });
    await api.ok("PUT", `/instance-groups/${g.id}`, { query: { name: `${g.name}-new` } });
    expect(await api.ok("GET", `/compute/instances/${vm.id}`)).toMatchObject({ group: `${g.name}-new` });
    // another group: the instance moves (one group at most)
    const h = await group();
    await api.ok("PUT", `/compute/instances/${vm.id}`, { query: { group: h.name } });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).groupId).toBe(h.id);
    await api.ok("DELETE", `/instance-groups/${h.id}`);
    expect(await api.ok("GET", `/compute/instances/${vm.id}`)).toMatchObject({ group: "", groupId: "" });
    const empty = await api.put(`/compute/instances/${vm.id}`, { query: { group: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Instance group name must not be empty");
  });

  it("a group name no group has yet is made by the instance update, as addInstanceToGroup does", async () => {
    const vm = await api.instance(c);
    const name = `implicit-${++n}`;
    const joined = await api.ok("PUT", `/compute/instances/${vm.id}`, { query: { group: name } });
    const listed = await api.ok("GET", "/instance-groups", { query: { name }, region: api.primary.id });
    expect(listed.instancegroups).toEqual([expect.objectContaining({ id: joined.groupId, name })]);
  });
});
