// The load-balancer family of the client against the emulator: a rule made, read with its members, listed,
// updated, its members added and removed (each a job), tags through the generic route, CloudStack's refusals as
// typed errors, and a lost create or assign recognised in the recent jobs, never sent twice.
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, ConflictError, NotFoundError } from "../../provider/client";
import { dropNextAnswer, fastWait, instancesOn, isolatedNetwork, useHarness } from "./emulatorHarness";

describe("client.loadBalancers against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  /** An isolated network, two instances on it, and an address acquired for it. */
  async function setup() {
    const networkId = await isolatedNetwork(client, t.cat);
    const vms = await instancesOn(client, t.cat, networkId, 2);
    const ip = await client.publicIps.acquire({ networkId });
    await client.jobs.wait(ip, fastWait);
    return { networkId, vms, ipId: ip.id! };
  }
  const rule = (ipId: string) => ({
    name: "web",
    publicIpId: ipId,
    publicPort: 80,
    privatePort: 8080,
    algorithm: "roundrobin",
  });

  it("create, get (ports as numbers, members joined), update, members in and out, delete; 404 after", async () => {
    const { networkId, vms, ipId } = await setup();
    const made = await client.loadBalancers.create(rule(ipId));
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    expect(await client.loadBalancers.get(made.id!)).toMatchObject({
      name: "web",
      publicIpId: ipId,
      publicPort: 80,
      privatePort: 8080,
      protocol: "tcp",
      algorithm: "roundrobin",
      networkId,
      state: "Active",
      memberIds: [],
    });
    await client.jobs.wait(await client.loadBalancers.assign(made.id!, vms), fastWait);
    expect((await client.loadBalancers.get(made.id!)).memberIds).toEqual([...vms].sort());
    await client.jobs.wait(await client.loadBalancers.remove(made.id!, [vms[0]]), fastWait);
    const all = (await client.loadBalancers.listAll({ publicIpId: ipId })).items;
    expect(all.map((r) => [r.id, r.memberIds])).toEqual([[made.id, [vms[1]]]]);
    await client.jobs.wait(
      await client.loadBalancers.update(made.id!, { algorithm: "leastconn", description: "front" }),
      fastWait,
    );
    expect(await client.loadBalancers.getRecord(made.id!)).toMatchObject({
      algorithm: "leastconn",
      description: "front",
    });
    await client.tags.add({ kind: "loadBalancerRule", id: made.id! }, { env: "prod" });
    expect((await client.loadBalancers.getRecord(made.id!)).tags).toEqual({ env: "prod" });
    expect(await client.tags.list({ kind: "loadBalancerRule", id: made.id! })).toMatchObject([
      { key: "env", value: "prod", resourceType: "LoadBalancer" },
    ]);
    await client.jobs.wait(await client.loadBalancers.delete(made.id!), fastWait);
    await expect(client.loadBalancers.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the platform's refusals are typed: a bad algorithm (400), a taken port (409)", async () => {
    const { ipId } = await setup();
    const bad = await client.loadBalancers.create({ ...rule(ipId), algorithm: "random" }).catch((e) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain("Invalid algorithm: random");
    await client.jobs.wait(await client.loadBalancers.create(rule(ipId)), fastWait);
    const taken = await client.loadBalancers.create({ ...rule(ipId), name: "again" }).catch((e) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.message).toContain("The range specified, 80-80, conflicts with rule");
  });

  it("a create and an assign whose answers were lost are adopted from the recent jobs, not sent twice", async () => {
    const { vms, ipId } = await setup();
    await t.h.control.fault({ method: "POST", route: "/loadbalancer/rules", action: "drop-after", times: 1 });
    const made = await client.loadBalancers.create(rule(ipId));
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/loadbalancer/rules")).toBe(1);
    await client.jobs.wait(made, fastWait);
    await dropNextAnswer(t.h.control, "POST", "/loadbalancer/rules/{id}/instances");
    const assigned = await client.loadBalancers.assign(made.id!, vms);
    expect(assigned).toMatchObject({ id: made.id, adopted: true });
    expect(await hits("POST /api/v1/loadbalancer/rules/{id}/instances")).toBe(1);
    await client.jobs.wait(assigned, fastWait);
    expect((await client.loadBalancers.get(made.id!)).memberIds).toEqual([...vms].sort());
  });
});
