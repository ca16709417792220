// The fault matrix: every emulator fault of the reliability issues, each applied at create, update and delete
// of a program (targets.ts: one instance with tags and one volume; a public IP and a Kubernetes cluster).
// A fault arms itself before the operation, may act while it runs (`during`), and is disarmed before the
// second run, which must converge. This file holds the shared pieces and the faults of the platform and the
// session (restarts, tokens, quota, capacity, slow jobs, rate limits, lost connections); wireFaults.ts those
// of answers that go wrong on their way (proxy pages, cut JSON, held requests, lost jobs, a skewed clock).
// Every fault reads the calls it aims at from the context's target.
import type { StackSession } from "../harness";
import type { FaultRule, TestEmulator, TestEmulatorOptions } from "./support";
import { sleep } from "./support";
import type { FaultTarget, Phase, Route } from "./targets";

export { PHASES, type Phase } from "./targets";

export interface PhaseContext {
  emu: TestEmulator;
  session: StackSession;
  /** The program and the calls its phases make. */
  target: FaultTarget;
  phase: Phase;
  /** The long-lived user token of the sequence. */
  token: string;
  /** Settles when the faulted operation has returned. */
  opDone: Promise<void>;
  /** Ids of the fault rules this phase added (checked afterwards: each must have fired). */
  rules: string[];
  /** Free-form notes for the report (e.g. "restarted while deploy job was running"). */
  notes: string[];
}

export interface Armed {
  /** Environment of the faulted operation (e.g. a short-lived token). */
  env?: Record<string, string | null>;
}

export interface Fault {
  name: string;
  /** Job duration in the emulator of this sequence. Default 200 ms. */
  jobLatencyMs?: number;
  /** How the sequence's emulator starts besides (a server clock off the client's from the start). */
  emulator?: Pick<TestEmulatorOptions, "clockSkewMs">;
  /**
   * Also run at UTC−10 and UTC+14: the fault's handling reads times the server writes (a lost answer is
   * resolved by the jobs' \`created\`, placed on the server's own timeline through its error bodies).
   */
  zones?: boolean;
  /** How long its cases take against the usual ones (1), to start the longest sequences first. */
  weight?: number;
  /** Every resource's `timeouts` input in this sequence. */
  timeouts?: Record<string, string>;
  /** What the faulted run must do. */
  expect: "converge" | "fail";
  /** When it fails: the message must say what to do (each pattern must match). */
  advice?: RegExp[];
  arm(ctx: PhaseContext): Promise<Armed>;
  during?(ctx: PhaseContext): Promise<void>;
  /** Undo the fault; returns the environment of the second run. */
  disarm(ctx: PhaseContext): Promise<Armed>;
}

export async function addRules(ctx: PhaseContext, rules: FaultRule[]): Promise<Armed> {
  for (const rule of rules) ctx.rules.push((await ctx.emu.control.fault(rule)).id);
  return {};
}

export async function clear(ctx: PhaseContext): Promise<Armed> {
  await ctx.emu.control.clearFaults();
  return {};
}

/** The rule of one call: once, unless `times` says otherwise. */
export const rule = ([method, route]: Route, fault: Omit<FaultRule, "method" | "route">): FaultRule => ({
  method,
  route,
  times: 1,
  ...fault,
});

/** Resolves when the phase's job mutation reached the emulator (true), or the operation ended first (false). */
async function mutationSeen(ctx: PhaseContext): Promise<boolean> {
  const [method, route] = ctx.target.jobMutation[ctx.phase];
  let done = false;
  ctx.opDone.then(() => {
    done = true;
  });
  const seen = async () => ((await ctx.emu.control.requests())[`${method} ${route}`] ?? 0) > 0;
  while (!done) {
    if (await seen()) return true;
    await sleep(25);
  }
  return seen(); // it may have come in the last 25 ms
}

function jwtExpiryMs(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
  return payload.exp * 1000;
}

export const RESUME = /run (pulumi up )?again|pulumi up again|run again/i;

/** Seconds a short-lived token lives: long enough to reach the phase's mutation on a loaded machine. */
const SHORT_TOKEN_TTL_S = Number(process.env.CIM_REL_TOKEN_TTL_S ?? 12);

export const PLATFORM_FAULTS: Fault[] = [
  {
    name: "token expired mid-run",
    weight: 2,
    expect: "fail",
    advice: [/token .*expired/i, /fresh access token|sign in/i],
    async arm(ctx) {
      const short = await ctx.emu.token({ ttlSeconds: SHORT_TOKEN_TTL_S });
      (ctx as any).expiresAt = jwtExpiryMs(short);
      await ctx.emu.control.pauseClock(true); // the job keeps running until the token has expired
      return { env: { CIM_TOKEN: short } };
    },
    async during(ctx) {
      const seen = await mutationSeen(ctx);
      ctx.notes.push(
        seen ? "token expired while the job was running" : "token expired before the job mutation",
      );
      const wait = (ctx as any).expiresAt + 1_500 - Date.now();
      if (seen && wait > 0) await Promise.race([sleep(wait), ctx.opDone]);
      await ctx.emu.control.pauseClock(false);
    },
    async disarm(ctx) {
      await ctx.emu.control.pauseClock(false);
      return { env: { CIM_TOKEN: ctx.token } };
    },
  },
  {
    name: "emulator restarted mid-run",
    weight: 1.5,
    jobLatencyMs: 1_500,
    expect: "converge",
    advice: [RESUME],
    async arm(ctx) {
      // The job clock stops, so the job is still running when the emulator goes down: the restart always
      // lands mid-run (a case that passed without its fault would prove nothing).
      await ctx.emu.control.pauseClock(true);
      return {};
    },
    async during(ctx) {
      const seen = await mutationSeen(ctx);
      if (!seen) {
        await ctx.emu.control.pauseClock(false);
        throw new Error(
          `the fault was not injected: the ${ctx.phase} ended before its job mutation (${ctx.target.jobMutation[ctx.phase].join(" ")})`,
        );
      }
      await sleep(100);
      await ctx.emu.restart(500);
      await ctx.emu.control.pauseClock(false);
      ctx.notes.push("restarted (same port and data dir) while the job was running");
    },
    async disarm(ctx) {
      await ctx.emu.control.pauseClock(false);
      return {};
    },
  },
  {
    name: "job clock paused past the resource timeout",
    weight: 1.5,
    timeouts: { create: "3s", update: "3s", delete: "3s" },
    expect: "fail",
    advice: [/timeout/i, RESUME],
    async arm(ctx) {
      // The job clock stops: every job stays running past the 3 s timeouts, and finishes once it resumes
      // (a slow job, not a lost one: a job that never ends cannot converge by any retry).
      await ctx.emu.control.pauseClock(true);
      return {};
    },
    async disarm(ctx) {
      await ctx.emu.control.pauseClock(false);
      return {};
    },
  },
  {
    name: "5xx burst on reads",
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        ctx.target.reads[ctx.phase].map((r, i) => rule(r, { status: [503, 500, 502][i % 3], times: 2 })),
      ),
    disarm: clear,
  },
  {
    name: "429 with Retry-After",
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        [...ctx.target.mutations[ctx.phase], ctx.target.reads[ctx.phase][0]].map((r) =>
          rule(r, { status: 429, retryAfter: 1 }),
        ),
      ),
    disarm: clear,
  },
  {
    name: "connection reset before the answer to a mutation (drop-before)",
    zones: true,
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        ctx.target.mutations[ctx.phase].map((r) => rule(r, { action: "drop-before" })),
      ),
    disarm: clear,
  },
  {
    name: "mutation lands, answer lost (drop-after)",
    zones: true,
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        ctx.target.mutations[ctx.phase].map((r) => rule(r, { action: "drop-after" })),
      ),
    disarm: clear,
  },
  {
    name: "job error: quota",
    expect: "fail",
    advice: [/quota/i, /delete unused resources|higher limit/i],
    async arm(ctx) {
      const { target } = ctx;
      if (ctx.phase === "create" && target.quotaCeiling) {
        // The real ceiling: the creates are accepted, their jobs fail.
        await target.quotaCeiling(ctx.emu.control, true);
        return {};
      }
      return addRules(
        ctx,
        target.jobMutations[ctx.phase].map((r) =>
          rule(r, {
            jobFail: {
              detail: `Quota exceeded: ${r[1].includes("volumes") ? "volume" : "instance"} limit of 1 reached for user user-1`,
            },
          }),
        ),
      );
    },
    async disarm(ctx) {
      await ctx.target.quotaCeiling?.(ctx.emu.control, false);
      return clear(ctx);
    },
  },
  {
    name: "job error: capacity",
    expect: "fail",
    advice: [/capacity/i, /another zone|try later/i],
    async arm(ctx) {
      const { target } = ctx;
      if (ctx.phase === "create" && target.capacityCeiling) {
        // The real zone ceiling: the create is accepted and its job fails.
        await target.capacityCeiling(ctx.emu.control, true);
        return {};
      }
      return addRules(
        ctx,
        target.jobMutations[ctx.phase].map((r) => rule(r, { jobFail: { detail: target.capacityDetail(r) } })),
      );
    },
    async disarm(ctx) {
      await ctx.target.capacityCeiling?.(ctx.emu.control, false);
      await clear(ctx);
      // The second run comes once the platform has settled what the failure left (a failed scale's Alert).
      await jobsEnded(ctx);
      return {};
    },
  },
];

/**
 * Waits until no job is running, the platform's own included (a stuck job has ended, a failed scale's Alert
 * has been reconciled), at most `timeoutMs`.
 */
export async function jobsEnded(ctx: Pick<PhaseContext, "emu">, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = Object.values((await ctx.emu.control.state()).jobs ?? {}) as any[];
    const running = jobs.filter((j) => j.status === "running");
    if (running.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `jobs still running after ${timeoutMs} ms: ${running.map((j) => j.command).join(", ")}`,
      );
    }
    await sleep(100);
  }
}
