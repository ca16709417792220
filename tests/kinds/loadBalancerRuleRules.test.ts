// The check and diff rules of cim.LoadBalancerRule, offline (no API): ports 1–65535, protocol and algorithm
// values (any case), member ids without duplicates, which fields change in place and which replace, the
// defaults the API applies (no diff when left out), and when a replacement deletes first.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { membershipDelta } from "../../provider/lifecycle/members";
import { sameSet, UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const check = (news: Rec) => checkKind(kinds.LoadBalancerRule, {}, news);
const diff = (olds: Rec, news: Rec) => diffKind(kinds.LoadBalancerRule, olds, news);

const ip = "6a1b7283-94a5-5b6c-9fe0-b5c6d7e8f9a0";
const ip2 = "7b2c8394-a5b6-5c7d-8a01-c6d7e8f9a0b1";
const net = "5f0a6172-8394-5a5b-8edf-a4b5c6d7e8f9";
const a = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const b = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";
const base = { name: "web", publicIpId: ip, publicPort: 80, privatePort: 8080 };
const failing = (news: Rec) => check(news).failures.map((f) => f.property);
const reason = (news: Rec, field: string) => check(news).failures.find((f) => f.property === field)?.reason;

describe("LoadBalancerRule check", () => {
  it("takes a rule with its defaults; protocol and algorithm in any case are written lower case", () => {
    expect(check(base).failures).toEqual([]);
    const c = check({ ...base, protocol: "TCP-Proxy", algorithm: "LeastConn", memberIds: [a, b] });
    expect(c.failures).toEqual([]);
    expect(c.inputs).toMatchObject({ protocol: "tcp-proxy", algorithm: "leastconn", memberIds: [a, b] });
  });

  it("refuses ports outside 1–65535, unknown protocols and algorithms, names for ids, a member twice", () => {
    expect(reason({ ...base, publicPort: 0 }, "publicPort")).toMatch(/must be from 1 to 65535/);
    expect(reason({ ...base, privatePort: 65536 }, "privatePort")).toMatch(/must be from 1 to 65535/);
    expect(reason({ ...base, privatePort: 80.5 }, "privatePort")).toMatch(/whole number/);
    expect(reason({ ...base, protocol: "icmp" }, "protocol")).toMatch(/one of tcp, udp, tcp-proxy/);
    expect(reason({ ...base, algorithm: "random" }, "algorithm")).toMatch(
      /one of roundrobin, leastconn, source/,
    );
    expect(reason({ ...base, publicIpId: "198.18.0.7" }, "publicIpId")).toMatch(/must be an id/);
    expect(reason({ ...base, memberIds: [a, a] }, "memberIds")).toMatch(/must not name an id twice/);
    expect(reason({ ...base, memberIds: ["web-1"] }, "memberIds")).toMatch(/memberIds\[0\] must be an id/);
    expect(failing({ name: "web" }).sort()).toEqual(["privatePort", "publicIpId", "publicPort"]);
  });
});

describe("LoadBalancerRule diff", () => {
  const olds = {
    ...base,
    region: "r",
    networkId: net,
    protocol: "tcp",
    algorithm: "roundrobin",
    memberIds: [a, b],
    tags: {},
    state: "Active",
  };
  const news = (x: Rec) => check({ ...base, memberIds: [b, a], ...x }).inputs;

  it("the same program, members in another order, defaults left out: no changes", () => {
    expect(diff(olds, news({})).changes).toBe(false);
  });

  it("name, description, algorithm, members and tags change in place", () => {
    for (const x of [
      { name: "web-2" },
      { description: "front" },
      { algorithm: "source" },
      { memberIds: [a] },
      { memberIds: [] },
      { tags: { env: "prod" } },
    ]) {
      expect(diff(olds, news(x)), JSON.stringify(x)).toMatchObject({ changes: true, replaces: [] });
    }
  });

  it("the address, network, ports and protocol replace; keeping the address and public port deletes first", () => {
    expect(diff(olds, news({ publicPort: 81 }))).toMatchObject({
      replaces: ["publicPort"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, news({ privatePort: 81 }))).toMatchObject({
      replaces: ["privatePort"],
      deleteBeforeReplace: true,
    });
    expect(diff(olds, news({ protocol: "udp" })).replaces).toEqual(["protocol"]);
    expect(diff(olds, news({ networkId: ip2 })).replaces).toEqual(["networkId"]);
    // the same address moved to another network deletes first: the platform serves it there once the rule is gone
    expect(diff(olds, news({ networkId: ip2, publicPort: 81 })).deleteBeforeReplace).toBe(true);
    expect(diff(olds, news({ publicIpId: ip2 }))).toMatchObject({
      replaces: ["publicIpId"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, news({ publicIpId: UNKNOWN, privatePort: 1 })).deleteBeforeReplace).toBe(true);
  });
});

describe("members, declared once (lifecycle/members.ts)", () => {
  it("compares as sets and splits a change into what left and what came", () => {
    expect(sameSet([a, b], [b, a])).toBe(true);
    expect(sameSet([a], [a, b])).toBe(false);
    expect(sameSet(undefined, [])).toBe(true);
    expect(membershipDelta([a, b], [b, ip])).toEqual({ add: [ip], remove: [a] });
    expect(membershipDelta([], [a])).toEqual({ add: [a], remove: [] });
  });
});
