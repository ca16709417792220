// examples/gitops/pipeline.ts end to end against the emulator, as CI would run it: a pull request previews
// and writes the summary without touching the cloud; a push to main applies; policy violations stop it.
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../examples/gitops/summary";
import { repoRoot, requireToolchain, sourceHome } from "../harness";
import { type PipelineRun, pipelineRunner, pullRequest, pushToMain } from "./gitopsPipeline";
import { mutating, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;
let workDir: string;
let runPipeline: PipelineRun;
const stack = uniqueStack("gitops");

/** The program's changes: web renamed (update), worker on another template (replace), the volume gone (delete). */
const changes = [
  "--config",
  "displayName=web-2",
  "--config",
  "workerTemplate=Debian 12",
  "--config",
  "withData=false",
];

const ops = (r: Report) => r.changes.map((c) => `${c.op} ${c.type} ${c.name}`);

beforeAll(async () => {
  requireToolchain();
  if (!fs.existsSync(path.join(repoRoot, "dist", "policy", "index.js"))) {
    throw new Error("the policy pack is not built (dist/policy): run the tests through `npm test`");
  }
  api = await startApi();
  workDir = sourceHome("gitops").workDir;
  runPipeline = pipelineRunner({ api, stack, workDir });
});

afterAll(async () => {
  if (workDir && fs.existsSync(path.join(workDir, "project"))) {
    const pulumiCommand = await PulumiCommand.get({ root: process.env.CIM_PULUMI_ROOT });
    const ws = await LocalWorkspace.create({ workDir: path.join(workDir, "project"), pulumiCommand });
    await ws.removeStack(stack, { force: true }).catch(() => undefined);
  }
  await api?.close();
});

describe("the GitOps pipeline (examples/gitops/pipeline.ts)", () => {
  let webId: string;
  let volumeId: string;

  it("previews a pull request: a summary of the creates, advisory violations listed, nothing applied", async () => {
    await api.control.resetRequests();
    const run = await runPipeline(pullRequest, []);
    expect(run.code).toBe(0);
    const r = run.report;
    expect(r.status).toBe("ok");
    expect(r.applied).toBe(false);
    expect(r.decision).toMatchObject({ apply: false, pullRequest: true, branch: "feature" });
    expect(r.project).toBe("gitops-e2e");
    expect(r.stack).toBe(stack);
    expect(r.counts).toEqual({ create: 4 });
    expect(ops(r)).toEqual([
      "create cim:BackupSchedule web-backup",
      "create cim:Instance web",
      "create cim:Instance worker",
      "create cim:Volume data",
    ]);
    const web = r.changes.find((c) => c.name === "web")!;
    expect(web.fields.find((f) => f.name === "displayName")).toEqual({ name: "displayName", new: "web" });
    const data = r.changes.find((c) => c.name === "data")!;
    expect(data.fields.find((f) => f.name === "instanceId")).toMatchObject({ unknown: true });
    expect(r.policyViolations).toEqual([
      expect.objectContaining({
        policy: "cim-instance-backup-schedule",
        enforcementLevel: "advisory",
        resource: expect.objectContaining({ type: "cim:Instance", name: "worker" }),
      }),
    ]);
    expect(run.markdown).toContain(`## Pulumi preview \`gitops-e2e/${stack}\``);
    expect(run.markdown).toContain("**4 to create, 0 to update, 0 to replace, 0 to delete**");
    expect(run.markdown).toContain("| + create | `worker` | cim:Instance |");
    expect(run.markdown).toContain("Policy violations: 0 mandatory, 1 advisory");
    expect(run.markdown).toContain("**Preview only** (a pull request is only previewed).");
    expect(mutating(await api.control.requests())).toEqual({});
  }, 120_000);

  it("applies a push to main", async () => {
    const run = await runPipeline(pushToMain, []);
    expect(run.code).toBe(0);
    const r = run.report;
    expect(r.status).toBe("ok");
    expect(r.decision).toMatchObject({ apply: true, pullRequest: false, branch: "main" });
    expect(r.applied).toBe(true);
    // counted as the preview counts (the program's resources): what the preview said it would create
    expect(r.apply?.counts).toEqual({ create: 4 });
    webId = String(r.apply?.outputs?.webId);
    const web = await api.client.instances.get(webId);
    expect(web.displayName).toBe("web");
    const [volume] = (await api.client.volumes.listAll()).items.filter(
      (v) => v.virtualMachineId === webId && v.type !== "ROOT",
    );
    volumeId = volume.id;
    expect(run.markdown).toContain("**Applied** (on the main branch main (GITHUB_REF)).");
  }, 180_000);

  it("summarises an update, a replacement and a deletion with the changed fields; --fail-on-advisory fails it", async () => {
    await api.control.resetRequests();
    const run = await runPipeline(pullRequest, [...changes, "--fail-on-advisory"]);
    expect(run.code).toBe(2);
    const r = run.report;
    expect(r.status).toBe("policy-violations");
    expect(r.applied).toBe(false);
    expect(r.counts).toMatchObject({ update: 1, replace: 1, delete: 1, same: 1 });
    expect(ops(r)).toEqual([
      "update cim:Instance web",
      "replace cim:Instance worker",
      "delete cim:Volume data",
    ]);
    const [web, worker, data] = r.changes;
    expect(web.id).toBe(webId);
    expect(web.fields).toEqual([{ name: "displayName", old: "web", new: "web-2" }]);
    expect(worker.fields).toEqual([
      { name: "templateId", old: expect.any(String), new: expect.any(String), replaces: true },
    ]);
    expect(worker.fields[0].old).not.toBe(worker.fields[0].new);
    expect(data.id).toBe(volumeId);
    expect(run.markdown).toContain("**0 to create, 1 to update, 1 to replace, 1 to delete**; 1 unchanged.");
    expect(run.markdown).toContain(
      '| ~ update | `web` | cim:Instance | `displayName`: `"web"` → `"web-2"` |',
    );
    expect(run.markdown).toMatch(
      /\| \+- replace \| `worker` \| cim:Instance \| `templateId`: .* \(forces replacement\) \|/,
    );
    expect(run.markdown).toContain(`| - delete | \`data\` | cim:Volume | id \`${volumeId}\` |`);
    expect(run.markdown).toContain("**Destructive:** 1 replacement(s) and 1 deletion(s).");
    expect(run.stderr).toContain(
      "policy violation [advisory] cim-instance-backup-schedule (cim:Instance worker)",
    );
    expect(mutating(await api.control.requests())).toEqual({});
  }, 120_000);

  it("stops on a mandatory policy violation, even on main: exit 2, nothing applied", async () => {
    await api.control.resetRequests();
    const run = await runPipeline(pushToMain, [...changes, "--config", "passwordSsh=true"]);
    expect(run.code).toBe(2);
    const r = run.report;
    expect(r.status).toBe("policy-violations");
    expect(r.decision.apply).toBe(true);
    expect(r.applied).toBe(false);
    expect(r.apply).toBeUndefined();
    expect(r.policyViolations).toContainEqual(
      expect.objectContaining({
        policy: "cim-no-password-ssh",
        enforcementLevel: "mandatory",
        resource: expect.objectContaining({ type: "cim:Instance", name: "web" }),
      }),
    );
    expect(r.errors).toEqual([]);
    const web = r.changes.find((c) => c.name === "web")!;
    expect(web.op).toBe("replace");
    expect(web.fields).toContainEqual({ name: "allowPasswordSsh", new: true, replaces: true });
    expect(run.markdown).toContain("Policy violations: 1 mandatory, 1 advisory");
    expect(run.markdown).toContain(
      "- **mandatory** `cim-no-password-ssh` (pulumi-cim) on `cim:Instance web`",
    );
    expect(run.markdown).toContain("**Not applied: policy violations**");
    expect(run.stderr).toContain("policy violation [mandatory] cim-no-password-ssh (cim:Instance web)");
    expect(mutating(await api.control.requests())).toEqual({});
    expect((await api.client.instances.get(webId)).displayName).toBe("web");
  }, 120_000);

  it("applies the reviewed changes on main", async () => {
    const run = await runPipeline(pushToMain, [...changes, "--config", "passwordSsh=false"]);
    expect(run.code).toBe(0);
    const r = run.report;
    expect(r.applied).toBe(true);
    expect(r.apply?.counts).toMatchObject({ update: 1, replace: 1, delete: 1 });
    expect(r.apply?.outputs?.webDisplayName).toBe("web-2");
    expect((await api.client.instances.get(webId)).displayName).toBe("web-2");
    const volumes = (await api.client.volumes.listAll()).items.filter((v) => v.id === volumeId);
    expect(volumes.filter((v) => !["Destroyed", "Expunged"].includes(v.state ?? ""))).toEqual([]);
  }, 180_000);

  it("fails with exit 1 and says why when the preview fails", async () => {
    const run = await runPipeline(pullRequest, ["--config", "workerTemplate=No Such Template"]);
    expect(run.code).toBe(1);
    expect(run.report.status).toBe("preview-failed");
    expect(run.report.errors.join("\n")).toContain("No Such Template");
    expect(run.markdown).toContain("## Pulumi preview failed");
    expect(run.markdown).toContain("### Errors");
    expect(run.markdown).toContain(
      "**Preview only; the preview failed** (a pull request is only previewed).",
    );
  }, 120_000);
});
