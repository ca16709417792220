// cim.KubernetesCluster's check and diff rules, pure (no API): what is checked, what changes in place (workers,
// offering, autoscaling, version, tags), what replaces, the version steps CloudStack upgrades in place, the
// check-time rules on the catalogue rows, and the kind's own default timeouts.
import { describe, expect, it } from "vitest";
import { compareVersions, upgradableInPlace } from "../../provider/families/kubernetes/kubernetesCluster";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { resolveTimeouts, withDefaults } from "../../provider/lifecycle/timeouts";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const kind = kinds.KubernetesCluster;
const check = (news: Rec, olds: Rec = {}) => checkKind(kind, olds, news);
const diff = (olds: Rec, news: Rec) => diffKind(kind, olds, news);

const zone = "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b";
const v127 = "1b6c2d3e-4f50-5617-8a9b-c0d1e2f3a4b5";
const v128 = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";
const medium = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const large = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";
const net = "5fa06172-8394-5a5b-aedf-a4b5c6d7e8f9";

const news = {
  name: "kube",
  zoneId: zone,
  kubernetesVersionId: v127,
  serviceOfferingId: medium,
  networkId: net,
  size: 2,
  tags: {},
};
const olds = { ...news, region: "r", controlNodes: 1, nodeRootDiskSize: 8, state: "Running" };

describe("KubernetesCluster check", () => {
  it("accepts a cluster; names the field and the rule of what it refuses", () => {
    expect(check(news).failures).toEqual([]);
    const reasons = (n: Rec) => check(n).failures.map((f) => `${f.property}: ${f.reason}`);
    expect(reasons({ ...news, size: 0 })).toEqual([expect.stringMatching(/^size: .*at least 1/)]);
    expect(reasons({ ...news, controlNodes: 0 })).toEqual([
      "controlNodes: controlNodes must be at least 1: the control-plane nodes (default 1)",
    ]);
    expect(reasons({ ...news, controlNodes: 1.5 })).toEqual([
      expect.stringMatching(/^controlNodes: .*whole/),
    ]);
    expect(reasons({ ...news, kubernetesVersionId: "1.28.4" })).toEqual([
      expect.stringMatching(/^kubernetesVersionId: .*not a name/),
    ]);
    expect(reasons({ ...news, autoscaling: { minSize: 3, maxSize: 3 } })).toEqual([
      expect.stringMatching(/autoscaling.maxSize must be greater than minSize/),
    ]);
    expect(reasons({ ...news, autoscaling: { minSize: 0, maxSize: 3 } })).toEqual([
      expect.stringMatching(/at least 1/),
    ]);
    expect(reasons({ ...news, networkId: undefined })).toEqual([
      expect.stringMatching(/^networkId: .*required/),
    ]);
  });

  it("a cluster whose create failed (Error) cannot be adopted; a running one can", () => {
    expect(kind.adoptable!({ id: "k", state: "Error" } as never)).toMatch(/state Error/);
    expect(kind.adoptable!({ id: "k", state: "Running" } as never)).toBeUndefined();
  });

  it("the name is required unless adopting", () => {
    const { name: _, ...nameless } = news;
    expect(check(nameless).failures.map((f) => f.property)).toEqual(["name"]);
    expect(check({ ...nameless, adoptId: v128 }).failures).toEqual([]);
  });

  it("catalogue rules: the offering meets the version's minimums; an Enabled version; HA and autoscaling support", () => {
    const version = {
      id: v127,
      semanticVersion: "1.27.3",
      minimumCpuNumber: 2,
      minimumRamSize: 2048,
      state: "Enabled",
      supportsHa: true,
      supportsAutoscaling: true,
    };
    const lookups = (i: Rec, v: Rec, o: Rec) =>
      kind.lookups!(i as never, { kubernetesVersionId: v, serviceOfferingId: o }).map((f) => f.property);
    expect(lookups(news, version, { cpuNumber: 2, memory: 4096 })).toEqual([]);
    expect(lookups(news, version, { cpuNumber: 1, memory: 4096 })).toEqual(["serviceOfferingId"]);
    expect(lookups(news, version, { cpuNumber: 2, memory: 512 })).toEqual(["serviceOfferingId"]);
    expect(lookups(news, { ...version, state: "Disabled" }, { cpuNumber: 2, memory: 4096 })).toEqual([
      "kubernetesVersionId",
    ]);
    expect(
      lookups(
        { ...news, controlNodes: 3 },
        { ...version, supportsHa: false },
        { cpuNumber: 2, memory: 4096 },
      ),
    ).toEqual(["controlNodes"]);
    expect(
      lookups(
        { ...news, autoscaling: { minSize: 1, maxSize: 3 } },
        { ...version, supportsAutoscaling: false },
        { cpuNumber: 2, memory: 4096 },
      ),
    ).toEqual(["autoscaling"]);
  });
});

describe("KubernetesCluster diff", () => {
  it("the same program is no change; workers, offering, version and tags change in place", () => {
    expect(diff(olds, news).changes).toBe(false);
    expect(
      diff(olds, { ...news, size: 4, serviceOfferingId: large, kubernetesVersionId: v128, tags: { a: "b" } }),
    ).toMatchObject({ replaces: [], updates: ["kubernetesVersionId", "serviceOfferingId", "size", "tags"] });
  });

  it("name, zone, network, control nodes, key pair and root disk replace", () => {
    for (const [field, value] of [
      ["name", "other"],
      ["zoneId", v128],
      ["networkId", v128],
      ["controlNodes", 3],
      ["keyPair", "ops"],
      ["nodeRootDiskSize", 20],
    ] as const) {
      expect(diff(olds, { ...news, [field]: value }).replaces, field).toEqual([field]);
    }
    // controlNodes left out means 1: no change against a cluster of one
    expect(diff(olds, news).replaces).toEqual([]);
  });

  it("autoscaling: on and off in place; while on, size is the autoscaler's and no drift", () => {
    const bounds = { minSize: 1, maxSize: 5 };
    expect(diff(olds, { ...news, autoscaling: bounds })).toMatchObject({ updates: ["autoscaling"] });
    const scaling = { ...olds, autoscaling: bounds, size: 4 };
    expect(diff(scaling, { ...news, autoscaling: bounds, size: 2 }).changes).toBe(false);
    expect(diff(scaling, { ...news, size: 4 })).toMatchObject({ updates: ["autoscaling"] });
    expect(diff(scaling, { ...news, autoscaling: { minSize: 2, maxSize: 5 } }).updates).toEqual([
      "autoscaling",
    ]);
  });

  it("an unknown value at preview is a change", () => {
    expect(diff(olds, { ...news, size: UNKNOWN }).updates).toEqual(["size"]);
  });

  it("replaceWhen: only a version change is looked at, and nothing when the catalogue cannot be read", async () => {
    const prev = process.env.CIM_SKIP_LOOKUPS;
    process.env.CIM_SKIP_LOOKUPS = "1";
    try {
      expect(
        await kind.replaceWhen!(olds, { ...news, kubernetesVersionId: v128 }, ["kubernetesVersionId"]),
      ).toEqual([]);
      expect(await kind.replaceWhen!(olds, { ...news, size: 3 }, ["size"])).toEqual([]);
    } finally {
      if (prev === undefined) delete process.env.CIM_SKIP_LOOKUPS;
      else process.env.CIM_SKIP_LOOKUPS = prev;
    }
  });
});

describe("Kubernetes version steps (CloudStack's canUpgradeKubernetesVersion)", () => {
  it("compares semantic versions numerically", () => {
    expect(compareVersions("1.10.0", "1.9.9")).toBe(1);
    expect(compareVersions("1.28.4", "1.28.4")).toBe(0);
    expect(compareVersions("1.27.3", "1.27.10")).toBe(-1);
  });

  it("a patch release or the next minor upgrades in place; anything else does not", () => {
    expect(upgradableInPlace("1.27.3", "1.27.8")).toBe(true);
    expect(upgradableInPlace("1.27.8", "1.28.0")).toBe(true);
    expect(upgradableInPlace("1.27.3", "1.29.2")).toBe(false);
    expect(upgradableInPlace("1.28.4", "1.27.8")).toBe(false);
    expect(upgradableInPlace("1.28.4", "1.28.4")).toBe(false);
    expect(upgradableInPlace("1.28.4", "2.0.0")).toBe(false);
  });
});

describe("KubernetesCluster timeouts", () => {
  it("an hour to create by default; the program's timeouts win per operation", () => {
    expect(resolveTimeouts(withDefaults(undefined, kind.timeouts))).toMatchObject({
      create: 3_600_000,
      update: 3_600_000,
      delete: 1_800_000,
    });
    expect(resolveTimeouts(withDefaults({ create: "90m", delete: undefined }, kind.timeouts))).toMatchObject({
      create: 5_400_000,
      delete: 1_800_000,
    });
    // other kinds keep the shared default
    expect(resolveTimeouts(withDefaults(undefined, kinds.Volume.timeouts)).create).toBe(20 * 60_000);
  });
});
