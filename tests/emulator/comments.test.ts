// Comments (the spec's annotations) on volumes, networks, public IPs, VPCs and Kubernetes clusters, "with identical
// shapes": added with query parameters and no body, synchronous (no jobId), read under the resource and by id under
// its collection; only volumes delete one. The spec's whole-account authorization decides who: any user's token
// changes visibility and sees admins-only comments, where CloudStack keeps both for its administrators
// (emulator/README.md).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, LOCAL_TIMESTAMP, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.control.reset();
});

const done = (res: { jobId: string }) => api.waitJob(res.jobId);
const asAdmin = { token: "" };
beforeAll(async () => {
  asAdmin.token = api.admin;
});

/** One resource of each family that takes comments, by collection path. */
async function targets(): Promise<Record<string, { id: string; name: string }>> {
  const isolated = c.networkOfferings.find((o) => !o.forVpc).id;
  const volume = await api.ok("POST", "/volumes", {
    query: { name: "data", zoneId: c.zone.id, diskOfferingId: c.diskOfferings[0].id },
  });
  const vpc = await api.ok("POST", "/vpcs", {
    body: { name: "main", zoneId: c.zone.id, cidr: "10.70.0.0/16", vpcOfferingId: c.vpcOffering.id },
  });
  const net = await api.ok("POST", "/networks", {
    body: { name: "web", displayText: "web", zoneId: c.zone.id, networkOfferingId: isolated },
  });
  for (const r of [volume, vpc, net]) await done(r);
  const ip = await api.ok("POST", "/public-ips", { body: { networkId: net.id } });
  await done(ip);
  const versions = await api.ok("GET", "/compute/kubernetes/versions");
  const cluster = await api.ok("POST", "/compute/kubernetes/clusters", {
    body: {
      name: "k1",
      zoneId: c.zone.id,
      kubernetesVersionId: versions.find((v: any) => v.state === "Enabled").id,
      serviceOfferingId: c.offerings.find((o) => o.name === "Medium").id,
      networkId: net.id,
    },
  });
  await done(cluster);
  const address = (await api.ok("GET", `/public-ips/${ip.id}`)).ipAddress;
  return {
    "/volumes": { id: volume.id, name: "data" },
    "/networks": { id: net.id, name: "web" },
    "/public-ips": { id: ip.id, name: address },
    "/vpcs": { id: vpc.id, name: "main" },
    "/compute/kubernetes/clusters": { id: cluster.id, name: "k1" },
  };
}

const ENTITY_TYPES: Record<string, string> = {
  "/volumes": "VOLUME",
  "/networks": "NETWORK",
  "/public-ips": "PUBLIC_IP_ADDRESS",
  "/vpcs": "VPC",
  "/compute/kubernetes/clusters": "KUBERNETES_CLUSTER",
};

describe("comments on the five families, with identical shapes", () => {
  it("added with query parameters, synchronous, read under the resource and by id under the collection", async () => {
    const all = await targets();
    for (const [collection, target] of Object.entries(all)) {
      const add = await api.ok("POST", `${collection}/${target.id}/annotations`, {
        query: { annotation: "owned by team a" },
      });
      expect(add, collection).toEqual({ id: expect.stringMatching(UUID) }); // no jobId: synchronous
      const row = {
        id: add.id,
        entityId: target.id,
        entityType: ENTITY_TYPES[collection],
        entityName: target.name,
        annotation: "owned by team a",
        adminsOnly: false,
        username: "user-1",
        created: expect.stringMatching(LOCAL_TIMESTAMP),
      };
      expect(await api.ok("GET", `${collection}/${target.id}/annotations`)).toEqual([row]);
      expect(await api.ok("GET", `${collection}/annotations/${add.id}`)).toEqual(row);
      expect((await api.ok("GET", `${collection}/${target.id}`)).hasAnnotations, collection).toBe(true);
    }
    // a comment is read under its own collection only
    const onVolume = (await api.ok("GET", `/volumes/${all["/volumes"].id}/annotations`))[0].id;
    expect((await api.get(`/networks/annotations/${onVolume}`)).status).toBe(404);
  });

  it("the text is a required query parameter of at most 255 characters; a JSON body is not read", async () => {
    const { "/vpcs": vpc } = await targets();
    const json = await api.post(`/vpcs/${vpc.id}/annotations`, { body: { annotation: "in a body" } });
    expect(json.status).toBe(400);
    expect(json.body.message).toContain("annotation");
    expect(expectErrorBody(json.body)).toBe(true);
    const long = await api.post(`/vpcs/${vpc.id}/annotations`, { query: { annotation: "x".repeat(256) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Value greater than max allowed length 255 for param: annotation");
    await api.ok("POST", `/vpcs/${vpc.id}/annotations`, { query: { annotation: "y".repeat(255) } });
    const flag = await api.post(`/vpcs/${vpc.id}/annotations`, {
      query: { annotation: "a", adminsOnly: "yes" },
    });
    expect(flag.status).toBe(400);
  });
});

describe("visibility and admins-only comments: the spec's whole-account authorization, not CloudStack's admin rule", () => {
  it("a user's token changes visibility: 200 with the accepted-mutation result, as an administrator's does", async () => {
    const { "/networks": net } = await targets();
    const add = await api.ok("POST", `/networks/${net.id}/annotations`, { query: { annotation: "note" } });
    expect(
      await api.ok("PUT", `/networks/annotations/${add.id}/visibility`, { query: { adminsOnly: true } }),
    ).toEqual({ id: add.id });
    expect((await api.ok("GET", `/networks/annotations/${add.id}`)).adminsOnly).toBe(true);
    expect(
      await api.ok("PUT", `/networks/annotations/${add.id}/visibility`, { query: { adminsOnly: "false" } }),
    ).toEqual({ id: add.id });
    expect((await api.ok("GET", `/networks/annotations/${add.id}`)).adminsOnly).toBe(false);
    // the permission changes nothing: the same answer to an administrator's token
    expect(
      await api.ok("PUT", `/networks/annotations/${add.id}/visibility`, {
        ...asAdmin,
        query: { adminsOnly: true },
      }),
    ).toEqual({ id: add.id });
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const who of [{}, asAdmin]) {
      const missing = await api.put(`/networks/annotations/${unknown}/visibility`, {
        ...who,
        query: { adminsOnly: true },
      });
      expect(missing.status).toBe(404);
      expect((await api.put(`/networks/annotations/${add.id}/visibility`, who)).status).toBe(400);
    }
    // another collection's route does not reach it
    expect(
      (await api.put(`/vpcs/annotations/${add.id}/visibility`, { query: { adminsOnly: true } })).status,
    ).toBe(404);
  });

  it("an admins-only comment is the account's like any other: listed, read and counted in hasAnnotations", async () => {
    const { "/vpcs": vpc, "/volumes": vol } = await targets();
    const marked = await api.ok("POST", `/vpcs/${vpc.id}/annotations`, {
      query: { annotation: "for admins", adminsOnly: true },
    });
    for (const who of [{}, asAdmin]) {
      expect(await api.ok("GET", `/vpcs/${vpc.id}/annotations`, who)).toEqual([
        expect.objectContaining({ id: marked.id, adminsOnly: true, annotation: "for admins" }),
      ]);
      expect((await api.ok("GET", `/vpcs/annotations/${marked.id}`, who)).adminsOnly).toBe(true);
      expect((await api.ok("GET", `/vpcs/${vpc.id}`, who)).hasAnnotations).toBe(true);
      expect((await api.ok("GET", "/vpcs", who)).vpcs[0].hasAnnotations).toBe(true);
    }
    // its author deletes it where deleting is possible
    const own = await api.ok("POST", `/volumes/${vol.id}/annotations`, {
      query: { annotation: "mine", adminsOnly: true },
    });
    expect(await api.ok("DELETE", `/volumes/annotations/${own.id}`)).toEqual({ id: own.id });
    expect(await api.ok("GET", `/volumes/${vol.id}/annotations`, asAdmin)).toEqual([]);
  });

  it("another account's comments stay out of reach, whatever the token's permissions", async () => {
    const { "/networks": net } = await targets();
    const add = await api.ok("POST", `/networks/${net.id}/annotations`, { query: { annotation: "ours" } });
    await api.control.user("carol");
    const carol = await api.emu.token({ sub: "carol" });
    const res = await api.put(`/networks/annotations/${add.id}/visibility`, {
      token: carol,
      query: { adminsOnly: true },
    });
    expect(res.status).toBe(404);
    expect((await api.ok("GET", `/networks/annotations/${add.id}`)).adminsOnly).toBe(false);
  });
});

describe("removal", () => {
  it("only volumes expose a DELETE; a comment goes with its resource", async () => {
    const all = await targets();
    const v = await api.ok("POST", `/volumes/${all["/volumes"].id}/annotations`, {
      query: { annotation: "tmp" },
    });
    expect(await api.ok("DELETE", `/volumes/annotations/${v.id}`)).toEqual({ id: v.id });
    expect((await api.get(`/volumes/annotations/${v.id}`)).status).toBe(404);
    expect((await api.ok("GET", `/volumes/${all["/volumes"].id}`)).hasAnnotations).toBe(false);
    expect((await api.del(`/volumes/annotations/${v.id}`)).status).toBe(404);
    for (const collection of ["/networks", "/public-ips", "/vpcs", "/compute/kubernetes/clusters"]) {
      const n = await api.ok("POST", `${collection}/${all[collection].id}/annotations`, {
        query: { annotation: "stays" },
      });
      expect((await api.del(`${collection}/annotations/${n.id}`)).status, collection).toBe(404);
      expect((await api.ok("GET", `${collection}/annotations/${n.id}`)).annotation).toBe("stays");
    }
    // deleting the VPC deletes its comments (CloudStack's VpcManagerImpl: removeByEntityType)
    const onVpc = (await api.ok("GET", `/vpcs/${all["/vpcs"].id}/annotations`))[0].id;
    await done(await api.ok("DELETE", `/vpcs/${all["/vpcs"].id}`));
    expect((await api.get(`/vpcs/annotations/${onVpc}`)).status).toBe(404);
  });
});
