// The check and diff rules of cim.VpcGateway, offline (no API): IPv4 addresses, a contiguous netmask, the
// address and the gateway host addresses of one subnet (and not the same), a VLAN of 1–4094, the ACL list
// changing in place while every other field replaces, and a replacement on the same VLAN deleting first.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const check = (news: Rec) => checkKind(kinds.VpcGateway, {}, news);
const diff = (olds: Rec, news: Rec) => diffKind(kinds.VpcGateway, olds, news);

const vpc = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";
const acl = "6a1b7283-94a5-5b6c-9fe0-b5c6d7e8f9a0";
const acl2 = "7b2c8394-a5b6-5c7d-8a01-c6d7e8f9a0b1";
const good = {
  vpcId: vpc,
  ipAddress: "172.16.0.2",
  gateway: "172.16.0.1",
  netmask: "255.255.255.0",
  vlan: 100,
};
const reasonOf = (news: Rec, property: string) =>
  check(news).failures.find((f) => f.property === property)?.reason ?? "";

describe("VpcGateway check", () => {
  it("accepts a gateway and its VPC address in one subnet, with an ACL list id", () => {
    expect(check(good).failures).toEqual([]);
    expect(check({ ...good, aclId: acl, sourceNatSupported: true }).failures).toEqual([]);
    expect(
      check({ ...good, ipAddress: "10.9.0.130", gateway: "10.9.0.129", netmask: "255.255.255.252" }).failures,
    ).toEqual([]);
  });

  it("names the field and the rule: IPv4 addresses, a contiguous netmask, a VLAN of 1–4094", () => {
    expect(reasonOf({ ...good, ipAddress: "172.16.0.300" }, "ipAddress")).toMatch(/must be an IPv4 address/);
    expect(reasonOf({ ...good, gateway: "gw" }, "gateway")).toMatch(/must be an IPv4 address/);
    expect(reasonOf({ ...good, netmask: "255.0.255.0" }, "netmask")).toMatch(/contiguous netmask/);
    expect(reasonOf({ ...good, vlan: 0 }, "vlan")).toMatch(/from 1 to 4094/);
    expect(reasonOf({ ...good, vlan: 4095 }, "vlan")).toMatch(/from 1 to 4094/);
    expect(reasonOf({ ...good, vlan: 10.5 }, "vlan")).toMatch(/whole number/);
    expect(reasonOf({ ...good, vlan: undefined }, "vlan")).not.toBe("");
    expect(reasonOf({ ...good, vpcId: "main" }, "vpcId")).toMatch(/must be an id/);
  });

  it("keeps the address and the gateway host addresses of one subnet, and apart", () => {
    expect(reasonOf({ ...good, ipAddress: "172.16.1.2" }, "ipAddress")).toBe(
      "ipAddress 172.16.1.2 is not a host address of 172.16.0.0/24, the subnet of gateway 172.16.0.1",
    );
    expect(reasonOf({ ...good, ipAddress: "172.16.0.255" }, "ipAddress")).toMatch(/not a host address/);
    expect(reasonOf({ ...good, gateway: "172.16.0.0" }, "gateway")).toMatch(
      /gateway 172\.16\.0\.0 is not a host address of 172\.16\.0\.0\/24/,
    );
    expect(reasonOf({ ...good, ipAddress: "172.16.0.1" }, "ipAddress")).toMatch(/the gateway's own address/);
  });

  it("waits for unknown values", () => {
    expect(check({ ...good, vpcId: UNKNOWN, ipAddress: UNKNOWN }).failures).toEqual([]);
    expect(check({ ...good, vlan: UNKNOWN }).failures).toEqual([]);
  });
});

describe("VpcGateway diff", () => {
  const olds = { ...good, region: "r", aclId: acl, sourceNatSupported: false, state: "Ready" };
  it("the ACL list changes in place; everything else replaces", () => {
    expect(diff(olds, { ...good, aclId: acl }).changes).toBe(false);
    expect(diff(olds, { ...good, aclId: acl2 })).toMatchObject({ changes: true, replaces: [] });
    expect(diff(olds, { ...good, aclId: acl, ipAddress: "172.16.0.3" }).replaces).toEqual(["ipAddress"]);
    expect(diff(olds, { ...good, aclId: acl, vlan: 101 }).replaces).toEqual(["vlan"]);
    expect(diff(olds, { ...good, aclId: acl, sourceNatSupported: true }).replaces).toEqual([
      "sourceNatSupported",
    ]);
    expect(diff(olds, { ...good, aclId: acl, netmask: "255.255.255.0" }).changes).toBe(false);
  });

  it("deletes first when the replacement keeps the VLAN (or it is not known yet)", () => {
    expect(diff(olds, { ...good, aclId: acl, ipAddress: "172.16.0.3" }).deleteBeforeReplace).toBe(true);
    expect(diff(olds, { ...good, aclId: acl, vlan: UNKNOWN }).deleteBeforeReplace).toBe(true);
    expect(diff(olds, { ...good, aclId: acl, vlan: 101 }).deleteBeforeReplace).toBeFalsy();
  });
});
