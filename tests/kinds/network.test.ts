// cim.Vpc, cim.Network, cim.NetworkAclList, cim.NetworkAclRule and cim.VpcGateway in-process against the
// emulator: each kind's row of the lifecycle table, a tier's ACL list and the default lists, private gateways.
// Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { aclList, aclVpc, gatewayAcls, gatewayVpc, instanceInputs, vpcInputs } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  job,
  jobsOn,
  make,
  nameOf,
  nextUnique,
  OTHER_ID,
  p,
  type Rec,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "Vpc",
    inputs: vpcInputs,
    inPlace: (o) => ({
      news: { ...o, displayText: "changed", tags: { t: "x" } },
      expect: { displayText: "changed", tags: { t: "x" } },
    }),
    replace: (o) => ({ news: { ...o, cidr: "172.16.0.0/16" }, field: "cidr" }),
    bad: (i) => ({ news: { ...i, cidr: "10.0.0.0/33" }, field: "cidr" }),
    createRoute: "/api/v1/vpcs",
    path: (id) => `/vpcs/${id}`,
  },
  {
    kind: "Network",
    inputs: () => ({ name: nameOf("net"), zoneId: cat.zone, networkOfferingId: cat.isolated }),
    inPlace: (o) => ({ news: { ...o, name: `${o.name}-r` }, expect: { name: `${o.name}-r` } }),
    replace: (o) => ({ news: { ...o, networkDomain: "other.internal" }, field: "networkDomain" }),
    bad: (i) => ({ news: { ...i, gateway: "10.1.1.1" }, field: "netmask" }),
    createRoute: "/api/v1/networks",
    path: (id) => `/networks/${id}`,
  },
  {
    kind: "NetworkAclList",
    inputs: async () => ({ name: nameOf("acl"), description: "web tier", vpcId: await aclVpc() }),
    inPlace: (o) => ({
      news: { ...o, name: `${o.name}-r`, description: "changed" },
      expect: { name: `${o.name}-r`, description: "changed" },
    }),
    replace: (o) => ({ news: { ...o, vpcId: OTHER_ID }, field: "vpcId" }),
    bad: (i) => ({ news: { ...i, name: "default_deny" }, field: "name" }),
    path: (id) => `/network-acls/${id}`,
  },
  {
    kind: "NetworkAclRule",
    inputs: async () => ({
      aclId: await aclList(),
      number: 10,
      protocol: "tcp",
      startPort: 443,
      endPort: 443,
      cidrList: ["10.0.0.0/8", "192.168.0.0/16"],
      action: "allow",
      trafficType: "ingress",
      description: "https",
    }),
    // every field of the rule changes in place (one updateNetworkACLItem): tcp 443 becomes icmp echo, denied
    inPlace: (o) => ({
      news: {
        ...o,
        protocol: "icmp",
        startPort: undefined,
        endPort: undefined,
        icmpType: 8,
        icmpCode: 0,
        action: "deny",
      },
      expect: { protocol: "icmp", icmpType: 8, icmpCode: 0, action: "deny", number: 10 },
    }),
    replace: (o) => ({ news: { ...o, aclId: OTHER_ID }, field: "aclId" }),
    bad: (i) => ({ news: { ...i, startPort: 70000 }, field: "startPort" }),
    path: (id) => `/network-acls/rules/${id}`,
  },
  {
    // A failed create is not kept by the platform (applyVpcPrivateGateway destroys it): no partial-state row.
    kind: "VpcGateway",
    inputs: async () => {
      const vpcId = await gatewayVpc();
      return {
        vpcId,
        ipAddress: "192.168.200.2",
        gateway: "192.168.200.1",
        netmask: "255.255.255.0",
        vlan: 1000 + nextUnique(),
        aclId: await aclList(vpcId),
      };
    },
    // the ACL list changes in place (replaceNetworkACLList with the gateway's id, a job)
    inPlace: (o) => ({
      news: { ...o, aclId: gatewayAcls.get(o.vpcId) },
      expect: { aclId: gatewayAcls.get(o.vpcId) },
    }),
    replace: (o) => ({ news: { ...o, vlan: o.vlan + 1 }, field: "vlan" }),
    bad: (i) => ({ news: { ...i, ipAddress: "192.168.201.2" }, field: "ipAddress" }),
    path: (id) => `/vpcs/private-gateways/${id}`,
  },
];

useEmulator();
describeCases(cases);

describe("network ACLs: a tier's list, the default lists, the rules' own rules", () => {
  it("a VPC tier takes aclId at create and changes it in place (the platform's replace-ACL-list job)", async () => {
    const vpcId = await aclVpc();
    const [web, app] = [await aclList(vpcId), await aclList(vpcId)];
    const { cidr } = await call("GET", `/vpcs/${vpcId}`);
    const [a, b] = cidr.split(".");
    const inputs = {
      name: nameOf("tier"),
      zoneId: cat.zone,
      networkOfferingId: cat.tier,
      vpcId,
      gateway: `${a}.${b}.1.1`,
      netmask: "255.255.255.0",
      aclId: web,
    };
    const { id, outs } = await make("Network", inputs);
    expect(outs.aclId).toBe(web);
    const upd = await change("Network", id, outs, { ...inputs, aclId: app });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await upd.run()).outs.aclId).toBe(app);
    expect((await call("GET", `/networks/${id}`)).aclId).toBe(app);
    expect(await jobsOn(id)).toEqual(["createNetwork:success", "replaceNetworkACLList:success"]);
    // left out: the API's choice stays, no change
    const { aclId: _, ...without } = inputs;
    expect(
      (await p("Network").diff!(id, { ...outs, aclId: app }, (await p("Network").check!({}, without)).inputs))
        .changes,
    ).toBe(false);
    // a list in use cannot go (the platform's refusal, passed on)
    const listDelete = await p("NetworkAclList").delete!(app, { region: outs.region, name: "x" }).catch(
      (e) => e,
    );
    expect(String(listDelete?.message)).toContain("ACL is still associated with 1 tier(s)");
    await p("Network").delete!(id, outs);
    const refused = await p("Network").check!(
      {},
      { name: "iso", zoneId: cat.zone, networkOfferingId: cat.isolated, aclId: web },
    );
    expect(refused.failures).toEqual([
      expect.objectContaining({ property: "aclId", reason: expect.stringMatching(/VPC tiers only/) }),
    ]);
  });

  it("the default lists are looked up, never adopted; a rule on one is refused at preview as by the API", async () => {
    const vpcId = await aclVpc();
    const deny = (await call("GET", `/vpcs/${vpcId}/acl-lists`)).find((l: Rec) => l.name === "default_deny");
    // refused at preview (check reads the adopted record), and by create the same way
    const adopt = await p("NetworkAclList").check!({}, { adoptId: deny.id, vpcId });
    expect(adopt.failures).toEqual([
      {
        property: "adoptId",
        reason: expect.stringMatching(/cannot adopt: .*default_deny is one of the VPC's default lists/),
      },
    ]);
    const err = await p("NetworkAclList")
      .create(adopt.inputs)
      .catch((e) => e);
    expect(String(err.message)).toMatch(/default_deny is one of the VPC's default lists/);
    const rule = { aclId: deny.id, protocol: "all", cidrList: ["0.0.0.0/0"] };
    const checked = await p("NetworkAclRule").check!({}, rule);
    expect(checked.failures).toEqual([
      { property: "aclId", reason: expect.stringMatching(/which is the VPC's default list default_deny/) },
    ]);
    const onDefault = await p("NetworkAclRule")
      .create(checked.inputs)
      .catch((e) => e);
    expect(String(onDefault.message)).toContain("Default ACL cannot be modified");
  });

  it("icmp gets type and code -1 from the API (no diff); a rule without number gets the next one", async () => {
    const aclId = await aclList();
    const inputs = { aclId, protocol: "icmp", cidrList: ["0.0.0.0/0"] };
    const { id, outs } = await make("NetworkAclRule", inputs);
    expect(outs).toMatchObject({
      number: 1,
      icmpType: -1,
      icmpCode: -1,
      action: "allow",
      trafficType: "ingress",
    });
    const again = await p("NetworkAclRule").diff!(
      id,
      outs,
      (await p("NetworkAclRule").check!(outs, inputs)).inputs,
    );
    expect(again.changes).toBe(false);
    await p("NetworkAclRule").delete!(id, outs);
  });
});

describe("VPC private gateways", () => {
  it("a gateway static routes still use is not deleted: the API's reason, and it stays; the default list when aclId is left out", async () => {
    const vpcId = await gatewayVpc();
    const { aclId: _, ...inputs } = await cases.find((c) => c.kind === "VpcGateway")!.inputs();
    const { id, outs } = await make("VpcGateway", { ...inputs, vpcId });
    expect(outs).toMatchObject({ state: "Ready", aclName: "default_deny" });
    const route = await call("POST", "/vpcs/static-routes", { gatewayId: id, cidr: "192.0.2.0/24" });
    await job(route);
    const err = await p("VpcGateway").delete!(id, outs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/as it has 1 static routes applied\. Remove the routes first/);
    expect((await p("VpcGateway").read!(id, outs)).id).toBe(id);
    await job(await call("DELETE", `/vpcs/static-routes/${route.id}`));
    await p("VpcGateway").delete!(id, outs);
    expect(await p("VpcGateway").read!(id, outs)).toEqual({});
  });
});

describe("a network and the instances on it deleted in one run", () => {
  // a program that gave the network's id as text: no dependency, so Pulumi sends both deletes at once
  it("the network's delete waits while the run deletes its instances, and fails after one more try when none is deleted, naming them", async () => {
    const net = await make("Network", {
      name: nameOf("flat"),
      zoneId: cat.zone,
      networkOfferingId: cat.isolated,
    });
    const vm = await make("Instance", { ...instanceInputs(), networkIds: [net.id] });
    const sent = async () => (await ctl.requests())["DELETE /api/v1/networks/{id}"] ?? 0;
    const start = await sent();
    // alone: the platform's refusal stands after one more try (the instance's delete is not coming)
    const alone = await p("Network").delete!(net.id, net.outs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    // the platform's job says no more than "Failed to delete network": the reads name what is on it
    expect(alone?.message).toMatch(
      new RegExp(
        `^cim:Network "[^"]+" \\(id [^)]+\\).*: delete failed: the platform refuses it: Failed to delete network\\. On it: instance ${vm.outs.name} \\(id ${vm.id}\\)\\. Delete them first: if this stack holds them, pulumi destroy --target with their URNs .*give them the network's id output \\(networkIds: \\[network\\.id\\]\\)`,
      ),
    );
    const aloneSent = await sent();
    expect(aloneSent).toBe(start + 2);
    // both sent at once, as the engine sends them; the instance's delete reaches the API after the network's
    await ctl.fault({ method: "DELETE", route: "/compute/instances/*", latencyMs: 1_000, times: 1 });
    const both = Promise.all([p("Network").delete!(net.id, net.outs), p("Instance").delete!(vm.id, vm.outs)]);
    await expect(both).resolves.toBeDefined();
    expect((await ctl.requests())["DELETE /api/v1/networks/{id}"]).toBeGreaterThan(aloneSent + 1);
    expect(await p("Network").read!(net.id, net.outs)).toEqual({});
  });
});

describe("a network and instances deleted without expunge", () => {
  const flat = () =>
    make("Network", { name: nameOf("flat"), zoneId: cat.zone, networkOfferingId: cat.isolated });
  const failure = (e: unknown) => e as Error;

  it("its delete waits for the platform to expunge the instances the deployment destroyed, naming them, then goes", async () => {
    const net = await flat();
    const vm = await make("Instance", { ...instanceInputs(), networkIds: [net.id], expunge: false });
    await ctl.jobTiming({ expungeDelayMs: 1_500 });
    try {
      await p("Instance").delete!(vm.id, vm.outs);
      await p("Network").delete!(net.id, net.outs);
      expect(await p("Network").read!(net.id, net.outs)).toEqual({});
      expect((await ctl.requests())["DELETE /api/v1/networks/{id}"]).toBeGreaterThan(1);
    } finally {
      await ctl.jobTiming({ expungeDelayMs: 86_400_000 });
    }
  });

  it("at its deadline it names them, the expunge delay and what to do; one destroyed outside the deployment, it fails after one more try with no reason to give", async () => {
    const net = await flat();
    const vm = await make("Instance", { ...instanceInputs(), networkIds: [net.id], expunge: false });
    await p("Instance").delete!(vm.id, vm.outs);
    const short = { ...net.outs, timeouts: { delete: "1s" } };
    const waited = await p("Network").delete!(net.id, short).then(() => undefined, failure);
    expect(waited?.message).toMatch(
      new RegExp(
        `: delete failed: the platform still refuses it after 1 s of waiting for the platform to expunge instance ${vm.outs.name} \\(id ${vm.id}\\), destroyed without expunge and still on the network \\(timeouts\\.delete\\): Failed to delete network\\. A destroyed instance keeps its place on its networks until the platform expunges it`,
      ),
    );
    // destroyed through the API: nothing this deployment knows, nothing the reads show
    const other = await flat();
    const outside = await make("Instance", { ...instanceInputs(), networkIds: [other.id] });
    await job(await call("DELETE", `/compute/instances/${outside.id}`));
    const before = (await ctl.requests())["DELETE /api/v1/networks/{id}"] ?? 0;
    const stands = await p("Network").delete!(other.id, other.outs).then(() => undefined, failure);
    expect(stands?.message).toMatch(
      /: delete failed: the platform refuses it: Failed to delete network\. The platform gives no reason, and its reads show nothing on the network\. A network cannot be deleted while an instance is on it, a destroyed one included\. .*expunge=true/,
    );
    expect((await ctl.requests())["DELETE /api/v1/networks/{id}"]).toBe(before + 2);
  });
});

describeOutputsParsed("network", cases);
