// Pulumi operations on the bench program through the tests' Automation API runner (tests/harness/runner.cjs:
// an inline program, the real CLI and dynamic-provider host, or the plugin pulumi-resource-cim for a stack on
// the native path), plus peak-RSS sampling of the provider process (either) and of the CLI while the steps run.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { processCpuMs } from "./emulator.mjs";
import { prepareInstall, stacksDir } from "./install.mjs";
import { benchDir, repoRoot } from "./paths.mjs";

const RUNNER = path.join(repoRoot, "tests", "harness", "runner.cjs");
const PROGRAM = path.join(benchDir, "program.cjs");
const PROJECT = "cim-bench";
let serial = 0;
/** What programs load (install.mjs): pulumi-cim as the runner's `cim`, and the Probe module. */
let loads = prepareInstall("source");

/** Sets what the bench programs load from now on (prepareInstall's answer). */
export function useInstall(install) {
  loads = install;
}

/**
 * A fresh program folder (git-ignored) and a unique stack name for one scenario case. `native`: the program gets
 * `pulumi-cim/native` as `cim`, and the folder a Pulumi.yaml whose `plugins.providers` names the plugin's folder
 * (the installed package's bin/, or the checkout's), as a user's does; the Automation API takes an inline
 * program's project from the Pulumi.yaml it finds in the work folder.
 */
export function newStack(label, { native = false } = {}) {
  const id = `${label}-${process.pid}-${Date.now().toString(36)}-${serial++}`;
  const workDir = path.join(stacksDir, id);
  fs.mkdirSync(workDir, { recursive: true });
  // A project of its own, as a user's program is: without it the folder lies in this repository's package scope,
  // where Node resolves "pulumi-cim" to the checkout itself (a package's self-reference), not the installed copy.
  fs.writeFileSync(
    path.join(workDir, "package.json"),
    JSON.stringify({ name: "cim-bench-stack", private: true }),
  );
  if (native) {
    fs.writeFileSync(
      path.join(workDir, "Pulumi.yaml"),
      [
        `name: ${PROJECT}`,
        "runtime: nodejs",
        "plugins:",
        "  providers:",
        "    - name: cim",
        `      path: ${JSON.stringify(loads.pluginDir)}`,
        "",
      ].join("\n"),
    );
  }
  return { workDir, stackName: id.replace(/[^A-Za-z0-9_.-]/g, "-"), native };
}

/**
 * Runs steps ({op, config?, options?, expectFailure?}) on the bench program in one runner process, one at a
 * time, stopping at the first step that fails unexpectedly. Resolves with one result per step ({op, ok, ms,
 * summary, providerPeakRssMb, providerPids, cliPeakRssMb, cpuMs: {program, cli, provider}}); rejects on a
 * failed step, with the CLI output.
 * `timeoutMs` bounds the whole run (the runner is killed past it). `pin`: CPUs the runner, the CLI and the
 * provider run on (taskset; their children inherit it).
 */
export async function runSteps({ stack, steps, envVars, timeoutMs = 20 * 60_000, pin }) {
  const runner = path.join(stack.workDir, "cim-runner.cjs");
  fs.copyFileSync(RUNNER, runner);
  // The runner process (the program) and the CLI and provider it starts get the emulator's address and token
  // through the environment (never a file), and a shortened poll interval only when envVars asks for one
  // (setup runs): measured runs use the real cadence.
  const env = { ...process.env };
  delete env.CIM_POLL_INTERVAL_MS;
  delete env.CIM_DEBUG;
  Object.assign(env, envVars);
  env.CIM_BENCH_PROBE = loads.probe;
  // The CLI runs 4 resource operations per CPU it may use (Go's GOMAXPROCS): pinned to one CPU, that is 4
  // instead of this machine's 4 × CPUs. Pinning is there to keep the emulator's CPU out of the figures, not to
  // change how many operations the engine overlaps, so a pinned run keeps the unpinned default.
  if (pin?.length && !env.PULUMI_PARALLEL) env.PULUMI_PARALLEL = String(4 * os.availableParallelism());
  const [cmd, argv] = pin?.length
    ? ["taskset", ["-c", pin.join(","), process.execPath, runner]]
    : [process.execPath, [runner]];
  const child = spawn(cmd, argv, {
    cwd: stack.workDir,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.on("error", () => {}); // a runner that died is reported by its exit code
  const send = (command) => child.stdin.write(`${JSON.stringify(command)}\n`);
  const sampler = new ProviderSampler(child.pid);
  const results = [];
  let opened;
  let stderr = "";
  // The runner answers each command with one line: `open` first, then the steps; the next goes out then.
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    const r = JSON.parse(line);
    if (r.op === "open") opened = r;
    else {
      sampler.sample();
      const mem = sampler.takeStep();
      results.push({
        ...r,
        step: results.length,
        providerPeakRssMb: mem.provider.peakMb,
        providerPids: mem.provider.pids,
        cliPeakRssMb: mem.cli.peakMb,
        cpuMs: { program: mem.program.cpuMs, cli: mem.cli.cpuMs, provider: mem.provider.cpuMs },
      });
    }
    const stop = !r.ok && (r.op === "open" || !steps[results.length - 1].expectFailure);
    const next = steps[results.length];
    if (stop || !next) child.stdin.end(`${JSON.stringify({ op: "exit" })}\n`);
    else send({ id: results.length + 1, ...next });
  });
  child.stderr.on("data", (d) => {
    stderr += d;
    if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
  });
  send({
    id: 0,
    op: "open",
    workDir: stack.workDir,
    sdk: stack.native ? loads.nativeSdk : loads.sdk,
    stackName: stack.stackName,
    projectName: PROJECT,
    program: PROGRAM,
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  clearTimeout(timer);
  sampler.stop();
  if (opened && !opened.ok)
    throw new Error(`${stack.stackName}: the runner could not open it: ${opened.error}`);
  // A removed stack takes its folder along.
  if (steps.at(-1)?.op === "rm" && results.at(-1)?.ok)
    fs.rmSync(stack.workDir, { recursive: true, force: true });
  const failed = results.find((r) => !r.ok && !steps[r.step]?.expectFailure);
  if (failed) {
    throw new Error(`${stack.stackName}: ${failed.op} failed: ${failed.error}\n${tail(failed.output)}`);
  }
  if (code !== 0 || results.length !== steps.length) {
    throw new Error(`${stack.stackName}: runner exited ${code}\n${tail(stderr)}`);
  }
  for (const r of results) {
    delete r.output;
    delete r.stderr;
  }
  return results;
}

/** Steps that remove a stack without touching the API (the scenario's emulator is thrown away). */
export const removeStack = { op: "rm" };

function tail(s = "", n = 4000) {
  return s.length > n ? `…${s.slice(-n)}` : s;
}

/**
 * Polls /proc every 100 ms for the processes below a root pid that run a provider (Pulumi's dynamic-provider
 * script, or the plugin pulumi-resource-cim: the same figures for either path) or the Pulumi CLI, and keeps their peak resident set size (VmHWM, the kernel's high-water mark, so short peaks
 * between samples count too) and their CPU time (as last read), per kind; and the CPU time of the root (the
 * runner, which runs the program).
 */
class ProviderSampler {
  constructor(rootPid) {
    this.rootPid = rootPid;
    this.seen = new Map(); // pid -> {kind, kb, cpuMs}
    this.taken = new Set();
    this.rootCpuMs = 0;
    this.timer = setInterval(() => this.sample(), 100);
    this.timer.unref();
  }

  sample() {
    let entries;
    try {
      entries = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
    } catch {
      return; // no /proc: no memory figures
    }
    const children = new Map();
    for (const pid of entries) {
      const ppid = readPpid(pid);
      if (ppid === undefined) continue;
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(pid);
    }
    const stack = [String(this.rootPid)];
    while (stack.length) {
      const pid = stack.pop();
      for (const c of children.get(pid) ?? []) {
        stack.push(c);
        if (this.taken.has(c)) continue;
        let cmd = "";
        try {
          cmd = fs.readFileSync(`/proc/${c}/cmdline`, "utf8");
        } catch {
          continue;
        }
        const argv = cmd.split("\0");
        const kind = isDynamicProvider(argv) || isPlugin(argv) ? "provider" : isCli(argv) ? "cli" : undefined;
        if (!kind) continue;
        const kb = readHwm(c);
        const cpuMs = processCpuMs(c) ?? this.seen.get(c)?.cpuMs;
        if (kb !== undefined) this.seen.set(c, { kind, kb: Math.max(this.seen.get(c)?.kb ?? 0, kb), cpuMs });
      }
    }
  }

  /** Peaks of the processes seen since the last step ended (they belong to the step that just ended). */
  takeStep() {
    const out = { provider: { peak: 0, pids: [], cpuMs: 0 }, cli: { peak: 0, pids: [], cpuMs: 0 } };
    for (const [pid, { kind, kb, cpuMs }] of this.seen) {
      if (this.taken.has(pid)) continue;
      this.taken.add(pid);
      out[kind].pids.push(Number(pid));
      out[kind].peak = Math.max(out[kind].peak, kb);
      out[kind].cpuMs += cpuMs ?? 0;
    }
    this.seen = new Map([...this.seen].filter(([pid]) => !this.taken.has(pid)));
    const mb = (k) => (out[k].pids.length ? Math.round((out[k].peak / 1024) * 10) / 10 : undefined);
    const root = processCpuMs(this.rootPid) ?? this.rootCpuMs;
    const program = root - this.rootCpuMs;
    this.rootCpuMs = root;
    return {
      provider: { peakMb: mb("provider"), pids: out.provider.pids, cpuMs: out.provider.cpuMs },
      cli: { peakMb: mb("cli"), pids: out.cli.pids, cpuMs: out.cli.cpuMs },
      program: { cpuMs: program },
    };
  }

  stop() {
    clearInterval(this.timer);
  }
}

/** The Pulumi CLI binary (`…/bin/pulumi up …`), which the Automation API runs. */
function isCli(argv) {
  return /(^|[\\/])pulumi$/.test(argv[0] ?? "");
}

/** `node …/@pulumi/pulumi/cmd/dynamic-provider[/index.js] …`, not the `node -e` that resolves that path. */
function isDynamicProvider(argv) {
  return !argv.includes("-e") && argv.slice(1).some((a) => /[\\/]dynamic-provider([\\/]index\.js)?$/.test(a));
}

/**
 * The plugin: `node …/dist/provider/native/main.js <engine>` (what bin/pulumi-resource-cim execs, in the same
 * process), or the script itself in the instant before its exec.
 */
function isPlugin(argv) {
  return argv.some(
    (a) => /[\\/]pulumi-resource-cim$/.test(a) || /[\\/]dist[\\/]provider[\\/]native[\\/]main\.js$/.test(a),
  );
}

function readPpid(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid …; comm may hold spaces and parentheses
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return rest[1];
  } catch {
    return undefined;
  }
}

function readHwm(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
