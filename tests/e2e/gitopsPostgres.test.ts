// Team state: the GitOps pipeline on a shared PostgreSQL backend (`pulumi login postgres://…`), as several CI
// runners use one stack. A real PostgreSQL server from Debian's packages (scripts/postgres.sh installs it
// when missing, as CI on a fresh machine must), on a free loopback port, data in a temp dir. Two runners
// apply the same stack at the same time: one applies, the other meets the lock, waits (--lock-wait) and
// then finds nothing left to do; the state stays whole and the emulator holds no duplicates.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, requireToolchain, sourceHome } from "../harness";
import { type PipelineRun, pipelineRunner, pullRequest, pushToMain, type Run } from "./gitopsPipeline";
import { mutating, resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

const exec = promisify(execFile);
const postgresScript = path.join(repoRoot, "scripts", "postgres.sh");

let api: TestApi;
let workDir: string;
let serverDir: string;
let pulumiHome: string;
let backendUrl: string;
let password: string;
let runPipeline: PipelineRun;
const stack = uniqueStack("team");

/** The environment of every Pulumi command here: its own PULUMI_HOME (logged in to PostgreSQL), no file backend. */
function backendEnv(): Record<string, string | undefined> {
  return { PULUMI_HOME: pulumiHome, PULUMI_BACKEND_URL: undefined, PGPASSWORD: password };
}

async function pulumi(args: string[], cwd: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(backendEnv())) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const cli = path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi");
  const { stdout, stderr } = await exec(cli, [...args, "--non-interactive"], { cwd, env });
  for (const text of [stdout, stderr]) expect(text).not.toContain(password);
  return stdout;
}

async function psql(sql: string): Promise<string[]> {
  const { stdout } = await exec("psql", ["-X", "-At", "-c", sql, backendUrl], {
    env: { ...process.env, PGPASSWORD: password },
  });
  return stdout.split("\n").filter(Boolean);
}

const runnerDir = (name: string) => path.join(workDir, name, "project");

beforeAll(async () => {
  requireToolchain();
  if (!fs.existsSync(path.join(repoRoot, "dist", "policy", "index.js"))) {
    throw new Error("the policy pack is not built (dist/policy): run the tests through `npm test`");
  }
  workDir = sourceHome("gitops-postgres").workDir;
  serverDir = path.join(workDir, "postgres");
  // Installs postgresql with apt-get when it is missing: minutes on a fresh machine.
  const started = await exec("bash", [postgresScript, "start", serverDir], { timeout: 600_000 });
  backendUrl = started.stdout.trim();
  expect(backendUrl).toMatch(/^postgres:\/\/pulumi@127\.0\.0\.1:\d+\/pulumi\?sslmode=disable$/);
  password = fs.readFileSync(path.join(serverDir, "password"), "utf8").trim();
  pulumiHome = fs.mkdtempSync(path.join(os.tmpdir(), "cim-pulumi-home-"));
  const login = await pulumi(["login", backendUrl], workDir);
  expect(login).toContain(`Logged in to`);
  api = await startApi();
  runPipeline = pipelineRunner({ api, stack, workDir, env: backendEnv(), secrets: [password] });
}, 660_000);

afterAll(async () => {
  await api?.close();
  if (serverDir) await exec("bash", [postgresScript, "stop", serverDir]).catch(() => undefined);
  if (pulumiHome) fs.rmSync(pulumiHome, { recursive: true, force: true });
});

describe("GitOps on a shared PostgreSQL backend", () => {
  it("previews a pull request with the state in PostgreSQL", async () => {
    const run = await runPipeline(pullRequest, [], { projectDir: runnerDir("runner-a") });
    expect(run.code).toBe(0);
    expect(run.report.counts).toEqual({ create: 4 });
    expect(run.report.lockWaits).toBe(0);
    expect(mutating(await api.control.requests())).toEqual({});
    // The stack lives in the database, not in a folder: the backend created its table and wrote the stack.
    // Keys are the backend's paths under the database's name.
    const keys = await psql("SELECT key FROM pulumi_state ORDER BY key");
    expect(keys).toContain(`pulumi/.pulumi/stacks/gitops-e2e/${stack}.json`);
    const fileBackend = new URL(process.env.PULUMI_BACKEND_URL ?? "file:///nonexistent").pathname;
    expect(fs.existsSync(path.join(fileBackend, ".pulumi", "stacks", "gitops-e2e", `${stack}.json`))).toBe(
      false,
    );
  }, 180_000);

  it("applies from two runners at once: one applies, the other waits for the lock, then has nothing to do", async () => {
    // A second runner has its own checkout, with the stack's settings file committed in the repository.
    const file = `Pulumi.${stack}.yaml`;
    fs.mkdirSync(runnerDir("runner-b"), { recursive: true });
    fs.copyFileSync(path.join(runnerDir("runner-a"), file), path.join(runnerDir("runner-b"), file));
    await api.control.resetRequests();
    // Jobs that take a while keep the first update inside its lock while the second one arrives.
    await api.control.jobTiming({ latencyMs: 3_000 });
    let runs: Run[];
    try {
      runs = await Promise.all(
        ["runner-a", "runner-b"].map((r) =>
          runPipeline(pushToMain, ["--lock-wait", "300"], { projectDir: runnerDir(r) }),
        ),
      );
    } finally {
      await api.control.jobTiming({ latencyMs: 0 });
    }
    for (const run of runs) {
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.report.status).toBe("ok");
      expect(run.report.applied).toBe(true);
    }
    const creates = runs.map((r) => r.report.apply?.counts?.create ?? 0).sort();
    expect(creates).toEqual([0, 4]); // the four resources, created once (counted as the preview counts them)
    const waited = runs.find((r) => (r.report.apply?.counts?.create ?? 0) === 0)!;
    expect(waited.report.lockWaits).toBeGreaterThan(0);
    expect(waited.stdout).toMatch(/pipeline: the stack is locked by another update; applying again in/);
    expect(waited.report.apply?.counts).toEqual({ same: 4 });

    // Every create reached the API exactly once.
    const counts = mutating(await api.control.requests());
    expect(Object.entries(counts).filter(([k]) => /^POST .*(instances|volumes)$/.test(k))).toEqual([
      ["POST /api/v1/compute/instances", 2],
      ["POST /api/v1/volumes", 1],
    ]);
  }, 420_000);

  it("leaves the state whole: export parses, each resource once, the emulator without duplicates, no lock left", async () => {
    const exported = JSON.parse(await pulumi(["stack", "export", "--stack", stack], runnerDir("runner-a")));
    expect(exported.deployment.pending_operations ?? []).toEqual([]);
    const names = (type: string) => resourcesOf(exported, type).map((r: any) => r.urn.split("::").pop());
    expect(names("cim:Instance").sort()).toEqual(["web", "worker"]);
    expect(names("cim:Volume")).toEqual(["data"]);
    expect(names("cim:BackupSchedule")).toEqual(["web-backup"]);
    const byName = (n: string) =>
      resourcesOf(exported, "cim:Instance").find((r: any) => r.urn.endsWith(`::${n}`));

    const live = (await api.client.instances.listAll()).items.filter(
      (i) => !["Destroyed", "Expunged"].includes(i.state ?? ""),
    );
    expect(live.map((i) => i.displayName).sort()).toEqual(["web", "worker"]);
    expect(live.map((i) => i.id).sort()).toEqual([byName("web").id, byName("worker").id].sort());
    const data = (await api.client.volumes.listAll()).items.filter((v) => v.name === "data");
    expect(data.map((v) => v.id)).toEqual([resourcesOf(exported, "cim:Volume")[0].id]);
    expect(await api.client.backupSchedules.list(byName("web").id)).toHaveLength(1);

    const keys = await psql("SELECT key FROM pulumi_state ORDER BY key");
    expect(keys).toContain(`pulumi/.pulumi/stacks/gitops-e2e/${stack}.json`);
    expect(keys.filter((k) => k.includes("/.pulumi/locks/"))).toEqual([]);

    // A later run on either runner finds the stack up to date.
    const again = await runPipeline(pullRequest, [], { projectDir: runnerDir("runner-b") });
    expect(again.code).toBe(0);
    expect(again.report.changes).toEqual([]);
  }, 180_000);
});
