// The one Automation API runner of the e2e, reliability, bad-input and security suites and the bench: an
// inline program in its own Node process, loading pulumi-cim and @pulumi/pulumi exactly as a user's program
// would (from a source checkout or from an installed tarball), with the CLI the bootstrap built (PulumiCommand
// at $CIM_PULUMI_ROOT). Inline programs run the engine with --client, so no language host is needed.
// It keeps one stack open and takes its operations one at a time on stdin, so a caller can change the
// emulator (faults, clock, restart, token) between them; a one-shot run is open, the steps, exit.
//
// usage: node runner.cjs        (from the program folder: see tests/harness/session.ts)
// stdin: one JSON command a line: {id, op, ...}
//   {op: "open", workDir, sdk, stackName, projectName, program} first (sdk: the module id or path loaded as
//   `cim`, resolved from workDir; program: a CommonJS file exporting `(cim, pulumi) => outputs`), then
//   {op, config?, env?, options?, lean?} with op: up | preview | refresh | destroy | export (secrets shown, as
//   the Automation API does) | export-raw (`pulumi stack export`: secrets as ciphertext) | rm | env (only
//   applies `env`), and last {op: "exit"}. `lean`: see `lean` below.
// stdout: one JSON line per command:
//   {id, op, ok, error?, diagnostics, summary?, outputs?, deployment?, output, stderr, ms}
// The environment of the runs (CIM_TOKEN, …) is this process's, set by whoever starts it, never in a file;
// the CLI inherits it (the Automation API runs the CLI with process.env under the workspace's envVars, which
// stay empty), and a command's `env` changes it for that command and the ones after.
"use strict";
const path = require("node:path");
const readline = require("node:readline");
const { promisify } = require("node:util");
const execFile = promisify(require("node:child_process").execFile);

/** The open stack and the spec it was opened with; set by `open`. */
let session;

/** What each operation does on the open stack; `o` carries the output and event callbacks. */
const OPERATIONS = {
  async env() {
    return {};
  },
  async up(stack, o) {
    const r = await stack.up(o);
    return {
      summary: r.summary?.resourceChanges,
      outputs: Object.fromEntries(Object.entries(r.outputs).map(([k, v]) => [k, v.value])),
    };
  },
  async preview(stack, o) {
    return { summary: (await stack.preview({ diff: true, ...o })).changeSummary };
  },
  async refresh(stack, o) {
    return { summary: (await stack.refresh(o)).summary?.resourceChanges };
  },
  async destroy(stack, o) {
    return { summary: (await stack.destroy(o)).summary?.resourceChanges };
  },
  async export(stack) {
    // The Automation API's exportStack runs `pulumi stack export --show-secrets`.
    return { deployment: await stack.exportStack() };
  },
  async "export-raw"() {
    // What `pulumi stack export` prints: secrets as ciphertext.
    const { stdout } = await execFile(
      path.join(process.env.CIM_PULUMI_ROOT, "bin", "pulumi"),
      ["stack", "export", "--stack", session.spec.stackName],
      { cwd: session.spec.workDir, env: process.env, maxBuffer: 64 << 20 },
    );
    return { deployment: JSON.parse(stdout) };
  },
  async rm(stack) {
    await stack.workspace.removeStack(session.spec.stackName, { force: true });
    return {};
  },
};

async function open(spec) {
  if (session) throw new Error("the runner already has a stack open");
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
  session = { spec, stack };
}

/**
 * A lean operation skips what the Automation API runs after `up`, `refresh` and `destroy`: `pulumi stack output`
 * twice (masked, then with secrets) and `pulumi stack history`, three more CLI processes that load the stack,
 * two of them deriving the passphrase key (PBKDF2, a million rounds): about 0.7 s of CPU together, over half of
 * what a small `up` itself costs. Its summary is the engine's own summary event; it has no outputs. For callers
 * that read neither (the fault suite): the operation itself is the same CLI run.
 */
async function lean(stack, body) {
  stack.info = async () => undefined;
  stack.workspace.stackOutputs = async () => ({});
  try {
    return await body();
  } finally {
    delete stack.info;
    delete stack.workspace.stackOutputs;
  }
}

function applyEnv(env) {
  for (const [k, v] of Object.entries(env ?? {})) {
    if (v === null) delete process.env[k];
    else process.env[k] = v;
  }
}

async function applyConfig(stack, config) {
  for (const [key, v] of Object.entries(config ?? {})) {
    if (v === null) await stack.removeConfig(key);
    else await stack.setConfig(key, typeof v === "object" ? v : { value: String(v) });
  }
}

/**
 * True when an operation failed only because the inline program never connected to the engine: the gRPC
 * "14 UNAVAILABLE: No connection established" is the one diagnostic and it sits on the stack itself.
 */
function programNeverConnected(e, diagnostics) {
  const said = String(e?.message ?? e);
  if (!/14 UNAVAILABLE: No connection established/.test(said)) return false;
  const errors = diagnostics.filter((d) => d.severity === "error");
  return errors.every(
    (d) =>
      /14 UNAVAILABLE: No connection established/.test(d.message) &&
      /pulumi:pulumi:Stack::/.test(d.urn ?? ""),
  );
}

async function perform(cmd) {
  const result = { id: cmd.id, op: cmd.op };
  let output = "";
  let stderr = "";
  // What the engine reported, one entry per diagnostic (the CLI's display prints each more than once).
  const diagnostics = [];
  // The engine's summary of the operation (a lean operation's only summary).
  let engineSummary;
  const o = {
    onOutput: (s) => {
      output += s;
    },
    onError: (s) => {
      stderr += s;
    },
    onEvent: (e) => {
      const d = e.diagnosticEvent;
      if (d) diagnostics.push({ severity: d.severity, message: d.message, urn: d.urn });
      if (e.summaryEvent) engineSummary = e.summaryEvent.resourceChanges;
    },
    color: "never",
    ...(cmd.options ?? {}),
  };
  const started = Date.now();
  try {
    if (cmd.op === "open") {
      await open(cmd);
    } else {
      if (!session) throw new Error(`${cmd.op} before open`);
      const operation = Object.hasOwn(OPERATIONS, cmd.op) ? OPERATIONS[cmd.op] : undefined;
      if (!operation) throw new Error(`unknown op ${cmd.op}`);
      applyEnv(cmd.env);
      await applyConfig(session.stack, cmd.config);
      const run = () =>
        cmd.lean ? lean(session.stack, () => operation(session.stack, o)) : operation(session.stack, o);
      try {
        Object.assign(result, await run());
      } catch (e) {
        if (!programNeverConnected(e, diagnostics)) throw e;
        // The inline program could not reach the engine's gRPC server, so nothing was registered or sent
        // (pulumi/pulumi#6457, seen here only on an overloaded machine): an infrastructure hiccup of the
        // harness, not a result. Run the operation once more, and say so in the result and on stderr.
        result.retried = String(e?.message ?? e).split("\n")[0];
        process.stderr.write(`runner: ${cmd.op} retried once: the program never connected to the engine\n`);
        diagnostics.length = 0;
        output += "\n[runner: retried once: the program never connected to the engine]\n";
        Object.assign(result, await run());
      }
      if (cmd.lean) Object.assign(result, { summary: engineSummary, outputs: undefined });
    }
    result.ok = true;
  } catch (e) {
    result.ok = false;
    result.error = String(e?.message ?? e);
  }
  result.ms = Date.now() - started;
  result.diagnostics = diagnostics;
  result.output = output;
  result.stderr = stderr;
  return result;
}

async function main() {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const cmd = JSON.parse(line);
    if (cmd.op === "exit") break;
    process.stdout.write(`${JSON.stringify(await perform(cmd))}\n`);
  }
  // `exit` ends the run even while the caller holds the pipe open: an open stdin keeps Node alive.
  process.stdin.destroy();
}

main().catch((e) => {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exitCode = 2;
});
