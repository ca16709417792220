// The check and diff rules of cim.MultiRegionGroup, cim.MultiRegionGroupVpc and cim.Project, offline (no API):
// ids that are ids, the VPC's region a region uuid, names and texts within the API's lengths; what changes in
// place and what replaces; a member's replacement leaves its group before joining again.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const group = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";
const vpc = "6a1b7283-94a5-5b6c-9fe0-b5c6d7e8f9a0";
const ams = "7b2c8394-a5b6-5c7d-8a01-c6d7e8f9a0b1";
const fra = "8c3d94a5-b6c7-5d8e-9b12-d7e8f9a0b1c2";

const reasonOf = (
  kind: "MultiRegionGroup" | "MultiRegionGroupVpc" | "Project",
  news: Rec,
  property: string,
) => checkKind(kinds[kind], {}, news).failures.find((f) => f.property === property)?.reason ?? "";

describe("MultiRegionGroupVpc check and diff", () => {
  const good = { groupId: group, vpcId: vpc, vpcRegion: ams };

  it("takes a group, a VPC and the VPC's region as ids; names the field when one is a name", () => {
    expect(checkKind(kinds.MultiRegionGroupVpc, {}, good).failures).toEqual([]);
    expect(checkKind(kinds.MultiRegionGroupVpc, {}, { groupId: group, vpcId: vpc }).failures).toEqual([]);
    expect(reasonOf("MultiRegionGroupVpc", { ...good, vpcRegion: "nl-ams-1" }, "vpcRegion")).toMatch(
      /vpcRegion must be an id \(a UUID\), not a name: the region uuid of the VPC/,
    );
    expect(reasonOf("MultiRegionGroupVpc", { ...good, vpcId: "web-vpc" }, "vpcId")).toMatch(/must be an id/);
    expect(reasonOf("MultiRegionGroupVpc", { vpcId: vpc }, "groupId")).toMatch(/is required/);
    expect(reasonOf("MultiRegionGroupVpc", { ...good, regionId: ams }, "regionId")).toMatch(
      /vpcRegion|region/,
    );
    expect(checkKind(kinds.MultiRegionGroupVpc, {}, { ...good, vpcId: UNKNOWN }).failures).toEqual([]);
  });

  it("every field replaces, a replacement leaves first; a vpcRegion left out keeps the recorded one", () => {
    const olds = { ...good, region: fra, state: "Active" };
    for (const [k, v] of [
      ["groupId", ams],
      ["vpcId", ams],
      ["vpcRegion", fra],
    ] as const) {
      const d = diffKind(kinds.MultiRegionGroupVpc, olds, { ...good, region: fra, [k]: v });
      expect(d.replaces, k).toEqual([k]);
      expect(d.deleteBeforeReplace, k).toBe(true);
      expect(d.deletesFirstWhy, k).toBe("a group takes one VPC per region");
    }
    const { vpcRegion: _, ...without } = good;
    expect(diffKind(kinds.MultiRegionGroupVpc, olds, { ...without, region: fra }).changes).toBe(false);
    // a join that failed (state Error) is replaced by the next up
    expect(
      diffKind(kinds.MultiRegionGroupVpc, { ...olds, state: "Error" }, { ...good, region: fra }).replaces,
    ).toEqual(["state"]);
  });
});

describe("MultiRegionGroup and Project check and diff", () => {
  it("names and descriptions change in place; the region replaces", () => {
    const olds = { name: "mesh", description: "a", region: fra, state: "Active" };
    const d = diffKind(kinds.MultiRegionGroup, olds, { name: "mesh-2", description: "b", region: fra });
    expect(d).toMatchObject({ changes: true, replaces: [], updates: ["name", "description"] });
    expect(diffKind(kinds.MultiRegionGroup, olds, { name: "mesh", region: ams }).replaces).toEqual([
      "region",
    ]);
    const p = diffKind(
      kinds.Project,
      { name: "web", displayText: "Web", region: fra },
      { name: "web", region: fra },
    );
    expect(p.changes).toBe(false); // displayText left out: the API's choice stays
  });

  it("refuses names past the API's 255 characters and empty texts, naming the field", () => {
    expect(reasonOf("MultiRegionGroup", { name: "x".repeat(256) }, "name")).toMatch(/at most 255 characters/);
    expect(reasonOf("MultiRegionGroup", { description: "d" }, "name")).toMatch(/name is required/);
    expect(reasonOf("Project", { name: "web", displayText: "" }, "displayText")).toMatch(/must not be empty/);
    expect(reasonOf("Project", { name: 7 }, "name")).toMatch(/must be a string/);
  });
});
