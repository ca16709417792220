// `pulumi-cim doctor`: says, before `pulumi up` does, whether this machine can deploy: the settings the
// provider would read, the endpoint, the token, the regions and the account's allowances, as a short table.
// Exit 0 when nothing would make `up` fail (warnings allowed), 1 when something would.
// The token is never printed: not in the table, not in an error (the output is redacted once more anyway).

import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { readCheckpoint } from "../recover/pending";
import { type Row, runChecks, type Status } from "./checks";
import { loadConfig, runPulumiCli } from "./config";

export const DOCTOR_USAGE = `usage: pulumi-cim doctor [--stack NAME] [--cwd DIR] [--env-only] [--timeout MS]

  Checks what \`pulumi up\` needs, with the settings the provider reads: in a Pulumi project folder the
  stack's config (cim:baseUrl, cim:token, cim:region, cim:audience, cim:requestTimeout, cim:maxRetries,
  cim:maxConcurrentRequests, read with \`pulumi config\`), each falling back to its CIM_* variable
  (CIM_BASE_URL, CIM_TOKEN, …, CIM_MAX_CONCURRENT_REQUESTS); elsewhere those variables alone.

  Checks: the base URL (https; http only for loopback hosts) and that it answers; the client settings
  (each value and where it came from, or the rule it breaks); the token (a JWT, its
  expiry and time left, its audience when cim:audience is set, and whether the API accepts it, or why
  not); the regions and the default one (cim:region must exist); and GET /api/v1/tenants/my-limits usage
  against each ceiling. With a stack: the creates a killed run left pending (pulumi stack export), which
  pulumi-cim recover resolves. Prints a table; never prints the token.

  Exit code: 0 nothing blocks a deployment (warnings allowed), 1 something would make pulumi up fail.

  --stack NAME   the stack whose config to read; default: the selected stack
  --cwd DIR      the Pulumi project folder; default: the current folder
  --env-only     ignore stack config; read CIM_* only
  --timeout MS   doctor's own per-request timeout; default 10000 (cim:requestTimeout is shown, not used)`;

const LABEL: Record<Status, string> = { ok: "ok", warn: "WARN", fail: "FAIL", skip: "-" };

/** The table: check, status, detail; details wrap under their column. */
export function renderTable(rows: Row[], width = 110): string {
  const w1 = Math.max(5, ...rows.map((r) => r.check.length));
  const w2 = 6;
  const room = Math.max(30, width - w1 - w2 - 4);
  const lines = [`${"CHECK".padEnd(w1)}  ${"STATUS".padEnd(w2)}  DETAIL`];
  for (const r of rows) {
    const parts = wrap(r.detail, room);
    lines.push(`${r.check.padEnd(w1)}  ${LABEL[r.status].padEnd(w2)}  ${parts[0] ?? ""}`);
    for (const more of parts.slice(1)) lines.push(`${"".padEnd(w1)}  ${"".padEnd(w2)}  ${more}`);
  }
  return lines.join("\n");
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export function verdict(rows: Row[]): { code: number; line: string } {
  const fails = rows.filter((r) => r.status === "fail").length;
  const warns = rows.filter((r) => r.status === "warn").length;
  if (fails) {
    return {
      code: 1,
      line: `${fails} problem(s) would make pulumi up fail${warns ? `, ${warns} warning(s)` : ""}: see FAIL above.`,
    };
  }
  return { code: 0, line: warns ? `Ready to deploy, with ${warns} warning(s).` : "Ready to deploy." };
}

const OPTIONS = {
  stack: { type: "string" },
  cwd: { type: "string" },
  "env-only": { type: "boolean", default: false },
  timeout: { type: "string" },
  help: { type: "boolean", default: false },
} as const;

/**
 * The creates a killed run left pending in the stack's state: the platform may have made those records, and the
 * next `pulumi up` would make them again (a second record, or a name taken). A warning: `up` itself still runs.
 */
async function pendingCreatesRow(cwd: string, stack: string): Promise<Row> {
  const check = "pending creates";
  let exported: unknown;
  try {
    exported = JSON.parse(
      await runPulumiCli(["stack", "export", "--stack", stack], {
        cwd,
        maxBuffer: 1 << 30,
        timeout: 60_000,
        lines: 2,
        failed: (why) => why || "pulumi stack export failed",
      }),
    );
  } catch (err) {
    return { check, status: "skip", detail: `cannot read stack ${stack}'s state: ${(err as Error).message}` };
  }
  const { creates } = readCheckpoint(exported as Parameters<typeof readCheckpoint>[0]);
  if (!creates.length) return { check, status: "ok", detail: "none" };
  return {
    check,
    status: "warn",
    detail: `${creates.length} left by an interrupted run: ${creates.map((c) => `cim:${c.kind.name} ${c.name}`).join(", ")}. The platform may have made them, and pulumi up would make them again: run pulumi-cim recover (a dry run; --yes writes) first.`,
  };
}

/** Runs doctor; returns the exit code. `out` receives everything it prints (already redacted). */
export async function doctorCommand(argv: string[], out = (s: string) => void process.stdout.write(s)) {
  const a = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false }).values;
  if (a.help) {
    out(`${DOCTOR_USAGE}\n`);
    return 0;
  }
  const timeoutMs = a.timeout === undefined ? 10_000 : Number(a.timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new Error("--timeout takes a positive number of ms");
  const cwd = path.resolve(a.cwd ?? process.cwd());
  if (!fs.statSync(cwd, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`--cwd ${a.cwd}: no such folder (the Pulumi project's folder)`);
  const loaded = await loadConfig({ cwd, stack: a.stack, envOnly: a["env-only"] });
  const token = loaded.config.token?.trim().replace(/^Bearer\s+/i, "");
  const redact = (s: string) => (token && token.length >= 8 ? s.split(token).join("[redacted]") : s);
  const print = (s: string) => out(redact(s));

  const rows: Row[] = [];
  if (loaded.stackError && !a.stack && /no stack selected/i.test(loaded.stackError)) {
    // a project folder with no stack selected: a program run through the Automation API names its stack itself,
    // so this is no failure; only what the stack's config would set first is not seen
    rows.push({
      check: "stack config",
      status: "warn",
      detail: `no stack selected in ${cwd}: checking CIM_* only (pulumi stack select, or --stack <name>, to check a stack's cim:* config, which comes first)`,
    });
  } else if (loaded.stackError) {
    rows.push({
      check: "stack config",
      status: "fail",
      detail: `cannot read ${a.stack ? `stack ${a.stack}` : "the stack"}'s config in ${cwd}: ${loaded.stackError}; showing CIM_* only`,
    });
  } else {
    rows.push({
      check: "config from",
      status: "ok",
      detail: loaded.stack
        ? `stack ${loaded.stack}, then CIM_* variables`
        : "CIM_* variables (no Pulumi project here)",
    });
  }
  // a misspelt setting stops pulumi preview and up at once (the program's check refuses it)
  if (loaded.notSettings.length)
    rows.push({
      check: "stack config",
      status: "fail",
      detail: `${loaded.notSettings.join(". ")}. pulumi preview and up refuse it: pulumi config rm it, and set the setting meant instead`,
    });
  rows.push(...(await runChecks(loaded.config, { timeoutMs, sources: loaded.sources })));
  if (loaded.stack) rows.push(await pendingCreatesRow(cwd, loaded.stack));
  const { code, line } = verdict(rows);
  print(`${renderTable(rows)}\n\n${line}\n`);
  return code;
}
