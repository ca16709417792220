// The fault matrix: every emulator fault of the reliability issues, each applied at create, update and delete
// of a small program (tests/reliability/programs/faultProgram.cjs: one instance with tags, one volume).
// A fault arms itself before the operation, may act while it runs (`during`), and is disarmed before the
// second run, which must converge. This file holds the shared pieces and the faults of the platform and the
// session (restarts, tokens, quota, capacity, slow jobs, rate limits, lost connections); wireFaults.ts those
// of answers that go wrong on their way (proxy pages, cut JSON, held requests, lost jobs, a skewed clock).
import type { StackSession } from "../harness";
import type { FaultRule, TestEmulator, TestEmulatorOptions } from "./support";
import { sleep } from "./support";

export type Phase = "create" | "update" | "delete";
export const PHASES: Phase[] = ["create", "update", "delete"];

export interface PhaseContext {
  emu: TestEmulator;
  session: StackSession;
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

type Route = [method: string, route: string];

/** The calls that change something, per phase (what update sends: PUT, scale, resize, tags). */
export const MUTATIONS: Record<Phase, Route[]> = {
  create: [
    ["POST", "/api/v1/compute/instances"],
    ["POST", "/api/v1/volumes"],
  ],
  update: [
    ["PUT", "/api/v1/compute/instances/{id}"],
    ["POST", "/api/v1/compute/instances/{id}/scale"],
    ["POST", "/api/v1/compute/instances/{id}/tags"],
    ["POST", "/api/v1/volumes/{id}/resize"],
  ],
  delete: [
    ["DELETE", "/api/v1/compute/instances/{id}"],
    ["DELETE", "/api/v1/volumes/{id}"],
  ],
};

/** The instance's asynchronous mutation of each phase: the one a job hangs on. */
export const JOB_MUTATION: Record<Phase, Route> = {
  create: ["POST", "/api/v1/compute/instances"],
  update: ["POST", "/api/v1/compute/instances/{id}/scale"],
  delete: ["DELETE", "/api/v1/compute/instances/{id}"],
};

/** Asynchronous mutations only (the ones that create a job; a volume's delete is done at once, no job). */
export const JOB_MUTATIONS: Record<Phase, Route[]> = {
  create: MUTATIONS.create,
  update: [
    ["POST", "/api/v1/compute/instances/{id}/scale"],
    ["POST", "/api/v1/volumes/{id}/resize"],
  ],
  delete: [["DELETE", "/api/v1/compute/instances/{id}"]],
};

export const READS: Route[] = [
  ["GET", "/api/v1/jobs/{jobId}"],
  ["GET", "/api/v1/compute/instances/{id}"],
  ["GET", "/api/v1/volumes/{id}"],
];

/**
 * The reads each phase makes: a create reads only its jobs (a successful job's result is the record, so the
 * provider reads nothing after it); an update and a delete read the instance and the volume too.
 */
export const READS_IN: Record<Phase, Route[]> = {
  create: [READS[0]],
  update: READS,
  delete: READS,
};

export async function addRules(ctx: PhaseContext, rules: FaultRule[]): Promise<Armed> {
  for (const rule of rules) ctx.rules.push((await ctx.emu.control.fault(rule)).id);
  return {};
}

export async function clear(ctx: PhaseContext): Promise<Armed> {
  await ctx.emu.control.clearFaults();
  return {};
}

/** Resolves when the phase's job mutation reached the emulator (true), or the operation ended first (false). */
async function mutationSeen(ctx: PhaseContext): Promise<boolean> {
  const [method, route] = JOB_MUTATION[ctx.phase];
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
          `the fault was not injected: the ${ctx.phase} ended before its job mutation (${JOB_MUTATION[ctx.phase].join(" ")})`,
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
        READS_IN[ctx.phase].map(([method, route], i) => ({
          method,
          route,
          status: [503, 500, 502][i],
          times: 2,
        })),
      ),
    disarm: clear,
  },
  {
    name: "429 with Retry-After",
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        [...MUTATIONS[ctx.phase], READS[0]].map(([method, route]) => ({
          method,
          route,
          status: 429,
          retryAfter: 1,
          times: 1,
        })),
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
        MUTATIONS[ctx.phase].map(([method, route]) => ({ method, route, action: "drop-before", times: 1 })),
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
        MUTATIONS[ctx.phase].map(([method, route]) => ({ method, route, action: "drop-after", times: 1 })),
      ),
    disarm: clear,
  },
  {
    name: "job error: quota",
    expect: "fail",
    advice: [/quota/i, /delete unused resources|higher limit/i],
    async arm(ctx) {
      if (ctx.phase === "create") {
        // The real ceiling: the deploy and the volume create are accepted, their jobs fail.
        await ctx.emu.control.limits({ instanceLimit: 0, volumeLimit: 0 });
        return {};
      }
      return addRules(
        ctx,
        JOB_MUTATIONS[ctx.phase].map(([method, route]) => ({
          method,
          route,
          times: 1,
          jobFail: {
            detail: `Quota exceeded: ${route.includes("volumes") ? "volume" : "instance"} limit of 1 reached for user user-1`,
          },
        })),
      );
    },
    async disarm(ctx) {
      await ctx.emu.control.limits({ instanceLimit: 1000, volumeLimit: 2000 });
      return clear(ctx);
    },
  },
  {
    name: "job error: capacity",
    expect: "fail",
    advice: [/capacity/i, /another zone|try later/i],
    async arm(ctx) {
      if (ctx.phase === "create") {
        // The real zone ceiling: the deploy is accepted and its job fails (volumes take no capacity).
        await ctx.emu.control.zoneCapacity("de-fra-1a", 0);
        return {};
      }
      return addRules(
        ctx,
        JOB_MUTATIONS[ctx.phase].map(([method, route]) => ({
          method,
          route,
          times: 1,
          jobFail: { detail: "Insufficient capacity in zone de-fra-1a" },
        })),
      );
    },
    async disarm(ctx) {
      await ctx.emu.control.zoneCapacity("de-fra-1a", 2000);
      return clear(ctx);
    },
  },
];
