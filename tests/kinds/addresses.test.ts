// cim.PublicIp and cim.StaticNat in-process against the emulator: each kind's row of the lifecycle table, public
// IPs of a network or a VPC and the static NAT that maps one onto an instance. Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { addressAndInstance, balanced } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  first,
  isolatedBody,
  job,
  jobsOn,
  make,
  nameOf,
  newProcess,
  OTHER_ID,
  p,
  type Rec,
  rows,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "PublicIp",
    inputs: () => ({ networkId: cat.net, tags: { role: "web" } }),
    inPlace: (o) => ({ news: { ...o, tags: { role: "api" } }, expect: { tags: { role: "api" } } }),
    replace: (o) => ({ news: { ...o, networkId: OTHER_ID }, field: "networkId" }),
    bad: (i) => ({ news: { ...i, vpcId: OTHER_ID }, field: "vpcId" }),
    createRoute: "/api/v1/public-ips",
    path: (id) => `/public-ips/${id}`,
  },
  {
    // Every field replaces: timeouts are the in-place (state only) change.
    kind: "StaticNat",
    inputs: () => addressAndInstance(),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, instanceId: OTHER_ID }, field: "instanceId" }),
    bad: (i) => ({ news: { ...i, publicIpId: "web-ip" }, field: "publicIpId" }),
    path: (id) => `/public-ips/${id}/static-nat`,
  },
];

useEmulator();
describeCases(cases);

describe("public IPs and static NAT", () => {
  it("the network's source-NAT address can be adopted but not released: delete refuses it, naming why", async () => {
    const nat = await first("/public-ips?isSourceNat=true", (r) => r.associatedNetworkId === cat.net);
    const { id, outs } = await make("PublicIp", { networkId: cat.net, adoptId: nat.id });
    expect(outs).toMatchObject({ isSourceNat: true, ipAddress: nat.ipAddress, state: "Allocated" });
    await expect(p("PublicIp").delete!(id, outs)).rejects.toThrow(
      /is the source-NAT address of its network: the platform never releases it/,
    );
    expect((await call("GET", `/public-ips/${id}`)).state).toBe("Allocated");
    expect(await jobsOn(id)).toEqual([]); // nothing was sent
  });

  it("a VPC address mapped onto a tier instance: the address shows no drift while its static NAT lasts", async () => {
    const vpc = await job(
      await call("POST", "/vpcs", {
        name: nameOf("vpc"),
        displayText: "v",
        zoneId: cat.zone,
        cidr: "10.77.0.0/16",
        vpcOfferingId: cat.vpcOffering,
      }),
    );
    const tier = await job(
      await call("POST", "/networks", {
        ...isolatedBody(nameOf("tier")),
        networkOfferingId: cat.tier,
        vpcId: vpc.resourceId,
        gateway: "10.77.1.1",
        netmask: "255.255.255.0",
      }),
    );
    const ipInputs = { vpcId: vpc.resourceId };
    const ip = await make("PublicIp", ipInputs);
    expect(ip.outs).toMatchObject({ vpcId: vpc.resourceId, isSourceNat: false });
    expect(ip.outs.networkId ?? null).toBeNull();
    const vm = await job(
      await call("POST", "/compute/instances", {
        zoneId: cat.zone,
        serviceOfferingId: cat.offering,
        templateId: cat.template,
        networkIds: tier.resourceId,
      }),
    );
    // a VPC address that serves no tier yet needs the tier: preview says so, as the API would
    const untiered = await p("StaticNat").check!({}, { publicIpId: ip.id, instanceId: vm.resourceId });
    expect(untiered.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(
          /^networkId is required: publicIpId \S+ \(\S+\) is an address of VPC \S+ that serves no tier yet/,
        ),
      },
    ]);
    await expect(p("StaticNat").create(untiered.inputs)).rejects.toThrow(
      /enable failed: .*no networkId is passed in/,
    );
    // and one on a network that is no tier of its VPC
    const elsewhere = await p("StaticNat").check!(
      {},
      { publicIpId: ip.id, instanceId: vm.resourceId, networkId: cat.net },
    );
    expect(elsewhere.failures).toContainEqual({
      property: "networkId",
      reason: expect.stringMatching(/which is not a tier of VPC \S+, the VPC of publicIpId/),
    });
    newProcess(); // the program corrected, run again
    const nat = await make("StaticNat", {
      publicIpId: ip.id,
      instanceId: vm.resourceId,
      networkId: tier.resourceId,
    });
    expect(nat.id).toBe(ip.id);
    expect(nat.outs).toMatchObject({
      ipAddress: ip.outs.ipAddress,
      state: "Enabled",
      networkId: tier.resourceId,
    });
    const refreshed = (await p("PublicIp").read!(ip.id, ip.outs)).props as Rec;
    expect(refreshed).toEqual(ip.outs); // the mapping is the static NAT's, not a change of the address
    expect((await change("PublicIp", ip.id, refreshed, ipInputs)).diff.changes).toBe(false);
    await p("StaticNat").delete!(nat.id, nat.outs);
    await p("PublicIp").delete!(ip.id, refreshed);
  });

  it("static NAT on a source-NAT address is refused at preview, as the API refuses it at enable; nothing is recorded", async () => {
    const { instanceId } = await addressAndInstance();
    const nat = await first("/public-ips?isSourceNat=true", (r) => r.associatedNetworkId === cat.net);
    const checked = await p("StaticNat").check!({}, { publicIpId: nat.id, instanceId });
    expect(checked.failures).toEqual([
      {
        property: "publicIpId",
        reason: expect.stringMatching(/which is the source-NAT address of its network/),
      },
    ]);
    const err = await p("StaticNat")
      .create(checked.inputs)
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /enable failed: .*Can't enable static, ip address .* is a sourceNat ip address/,
    );
  });

  it("static NAT on an address with load-balancer rules is the API's refusal at enable: no partial state, no job", async () => {
    const { publicIpId, members } = await balanced();
    const rule = await make("LoadBalancerRule", {
      name: nameOf("lb"),
      publicIpId,
      publicPort: 80,
      privatePort: 8080,
      memberIds: members,
    });
    const jobsBefore = await jobsOn(publicIpId);
    // the API's own refusal: enabled past check (which refuses the second use of an address in one program)
    const checked = await p("StaticNat").check!({}, { publicIpId, instanceId: members[0] });
    const err = await p("StaticNat")
      .create(checked.inputs)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /enable failed: .*Failed to enable static nat for the ip address [\d.]+ as it already has LoadBalancing rules assigned/,
    );
    const address = await call("GET", `/public-ips/${publicIpId}`);
    expect(address).toMatchObject({ isStaticNat: false });
    expect(address.virtualMachineId || undefined).toBeUndefined(); // the platform shows "" for none
    expect(await jobsOn(publicIpId)).toEqual(jobsBefore); // no enable job was started
    expect(rows(await call("GET", "/jobs/recent?limit=200")).filter((j) => j.status === "running")).toEqual(
      [],
    );
    await p("LoadBalancerRule").delete!(rule.id, rule.outs);
  });

  it("an enable whose job failed left no static NAT: a plain error, nothing kept in state", async () => {
    const inputs = await addressAndInstance();
    await ctl.fault({
      method: "POST",
      route: "/api/v1/public-ips/{id}/static-nat",
      times: 1,
      jobFail: { detail: "simulated platform failure" },
    });
    const err = await make("StaticNat", inputs).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /enable failed: .*simulated platform failure.* Nothing was enabled/,
    );
    expect((await call("GET", `/public-ips/${inputs.publicIpId}`)).isStaticNat).toBe(false);
    // the next up creates it
    const made = await make("StaticNat", inputs);
    expect(made.outs.state).toBe("Enabled");
    await p("StaticNat").delete!(made.id, made.outs);
  });

  it("a static NAT moved to another instance outside Pulumi shows at refresh, and the next up's diff maps it back", async () => {
    const { publicIpId, instanceId } = await addressAndInstance();
    const inputs = { publicIpId, instanceId };
    const nat = await make("StaticNat", inputs);
    // someone maps the address onto another instance through the API
    const other = await call("POST", "/compute/instances", {
      zoneId: cat.zone,
      serviceOfferingId: cat.offering,
      templateId: cat.template,
      networkIds: cat.net,
    });
    await job(other);
    await job(await call("DELETE", `/public-ips/${publicIpId}/static-nat`));
    await job(await call("POST", `/public-ips/${publicIpId}/static-nat`, { virtualMachineId: other.id }));
    const refreshed = (await p("StaticNat").read!(nat.id, nat.outs)).props as Rec;
    expect(refreshed.instanceId).toBe(other.id);
    expect((await change("StaticNat", nat.id, refreshed, inputs)).diff).toMatchObject({
      replaces: ["instanceId"],
    });
    await p("StaticNat").delete!(nat.id, refreshed);
  });

  it("a replacement that keeps the address or the instance disables first", async () => {
    const olds = { publicIpId: OTHER_ID, instanceId: cat.net, networkId: cat.net };
    const diff = (news: Rec) => p("StaticNat").diff!(OTHER_ID, olds, news);
    expect(await diff({ ...olds, instanceId: OTHER_ID })).toMatchObject({
      replaces: ["instanceId"],
      deleteBeforeReplace: true,
    });
    expect(await diff({ ...olds, publicIpId: cat.net, instanceId: OTHER_ID })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });
});

describeOutputsParsed("addresses", cases);
