// A long-lived Automation API runner: like tests/e2e/harness/runner.cjs (an inline program, in its own Node
// process, loading pulumi-cim as a user program would), but it keeps one stack open and takes its operations
// one at a time on stdin, so a test can change the emulator (faults, clock, restart, token) between them
// without paying for a new process and stack selection each time.
//
// usage: node stackRunner.cjs SPEC.json   (spec: {workDir, sdk, stackName, projectName, program})
// The environment of the runs (CIM_TOKEN, …) is this process's, set by whoever starts it, never in the spec
// file; the CLI inherits it (the Automation API runs the CLI with process.env under the workspace's
// envVars, which stay empty), and a command's `env` changes it for that command and the ones after.
// stdin: one JSON command a line: {id, op, config?, env?, options?}
//   op: up | preview | refresh | destroy | export (secrets shown, as the Automation API does) |
//       export-raw (`pulumi stack export`: secrets as ciphertext) | rm | env (only applies `env`) | exit
// stdout: one JSON line per command: {id, op, ok, error?, summary?, outputs?, deployment?, output, stderr, ms}
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
const { promisify } = require("node:util");
const execFile = promisify(require("node:child_process").execFile);

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
    { workDir: spec.workDir, pulumiCommand },
  );
  process.stdout.write(`${JSON.stringify({ id: "ready", ok: true })}\n`);

  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const cmd = JSON.parse(line);
    if (cmd.op === "exit") break;
    const result = { id: cmd.id, op: cmd.op };
    let out = "";
    let err = "";
    const onOutput = (s) => {
      out += s;
    };
    const onError = (s) => {
      err += s;
    };
    const started = Date.now();
    try {
      if (cmd.env) {
        for (const [k, v] of Object.entries(cmd.env)) {
          if (v === null) delete process.env[k];
          else process.env[k] = v;
        }
      }
      if (cmd.config) {
        for (const [key, v] of Object.entries(cmd.config)) {
          if (v === null) await stack.removeConfig(key);
          else await stack.setConfig(key, typeof v === "object" ? v : { value: String(v) });
        }
      }
      const o = { onOutput, onError, color: "never", ...(cmd.options ?? {}) };
      switch (cmd.op) {
        case "env":
          break;
        case "up": {
          const r = await stack.up(o);
          result.summary = r.summary.resourceChanges;
          result.outputs = Object.fromEntries(Object.entries(r.outputs).map(([k, v]) => [k, v.value]));
          break;
        }
        case "preview": {
          const r = await stack.preview({ diff: true, ...o });
          result.summary = r.changeSummary;
          break;
        }
        case "refresh": {
          const r = await stack.refresh(o);
          result.summary = r.summary.resourceChanges;
          break;
        }
        case "destroy": {
          const r = await stack.destroy(o);
          result.summary = r.summary.resourceChanges;
          break;
        }
        case "export":
          // The Automation API's exportStack runs `pulumi stack export --show-secrets`.
          result.deployment = await stack.exportStack();
          break;
        case "export-raw": {
          // What `pulumi stack export` prints: secrets as ciphertext.
          const { stdout } = await execFile(
            path.join(process.env.CIM_PULUMI_ROOT, "bin", "pulumi"),
            ["stack", "export", "--stack", spec.stackName],
            { cwd: spec.workDir, env: process.env, maxBuffer: 64 << 20 },
          );
          result.deployment = JSON.parse(stdout);
          break;
        }
        case "rm":
          await stack.workspace.removeStack(spec.stackName, { force: true });
          break;
        default:
          throw new Error(`unknown op ${cmd.op}`);
      }
      result.ok = true;
    } catch (e) {
      result.ok = false;
      result.error = String(e?.message ?? e);
    }
    result.ms = Date.now() - started;
    result.output = out;
    result.stderr = err;
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exitCode = 2;
});
