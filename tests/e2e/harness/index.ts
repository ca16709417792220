import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

export const repoRoot = path.resolve(__dirname, "..", "..", "..");

export type Op = "up" | "preview" | "refresh" | "destroy" | "export" | "rm";

export interface Step {
  op: Op;
  /** Stack config to set before the step (`null` removes a key). */
  config?: Record<string, string | { value: string; secret?: boolean } | null>;
  /** Extra Automation API options for the operation. */
  options?: Record<string, unknown>;
  /** The step may fail; the run goes on and the result carries `error`. */
  expectFailure?: boolean;
}

export interface StepResult {
  step: number;
  op: Op;
  ok: boolean;
  error?: string;
  /** The engine's diagnostics of the step, one per event (the CLI's display prints each more than once). */
  diagnostics?: { severity: string; message: string; urn?: string }[];
  summary?: Record<string, number>;
  outputs?: Record<string, unknown>;
  deployment?: { version: number; deployment: any };
  output: string;
  ms: number;
}

/** Where a program runs from, and how it loads pulumi-cim. */
export interface ProgramHome {
  workDir: string;
  /** Module id or path the runner requires as `cim` (resolved from workDir). */
  sdk: string;
  label: "source" | "installed";
}

export interface RunSpec {
  home: ProgramHome;
  stackName: string;
  projectName?: string;
  /** A CommonJS file exporting `(cim, pulumi) => outputs`. */
  program: string;
  steps: Step[];
  /**
   * Environment of the run, over this process's: given to the runner process only (where the program and
   * its lookups run); the CLI and the provider processes it starts inherit it from there. Never written to
   * disk: it carries the token.
   */
  envVars?: Record<string, string>;
}

export function requireToolchain(): void {
  if (!process.env.CIM_PULUMI_ROOT || !fs.existsSync(path.join(repoRoot, "dist", "sdk", "index.js"))) {
    throw new Error("e2e tests need the bootstrapped toolchain and a build: run them through `npm test`");
  }
}

/** The source checkout: programs load the built dist/ of this repository. */
export function sourceHome(name: string): ProgramHome {
  const workDir = path.join(repoRoot, ".state", "e2e", `${name}-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(workDir, { recursive: true });
  return { workDir, sdk: repoRoot, label: "source" };
}

let packed: Promise<string> | undefined;

/** `npm pack` of this repository, once per test process. */
export function packOnce(): Promise<string> {
  packed ??= (async () => {
    const dest = fs.mkdtempSync(path.join(os.tmpdir(), "cim-pack-"));
    const { stdout } = await exec("npm", ["pack", "--json", "--pack-destination", dest], { cwd: repoRoot });
    const [info] = JSON.parse(stdout);
    return path.join(dest, info.filename);
  })();
  return packed;
}

/**
 * A program folder outside the repository that depends on the packed tarball, the way users install
 * pulumi-cim. Nothing in it can reach this repository's sources or node_modules.
 */
export async function installedHome(name: string, tarball?: string): Promise<ProgramHome> {
  tarball ??= await packOnce();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `cim-${name}-`));
  fs.writeFileSync(
    path.join(workDir, "package.json"),
    JSON.stringify({
      name: `cim-e2e-${name}`,
      private: true,
      dependencies: { "pulumi-cim": `file:${tarball}` },
    }),
  );
  await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--no-package-lock"], {
    cwd: workDir,
  });
  return { workDir, sdk: "pulumi-cim", label: "installed" };
}

/** Runs the steps in a separate Node process (tests/e2e/harness/runner.cjs) and returns one result per step. */
export async function runPulumi(spec: RunSpec): Promise<StepResult[]> {
  requireToolchain();
  const specFile = path.join(spec.home.workDir, `spec-${spec.stackName}-${Date.now()}.json`);
  fs.writeFileSync(
    specFile,
    JSON.stringify({
      workDir: spec.home.workDir,
      sdk: spec.home.sdk,
      stackName: spec.stackName,
      projectName: spec.projectName ?? "cim-e2e",
      program: spec.program,
      steps: spec.steps,
    }),
  );
  // The runner runs from the program folder: from inside this repository, Node's package
  // self-reference would resolve "pulumi-cim" to the checkout instead of the installed copy.
  const runner = path.join(spec.home.workDir, "cim-runner.cjs");
  fs.copyFileSync(path.join(__dirname, "runner.cjs"), runner);
  const child = spawn(process.execPath, [runner, specFile], {
    cwd: spec.home.workDir,
    env: { ...process.env, ...spec.envVars },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  const results = stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as StepResult);
  if (code !== 0 && results.at(-1)?.ok !== false) {
    throw new Error(`runner exited ${code}\n${stderr}`);
  }
  const failed = results.find((r) => !r.ok && !spec.steps[r.step]?.expectFailure);
  if (failed) {
    throw new Error(
      `step ${failed.step} (${failed.op}) failed: ${failed.error}\n${failed.output}\n${stderr}`,
    );
  }
  return results;
}
