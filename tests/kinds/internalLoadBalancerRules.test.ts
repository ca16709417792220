// The check and diff rules of cim.InternalLoadBalancer, offline (no API): ports 1–65535, the algorithm in any
// case, an IPv4 source address, member ids without duplicates, what changes in place and what replaces, the
// address the API allocates kept when the program leaves it out, and when a replacement deletes first.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const check = (news: Rec) => checkKind(kinds.InternalLoadBalancer, {}, news);
const diff = (olds: Rec, news: Rec) => diffKind(kinds.InternalLoadBalancer, olds, news);

const tier = "5f0a6172-8394-5a5b-8edf-a4b5c6d7e8f9";
const tier2 = "7b2c8394-a5b6-5c7d-8a01-c6d7e8f9a0b1";
const a = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const b = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";
const base = { name: "app", networkId: tier, sourcePort: 80, instancePort: 8080 };
const failing = (news: Rec) => check(news).failures.map((f) => f.property);
const reason = (news: Rec, field: string) => check(news).failures.find((f) => f.property === field)?.reason;

describe("InternalLoadBalancer check", () => {
  it("takes a balancer with its defaults; the algorithm in any case is written lower case", () => {
    expect(check(base).failures).toEqual([]);
    const c = check({ ...base, algorithm: "LeastConn", sourceIpAddress: " 10.1.2.10 ", memberIds: [a, b] });
    expect(c.failures).toEqual([]);
    expect(c.inputs).toMatchObject({
      algorithm: "leastconn",
      sourceIpAddress: "10.1.2.10",
      memberIds: [a, b],
    });
  });

  it("refuses ports outside 1–65535, unknown algorithms, a bad address, names for ids, a member twice", () => {
    expect(reason({ ...base, sourcePort: 0 }, "sourcePort")).toMatch(/must be from 1 to 65535/);
    expect(reason({ ...base, instancePort: 65536 }, "instancePort")).toMatch(/must be from 1 to 65535/);
    expect(reason({ ...base, instancePort: 80.5 }, "instancePort")).toMatch(/whole number/);
    expect(reason({ ...base, algorithm: "random" }, "algorithm")).toMatch(
      /one of roundrobin, leastconn, source/,
    );
    expect(reason({ ...base, sourceIpAddress: "10.1.2" }, "sourceIpAddress")).toMatch(
      /must be an IPv4 address/,
    );
    expect(reason({ ...base, networkId: "app-tier" }, "networkId")).toMatch(/must be an id/);
    expect(reason({ ...base, memberIds: [a, a] }, "memberIds")).toMatch(/must not name an id twice/);
    expect(failing({ name: "app" }).sort()).toEqual(["instancePort", "networkId", "sourcePort"]);
  });
});

describe("InternalLoadBalancer diff", () => {
  const olds = {
    ...base,
    region: "r",
    sourceIpAddressNetworkId: tier,
    sourceIpAddress: "10.1.2.2",
    algorithm: "roundrobin",
    memberIds: [a, b],
    tags: {},
    state: "Active",
  };
  const news = (x: Rec) => check({ ...base, memberIds: [b, a], ...x }).inputs;

  it("the same program, members in another order, the allocated address and defaults left out: no changes", () => {
    expect(diff(olds, news({})).changes).toBe(false);
    expect(diff(olds, news({ sourceIpAddress: "10.1.2.2", algorithm: "ROUNDROBIN" })).changes).toBe(false);
  });

  it("name, description, algorithm, members and tags change in place", () => {
    for (const x of [
      { name: "app-2" },
      { description: "inside" },
      { algorithm: "source" },
      { memberIds: [a] },
      { memberIds: [] },
      { tags: { env: "prod" } },
    ]) {
      expect(diff(olds, news(x)), JSON.stringify(x)).toMatchObject({ changes: true, replaces: [] });
    }
  });

  it("the tier, the address and the ports replace; naming the same address and source port deletes first", () => {
    expect(diff(olds, news({ networkId: tier2 })).replaces).toEqual(["networkId"]);
    expect(diff(olds, news({ sourceIpAddressNetworkId: tier2 })).replaces).toEqual([
      "sourceIpAddressNetworkId",
    ]);
    expect(diff(olds, news({ sourceIpAddress: "10.1.2.9" }))).toMatchObject({
      replaces: ["sourceIpAddress"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, news({ sourceIpAddress: "10.1.2.2", instancePort: 81 }))).toMatchObject({
      replaces: ["instancePort"],
      deleteBeforeReplace: true,
    });
    // left out, the replacement gets a fresh address: no need to delete first
    expect(diff(olds, news({ instancePort: 81 }))).toMatchObject({
      replaces: ["instancePort"],
      deleteBeforeReplace: false,
    });
    expect(diff(olds, news({ sourceIpAddress: "10.1.2.2", sourcePort: 81 })).deleteBeforeReplace).toBe(false);
    // the same source address balanced onto another tier deletes first: one source address serves one network
    expect(
      diff(olds, news({ sourceIpAddress: "10.1.2.2", sourcePort: 81, networkId: tier2 })).deleteBeforeReplace,
    ).toBe(true);
    expect(diff(olds, news({ sourceIpAddress: UNKNOWN, instancePort: 1 })).deleteBeforeReplace).toBe(true);
  });
});
