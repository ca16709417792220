// Runs examples/gitops/pipeline.ts as CI does (a child process with CI variables), for the GitOps e2e suites
// (gitops.test.ts on the file backend, gitopsPostgres.test.ts on a shared PostgreSQL backend).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "vitest";
import type { Report } from "../../examples/gitops/summary";
import { repoRoot } from "../harness";
import type { TestApi } from "./support";

export const pipeline = path.join(repoRoot, "examples", "gitops", "pipeline.ts");
export const gitopsProgram = path.join(__dirname, "programs", "gitops.ts");
export const policyPack = path.join(repoRoot, "policy");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  report: Report;
  markdown: string;
}

export const pullRequest = {
  GITHUB_EVENT_NAME: "pull_request",
  GITHUB_REF: "refs/pull/7/merge",
  GITHUB_HEAD_REF: "feature",
};
export const pushToMain = { GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" };

/** The CI variables of the machine running the tests must not leak into the pipeline's decision. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(GITHUB_|CI_|GITOPS_)/.test(k)) continue;
    env[k] = v;
  }
  return env;
}

export interface PipelineSetup {
  api: TestApi;
  stack: string;
  /** Holds the summaries (out-N) and, unless a run names its own, the project folder. */
  workDir: string;
  /** Environment over this process's; an undefined value removes the variable. */
  env?: Record<string, string | undefined>;
  /** Texts that must never appear in a summary or the log (the API token always is one). */
  secrets?: string[];
}

export type PipelineRun = (
  ci: Record<string, string>,
  args: string[],
  options?: { projectDir?: string },
) => Promise<Run>;

/** A runner of the pipeline for one stack; each run writes its summary to a folder of its own. */
export function pipelineRunner(setup: PipelineSetup): PipelineRun {
  let runs = 0;
  return async (ci, args, options = {}) => {
    const out = path.join(setup.workDir, `out-${runs++}`);
    const env: Record<string, string> = { ...cleanEnv(), ...setup.api.envVars, ...ci };
    for (const [k, v] of Object.entries(setup.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const argv = [
      pipeline,
      ...["--stack", setup.stack, "--project", "gitops-e2e", "--program", gitopsProgram],
      ...["--work-dir", options.projectDir ?? path.join(setup.workDir, "project")],
      ...["--out", out, "--policy-pack", policyPack],
      ...args,
    ];
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) =>
        execFile(
          process.execPath,
          argv,
          { cwd: setup.workDir, env, maxBuffer: 256 << 20 },
          (err, stdout, stderr) =>
            resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
        ),
    );
    const jsonFile = path.join(out, "summary.json");
    if (!fs.existsSync(jsonFile)) throw new Error(`no summary (exit ${code})\n${stdout}\n${stderr}`);
    const markdown = fs.readFileSync(path.join(out, "summary.md"), "utf8");
    const raw = fs.readFileSync(jsonFile, "utf8");
    // The token (and any other secret of the setup) never reaches the summary or the log.
    for (const secret of [setup.api.token, ...(setup.secrets ?? [])]) {
      for (const text of [raw, markdown, stdout, stderr]) expect(text).not.toContain(secret);
    }
    return { code, stdout, stderr, report: JSON.parse(raw), markdown };
  };
}
