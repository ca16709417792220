// cim-lb-min-members in process (the CLI run is tests/e2e/policy.test.ts): a rule or internal load balancer with
// fewer members than configured is reported, naming the count and what to do; enough members, a list of outputs
// not yet known, and other kinds are not.
import { describe, expect, it } from "vitest";
import { lbMinMembers } from "../../policy/policies";
import { kinds } from "../../provider/kinds";
import { typeToken } from "../../provider/kinds/define";

function run(type: string, props: Record<string, unknown>, config: object = {}): string[] {
  const reports: string[] = [];
  const args = {
    type,
    props,
    urn: `urn:pulumi:s::p::${type}::web`,
    name: "web",
    opts: {},
    getConfig: () => config,
    notApplicable: () => undefined,
    isType: (c: { __pulumiType: string }) => c.__pulumiType === type,
    asType: (c: { __pulumiType: string }) => (c.__pulumiType === type ? props : undefined),
  };
  const validate = lbMinMembers.validateResource as (a: unknown, r: (m: string) => void) => void;
  validate(args, (m) => reports.push(m));
  return reports;
}

const LB = typeToken(kinds.LoadBalancerRule);
const a = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const b = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";

describe("cim-lb-min-members", () => {
  it("is advisory by default", () => {
    expect(lbMinMembers.enforcementLevel).toBe("advisory");
  });

  it("reports a rule with no member or one, naming the count and the minimum", () => {
    expect(run(LB, { memberIds: [a] })).toEqual([
      expect.stringContaining("memberIds names 1 instance, fewer than 2"),
    ]);
    expect(run(LB, {})).toEqual([expect.stringContaining("memberIds names 0 instances, fewer than 2")]);
  });

  it("passes two members, and follows minMembers from the config", () => {
    expect(run(LB, { memberIds: [a, b] })).toEqual([]);
    expect(run(LB, { memberIds: [a, b] }, { minMembers: 3 })).toEqual([
      expect.stringContaining("memberIds names 2 instances, fewer than 3"),
    ]);
    expect(run(LB, { memberIds: [a] }, { minMembers: 1 })).toEqual([]);
  });

  it("covers internal load balancers, naming their tier", () => {
    const ILB = typeToken(kinds.InternalLoadBalancer);
    expect(run(ILB, { memberIds: [a] })).toEqual([
      expect.stringContaining("memberIds names 1 instance, fewer than 2"),
    ]);
    expect(run(ILB, { memberIds: [a] })[0]).toContain("Add instances on the load balancer's tier");
    expect(run(ILB, { memberIds: [a, b] })).toEqual([]);
  });

  it("leaves other kinds alone", () => {
    expect(run(typeToken(kinds.Instance), { memberIds: [] })).toEqual([]);
  });
});
