// The check and diff rules of cim.Comment, offline (no API): exactly one target, the text's length, the target
// and the text replacing while visibility changes in place, and visibility needing an administrator's token
// (read from the token's permissions claim, as the platform lets only administrators see admins-only comments
// and change visibility).
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

  it("adminsOnly needs an administrator's token: to create such a comment, and to change visibility", () => {
    expect(reasonOf({ ...good, adminsOnly: true }, "adminsOnly")).toMatch(
      /adminsOnly: true needs an administrator's token \(the service:admin permission\)/,
    );
    const recorded = { ...good, adminsOnly: true };
    expect(reasonOf({ ...good, adminsOnly: false }, "adminsOnly", recorded)).toMatch(
      /lets only administrators do \(updateAnnotationVisibility\)/,
    );
    // left as it was: nothing to refuse; false is what a user's token may set
    expect(check(recorded, recorded).failures).toEqual([]);
    expect(check({ ...good, adminsOnly: false }).failures).toEqual([]);
    useToken({ permissions: ["service:admin"] });
    expect(check({ ...good, adminsOnly: true }).failures).toEqual([]);
    expect(check({ ...good, adminsOnly: false }, recorded).failures).toEqual([]);
    // without a token the API decides (and the settings check says what is missing)
    delete process.env.CIM_TOKEN;
    expect(check({ ...good, adminsOnly: true }).failures).toEqual([]);
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
