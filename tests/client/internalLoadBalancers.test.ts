// client.internalLoadBalancers against the emulator: created from query parameters (the spec's
// POST /api/v1/loadbalancer/internal), read with its members, listed, updated, members added and removed (each a
// job), tagged through the generic route, CloudStack's refusals as typed errors, and a lost create recognised in
// the recent jobs, never sent twice.
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, ConflictError, NotFoundError } from "../../provider/client";
import { dropNextAnswer, fastWait, instancesOn, useHarness } from "./emulatorHarness";

describe("client.internalLoadBalancers against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  /** A VPC, a tier whose offering serves the internal LB (or not), and two instances on it. */
  async function setup(internal = true) {
    const vpcOffering = (await client.catalogue.vpcOfferings())[0];
    const vpc = await client.vpcs.create({
      name: "v",
      displayText: "v",
      zoneId: t.cat.zoneId,
      cidr: "10.8.0.0/16",
      vpcOfferingId: vpcOffering.id,
    });
    await client.jobs.wait(vpc, fastWait);
    const offering = (await client.catalogue.networkOfferings()).find(
      (o) => o.forVpc && Boolean(o.internalLb) === internal,
    )!;
    const net = await client.networks.create({
      name: "app",
      displayText: "app",
      zoneId: t.cat.zoneId,
      networkOfferingId: offering.id,
      vpcId: vpc.id,
      gateway: "10.8.1.1",
      netmask: "255.255.255.0",
    });
    await client.jobs.wait(net, fastWait);
    return { networkId: net.id!, vms: await instancesOn(client, t.cat, net.id!, 2) };
  }
  const lb = (networkId: string) => ({
    name: "app",
    networkId,
    sourcePort: 80,
    instancePort: 8080,
    algorithm: "roundrobin",
  });

  it("create (query parameters), get, list, update, members in and out, tags, delete; 404 after", async () => {
    const { networkId, vms } = await setup();
    const made = await client.internalLoadBalancers.create({
      ...lb(networkId),
      sourceIpAddress: "10.8.1.100",
    });
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    expect(await t.h.control.requests()).toMatchObject({ "POST /api/v1/loadbalancer/internal": 1 });
    expect(await client.internalLoadBalancers.get(made.id!)).toMatchObject({
      name: "app",
      scheme: "Internal",
      networkId,
      sourceIpAddress: "10.8.1.100",
      sourceIpAddressNetworkId: networkId,
      sourcePort: 80,
      instancePort: 8080,
      algorithm: "roundrobin",
      state: "Active",
      memberIds: [],
    });
    await client.jobs.wait(await client.internalLoadBalancers.assign(made.id!, vms), fastWait);
    expect((await client.internalLoadBalancers.get(made.id!)).memberIds).toEqual([...vms].sort());
    await client.jobs.wait(await client.internalLoadBalancers.remove(made.id!, [vms[0]]), fastWait);
    const all = (await client.internalLoadBalancers.listAll({ networkId })).items;
    expect(all.map((r) => [r.id, r.memberIds])).toEqual([[made.id, [vms[1]]]]);
    expect((await client.loadBalancers.listAll()).items).toEqual([]);
    await client.jobs.wait(
      await client.internalLoadBalancers.update(made.id!, { algorithm: "source", description: "inside" }),
      fastWait,
    );
    expect(await client.internalLoadBalancers.getRecord(made.id!)).toMatchObject({
      algorithm: "source",
      description: "inside",
    });
    await client.tags.add({ kind: "internalLoadBalancer", id: made.id! }, { env: "prod" });
    expect((await client.internalLoadBalancers.getRecord(made.id!)).tags).toEqual({ env: "prod" });
    await client.jobs.wait(await client.internalLoadBalancers.delete(made.id!), fastWait);
    await expect(client.internalLoadBalancers.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the platform's refusals are typed: a tier without the internal LB (400), a taken source port (409)", async () => {
    const plain = await setup(false);
    const noLb = await client.internalLoadBalancers.create(lb(plain.networkId)).catch((e) => e);
    expect(noLb).toBeInstanceOf(BadRequestError);
    expect(noLb.message).toContain("Scheme Internal is not supported by the network offering");
    const { networkId } = await setup();
    const first = { ...lb(networkId), sourceIpAddress: "10.8.1.50" };
    await client.jobs.wait(await client.internalLoadBalancers.create(first), fastWait);
    const taken = await client.internalLoadBalancers.create({ ...first, name: "again" }).catch((e) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.message).toContain("The range specified, 80-80, conflicts with rule");
  });

  it("a create whose answer was lost is adopted from the recent jobs, not sent twice", async () => {
    const { networkId, vms } = await setup();
    await dropNextAnswer(t.h.control, "POST", "/loadbalancer/internal");
    const made = await client.internalLoadBalancers.create(lb(networkId));
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/loadbalancer/internal")).toBe(1);
    await client.jobs.wait(made, fastWait);
    await dropNextAnswer(t.h.control, "DELETE", "/loadbalancer/internal/{id}/instances");
    await client.jobs.wait(await client.internalLoadBalancers.assign(made.id!, vms), fastWait);
    const removed = await client.internalLoadBalancers.remove(made.id!, [vms[0]]);
    expect(removed).toMatchObject({ id: made.id, adopted: true });
    expect(await hits("DELETE /api/v1/loadbalancer/internal/{id}/instances")).toBe(1);
    await client.jobs.wait(removed, fastWait);
    expect((await client.internalLoadBalancers.get(made.id!)).memberIds).toEqual([vms[1]]);
  });
});
