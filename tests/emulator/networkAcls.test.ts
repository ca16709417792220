// Network ACL lists, their rules and a tier's list, black-box over HTTP: CloudStack's network ACL commands as
// emulator/README.md writes them down (states, refusals, texts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody } from "./harness";

let api: Api;
let c: Catalogue;
let tierOffering: any;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
  tierOffering = c.networkOfferings.find((o) => o.forVpc);
});
afterAll(() => api.close());

let octet = 100;
const vpc = () => api.vpc(c, `10.${octet++}.0.0/16`, "acl-vpc");

async function list(vpcId: string, name = "web", description?: string) {
  const res = await api.ok("POST", "/network-acls", { body: { name, description, vpcId } });
  expect((await api.waitJob(res.jobId)).command).toBe("createNetworkACLList");
  return api.ok("GET", `/network-acls/${res.id}`);
}

async function rule(aclId: string, body: Record<string, unknown>) {
  const res = await api.post("/network-acls/rules", { body: { aclId, ...body } });
  if (res.status !== 200) return res;
  const job = await api.waitJob(res.body.jobId);
  return { ...res, job, rule: await api.ok("GET", `/network-acls/rules/${res.body.id}`) };
}

async function tier(vpcId: string, third: number, aclId?: string) {
  const [a, b] = (await api.ok("GET", `/vpcs/${vpcId}`)).cidr.split(".");
  const res = await api.ok("POST", "/networks", {
    body: {
      name: "t",
      zoneId: c.zone.id,
      networkOfferingId: tierOffering.id,
      vpcId,
      gateway: `${a}.${b}.${third}.1`,
      netmask: "255.255.255.0",
      aclId,
    },
  });
  await api.waitJob(res.jobId);
  return api.ok("GET", `/networks/${res.id}`);
}

const defaults = async (vpcId: string) => {
  const all = await api.ok("GET", `/vpcs/${vpcId}/acl-lists`);
  return {
    allow: all.find((a: any) => a.name === "default_allow"),
    deny: all.find((a: any) => a.name === "default_deny"),
  };
};

describe("ACL lists (createNetworkACLList, updateNetworkACLList, deleteNetworkACLList)", () => {
  it("a list made in a VPC is listed with the VPC's defaults, under /network-acls and the VPC's acl-lists", async () => {
    const v = await vpc();
    const l = await list(v.id, "web", "web tier");
    expect(l).toMatchObject({ name: "web", description: "web tier", vpcId: v.id });
    const ofVpc = await api.ok("GET", `/vpcs/${v.id}/acl-lists`);
    expect(ofVpc.map((a: any) => a.name).sort()).toEqual(["default_allow", "default_deny", "web"]);
    const all = await api.ok("GET", "/network-acls");
    expect(all.map((a: any) => a.id)).toContain(l.id);
    expect(await api.ok("GET", "/network-acls", { query: { vpcId: v.id, name: "web" } })).toEqual([l]);
  });

  it("a list needs a VPC of the caller in the region (400 with CloudStack's text)", async () => {
    const res = await api.post("/network-acls", {
      body: { name: "x", vpcId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Unable to find VPC with ID [00000000-0000-4000-8000-000000000000].");
    expectErrorBody(res.body);
  });

  it("PUT renames by query parameters, synchronously; a default list cannot be changed (403)", async () => {
    const v = await vpc();
    const l = await list(v.id);
    const put = await api.ok("PUT", `/network-acls/${l.id}`, { query: { name: "app", description: "d2" } });
    expect(put).toMatchObject({ id: l.id, name: "app", description: "d2" });
    const d = await defaults(v.id);
    const refused = await api.put(`/network-acls/${d.allow.id}`, { query: { name: "mine" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Must be Root Admin to update a global ACL.");
  });

  it("delete: a default list is refused; a list a tier uses is refused (409); otherwise gone with its rules", async () => {
    const v = await vpc();
    const d = await defaults(v.id);
    // NetworkACLServiceImpl.deleteNetworkACL refuses in the job
    await api.failsInJob("DELETE", `/network-acls/${d.deny.id}`, "Default ACL cannot be removed");
    expect((await api.get(`/network-acls/${d.deny.id}`)).status).toBe(200);
    const l = await list(v.id);
    const r = await rule(l.id, { protocol: "tcp", startPort: 80, cidrList: ["0.0.0.0/0"] });
    const t = await tier(v.id, 1, l.id);
    await api.failsInJob(
      "DELETE",
      `/network-acls/${l.id}`,
      `ACL is still associated with 1 tier(s). Cannot delete network ACL: ${l.id}`,
    );
    expect((await api.ok("GET", `/network-acls/rules/${(r as any).rule.id}`)).aclId).toBe(l.id);
    await api.waitJob((await api.ok("DELETE", `/networks/${t.id}`)).jobId);
    const del = await api.ok("DELETE", `/network-acls/${l.id}`);
    expect((await api.waitJob(del.jobId)).command).toBe("deleteNetworkACLList");
    expect((await api.get(`/network-acls/${l.id}`)).status).toBe(404);
    expect((await api.get(`/network-acls/rules/${(r as any).rule.id}`)).status).toBe(404);
  });

  it("deleting the VPC deletes its lists and their rules", async () => {
    const v = await vpc();
    const l = await list(v.id);
    const r = (await rule(l.id, { protocol: "icmp" })) as any;
    await api.waitJob((await api.ok("DELETE", `/vpcs/${v.id}`)).jobId);
    expect((await api.get(`/network-acls/${l.id}`)).status).toBe(404);
    expect((await api.get(`/network-acls/rules/${r.rule.id}`)).status).toBe(404);
  });
});

describe("ACL rules (createNetworkACL, updateNetworkACLItem, deleteNetworkACL)", () => {
  it("create is a job: Add, then Active; CloudStack's defaults fill what is left out", async () => {
    const v = await vpc();
    const l = await list(v.id);
    const res = await api.ok("POST", "/network-acls/rules", {
      body: { aclId: l.id, protocol: "TCP", startPort: 443 },
    });
    expect(res.jobId).toBeDefined();
    const job = await api.waitJob(res.jobId);
    expect(job).toMatchObject({ status: "success", command: "createNetworkACL", resourceId: res.id });
    const r = await api.ok("GET", `/network-acls/rules/${res.id}`);
    expect(r).toMatchObject({
      aclId: l.id,
      aclName: "web",
      number: 1,
      protocol: "tcp",
      startPort: 443,
      endPort: 443,
      cidrList: "0.0.0.0/0,::/0",
      action: "Allow",
      trafficType: "Ingress",
      state: "Active",
    });
    const icmp = (await rule(l.id, { protocol: "icmp", action: "deny", trafficType: "egress" })) as any;
    expect(icmp.rule).toMatchObject({
      number: 2,
      icmpType: -1,
      icmpCode: -1,
      action: "Deny",
      trafficType: "Egress",
    });
    const listed = await api.ok("GET", "/network-acls/rules", { query: { aclId: l.id } });
    expect(listed.networkacl.map((x: any) => x.id)).toEqual([res.id, icmp.rule.id]);
    expect(listed.count).toBe(2);
  });

  it("refuses what CloudStack refuses, with its texts", async () => {
    const v = await vpc();
    const l = await list(v.id);
    await rule(l.id, { protocol: "udp", number: 10, startPort: 53 });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ protocol: "udp", number: 10 }, 409, `ACL item with number 10 already exists in ACL: ${l.id}`],
      [{ protocol: "tcp", number: 0 }, 400, "Invalid number [0]. Number cannot be < 1"],
      [{ protocol: "gre" }, 400, "Invalid protocol [gre]. Expected one of: [tcp,udp,icmp,all]"],
      [{ protocol: "tcp", startPort: 1, endPort: 70000 }, 400, "End public port is an invalid value: 70000"],
      // NetUtils.isValidPort: 1 to 65535
      [{ protocol: "tcp", startPort: 0 }, 400, "Start public port is an invalid value: 0"],
      [{ protocol: "udp", startPort: 53, endPort: 0 }, 400, "End public port is an invalid value: 0"],
      // a protocol number is 0 to 255 (validateProtocol); a name must be one of the four
      [{ protocol: "256" }, 400, "Invalid protocol number: 256"],
      [{ protocol: "0300" }, 400, "Invalid protocol number: 300"],
      [{ protocol: "-1" }, 400, "Invalid protocol [-1]. Expected one of: [tcp,udp,icmp,all]"],
      [{ protocol: "ipip" }, 400, "Invalid protocol [ipip]. Expected one of: [tcp,udp,icmp,all]"],
      [
        { protocol: "tcp", startPort: 90, endPort: 80 },
        400,
        "Start port can't be bigger than end port [startport=90,endport=80]",
      ],
      [
        { protocol: "all", startPort: 1, endPort: 2 },
        400,
        "start port and end port must be null if protocol = 'all'",
      ],
      [{ protocol: "icmp", startPort: 22 }, 400, "Can't specify start/end port when protocol is ICMP"],
      [{ protocol: "tcp", icmpType: 8 }, 400, "Can specify icmpCode and icmpType for ICMP protocol only"],
      [
        { protocol: "icmp", icmpType: 300 },
        400,
        "Invalid icmp type [300]. It should belong to [0-255] range",
      ],
      [{ protocol: "tcp", cidrList: ["10.0.0.0/40"] }, 400, "Source cidrs formatting error 10.0.0.0/40"],
      [
        { protocol: "tcp", action: "reject" },
        400,
        "Invalid action [reject]. Permitted actions are Allow and Deny",
      ],
      [{ protocol: "tcp", trafficType: "sideways" }, 400, "Invalid traffic type sideways"],
    ];
    for (const [body, status, message] of cases) {
      const res = await api.post("/network-acls/rules", { body: { aclId: l.id, ...body } });
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    const d = await defaults(v.id);
    const onDefault = await api.post("/network-acls/rules", { body: { aclId: d.allow.id, protocol: "tcp" } });
    expect([onDefault.status, onDefault.body.message]).toEqual([400, "Default ACL cannot be modified"]);
    const missing = await api.post("/network-acls/rules", { body: { aclId: l.id } });
    expect(missing.body.message).toBe("Required parameter 'protocol' is not present");
  });

  it("a protocol number 0-255 is kept as sent (ports allowed, as CloudStack's API allows them); 1 is icmp", async () => {
    const l = await list((await vpc()).id);
    const gre = ((await rule(l.id, { protocol: "47" })) as any).rule;
    expect(gre).toMatchObject({ protocol: "47", state: "Active" });
    expect(gre.icmpType).toBeUndefined();
    expect(((await rule(l.id, { protocol: "0" })) as any).rule).toMatchObject({ protocol: "0" });
    expect(((await rule(l.id, { protocol: "6", startPort: 22 })) as any).rule).toMatchObject({
      protocol: "6",
      startPort: 22,
      endPort: 22,
    });
    expect(((await rule(l.id, { protocol: "1" })) as any).rule).toMatchObject({
      protocol: "icmp",
      icmpType: -1,
      icmpCode: -1,
    });
  });

  it("update is a job; partialUpgrade=false sets every field from the request (ports cleared for icmp)", async () => {
    const v = await vpc();
    const l = await list(v.id);
    const r = (
      (await rule(l.id, { protocol: "tcp", startPort: 22, cidrList: "10.0.0.0/8,192.168.0.0/16" })) as any
    ).rule;
    expect(r.cidrList).toBe("10.0.0.0/8,192.168.0.0/16");
    // partial (the default): only what is sent changes
    const up = await api.ok("PUT", `/network-acls/rules/${r.id}`, {
      body: { action: "deny", reason: "closed" },
    });
    expect((await api.waitJob(up.jobId)).command).toBe("updateNetworkACLItem");
    expect(await api.ok("GET", `/network-acls/rules/${r.id}`)).toMatchObject({
      startPort: 22,
      action: "Deny",
      reason: "closed",
    });
    const whole = await api.ok("PUT", `/network-acls/rules/${r.id}`, {
      body: {
        partialUpgrade: false,
        protocol: "icmp",
        icmpType: 8,
        icmpCode: 0,
        cidrList: ["0.0.0.0/0"],
        number: 5,
      },
    });
    await api.waitJob(whole.jobId);
    const now = await api.ok("GET", `/network-acls/rules/${r.id}`);
    expect(now).toMatchObject({ protocol: "icmp", icmpType: 8, icmpCode: 0, number: 5, action: "Allow" });
    expect(now.startPort).toBeUndefined();
    expect(now.reason).toBeUndefined();
    // NetworkACLServiceImpl.updateNetworkACLItem checks in the job (createNetworkACL at the request, in its create step)
    await api.failsInJob(
      "PUT",
      `/network-acls/rules/${r.id}`,
      "Can specify icmpCode and icmpType for ICMP protocol only",
      { body: { protocol: "tcp", startPort: 9, endPort: 9, icmpType: 8 } },
    );
    await rule(l.id, { protocol: "udp", number: 7, startPort: 53 });
    await api.failsInJob(
      "PUT",
      `/network-acls/rules/${r.id}`,
      `ACL item with number 7 already exists in ACL: ${l.id}`,
      { body: { number: 7 } },
    );
    expect(await api.ok("GET", `/network-acls/rules/${r.id}`)).toMatchObject({ protocol: "icmp", number: 5 });
  });

  it("a failed update job changes nothing; delete shows Revoke until its job ends", async () => {
    const v = await vpc();
    const l = await list(v.id);
    const r = ((await rule(l.id, { protocol: "tcp", startPort: 80 })) as any).rule;
    await api.control.fault({
      method: "PUT",
      route: "/api/v1/network-acls/rules/{id}",
      times: 1,
      jobFail: { detail: "router unreachable" },
    });
    const up = await api.ok("PUT", `/network-acls/rules/${r.id}`, { body: { startPort: 81, endPort: 81 } });
    expect((await api.waitJob(up.jobId)).status).toBe("error");
    expect((await api.ok("GET", `/network-acls/rules/${r.id}`)).startPort).toBe(80);
    await api.control.jobMode("clock", { latencyMs: 1000 });
    try {
      const del = await api.ok("DELETE", `/network-acls/rules/${r.id}`);
      expect((await api.ok("GET", `/network-acls/rules/${r.id}`)).state).toBe("Revoke");
      expect((await api.put(`/network-acls/rules/${r.id}`, { body: { action: "deny" } })).status).toBe(409);
      await api.control.advanceClock(1000);
      expect((await api.ok("GET", `/jobs/${del.jobId}`)).command).toBe("deleteNetworkACL");
      expect((await api.get(`/network-acls/rules/${r.id}`)).status).toBe(404);
    } finally {
      await api.control.jobMode("timed", { latencyMs: 0 });
    }
  });
});

describe("a tier's list (createNetwork aclId, replaceNetworkACLList)", () => {
  it("a tier made without aclId gets the VPC's default_deny; with one, that list", async () => {
    const v = await vpc();
    const d = await defaults(v.id);
    expect((await tier(v.id, 1)).aclId).toBe(d.deny.id);
    const l = await list(v.id);
    expect((await tier(v.id, 2, l.id)).aclId).toBe(l.id);
    const other = await list((await vpc()).id);
    const res = await api.post("/networks", {
      body: {
        name: "t",
        zoneId: c.zone.id,
        networkOfferingId: tierOffering.id,
        vpcId: v.id,
        gateway: `${v.cidr.split(".").slice(0, 2).join(".")}.3.1`,
        netmask: "255.255.255.0",
        aclId: other.id,
      },
    });
    expect(res.status).toBe(400);
  });

  it("replace-acl is a job that switches the tier's list; lists of another VPC and isolated networks are refused", async () => {
    const v = await vpc();
    const t = await tier(v.id, 1);
    const l = await list(v.id);
    const res = await api.ok("POST", `/networks/${t.id}/replace-acl`, { query: { aclId: l.id } });
    const job = await api.waitJob(res.jobId);
    expect(job).toMatchObject({ status: "success", command: "replaceNetworkACLList", resourceId: t.id });
    expect((await api.ok("GET", `/networks/${t.id}`)).aclId).toBe(l.id);
    const d = await defaults(v.id);
    await api.waitJob(
      (await api.ok("POST", `/networks/${t.id}/replace-acl`, { query: { aclId: d.allow.id } })).jobId,
    );
    expect((await api.ok("GET", `/networks/${t.id}`)).aclId).toBe(d.allow.id);

    const elsewhere = await list((await vpc()).id);
    // NetworkACLServiceImpl.replaceNetworkACL refuses in the job
    await api.failsInJob(
      "POST",
      `/networks/${t.id}/replace-acl`,
      `Network: ${t.id} and ACL: ${elsewhere.id} do not belong to the same VPC`,
      { query: { aclId: elsewhere.id } },
    );
    expect((await api.ok("GET", `/networks/${t.id}`)).aclId).toBe(d.allow.id);
    const isolated = await api.ok("POST", "/networks", {
      body: {
        name: "iso",
        zoneId: c.zone.id,
        networkOfferingId: c.networkOfferings.find((o) => !o.forVpc).id,
      },
    });
    await api.waitJob(isolated.jobId);
    await api.failsInJob(
      "POST",
      `/networks/${isolated.id}/replace-acl`,
      `Network is not part of a VPC: ${isolated.id}`,
      { query: { aclId: l.id } },
    );
    const noAcl = await api.post(`/networks/${t.id}/replace-acl`, { body: { aclId: l.id } });
    expect([noAcl.status, noAcl.body.message]).toEqual([400, "Required parameter 'aclId' is not present"]);
  });
});
