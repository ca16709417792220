// VPC private gateways and their static routes, black-box over HTTP: CloudStack's createPrivateGateway,
// deletePrivateGateway, listPrivateGateways, replaceNetworkACLList (gateway id) and createStaticRoute as
// emulator/README.md writes them down (states, refusals, texts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
});
afterAll(() => api.close());

let octet = 60;
const vpc = () => api.vpc(c, `10.${octet++}.0.0/16`, "gw-vpc");

let vlan = 200;
const gatewayBody = (vpcId: string, extra: Record<string, unknown> = {}) => ({
  vpcId,
  ipAddress: "172.16.5.2",
  gateway: "172.16.5.1",
  netmask: "255.255.255.0",
  vlan: vlan++,
  ...extra,
});

async function gateway(vpcId: string, extra: Record<string, unknown> = {}) {
  const res = await api.ok("POST", "/vpcs/private-gateways", { body: gatewayBody(vpcId, extra) });
  const job = await api.waitJob(res.jobId);
  return { job, gw: await api.ok("GET", `/vpcs/private-gateways/${res.id}`) };
}

async function refused(body: Record<string, unknown>) {
  const res = await api.post("/vpcs/private-gateways", { body });
  expect(res.status).toBe(400);
  expectErrorBody(res.body);
  return res.body.message as string;
}

describe("private gateways (createPrivateGateway, listPrivateGateways, deletePrivateGateway)", () => {
  it("is made by a job, Creating then Ready, on the VPC's default_deny list unless told", async () => {
    const v = await vpc();
    const res = await api.ok("POST", "/vpcs/private-gateways", { body: gatewayBody(v.id, { vlan: 100 }) });
    expect(res.jobId).toBeTruthy();
    expect((await api.ok("GET", `/vpcs/private-gateways/${res.id}`)).state).toMatch(/Creating|Ready/);
    const job = await api.waitJob(res.jobId);
    expect(job.command).toBe("createPrivateGateway");
    const gw = await api.ok("GET", `/vpcs/private-gateways/${res.id}`);
    const deny = v.aclLists?.find?.((a: any) => a.name === "default_deny");
    expect(gw).toMatchObject({
      vpcId: v.id,
      zoneId: c.zone.id,
      ipAddress: "172.16.5.2",
      gateway: "172.16.5.1",
      netmask: "255.255.255.0",
      vlan: "100",
      state: "Ready",
      aclName: "default_deny",
      sourceNatSupported: false,
    });
    if (deny) expect(gw.aclId).toBe(deny.id);
    const listed = await api.ok("GET", `/vpcs/private-gateways?vpcId=${v.id}`);
    const rows = listed.privategateway ?? listed;
    expect(rows.map((r: any) => r.id)).toEqual([gw.id]);
    const byIp = await api.ok("GET", "/vpcs/private-gateways?ipAddress=172.16.5.9");
    expect(byIp.privategateway ?? byIp).toEqual([]);
  });

  it("refuses CloudStack's cases: no VLAN, VLAN in use, bad addresses, a range over the VPC's", async () => {
    const v = await vpc();
    expect(await refused({ ...gatewayBody(v.id), vlan: undefined })).toBe(
      "One of vlanId and associatedNetworkId must be specified",
    );
    expect(await refused(gatewayBody(v.id, { vlan: 4095 }))).toMatch(/vlan id 4095/);
    expect(await refused(gatewayBody(v.id, { ipAddress: "172.16.6.2" }))).toMatch(
      /172\.16\.6\.2 is not a host address of 172\.16\.5\.0\/24/,
    );
    expect(await refused(gatewayBody(v.id, { ipAddress: "172.16.5.1" }))).toMatch(/apart from the gateway/);
    expect(await refused(gatewayBody(v.id, { netmask: "255.0.255.0" }))).toBe("Invalid netmask 255.0.255.0");
    expect(await refused(gatewayBody(v.id, { gateway: "172.16.5.0" }))).toMatch(
      /^Invalid gateway 172\.16\.5\.0/,
    );
    const [a, b] = v.cidr.split(".");
    expect(
      await refused(gatewayBody(v.id, { ipAddress: `${a}.${b}.9.2`, gateway: `${a}.${b}.9.1` })),
    ).toMatch(/overlaps the VPC's cidr/);
    expect(await refused(gatewayBody("00000000-0000-0000-0000-000000000000"))).toBe(
      "Unable to find Enabled VPC by id specified",
    );
    const { gw } = await gateway(v.id);
    const other = await vpc();
    expect(await refused(gatewayBody(other.id, { vlan: Number(gw.vlan) }))).toMatch(
      new RegExp(
        `^Network with vlan ${gw.vlan} already exists or overlaps with other network vlans in zone `,
      ),
    );
  });

  it("takes an ACL list of its own VPC only, and replaces it in place by a job", async () => {
    const v = await vpc();
    const other = await vpc();
    const mk = async (vpcId: string) => {
      const res = await api.ok("POST", "/network-acls", { body: { name: "gw", vpcId } });
      await api.waitJob(res.jobId);
      return res.id as string;
    };
    const mine = await mk(v.id);
    const theirs = await mk(other.id);
    expect(await refused(gatewayBody(v.id, { aclId: theirs }))).toBe(
      "Private gateway and network acl are not in the same vpc",
    );
    const { gw } = await gateway(v.id, { aclId: mine });
    expect(gw).toMatchObject({ aclId: mine, aclName: "gw" });
    await api.failsInJob(
      "POST",
      `/vpcs/private-gateways/${gw.id}/replace-acl?aclId=${theirs}`,
      `private gateway: ${gw.id} and ACL: ${theirs} do not belong to the same VPC`,
    );
    expect((await api.ok("GET", `/vpcs/private-gateways/${gw.id}`)).aclId).toBe(mine);
    const allow = (await api.ok("GET", `/vpcs/${v.id}/acl-lists`)).find(
      (l: any) => l.name === "default_allow",
    );
    const res = await api.ok("POST", `/vpcs/private-gateways/${gw.id}/replace-acl?aclId=${allow.id}`);
    expect((await api.waitJob(res.jobId)).command).toBe("replaceNetworkACLList");
    expect(await api.ok("GET", `/vpcs/private-gateways/${gw.id}`)).toMatchObject({
      aclId: allow.id,
      aclName: "default_allow",
    });
  });

  it("is deleted by a job, which fails while static routes go through it (createStaticRoute)", async () => {
    const v = await vpc();
    const { gw } = await gateway(v.id);
    const inside = await api.post("/vpcs/static-routes", { body: { gatewayId: gw.id, cidr: v.cidr } });
    expect(inside.status).toBe(400);
    expect(inside.body.message).toBe(`CIDR should be outside of VPC cidr ${v.cidr}`);
    const route = await api.ok("POST", "/vpcs/static-routes", {
      body: { gatewayId: gw.id, cidr: "192.168.50.0/24" },
    });
    expect((await api.waitJob(route.jobId)).command).toBe("createStaticRoute");
    // VpcManagerImpl.deleteVpcPrivateGateway checks it in the job, which fails, the gateway kept
    const held = await api.waitJob((await api.ok("DELETE", `/vpcs/private-gateways/${gw.id}`)).jobId);
    expect(held).toMatchObject({
      status: "error",
      detail: `Can't delete private gateway ${gw.ipAddress} as it has 1 static routes applied. Remove the routes first`,
    });
    expect((await api.ok("GET", `/vpcs/private-gateways/${gw.id}`)).state).toBe("Ready");
    await api.waitJob((await api.ok("DELETE", `/vpcs/static-routes/${route.id}`)).jobId);
    const del = await api.ok("DELETE", `/vpcs/private-gateways/${gw.id}`);
    expect((await api.waitJob(del.jobId)).command).toBe("deletePrivateGateway");
    expect((await api.get(`/vpcs/private-gateways/${gw.id}`)).status).toBe(404);
  });

  it("goes with its VPC, and its VLAN is free again", async () => {
    const v = await vpc();
    const { gw } = await gateway(v.id);
    await api.waitJob((await api.ok("DELETE", `/vpcs/${v.id}`)).jobId);
    expect((await api.get(`/vpcs/private-gateways/${gw.id}`)).status).toBe(404);
    const again = await vpc();
    const { gw: reused } = await gateway(again.id, { vlan: Number(gw.vlan) });
    expect(reused.vlan).toBe(gw.vlan);
  });
});
