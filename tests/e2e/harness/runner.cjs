// Runs Pulumi operations on an inline program through the Automation API, in its own process, so the
// program loads pulumi-cim and @pulumi/pulumi exactly as a user's program would (from a source checkout
// or from an installed tarball). The CLI is the one the bootstrap built (PulumiCommand at
// $CIM_PULUMI_ROOT). Inline programs run the engine with --client, so no language host is needed.
//
// usage: node runner.cjs SPEC.json      (spec: see tests/e2e/harness/index.ts, RunSpec)
// stdout: one JSON line per step: {"step":i,"op":..., ...}; diagnostics on stderr.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const fromWorkDir = (id) => require(require.resolve(id, { paths: [spec.workDir] }));
  const auto = fromWorkDir("@pulumi/pulumi/automation");
  const pulumi = fromWorkDir("@pulumi/pulumi");
  const cim = fromWorkDir(spec.sdk);
  const program = require(path.resolve(spec.program));

  const pulumiCommand = await auto.PulumiCommand.get({ root: process.env.CIM_PULUMI_ROOT });
  const stack = await auto.LocalWorkspace.createOrSelectStack(
    { stackName: spec.stackName, projectName: spec.projectName, program: () => program(cim, pulumi) },
    // The run's environment (CIM_TOKEN, …) is this process's (runPulumi starts it so), never in the spec
    // file: the program's lookups read it here, and the CLI inherits it (the Automation API runs the CLI with
    // process.env under its workspace envVars, which stay empty).
    { workDir: spec.workDir, pulumiCommand },
  );

  for (const [i, step] of spec.steps.entries()) {
    if (step.config) {
      for (const [key, v] of Object.entries(step.config)) {
        if (v === null) await stack.removeConfig(key);
        else await stack.setConfig(key, typeof v === "object" ? v : { value: String(v) });
      }
    }
    let out = "";
    const onOutput = (s) => {
      out += s;
    };
    const result = { step: i, op: step.op };
    // What the engine reported, one entry per diagnostic (the display prints each one more than once).
    const diagnostics = [];
    const onEvent = (e) => {
      const d = e.diagnosticEvent;
      if (d) diagnostics.push({ severity: d.severity, message: d.message, urn: d.urn });
    };
    const started = Date.now();
    try {
      switch (step.op) {
        case "up": {
          const r = await stack.up({ onOutput, onEvent, color: "never", ...(step.options ?? {}) });
          result.summary = r.summary.resourceChanges;
          result.outputs = Object.fromEntries(Object.entries(r.outputs).map(([k, o]) => [k, o.value]));
          break;
        }
        case "preview": {
          const r = await stack.preview({
            onOutput,
            onEvent,
            color: "never",
            diff: true,
            ...(step.options ?? {}),
          });
          result.summary = r.changeSummary;
          break;
        }
        case "refresh": {
          const r = await stack.refresh({ onOutput, onEvent, color: "never", ...(step.options ?? {}) });
          result.summary = r.summary.resourceChanges;
          break;
        }
        case "destroy": {
          const r = await stack.destroy({ onOutput, onEvent, color: "never", ...(step.options ?? {}) });
          result.summary = r.summary.resourceChanges;
          break;
        }
        case "export": {
          result.deployment = await stack.exportStack();
          break;
        }
        case "rm": {
          await stack.workspace.removeStack(spec.stackName, { force: true });
          break;
        }
        default:
          throw new Error(`unknown op ${step.op}`);
      }
      result.ok = true;
    } catch (e) {
      result.ok = false;
      result.error = String(e?.message ?? e);
      result.diagnostics = diagnostics;
      if (!step.expectFailure) {
        result.output = out;
        process.stdout.write(`${JSON.stringify(result)}\n`);
        process.exitCode = 1;
        return;
      }
    }
    result.ms = Date.now() - started;
    result.output = out;
    result.diagnostics = diagnostics;
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exitCode = 2;
});
