// The pack applies to the resources of `pulumi-cim/native` (type `cim:index:<Kind>`) exactly as to those of
// `pulumi-cim` (`pulumi-nodejs:dynamic/cim:<Kind>`): a program that switches its import stays under every policy.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { multiRegionSameRegion } from "../../policy/multiRegion";
import {
  backupNeedsOffering,
  clusterHa,
  isKind,
  kindOf,
  lbMinMembers,
  maxRootDiskSize,
  noOpenAdminPorts,
  noPasswordSsh,
  productionDeleteProtection,
} from "../../policy/policies";
import { noPublicTemplates } from "../../policy/templates";
import { type KindName, kindList } from "../../provider/kinds";
import { nativeTypeToken, typeToken } from "../../provider/kinds/define";
import { res, violationsOf } from "./stackResources";

const PATHS = {
  dynamic: (kind: KindName) => typeToken({ name: kind }),
  native: (kind: KindName) => nativeTypeToken({ name: kind }),
};

/** What a resource policy reports on one resource, as the policy runtime hands it over. */
function reports(policy: ResourceValidationPolicy, type: string, props: Record<string, unknown>): string[] {
  const out: string[] = [];
  const args = {
    type,
    props,
    urn: `urn:pulumi:s::p::${type}::r`,
    name: "r",
    opts: {},
    getConfig: () => ({}),
    notApplicable: () => undefined,
    isType: (c: { __pulumiType: string }) => c.__pulumiType === type,
    asType: (c: { __pulumiType: string }) => (c.__pulumiType === type ? props : undefined),
  };
  (policy.validateResource as (a: unknown, r: (m: string) => void) => void)(args, (m) => out.push(m));
  return out;
}

/** A resource each policy reports with its default config. */
const CASES: [ResourceValidationPolicy, KindName, Record<string, unknown>][] = [
  [noPasswordSsh, "Instance", { allowPasswordSsh: true }],
  [
    noOpenAdminPorts,
    "NetworkAclRule",
    { protocol: "tcp", startPort: 22, endPort: 22, cidrList: ["0.0.0.0/0"] },
  ],
  [productionDeleteProtection, "Instance", { tags: { env: "prod" } }],
  [maxRootDiskSize, "Instance", { rootDiskSize: 100_000 }],
  [clusterHa, "KubernetesCluster", { tags: { env: "prod" }, controlNodes: 1 }],
  [lbMinMembers, "LoadBalancerRule", { memberIds: ["i-1"] }],
  [noPublicTemplates, "TemplatePermissions", { templateId: "t", isPublic: true }],
];

describe("the policy pack on both paths", () => {
  it("knows every kind by the type token of either path", () => {
    for (const k of kindList) {
      const kind = k.name as KindName;
      expect(kindOf(PATHS.dynamic(kind))).toBe(kind);
      expect(kindOf(PATHS.native(kind))).toBe(kind);
      expect(isKind(PATHS.native(kind), kind)).toBe(true);
    }
    expect(kindOf("aws:ec2/instance:Instance")).toBeUndefined();
  });

  for (const [policy, kind, props] of CASES) {
    it(`${policy.name} reports a cim:index:${kind} as it reports its dynamic twin`, () => {
      const dynamic = reports(policy, PATHS.dynamic(kind), props);
      expect(dynamic.length, "the case is a violation").toBeGreaterThan(0);
      expect(reports(policy, PATHS.native(kind), props)).toEqual(dynamic);
      // a type of another package is none of the pack's business
      expect(reports(policy, `other:index:${kind}`, props)).toEqual([]);
    });
  }

  it("stack policies link native resources through their dependencies as they link dynamic ones", () => {
    for (const type of Object.values(PATHS)) {
      const db = res(type("Instance"), "db", { zoneId: "z" });
      const nightly = res(type("BackupSchedule"), "nightly", {}, { instanceId: [db] });
      expect(violationsOf(backupNeedsOffering, [db, nightly]).map((v) => v.urn)).toEqual([nightly.urn]);

      const group = res(type("MultiRegionGroup"), "mesh", { region: "fra" });
      const vpc = res(type("Vpc"), "ams", { region: "ams" });
      const member = res(
        type("MultiRegionGroupVpc"),
        "m",
        { region: "ams" },
        { groupId: [group], vpcId: [vpc] },
      );
      expect(violationsOf(multiRegionSameRegion, [group, vpc, member]).map((v) => v.urn)).toContain(
        member.urn,
      );
    }
  });
});
