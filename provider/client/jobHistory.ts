// How long finished jobs took, per (region, command), so the waiter can put its first check where the job
// is expected to end instead of at a fixed 1 s. In memory, per process (kept on `globalThis`, like the
// connection pool: the dynamic provider may load this module more than once), and bounded: the last
// `window` successes of each key, at most `maxKeys` keys.
//
// A job's duration is never observed directly: the waiter only knows that the job was still running when
// its last "running" check was sent (lower bound) and had ended when the success answer arrived (upper
// bound). With a 2–3 s cadence those bounds are seconds apart, and the upper one carries the poll's own
// lateness. So only precise durations are remembered (`durationSample`):
//   - the job record's own `created` / `completed` times, when the API gives them (server-local times in
//     any zone: only their difference is used, never either against this process's clock; the spec does not
//     promise them; a missing or malformed field, a precision coarser than 1 s or a figure far outside the
//     local bounds and they are ignored): the late end of the server's figure within its precision, and
//     within the local bounds (the emulator: to the millisecond);
//   - otherwise the upper bound, but only when the bounds are within 10 % (or 100 ms) of each other
//     (a first check at a few ms, or jobs of 20 s and more).
// Anything else is not recorded. Guessing inside wide bounds (their middle, or a little under a first
// check that found the job done) was tried and made the first check worse than the plain 1 s schedule on
// spread or mixed durations: a first check that finds the job done cannot tell how much earlier it ended,
// so a late guess is never corrected. Without the job's own times the waiter therefore keeps the 1 s,
// then 2–3 s schedule for jobs shorter than about 20 s.
// The first check (`firstDelay`) is the candidate (a remembered duration plus a small margin, or the 1 s
// default) with the least expected detection lag over the remembered durations, a missed job costing the
// wait for the next 2–3 s check: a tight history gives its top, a spread one its upper part, a command
// with both quick and slow jobs the quick ones' end (the slow ones are then found by the cadence).

import type { Job } from "./schemas";
import { comparable, parseServerTime } from "./serverTime";

const HISTORY = Symbol.for("pulumi-cim.client.jobDurations");
const COMMANDS = Symbol.for("pulumi-cim.client.jobCommands");
type Holder = { [HISTORY]?: JobDurations; [COMMANDS]?: Map<string, string> };

export interface JobDurationsOptions {
  /** Successes remembered per (region, command). Default 20. */
  window?: number;
  /** What one more check is worth, in ms of detection lag, when choosing the first check. Default 50. */
  checkCostMs?: number;
  /** Added to a remembered duration to make a candidate first check: a fraction of it, at least `marginMs`. Defaults 2 % and 25 ms. */
  marginRatio?: number;
  marginMs?: number;
  /** Clamp of the adaptive first check. Defaults 500 ms and 10,000 ms. */
  minFirstDelayMs?: number;
  maxFirstDelayMs?: number;
  /** The first check without history, also always a candidate. Default 1,000 ms. */
  defaultFirstDelayMs?: number;
  /** Keys (region × command) remembered at most; the least recently recorded go first. Default 256. */
  maxKeys?: number;
}

/** The history key of a job: its region (undefined: the API default) and the client's command name. */
export function durationKey(region: string | undefined, command: string): string {
  return `${region ?? ""}|${command}`;
}

export class JobDurations {
  readonly #o: Required<JobDurationsOptions>;
  readonly #samples = new Map<string, number[]>();

  constructor(o: JobDurationsOptions = {}) {
    this.#o = {
      window: o.window ?? 20,
      checkCostMs: o.checkCostMs ?? 50,
      marginRatio: o.marginRatio ?? 0.02,
      marginMs: o.marginMs ?? 25,
      minFirstDelayMs: o.minFirstDelayMs ?? 500,
      maxFirstDelayMs: o.maxFirstDelayMs ?? 10_000,
      defaultFirstDelayMs: o.defaultFirstDelayMs ?? 1_000,
      maxKeys: o.maxKeys ?? 256,
    };
  }

  /** Remembers one finished job's duration sample (ms after the wait began). */
  record(key: string, sampleMs: number): void {
    if (!Number.isFinite(sampleMs) || sampleMs < 0) return;
    const list = this.#samples.get(key) ?? [];
    this.#samples.delete(key); // re-inserted last: Map order is the eviction order
    list.push(sampleMs);
    if (list.length > this.#o.window) list.splice(0, list.length - this.#o.window);
    this.#samples.set(key, list);
    if (this.#samples.size > this.#o.maxKeys) {
      const oldest = this.#samples.keys().next().value;
      if (oldest !== undefined) this.#samples.delete(oldest);
    }
  }

  /** The remembered samples of a key, oldest first. */
  samples(key: string): readonly number[] {
    return this.#samples.get(key) ?? [];
  }

  /**
   * The adaptive first-check delay for a key, or undefined without history: of the candidates (each
   * remembered duration plus the margin, and the default first check), the one with the least expected
   * cost over the remembered durations, clamped. A job that ends before the check costs the wait until
   * it; one that ends after costs the wait for the next check (`intervalMs` after the first, or half an
   * interval on average once the job is further away than that) and `checkCostMs` per extra check.
   */
  firstDelay(key: string, intervalMs = 2_500): number | undefined {
    const samples = this.#samples.get(key);
    if (!samples?.length) return undefined;
    const o = this.#o;
    const clamp = (ms: number) => Math.round(Math.min(o.maxFirstDelayMs, Math.max(o.minFirstDelayMs, ms)));
    const candidates = new Set([
      clamp(o.defaultFirstDelayMs),
      ...samples.map((d) => clamp(d + Math.max(o.marginMs, d * o.marginRatio))),
    ]);
    let best = clamp(o.defaultFirstDelayMs);
    let bestCost = Number.POSITIVE_INFINITY;
    for (const c of [...candidates].sort((a, b) => b - a)) {
      let cost = 0;
      for (const d of samples) {
        cost +=
          d <= c
            ? c - d
            : Math.max(intervalMs / 2, c + intervalMs - d) + o.checkCostMs * (1 + (d - c) / intervalMs);
      }
      // Later candidates first: on a tie, the one with fewer checks wins.
      if (cost < bestCost - 1e-6) {
        bestCost = cost;
        best = c;
      }
    }
    return best;
  }

  clear(): void {
    this.#samples.clear();
  }
}

/** This process's history, shared by every client. */
export function jobDurations(): JobDurations {
  const holder = globalThis as Holder;
  holder[HISTORY] ??= new JobDurations();
  return holder[HISTORY];
}

/**
 * The client command of jobs this process started (`core.accepted` notes it), so `jobs.wait(accepted)` knows
 * the history key before its first check. Bounded: the oldest notes go first.
 */
export function noteJobCommand(jobId: string, command: string): void {
  const holder = globalThis as Holder;
  holder[COMMANDS] ??= new Map();
  const map = holder[COMMANDS];
  map.delete(jobId);
  map.set(jobId, command);
  if (map.size > 2_000) for (const id of [...map.keys()].slice(0, 1_000)) map.delete(id);
}

export function jobCommandOf(jobId: string): string | undefined {
  return (globalThis as Holder)[COMMANDS]?.get(jobId);
}

/** What the waiter saw of one successful job, in ms after the wait began. */
export interface JobObservation {
  /** When the last check that still saw the job running was sent; 0 when the first check saw it done. */
  lowerMs: number;
  /** When the success answer arrived. */
  upperMs: number;
  /** The success record, for its own times when the API gives them. */
  job?: Pick<Job, "created"> & Record<string, unknown>;
}

/** The duration to remember for one successful job, or undefined when it is not known precisely enough. */
export function durationSample(o: JobObservation): number | undefined {
  const lo = Math.max(0, o.lowerMs);
  const hi = Math.max(lo, o.upperMs);
  const server = serverDuration(o.job);
  if (server && server.precisionMs <= 1_000) {
    // The server measures from the submission, a little before the wait began, so its figure is at most a
    // little above the local one: just above the upper bound still reads as the upper bound.
    const sLo = Math.max(lo, server.ms - server.precisionMs);
    const sHi = Math.min(hi, server.ms + server.precisionMs);
    if (sLo <= sHi) return sHi;
    if (server.ms > hi && server.ms - server.precisionMs - hi <= 1_000) return hi;
  }
  return hi - lo <= Math.max(100, 0.1 * hi) ? hi : undefined;
}

/** completed − created from the job record, with the precision of the coarser of the two; or undefined. */
export function serverDuration(
  job: Record<string, unknown> | undefined,
): { ms: number; precisionMs: number } | undefined {
  if (!job) return undefined;
  const a = parseServerTime(job.created);
  const b = parseServerTime(job.completed ?? job.finished ?? job.completedAt);
  // Two times of the server's own clock, in its own zone: their difference holds whatever that zone is.
  if (!a || !b || !comparable(a, b) || b.ms < a.ms) return undefined;
  const ms = b.ms - a.ms;
  // Beyond a day the fields mean something else.
  if (ms > 86_400_000) return undefined;
  return { ms, precisionMs: Math.max(a.precisionMs, b.precisionMs) };
}
