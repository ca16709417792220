// The network ACL family of the client against the emulator: lists (bare arrays, one VPC's subset), rules (paged,
// CIDRs read back as a list), a whole-rule update, a tier's list, and lost answers: a dropped rule create is
// found among the recent jobs and never sent twice.
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, ConflictError, NotFoundError } from "../../provider/client";
import { fastWait, sshFromPrivate, useHarness, vpcOf } from "./emulatorHarness";

let client: CimClient;
let zoneId: string;
let tierOffering: string;

const t = useHarness(
  (c) => {
    client = c;
  },
  async (h) => {
    const c = await h.client();
    zoneId = (await c.catalogue.zones())[0].id;
    tierOffering = (await c.catalogue.networkOfferings()).find((o) => o.forVpc)!.id;
  },
);
const { hits } = t;

const vpc = (cidr = "10.20.0.0/16") => vpcOf(client, cidr);

describe("network ACLs", () => {
  it("lists: create (a job), get, the VPC's subset, rename, delete; 404 after", async () => {
    const vpcId = await vpc();
    const made = await client.networkAcls.createList({ name: "web", description: "web tier", vpcId });
    expect(made.jobId).toBeDefined();
    await client.jobs.wait(made, fastWait);
    expect(await client.networkAcls.getList(made.id!)).toMatchObject({
      name: "web",
      description: "web tier",
      vpcId,
    });
    const ofVpc = await client.vpcs.aclLists(vpcId);
    expect(ofVpc.map((a) => a.name).sort()).toEqual(["default_allow", "default_deny", "web"]);
    expect((await client.networkAcls.lists()).map((a) => a.id)).toEqual(
      expect.arrayContaining(ofVpc.map((a) => a.id)),
    );
    expect((await client.networkAcls.lists({ vpcId, name: "web" })).map((a) => a.id)).toEqual([made.id]);
    expect(await client.networkAcls.updateList(made.id!, { name: "app" })).toMatchObject({ name: "app" });
    await client.jobs.wait(await client.networkAcls.deleteList(made.id!), fastWait);
    await expect(client.networkAcls.getList(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("rules: create, read with CIDRs as a list, whole-rule update, delete; refusals keep their type", async () => {
    const vpcId = await vpc();
    const list = await client.networkAcls.createList({ name: "web", vpcId });
    await client.jobs.wait(list, fastWait);
    const input = {
      aclId: list.id!,
      number: 10,
      protocol: "tcp",
      startPort: 443,
      endPort: 443,
      cidrList: ["10.0.0.0/8", "192.168.0.0/16"],
      action: "allow",
      trafficType: "ingress",
      reason: "https",
    };
    const made = await client.networkAcls.createRule(input);
    await client.jobs.wait(made, fastWait);
    const rule = await client.networkAcls.getRule(made.id!);
    expect(rule).toMatchObject({
      aclId: list.id,
      number: 10,
      cidrList: ["10.0.0.0/8", "192.168.0.0/16"],
      action: "Allow",
      trafficType: "Ingress",
      reason: "https",
      state: "Active",
    });
    const { aclId: _, ...rest } = input;
    const up = await client.networkAcls.updateRule(made.id!, {
      ...rest,
      protocol: "icmp",
      startPort: undefined,
      endPort: undefined,
      icmpType: 8,
      icmpCode: 0,
      reason: undefined,
    });
    await client.jobs.wait(up, fastWait);
    const now = await client.networkAcls.getRule(made.id!);
    expect(now).toMatchObject({ protocol: "icmp", icmpType: 8, icmpCode: 0, number: 10 });
    expect(now.startPort).toBeUndefined();
    expect(now.reason).toBeUndefined();
    expect((await client.networkAcls.listAllRules({ aclId: list.id })).items.map((r) => r.id)).toEqual([
      made.id,
    ]);

    const taken = await client.networkAcls.createRule({ ...input, protocol: "udp" }).catch((e) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.message).toContain("ACL item with number 10 already exists");
    const bad = await client.networkAcls
      .createRule({ ...input, number: 11, protocol: "all" })
      .catch((e) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain("start port and end port must be null if protocol = 'all'");

    await client.jobs.wait(await client.networkAcls.deleteRule(made.id!), fastWait);
    await expect(client.networkAcls.getRule(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a tier's list: given at create, replaced by a job, shown as the network's aclId", async () => {
    const vpcId = await vpc();
    const list = await client.networkAcls.createList({ name: "web", vpcId });
    await client.jobs.wait(list, fastWait);
    const net = await client.networks.create({
      name: "t",
      displayText: "t",
      zoneId,
      networkOfferingId: tierOffering,
      vpcId,
      gateway: "10.20.1.1",
      netmask: "255.255.255.0",
      aclId: list.id,
    });
    await client.jobs.wait(net, fastWait);
    expect((await client.networks.get(net.id!)).aclId).toBe(list.id);
    const allow = (await client.vpcs.aclLists(vpcId)).find((a) => a.name === "default_allow")!;
    const replaced = await client.networkAcls.replaceOnNetwork(net.id!, allow.id);
    expect((await client.jobs.wait(replaced, fastWait))?.command).toBe("replaceNetworkACLList");
    expect((await client.networks.get(net.id!)).aclId).toBe(allow.id);
  });

  it("a rule create whose answer was lost after it landed is adopted from the jobs, not sent again", async () => {
    const vpcId = await vpc();
    const list = await client.networkAcls.createList({ name: "web", vpcId });
    await client.jobs.wait(list, fastWait);
    await t.h.control.resetRequests();
    await t.h.control.fault({ method: "POST", route: "/network-acls/rules", action: "drop-after", times: 1 });
    const made = await client.networkAcls.createRule(sshFromPrivate(list.id!));
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/network-acls/rules")).toBe(1);
    expect((await client.networkAcls.listAllRules({ aclId: list.id })).items.map((r) => r.id)).toEqual([
      made.id,
    ]);
  });
});
