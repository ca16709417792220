// cim-multi-region-same-region: a multi-region group member must be sent to its group's region and must look
// its VPC up in the VPC's region. An id is valid only in its own region, so a member whose `region` is not its
// group's, or whose `vpcRegion` (default: its `region`) is not its VPC's, fails at `up` with a 404 after the
// rest of the program was made. The provider's check catches it for ids given as text; for a group and a VPC
// made by the same program the ids are unknown at preview, and only the program's links say which resource a
// member names (the engine's property dependencies), so this stack policy does.
import type {
  PolicyResource,
  ReportViolation,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { dependsThrough, isKind, known, label } from "./policies";

/** A region input as the policy sees it: a uuid, or undefined (the API default: unknown to a policy). */
function regionOf(r: PolicyResource, property = "region"): string | undefined {
  const v = known(() => (r.props as Record<string, unknown>)[property]);
  return typeof v === "string" && v ? v : undefined;
}

export const multiRegionSameRegion: StackValidationPolicy = {
  name: "cim-multi-region-same-region",
  description:
    "A cim.MultiRegionGroupVpc is sent to its group's region and names its VPC's region (vpcRegion): ids are valid only in their own region.",
  enforcementLevel: "mandatory",
  severity: "medium",
  validateStack: (args: StackValidationArgs, report: ReportViolation) => {
    for (const m of args.resources.filter((r) => isKind(r.type, "MultiRegionGroupVpc"))) {
      const own = regionOf(m);
      const vpcRegion = regionOf(m, "vpcRegion") ?? own;
      for (const g of dependsThrough(m, "groupId", "MultiRegionGroup")) {
        const groupRegion = regionOf(g);
        if (groupRegion && own && groupRegion !== own) {
          report(
            `${label(m)} is sent to region ${own}, but its group ${label(g)} lives in region ${groupRegion}, where the API looks it up: give the member region: <group>.region.`,
            m.urn,
          );
        }
      }
      for (const v of dependsThrough(m, "vpcId", "Vpc")) {
        const there = regionOf(v);
        if (there && vpcRegion && there !== vpcRegion) {
          report(
            `${label(m)} looks its VPC ${label(v)} up in region ${vpcRegion}, but the VPC is in region ${there}: give the member vpcRegion: <vpc>.region.`,
            m.urn,
          );
        }
      }
    }
  },
};

export const multiRegionPolicies = [multiRegionSameRegion];
