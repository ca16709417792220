// The one Automation API runner of the e2e, reliability, bad-input and security suites and the bench: an
// inline program in its own Node process, loading pulumi-cim and @pulumi/pulumi exactly as a user's program
// would (from a source checkout or from an installed tarball), with the CLI the bootstrap built (PulumiCommand
// at $CIM_PULUMI_ROOT). Inline programs run the engine with --client, so no language host is needed; a project
// folder without one (a YAML program) runs through its runtime's language host, as `pulumi up` there would.
// It keeps one stack open and takes its operations one at a time on stdin, so a caller can change the
// emulator (faults, clock, restart, token) between them; a one-shot run is open, the steps, exit.
//
// usage: node runner.cjs        (from the program folder: see tests/harness/session.ts)
// stdin: one JSON command a line: {id, op, ...}
//   {op: "open", workDir, sdk, stackName, projectName, program?, pulumiVersion?, opened?} first (sdk: the module
//   id or path loaded as `cim`, resolved from workDir; program: a CommonJS file exporting `(cim, pulumi) =>
//   outputs`, or none for the project in workDir, run by its Pulumi.yaml's runtime; pulumiVersion: what `pulumi version` prints; opened: whether the driver opened this stack
//   before), then {op, config?, env?, options?, lean?} with op: up | preview | refresh | destroy | export
//   (secrets shown, as the Automation API does) | export-raw (`pulumi stack export`: secrets as ciphertext) |
//   rm | env (only applies `env`), and last {op: "exit"}. `lean`: no outputs (see readResultsFromTheRun).
//   `steps`: the result carries each step's metadata from the engine's resourcePreEvents.
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
  const pulumiCommand = await pulumiCommandOf(spec, fromWorkDir);
  let args = { stackName: spec.stackName, workDir: spec.workDir };
  if (spec.program) {
    failWhenTheProgramNeverRuns(fromWorkDir);
    const pulumi = fromWorkDir("@pulumi/pulumi");
    const cim = fromWorkDir(spec.sdk);
    const program = require(path.resolve(spec.program));
    args = { stackName: spec.stackName, projectName: spec.projectName, program: () => program(cim, pulumi) };
  }
  const opts = { workDir: spec.workDir, pulumiCommand };
  // A stack the driver says it has not opened before is created (`pulumi stack init`), one it has is selected:
  // one CLI run either way, where createOrSelect first tries to select a new stack. A wrong guess falls back
  // to createOrSelect, and so does a driver that does not say (the bench's).
  const W = auto.LocalWorkspace;
  let stack;
  if (spec.opened === true) stack = await W.selectStack(args, opts).catch(() => undefined);
  if (spec.opened === false) stack = await W.createStack(args, opts).catch(() => undefined);
  stack ??= await W.createOrSelectStack(args, opts);
  // the current operation's summary (from the engine's event) and whether it is lean
  session = { spec, stack, summary: undefined, lean: false };
  readResultsFromTheRun(stack);
}

/** The words of the error a run whose inline program never started ends with (failWhenTheProgramNeverRuns). */
const NEVER_RAN = "the inline program never ran: its stack's registration never reached the engine";

/**
 * The SDK's inline-program server swallows a gRPC error that its run of the stack meets (automation/server.js: it
 * rethrows only errors that are not gRPC's), and the stack's own registration meeting gRPC UNAVAILABLE is one
 * (runtime/resource.js: "Resource monitor is terminating"). That run ends as a program that registered nothing, so an
 * up deletes everything the stack holds (soak seed 13391, round 18: the runner's retry of an up whose program had
 * not connected deleted all 18 resources). Here a run whose program never started fails instead, with an error that
 * is not gRPC's, so the engine stops before it plans anything, and `perform` runs the operation once more.
 */
function failWhenTheProgramNeverRuns(fromWorkDir) {
  const stackModule = fromWorkDir("@pulumi/pulumi/runtime/stack");
  const original = stackModule.runInPulumiStack;
  if (original.guarded) return;
  const guarded = async (init) => {
    let ran = false;
    let outputs;
    try {
      outputs = await original(async () => {
        ran = true;
        return init();
      });
    } catch (e) {
      if (ran) throw e;
      throw new Error(`${NEVER_RAN} (${String(e?.message ?? e)})`);
    }
    if (!ran) throw new Error(NEVER_RAN);
    return outputs;
  };
  guarded.guarded = true;
  stackModule.runInPulumiStack = guarded;
}

/**
 * After each up, refresh and destroy the Automation API runs `pulumi stack history` for the summary, and after
 * each up `pulumi stack output` twice (masked, then with secrets): three more CLI processes that load the stack,
 * two of them deriving the passphrase key (PBKDF2, a million rounds), about 0.7 s of CPU together, over half of
 * what a small `up` itself costs. The engine's summary event of the operation carries the same counts (kept by
 * `perform`), and one `pulumi stack output --show-secrets` the values (the runner returns values only, like the
 * Automation API's `value`), so the open stack reads them that way. A lean operation, for callers that read no
 * outputs (the fault suite), skips that one call too and has none.
 */
function readResultsFromTheRun(stack) {
  stack.info = async () => (session.summary ? { resourceChanges: session.summary } : undefined);
  stack.outputs = async () => {
    if (session.lean) return {};
    const args = ["stack", "output", "--json", "--show-secrets", "--stack", stack.name];
    const values = JSON.parse((await stack.workspace.runPulumiCmd(args)).stdout);
    return Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value, secret: false }]));
  };
}

/**
 * The CLI at $CIM_PULUMI_ROOT. `PulumiCommand.get` runs `pulumi version` to learn its version; the driver reads it
 * once per test process and passes it, checked here the way `get` checks it.
 */
function pulumiCommandOf(spec, fromWorkDir) {
  const auto = fromWorkDir("@pulumi/pulumi/automation");
  const root = process.env.CIM_PULUMI_ROOT;
  if (!spec.pulumiVersion) return auto.PulumiCommand.get({ root });
  const { parseAndValidatePulumiVersion } = fromWorkDir("@pulumi/pulumi/automation/cmd");
  const { minimumVersion } = fromWorkDir("@pulumi/pulumi/automation/minimumVersion");
  const version = parseAndValidatePulumiVersion(minimumVersion, spec.pulumiVersion, false);
  return new auto.PulumiCommand(path.resolve(root, "bin", "pulumi"), version);
}

function applyEnv(env) {
  for (const [k, v] of Object.entries(env ?? {})) {
    if (v === null) delete process.env[k];
    else process.env[k] = v;
  }
}

/** Sets and removes stack config keys: one CLI run for the keys set, one for those removed. */
async function applyConfig(stack, config) {
  const entries = Object.entries(config ?? {});
  const set = entries.filter(([, v]) => v !== null);
  const removed = entries.filter(([, v]) => v === null).map(([k]) => k);
  if (set.length) {
    await stack.setAllConfig(
      Object.fromEntries(set.map(([k, v]) => [k, typeof v === "object" ? v : { value: String(v) }])),
    );
  }
  if (removed.length) await stack.removeAllConfig(removed);
}

/**
 * True when an operation failed only because the inline program never connected to the engine: the gRPC
 * "14 UNAVAILABLE: No connection established" is the one diagnostic and it sits on the stack itself.
 */
function programNeverConnected(e, diagnostics) {
  const said = String(e?.message ?? e);
  if (!/14 UNAVAILABLE: No connection established/.test(said)) return false;
  const errors = diagnostics.filter((d) => d.severity === "error");
  // On the stack's resource, or on none: a program that failed at its first registration (the stack's own)
  // reports the error before any resource exists.
  return errors.every(
    (d) =>
      /14 UNAVAILABLE: No connection established/.test(d.message) &&
      (!d.urn || /pulumi:pulumi:Stack::/.test(d.urn)),
  );
}

async function perform(cmd) {
  const result = { id: cmd.id, op: cmd.op };
  let output = "";
  let stderr = "";
  // What the engine reported, one entry per diagnostic (the CLI's display prints each more than once).
  const diagnostics = [];
  // With `steps`: each step's metadata as the engine announced it (op, urn, keys, diffs, detailedDiff, old, new),
  // and as it ended (its resOutputsEvent: the outputs the step gave, a preview's unknowns among them).
  const steps = [];
  const stepOutputs = [];
  const o = {
    onOutput: (s) => {
      output += s;
    },
    onError: (s) => {
      stderr += s;
    },
    onEvent: (e) => {
      if (e.summaryEvent) session.summary = e.summaryEvent.resourceChanges;
      const d = e.diagnosticEvent;
      if (d) diagnostics.push({ severity: d.severity, message: d.message, urn: d.urn });
      const m = cmd.steps && e.resourcePreEvent?.metadata;
      if (m) steps.push(m);
      const ended = cmd.steps && e.resOutputsEvent?.metadata;
      if (ended) stepOutputs.push(ended);
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
      session.summary = undefined;
      session.lean = cmd.lean === true;
      applyEnv(cmd.env);
      await applyConfig(session.stack, cmd.config);
      const run = () => operation(session.stack, o);
      try {
        Object.assign(result, await run());
      } catch (e) {
        // a run whose program never started: failWhenTheProgramNeverRuns
        const neverStarted = String(e?.message ?? e).includes(NEVER_RAN);
        if (!programNeverConnected(e, diagnostics) && !neverStarted) throw e;
        // The inline program could not reach the engine's gRPC server, so nothing was registered or sent
        // (pulumi/pulumi#6457, seen here only on an overloaded machine): an infrastructure hiccup of the
        // harness, not a result. Run the operation once more, and say so in the result and on stderr.
        result.retried = String(e?.message ?? e).split("\n")[0];
        process.stderr.write(`runner: ${cmd.op} retried once: the program never connected to the engine\n`);
        diagnostics.length = 0;
        output += "\n[runner: retried once: the program never connected to the engine]\n";
        Object.assign(result, await run());
      }
      if (session.lean) result.outputs = undefined;
    }
    result.ok = true;
  } catch (e) {
    result.ok = false;
    result.error = String(e?.message ?? e);
  }
  result.ms = Date.now() - started;
  result.diagnostics = diagnostics;
  if (cmd.steps) Object.assign(result, { steps, stepOutputs });
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

if (require.main === module)
  main().catch((e) => {
    process.stderr.write(`${e?.stack ?? e}\n`);
    process.exitCode = 2;
  });

module.exports = { failWhenTheProgramNeverRuns, NEVER_RAN };
