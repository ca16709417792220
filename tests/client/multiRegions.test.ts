// The multi-region family of the client against the emulator, across its two regions: a group of the primary
// region gets a VPC of each region (the call routed to the group's region, the body naming the VPC's), the job
// polled in the call's region; the quota; refusals as typed errors; lost answers adopted, never sent twice.
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, ConflictError, NotFoundError } from "../../provider/client";
import { dropNextAnswer, fastWait, useHarness, vpcOf } from "./emulatorHarness";

let client: CimClient;
let octet = 0;

const t = useHarness((c) => {
  client = c;
});
const { hits } = t;

/** A VPC made in a region (its create job waited for in that region). */
async function vpc(region: string): Promise<string> {
  octet++;
  return vpcOf(client.withRegion(region), `10.${octet}.0.0/16`, `v${octet}`);
}

describe("client.multiRegions against the emulator", () => {
  it("a group of the primary region takes a VPC of each region; the members' jobs are polled in the group's region", async () => {
    const group = await client.multiRegions.create({ name: "mesh", description: "both sites" });
    expect(group.jobId).toBeUndefined(); // synchronous: no job
    const fra = await vpc(t.h.primary);
    const ams = await vpc(t.h.secondary);
    const a = await client.multiRegions.addVpc(group.id!, { regionId: t.h.primary, vpcId: fra });
    const b = await client.multiRegions.addVpc(group.id!, { regionId: t.h.secondary, vpcId: ams });
    // the request went to the group's region (the client's), and so does the job poll
    expect(b.region).toBe(t.h.primary);
    expect((await client.jobs.wait(b, fastWait))?.status).toBe("success");
    expect((await client.jobs.wait(a, fastWait))?.status).toBe("success");
    const log = await t.h.control.requestLog(50);
    const add = log.filter(
      (e) => e.method === "POST" && e.path.endsWith("/vpcs") && e.path.includes("multi"),
    );
    expect(add.map((e) => e.regionContext)).toEqual([t.h.primary, t.h.primary]);
    const members = (await client.multiRegions.membersOf(group.id!).all()).items;
    expect(members.map((m) => [m.vpcId, m.regionId, m.state]).sort()).toEqual(
      [
        [fra, t.h.primary, "Active"],
        [ams, t.h.secondary, "Active"],
      ].sort(),
    );
    expect(
      (await client.multiRegions.listAllMembers({ regionId: t.h.secondary })).items.map((m) => m.id),
    ).toEqual([b.id]);
    expect(await client.multiRegions.get(group.id!)).toMatchObject({
      name: "mesh",
      memberCount: 2,
      state: "Active",
    });
    expect(await client.catalogue.multiRegionQuota()).toMatchObject({ currentMultiRegions: 1 });
  });

  it("refusals are typed: a VPC named under the wrong region (404), a second VPC of a region (400), past the ceiling (409)", async () => {
    const group = await client.multiRegions.create({ name: "strict" });
    const ams = await vpc(t.h.secondary);
    const wrong = await client.multiRegions
      .addVpc(group.id!, { regionId: t.h.primary, vpcId: ams })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(NotFoundError);
    expect(wrong.message).toContain(`VPC ${ams} not found`);
    await client.jobs.wait(
      await client.multiRegions.addVpc(group.id!, { regionId: t.h.secondary, vpcId: ams }),
      fastWait,
    );
    const second = await vpc(t.h.secondary);
    const same = await client.multiRegions
      .addVpc(group.id!, { regionId: t.h.secondary, vpcId: second })
      .catch((e) => e);
    expect(same).toBeInstanceOf(BadRequestError);
    await t.h.control.limits({ maxMultiRegions: 1 });
    const over = await client.multiRegions.create({ name: "too-many" }).catch((e) => e);
    expect(over).toBeInstanceOf(ConflictError);
    expect(over.message).toContain("maxMultiRegions");
  });

  it("rename, remove a member and delete the group (jobs); 404 after", async () => {
    const group = await client.multiRegions.create({ name: "short-lived" });
    const renamed = await client.multiRegions.update(group.id!, { name: "renamed", description: "d" });
    expect(renamed).toMatchObject({ name: "renamed", description: "d" });
    const m = await client.multiRegions.addVpc(group.id!, {
      regionId: t.h.secondary,
      vpcId: await vpc(t.h.secondary),
    });
    await client.jobs.wait(m, fastWait);
    await client.jobs.wait(await client.multiRegions.removeMember(m.id!), fastWait);
    await expect(client.multiRegions.member(m.id!)).rejects.toBeInstanceOf(NotFoundError);
    await client.jobs.wait(await client.multiRegions.delete(group.id!), fastWait);
    await expect(client.multiRegions.get(group.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lost answers: a join is adopted from the recent jobs and a group create from its name, neither sent twice", async () => {
    await t.h.control.fault({ method: "POST", route: "/multi-regions", action: "drop-after", times: 1 });
    const group = await client.multiRegions.create({ name: "lost" });
    expect(await hits("POST /api/v1/multi-regions")).toBe(1);
    expect((await client.multiRegions.listAll()).items.map((g) => g.id)).toEqual([group.id]);
    const ams = await vpc(t.h.secondary);
    await dropNextAnswer(t.h.control, "POST", "/multi-regions/{id}/vpcs");
    const joined = await client.multiRegions.addVpc(group.id!, { regionId: t.h.secondary, vpcId: ams });
    expect(joined.adopted).toBe(true);
    expect(await hits("POST /api/v1/multi-regions/{id}/vpcs")).toBe(1);
    await client.jobs.wait(joined, fastWait);
    expect((await client.multiRegions.membersOf(group.id!).all()).items).toHaveLength(1);
  });
});
