// Public load-balancer rules under /api/v1/loadbalancer/rules (the spec shows only the route; CloudStack's
// createLoadBalancerRule, updateLoadBalancerRule, deleteLoadBalancerRule, assignToLoadBalancerRule,
// removeFromLoadBalancerRule, listLoadBalancerRuleInstances, emulator/README.md): every change a job, with
// CloudStack's refusals and texts, members on the rule's network only, tags through the generic route, and
// static NAT and load balancing excluding each other on one address.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(() => api.control.reset());

const done = (res: { jobId: string }) => api.waitJob(res.jobId);

const isolated = (name = "app") => api.network(c, name);

async function vpcWithTiers() {
  const vpcId = (await api.vpc(c, "10.5.0.0/16")).id as string;
  const tier = (name: string, third: number) => api.network(c, name, { vpcId, gateway: `10.5.${third}.1` });
  return { vpcId, web: await tier("web", 1), app: await tier("app", 2) };
}

async function acquire(body: Record<string, unknown>) {
  const res = await api.ok("POST", "/public-ips", { body });
  await done(res);
  return api.ok("GET", `/public-ips/${res.id}`);
}

const rule = (body: Record<string, unknown>) =>
  api.post("/loadbalancer/rules", {
    body: { name: "web", algorithm: "roundrobin", publicPort: 80, privatePort: 8080, ...body },
  });

const made = async (params: Record<string, unknown>) =>
  api.created(await rule(params), "/loadbalancer/rules");
const members = (id: string) => api.memberIds(`/loadbalancer/rules/${id}`);

describe("load-balancer rules (createLoadBalancerRule, listLoadBalancerRules, updateLoadBalancerRule, deleteLoadBalancerRule)", () => {
  it("creating is a job: Add, then Active; the record is CloudStack's LoadBalancerResponse", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    await api.control.jobTiming({ latencyMs: 300 });
    const res = await rule({ publicIpId: ip.id, protocol: "TCP", algorithm: "LeastConn" });
    expect(res.body).toMatchObject({ id: expect.stringMatching(UUID), jobId: expect.any(String) });
    expect((await api.ok("GET", `/loadbalancer/rules/${res.body.id}`)).state).toBe("Add");
    const job = await done(res.body);
    expect(job).toMatchObject({ status: "success", command: "createLoadBalancerRule" });
    expect(await api.ok("GET", `/loadbalancer/rules/${res.body.id}`)).toMatchObject({
      name: "web",
      publicIpId: ip.id,
      publicIp: ip.ipAddress,
      publicPort: "80",
      privatePort: "8080",
      protocol: "tcp",
      algorithm: "leastconn",
      networkId: net,
      zoneId: c.zone.id,
      state: "Active",
    });
    const list = await api.ok("GET", "/loadbalancer/rules", { query: { publicIpId: ip.id } });
    expect(list.loadbalancerrule.map((r: any) => r.id)).toEqual([res.body.id]);
    expect(list.count).toBe(1);
  });

  it("update changes name, description and algorithm by a job; delete is a job (Revoke, then gone)", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    const r = await made({ publicIpId: ip.id });
    const upd = await api.ok("PUT", `/loadbalancer/rules/${r.id}`, {
      body: { name: "web-2", description: "front", algorithm: "source" },
    });
    expect((await done(upd)).command).toBe("updateLoadBalancerRule");
    expect(await api.ok("GET", `/loadbalancer/rules/${r.id}`)).toMatchObject({
      name: "web-2",
      description: "front",
      algorithm: "source",
      state: "Active",
    });
    const bad = await api.put(`/loadbalancer/rules/${r.id}`, { body: { algorithm: "random" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid algorithm: random");
    await api.control.jobTiming({ latencyMs: 300 });
    const del = await api.ok("DELETE", `/loadbalancer/rules/${r.id}`);
    expect((await api.ok("GET", `/loadbalancer/rules/${r.id}`)).state).toBe("Revoke");
    expect((await done(del)).command).toBe("deleteLoadBalancerRule");
    expect((await api.get(`/loadbalancer/rules/${r.id}`)).status).toBe(404);
  });

  it("refuses bad ports, algorithms and protocols, an unknown address, and a port another rule of the address holds", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ publicIpId: ip.id, publicPort: 0 }, 400, /^publicPort is an invalid value: 0$/],
      [{ publicIpId: ip.id, privatePort: 65536 }, 400, /^privatePort is an invalid value: 65536$/],
      [{ publicIpId: ip.id, algorithm: "random" }, 400, /^Invalid algorithm: random$/],
      [{ publicIpId: ip.id, protocol: "icmp" }, 400, /^Invalid protocol icmp/],
      [{ publicIpId: "00000000-0000-4000-8000-000000000000" }, 400, /invalid IP address ID/],
      [{ publicIpId: ip.id, name: undefined }, 400, /Required parameter 'name'/],
    ];
    for (const [body, status, message] of cases) {
      const res = await rule(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
      expectErrorBody(res.body);
    }
    const first = await made({ publicIpId: ip.id });
    // the same public port on the same address, even for another protocol (detectRulesConflict)
    const clash = await rule({ publicIpId: ip.id, protocol: "udp", name: "dns" });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      `The range specified, 80-80, conflicts with rule ${first.id} which has 80-80`,
    );
    await made({ publicIpId: ip.id, publicPort: 443, privatePort: 8443, name: "tls" });
  });

  it("an address with static NAT takes no rule, and an address with rules takes no static NAT", async () => {
    const net = await isolated();
    const vm = await api.instance(c, { networkIds: net });
    const natted = await acquire({ networkId: net });
    await done(
      await api.ok("POST", `/public-ips/${natted.id}/static-nat`, { body: { virtualMachineId: vm.id } }),
    );
    const onNat = await rule({ publicIpId: natted.id });
    expect(onNat.status).toBe(409);
    expect(onNat.body.message).toBe(`Can't do load balance on ip address: ${natted.ipAddress}`);
    const balanced = await acquire({ networkId: net });
    await made({ publicIpId: balanced.id });
    const nat = await api.post(`/public-ips/${balanced.id}/static-nat`, {
      body: { virtualMachineId: vm.id },
    });
    expect(nat.status).toBe(409);
    expect(nat.body.message).toBe(
      `Failed to enable static nat for the ip address ${balanced.ipAddress} as it already has LoadBalancing rules assigned`,
    );
  });

  it("a static NAT still being enabled keeps a rule off its address, and one that failed leaves it free", async () => {
    const net = await isolated();
    const vm = await api.instance(c, { networkIds: net });
    const ip = await acquire({ networkId: net });
    await api.control.jobTiming({ latencyMs: 300 });
    const enabling = await api.ok("POST", `/public-ips/${ip.id}/static-nat`, {
      body: { virtualMachineId: vm.id },
    });
    // the job is running: CloudStack recorded the mapping before applying it
    const meanwhile = await rule({ publicIpId: ip.id });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.message).toBe(`Can't do load balance on ip address: ${ip.ipAddress}`);
    expect((await done(enabling)).status).toBe("success");
    // a mapping whose job fails is not kept
    const free = await acquire({ networkId: net });
    const other = await api.instance(c, { networkIds: net });
    await api.control.fault({
      method: "POST",
      route: "/api/v1/public-ips/{id}/static-nat",
      times: 1,
      jobFail: { detail: "simulated platform failure" },
    });
    const failed = await api.ok("POST", `/public-ips/${free.id}/static-nat`, {
      body: { virtualMachineId: other.id },
    });
    expect((await done(failed)).status).toBe("error");
    expect(await api.ok("GET", `/public-ips/${free.id}`)).toMatchObject({ isStaticNat: false });
    await made({ publicIpId: free.id });
  });

  it("a VPC address needs the tier, serves one tier, is unassigned with its last rule; its source-NAT address is refused", async () => {
    const { vpcId, web, app } = await vpcWithTiers();
    const ip = await acquire({ vpcId });
    const noTier = await rule({ publicIpId: ip.id });
    expect(noTier.status).toBe(400);
    expect(noTier.body.message).toBe(`IP address ID=${ip.id} is not associated with any network`);
    const r = await made({ publicIpId: ip.id, networkId: web });
    expect(r.networkId).toBe(web);
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).associatedNetworkId).toBe(web);
    const otherTier = await rule({ publicIpId: ip.id, networkId: app, publicPort: 81 });
    // the address serves web now: CloudStack's rule lands on the address's network
    expect((await done(otherTier.body)).status).toBe("success");
    expect((await api.ok("GET", `/loadbalancer/rules/${otherTier.body.id}`)).networkId).toBe(web);
    for (const id of [r.id, otherTier.body.id])
      await done(await api.ok("DELETE", `/loadbalancer/rules/${id}`));
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).associatedNetworkId).toBe("");
    const nat = (await api.ok("GET", "/public-ips", { query: { vpcId, isSourceNat: "true" } }))
      .publicipaddress[0];
    const onNat = await rule({ publicIpId: nat.id, networkId: web });
    expect(onNat.status).toBe(400);
    expect(onNat.body.message).toMatch(/is the source NAT address of its VPC/);
  });
});

describe("members (assignToLoadBalancerRule, removeFromLoadBalancerRule, listLoadBalancerRuleInstances)", () => {
  it("adds and removes instances by jobs; only instances with a NIC on the rule's network", async () => {
    const net = await isolated();
    const other = await isolated("other");
    const [a, b] = [await api.instance(c, { networkIds: net }), await api.instance(c, { networkIds: net })];
    const elsewhere = await api.instance(c, { networkIds: other });
    const ip = await acquire({ networkId: net });
    const r = await made({ publicIpId: ip.id });
    const add = await api.ok("POST", `/loadbalancer/rules/${r.id}/instances`, {
      body: { virtualMachineIds: [a.id, b.id] },
    });
    expect((await done(add)).command).toBe("assignToLoadBalancerRule");
    expect(await members(r.id)).toEqual([a.id, b.id].sort());
    const rows = (await api.ok("GET", `/loadbalancer/rules/${r.id}/instances`)).loadbalancerruleinstance;
    // each row the member's address on the rule's network and the instance's own name, as its record shows it
    expect(rows.find((m: any) => m.id === a.id)).toMatchObject({ ipAddress: a.ipAddress, name: a.name });
    const foreign = await api.post(`/loadbalancer/rules/${r.id}/instances`, {
      body: { virtualMachineIds: [elsewhere.id] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      "VM with id specified cannot be added because it doesn't belong in the same network.",
    );
    const twice = await api.post(`/loadbalancer/rules/${r.id}/instances`, {
      body: { virtualMachineIds: [a.id] },
    });
    expect(twice.body.message).toBe(`VM ${a.id} with ${a.ipAddress} is already mapped to load balancer.`);
    const none = await api.post(`/loadbalancer/rules/${r.id}/instances`, { body: { virtualMachineIds: [] } });
    expect(none.body.message).toBe("Both instanceids and vmidipmap  can't be null");
    const rm = await api.ok("DELETE", `/loadbalancer/rules/${r.id}/instances`, {
      body: { virtualMachineIds: [a.id] },
    });
    expect((await done(rm)).command).toBe("removeFromLoadBalancerRule");
    expect(await members(r.id)).toEqual([b.id]);
    const notMember = await api.del(`/loadbalancer/rules/${r.id}/instances`, {
      body: { virtualMachineIds: [a.id] },
    });
    expect(notMember.body.message).toBe(`The instance id: ${a.id} is not configured  for LB rule id ${r.id}`);
  });

  it("a rule busy with a job refuses another change (409); an expunged instance leaves its rules", async () => {
    const net = await isolated();
    const a = await api.instance(c, { networkIds: net });
    const ip = await acquire({ networkId: net });
    const r = await made({ publicIpId: ip.id });
    await api.control.jobTiming({ latencyMs: 300 });
    const add = await api.ok("POST", `/loadbalancer/rules/${r.id}/instances`, {
      body: { virtualMachineIds: [a.id] },
    });
    expect((await api.put(`/loadbalancer/rules/${r.id}`, { body: { name: "x" } })).status).toBe(409);
    await done(add);
    await api.control.jobTiming({ latencyMs: 0 });
    await done(await api.ok("DELETE", `/compute/instances/${a.id}`, { query: { expunge: true } }));
    expect(await members(r.id)).toEqual([]);
  });
});

describe("tags, release and cleanup", () => {
  it("tags through the generic route (resourceType LoadBalancer) show on the rule", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    const r = await made({ publicIpId: ip.id });
    await api.ok("POST", "/tags", {
      body: { resourceType: "LoadBalancer", resourceId: r.id, tags: { env: "prod" } },
    });
    expect((await api.ok("GET", `/loadbalancer/rules/${r.id}`)).tags).toEqual({ env: "prod" });
    const listed = await api.ok("GET", "/tags", {
      query: { resourceType: "LoadBalancer", resourceId: r.id },
    });
    expect(listed.map((t: any) => [t.key, t.value])).toEqual([["env", "prod"]]);
  });

  it("releasing the address or deleting the network removes its rules", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    const r = await made({ publicIpId: ip.id });
    await done(await api.ok("DELETE", `/public-ips/${ip.id}`));
    expect((await api.get(`/loadbalancer/rules/${r.id}`)).status).toBe(404);
    const ip2 = await acquire({ networkId: net });
    const r2 = await made({ publicIpId: ip2.id });
    await done(await api.ok("DELETE", `/networks/${net}`));
    expect((await api.get(`/loadbalancer/rules/${r2.id}`)).status).toBe(404);
  });
});
