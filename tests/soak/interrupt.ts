// An interrupted run: the CLI killed (SIGKILL) once the up's k-th mutation reached the API (k drawn per round from
// 1 to 4, so the kill lands on the first create as often as midway through a run of them), then what a user
// does: `pulumi cancel` for the lock the dead CLI left (or, on a backend where the lock is gone with the
// process, nothing), `pulumi-cim recover --yes` for the creates it left pending (the record each made recorded in
// the state, or the create dropped when nothing was made), `pulumi refresh` for the other operations it left
// pending, and the next up (the round's own).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { repoRoot, type StackSession } from "../harness";
import { deploymentOf, sleep } from "../reliability/support";
import { PROJECT, type SoakContext } from "./round";

const exec = promisify(execFile);

/** Pids of the processes under `pid` (children first found through /proc). */
function descendants(pid: number): { pid: number; name: string }[] {
  const out: { pid: number; name: string }[] = [];
  const all = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  const parentOf = new Map<number, number>();
  const nameOf = new Map<number, string>();
  for (const d of all) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(d), ppid);
      nameOf.set(Number(d), name);
    } catch {
      // gone meanwhile
    }
  }
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent === p) {
        out.push({ pid: child, name: nameOf.get(child) ?? "" });
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

/**
 * Kills (SIGKILL) the Pulumi CLI processes under `pid`, and the plugin processes they started (which a dead CLI
 * leaves behind, orphaned); returns how many CLIs.
 */
export function killCli(pid: number): number {
  let killed = 0;
  for (const cli of descendants(pid).filter((p) => p.name === "pulumi")) {
    const plugins = descendants(cli.pid);
    for (const p of [cli, ...plugins]) {
      try {
        process.kill(p.pid, "SIGKILL");
        if (p === cli) killed++;
      } catch {
        // ended meanwhile
      }
    }
  }
  return killed;
}

/** `pulumi cancel` of the session's stack: the lock a killed CLI left. Says how it went. */
export async function cancel(session: StackSession): Promise<string> {
  const pulumi = path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi");
  const last = (text: string) => text.trim().split("\n").at(-1);
  return exec(pulumi, ["cancel", "--yes", "--stack", session.stackName], {
    cwd: session.workDir,
    env: { ...process.env },
  }).then(
    (o) => `ok: ${last(o.stdout)}`,
    (e) => `failed: ${last(String(e.stderr ?? e.message))}`,
  );
}

/**
 * `pulumi-cim <command> --stack <the session's>` as a user runs it in the project folder (the built CLI), with the
 * API settings in CIM_* (`env`: those the runs use). Its exit code and what it printed.
 */
export async function pulumiCim(
  session: StackSession,
  env: Record<string, string | null | undefined>,
  command: string,
  ...args: string[]
): Promise<{ code: number; out: string }> {
  const cli = path.join(repoRoot, "dist", "provider", "import", "cli.js");
  const vars: Record<string, string | undefined> = { ...process.env };
  for (const [k, v] of Object.entries(env)) vars[k] = v ?? undefined;
  return exec(process.execPath, [cli, command, "--stack", session.stackName, ...args], {
    cwd: session.workDir,
    env: vars,
  }).then(
    (o) => ({ code: 0, out: o.stdout + o.stderr }),
    (e) => ({ code: typeof e.code === "number" ? e.code : 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` }),
  );
}

/**
 * Kills the up once `killAfter` of its mutations reached the API; with `staleLock`, the next up meets the lock
 * first. Problems go to `problems`; returns the notes.
 */
export async function interrupt(
  ctx: SoakContext,
  env: Record<string, string | null>,
  refresh: boolean,
  staleLock: boolean,
  killAfter: number,
  problems: string[],
): Promise<string[]> {
  const { emu, session } = ctx;
  const notes: string[] = [];
  await emu.control.resetRequests();
  let done = false;
  const up = session
    .run("up", { env, lean: true, options: refresh ? { refresh: true } : undefined })
    .finally(() => {
      done = true;
    });
  let killed = 0;
  let mutations = 0;
  while (!done) {
    const counts = await emu.control.requests();
    mutations = Object.keys(counts)
      .filter((k) => !k.startsWith("GET "))
      .reduce((n, k) => n + counts[k], 0);
    if (mutations >= killAfter) {
      killed = killCli(session.pid);
      break;
    }
    await sleep(20);
  }
  const r = await up;
  if (!killed) {
    notes.push(
      `interrupt: the up ended after ${mutations} of the ${killAfter} mutation(s) to kill it at (${r.ok ? "ok" : "failed"})`,
    );
    return notes;
  }
  notes.push(
    `interrupt: CLI killed mid-up after ${mutations} mutation(s) reached the API (${r.ok ? "it had finished" : "up failed"})`,
  );
  if (staleLock) {
    // the user runs up again first: the dead CLI's lock refuses it, and the refusal must say what to do
    const locked = await session.run("up", { env, lean: true });
    const told = `${locked.error ?? ""}\n${locked.output}`;
    if (locked.ok || !/locked/i.test(told) || !/pulumi cancel/.test(told))
      problems.push(
        `the up after a killed run, with its lock left, did not say to run pulumi cancel:\n${told.slice(0, 1500)}`,
      );
    notes.push(`up with the stale lock: ${locked.ok ? "ran" : "refused (locked; pulumi cancel named)"}`);
  }
  let cancelled = await cancel(session);
  notes.push(`pulumi cancel ${cancelled}`);
  if (/failed to load checkpoint: EOF/.test(cancelled)) {
    // the kill landed while the file backend wrote the checkpoint's metadata file: recover makes it readable
    const repaired = await pulumiCim(session, { CIM_BASE_URL: ctx.emu.url, ...env }, "recover", "--yes");
    notes.push(`pulumi-cim recover --yes (exit ${repaired.code}): ${repaired.out.trim().split("\n")[0]}`);
    cancelled = await cancel(session);
    notes.push(`pulumi cancel ${cancelled}`);
  }
  // what the killed CLI left pending: a create among them made a record the state will not know
  const pending = ((await deploymentOf(session, PROJECT)).deployment?.pending_operations ?? []) as any[];
  notes.push(
    `pending operations: ${pending.map((p) => `${p.type} ${String(p.resource?.urn).split("::").at(-1)}`).join(", ") || "none"}`,
  );
  if (pending.some((p) => p.type === "creating")) {
    // the record a killed create made is the state's after recover, or nothing was made
    const recovered = await pulumiCim(session, { CIM_BASE_URL: ctx.emu.url, ...env }, "recover", "--yes");
    notes.push(
      `pulumi-cim recover --yes (exit ${recovered.code}):\n    ${recovered.out.trim().split("\n").join("\n    ")}`,
    );
    if (recovered.code !== 0)
      problems.push(`pulumi-cim recover --yes failed:\n${recovered.out.slice(0, 1500)}`);
    if (recovered.out.includes(ctx.token)) problems.push("pulumi-cim recover printed the token");
  }
  const refreshed = await session.run("refresh", { env, lean: true });
  notes.push(
    `refresh after the interrupt: ${refreshed.ok ? "ok" : `failed: ${(refreshed.error ?? "").split("\n")[0]}`}`,
  );
  return notes;
}
