// The check and diff rules of cim.Comment, offline (no API): exactly one target, the text's length, the target
// and the text replacing while visibility changes in place, with any token (no service:admin needed: the spec's
// authorization is whole-account).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { fakeJwt } from "../client/helpers";

type Rec = Record<string, unknown>;
const check = (news: Rec, olds: Rec = {}) => checkKind(kinds.Comment, olds, news);
const reasonOf = (news: Rec, property: string, olds: Rec = {}) =>
  check(news, olds).failures.find((f) => f.property === property)?.reason ?? "";

const vol = "4e9f5061-7283-494a-9dce-f3a4b5c6d7e8";
const net = "6a1b7283-94a5-4b6c-9fe0-b5c6d7e8f9a0";
const good = { networkId: net, text: "owned by team a" };

const saved = { ...process.env };
const useToken = (claims: Rec) => {
  process.env.CIM_BASE_URL = "http://127.0.0.1:9";
  process.env.CIM_TOKEN = fakeJwt(claims);
};
beforeEach(() => useToken({ permissions: [] }));
afterEach(() => {
  process.env = { ...saved };
});

describe("Comment check", () => {
  it("takes exactly one target, named by id", () => {
    expect(check(good).failures).toEqual([]);
    for (const k of ["volumeId", "publicIpId", "vpcId", "kubernetesClusterId"])
      expect(check({ [k]: vol, text: "x" }).failures, k).toEqual([]);
    expect(reasonOf({ text: "x" }, "volumeId")).toMatch(
      /needs the resource it is on: give exactly one of volumeId/,
    );
    expect(reasonOf({ ...good, volumeId: vol }, "networkId")).toMatch(
      /give exactly one of .*: volumeId and networkId are given/,
    );
    expect(reasonOf({ ...good, networkId: "web" }, "networkId")).toMatch(
      /must be an id \(a UUID\), not a name/,
    );
    // not known yet at preview: nothing to say
    expect(check({ networkId: UNKNOWN, text: "x" }).failures).toEqual([]);
  });

  it("the text is required, not empty, at most 255 characters", () => {
    expect(reasonOf({ networkId: net }, "text")).toMatch(/text is required/);
    expect(reasonOf({ ...good, text: "   " }, "text")).toMatch(/must not be empty/);
    expect(reasonOf({ ...good, text: "x".repeat(256) }, "text")).toMatch(/at most 255 characters/);
    expect(check({ ...good, text: "x".repeat(255) }).failures).toEqual([]);
  });

  it("adminsOnly is set and changed with any token: the spec's authorization is whole-account", () => {
    const recorded = { ...good, adminsOnly: true };
    for (const permissions of [[], ["service:admin"]]) {
      useToken({ permissions });
      expect(check({ ...good, adminsOnly: true }).failures, String(permissions)).toEqual([]);
      expect(check({ ...good, adminsOnly: false }, recorded).failures, String(permissions)).toEqual([]);
      expect(check(recorded, { ...good, adminsOnly: false }).failures, String(permissions)).toEqual([]);
    }
    expect(reasonOf({ ...good, adminsOnly: "yes" }, "adminsOnly")).not.toBe("");
  });
});

describe("Comment diff", () => {
  const olds = { ...good, adminsOnly: false, region: "r", username: "user-1" };
  it("visibility changes in place; the text and the target replace", () => {
    expect(diffKind(kinds.Comment, olds, { ...good, adminsOnly: true })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(diffKind(kinds.Comment, olds, { ...good, text: "another" }).replaces).toEqual(["text"]);
    expect(
      diffKind(kinds.Comment, olds, { networkId: undefined, volumeId: vol, text: good.text }).replaces.sort(),
    ).toEqual(["networkId", "volumeId"]);
    expect(diffKind(kinds.Comment, olds, { ...good }).changes).toBe(false);
  });
});
