// The check and diff rules of cim.PublicIp and cim.StaticNat, offline (no API): exactly one of networkId and
// vpcId, ids that look like ids, every field of a static NAT replacing, and when a replacement disables first.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const checkIp = (news: Rec) => checkKind(kinds.PublicIp, {}, news);
const diffIp = (olds: Rec, news: Rec) => diffKind(kinds.PublicIp, olds, news);
const checkNat = (news: Rec) => checkKind(kinds.StaticNat, {}, news);
const diffNat = (olds: Rec, news: Rec) => diffKind(kinds.StaticNat, olds, news);

const net = "5f0a6172-8394-5a5b-8edf-a4b5c6d7e8f9";
const vpc = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";
const vm = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const ip = "6a1b7283-94a5-5b6c-9fe0-b5c6d7e8f9a0";
const ip2 = "7b2c8394-a5b6-5c7d-8a01-c6d7e8f9a0b1";

describe("PublicIp", () => {
  it("takes exactly one of networkId and vpcId, naming the rule; unknown values wait; adoption needs neither", () => {
    expect(checkIp({ networkId: net }).failures).toEqual([]);
    expect(checkIp({ vpcId: vpc, tags: { a: "b" } }).failures).toEqual([]);
    expect(checkIp({}).failures).toEqual([
      { property: "networkId", reason: expect.stringMatching(/^networkId or vpcId is required/) },
    ]);
    expect(checkIp({ networkId: net, vpcId: vpc }).failures).toEqual([
      { property: "vpcId", reason: expect.stringMatching(/give exactly one of networkId and vpcId/) },
    ]);
    expect(checkIp({ networkId: UNKNOWN }).failures).toEqual([]);
    expect(checkIp({ adoptId: ip }).failures).toEqual([]);
    expect(checkIp({ networkId: "web-tier" }).failures[0]).toMatchObject({
      property: "networkId",
      reason: expect.stringMatching(/must be an id \(a UUID\), not a name/),
    });
  });

  it("tags change in place; the network, VPC and zone replace; a VPC address's tier is not drift", () => {
    const olds = { vpcId: vpc, region: "r", tags: {}, ipAddress: "198.18.0.9", state: "Allocated" };
    expect(diffIp(olds, { vpcId: vpc }).changes).toBe(false);
    expect(diffIp(olds, { vpcId: vpc, tags: { a: "b" } })).toMatchObject({ changes: true, replaces: [] });
    expect(diffIp(olds, { networkId: net }).replaces.sort()).toEqual(["networkId", "vpcId"]);
    expect(diffIp({ ...olds, zoneId: "z" }, { vpcId: vpc, zoneId: net }).replaces).toEqual(["zoneId"]);
  });
});

describe("StaticNat", () => {
  it("requires the address and the instance as ids; networkId is optional", () => {
    expect(checkNat({ publicIpId: ip, instanceId: vm }).failures).toEqual([]);
    expect(checkNat({ publicIpId: ip, instanceId: vm, networkId: net }).failures).toEqual([]);
    const missing = checkNat({}).failures.map((f) => f.property);
    expect(missing.sort()).toEqual(["instanceId", "publicIpId"]);
    expect(checkNat({ publicIpId: "198.18.0.9", instanceId: vm }).failures[0]).toMatchObject({
      property: "publicIpId",
      reason: expect.stringMatching(/must be an id/),
    });
  });

  it("every field replaces; keeping the address or the instance disables first, as does an unknown one", () => {
    const olds = { publicIpId: ip, instanceId: vm, networkId: net, region: "r", state: "Enabled" };
    expect(diffNat(olds, { publicIpId: ip, instanceId: vm }).changes).toBe(false);
    expect(diffNat(olds, { publicIpId: ip, instanceId: ip2 })).toMatchObject({
      replaces: ["instanceId"],
      deleteBeforeReplace: true,
    });
    expect(diffNat(olds, { publicIpId: ip2, instanceId: vm, networkId: net })).toMatchObject({
      replaces: ["publicIpId"],
      deleteBeforeReplace: true,
    });
    expect(diffNat(olds, { publicIpId: ip2, instanceId: ip, networkId: net }).deleteBeforeReplace).toBe(
      false,
    );
    expect(diffNat(olds, { publicIpId: UNKNOWN, instanceId: ip }).deleteBeforeReplace).toBe(true);
    expect(diffNat(olds, { publicIpId: ip, instanceId: vm, networkId: vpc }).replaces).toEqual(["networkId"]);
  });
});
