// Quota preflight through the real CLI: `pulumi preview` of a program whose creates exceed the account's
// allowances (GET /tenants/my-limits and GET /multi-regions/quota, lowered on the emulator) shows a warning per
// kind; within the allowances it shows none. The warning comes from the providers' check (provider/lifecycle/quotaPreflight.ts).
// On the plugin, each provider is a process of its own, and the account's allowances span its regions: the
// processes of one deployment count their creates together.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { pluginHome, requireToolchain, runPulumi, sourceHome } from "../harness";

const program = path.join(__dirname, "programs", "quota.cjs");

let emu: Emulator;

beforeAll(async () => {
  requireToolchain();
  emu = await startEmulator({ jobLatencyMs: 0 });
  await (await EmulatorControl.of(emu)).limits({ instanceLimit: 2, volumeLimit: 3, maxMultiRegions: 1 });
}, 60_000);

afterAll(async () => {
  await emu?.close();
});

describe("quota preflight, through pulumi preview", () => {
  it("warns when the creates would exceed my-limits, and only then", async () => {
    const token = await emu.token();
    const [within, over, up, after] = await runPulumi({
      home: sourceHome("quota"),
      stackName: `quota-${process.pid}`,
      program,
      steps: [
        {
          op: "preview",
          config: {
            "cim:baseUrl": emu.url,
            "cim:token": { value: token, secret: true },
            "quota:instances": "2",
            "quota:volumes": "1",
          },
          // The progress display (not the diff display) prints the engine's warnings.
          options: { diff: false },
        },
        {
          op: "preview",
          // two data volumes: the volume allowance (3) is passed only with the instances' root disks counted, whichever
          // of the checks (run at once) ends first, so the warning says what it counts
          config: { "quota:instances": "3", "quota:volumes": "2", "quota:groups": "2" },
          options: { diff: false },
        },
        { op: "up", config: { "quota:instances": "2", "quota:volumes": "1", "quota:groups": "0" } },
        // Two instances now exist: one more is over the allowance; the existing ones do not count as creates.
        { op: "preview", config: { "quota:instances": "3" }, options: { diff: false } },
        { op: "destroy" },
        { op: "rm" },
      ],
    });
    expect(within.summary).toEqual({ create: 4 });
    expect(within.output).not.toContain("cim quota");

    expect(over.ok).toBe(true); // a warning, not a failure
    expect(over.summary).toEqual({ create: 8 });
    expect(over.output).toContain("warning: cim quota: this program creates at least 3 new instances");
    expect(over.output).toContain("2 of 2 instances left");
    expect(over.output).toContain(
      "at least 4 new volumes (the root disk of each new instance is one), but the account has 3 of 3 volumes left",
    );
    expect(over.output).toContain(
      "at least 2 new multi-region groups, but the account has 1 of 1 multi-region group left (0 in use, GET /api/v1/multi-regions/quota)",
    );
    // One warning per kind (the progress display prints each inline and again under Diagnostics).
    expect([...new Set(over.output.match(/cim quota: .*/g))]).toHaveLength(3);
    expect(over.output).not.toContain(token);

    expect(up.summary).toEqual({ create: 4 });
    expect(up.output).not.toContain("cim quota");
    expect(after.summary).toEqual({ create: 1, same: 4 });
    const afterWarnings = [...new Set(after.output.match(/cim quota: .*/g))].sort();
    expect(afterWarnings).toHaveLength(2);
    expect(afterWarnings[0]).toContain(
      "creates at least 1 new instance, but the account has 0 of 2 instances left (2 in use",
    );
    // the new instance's root disk is a volume, and the two deployed instances' root disks are in use
    expect(afterWarnings[1]).toContain(
      "creates at least 1 new volume (the root disk of each new instance is one), but the account has 0 of 3 volumes left (3 in use",
    );
  }, 240_000);
});

describe("quota preflight on the plugin, two explicit providers in two regions", () => {
  it("counts the creates of both providers against the account's one allowance", async () => {
    const token = await emu.token();
    const home = pluginHome("quota-native", "cim-quota");
    const file = path.join(home.workDir, "regions.cjs");
    // `quota:fra` instances in de-fra-1 and `quota:ams` in nl-ams-1, each region under a provider of its own
    fs.writeFileSync(
      file,
      `"use strict";
module.exports = async (cim, pulumi) => {
  const c = new pulumi.Config("quota");
  for (const region of ["fra", "ams"]) {
    const r = await cim.getRegion(region === "fra" ? "de-fra-1" : "nl-ams-1");
    const provider = new cim.Provider(region, { region: r.id });
    const zone = (await cim.getZones({ provider }))[0];
    const template = await cim.getTemplate({ name: "Ubuntu 22.04 LTS", provider });
    const small = await cim.getComputeOffering({ name: "Small", zoneId: zone.id, provider });
    for (let i = 0; i < (c.getNumber(region) ?? 0); i++) {
      new cim.Instance(region + "-" + i, { zoneId: zone.id, templateId: template.id, serviceOfferingId: small.id }, { provider });
    }
  }
  return {};
};
`,
    );
    const config = {
      "cim:baseUrl": emu.url,
      "cim:token": { value: token, secret: true },
    };
    const [within, over] = await runPulumi({
      home,
      stackName: `quota-native-${process.pid}`,
      projectName: "cim-quota",
      program: file,
      envVars: { CIM_BASE_URL: emu.url, CIM_TOKEN: token },
      steps: [
        {
          op: "preview",
          config: { ...config, "quota:fra": "1", "quota:ams": "1" },
          options: { diff: false },
        },
        { op: "preview", config: { "quota:fra": "1", "quota:ams": "2" }, options: { diff: false } },
        { op: "rm" },
      ],
    });
    expect(within.summary).toEqual({ create: 5 }); // the stack, two providers, two instances
    expect(within.output).not.toContain("cim quota");
    // neither region alone passes the allowance of 2 instances; the two together do
    expect(over.summary).toEqual({ create: 6 });
    expect([...new Set(over.output.match(/cim quota: .*/g))]).toEqual([
      expect.stringContaining(
        "this program creates at least 3 new instances, but the account has 2 of 2 instances left",
      ),
    ]);
  }, 240_000);
});
