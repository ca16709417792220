// One soak round: the program changes (generator.ts), the round's trouble is set (trouble.ts: zone, skew,
// expunge delay, out-of-band changes, a fault at a random point of up, refresh or destroy, now and then a killed
// run), the faulted operation runs, and a second one after it; then the invariants: the cloud equals the state,
// nothing was replaced or updated that nothing asked to change, a second preview and a refresh are quiet, no
// message carries a stack trace or a token.
import type { OpResult, StackSession } from "../harness";
import { jobsEnded, RESUME } from "../reliability/matrix";
import { deploymentOf, JWT_SHAPE, sleep, type TestEmulator } from "../reliability/support";
import { changesOf, diagnostics } from "../reliability/verdicts";
import { beyondBounds, roundBounds, unforeseen } from "./bounds";
import { cloudVersusState } from "./cloud";
import { type Change, evolve, programJson } from "./generator";
import { cancel, interrupt, killCli } from "./interrupt";
import type { Program, SoakCatalogue } from "./model";
import { outOfBand } from "./oob";
import { Rng, roundSeed } from "./prng";
import { type Aim, drawTrouble, type Trouble } from "./trouble";

export const PROJECT = "cim-soak";

/** Longer than any operation of a round takes under its fault (the slowest: a token's expiry, a restart). */
const OP_LIMIT_MS = 180_000;

/** How long "job clock paused past the resource timeout" holds the clock: past the program's 3 s timeouts. */
const PAUSE_MS = 8_000;

export interface SoakContext {
  emu: TestEmulator;
  session: StackSession;
  token: string;
  ids: SoakCatalogue;
  /** Records there before the soak (the platform's seed). */
  baseline: Set<string>;
  /** CIM_SOAK_FAULT: only the troubles whose name matches (trouble.ts). */
  only?: string;
}

export interface RoundReport {
  round: number;
  seed: number;
  changes: Change[];
  trouble: Trouble;
  notes: string[];
  problems: string[];
  /** Rules that fired (hits > 0) of those the fault added. */
  fired: boolean;
  ms: number;
}

/** A stack trace in a message the user reads: "    at fn (file.js:1:2)" or "at node:internal/…". */
const STACK = /^\s+at .+(\(.+:\d+:\d+\)|:\d+:\d+)$/m;

/** Problems with what a user reads of an operation: stack traces, tokens. */
export function hygiene(r: OpResult, token: string, what: string): string[] {
  const texts = [r.error ?? "", ...r.diagnostics.map((d) => d.message), r.output];
  const problems: string[] = [];
  for (const t of texts) {
    if (STACK.test(t)) problems.push(`${what}: a message carries a stack trace:\n${t.slice(0, 2000)}`);
    if (t.includes(token) || JWT_SHAPE.test(t)) problems.push(`${what}: a message carries a token`);
  }
  return [...new Set(problems)];
}

const troubleRng = (seed: number, round: number) => new Rng((roundSeed(seed, round) ^ 0x5eed5eed) >>> 0);

/** Runs round `round` on the program as the previous round left it (changed in place). */
export async function runRound(
  ctx: SoakContext,
  program: Program,
  seed: number,
  round: number,
): Promise<RoundReport> {
  const t0 = Date.now();
  const { emu, session, token } = ctx;
  const changes = evolve(program, new Rng(roundSeed(seed, round)), ctx.ids, round);
  const rng = troubleRng(seed, round);
  const trouble = drawTrouble(rng, round, aimsOf(program, changes), ctx.only);
  const notes: string[] = [];
  const problems: string[] = [];
  const results: [string, OpResult][] = [];
  const env = {
    SOAK_PROGRAM: programJson(program),
    CIM_TOKEN: token,
    CIM_REQUEST_TIMEOUT: null,
    SOAK_TIMEOUTS: null,
  };
  const run = async (
    what: string,
    op: "up" | "refresh" | "destroy" | "preview",
    extra: Record<string, string | null> = {},
    options?: Record<string, unknown>,
  ) => {
    const running = session.run(op, {
      env: { ...env, ...extra },
      lean: true,
      options,
      steps: op === "up" || op === "preview",
    });
    // an operation that hangs is a finding, not a stuck soak: its CLI is killed and the round fails
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<"hung">((resolve) => {
      timer = setTimeout(() => resolve("hung"), OP_LIMIT_MS);
    });
    if ((await Promise.race([running, hung])) === "hung") {
      problems.push(`${what} did not end within ${OP_LIMIT_MS / 1000} s; its CLI was killed`);
      killCli(session.pid);
    }
    clearTimeout(timer);
    const r = await running;
    if (problems.some((p) => p.startsWith(`${what} did not end`)))
      notes.push(`pulumi cancel ${await cancel(session)}`);
    results.push([what, r]);
    // the runner ran it twice: the inline program never reached the engine the first time (the harness's)
    if (r.retried) notes.push(`${what}: run again by the test runner (${r.retried})`);
    notes.push(
      `${what}: ${r.ok ? JSON.stringify(r.summary ?? {}) : `failed (${firstLine(r)})`} in ${r.ms} ms`,
    );
    return r;
  };

  await emu.setTimeZone(trouble.zone);
  // through the test emulator, so a restart mid-run keeps them (soak seed 31, round 19: a restart that dropped a
  // 462 s skew left a VPC's create job running for as long, and the up hung)
  await emu.setClock({ skewMs: trouble.skewMs, expungeDelayMs: trouble.expungeDelayMs });
  notes.push(
    `zone ${trouble.zone}, skew ${trouble.skewMs / 1000} s, expunge delay ${trouble.expungeDelayMs} ms`,
  );

  let refresh = false;
  const touched: string[] = [];
  if (trouble.oob.length) {
    const oob = await outOfBand(trouble.oob, rng, await deploymentOf(session, PROJECT), emu.url, token);
    notes.push(`out of band: ${oob.done.join("; ") || "nothing to change"}`);
    touched.push(...oob.touched);
    refresh = oob.done.length > 0;
  }
  if (trouble.interrupt) {
    // drawn apart from the trouble's own stream, so the rounds of seeds recorded before it draw what they drew
    const killAfter = new Rng((roundSeed(seed, round) ^ 0x6b111) >>> 0).int(1, 4);
    notes.push(...(await interrupt(ctx, env, refresh, trouble.staleLock, killAfter, problems)));
  }

  const fault = trouble.fault;
  // what the ups are to do, as a reviewer reads it before them (not where the round's ups run apart from it: a
  // killed run's, short timeouts recorded first, a destroy and the up that makes everything again)
  const previewed =
    !trouble.interrupt && !fault?.timeouts && fault?.phase !== "destroy"
      ? await run("preview before the up", "preview", {}, refresh ? { refresh: true } : undefined)
      : undefined;
  if (previewed && !previewed.ok)
    problems.push(`the preview before the up failed:\n${diagnostics(previewed).slice(0, 1500)}`);
  let fired = fault === undefined;
  if (fault) {
    // where the rules aim (a kind's route drawn at random), so a report says which call met the fault
    const aims = fault.rules
      .filter((r) => r.route)
      .map((r) => `${r.method ?? "any"} ${r.route}${r.latencyMs ? ` held ${r.latencyMs / 1000} s` : ""}`);
    notes.push(`fault "${fault.name}" at ${fault.phase}${aims.length ? ` (${aims.join("; ")})` : ""}`);
    const ruleIds: string[] = [];
    for (const rule of fault.rules) ruleIds.push((await emu.control.fault(rule)).id);
    const faultEnv: Record<string, string | null> = { ...fault.env };
    if (fault.timeouts) faultEnv.SOAK_TIMEOUTS = JSON.stringify(fault.timeouts);
    if (fault.timeouts && fault.phase !== "up") {
      // a destroy or refresh reads the timeouts from the state: the program's up records them first
      const r = await run(
        "up recording short timeouts",
        "up",
        { SOAK_TIMEOUTS: faultEnv.SOAK_TIMEOUTS },
        refresh ? { refresh: true } : undefined,
      );
      if (!r.ok) problems.push(`the up recording short timeouts failed:\n${diagnostics(r).slice(0, 1500)}`);
      refresh = false;
    }
    if (fault.during === "pause-clock") await emu.control.pauseClock(true);
    let expiresAt = 0;
    if (fault.during === "expire-token") {
      faultEnv.CIM_TOKEN = await emu.token({ ttlSeconds: 6 });
      expiresAt = Date.now() + 6_000;
      await emu.control.pauseClock(true);
    }
    await emu.control.resetRequests();
    let done = false;
    const op = run(
      `${fault.phase} under the fault`,
      fault.phase,
      faultEnv,
      fault.phase === "up" && refresh ? { refresh: true } : undefined,
    ).finally(() => {
      done = true;
    });
    const during = async () => {
      if (fault.during === "restart") {
        while (!done && !(await mutationSeen(emu))) await sleep(25);
        if (!done) {
          await emu.restart(300);
          notes.push("emulator restarted mid-run");
          fired = true;
        }
      } else if (fault.during === "expire-token") {
        while (!done && Date.now() < expiresAt + 1_000) await sleep(100);
        await emu.control.pauseClock(false);
        fired = true;
      } else if (fault.during === "pause-clock") {
        // paused well past the program's 3 s timeouts; then it runs again, for what the program no longer
        // holds (a delete waits on the timeouts its state recorded, not on the program's)
        const until = Date.now() + PAUSE_MS;
        while (!done && Date.now() < until) await sleep(100);
        await emu.control.pauseClock(false);
        fired = true;
      }
    };
    const [first] = await Promise.all([op, during()]);
    if (ruleIds.length) {
      const left = (await emu.control.faults()) as any[];
      fired = ruleIds.some((id) => !left.some((r) => r.id === id && r.hits === 0));
    }
    notes.push(fired ? "the fault fired" : "the fault did not fire (its route was not called)");
    await emu.control.clearFaults();
    await emu.control.pauseClock(false);
    await jobsEnded({ emu }, 30_000).catch((err) => problems.push(String(err)));
    if (!first.ok) {
      const told = diagnostics(first);
      if (!fault.mayFail && fault.during !== "restart")
        problems.push(
          `the ${fault.phase} under "${fault.name}" must converge; it failed:\n${told.slice(0, 1500)}`,
        );
      else if (
        !/cim:\w+/.test(told) ||
        !(RESUME.test(told) || /quota|capacity|token|sign in|try later|another zone|timeout/i.test(told))
      )
        problems.push(
          `the ${fault.phase} under "${fault.name}" failed without naming the resource and what to do:\n${told.slice(0, 1500)}`,
        );
    }
    if (fault.phase === "destroy") {
      const again = await run("destroy again", "destroy");
      if (!again.ok) problems.push(`a second destroy failed:\n${diagnostics(again).slice(0, 1500)}`);
      else
        problems.push(
          ...(await cloudVersusState(emu.url, token, { resources: [] }, ctx.baseline)).map(
            (p) => `after destroy: ${p}`,
          ),
        );
      refresh = false;
    } else if (fault.phase === "refresh" && !first.ok) {
      await run("refresh again", "refresh");
    }
    if (fault.phase !== "up" || !first.ok) {
      refresh = refresh && fault.phase !== "refresh";
    } else refresh = false;
    if (fault.phase === "up" && first.ok) {
      notes.push("converged under the fault");
    }
  }
  // after a converged faulted up, an up only when the fault changed the program (its short timeouts)
  if (fault?.phase !== "up" || fault.timeouts || !results.at(-1)![1].ok) {
    const second = await run("up", "up", {}, refresh ? { refresh: true } : undefined);
    if (!second.ok) problems.push(`the up after the trouble failed:\n${diagnostics(second).slice(0, 1500)}`);
  }

  problems.push(
    ...(await cloudVersusState(emu.url, token, await deploymentOf(session, PROJECT), ctx.baseline)),
  );
  // nothing changed since the up: a preview finds nothing to do, and a refresh finds the cloud as the state has it
  // (a refresh that rewrites outputs it read itself is a diff every user's next refresh shows)
  for (const op of ["preview", "refresh"] as const) {
    const r = await run(op === "preview" ? "preview" : "refresh after convergence", op);
    if (!r.ok) problems.push(`the ${op} after convergence failed:\n${diagnostics(r).slice(0, 1500)}`);
    else if (changesOf(r.summary).length)
      problems.push(
        `the ${op} after convergence is not quiet: ${changesOf(r.summary).join(", ")}\n${r.output.slice(0, 4000)}`,
      );
  }
  // what the ups replaced or updated that nothing asked for (a short timeouts input, given to every resource and
  // taken away again, updates them all: then replacements alone are bounded)
  const bounds = roundBounds(program, changes, touched);
  for (const [what, r] of results) {
    if (r.op !== "up") continue;
    for (const needless of beyondBounds(r.steps ?? [], bounds, { updates: !fault?.timeouts }))
      problems.push(`${what} changed ${needless}, which nothing this round changed asks for`);
    if (previewed?.ok)
      for (const step of unforeseen(previewed.steps ?? [], r.steps ?? []))
        problems.push(`${what} took a step the preview before it did not show: ${step}`);
  }
  for (const [what, r] of results) problems.push(...hygiene(r, token, what));
  return { round, seed, changes, trouble, notes, problems, fired, ms: Date.now() - t0 };
}

/** The provider's first message in a failed run (the line after the resource the engine names). */
function firstLine(r: OpResult): string {
  const told = diagnostics(r)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^(error: |\* )/.test(l) && !/^error: (update failed|\d+ errors? occurred)/.test(l));
  return (told[0] ?? (r.error ?? "").split("\n")[0]).slice(0, 400);
}

/** The calls each phase of the round makes, per kind (what a fault aims at). */
function aimsOf(program: Program, changes: Change[]): Record<"up" | "refresh" | "destroy", Aim[]> {
  const present = [...new Set(program.resources.map((r) => r.kind))];
  const up: Aim[] = changes.flatMap((c): Aim[] => {
    if (c.type === "add") return [{ kind: c.kind, methods: ["POST"], collection: true }];
    if (c.type === "delete") return [{ kind: c.kind, methods: ["DELETE", "GET"] }];
    if (c.type === "replace")
      return [
        { kind: c.kind, methods: ["POST"], collection: true },
        { kind: c.kind, methods: ["DELETE", "GET"] },
      ];
    return [{ kind: c.kind, methods: ["PUT", "POST", "GET"] }];
  });
  return {
    up,
    refresh: present.map((kind) => ({ kind, methods: ["GET"] })),
    destroy: present.map((kind) => ({ kind, methods: ["DELETE", "GET"] })),
  };
}

/** Whether any call that changes something reached the emulator since the counters were zeroed. */
async function mutationSeen(emu: TestEmulator): Promise<boolean> {
  const counts = await emu.control.requests();
  return Object.keys(counts).some((k) => !k.startsWith("GET ") && counts[k] > 0);
}
