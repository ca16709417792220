// cim.LoadBalancerRule and cim.InternalLoadBalancer in-process against the emulator: each kind's row of the
// lifecycle table, load-balancer rules and their members, internal load balancers on a VPC tier. Shared setup:
// ./world.ts.
import { describe, expect, it } from "vitest";
import { PLAIN_REFERENCES } from "../../provider/kinds/define";
import { PartialStateError } from "../../provider/lifecycle/errors";
import {
  addressAndInstance,
  balanced,
  ilbMembers,
  internalTier,
  lbMembers,
  tierInstance,
  vpcTier,
} from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  isolatedBody,
  job,
  jobsOn,
  make,
  nameOf,
  p,
  type Rec,
  rows,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "LoadBalancerRule",
    inputs: async () => {
      const { publicIpId, members } = await balanced();
      return {
        name: nameOf("lb"),
        publicIpId,
        publicPort: 80,
        privatePort: 8080,
        memberIds: [members[0]],
        tags: { tier: "web" },
      };
    },
    // one more member (the address's second instance), another name and algorithm, no tags
    inPlace: (o) => {
      const more = {
        name: `${o.name}-2`,
        algorithm: "leastconn",
        memberIds: lbMembers.get(o.publicIpId),
        tags: {},
      };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, publicPort: 81 }, field: "publicPort" }),
    bad: (i) => ({ news: { ...i, privatePort: 70000 }, field: "privatePort" }),
    path: (id) => `/loadbalancer/rules/${id}`,
  },
  {
    kind: "InternalLoadBalancer",
    inputs: async () => {
      const name = nameOf("ilb");
      const members = [await tierInstance(), await tierInstance()].sort();
      ilbMembers.set(name, members);
      return {
        name,
        networkId: await internalTier(),
        sourcePort: 80,
        instancePort: 8080,
        memberIds: [members[0]],
        tags: { tier: "app" },
      };
    },
    // the second instance joins, the algorithm changes, the tags go; the name stays (it keys the members)
    inPlace: (o) => {
      const more = {
        algorithm: "source",
        memberIds: ilbMembers.get(o.name),
        description: "inside",
        tags: {},
      };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, instancePort: 8081 }, field: "instancePort" }),
    bad: (i) => ({ news: { ...i, sourcePort: 0 }, field: "sourcePort" }),
    path: (id) => `/loadbalancer/internal/${id}`,
  },
];

useEmulator();
describeCases(cases);

describe("load-balancer rules", () => {
  it("members change in place: one removal job, then one assign job; the same set in another order is no change", async () => {
    const { publicIpId, members } = await balanced();
    const { instanceId: third } = await addressAndInstance();
    const inputs = { name: nameOf("lb"), publicIpId, publicPort: 80, privatePort: 80, memberIds: members };
    const { id, outs } = await make("LoadBalancerRule", inputs);
    expect(await jobsOn(id)).toEqual(["createLoadBalancerRule:success", "assignToLoadBalancerRule:success"]);
    const reordered = await change("LoadBalancerRule", id, outs, {
      ...inputs,
      memberIds: [...members].reverse(),
    });
    expect(reordered.diff.changes).toBe(false);
    // outputs keep the program's order (the API lists members in its own), so a change shows no reorder
    const given = [members[0], third].sort().reverse();
    const swapped = await change("LoadBalancerRule", id, outs, { ...inputs, memberIds: given });
    expect(swapped.diff).toMatchObject({ changes: true, replaces: [] });
    const after = (await swapped.run()).outs as Rec;
    expect(after.memberIds).toEqual(given);
    expect((await jobsOn(id)).slice(2)).toEqual([
      "removeFromLoadBalancerRule:success",
      "assignToLoadBalancerRule:success",
    ]);
    // a member removed behind the program's back shows after refresh, and the next up adds it again
    await job(await call("DELETE", `/loadbalancer/rules/${id}/instances`, { virtualMachineIds: [third] }));
    const refreshed = (await p("LoadBalancerRule").read!(id, after)).props as Rec;
    expect(refreshed.memberIds).toEqual([members[0]]);
    const repaired = await change("LoadBalancerRule", id, refreshed, { ...inputs, memberIds: given });
    const again = (await repaired.run()).outs as Rec;
    expect(again.memberIds).toEqual(given);
    expect(((await p("LoadBalancerRule").read!(id, again)).props as Rec).memberIds).toEqual(given);
    // a replacement that keeps the address and the public port deletes first (the port is the address's once)
    expect(
      (await p("LoadBalancerRule").diff!(id, after, { ...after, privatePort: 81 })).deleteBeforeReplace,
    ).toBe(true);
    expect(
      (await p("LoadBalancerRule").diff!(id, after, { ...after, publicPort: 81 })).deleteBeforeReplace,
    ).toBe(false);
    await p("LoadBalancerRule").delete!(id, after);
  });

  it("a member off the rule's network: refused at check; one not known until deploy makes the rule, kept in state as failed with the API's reason", async () => {
    const { publicIpId } = await balanced();
    const other = (await job(await call("POST", "/networks", isolatedBody(nameOf("elsewhere"))))).resourceId;
    const { instanceId: stranger } = await addressAndInstance(other);
    const inputs = { name: nameOf("lb"), publicIpId, publicPort: 80, privatePort: 80 };
    const refused = await p("LoadBalancerRule").check!({}, { ...inputs, memberIds: [stranger] });
    expect(refused.failures).toEqual([
      {
        property: "memberIds",
        reason: expect.stringContaining(`(${stranger}), which has no NIC on network`),
      },
    ]);
    // the member made by the same run: its id is not known at preview, so only the platform can refuse it
    const checked = await p("LoadBalancerRule").check!({}, inputs);
    const err = await p("LoadBalancerRule")
      .create({ ...checked.inputs, memberIds: [stranger] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    const partial = err as PartialStateError;
    expect(partial.message).toContain("doesn't belong in the same network");
    expect((await call("GET", `/loadbalancer/rules/${partial.id}`)).state).toBe("Active");
    await p("LoadBalancerRule").delete!(partial.id, partial.properties);
  });

  it("a create whose job failed left no rule (the platform removes it): a plain error, nothing kept in state", async () => {
    const { publicIpId } = await balanced();
    await ctl.fault({
      method: "POST",
      route: "/api/v1/loadbalancer/rules",
      times: 1,
      jobFail: { detail: "simulated platform failure" },
    });
    const inputs = { name: nameOf("lb"), publicIpId, publicPort: 80, privatePort: 80 };
    const err = await make("LoadBalancerRule", inputs).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain("simulated platform failure");
    expect(String((err as Error).message)).toContain("Nothing was created");
    expect(rows(await call("GET", `/loadbalancer/rules?publicIpId=${publicIpId}`))).toEqual([]);
    // the next up makes it
    const made = await make("LoadBalancerRule", inputs);
    await p("LoadBalancerRule").delete!(made.id, made.outs);
  });

  it("a rule the API put on another tier than asked: state and the next diff show the tier it is on, so the retry replaces it", async () => {
    // a VPC with two tiers and an address of it: the first rule assigns the address to its tier, and CloudStack's
    // createPublicLoadBalancer puts every later rule on the address's tier, whatever networkId asks
    const vpc = await call("POST", "/vpcs", {
      name: nameOf("two-tiers"),
      displayText: "two tiers",
      zoneId: cat.zone,
      cidr: "10.79.0.0/16",
      vpcOfferingId: cat.vpcOffering,
    });
    await job(vpc);
    const tier = async (n: number) => {
      const made = await call("POST", "/networks", {
        name: nameOf(`t${n}`),
        displayText: `t${n}`,
        zoneId: cat.zone,
        networkOfferingId: cat.tier,
        vpcId: vpc.id,
        gateway: `10.79.${n}.1`,
        netmask: "255.255.255.0",
      });
      return (await job(made)).resourceId as string;
    };
    const [t1, t2] = [await tier(1), await tier(2)];
    const publicIpId = (await job(await call("POST", "/public-ips", { vpcId: vpc.id }))).resourceId as string;
    const a = await make("LoadBalancerRule", {
      name: nameOf("a"),
      publicIpId,
      networkId: t1,
      publicPort: 80,
      privatePort: 80,
    });
    // past check (the program's preview refuses it): the API takes the create and applies t1
    const asked = { name: nameOf("b"), publicIpId, networkId: t2, publicPort: 81, privatePort: 80 };
    const err = await p("LoadBalancerRule")
      .create({ ...asked, protocol: "tcp" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    const partial = err as PartialStateError;
    expect(partial.message).toContain(`the API did not apply networkId (asked "${t2}", got "${t1}")`);
    expect(partial.message).toContain("as the API has it; the next pulumi up replaces it");
    expect((await call("GET", `/loadbalancer/rules/${partial.id}`)).networkId).toBe(t1);
    // state records the tier the API has: the next diff replaces the rule (its retry), not an update that
    // reports success with the field unapplied
    expect(partial.properties.networkId).toBe(t1);
    const checked = await p("LoadBalancerRule").check!({}, asked);
    const d = await p("LoadBalancerRule").diff!(partial.id, partial.properties, checked.inputs);
    expect(d).toMatchObject({ changes: true, replaces: ["networkId"] });
    await p("LoadBalancerRule").delete!(partial.id, partial.properties);
    await p("LoadBalancerRule").delete!(a.id, a.outs);
  });

  it("an address with static NAT takes no rule: the API's refusal at create, nothing recorded", async () => {
    const { publicIpId, instanceId } = await addressAndInstance();
    await make("StaticNat", { publicIpId, instanceId });
    // the API's own refusal: created past check (which refuses the second use of an address in one program)
    const lb = { name: nameOf("lb"), publicIpId, publicPort: 80, privatePort: 80 };
    const checked = await p("LoadBalancerRule").check!({}, lb);
    const err = await p("LoadBalancerRule")
      .create(checked.inputs)
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain("Can't do load balance on ip address");
    expect(rows(await call("GET", `/loadbalancer/rules?publicIpId=${publicIpId}`))).toEqual([]);
  });
});

describe("internal load balancers", () => {
  it("members change in place by delta jobs; the allocated address is kept; a replacement naming it deletes first", async () => {
    const networkId = await internalTier();
    const [a, b, c] = [await tierInstance(), await tierInstance(), await tierInstance()];
    const inputs = { name: nameOf("ilb"), networkId, sourcePort: 443, instancePort: 8443, memberIds: [a, b] };
    const { id, outs } = await make("InternalLoadBalancer", inputs);
    expect(await jobsOn(id)).toEqual(["createLoadBalancer:success", "assignToLoadBalancerRule:success"]);
    expect(outs).toMatchObject({
      sourceIpAddressNetworkId: networkId,
      algorithm: "roundrobin",
      state: "Active",
    });
    expect(outs.sourceIpAddress).toMatch(/^10\.77\.1\.\d+$/);
    // the address the API chose is no diff when the program leaves it out
    const same = await change("InternalLoadBalancer", id, outs, { ...inputs, memberIds: [b, a] });
    expect(same.diff.changes).toBe(false);
    const given = [a, c].sort().reverse();
    const swapped = await change("InternalLoadBalancer", id, outs, { ...inputs, memberIds: given });
    expect(swapped.diff).toMatchObject({ changes: true, replaces: [] });
    const after = (await swapped.run()).outs as Rec;
    expect(after.memberIds).toEqual(given);
    expect((await jobsOn(id)).slice(2)).toEqual([
      "removeFromLoadBalancerRule:success",
      "assignToLoadBalancerRule:success",
    ]);
    const p2 = p("InternalLoadBalancer");
    const keep = { ...after, sourceIpAddress: after.sourceIpAddress };
    expect((await p2.diff!(id, after, { ...keep, instancePort: 81 })).deleteBeforeReplace).toBe(true);
    expect((await p2.diff!(id, after, { ...keep, sourcePort: 81 })).deleteBeforeReplace).toBe(false);
    const { sourceIpAddress: _s, ...fresh } = keep;
    const moved = await p2.diff!(id, after, { ...fresh, instancePort: 81 });
    expect(moved).toMatchObject({ replaces: ["instancePort"], deleteBeforeReplace: false });
    await p2.delete!(id, after);
  });

  it("a source address outside its tier fails at check, naming the field and the tier's range, whatever gave the tier's id", async () => {
    const networkId = await internalTier();
    const inputs = { name: nameOf("ilb"), networkId, sourcePort: 80, instancePort: 80 };
    const check = (news: Rec) => p("InternalLoadBalancer").check!({}, news);
    const plain = { [PLAIN_REFERENCES]: ["networkId"] };
    const outside = await check({ ...inputs, ...plain, sourceIpAddress: "10.99.0.5" });
    expect(outside.failures).toEqual([
      {
        property: "sourceIpAddress",
        reason: expect.stringMatching(
          new RegExp(
            `^networkId names network ${networkId} in .*, which has the range 10\\.77\\.1\\.0/24: sourceIpAddress 10\\.99\\.0\\.5 lies outside it\\. Give a free address inside 10\\.77\\.1\\.0/24, or leave sourceIpAddress out`,
          ),
        ),
      },
    ]);
    expect((await check({ ...inputs, ...plain, sourceIpAddress: "10.77.1.50" })).failures ?? []).toEqual([]);
    expect((await check({ ...inputs, ...plain })).failures ?? []).toEqual([]);
    // the address is taken from sourceIpAddressNetworkId when given: judged once, against that tier
    const both = await check({
      ...inputs,
      [PLAIN_REFERENCES]: ["networkId", "sourceIpAddressNetworkId"],
      sourceIpAddressNetworkId: networkId,
      sourceIpAddress: "10.99.0.5",
    });
    expect(
      both.failures?.map((f) => `${f.property}: ${f.reason.slice(0, f.reason.indexOf(" in "))}`),
    ).toEqual([`sourceIpAddress: sourceIpAddressNetworkId names network ${networkId}`]);
    // a tier taken from an existing resource's output is judged too (its range changes only by its replacement)
    expect(
      (await check({ ...inputs, sourceIpAddress: "10.99.0.5" })).failures?.map((f) => f.property),
    ).toEqual(["sourceIpAddress"]);
    // one the same run makes is not known at preview: the API refuses the address at create, nothing is made
    const err = await p("InternalLoadBalancer")
      .create({ ...inputs, sourceIpAddress: "10.99.0.5" })
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain("The requested IP is not in the network's CIDR subnet.");
    expect(rows(await call("GET", `/loadbalancer/internal?networkId=${networkId}`))).toEqual([]);
  });

  it("a tier without the internal LB: refused at check, as the API refuses it at create (nothing recorded)", async () => {
    const tier = { id: await vpcTier("plain", 78, cat.tier) };
    const news = { name: nameOf("ilb"), networkId: tier.id, sourcePort: 80, instancePort: 80 };
    const checked = await p("InternalLoadBalancer").check!({}, news);
    expect(checked.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(/, whose load balancing does not serve the Internal scheme: /),
      },
    ]);
    // the create preview now spares the user
    const err = await p("InternalLoadBalancer")
      .create(checked.inputs)
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain(
      "Scheme Internal is not supported by the network offering",
    );
    expect(rows(await call("GET", `/loadbalancer/internal?networkId=${tier.id}`))).toEqual([]);
  });

  it("a member off the tier: refused at check; one not known until deploy makes the balancer, kept in state as failed with the API's reason", async () => {
    const networkId = await internalTier();
    const { instanceId: stranger } = await addressAndInstance();
    const inputs = { name: nameOf("ilb"), networkId, sourcePort: 80, instancePort: 80 };
    const refused = await p("InternalLoadBalancer").check!({}, { ...inputs, memberIds: [stranger] });
    expect(refused.failures).toEqual([
      {
        property: "memberIds",
        reason: expect.stringContaining(`(${stranger}), which has no NIC on network`),
      },
    ]);
    const checked = await p("InternalLoadBalancer").check!({}, inputs);
    const err = await p("InternalLoadBalancer")
      .create({ ...checked.inputs, memberIds: [stranger] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    const partial = err as PartialStateError;
    expect(partial.message).toContain("doesn't belong in the same network");
    await p("InternalLoadBalancer").delete!(partial.id, partial.properties);
  });
});

describeOutputsParsed("balancers", cases);
