// The policy pack (policy/) through the real CLI: `pulumi preview --policy-pack policy/` on a program against the
// emulator (the providers' check runs, with its lookups). A compliant program passes; each violation is reported
// with its policy, resource, message and enforcement level; mandatory ones fail the preview, advisory ones do
// not; enforcement levels and rule settings come from the pack's config file.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { type OpResult, repoRoot, requireToolchain, runPulumi, sourceHome } from "../harness";

const program = path.join(__dirname, "programs", "policy.cjs");
const pack = path.join(repoRoot, "policy");

interface Violation {
  level: string;
  policy: string;
  type: string;
  name: string;
  /** The policy description and the violation message, as printed. */
  text: string;
}

/**
 * The policy violations in a preview's output, printed as
 * `pulumi-cim@v0.1.0 [level] [severity: s]  policy  (type: name)description\nmessage`.
 */
function violations(result: OpResult): Violation[] {
  const out = `${result.output ?? ""}`;
  const header = /^\s*pulumi-cim@v[\d.]+ \[(\w+)\](?: \[severity: \w+\])?\s+(\S+)\s+\((\S+): ([^)]+)\)/gm;
  const found: Violation[] = [];
  const starts: { m: RegExpExecArray; end: number }[] = [];
  for (let m = header.exec(out); m; m = header.exec(out)) starts.push({ m, end: header.lastIndex });
  starts.forEach(({ m, end }, i) => {
    const next = starts[i + 1]?.m.index ?? out.length;
    // The message runs until the next violation or the next resource line.
    const text = out.slice(end, next).split(/\n\s*[+~-] pulumi|\nResources:|\nPolicy Packs run:/)[0];
    found.push({ level: m[1], policy: m[2], type: m[3], name: m[4], text: text.trim() });
  });
  return found;
}

let emu: Emulator;
let token: string;
let dir: string;
let files: {
  main: string;
  zones: string;
  advisorySsh: string;
  noSsh: string;
  mandatoryTags: string;
  example: string;
};

beforeAll(async () => {
  requireToolchain();
  if (!fs.existsSync(path.join(repoRoot, "dist", "policy", "index.js"))) {
    throw new Error("the policy pack is not built (dist/policy): run the tests through `npm test`");
  }
  emu = await startEmulator({ jobLatencyMs: 0 });
  token = await emu.token();
  const primary = emu.regions.find((r) => r.primary)!.id;
  dir = fs.mkdtempSync(path.join(repoRoot, ".state", "policy-config-"));
  // Zones by name → id, as the program looks them up.
  const zones = (await (
    await fetch(`${emu.url}/api/v1/zones`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: string; name: string }[];
  const zone = (name: string) => zones.find((z) => z.name === name)!.id;
  const base = {
    "cim-required-tags": { requiredTags: ["env", "owner"] },
    "cim-allowed-regions": { allowedRegions: [primary] },
    "cim-allowed-zones": { allowedZones: [zone("de-fra-1a"), zone("de-fra-1b")] },
    "cim-max-root-disk-size": { maxRootDiskSizeGb: 100 },
  };
  const write = (name: string, config: object) => {
    const file = path.join(dir, `${name}.json`);
    fs.writeFileSync(file, JSON.stringify(config, null, 2));
    return file;
  };
  files = {
    main: write("main", base),
    zones: write("zones", { ...base, "cim-allowed-zones": { allowedZones: [zone("de-fra-1a")] } }),
    advisorySsh: write("advisory-ssh", { ...base, "cim-no-password-ssh": "advisory" }),
    noSsh: write("no-ssh", { ...base, "cim-no-password-ssh": "disabled" }),
    mandatoryTags: write("mandatory-tags", {
      ...base,
      "cim-required-tags": { enforcementLevel: "mandatory", requiredTags: ["env", "owner"] },
    }),
    // The documented example (its region list names the emulator's primary region).
    example: path.join(pack, "config.example.json"),
  };
  const example = JSON.parse(fs.readFileSync(files.example, "utf8"));
  expect(example["cim-allowed-regions"].allowedRegions).toEqual([primary]);
}, 60_000);

afterAll(async () => {
  await emu?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const cases = [
  { violation: "none", config: "main", policies: [] as string[] },
  { violation: "password-ssh", config: "main", policies: ["cim-no-password-ssh"], mandatory: true },
  {
    violation: "delete-protection",
    config: "main",
    policies: ["cim-production-delete-protection"],
    mandatory: true,
  },
  { violation: "tags", config: "main", policies: ["cim-required-tags"] },
  { violation: "region", config: "main", policies: ["cim-allowed-regions"] },
  { violation: "none", config: "zones", policies: ["cim-allowed-zones"] },
  { violation: "root-disk", config: "main", policies: ["cim-max-root-disk-size"] },
  { violation: "backup", config: "main", policies: ["cim-instance-backup-schedule"] },
  { violation: "volume-zone", config: "main", policies: ["cim-volume-same-zone"] },
  // Enforcement levels from the pack config: a mandatory rule made advisory, an advisory one made mandatory.
  { violation: "password-ssh", config: "advisorySsh", policies: ["cim-no-password-ssh"] },
  { violation: "tags", config: "mandatoryTags", policies: ["cim-required-tags"], mandatory: true },
  // policy/config.example.json is a valid config: the compliant program passes; without a backup schedule
  // (disabled there) too; the missing owner tag is mandatory there.
  { violation: "none", config: "example", policies: [] },
  { violation: "backup", config: "example", policies: [] },
  { violation: "tags", config: "example", policies: ["cim-required-tags"], mandatory: true },
  { violation: "open-ssh", config: "main", policies: ["cim-no-open-admin-ports"], mandatory: true },
  // An instance with password SSH exposed by a static NAT: the exposure rule holds where the general one is off.
  { violation: "exposed-ssh", config: "noSsh", policies: ["cim-static-nat-exposure"], mandatory: true },
  {
    violation: "exposed-ssh",
    config: "main",
    policies: ["cim-no-password-ssh", "cim-static-nat-exposure"],
    mandatory: true,
  },
  // A load-balancer rule in front of one instance (advisory).
  { violation: "lb-one-member", config: "main", policies: ["cim-lb-min-members"] },
  { violation: "backup-offering", config: "main", policies: ["cim-backup-needs-offering"], mandatory: true },
  // A production Kubernetes cluster with one control-plane node (advisory).
  { violation: "cluster-ha", config: "main", policies: ["cim-cluster-ha"] },
] as const;

describe("the policy pack, through pulumi preview --policy-pack", () => {
  let results: OpResult[];

  beforeAll(async () => {
    results = await runPulumi({
      home: sourceHome("policy"),
      stackName: `policy-${process.pid}`,
      program,
      steps: [
        ...cases.map((c, i) => ({
          op: "preview" as const,
          config: {
            ...(i === 0
              ? {
                  "cim:baseUrl": emu.url,
                  "cim:token": { value: token, secret: true },
                  "cim:region": emu.regions.find((r) => r.primary)!.id,
                }
              : {}),
            "policytest:violation": c.violation,
          },
          options: {
            policyPacks: [pack],
            policyPackConfigs: [files[c.config]],
          },
          expectFailure: "mandatory" in c && c.mandatory,
        })),
        { op: "rm" as const },
      ],
    });
    if (process.env.CIM_POLICY_DUMP)
      fs.writeFileSync(process.env.CIM_POLICY_DUMP, JSON.stringify(results, null, 2));
    // twenty previews with the policy pack, each starting the program, the providers and the analyzer: about
    // 100 s alone, past 600 s twice beside the other CLI suites on 2 loaded cores (a hang guard, no figure)
  }, 1_200_000);

  it("a compliant program passes with no violations", () => {
    const r = results[0];
    expect(r.ok).toBe(true);
    expect(violations(r)).toEqual([]);
    // stack, key pair, instance, backup schedule, volume, network, VPC, ACL list, ACL rule
    expect(r.summary).toEqual({ create: 9 });
    expect(r.output).toContain("pulumi-cim");
  });

  it("each violation is reported with its policy, resource, message and enforcement level", () => {
    const byCase = cases.map((c, i) => ({ c, r: results[i], v: violations(results[i]) }));
    for (const { c, r, v } of byCase.slice(1)) {
      const label = `${c.violation} with ${c.config}`;
      expect(v.map((x) => x.policy).sort(), label).toEqual([...c.policies].sort());
      const level = "mandatory" in c && c.mandatory ? "mandatory" : "advisory";
      expect(
        v.map((x) => x.level),
        label,
      ).toEqual(v.map(() => level));
      // Mandatory violations fail the preview; advisory ones are reported and the preview succeeds.
      expect(r.ok, label).toBe(level !== "mandatory" || v.length === 0);
      if (level === "mandatory") expect(r.error).toContain(c.policies[0]);
      if (!c.policies.length) expect(r.ok, label).toBe(true);
    }
    const one = (i: number) => byCase[i].v[0];
    expect(one(1)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:Instance", name: "web" });
    expect(one(1).text).toContain("allowPasswordSsh is true");
    expect(one(2).text).toContain("tagged env=prod (production) but deleteProtection is not true");
    expect(one(3).text).toContain("missing required tag owner");
    expect(one(4)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:Tags", name: "foreign-template" });
    expect(one(4).text).toMatch(/region [0-9a-f-]{36} is not allowed/);
    expect(one(5)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:Network", name: "isolated" });
    expect(one(5).text).toMatch(/zone [0-9a-f-]{36} is not allowed/);
    expect(one(6).text).toContain("rootDiskSize is 200 GB, above the maximum of 100 GB");
    expect(one(7)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:Instance", name: "web" });
    expect(one(7).text).toContain("instance web has no backup schedule");
    expect(one(8)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:Volume", name: "data" });
    expect(one(8).text).toMatch(/volume data is in zone \S+ but is attached to web \(Instance\) in zone/);
    expect(one(9).text).toContain("allowPasswordSsh is true");
    expect(one(14)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:NetworkAclRule", name: "ssh" });
    expect(one(14).text).toContain(
      "the rule allows ingress from 0.0.0.0/0 to tcp 22, which includes admin port 22: anyone on the internet can reach it",
    );
    expect(one(15)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:StaticNat", name: "bastion" });
    expect(one(15).text).toContain(
      "static NAT bastion makes every port of web (Instance) reachable from a public address",
    );
    expect(one(17)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:LoadBalancerRule", name: "web" });
    expect(one(17).text).toContain("memberIds names 1 instance, fewer than 2");
    expect(one(18)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:BackupSchedule", name: "web-backup" });
    expect(one(18).text).toContain("backs up instance web, which has no backupOfferingId");
    expect(one(19)).toMatchObject({ type: "pulumi-nodejs:dynamic/cim:KubernetesCluster", name: "kube" });
    expect(one(19).text).toContain("tagged env=prod (production) but has 1 control-plane node, fewer than 2");
  });
});
