import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAMILIES as families } from "../../emulator/families";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
let tierOffering: any;
let isolatedOffering: any;
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
  tierOffering = c.networkOfferings.find((o) => o.forVpc);
  isolatedOffering = c.networkOfferings.find((o) => !o.forVpc);
});
afterAll(() => api.close());

async function vpc(cidr = "10.50.0.0/16", name = "main") {
  const res = await api.ok("POST", "/vpcs", {
    body: { name, displayText: `${name} vpc`, zoneId: c.zone.id, cidr, vpcOfferingId: c.vpcOffering.id },
  });
  await api.waitJob(res.jobId);
  return api.ok("GET", `/vpcs/${res.id}`);
}

const tier = (vpcId: string, gateway: string, netmask = "255.255.255.0", name = "tier") =>
  api.post("/networks", {
    body: { name, zoneId: c.zone.id, networkOfferingId: tierOffering.id, vpcId, gateway, netmask },
  });

describe("VPCs", () => {
  it("VPC: create goes Implementing → Implemented; the record carries the JSON inputs", async () => {
    const v = await vpc("10.60.0.0/16", "created");
    expect(v).toMatchObject({
      name: "created",
      displayText: "created vpc",
      cidr: "10.60.0.0/16",
      zoneId: c.zone.id,
      state: "Implemented",
    });
  });

  it("VPC: cidr must be a private IPv4 network", async () => {
    for (const cidr of ["8.8.8.0/24", "10.0.0.1/16", "10.0.0.0/33", "banana"]) {
      const res = await api.post("/vpcs", {
        body: { name: "x", zoneId: c.zone.id, cidr, vpcOfferingId: c.vpcOffering.id },
      });
      expect(res.status, cidr).toBe(400);
    }
  });

  it("VPC: PUT /vpcs/{id} updates name and displayText from query parameters, synchronously", async () => {
    const v = await vpc("10.61.0.0/16");
    const res = await api.ok("PUT", `/vpcs/${v.id}`, { query: { name: "renamed", displayText: "new text" } });
    expect(res).toMatchObject({ id: v.id, name: "renamed", displayText: "new text" });
  });

  it("Further endpoints: POST /vpcs/{vpcId}/restart restarts the VPC's infrastructure as a job", async () => {
    const v = await vpc("10.62.0.0/16");
    const res = await api.ok("POST", `/vpcs/${v.id}/restart`);
    expect((await api.waitJob(res.jobId)).command).toBe("restartVPC");
    expect((await api.ok("GET", `/vpcs/${v.id}`)).state).toBe("Implemented");
  });

  it("Further endpoints: GET /vpcs/{vpcId}/acl-lists lists the VPC's ACLs, a subset of /network-acls", async () => {
    const a = await vpc("10.63.0.0/16");
    const b = await vpc("10.64.0.0/16");
    const acls = await api.ok("GET", `/vpcs/${a.id}/acl-lists`);
    expect(acls.map((x: any) => x.name).sort()).toEqual(["default_allow", "default_deny"]);
    const all = await api.ok("GET", "/network-acls");
    const ids = new Set(all.map((x: any) => x.id));
    for (const acl of acls) expect(ids.has(acl.id)).toBe(true);
    expect(all.some((x: any) => x.vpcId === b.id)).toBe(true);
  });

  it("VPC: a VPC with networks is not deleted (its job fails, as CloudStack's deleteVPC); empty, it is removed when the job succeeds", async () => {
    const v = await vpc("10.65.0.0/16");
    const t = await tier(v.id, "10.65.1.1");
    await api.waitJob(t.body.jobId);
    // accepted, then the job fails with VpcManagerImpl.destroyVpc's words; the VPC keeps its state
    const held = await api.waitJob((await api.ok("DELETE", `/vpcs/${v.id}`)).jobId);
    expect(held).toMatchObject({ status: "error", command: "deleteVPC" });
    expect(held.detail).toBe(`Can't delete VPC [VPC [${v.id}-${v.name}] as its used by 1 networks`);
    expect(await api.ok("GET", `/vpcs/${v.id}`)).toMatchObject({ state: "Implemented" });
    await api.waitJob((await api.ok("DELETE", `/networks/${t.body.id}`)).jobId);
    const del = await api.ok("DELETE", `/vpcs/${v.id}`);
    expect((await api.waitJob(del.jobId)).status).toBe("success");
    expect((await api.get(`/vpcs/${v.id}`)).status).toBe(404);
  });
});

describe("Networks", () => {
  it("Network: a VPC tier's gateway/netmask must fall inside the VPC cidr", async () => {
    const v = await vpc("10.70.0.0/16");
    const ok = await tier(v.id, "10.70.3.1", "255.255.255.0");
    expect(ok.status).toBe(200);
    await api.waitJob(ok.body.jobId);
    expect(await api.ok("GET", `/networks/${ok.body.id}`)).toMatchObject({
      cidr: "10.70.3.0/24",
      gateway: "10.70.3.1",
      netmask: "255.255.255.0",
      vpcId: v.id,
      state: "Implemented",
    });
    const outside = await tier(v.id, "10.71.0.1");
    expect(outside.status).toBe(400);
    // CloudStack's words (VpcManagerImpl.validateNewVpcGuestNetwork)
    expect(outside.body.message).toMatch(
      /^Network cidr 10\.71\.0\.0\/24 is not within vpc \S+ cidr 10\.70\.0\.0\/16$/,
    );
    const wider = await tier(v.id, "10.70.0.1", "255.254.0.0");
    expect(wider.status).toBe(400);
  });

  it("Network: VPC tiers must not overlap each other (400, as CloudStack's InvalidParameterValueException) and need gateway and netmask", async () => {
    const v = await vpc("10.72.0.0/16");
    await api.waitJob((await tier(v.id, "10.72.1.1")).body.jobId);
    const crossing = await tier(v.id, "10.72.1.129", "255.255.255.128");
    expect(crossing.status).toBe(400);
    expect(crossing.body.message).toMatch(
      /^Network cidr 10\.72\.1\.128\/25 crosses other network cidr \S+ \(10\.72\.1\.0\/24\) belonging to the same vpc \S+$/,
    );
    const elsewhere = await api.post("/networks", {
      body: {
        name: "t",
        zoneId: c.zone2.id,
        networkOfferingId: tierOffering.id,
        vpcId: v.id,
        gateway: "10.72.9.1",
        netmask: "255.255.255.0",
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe("New network doesn't belong to vpc zone");
    const noGateway = await api.post("/networks", {
      body: { name: "t", zoneId: c.zone.id, networkOfferingId: tierOffering.id, vpcId: v.id },
    });
    expect(noGateway.status).toBe(400);
    expect(noGateway.body.message).toContain("gateway");
  });

  it("Network: a gateway that is the network or broadcast address, or a non-contiguous netmask, is refused", async () => {
    const v = await vpc("10.73.0.0/16");
    expect((await tier(v.id, "10.73.1.0")).status).toBe(400);
    expect((await tier(v.id, "10.73.1.255")).status).toBe(400);
    expect((await tier(v.id, "10.73.1.1", "255.0.255.0")).status).toBe(400);
  });

  it("Network: isolated networks take a non-VPC offering; the VPC-tier offering needs a vpcId", async () => {
    const iso = await api.ok("POST", "/networks", {
      body: { name: "iso", zoneId: c.zone.id, networkOfferingId: isolatedOffering.id },
    });
    await api.waitJob(iso.jobId);
    expect((await api.ok("GET", `/networks/${iso.id}`)).type).toBe("Isolated");
    const wrong = await api.post("/networks", {
      body: { name: "x", zoneId: c.zone.id, networkOfferingId: tierOffering.id },
    });
    expect(wrong.status).toBe(400);
  });

  it("Network: PUT by query parameters, restart as a job, delete fails while instances use it, destroyed ones until expunged", async () => {
    const net = await api.ok("POST", "/networks", {
      body: {
        name: "app",
        zoneId: c.zone.id,
        networkOfferingId: isolatedOffering.id,
        gateway: "192.168.5.1",
        netmask: "255.255.255.0",
      },
    });
    await api.waitJob(net.jobId);
    expect((await api.ok("PUT", `/networks/${net.id}`, { query: { name: "app2" } })).name).toBe("app2");
    const restart = await api.ok("POST", `/networks/${net.id}/restart`);
    expect((await api.waitJob(restart.jobId)).command).toBe("restartNetwork");
    const vm = await api.instance(c, { networkIds: net.id });
    // CloudStack checks the network's instances in the job (NetworkOrchestrator.destroyNetwork) and fails it with
    // no reason: the request is accepted, the network keeps its state
    const deleteFails = async () => {
      const job = await api.waitJob((await api.ok("DELETE", `/networks/${net.id}`)).jobId);
      expect(job).toMatchObject({
        status: "error",
        command: "deleteNetwork",
        detail: "Failed to delete network",
      });
      expect(await api.ok("GET", `/networks/${net.id}`)).toMatchObject({ state: "Implemented" });
    };
    await deleteFails();
    // destroyed, not expunged (the platform's expunge delay is a day): it still holds the network
    await api.waitJob((await api.ok("DELETE", `/compute/instances/${vm.id}`)).jobId);
    expect((await api.get(`/compute/instances/${vm.id}`)).status).toBe(404); // the reads no longer show it
    await deleteFails();
    // expunged at once on request: the network goes
    const expunge = await api.ok("DELETE", `/compute/instances/${vm.id}`, { query: { expunge: true } });
    await api.waitJob(expunge.jobId);
    await api.waitJob((await api.ok("DELETE", `/networks/${net.id}`)).jobId);
    expect((await api.get(`/networks/${net.id}`)).status).toBe(404);
  });

  it("Network: the zone default network is shared: readable, not changeable (403), not in the account's list", async () => {
    const id = c.zone.defaultNetworkId;
    expect((await api.get(`/networks/${id}`)).status).toBe(200);
    expect((await api.put(`/networks/${id}`, { query: { name: "mine" } })).status).toBe(403);
    expect((await api.del(`/networks/${id}`)).status).toBe(403);
    const list = await api.ok("GET", "/networks", { query: { pageSize: 200 } });
    expect(list.networks.some((n: any) => n.id === id)).toBe(false);
  });

  it("Network: the list is the pass-through envelope under networks", async () => {
    const list = await api.ok("GET", "/networks");
    expect(Array.isArray(list.networks)).toBe(true);
    expect(list.count).toBe(list.totalElements);
  });
});

describe("Busy records (the families' declared busy states)", () => {
  afterEach(() => api.control.pauseClock(false));

  it("a VPC or tier whose job is under way refuses delete and restart with a 409 naming its state", async () => {
    await api.control.pauseClock();
    const v = await api.ok("POST", "/vpcs", {
      body: { name: "busy", zoneId: c.zone.id, cidr: "10.70.0.0/16", vpcOfferingId: c.vpcOffering.id },
    });
    expect(families.find((f) => f.key === "vpcs")?.states?.busy).toContain("Implementing");
    for (const [method, path] of [
      ["DELETE", `/vpcs/${v.id}`],
      ["POST", `/vpcs/${v.id}/restart`],
    ] as const) {
      const res = await api.call(method, path);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("VPC busy is Implementing; wait for its job to finish");
    }
    await api.control.pauseClock(false);
    await api.waitJob(v.jobId);
    await api.control.pauseClock();
    const t = await tier(v.id, "10.70.1.1");
    expect(t.status).toBe(200);
    const del = await api.call("DELETE", `/networks/${t.body.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe("Network tier is Implementing; wait for its job to finish");
  });
});
