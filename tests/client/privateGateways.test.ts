// The private gateway family of the client against the emulator: create (a job), read (the VLAN as text), list by
// VPC and address, the ACL list replaced by a job, refusals as typed errors (BadRequest for a VLAN in use,
// Conflict for a gateway static routes still use), delete then 404, and a lost create found among the recent
// jobs and never sent twice.
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, JobFailedError, NotFoundError } from "../../provider/client";
import { dropNextAnswer, fastWait, useHarness, vpcOf } from "./emulatorHarness";

let client: CimClient;

const t = useHarness((c) => {
  client = c;
});
const { hits } = t;

const vpc = (cidr = "10.30.0.0/16") => vpcOf(client, cidr);

const input = (vpcId: string, vlan = 310) => ({
  vpcId,
  ipAddress: "172.16.10.2",
  gateway: "172.16.10.1",
  netmask: "255.255.255.0",
  vlan,
});

describe("client.privateGateways against the emulator", () => {
  it("create, get, list by VPC and address, replace the ACL list, delete; 404 after", async () => {
    const vpcId = await vpc();
    const made = await client.privateGateways.create(input(vpcId));
    expect(made.jobId).toBeDefined();
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    const gw = await client.privateGateways.get(made.id!);
    expect(gw).toMatchObject({
      vpcId,
      ipAddress: "172.16.10.2",
      vlan: "310",
      state: "Ready",
      aclName: "default_deny",
    });
    expect((await client.privateGateways.listAll({ vpcId })).items.map((g) => g.id)).toEqual([gw.id]);
    expect((await client.privateGateways.listAll({ ipAddress: "172.16.10.3" })).items).toEqual([]);
    const allow = (await client.networkAcls.lists({ vpcId })).find((l) => l.name === "default_allow")!;
    await client.jobs.wait(await client.privateGateways.replaceAcl(gw.id, allow.id), fastWait);
    expect((await client.privateGateways.get(gw.id)).aclName).toBe("default_allow");
    await client.jobs.wait(await client.privateGateways.delete(gw.id), fastWait);
    await expect(client.privateGateways.get(gw.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a VLAN in use is a BadRequestError with CloudStack's text; static routes fail a delete's job (JobFailedError)", async () => {
    const vpcId = await vpc();
    const made = await client.privateGateways.create(input(vpcId, 320));
    await client.jobs.wait(made, fastWait);
    const other = await vpc("10.31.0.0/16");
    const taken = await client.privateGateways.create(input(other, 320)).catch((e) => e);
    expect(taken).toBeInstanceOf(BadRequestError);
    expect(taken.message).toMatch(
      /Network with vlan 320 already exists or overlaps with other network vlans/,
    );
    // static routes are emulator-side only (no client family): a plain request makes one
    const route = await fetch(`${t.h.emu.url}/api/v1/vpcs/static-routes`, {
      method: "POST",
      headers: { authorization: `Bearer ${await t.h.emu.token()}`, "content-type": "application/json" },
      body: JSON.stringify({ gatewayId: made.id, cidr: "192.168.70.0/24" }),
    });
    expect(route.status).toBe(200);
    await client.jobs.wait({ jobId: ((await route.json()) as { jobId: string }).jobId }, fastWait);
    // checked in the job (VpcManagerImpl.deleteVpcPrivateGateway): accepted, then the job fails
    const held = await client.jobs
      .wait(await client.privateGateways.delete(made.id!), fastWait)
      .catch((e) => e);
    expect(held).toBeInstanceOf(JobFailedError);
    expect(held.detail).toMatch(/static routes applied\. Remove the routes first$/);
  });

  it("a create whose answer was lost after it landed is adopted from the recent jobs, not sent twice", async () => {
    const vpcId = await vpc();
    await dropNextAnswer(t.h.control, "POST", "/vpcs/private-gateways");
    // The record shows the VLAN as text: the same request all the same.
    const made = await client.privateGateways.create({ ...input(vpcId, 330), sourceNatSupported: true });
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/vpcs/private-gateways")).toBe(1);
    await client.jobs.wait(made, fastWait);
    expect((await client.privateGateways.listAll({ vpcId })).items).toHaveLength(1);
  });
});
