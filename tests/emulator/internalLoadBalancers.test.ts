// Internal load balancers: POST /api/v1/loadbalancer/internal with query parameters (the spec's row), and the
// routes emulator/README.md chooses under it, modelled on CloudStack's createLoadBalancer (scheme Internal),
// listLoadBalancers, deleteLoadBalancer and the member and update commands the public rules share: every change a
// job, ApplicationLoadBalancerManagerImpl's refusals with their texts, a tier whose offering serves the Internal
// scheme, a source address from the tier's CIDR that no NIC holds, members with a NIC on the tier.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(() => api.control.reset());

const done = (res: { jobId: string }) => api.waitJob(res.jobId);

const vpc = async () => (await api.vpc(c, "10.6.0.0/16")).id as string;

/** A tier of the VPC; `internal` picks the offering whose Lb service serves the Internal scheme. */
const tier = (vpcId: string, name: string, third: number, internal = true) =>
  api.network(c, name, { vpcId, gateway: `10.6.${third}.1`, internalLb: internal });

const create = (query: Record<string, unknown>) =>
  api.post("/loadbalancer/internal", {
    query: { name: "app", algorithm: "roundrobin", sourcePort: 80, instancePort: 8080, ...query },
  });

const made = async (params: Record<string, unknown>) =>
  api.created(await create(params), "/loadbalancer/internal");
const members = (id: string) => api.memberIds(`/loadbalancer/internal/${id}`);

describe("internal load balancers (createLoadBalancer scheme Internal, listLoadBalancers, deleteLoadBalancer)", () => {
  it("the catalogue offers a VPC tier offering with the internal LB, and only that one", () => {
    const internal = c.networkOfferings.filter((o) => o.internalLb === true);
    expect(internal.map((o) => [o.name, o.forVpc])).toEqual([["VPC Tier with Internal LB", true]]);
  });

  it("creating is a job from query parameters: Add, then Active; the source address comes from the tier", async () => {
    const t = await tier(await vpc(), "app", 1);
    await api.control.jobTiming({ latencyMs: 300 });
    const res = await create({ networkId: t, algorithm: "LeastConn", description: "inside" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.stringMatching(UUID), jobId: expect.any(String) });
    expect((await api.ok("GET", `/loadbalancer/internal/${res.body.id}`)).state).toBe("Add");
    expect(await done(res.body)).toMatchObject({ status: "success", command: "createLoadBalancer" });
    const lb = await api.ok("GET", `/loadbalancer/internal/${res.body.id}`);
    expect(lb).toMatchObject({
      name: "app",
      description: "inside",
      scheme: "Internal",
      networkId: t,
      sourceIpAddressNetworkId: t,
      sourceIpAddress: "10.6.1.2",
      sourcePort: "80",
      instancePort: "8080",
      algorithm: "leastconn",
      zoneId: c.zone.id,
      state: "Active",
    });
    // the source address is taken: an instance on the tier gets the next one
    const vm = await api.instance(c, { networkIds: t });
    expect(vm.ipAddress).toBe("10.6.1.3");
    const list = await api.ok("GET", "/loadbalancer/internal", { query: { networkId: t } });
    expect(list.loadbalancer.map((r: any) => r.id)).toEqual([res.body.id]);
    expect(list.count).toBe(1);
    const byIp = await api.ok("GET", "/loadbalancer/internal", { query: { sourceIpAddress: "10.6.1.9" } });
    expect(byIp.count).toBe(0);
  });

  it("refuses a tier without the internal LB, a network outside a VPC, bad ports and algorithms, a body", async () => {
    const v = await vpc();
    const plain = await tier(v, "plain", 1, false);
    const t = await tier(v, "app", 2);
    const noLb = await create({ networkId: plain });
    expect(noLb.status).toBe(400);
    expectErrorBody(noLb.body);
    expect(noLb.body.message).toBe(
      "Scheme Internal is not supported by the network offering of network plain",
    );
    const unknown = await create({ networkId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Can't find guest network by id");
    const cases: [Record<string, unknown>, string][] = [
      [{ sourcePort: 0 }, "Invalid value for source port: 0"],
      [{ instancePort: 65536 }, "Invalid value for instance port: 65536"],
      [{ algorithm: "random" }, "Invalid algorithm: random"],
      [{ scheme: "Public" }, "Only scheme of type Internal is supported"],
      [{ name: "" }, "Required parameter 'name' is not present"],
    ];
    for (const [q, message] of cases) {
      const res = await create({ networkId: t, ...q });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // the spec shows no body: JSON fields are not read
    const body = await api.post("/loadbalancer/internal", {
      body: { name: "x", networkId: t, algorithm: "source", sourcePort: 80, instancePort: 80 },
    });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe("Required parameter 'name' is not present");
    expect((await api.ok("GET", "/loadbalancer/internal")).count).toBe(0);
  });

  it("a requested source address must be in the tier's CIDR and not a NIC's; sharing one needs another port", async () => {
    const t = await tier(await vpc(), "app", 1);
    const vm = await api.instance(c, { networkIds: t });
    const outside = await create({ networkId: t, sourceIpAddress: "10.7.0.5" });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe("The requested IP is not in the network's CIDR subnet.");
    const taken = await create({ networkId: t, sourceIpAddress: vm.ipAddress });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`The requested IP ${vm.ipAddress} is already in use on network app`);
    const a = await made({ networkId: t, sourceIpAddress: "10.6.1.50" });
    expect(a.sourceIpAddress).toBe("10.6.1.50");
    const samePort = await create({ networkId: t, sourceIpAddress: "10.6.1.50", name: "b" });
    expect(samePort.status).toBe(409);
    expect(samePort.body.message).toBe(
      `The range specified, 80-80, conflicts with rule ${a.id} which has 80-80`,
    );
    const b = await made({ networkId: t, sourceIpAddress: "10.6.1.50", sourcePort: 443, name: "b" });
    expect(b.sourceIpAddress).toBe("10.6.1.50");
  });

  it("update (updateLoadBalancerRule) and delete are jobs; delete shows Revoke, then the address is free", async () => {
    const t = await tier(await vpc(), "app", 1);
    const lb = await made({ networkId: t });
    const upd = await api.ok("PUT", `/loadbalancer/internal/${lb.id}`, {
      query: { name: "app-2", description: "d", algorithm: "source" },
    });
    expect((await done(upd)).command).toBe("updateLoadBalancerRule");
    expect(await api.ok("GET", `/loadbalancer/internal/${lb.id}`)).toMatchObject({
      name: "app-2",
      description: "d",
      algorithm: "source",
      state: "Active",
    });
    const bad = await api.put(`/loadbalancer/internal/${lb.id}`, { query: { algorithm: "random" } });
    expect(bad.body.message).toBe("Invalid algorithm: random");
    await api.control.jobTiming({ latencyMs: 300 });
    const del = await api.ok("DELETE", `/loadbalancer/internal/${lb.id}`);
    expect((await api.ok("GET", `/loadbalancer/internal/${lb.id}`)).state).toBe("Revoke");
    expect((await api.put(`/loadbalancer/internal/${lb.id}`, { query: { name: "x" } })).status).toBe(409);
    expect((await done(del)).command).toBe("deleteLoadBalancer");
    await api.control.jobTiming({ latencyMs: 0 });
    expect((await api.get(`/loadbalancer/internal/${lb.id}`)).status).toBe(404);
    expect((await made({ networkId: t, sourceIpAddress: lb.sourceIpAddress })).sourceIpAddress).toBe(
      lb.sourceIpAddress,
    );
  });

  it("a failed create job removes the balancer and frees its address", async () => {
    const t = await tier(await vpc(), "app", 1);
    await api.control.fault({
      method: "POST",
      route: "/loadbalancer/internal",
      jobFail: { detail: "router down" },
      times: 1,
    });
    const res = await create({ networkId: t });
    expect((await done(res.body)).status).toBe("error");
    expect((await api.get(`/loadbalancer/internal/${res.body.id}`)).status).toBe(404);
    expect((await made({ networkId: t })).sourceIpAddress).toBe("10.6.1.2");
  });
});

describe("members (assignToLoadBalancerRule, removeFromLoadBalancerRule, listLoadBalancerRuleInstances)", () => {
  it("adds and removes instances by jobs; only instances with a NIC on the tier", async () => {
    const v = await vpc();
    const t = await tier(v, "app", 1);
    const other = await tier(v, "web", 2, false);
    const [a, b] = [await api.instance(c, { networkIds: t }), await api.instance(c, { networkIds: t })];
    const elsewhere = await api.instance(c, { networkIds: other });
    const lb = await made({ networkId: t });
    const add = await api.ok("POST", `/loadbalancer/internal/${lb.id}/instances`, {
      body: { virtualMachineIds: [a.id, b.id] },
    });
    expect((await done(add)).command).toBe("assignToLoadBalancerRule");
    expect(await members(lb.id)).toEqual([a.id, b.id].sort());
    const foreign = await api.post(`/loadbalancer/internal/${lb.id}/instances`, {
      body: { virtualMachineIds: [elsewhere.id] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      "VM with id specified cannot be added because it doesn't belong in the same network.",
    );
    const rm = await api.ok("DELETE", `/loadbalancer/internal/${lb.id}/instances`, {
      body: { virtualMachineIds: [a.id] },
    });
    expect((await done(rm)).command).toBe("removeFromLoadBalancerRule");
    expect(await members(lb.id)).toEqual([b.id]);
    await done(await api.ok("DELETE", `/compute/instances/${b.id}`, { query: { expunge: true } }));
    expect(await members(lb.id)).toEqual([]);
  });

  it("tags through the generic route; deleting the tier removes its balancers", async () => {
    const t = await tier(await vpc(), "app", 1);
    const lb = await made({ networkId: t });
    await api.ok("POST", "/tags", {
      body: { resourceType: "LoadBalancer", resourceId: lb.id, tags: { env: "prod" } },
    });
    expect((await api.ok("GET", `/loadbalancer/internal/${lb.id}`)).tags).toEqual({ env: "prod" });
    await done(await api.ok("DELETE", `/networks/${t}`));
    expect((await api.get(`/loadbalancer/internal/${lb.id}`)).status).toBe(404);
  });

  it("a public rule is refused on a tier whose offering serves only the Internal scheme", async () => {
    const v = await vpc();
    const t = await tier(v, "app", 1);
    const ipRes = await api.ok("POST", "/public-ips", { body: { vpcId: v } });
    await done(ipRes);
    const res = await api.post("/loadbalancer/rules", {
      body: {
        name: "pub",
        algorithm: "roundrobin",
        publicPort: 80,
        privatePort: 80,
        publicIpId: ipRes.id,
        networkId: t,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Scheme Public is not supported by the network offering of network app");
  });
});
