import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue, LOCAL_TIMESTAMP } from "./harness";

let api: Api;
let c: Catalogue;
let vm: any;
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
  vm = await api.instance(c, { name: "misc-vm" });
  await api.assignBackupOffering(vm);
});
afterAll(() => api.close());

describe("Catalogue", () => {
  it("Further endpoints: templates carry minRootDiskSizeGb; zones and templates are the sources of ids", async () => {
    const templates = await api.ok("GET", "/templates");
    expect(templates.every((t: any) => typeof t.minRootDiskSizeGb === "number")).toBe(true);
    const zones = await api.ok("GET", "/zones");
    expect(zones.length).toBeGreaterThan(0);
    expect((await api.ok("GET", "/isos")).length).toBeGreaterThan(0);
  });

  it("Further endpoints: GET /offerings/compute accepts zoneId and ignores it", async () => {
    const all = await api.ok("GET", "/offerings/compute");
    const filtered = await api.ok("GET", "/offerings/compute", { query: { zoneId: "anything" } });
    expect(filtered).toEqual(all);
  });
});

describe("Backup schedules", () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    vmId: vm.id,
    intervalType: "DAILY",
    schedule: "30:02",
    timezone: "Europe/Berlin",
    ...extra,
  });

  it("Other request bodies: create takes vmId, intervalType, schedule, timezone and answers {id} without jobId", async () => {
    const res = await api.ok("POST", "/backups/schedules", { body: body() });
    expect(Object.keys(res)).toEqual(["id"]);
    const got = await api.ok("GET", `/backups/schedules/${res.id}`);
    expect(got).toMatchObject({
      vmId: vm.id,
      intervalType: "DAILY",
      schedule: "30:02",
      timezone: "Europe/Berlin",
    });
    await api.ok("DELETE", `/backups/schedules/${res.id}`);
  });

  it("Backup schedules: timezone is required on create, as CloudStack's createBackupSchedule has it; an update keeps it", async () => {
    const { timezone: _, ...without } = body();
    const res = await api.post("/backups/schedules", { body: without });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Required parameter 'timezone' is not present");
    const made = await api.ok("POST", "/backups/schedules", { body: body() });
    await api.ok("PUT", `/backups/schedules/${made.id}`, { body: { ...without, schedule: "45:03" } });
    expect(await api.ok("GET", `/backups/schedules/${made.id}`)).toMatchObject({
      schedule: "45:03",
      timezone: "Europe/Berlin",
    });
    await api.ok("DELETE", `/backups/schedules/${made.id}`);
  });

  it("Backup schedules: intervalType is one of HOURLY, DAILY, WEEKLY, MONTHLY", async () => {
    const res = await api.post("/backups/schedules", { body: body({ intervalType: "YEARLY" }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("intervalType");
  });

  it("Backup schedules: schedule must fit the interval (MM, MM:HH, MM:HH:D, MM:HH:DD)", async () => {
    const cases: [string, string, number][] = [
      ["HOURLY", "15", 200],
      ["HOURLY", "60", 400],
      ["DAILY", "00:23", 200],
      ["DAILY", "00:24", 400],
      ["WEEKLY", "00:01:7", 200],
      ["WEEKLY", "00:01:8", 400],
      ["MONTHLY", "10:10:28", 200],
      ["MONTHLY", "10:10:31", 400],
      ["DAILY", "0 2 * * *", 400],
    ];
    for (const [intervalType, schedule, status] of cases) {
      const res = await api.post("/backups/schedules", { body: body({ intervalType, schedule }) });
      expect(res.status, `${intervalType} ${schedule}`).toBe(status);
      if (res.status === 200) await api.ok("DELETE", `/backups/schedules/${res.body.id}`);
    }
  });

  it("Backup schedules: timezone must be an IANA name; vmId must be an instance of the region", async () => {
    expect((await api.post("/backups/schedules", { body: body({ timezone: "Mars/Olympus" }) })).status).toBe(
      400,
    );
    expect(
      (await api.post("/backups/schedules", { body: body({ vmId: "00000000-0000-4000-8000-000000000000" }) }))
        .status,
    ).toBe(400);
  });

  it("Backup schedules: one schedule per instance and interval; list by vmId, update with the same body, delete", async () => {
    const a = await api.ok("POST", "/backups/schedules", {
      body: body({ intervalType: "WEEKLY", schedule: "00:03:1" }),
    });
    expect(
      (await api.post("/backups/schedules", { body: body({ intervalType: "WEEKLY", schedule: "00:04:2" }) }))
        .status,
    ).toBe(409);
    const list = await api.ok("GET", "/backups/schedules", { query: { vmId: vm.id } });
    expect(list.backupschedules.map((s: any) => s.id)).toContain(a.id);
    const upd = await api.ok("PUT", `/backups/schedules/${a.id}`, {
      body: body({ intervalType: "WEEKLY", schedule: "45:05:3" }),
    });
    expect(upd).toEqual({ id: a.id });
    expect((await api.ok("GET", `/backups/schedules/${a.id}`)).schedule).toBe("45:05:3");
    await api.ok("DELETE", `/backups/schedules/${a.id}`);
    expect((await api.get(`/backups/schedules/${a.id}`)).status).toBe(404);
  });
});

describe("Comments and tags on other resources", () => {
  async function resources() {
    const v = await api.ok("POST", "/volumes", {
      query: { name: "cv", zoneId: c.zone.id, diskOfferingId: c.diskOfferings[0].id },
    });
    const p = await api.ok("POST", "/vpcs", {
      body: { name: "cvpc", zoneId: c.zone.id, cidr: "10.80.0.0/16", vpcOfferingId: c.vpcOffering.id },
    });
    const n = await api.ok("POST", "/networks", {
      body: {
        name: "cnet",
        zoneId: c.zone.id,
        networkOfferingId: c.networkOfferings.find((o) => !o.forVpc).id,
      },
    });
    for (const r of [v, p, n]) await api.waitJob(r.jobId);
    return { volumes: v.id, vpcs: p.id, networks: n.id } as Record<string, string>;
  }

  it("Further endpoints: tags on volumes, networks and VPCs have the instance tag shapes", async () => {
    const ids = await resources();
    const types: Record<string, string> = { volumes: "Volume", vpcs: "Vpc", networks: "Network" };
    for (const [collection, id] of Object.entries(ids)) {
      expect(await api.ok("POST", `/${collection}/${id}/tags`, { body: { tags: { owner: "ops" } } })).toEqual(
        { id },
      );
      expect(await api.ok("GET", `/${collection}/${id}/tags`)).toEqual([
        { key: "owner", value: "ops", resourceId: id, resourceType: types[collection] },
      ]);
      await api.ok("DELETE", `/${collection}/${id}/tags`, { body: { tags: { owner: "ops" } } });
      expect(await api.ok("GET", `/${collection}/${id}/tags`)).toEqual([]);
    }
  });

  it("Further endpoints: public IP and cluster tag routes exist and answer 404 for unknown ids", async () => {
    const res = await api.get("/public-ips/00000000-0000-4000-8000-000000000000/tags");
    expect(res.status).toBe(404);
    expect(res.body.message).toContain("Public IP");
  });

  it("Endpoints: POST /public-ips/{id}/annotations exists; an unknown public IP is a 404 naming it", async () => {
    const res = await api.post("/public-ips/00000000-0000-4000-8000-000000000000/annotations", {
      query: { annotation: "x" },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain("Public IP");
  });

  it("Further endpoints: the generic tag endpoint works for known and for other resource types", async () => {
    const add = await api.ok("POST", "/tags", {
      body: { resourceType: "Instance", resourceId: vm.id, tags: { via: "generic" } },
    });
    expect(add).toEqual({ id: vm.id });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).tags.via).toBe("generic");
    expect(
      await api.ok("GET", "/tags", { query: { resourceType: "Instance", resourceId: vm.id } }),
    ).toContainEqual({
      key: "via",
      value: "generic",
      resourceId: vm.id,
      resourceType: "Instance",
    });
    // a type without a tag route, named in any case: CloudStack's name of it in the records
    const template = c.template.id;
    await api.ok("POST", "/tags", {
      body: { resourceType: "template", resourceId: template, tags: { keep: "yes" } },
    });
    expect(
      await api.ok("GET", "/tags", { query: { resourceType: "TEMPLATE", resourceId: template } }),
    ).toEqual([{ key: "keep", value: "yes", resourceId: template, resourceType: "Template" }]);
    await api.ok("DELETE", "/tags", {
      body: { resourceType: "Template", resourceId: template, tags: { keep: "yes" } },
    });
    expect(
      await api.ok("GET", "/tags", { query: { resourceType: "Template", resourceId: template } }),
    ).toEqual([]);
  });

  it("Further endpoints: the generic tag endpoint refuses what createTags refuses: an unknown type, a type without tags, an id of none", async () => {
    const refusal = async (resourceType: string, resourceId: string) => {
      const res = await api.call("POST", "/tags", { body: { resourceType, resourceId, tags: { a: "1" } } });
      expect(res.status).toBe(400);
      return res.body.message;
    };
    expect(await refusal("Templates", c.template.id)).toBe("Invalid resource type Templates");
    expect(await refusal("networkacllist", "any")).toBe(
      "The resource type NetworkACLList doesn't support resource tags",
    );
    expect(await refusal("Snapshot", "snap-1")).toBe(
      "Unable to find resource by uuid snap-1 and type Snapshot",
    );
    // the id of a record of another type is none of this one
    expect(await refusal("ISO", c.template.id)).toBe(
      `Unable to find resource by uuid ${c.template.id} and type ISO`,
    );
    // a type the emulator keeps no records of holds no id
    expect(await refusal("FirewallRule", "fw-1")).toBe(
      "Unable to find resource by uuid fw-1 and type FirewallRule",
    );
    expect(await api.ok("GET", "/tags", { query: { resourceType: "Snapshot" } })).toEqual([]);
  });

  it("Async 6: tags and comments are synchronous (no jobId)", async () => {
    const ids = await resources();
    const comment = await api.ok("POST", `/vpcs/${ids.vpcs}/annotations`, { query: { annotation: "hello" } });
    expect(comment.jobId).toBeUndefined();
  });

  it("Endpoints: comments on volumes, networks and VPCs; visibility route by annotation id under the collection", async () => {
    const ids = await resources();
    for (const [collection, id] of Object.entries(ids)) {
      const add = await api.ok("POST", `/${collection}/${id}/annotations`, {
        query: { annotation: "needs review" },
      });
      const [row] = await api.ok("GET", `/${collection}/${id}/annotations`);
      expect(row).toMatchObject({ id: add.id, annotation: "needs review", adminsOnly: false, entityId: id });
      // the spec's row: 200 with the accepted-mutation result, to a user's token (Authentication 7)
      const vis = await api.ok("PUT", `/${collection}/annotations/${add.id}/visibility`, {
        query: { adminsOnly: true },
      });
      expect(vis).toEqual({ id: add.id });
      expect((await api.ok("GET", `/${collection}/${id}/annotations`))[0].adminsOnly).toBe(true);
      expect((await api.ok("GET", `/${collection}/${id}`)).hasAnnotations).toBe(true);
    }
  });

  it("Add Cluster Annotation: annotation is a required query parameter", async () => {
    const ids = await resources();
    const res = await api.post(`/volumes/${ids.volumes}/annotations`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("annotation");
  });

  it("Further endpoints: only volumes expose DELETE for a comment", async () => {
    const ids = await resources();
    const v = await api.ok("POST", `/volumes/${ids.volumes}/annotations`, { query: { annotation: "tmp" } });
    expect(await api.ok("DELETE", `/volumes/annotations/${v.id}`)).toEqual({ id: v.id });
    expect(await api.ok("GET", `/volumes/${ids.volumes}/annotations`)).toEqual([]);
    const n = await api.ok("POST", `/networks/${ids.networks}/annotations`, {
      query: { annotation: "stays" },
    });
    expect((await api.del(`/networks/annotations/${n.id}`)).status).toBe(404);
    expect((await api.del(`/vpcs/annotations/${n.id}`)).status).toBe(404);
  });
});

describe("Account reads", () => {
  it("Further endpoints: GET /tenants/my-limits shows each allowance with its current count", async () => {
    const limits = await api.ok("GET", "/tenants/my-limits");
    for (const k of [
      "instanceLimit",
      "instanceCount",
      "volumeLimit",
      "volumeCount",
      "vpcLimit",
      "vpcCount",
      "networkLimit",
      "networkCount",
      "publicIpLimit",
      "publicIpCount",
    ]) {
      expect(typeof limits[k], k).toBe("number");
    }
    expect(limits.instanceCount).toBeGreaterThanOrEqual(1);
    await api.control.limits({ instanceLimit: 7 });
    expect((await api.ok("GET", "/tenants/my-limits")).instanceLimit).toBe(7);
    await api.control.limits({ instanceLimit: 1000 });
  });

  it("Endpoints / Limits: GET /multi-regions/quota returns maxMultiRegions, maxMultiRegionMembers, currentMultiRegions", async () => {
    const q = await api.ok("GET", "/multi-regions/quota");
    expect(Object.keys(q).sort()).toEqual([
      "currentMultiRegions",
      "maxMultiRegionMembers",
      "maxMultiRegions",
    ]);
    expect(Object.values(q).every((v) => Number.isInteger(v))).toBe(true);
  });

  it("Events: GET /audit is the paged envelope with a row per mutation", async () => {
    const before = (await api.ok("GET", "/audit")).totalElements;
    await api.ok("PUT", `/compute/instances/${vm.id}`, { query: { displayName: "audited" } });
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { audited: "yes" } } });
    await api.get(`/compute/instances/${vm.id}`); // reads are not audited
    await api.post("/vpcs", { body: {} }); // failed mutations are not audited
    const audit = await api.ok("GET", "/audit");
    expect(audit.totalElements).toBe(before + 2);
    const [latest, previous] = audit.content;
    expect(latest).toMatchObject({
      method: "POST",
      route: "/api/v1/compute/instances/{id}/tags",
      resourceId: vm.id,
      user: "user-1",
    });
    expect(previous).toMatchObject({ method: "PUT", resourceId: vm.id });
    expect(latest.timestamp).toMatch(LOCAL_TIMESTAMP);
  });
});
