// Multi-region groups: the spec's POST /multi-regions/{id}/vpcs with {regionId, vpcId} and its quota, with
// members from two regions (an id is valid only in its own region), and the GSLB-like rules of the emulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue, UUID } from "./harness";

let api: Api;
let c: Catalogue;
let c2: Catalogue;
let octet = 0;

beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
  c2 = await api.catalogue(api.secondary.id);
});
afterAll(() => api.close());

/** A VPC made (job waited) in a region: the primary one unless given. */
async function vpc(region?: string): Promise<any> {
  const cat = region ? c2 : c;
  const res = await api.post("/vpcs", {
    region,
    body: {
      name: `mr-${++octet}`,
      zoneId: cat.zone.id,
      cidr: `10.${octet}.0.0/16`,
      vpcOfferingId: cat.vpcOffering.id,
    },
  });
  const job = await api.waitJob(res.body.jobId, region);
  expect(job.status).toBe("success");
  return { ...res.body, regionId: region ?? api.primary.id };
}

const group = async (name: string, region?: string) =>
  (await api.ok("POST", "/multi-regions", { region, body: { name } })).id as string;

describe("Multi-region groups", () => {
  it("Add VPC to a multi-region group: VPCs of two regions join a group of the primary region, each by its own regionId", async () => {
    const id = await group("stretch");
    expect(id).toMatch(UUID);
    const fra = await vpc();
    const ams = await vpc(api.secondary.id);
    // the request is routed to the group's region; the body names where each VPC lives
    const a = await api.ok("POST", `/multi-regions/${id}/vpcs`, {
      body: { regionId: fra.regionId, vpcId: fra.id },
    });
    const b = await api.ok("POST", `/multi-regions/${id}/vpcs`, {
      body: { regionId: ams.regionId, vpcId: ams.id },
    });
    expect(Object.keys(a).sort()).toEqual(["id", "jobId"]);
    // the job is polled with the request's region (the group's), not the VPC's
    expect((await api.waitJob(b.jobId)).status).toBe("success");
    expect((await api.waitJob(a.jobId)).status).toBe("success");
    expect((await api.get(`/jobs/${b.jobId}`, { region: api.secondary.id })).status).toBe(404);
    const members = await api.ok("GET", `/multi-regions/${id}/vpcs`);
    expect(Object.keys(members).sort()).toEqual([
      "content",
      "page",
      "pageSize",
      "totalElements",
      "totalPages",
    ]);
    expect(members.content.map((m: any) => [m.vpcId, m.regionId, m.state]).sort()).toEqual(
      [
        [fra.id, api.primary.id, "Active"],
        [ams.id, api.secondary.id, "Active"],
      ].sort(),
    );
    expect(await api.ok("GET", `/multi-regions/members/${b.id}`)).toMatchObject({
      groupId: id,
      vpcId: ams.id,
      regionName: api.secondary.name,
    });
    expect((await api.ok("GET", `/multi-regions/${id}`)).memberCount).toBe(2);
  });

  it("an identifier is valid only in its own region: a VPC under another region's id, or a group read in another region, is 404", async () => {
    const id = await group("wrong-region");
    const ams = await vpc(api.secondary.id);
    const res = await api.post(`/multi-regions/${id}/vpcs`, {
      body: { regionId: api.primary.id, vpcId: ams.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`VPC ${ams.id} not found in region ${api.primary.name}`);
    expect(res.body.detail).toContain(api.secondary.name);
    expect((await api.get(`/multi-regions/${id}`, { region: api.secondary.id })).status).toBe(404);
    expect(
      (await api.post(`/multi-regions/${id}/vpcs`, { body: { regionId: "nowhere", vpcId: ams.id } })).status,
    ).toBe(400);
  });

  it("one VPC per region and per group (assignToGlobalLoadBalancerRule's unique zone), never twice", async () => {
    const id = await group("unique");
    const one = await vpc();
    const two = await vpc();
    const joined = await api.ok("POST", `/multi-regions/${id}/vpcs`, {
      body: { regionId: one.regionId, vpcId: one.id },
    });
    await api.waitJob(joined.jobId);
    const again = await api.post(`/multi-regions/${id}/vpcs`, {
      body: { regionId: one.regionId, vpcId: one.id },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`VPC ID ${one.id} is already assigned`);
    const sameRegion = await api.post(`/multi-regions/${id}/vpcs`, {
      body: { regionId: two.regionId, vpcId: two.id },
    });
    expect(sameRegion.status).toBe(400);
    expect(sameRegion.body.message).toBe("VPC specified should be in unique region");
  });

  it("the quota counts groups in every region; creates past maxMultiRegions and members past maxMultiRegionMembers are refused", async () => {
    const before = await api.ok("GET", "/multi-regions/quota");
    await group("elsewhere", api.secondary.id);
    const after = await api.ok("GET", "/multi-regions/quota");
    expect(after.currentMultiRegions).toBe(before.currentMultiRegions + 1);
    await api.control.limits({ maxMultiRegions: after.currentMultiRegions, maxMultiRegionMembers: 1 });
    try {
      const over = await api.post("/multi-regions", { body: { name: "one-too-many" } });
      expect(over.status).toBe(409);
      expect(over.body.message).toContain("maxMultiRegions");
      const id = (await api.ok("GET", "/multi-regions", { query: { name: "unique" } })).content[0].id; // one member, of the primary region
      const third = await vpc(api.secondary.id);
      const full = await api.post(`/multi-regions/${id}/vpcs`, {
        body: { regionId: third.regionId, vpcId: third.id },
      });
      expect(full.status).toBe(409);
      expect(full.body.message).toContain("maxMultiRegionMembers 1");
    } finally {
      await api.control.limits({ maxMultiRegions: 5, maxMultiRegionMembers: 10 });
    }
  });

  it("a failed join leaves the member in Error; removing a member and deleting a group are jobs", async () => {
    const id = await group("jobs");
    const v = await vpc(api.secondary.id);
    await api.control.fault({
      method: "POST",
      route: "/multi-regions/{id}/vpcs",
      times: 1,
      jobFail: { detail: "no route" },
    });
    const failed = await api.ok("POST", `/multi-regions/${id}/vpcs`, {
      body: { regionId: v.regionId, vpcId: v.id },
    });
    expect((await api.waitJob(failed.jobId)).status).toBe("error");
    expect((await api.ok("GET", `/multi-regions/members/${failed.id}`)).state).toBe("Error");
    // a failed join holds no place: the VPC joins again
    const joined = await api.ok("POST", `/multi-regions/${id}/vpcs`, {
      body: { regionId: v.regionId, vpcId: v.id },
    });
    await api.waitJob(joined.jobId);
    const left = await api.ok("DELETE", `/multi-regions/members/${failed.id}`);
    expect((await api.waitJob(left.jobId)).status).toBe("success");
    expect((await api.get(`/multi-regions/members/${failed.id}`)).status).toBe(404);
    const gone = await api.ok("DELETE", `/multi-regions/${id}`);
    expect((await api.waitJob(gone.jobId)).status).toBe("success");
    expect((await api.get(`/multi-regions/${id}`)).status).toBe(404);
    expect((await api.get(`/multi-regions/members/${joined.id}`)).status).toBe(404);
  });

  it("a deleted VPC leaves its groups; a rename is synchronous", async () => {
    const id = await group("vpc-goes");
    const v = await vpc(api.secondary.id);
    const m = await api.ok("POST", `/multi-regions/${id}/vpcs`, {
      body: { regionId: v.regionId, vpcId: v.id },
    });
    await api.waitJob(m.jobId);
    const del = await api.ok("DELETE", `/vpcs/${v.id}`, { region: api.secondary.id });
    await api.waitJob(del.jobId, api.secondary.id);
    expect((await api.ok("GET", `/multi-regions/${id}/vpcs`)).totalElements).toBe(0);
    const renamed = await api.ok("PUT", `/multi-regions/${id}`, {
      query: { name: "renamed", description: "d" },
    });
    expect(renamed).toMatchObject({ id, name: "renamed", description: "d", state: "Active" });
  });
});
