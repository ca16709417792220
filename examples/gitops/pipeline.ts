// GitOps for pulumi-cim: preview a stack, write a reviewable summary (Markdown and JSON), stop on policy
// violations, and apply on the main branch. Runs the program through the Automation API as an inline
// program (no Node.js language host needed); Node 24 runs this file as it is (erasable TypeScript only).
//
//   node examples/gitops/pipeline.ts --stack prod --program examples/quickstart/index.ts \
//     [--policy-pack policy] [--policy-pack-config policy.json] [--config key=value]... \
//     [--out .gitops] [--work-dir DIR] [--project NAME] [--refresh] \
//     [--apply | --no-apply] [--main-branch main] [--fail-on-advisory] [--lock-wait SECONDS]
//
// Apply or not: --apply / --no-apply when given; otherwise only a push to the main branch applies
// (GITHUB_EVENT_NAME + GITHUB_REF on GitHub Actions, CI_MERGE_REQUEST_IID + CI_COMMIT_BRANCH on GitLab CI,
// GITOPS_BRANCH elsewhere). Pull requests are previewed only.
//
// Shared state (a postgres:// or s3:// backend) lets several runners work on one stack; the backend locks
// the stack during an update, and a second update fails with "the stack is currently locked". With
// --lock-wait N the pipeline retries such an operation (backoff with jitter, re-running the program on the
// state the other update left) for up to N seconds instead of failing.
//
// Writes OUT/summary.json and OUT/summary.md (also appended to $GITHUB_STEP_SUMMARY when set).
// Exit codes: 0 done; 1 the preview or the apply failed (or bad arguments); 2 blocking policy violations
// (mandatory ones; advisory ones too with --fail-on-advisory): nothing is applied then.
//
// Credentials come from the environment (CIM_BASE_URL, CIM_TOKEN, CIM_REGION) or the stack config; the
// token is never written to the summary. See docs/guides/gitops.md and workflow.yml beside this file.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  type EngineEvent,
  LocalWorkspace,
  type OutputMap,
  PulumiCommand,
  type Stack,
} from "@pulumi/pulumi/automation/index.js";
// @ts-expect-error TS5097: Node loads this file as it is, so the import names the .ts file itself.
import { blockingViolations, decideApply, type Report, renderMarkdown, summarise } from "./summary.ts";

// Programs are often TypeScript with ES module syntax in a package without "type" (examples/quickstart):
// Node detects that and says so. That note is not for pipeline logs; every other warning is kept.
process.removeAllListeners("warning");
process.on("warning", (w: Error & { code?: string }) => {
  if (w.code !== "MODULE_TYPELESS_PACKAGE_JSON") process.stderr.write(`${w.name}: ${w.message}\n`);
});

const USAGE = `usage: node pipeline.ts --stack NAME --program FILE [--policy-pack DIR]... [--policy-pack-config FILE]...
  [--config key=value]... [--out DIR] [--work-dir DIR] [--project NAME] [--refresh]
  [--apply | --no-apply] [--main-branch NAME] [--fail-on-advisory] [--lock-wait SECONDS]`;

function fail(message: string): never {
  process.stderr.write(`pipeline: ${message}\n${USAGE}\n`);
  process.exit(1);
}

function options(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        stack: { type: "string" },
        program: { type: "string" },
        project: { type: "string" },
        "work-dir": { type: "string" },
        out: { type: "string", default: ".gitops" },
        "policy-pack": { type: "string", multiple: true, default: [] },
        "policy-pack-config": { type: "string", multiple: true, default: [] },
        config: { type: "string", multiple: true, default: [] },
        refresh: { type: "boolean", default: false },
        apply: { type: "boolean" },
        "no-apply": { type: "boolean" },
        "main-branch": { type: "string" },
        "fail-on-advisory": { type: "boolean", default: false },
        "lock-wait": { type: "string", default: "0" },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (err) {
    return fail((err as Error).message);
  }
}

const hasProjectFile = (dir: string) =>
  fs.existsSync(path.join(dir, "Pulumi.yaml")) || fs.existsSync(path.join(dir, "Pulumi.yml"));

/** The project folder: --work-dir, else the current folder or the program's when it has a Pulumi.yaml. */
function workDirFor(given: string | undefined, programFile: string): string {
  if (given) {
    fs.mkdirSync(given, { recursive: true });
    return path.resolve(given);
  }
  for (const dir of [process.cwd(), path.dirname(programFile)]) if (hasProjectFile(dir)) return dir;
  return fs.mkdtempSync(path.join(os.tmpdir(), "cim-gitops-"));
}

/** Stack outputs with secret values masked. */
function plainOutputs(outputs: OutputMap): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, o.secret ? "[secret]" : o.value]));
}

const LOCKED = /the stack is currently locked/;

/**
 * Runs `operation`, and again while it fails because another update holds the stack's lock, until
 * `waitSeconds` have passed: 1–3 s, then up to 15 s between tries, with jitter so that two runners that
 * collided do not collide again. Calls `onWait` before each pause.
 */
async function whileLocked<T>(
  operation: () => Promise<T>,
  waitSeconds: number,
  onWait: (delayMs: number) => void,
): Promise<T> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (err) {
      const left = deadline - Date.now();
      if (!LOCKED.test(String((err as Error)?.message ?? err)) || left <= 0) throw err;
      // 1–3 s, doubling, jittered, and never more than 15 s
      const delay = Math.min(left, 15_000, 1000 * 2 ** Math.min(attempt, 4) * (0.5 + Math.random()));
      onWait(delay);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** The last lines of a failed command's message: enough to see why, not the whole log. */
function shortError(err: unknown): string {
  const text = String((err as Error)?.message ?? err);
  const lines = text.split("\n").filter((l) => l.trim());
  return lines.slice(-20).join("\n");
}

async function main(): Promise<number> {
  const args = options(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const stackName = args.stack ?? process.env.PULUMI_STACK;
  if (!stackName) fail("--stack is required");
  if (!args.program) fail("--program is required");
  if (args.apply && args["no-apply"]) fail("--apply and --no-apply exclude each other");
  const lockWait = Number(args["lock-wait"]);
  if (!Number.isFinite(lockWait) || lockWait < 0)
    fail(`--lock-wait takes seconds, got "${args["lock-wait"]}"`);
  const programFile = path.resolve(args.program);
  if (!fs.existsSync(programFile)) fail(`no program at ${programFile}`);
  const config: [string, string][] = args.config.map((kv) => {
    const i = kv.indexOf("=");
    if (i <= 0) fail(`--config takes key=value, got "${kv}"`);
    return [kv.slice(0, i), kv.slice(i + 1)];
  });
  const policyPacks = args["policy-pack"].map((p) => path.resolve(p));
  const policyPackConfigs = args["policy-pack-config"].map((p) => path.resolve(p));
  for (const p of [...policyPacks, ...policyPackConfigs]) if (!fs.existsSync(p)) fail(`not found: ${p}`);

  const decision = decideApply(process.env, {
    apply: args.apply ? true : args["no-apply"] ? false : undefined,
    mainBranch: args["main-branch"],
  });
  const outDir = path.resolve(args.out);
  const workDir = workDirFor(args["work-dir"], programFile);
  const projectName = args.project ?? path.basename(path.dirname(programFile));

  // Each operation runs the program afresh: a new module URL makes Node evaluate it again.
  let run = 0;
  const programUrl = pathToFileURL(programFile).href;
  const program = async () => ({ ...(await import(`${programUrl}?run=${run++}`)) });

  const pulumiCommand = await PulumiCommand.get(
    process.env.CIM_PULUMI_ROOT ? { root: process.env.CIM_PULUMI_ROOT } : undefined,
  );
  const stack: Stack = await LocalWorkspace.createOrSelectStack(
    { stackName: stackName!, projectName, program },
    { workDir, pulumiCommand },
  );
  for (const [key, value] of config) await stack.setConfig(key, { value });
  const project = (await stack.workspace.projectSettings()).name;

  const log = (s: string) => process.stdout.write(s);
  const common = {
    onOutput: log,
    color: "never" as const,
    policyPacks: policyPacks.length ? policyPacks : undefined,
    policyPackConfigs: policyPackConfigs.length ? policyPackConfigs : undefined,
  };

  let lockWaits = 0;
  const onLocked = (what: string) => (delayMs: number) => {
    lockWaits++;
    log(
      `pipeline: the stack is locked by another update; ${what} again in ${(delayMs / 1000).toFixed(1)} s (--lock-wait ${lockWait} s)\n`,
    );
  };

  log(`pipeline: preview of ${project}/${stackName} (${decision.reason})\n`);
  let events: EngineEvent[] = [];
  let previewError: unknown;
  try {
    await whileLocked(
      () => {
        events = [];
        return stack.preview({
          ...common,
          diff: true,
          refresh: args.refresh,
          onEvent: (e) => events.push(e),
        });
      },
      lockWait,
      onLocked("previewing"),
    );
  } catch (err) {
    previewError = err;
  }
  const summary = summarise(events, { project, stack: stackName });
  const blocking = blockingViolations(summary, args["fail-on-advisory"]);
  const mandatory = summary.policyViolations.some((v) => v.enforcementLevel === "mandatory");
  if (previewError && !summary.errors.length && !mandatory) summary.errors.push(shortError(previewError));

  const report: Report = {
    ...summary,
    status: blocking.length ? "policy-violations" : previewError ? "preview-failed" : "ok",
    decision,
    applied: false,
    lockWaits: 0,
  };

  if (report.status === "ok" && decision.apply) {
    log(`pipeline: applying ${project}/${stackName}\n`);
    try {
      let applied: EngineEvent[] = [];
      const up = await whileLocked(
        () => {
          applied = [];
          return stack.up({ ...common, diff: true, refresh: args.refresh, onEvent: (e) => applied.push(e) });
        },
        lockWait,
        onLocked("applying"),
      );
      report.applied = true;
      report.apply = {
        ok: true,
        // counted as the preview's are (the program's resources, a replacement once), not as the engine's
        // summary, which counts the stack itself and every unchanged resource
        counts: summarise(applied).counts,
        outputs: plainOutputs(up.outputs),
      };
    } catch (err) {
      report.status = "apply-failed";
      report.apply = { ok: false, error: shortError(err) };
    }
  }

  report.lockWaits = lockWaits;
  const markdown = renderMarkdown(summary, {
    decision,
    applied: report.apply,
    failOnAdvisory: args["fail-on-advisory"],
    status: report.status,
  });
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "summary.json"), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, "summary.md"), markdown);
  if (process.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);
  log(
    `pipeline: ${report.status}; summary in ${path.relative(process.cwd(), outDir) || "."}/summary.{md,json}\n`,
  );

  if (report.status === "policy-violations") {
    for (const v of blocking) {
      const on = v.resource ? ` (${v.resource.type} ${v.resource.name})` : "";
      process.stderr.write(`policy violation [${v.enforcementLevel}] ${v.policy}${on}: ${v.message}\n`);
    }
    return 2;
  }
  return report.status === "ok" ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`pipeline: ${shortError(err)}\n`);
    process.exitCode = 1;
  },
);
