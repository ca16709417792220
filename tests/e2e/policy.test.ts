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
  overrides: string;
  noSsh: string;
  example: string;
  typo: string;
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
    overrides: write("overrides", {
      ...base,
      "cim-no-password-ssh": "advisory",
      "cim-required-tags": { enforcementLevel: "mandatory", requiredTags: ["env", "owner"] },
      "cim-allowed-zones": { allowedZones: [zone("de-fra-1a")] },
    }),
    noSsh: write("no-ssh", { ...base, "cim-no-password-ssh": "disabled" }),
    // a misspelt setting: the CLI passes it on without a word, and the pack refuses it
    typo: write("typo", { ...base, "cim-required-tags": { requiredTag: ["env", "owner"] } }),
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

/** An expected violation: its policy, and the resource it names (`Kind name`) when the test pins it. */
type Expected = { policy: string; on?: string };

/**
 * The previews. Violations of different policies are reported together: at preview the engine reports every
 * resource's policy violations and runs the stack policies, and fails the preview at the end when one is
 * mandatory (pulumi's step generator bails at preview only on check failures), so each preview carries a set.
 */
const cases: {
  label: string;
  violations: string[];
  config: keyof typeof files;
  advisory: Expected[];
  mandatory: Expected[];
  /** The preview fails with this error (a configuration the pack refuses), reporting no violation. */
  error?: string;
}[] = [
  { label: "compliant", violations: [], config: "main", advisory: [], mandatory: [] },
  {
    label: "advisory rules: reported, the preview passes",
    violations: ["tags", "region", "root-disk", "backup", "volume-zone", "lb-one-member", "cluster-ha"],
    config: "main",
    advisory: [
      { policy: "cim-required-tags", on: "Instance web" },
      { policy: "cim-allowed-regions", on: "Tags foreign-template" },
      { policy: "cim-max-root-disk-size", on: "Instance web" },
      { policy: "cim-instance-backup-schedule", on: "Instance web" },
      { policy: "cim-volume-same-zone", on: "Volume data" },
      // a load-balancer rule in front of one instance; a production cluster with one control-plane node
      { policy: "cim-lb-min-members", on: "LoadBalancerRule web" },
      { policy: "cim-cluster-ha", on: "KubernetesCluster kube" },
    ],
    mandatory: [],
  },
  {
    // an instance with password SSH exposed by a static NAT breaks the general rule and the exposure rule
    label: "mandatory rules: reported, the preview fails",
    violations: ["delete-protection", "open-ssh", "backup-offering", "exposed-ssh"],
    config: "main",
    advisory: [],
    mandatory: [
      { policy: "cim-no-password-ssh", on: "Instance web" },
      { policy: "cim-production-delete-protection", on: "Instance web" },
      { policy: "cim-no-open-admin-ports", on: "NetworkAclRule ssh" },
      { policy: "cim-backup-needs-offering", on: "BackupSchedule web-backup" },
      { policy: "cim-static-nat-exposure", on: "StaticNat bastion" },
    ],
  },
  {
    // from the pack config: a mandatory rule made advisory, an advisory one made mandatory, a rule's setting
    label: "enforcement levels and settings from the config",
    violations: ["password-ssh", "tags"],
    config: "overrides",
    advisory: [
      { policy: "cim-no-password-ssh", on: "Instance web" },
      { policy: "cim-allowed-zones", on: "Network isolated" },
    ],
    mandatory: [{ policy: "cim-required-tags", on: "Instance web" }],
  },
  {
    // the exposure rule holds where the general one is off
    label: "a rule disabled in the config",
    violations: ["exposed-ssh"],
    config: "noSsh",
    advisory: [],
    mandatory: [{ policy: "cim-static-nat-exposure", on: "StaticNat bastion" }],
  },
  {
    // policy/config.example.json is a valid config: no backup schedule passes (disabled there); the missing
    // owner tag is mandatory there
    label: "the documented example config",
    violations: ["backup", "tags"],
    config: "example",
    advisory: [],
    mandatory: [{ policy: "cim-required-tags", on: "Instance web" }],
  },
  {
    label: "a misspelt setting in the config",
    violations: [],
    config: "typo",
    advisory: [],
    mandatory: [],
    error:
      "policy cim-required-tags, in the policy pack's configuration: requiredTag is not one of its settings (did you mean requiredTags?); it takes requiredTags, resourceTypes and enforcementLevel.",
  },
];

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
            "policytest:violations": c.violations.join(","),
          },
          options: {
            policyPacks: [pack],
            policyPackConfigs: [files[c.config]],
          },
          expectFailure: c.mandatory.length > 0 || c.error !== undefined,
        })),
        { op: "rm" as const },
      ],
    });
    if (process.env.CIM_POLICY_DUMP)
      fs.writeFileSync(process.env.CIM_POLICY_DUMP, JSON.stringify(results, null, 2));
    // the previews with the policy pack, each starting the program, the providers and the analyzer (a hang
    // guard, no figure)
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
    for (const [i, c] of cases.entries()) {
      const r = results[i];
      const found = violations(r);
      const shown = (v: Violation[]) =>
        v.map((x) => `${x.level} ${x.policy} ${x.type.split("cim:")[1]} ${x.name}`).sort();
      const expected = [
        ...c.advisory.map((e) => ({ ...e, level: "advisory" })),
        ...c.mandatory.map((e) => ({ ...e, level: "mandatory" })),
      ];
      expect(shown(found), c.label).toEqual(expected.map((e) => `${e.level} ${e.policy} ${e.on}`).sort());
      // Mandatory violations fail the preview; advisory ones are reported and the preview succeeds.
      expect(r.ok, c.label).toBe(c.mandatory.length === 0 && c.error === undefined);
      for (const e of c.mandatory) expect(r.error, c.label).toContain(e.policy);
      if (c.error) expect(`${r.output}\n${r.error}`, c.label).toContain(c.error);
    }
    /** The violation of `policy` in preview `i`. */
    const one = (i: number, policy: string) => violations(results[i]).find((v) => v.policy === policy)!;
    expect(one(2, "cim-no-password-ssh").text).toContain("allowPasswordSsh is true");
    expect(one(2, "cim-production-delete-protection").text).toContain(
      "tagged env=prod (production) but deleteProtection is not true",
    );
    expect(one(1, "cim-required-tags").text).toContain("missing required tag owner");
    expect(one(1, "cim-allowed-regions").text).toMatch(/region [0-9a-f-]{36} is not allowed/);
    expect(one(3, "cim-allowed-zones").text).toMatch(/zone [0-9a-f-]{36} is not allowed/);
    expect(one(1, "cim-max-root-disk-size").text).toContain(
      "rootDiskSize is 200 GB, above the maximum of 100 GB",
    );
    expect(one(1, "cim-instance-backup-schedule").text).toContain("instance web has no backup schedule");
    expect(one(1, "cim-volume-same-zone").text).toMatch(
      /volume data is in zone \S+ but is attached to web \(Instance\) in zone/,
    );
    expect(one(3, "cim-no-password-ssh").text).toContain("allowPasswordSsh is true");
    expect(one(2, "cim-no-open-admin-ports").text).toContain(
      "the rule allows ingress from 0.0.0.0/0 to tcp 22, which includes admin port 22: anyone on the internet can reach it",
    );
    expect(one(2, "cim-static-nat-exposure").text).toContain(
      "static NAT bastion makes every port of web (Instance) reachable from a public address",
    );
    expect(one(1, "cim-lb-min-members").text).toContain("memberIds names 1 instance, fewer than 2");
    expect(one(2, "cim-backup-needs-offering").text).toContain(
      "backs up instance web, which has no backupOfferingId",
    );
    expect(one(1, "cim-cluster-ha").text).toContain(
      "tagged env=prod (production) but has 1 control-plane node, fewer than 2",
    );
  });
});
