// cim-multi-region-same-region on the resources a preview hands a stack policy: a member sent to another region
// than its group's, or looking its VPC up in another region than the VPC's, is reported on the member; regions
// left to the API default (unknown to a policy) and members of literal ids are left to the provider's check.
import type { PolicyResource } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { multiRegionSameRegion } from "../../policy/multiRegion";
import { TYPES } from "../../policy/policies";
import { res, violationsOf } from "./stackResources";

const FRA = "4b7718ab-60c2-5f8e-adc5-2993c68bd23f";
const AMS = "97a7a1c2-0d3e-5f4a-8b6c-7d8e9f0a1b2c";

const violations = (resources: PolicyResource[]) => violationsOf(multiRegionSameRegion, resources);

describe("cim-multi-region-same-region", () => {
  const group = res(TYPES.MultiRegionGroup, "mesh", { region: FRA });
  const ams = res(TYPES.Vpc, "ams", { region: AMS });

  it("is mandatory by default", () => {
    expect(multiRegionSameRegion.enforcementLevel).toBe("mandatory");
  });

  it("reports a member that looks a VPC of another region up in its own, naming vpcRegion", () => {
    const m = res(TYPES.MultiRegionGroupVpc, "mesh-ams", { region: FRA }, { groupId: [group], vpcId: [ams] });
    const found = violations([group, ams, m]);
    expect(found).toEqual([
      {
        urn: m.urn,
        message: expect.stringMatching(
          new RegExp(
            `looks its VPC ams \\(Vpc\\) up in region ${FRA}, but the VPC is in region ${AMS}: give the member vpcRegion`,
          ),
        ),
      },
    ]);
  });

  it("reports a member sent to another region than its group's", () => {
    const m = res(TYPES.MultiRegionGroupVpc, "away", { region: AMS }, { groupId: [group], vpcId: [ams] });
    expect(violations([group, ams, m]).map((v) => v.message)).toEqual([
      expect.stringContaining(`but its group mesh (MultiRegionGroup) lives in region ${FRA}`),
    ]);
  });

  it("passes the right regions, defaults it cannot judge, and literal ids", () => {
    const right = res(
      TYPES.MultiRegionGroupVpc,
      "ok",
      { region: FRA, vpcRegion: AMS },
      { groupId: [group], vpcId: [ams] },
    );
    const defaults = res(
      TYPES.MultiRegionGroupVpc,
      "d",
      {},
      { groupId: [res(TYPES.MultiRegionGroup, "g", {})], vpcId: [ams] },
    );
    const literal = res(TYPES.MultiRegionGroupVpc, "l", { region: FRA, groupId: "x", vpcId: "y" });
    expect(violations([group, ams, right, defaults, literal])).toEqual([]);
  });
});
