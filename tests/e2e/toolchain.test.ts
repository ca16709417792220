import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { type ProgramHome, requireToolchain, runPulumi, sourceHome } from "../harness";

const program = path.join(__dirname, "programs", "probe.cjs");

describe("toolchain", () => {
  it("the Pulumi CLI is the version of @pulumi/pulumi the lock file pins (package.json takes a range)", () => {
    requireToolchain();
    const cli = path.join(process.env.CIM_PULUMI_ROOT!, "bin", "pulumi");
    const range = require("../../package.json").dependencies["@pulumi/pulumi"];
    const pinned = require("../../package-lock.json").packages["node_modules/@pulumi/pulumi"].version;
    const installed = require("@pulumi/pulumi/package.json").version;
    // a caret range (programs keep one copy of @pulumi/pulumi) that the pinned version satisfies
    const [min, at] = [range.replace(/^\^/, ""), pinned].map((v: string) => v.split(".").map(Number));
    expect(range.startsWith("^") && at[0] === min[0] && (at[1] - min[1] || at[2] - min[2]) >= 0).toBe(true);
    expect(installed).toBe(pinned);
    expect(execFileSync(cli, ["version"], { encoding: "utf8" }).trim()).toBe(`v${pinned}`);
  });

  it("Pulumi YAML's language host and converter beside the CLI are the version scripts/pulumi-yaml pins", () => {
    requireToolchain();
    const goMod = fs.readFileSync(
      path.join(__dirname, "..", "..", "scripts", "pulumi-yaml", "go.mod"),
      "utf8",
    );
    const pinned = /^require github\.com\/pulumi\/pulumi-yaml (v\S+)$/m.exec(goMod)![1];
    for (const name of ["pulumi-language-yaml", "pulumi-converter-yaml"]) {
      // beside the CLI, where the CLI looks first (found only on PATH, every YAML run warns)
      const beside = path.join(process.env.CIM_PULUMI_ROOT!, "bin", name);
      const built = execFileSync("go", ["version", "-m", fs.realpathSync(beside)], { encoding: "utf8" });
      expect(built).toContain(`\tpath\tgithub.com/pulumi/pulumi-yaml/cmd/${name}\n`);
      expect(built).toMatch(
        new RegExp(`\\tmod\\tgithub\\.com/pulumi/pulumi-yaml\\t${pinned.replace(/\./g, "\\.")}\\t`),
      );
    }
  });

  it("the commands the packages declare run as built, in a checkout (npx cim-emulator, npx pulumi-cim)", () => {
    const root = path.join(__dirname, "..", "..");
    for (const [dir, name] of [
      [".", "pulumi-cim"],
      ["emulator", "cim-emulator"],
    ]) {
      const file = path.join(root, dir, require(path.join(root, dir, "package.json")).bin[name]);
      // run as a command, not through node: its mode and its #! line (the usage on stdout or stderr)
      const run = spawnSync(file, ["--help"], { encoding: "utf8" });
      expect(run.error).toBeUndefined();
      expect(`${run.stdout}${run.stderr}`).toMatch(/^usage/);
    }
  });
});

async function lifecycle(home: ProgramHome) {
  const results = await runPulumi({
    home,
    stackName: `probe-${home.label}`,
    program,
    steps: [
      { op: "up", config: { "probe:value": "one" } },
      { op: "preview" },
      { op: "up", config: { "probe:value": "two" } },
      { op: "export" },
      { op: "destroy" },
      { op: "rm" },
    ],
  });
  const [created, preview, updated, exported, destroyed] = results;

  expect(created.summary).toEqual({ create: 2 }); // the stack and the probe
  expect(created.outputs?.value).toBe("one");
  expect(created.outputs?.revision).toBe(1);
  expect(created.outputs?.type).toBe("pulumi-nodejs:dynamic/cim:Probe");
  expect(String(created.outputs?.urn)).toContain("pulumi-nodejs:dynamic/cim:Probe::probe");

  // A preview right after up shows nothing to do.
  expect(preview.summary).toEqual({ same: 2 });

  // Changing the input updates in place (no replace), and the provider saw the old outputs.
  expect(updated.summary).toEqual({ same: 1, update: 1 });
  expect(updated.outputs?.value).toBe("two");
  expect(updated.outputs?.revision).toBe(2);

  // The provider in state is a thin shim that loads the implementation at call time (pulumi-cim's own shim,
  // as installed, is checked by installed.test.ts).
  const probe = exported.deployment!.deployment.resources.find((r: any) => r.type.endsWith("cim:Probe"));
  const serialized: string = probe.inputs.__provider;
  expect(serialized).toContain("fixtures/probe.cjs");
  expect(serialized.length).toBeLessThan(4000);

  expect(destroyed.summary).toEqual({ delete: 2 });
}

describe("a program with one dynamic resource, through the Automation API and the real CLI", () => {
  it("deploys, previews with no changes, updates and destroys", async () => {
    await lifecycle(sourceHome("probe"));
  }, 240_000);
});
