// POST /_emulator/seed: records of any family that declares a seed, for any user and region, checked by the
// family's own rules, all or none kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmulatorControlError } from "../../emulator/index";
import { Api } from "./harness";

let api: Api;
beforeAll(async () => {
  api = await Api.start();
  await api.control.user("seeded", { regions: [api.primary.id, api.secondary.id] });
});
afterAll(() => api.close());

const as = async (sub: string) => api.emu.token({ sub });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("the seed was accepted");
    },
    (e) => {
      expect(e).toBeInstanceOf(EmulatorControlError);
      return { status: (e as EmulatorControlError).status, body: (e as EmulatorControlError).body as any };
    },
  );

describe("POST /_emulator/seed", () => {
  it("seeds instance groups for another user in another region: that user's read shows them, no one else's", async () => {
    const seeded = await api.control.seed({
      instanceGroups: [{ name: "web", sub: "seeded", regionId: api.secondary.id }],
    });
    expect(seeded.instanceGroups).toHaveLength(1);
    const theirs = await api.ok("GET", "/instance-groups", { token: await as("seeded") });
    expect(theirs.instancegroups).toEqual([
      expect.objectContaining({ id: seeded.instanceGroups[0], name: "web", regionId: api.secondary.id }),
    ]);
    const mine = await api.ok("GET", "/instance-groups");
    expect(mine.instancegroups.map((g: any) => g.id)).not.toContain(seeded.instanceGroups[0]);
  });

  it("defaults the owner to user-1 in the primary region, and an instance group's name to group-<id>", async () => {
    const {
      instanceGroups: [id],
    } = await api.control.seed({ instanceGroups: [{}] });
    const got = await api.ok("GET", "/instance-groups", { query: { id } });
    expect(got.instancegroups).toEqual([
      expect.objectContaining({ id, name: `group-${id.slice(0, 8)}`, regionId: api.primary.id }),
    ]);
  });

  it("seeds any family that declares a seed: projects, with a state the API cannot set, a region by name", async () => {
    const seeded = await api.control.seed({
      projects: [{ name: "archive", state: "Disabled", sub: "seeded", regionId: api.primary.name }],
    });
    const got = await api.ok("GET", `/projects/${seeded.projects[0]}`, { token: await as("seeded") });
    expect(got).toMatchObject({ name: "archive", displayText: "archive", state: "Disabled" });
  });

  it("checks each item by its family's own rules: the error the family's create gives for the same fields", async () => {
    const created = await api.call("POST", "/projects", { body: { displayText: "no name" } });
    expect(created.status).toBe(400);
    const seeded = await refusal(api.control.seed({ projects: [{ displayText: "no name" }] }));
    expect(seeded).toMatchObject({ status: 400, body: { message: created.body.message } });

    await api.ok("POST", "/instance-groups", { body: { name: "taken" } });
    const twice = await api.call("POST", "/instance-groups", { body: { name: "taken" } });
    expect(twice.status).toBe(409);
    expect(await refusal(api.control.seed({ instanceGroups: [{ name: "taken" }] }))).toMatchObject({
      status: 409,
      body: { message: twice.body.message },
    });
    expect((await refusal(api.control.seed({ projects: [{ name: "x", state: "Gone" }] }))).body.message).toBe(
      "state must be one of Active, Disabled, Suspended",
    );
  });

  it("refuses an unknown family, a family without a seed, a bad owner; a refused request keeps nothing", async () => {
    const before = (await api.ok("GET", "/instance-groups")).count;
    const noSeed = await refusal(api.control.seed({ instanceGroups: [{ name: "kept?" }], volumes: [{}] }));
    expect(noSeed).toMatchObject({
      status: 400,
      body: { message: "Family volumes declares no seed; seeded families: instanceGroups, projects" },
    });
    expect((await refusal(api.control.seed({ nope: [] } as any))).body.message).toBe(
      "Unknown family nope; seeded families: instanceGroups, projects",
    );
    expect((await refusal(api.control.seed({ instanceGroups: {} } as any))).body.message).toBe(
      "instanceGroups must be an array of records",
    );
    expect((await refusal(api.control.seed({ instanceGroups: [{ regionId: "mars" }] }))).body.message).toBe(
      "Unknown region mars",
    );
    const dup = await refusal(api.control.seed({ instanceGroups: [{ name: "twin" }, { name: "twin" }] }));
    expect(dup.status).toBe(409);
    expect((await api.ok("GET", "/instance-groups")).count).toBe(before);
  });
});
