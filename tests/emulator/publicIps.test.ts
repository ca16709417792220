// Public IP addresses and static NAT (the spec shows only their comment route; CloudStack's associateIpAddress,
// disassociateIpAddress, enableStaticNat and disableStaticNat, emulator/README.md): acquired for an isolated
// network or a VPC by a job, the source-NAT address every such network and VPC gets, which cannot be released,
// static NAT onto an instance's NIC with CloudStack's refusals, tags, comments and the public_ip allowance.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(() => api.control.reset());

/** Runs an accepted mutation's job to its end and returns the job. */
async function done(res: { jobId: string }) {
  return api.waitJob(res.jobId);
}

const isolated = (name = "app") => api.network(c, name);

async function vpcWithTier() {
  const vpcId = (await api.vpc(c, "10.5.0.0/16")).id as string;
  return { vpcId, tierId: await api.network(c, "web", { vpcId, gateway: "10.5.1.1" }) };
}

async function acquire(body: Record<string, unknown>) {
  const res = await api.ok("POST", "/public-ips", { body });
  const job = await done(res);
  expect(job.status).toBe("success");
  return api.ok("GET", `/public-ips/${res.id}`);
}

const ips = async (query: Record<string, string> = {}) =>
  (await api.ok("GET", "/public-ips", { query })).publicipaddress as any[];

describe("public IP addresses (associateIpAddress, disassociateIpAddress)", () => {
  it("an isolated network and a VPC each get a source-NAT address as they are made", async () => {
    const net = await isolated();
    const { vpcId, tierId } = await vpcWithTier();
    const nat = await ips({ isSourceNat: "true" });
    expect(nat.map((ip) => ip.associatedNetworkId || ip.vpcId).sort()).toEqual([net, vpcId].sort());
    expect(nat.every((ip) => ip.state === "Allocated" && ip.zoneId === c.zone.id)).toBe(true);
    // a VPC tier uses its VPC's
    expect(nat.some((ip) => ip.associatedNetworkId === tierId)).toBe(false);
  });

  it("acquiring is a job: Allocating, then Allocated, with an address of the zone's public range", async () => {
    const net = await isolated();
    await api.control.jobTiming({ latencyMs: 300 });
    const res = await api.ok("POST", "/public-ips", { body: { networkId: net } });
    expect(res).toMatchObject({ id: expect.stringMatching(UUID), jobId: expect.any(String) });
    expect((await api.ok("GET", `/public-ips/${res.id}`)).state).toBe("Allocating");
    const job = await done(res);
    expect(job).toMatchObject({ status: "success", command: "associateIpAddress" });
    const ip = await api.ok("GET", `/public-ips/${res.id}`);
    expect(ip).toMatchObject({
      state: "Allocated",
      associatedNetworkId: net,
      vpcId: "",
      zoneId: c.zone.id,
      zoneName: c.zone.name,
      isSourceNat: false,
      isStaticNat: false,
      tags: {},
    });
    expect(ip.ipAddress).toMatch(/^198\.1[89]\.\d+\.\d+$/);
    const nat = (await ips({ isSourceNat: "true" }))[0];
    expect(ip.ipAddress).not.toBe(nat.ipAddress);
  });

  it("refuses a VPC tier, both or neither of networkId and vpcId, unknown ids and another zone", async () => {
    const { vpcId, tierId } = await vpcWithTier();
    const tier = await api.post("/public-ips", { body: { networkId: tierId } });
    expect(tier.status).toBe(400);
    expect(tier.body.message).toMatch(/^Can't assign ip to the network directly when network belongs to VPC/);
    expectErrorBody(tier.body);
    expect((await api.post("/public-ips", { body: { networkId: tierId, vpcId } })).status).toBe(400);
    expect((await api.post("/public-ips", { body: {} })).body.message).toMatch(/Unable to figure out zone/);
    const unknown = await api.post("/public-ips", {
      body: { vpcId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/vpcId .* is not a VPC/);
    const other = await api.post("/public-ips", { body: { vpcId, zoneId: c.zone2.id } });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/zoneId/);
  });

  it("release is a job; the source-NAT address cannot be released (CloudStack's text)", async () => {
    const { vpcId } = await vpcWithTier();
    const ip = await acquire({ vpcId });
    const released = await api.ok("DELETE", `/public-ips/${ip.id}`);
    expect((await done(released)).command).toBe("disassociateIpAddress");
    expect((await api.get(`/public-ips/${ip.id}`)).status).toBe(404);
    const nat = (await ips({ isSourceNat: "true" }))[0];
    // NetworkServiceImpl.releaseIpAddressInternal checks it in the job, which fails, the address kept
    const refused = await done(await api.ok("DELETE", `/public-ips/${nat.id}`));
    expect(refused).toMatchObject({
      status: "error",
      command: "disassociateIpAddress",
      detail: "ip address is used for source nat purposes and can not be disassociated.",
    });
    expect((await api.get(`/public-ips/${nat.id}`)).status).toBe(200);
  });

  it("deleting the network or VPC releases its addresses with it", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    await done(await api.ok("DELETE", `/networks/${net}`));
    expect((await api.get(`/public-ips/${ip.id}`)).status).toBe(404);
    expect(await ips()).toEqual([]);
  });

  it("tags and comments on an address; the public_ip allowance in my-limits, and a job that fails beyond it", async () => {
    const net = await isolated();
    const ip = await acquire({ networkId: net });
    await api.ok("POST", `/public-ips/${ip.id}/tags`, { body: { tags: { role: "web" } } });
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).tags).toEqual({ role: "web" });
    await api.ok("POST", `/public-ips/${ip.id}/annotations`, { query: { annotation: "front door" } });
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).hasAnnotations).toBe(true);
    const limits = await api.ok("GET", "/tenants/my-limits");
    expect(limits).toMatchObject({ publicIpLimit: 20, publicIpCount: 2 }); // the source-NAT address counts
    await api.control.limits({ publicIpLimit: 2 });
    const over = await api.ok("POST", "/public-ips", { body: { networkId: net } });
    const job = await done(over);
    expect(job.status).toBe("error");
    expect(job.detail).toMatch(/^Maximum number of resources of type 'public_ip' for account/);
    expect((await api.ok("GET", `/public-ips/${over.id}`)).state).toBe("Error");
  });
});

describe("static NAT (enableStaticNat, disableStaticNat)", () => {
  it("maps an address onto the instance's NIC on the network, as a job; disable is a job too", async () => {
    const net = await isolated();
    const vm = await api.instance(c, { networkIds: net });
    const ip = await acquire({ networkId: net });
    const enabled = await api.ok("POST", `/public-ips/${ip.id}/static-nat`, {
      body: { virtualMachineId: vm.id },
    });
    expect(enabled.id).toBe(ip.id);
    expect((await done(enabled)).command).toBe("enableStaticNat");
    const now = await api.ok("GET", `/public-ips/${ip.id}`);
    expect(now).toMatchObject({
      isStaticNat: true,
      virtualMachineId: vm.id,
      vmIpAddress: vm.ipAddress,
      virtualMachineName: vm.instanceName,
    });
    expect((await ips({ isStaticNat: "true" })).map((r) => r.id)).toEqual([ip.id]);
    const disabled = await api.ok("DELETE", `/public-ips/${ip.id}/static-nat`);
    expect((await done(disabled)).command).toBe("disableStaticNat");
    expect(await api.ok("GET", `/public-ips/${ip.id}`)).toMatchObject({
      isStaticNat: false,
      virtualMachineId: "",
    });
    // RulesManagerImpl.disableStaticNat refuses it in the job
    await api.failsInJob(
      "DELETE",
      `/public-ips/${ip.id}/static-nat`,
      "Specified IP address id is not associated with any vm Id",
    );
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).isStaticNat).toBe(false);
  });

  it("a VPC address is associated with the tier while its static NAT lasts; it needs networkId", async () => {
    const { vpcId, tierId } = await vpcWithTier();
    const vm = await api.instance(c, { networkIds: tierId });
    const ip = await acquire({ vpcId });
    const noNetwork = await api.post(`/public-ips/${ip.id}/static-nat`, {
      body: { virtualMachineId: vm.id },
    });
    expect(noNetwork.status).toBe(400);
    expect(noNetwork.body.message).toMatch(
      /is not associated with any network and no networkId is passed in/,
    );
    await done(
      await api.ok("POST", `/public-ips/${ip.id}/static-nat`, {
        body: { virtualMachineId: vm.id, networkId: tierId },
      }),
    );
    expect(await api.ok("GET", `/public-ips/${ip.id}`)).toMatchObject({ associatedNetworkId: tierId, vpcId });
    await done(await api.ok("DELETE", `/public-ips/${ip.id}/static-nat`));
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).associatedNetworkId).toBe("");
  });

  it("refuses the source-NAT address, an instance without a NIC there, a second instance, a second address for the NIC", async () => {
    const net = await isolated();
    const other = await isolated("other");
    const vm = await api.instance(c, { networkIds: net });
    const vm2 = await api.instance(c, { networkIds: net });
    const elsewhere = await api.instance(c, { networkIds: other });
    const nat = (await ips({ isSourceNat: "true", associatedNetworkId: net }))[0];
    const sourceNat = await api.post(`/public-ips/${nat.id}/static-nat`, {
      body: { virtualMachineId: vm.id },
    });
    expect(sourceNat.status).toBe(400);
    expect(sourceNat.body.message).toBe(
      `Can't enable static, ip address ${nat.ipAddress} is a sourceNat ip address`,
    );
    const ip = await acquire({ networkId: net });
    const noNic = await api.post(`/public-ips/${ip.id}/static-nat`, {
      body: { virtualMachineId: elsewhere.id },
    });
    expect(noNic.body.message).toBe("Vm doesn't belong to the network with specified id");
    const wrongNet = await api.post(`/public-ips/${ip.id}/static-nat`, {
      body: { virtualMachineId: elsewhere.id, networkId: other },
    });
    expect(wrongNet.body.message).toMatch(/IP is associated with a different network than passed network id/);
    await done(
      await api.ok("POST", `/public-ips/${ip.id}/static-nat`, { body: { virtualMachineId: vm.id } }),
    );
    const taken = await api.post(`/public-ips/${ip.id}/static-nat`, { body: { virtualMachineId: vm2.id } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/as it's already assigned to antoher vm$/);
    const ip2 = await acquire({ networkId: net });
    const second = await api.post(`/public-ips/${ip2.id}/static-nat`, { body: { virtualMachineId: vm.id } });
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/is already associated with another public ip/);
    // the same instance again: refused as CloudStack refuses it, the address naming itself as the other one
    const again = await api.post(`/public-ips/${ip.id}/static-nat`, { body: { virtualMachineId: vm.id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(
      new RegExp(
        `is already associated with another public ip ${ip.ipAddress.replace(/\./g, "\\.")} with id ${ip.id}$`,
      ),
    );
  });

  it("an expunged instance loses its static NAT; a released address takes its static NAT with it", async () => {
    const net = await isolated();
    const vm = await api.instance(c, { networkIds: net });
    const ip = await acquire({ networkId: net });
    await done(
      await api.ok("POST", `/public-ips/${ip.id}/static-nat`, { body: { virtualMachineId: vm.id } }),
    );
    await done(await api.ok("DELETE", `/compute/instances/${vm.id}`, { query: { expunge: true } }));
    expect((await api.ok("GET", `/public-ips/${ip.id}`)).isStaticNat).toBe(false);
    const vm2 = await api.instance(c, { networkIds: net });
    await done(
      await api.ok("POST", `/public-ips/${ip.id}/static-nat`, { body: { virtualMachineId: vm2.id } }),
    );
    await done(await api.ok("DELETE", `/public-ips/${ip.id}`));
    expect((await ips({ isStaticNat: "true" })).length).toBe(0);
  });
});
