// cim-cluster-ha in process: a production-tagged Kubernetes cluster with fewer control-plane nodes than configured
// is reported, naming the tag, the count and what to do; enough nodes, clusters not tagged production, a tag
// not known until deploy, and other kinds are not.
import { describe, expect, it } from "vitest";
import { clusterHa, policies } from "../../policy/policies";
import { kinds } from "../../provider/kinds";
import { typeToken } from "../../provider/kinds/define";

const CLUSTER = typeToken(kinds.KubernetesCluster);

function run(type: string, props: Record<string, unknown>, config: object = {}): string[] {
  const reports: string[] = [];
  const args = { type, props, urn: `urn:pulumi:s::p::${type}::kube`, name: "kube", getConfig: () => config };
  const validate = clusterHa.validateResource as (a: unknown, r: (m: string) => void) => void;
  validate(args, (m) => reports.push(m));
  return reports;
}

describe("cim-cluster-ha", () => {
  it("is in the pack, advisory by default", () => {
    expect(policies).toContain(clusterHa);
    expect(clusterHa.enforcementLevel).toBe("advisory");
  });

  it("reports a production cluster with one control node (given or by default), naming tag, count and minimum", () => {
    const [m] = run(CLUSTER, { tags: { env: "Prod" }, controlNodes: 1 });
    expect(m).toContain("tagged env=Prod (production) but has 1 control-plane node, fewer than 2");
    expect(m).toContain("Set controlNodes to 2 or more");
    expect(run(CLUSTER, { tags: { env: "production" } })).toHaveLength(1);
  });

  it("passes enough nodes, clusters not in production, and follows the config", () => {
    expect(run(CLUSTER, { tags: { env: "prod" }, controlNodes: 3 })).toEqual([]);
    expect(run(CLUSTER, { tags: { env: "dev" }, controlNodes: 1 })).toEqual([]);
    expect(run(CLUSTER, { controlNodes: 1 })).toEqual([]);
    expect(run(CLUSTER, { tags: { env: "prod" }, controlNodes: 2 }, { minControlNodes: 3 })).toEqual([
      expect.stringContaining("has 2 control-plane nodes, fewer than 3"),
    ]);
    expect(
      run(CLUSTER, { tags: { stage: "live" }, controlNodes: 1 }, { tagKey: "stage", tagValues: ["live"] }),
    ).toHaveLength(1);
  });

  it("leaves other kinds alone", () => {
    expect(run(typeToken(kinds.Instance), { tags: { env: "prod" }, controlNodes: 1 })).toEqual([]);
  });
});
