// The driver of tests/harness/runner.cjs: one stack, one long-lived runner process, one Pulumi operation at a
// time, so a test can change the emulator between (and during) operations. `runPulumi` is the one-shot form
// the e2e tests use: open, run the steps, close.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import { promisify } from "node:util";
import { onTestFinished } from "vitest";
import { type ProgramHome, requireToolchain, sourceHome } from "./homes";

const exec = promisify(execFile);

export type Op = "up" | "preview" | "refresh" | "destroy" | "export" | "export-raw" | "rm" | "env";
/** What the runner takes on stdin: `open` (once, first), then operations. */
type Command = Op | "open";

export interface OpRequest {
  /** Stack config to set before the operation (`null` removes a key). */
  config?: Record<string, string | { value: string; secret?: boolean } | null>;
  /** The runner's environment from this operation on (`null` removes a variable). */
  env?: Record<string, string | null>;
  /** Extra Automation API options for the operation. */
  options?: Record<string, unknown>;
  /**
   * No outputs: the runner then skips its one `pulumi stack output` call too (every operation's summary is the
   * engine's own, without `pulumi stack history`; runner.cjs: `readResultsFromTheRun`).
   */
  lean?: boolean;
  /** The result carries `steps`: each step's metadata as the engine announced it (its resourcePreEvent). */
  steps?: boolean;
}

/** What one operation returned. */
export interface OpResult {
  id: number;
  op: Command;
  ok: boolean;
  error?: string;
  /** The engine's diagnostics, one per event (the CLI's display prints each more than once). */
  diagnostics: { severity: string; message: string; urn?: string }[];
  summary?: Record<string, number>;
  outputs?: Record<string, any>;
  /** `export`: secrets shown, as the Automation API does; `export-raw`: as `pulumi stack export` prints. */
  deployment?: { version: number; deployment: any };
  /** With `steps`: each step's metadata (op, urn, keys, diffs, detailedDiff, old and new inputs and outputs). */
  steps?: any[];
  /** With `steps`: each step's metadata as it ended (its resOutputsEvent), with the outputs the step gave. */
  stepOutputs?: any[];
  /** The CLI's standard output and standard error. */
  output: string;
  stderr: string;
  ms: number;
  /** Set when the runner ran the operation a second time because the program never reached the engine. */
  retried?: string;
}

export interface SessionOptions {
  /** Prefix of the stack name, and of the program folder when no home is given. */
  name: string;
  /** Where the program runs from; a new source home by default. */
  home?: ProgramHome;
  /** The whole stack name; `<name>-<pid>-<time>` by default. */
  stackName?: string;
  projectName: string;
  /**
   * A CommonJS file exporting `(cim, pulumi) => outputs`, or a function that makes one in the home. Left out:
   * the project in the home's folder, run by its Pulumi.yaml's runtime (a YAML program: the language host).
   */
  program?: string | ((home: ProgramHome) => string);
  /**
   * Environment of the runs, over this process's: given to the runner process only (where the program and
   * its lookups run); the CLI and the provider processes it starts inherit it from there. Never written to
   * disk: it carries the token.
   */
  envVars?: Record<string, string>;
}

/** The CLI's version, read once per test process instead of once per runner (`PulumiCommand.get` runs it). */
let cliVersion: Promise<string> | undefined;
function pulumiVersion(): Promise<string> {
  cliVersion ??= exec(path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi"), ["version"], {
    env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
  }).then((r) => r.stdout.trim());
  return cliVersion;
}

/** Stacks (`project/stack`) this process has opened: the runner selects those and creates the others. */
const openedStacks = new Set<string>();

export class StackSession {
  private next = 1;
  /** Operations sent and not answered yet, by id. */
  private readonly waiting = new Map<number, { op: Command; resolve(r: OpResult): void }>();
  /** The runner process's own stderr (the CLI's comes with each result). */
  private processStderr = "";
  private readonly exited: Promise<number>;
  /** Why the runner is gone, once it is. */
  private gone?: string;

  private constructor(
    private readonly child: ChildProcess,
    readonly stackName: string,
    /** The program folder (Pulumi.yaml and the stack's config file live here). */
    readonly workDir: string,
  ) {
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.startsWith("{")) return;
      const result = JSON.parse(line) as OpResult;
      this.waiting.get(result.id)?.resolve(result);
      this.waiting.delete(result.id);
    });
    child.stderr!.on("data", (d) => {
      this.processStderr += d;
    });
    // A runner that died reports through `exited`, not through a write to its closed stdin.
    child.stdin!.on("error", () => {});
    this.exited = new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
    this.exited.then((code) => {
      this.gone = `runner exited ${code}: ${this.processStderr}`;
      for (const [id, { op, resolve }] of this.waiting) resolve(this.failure(id, op));
      this.waiting.clear();
    });
  }

  static async open(opts: SessionOptions): Promise<StackSession> {
    requireToolchain();
    const home = opts.home ?? sourceHome(opts.name);
    const program = typeof opts.program === "function" ? opts.program(home) : opts.program;
    const stackName = opts.stackName ?? `${opts.name}-${process.pid}-${Date.now().toString(36)}`;
    // The runner runs from the program folder: from inside this repository, Node's package self-reference
    // would resolve "pulumi-cim" to the checkout instead of an installed copy.
    const runner = path.join(home.workDir, "cim-runner.cjs");
    fs.copyFileSync(path.join(__dirname, "runner.cjs"), runner);
    const child = spawn(process.execPath, [runner], {
      cwd: home.workDir,
      env: { ...process.env, ...opts.envVars },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const session = new StackSession(child, stackName, home.workDir);
    const key = `${opts.projectName}/${stackName}`;
    const opened = await session.send({
      op: "open",
      workDir: home.workDir,
      sdk: home.sdk,
      stackName,
      projectName: opts.projectName,
      program,
      pulumiVersion: await pulumiVersion(),
      opened: openedStacks.has(key),
    });
    openedStacks.add(key);
    if (!opened.ok) {
      await session.close();
      throw new Error(`the runner could not open stack ${stackName}: ${opened.error}`);
    }
    return session;
  }

  /** Runs one operation; a failed one resolves with `ok: false` and what the CLI said. */
  run(op: Op, req: OpRequest = {}): Promise<OpResult> {
    return this.send({ op, ...req });
  }

  /** Like run, but throws with the CLI output when the operation fails. */
  async must(op: Op, req: OpRequest = {}): Promise<OpResult> {
    const r = await this.run(op, req);
    if (!r.ok) throw new Error(`${op} failed: ${r.error}\n${r.output}\n${r.stderr}`);
    return r;
  }

  /** The runner process's id (the CLI it starts for an operation is its child: a test may kill it mid-run). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Whether the runner process has ended (every operation from then on fails). */
  get ended(): boolean {
    return this.gone !== undefined;
  }

  async close(): Promise<void> {
    if (!this.gone) this.child.stdin!.end(`${JSON.stringify({ op: "exit" })}\n`);
    const timer = setTimeout(() => this.child.kill(), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  private send(command: { op: Command } & Record<string, unknown>): Promise<OpResult> {
    const id = this.next++;
    if (this.gone) return Promise.resolve(this.failure(id, command.op));
    const done = new Promise<OpResult>((resolve) => this.waiting.set(id, { op: command.op, resolve }));
    this.child.stdin!.write(`${JSON.stringify({ id, ...command })}\n`);
    return done;
  }

  private failure(id: number, op: Command): OpResult {
    return { id, op, ok: false, error: this.gone, diagnostics: [], output: "", stderr: "", ms: 0 };
  }
}

export interface Step extends OpRequest {
  op: Op;
  /** The step may fail; the run goes on and the result carries `error`. */
  expectFailure?: boolean;
}

export interface RunSpec {
  home: ProgramHome;
  stackName: string;
  projectName?: string;
  /** A CommonJS file exporting `(cim, pulumi) => outputs`; left out: the project in the home's folder. */
  program?: string;
  steps: Step[];
  /** Environment of the run, over this process's (see SessionOptions.envVars). */
  envVars?: Record<string, string>;
}

/** Runs batches of steps on one stack, in one runner process. */
export interface StackRun {
  /** Runs the steps in order; one result per step. Throws at a step that fails unexpectedly. */
  (steps: Step[]): Promise<OpResult[]>;
  close(): Promise<void>;
}

/**
 * One runner for every batch of steps a test runs on a stack: each runner that starts loads the Automation API
 * and the SDK and selects the stack (about a second of CPU). As in a StackSession, a step's `env` stays set for
 * the steps and batches after it, and the program's process (its lookups' cache) lives as long as the runner.
 */
export async function openRun(spec: Omit<RunSpec, "steps">): Promise<StackRun> {
  const session = await StackSession.open({
    name: spec.stackName,
    home: spec.home,
    stackName: spec.stackName,
    projectName: spec.projectName ?? "cim-e2e",
    program: spec.program,
    envVars: spec.envVars,
  });
  const run = async (steps: Step[]) => {
    const results: OpResult[] = [];
    for (const [i, { op, expectFailure, ...req }] of steps.entries()) {
      const r = await session.run(op, req);
      if (!r.ok && (!expectFailure || session.ended)) {
        throw new Error(`step ${i} (${op}) failed: ${r.error}\n${r.output}\n${r.stderr}`);
      }
      results.push(r);
    }
    return results;
  };
  return Object.assign(run, { close: () => session.close() });
}

/**
 * `run(steps)` on one stack, each batch in the same runner (see openRun), closed when the current test ends. For
 * a test whose batches may share the program's process: not across an upgrade of the installed package.
 */
export async function stackRun(spec: Omit<RunSpec, "steps">): Promise<StackRun> {
  const run = await openRun(spec);
  onTestFinished(() => run.close());
  return run;
}

/** Opens a runner, runs the steps in order and closes it; one result per step. */
export async function runPulumi(spec: RunSpec): Promise<OpResult[]> {
  const run = await openRun(spec);
  try {
    return await run(spec.steps);
  } finally {
    await run.close();
  }
}
