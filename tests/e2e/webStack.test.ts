// Issue 12's done-when: examples/web-stack (a VPC, web and app tiers with their own ACLs, three web instances
// behind a public load-balancer rule, two app instances behind an internal load balancer, a bastion behind static
// NAT) passes the policy pack, which refuses it with SSH open to the world; it deploys; a second preview and up
// change nothing (no mutating API call); members and ACL rules change in place through stack config;
// out-of-band drift (a member removed from the rule, SSH opened to the world) is repaired by `up --refresh`;
// destroy leaves nothing of the user's behind.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, runPulumi, sourceHome } from "../harness";
import { exampleProgram, mine, mutating, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  if (!fs.existsSync(path.join(repoRoot, "dist", "policy", "index.js"))) {
    throw new Error("the policy pack is not built (dist/policy): run npm run build first");
  }
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

// The stack, a VPC, 2 ACL lists, 4 ACL rules, 2 tiers, 6 instances (3 web, bastion, 2 app), 2 public IPs, the
// load-balancer rule, the static NAT and the internal load balancer.
const RESOURCES = 21;

const membersOf = (rec: { members: { vmId: string }[] }) => rec.members.map((m) => m.vmId).sort();

describe("the web stack, from the source tree", () => {
  it("passes the policy pack, deploys, is stable, changes members and rules in place, repairs drift, and destroys", async () => {
    const home = sourceHome("web-stack");
    const program = exampleProgram(home, "web-stack");
    const stackName = uniqueStack("web-stack");
    const run = (steps: Parameters<typeof runPulumi>[0]["steps"]) =>
      runPulumi({ home, stackName, program, steps, envVars: api.envVars });

    // The policy pack passes the example (only advisory findings: stateless instances without backup
    // schedules); SSH from anywhere is refused by the mandatory cim-no-open-admin-ports before anything is made.
    const policyPacks = [path.join(repoRoot, "policy")];
    const [checked, refused, up] = await run([
      { op: "preview", options: { policyPacks } },
      {
        op: "preview",
        options: { policyPacks },
        config: { "cim-e2e:sshCidr": "0.0.0.0/0" },
        expectFailure: true,
      },
      { op: "up", config: { "cim-e2e:sshCidr": null } },
    ]);
    expect(checked.summary).toEqual({ create: RESOURCES });
    expect(checked.output).not.toContain("[mandatory]");
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain("cim-no-open-admin-ports");
    expect(up.summary).toEqual({ create: RESOURCES });
    const out = up.outputs!;
    const webIds = out.webIds as string[];
    const appIds = out.appIds as string[];
    const rules = out.aclRuleIds as Record<"http" | "https" | "ssh" | "app", string>;
    expect(webIds).toHaveLength(3);
    expect(appIds).toHaveLength(2);
    expect([...(out.lbMemberIds as string[])].sort()).toEqual([...webIds].sort());
    expect(out.url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+\/$/);
    expect(out.appLbAddress).toMatch(/^10\.20\.2\.\d+$/);

    let state = await api.control.state();
    const web = state.networks[out.webTierId];
    const app = state.networks[out.appTierId];
    expect(web).toMatchObject({ vpcId: out.vpcId, aclId: out.webAclId, cidr: "10.20.1.0/24" });
    expect(app).toMatchObject({ vpcId: out.vpcId, aclId: out.appAclId, cidr: "10.20.2.0/24" });
    for (const id of [...webIds, out.bastionId]) expect(state.instances[id].nics[0].networkId).toBe(web.id);
    for (const id of appIds) expect(state.instances[id].nics[0].networkId).toBe(app.id);
    const lb = state.loadBalancerRules[out.lbRuleId];
    expect(lb).toMatchObject({ networkId: web.id, publicPort: 80, privatePort: 80, algorithm: "roundrobin" });
    expect(membersOf(lb)).toEqual([...webIds].sort());
    const ilb = state.internalLoadBalancers[out.appLbId];
    expect(ilb).toMatchObject({ networkId: app.id, sourcePort: 8080, instancePort: 8080 });
    expect(membersOf(ilb)).toEqual([...appIds].sort());
    expect(state.publicIps[lb.publicIpId]).toMatchObject({ vpcId: out.vpcId });
    expect(state.publicIps[lb.publicIpId].isStaticNat).toBeFalsy();
    const natIp = Object.values(state.publicIps).find(
      (ip: any) => ip.ipAddress === out.bastionAddress,
    ) as any;
    expect(natIp).toMatchObject({ vpcId: out.vpcId, isStaticNat: true, virtualMachineId: out.bastionId });
    expect(natIp.id).not.toBe(lb.publicIpId);
    expect(state.networkAclRules[rules.ssh]).toMatchObject({
      aclId: out.webAclId,
      startPort: 22,
      cidrList: ["203.0.113.0/24"],
    });
    expect(state.networkAclRules[rules.http].cidrList).toEqual(["0.0.0.0/0"]);
    expect(state.networkAclRules[rules.app]).toMatchObject({
      aclId: out.appAclId,
      startPort: 8080,
      cidrList: ["10.20.0.0/16"],
    });

    // A second preview and up read but change nothing.
    await api.control.resetRequests();
    const [preview, again] = await run([{ op: "preview" }, { op: "up" }]);
    expect(preview.summary).toEqual({ same: RESOURCES });
    expect(again.summary).toEqual({ same: RESOURCES });
    expect(mutating(await api.control.requests())).toEqual({});

    // web-3 out of rotation and SSH from another range: the rule's members and the ACL rule change in place.
    const [changed] = await run([
      { op: "up", config: { "cim-e2e:webInRotation": "2", "cim-e2e:sshCidr": "198.51.100.0/24" } },
    ]);
    expect(changed.summary).toEqual({ update: 2, same: RESOURCES - 2 });
    expect(changed.outputs?.lbRuleId).toBe(out.lbRuleId);
    expect(changed.outputs?.aclRuleIds).toEqual(rules);
    expect(changed.outputs?.webIds).toEqual(webIds);
    state = await api.control.state();
    expect(membersOf(state.loadBalancerRules[out.lbRuleId])).toEqual(webIds.slice(0, 2).sort());
    expect(state.instances[webIds[2]].state).toBe("Running");
    expect(state.networkAclRules[rules.ssh]).toMatchObject({ startPort: 22, cidrList: ["198.51.100.0/24"] });

    // Out of band: web-1 taken off the rule, and SSH opened to the world.
    const c = api.client;
    await c.jobs.wait(await c.loadBalancers.remove(out.lbRuleId, [webIds[0]]), { firstDelayMs: 0 });
    await c.jobs.wait(
      await c.networkAcls.updateRule(rules.ssh, {
        number: 30,
        protocol: "tcp",
        startPort: 22,
        endPort: 22,
        cidrList: ["0.0.0.0/0"],
        action: "allow",
        trafficType: "ingress",
        reason: "SSH from the admin range only",
      }),
      { firstDelayMs: 0 },
    );
    state = await api.control.state();
    expect(membersOf(state.loadBalancerRules[out.lbRuleId])).toEqual([webIds[1]]);
    expect(state.networkAclRules[rules.ssh].cidrList).toEqual(["0.0.0.0/0"]);

    // up with refresh reads the drift and puts back what the program declares, in place.
    const [repaired, stable] = await run([{ op: "up", options: { refresh: true } }, { op: "preview" }]);
    expect(repaired.summary).toEqual({ update: 2, same: RESOURCES - 2 });
    expect(stable.summary).toEqual({ same: RESOURCES });
    state = await api.control.state();
    expect(membersOf(state.loadBalancerRules[out.lbRuleId])).toEqual(webIds.slice(0, 2).sort());
    expect(state.networkAclRules[rules.ssh].cidrList).toEqual(["198.51.100.0/24"]);

    const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
    expect(destroyed.summary).toEqual({ delete: RESOURCES });
    const empty = await api.control.state();
    for (const collection of [
      "instances",
      "volumes",
      "networks",
      "vpcs",
      "publicIps",
      "loadBalancerRules",
      "internalLoadBalancers",
      "networkAclLists",
      "networkAclRules",
    ]) {
      expect(empty[collection], collection).toBeDefined(); // a misspelt collection would pass unseen
      expect(mine(empty[collection]), collection).toEqual([]);
    }
  }, 600_000);
});
