// How long finished jobs took, per (region, command), so the waiter can put its first check where the job
// is expected to end: learnt within the run, from its first jobs on. In memory, per process (kept on
// `globalThis`, like the connection pool: the dynamic provider may load this module more than once), and
// bounded: the last `window` observations of each key, at most `maxKeys` keys.
//
// A job's duration is never observed directly: the waiter only knows that the job was still running when
// its last "running" check was sent (lower bound) and had ended when the check that found it ended was sent
// (upper bound: what a first check sent then would see, without the answer's round trip). Two kinds of
// knowledge are kept (`durationSample` tells them apart):
//   - precise durations: the job record's own `created` / `completed` times, when the API gives them
//     (server-local times in any zone: only their difference is used, never either against this process's
//     clock; the spec does not promise them; a missing or malformed field, a precision coarser than 1 s or a
//     figure far outside the local bounds and they are ignored): the late end of the server's figure within
//     its precision, and within the local bounds (the emulator: to the millisecond); or bounds within
//     100 ms of each other (a first check that found a quick job ended);
//   - otherwise the bounds themselves, which the next jobs narrow (firstCheck.ts: a bisection). Wider bounds
//     are not taken as a duration, not even for long jobs: their upper end is late by up to a poll interval,
//     and a first check put there stays that late for every job of the run. Guessing inside wide bounds was tried and made the first check worse than a fixed schedule on
//     spread or mixed durations: a first check that finds the job done cannot tell how much earlier it
//     ended, so a late guess is never corrected; a check in the gap's middle is how it gets corrected.
// The first check (`firstCheck`) comes from the precise durations when there are any, else from the bounds;
// without either the waiter checks at once, then 2 s later (waiter.ts).

import {
  boundedFirstCheck,
  type Cadence,
  cheapestFirstCheck,
  type FirstCheck,
  type FirstCheckOptions,
  type JobBounds,
} from "./firstCheck";
import type { Job } from "./records";
import { comparable, parseServerTime } from "./serverTime";

const HISTORY = Symbol.for("pulumi-cim.client.jobDurations");
const COMMANDS = Symbol.for("pulumi-cim.client.jobCommands");
type Holder = { [HISTORY]?: JobDurations; [COMMANDS]?: Map<string, string> };

export interface JobDurationsOptions extends Partial<FirstCheckOptions> {
  /** Observations remembered per (region, command), of each kind. Default 20. */
  window?: number;
  /** Keys (region × command) remembered at most; the least recently recorded go first. Default 256. */
  maxKeys?: number;
}

/** The history key of a job: its region (undefined: the API default) and the client's command name. */
export function durationKey(region: string | undefined, command: string): string {
  return `${region ?? ""}|${command}`;
}

/** The spec's 2–3 s: the second check 2 s after the first, later ones 2.5 s apart on average. */
const SPEC_CADENCE: Cadence = { minMs: 2_000, meanMs: 2_500 };

interface KeyHistory {
  samples: number[];
  bounds: JobBounds[];
  /** First checks of jobs of this key exploring inside the bounds' gap now. */
  exploring: number[];
  /** Jobs of this key seen ending (bounds only). */
  ended: number;
  /** The first check from `samples` until they change (waits of a key ask for it many times over). */
  cheapest?: { cadence: Cadence; delayMs: number };
}

export class JobDurations {
  readonly #o: FirstCheckOptions & { window: number; maxKeys: number };
  readonly #keys = new Map<string, KeyHistory>();

  constructor(o: JobDurationsOptions = {}) {
    this.#o = {
      window: o.window ?? 20,
      maxKeys: o.maxKeys ?? 256,
      checkCostMs: o.checkCostMs ?? 50,
      marginRatio: o.marginRatio ?? 0.01,
      marginMs: o.marginMs ?? 25,
      minFirstDelayMs: o.minFirstDelayMs ?? 0,
      // A history of slow jobs may put the first check minutes out; past this the cadence finds them.
      maxFirstDelayMs: o.maxFirstDelayMs ?? 600_000,
      defaultFirstDelayMs: o.defaultFirstDelayMs ?? 0,
      maxExplorers: o.maxExplorers ?? 2,
    };
  }

  /** The key's history, made the most recently used (Map order is the eviction order). */
  #touch(key: string): KeyHistory {
    const h = this.#keys.get(key) ?? { samples: [], bounds: [], exploring: [], ended: 0 };
    this.#keys.delete(key);
    this.#keys.set(key, h);
    if (this.#keys.size > this.#o.maxKeys) {
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    return h;
  }

  #keep<T>(list: T[], item: T, window = this.#o.window): void {
    list.push(item);
    if (list.length > window) list.splice(0, list.length - window);
  }

  /** Remembers one finished job's precise duration (ms after the wait began). */
  record(key: string, sampleMs: number): void {
    if (!Number.isFinite(sampleMs) || sampleMs < 0) return;
    const h = this.#touch(key);
    this.#keep(h.samples, sampleMs);
    h.cheapest = undefined;
  }

  /**
   * Remembers what checks showed of a job: running when `lowerMs` was sent, ended by `upperMs` (or Infinity).
   * A job may leave two (its first check, its end), so twice the window of them is kept.
   */
  bound(key: string, lowerMs: number, upperMs: number): void {
    if (!(lowerMs >= 0) || !(upperMs >= lowerMs)) return;
    const h = this.#touch(key);
    this.#keep(h.bounds, { lowerMs, upperMs }, 2 * this.#o.window);
    if (Number.isFinite(upperMs)) h.ended++;
  }

  /** The remembered precise durations of a key, oldest first. */
  samples(key: string): readonly number[] {
    return this.#keys.get(key)?.samples ?? [];
  }

  /** The remembered bounds of a key, oldest first. */
  bounds(key: string): readonly JobBounds[] {
    return this.#keys.get(key)?.bounds ?? [];
  }

  /**
   * The first check of a job of this key, or undefined without history (firstCheck.ts). `claim`: a check that
   * explores the bounds' gap is this job's, until `released`; without it none is handed out.
   */
  firstCheck(key: string, cadence: Cadence = SPEC_CADENCE, claim = false): FirstCheck | undefined {
    const h = this.#keys.get(key);
    if (!h) return undefined;
    if (h.samples.length) {
      const cached = h.cheapest;
      const same =
        cached && cached.cadence.minMs === cadence.minMs && cached.cadence.meanMs === cadence.meanMs;
      if (!same) h.cheapest = { cadence, delayMs: cheapestFirstCheck(h.samples, this.#o, cadence) };
      return { delayMs: (h.cheapest as { delayMs: number }).delayMs, explore: false };
    }
    const check = boundedFirstCheck(h.bounds, this.#o, cadence, {
      exploring: h.exploring,
      claim,
      ended: h.ended,
    });
    if (check?.explore) h.exploring.push(check.delayMs);
    return check;
  }

  /** The first-check delay a job of this key would get now, or undefined without history. */
  firstDelay(key: string, cadence: Cadence = SPEC_CADENCE): number | undefined {
    return this.firstCheck(key, cadence)?.delayMs;
  }

  /** The job exploring at `delayMs` has had its first answer (or gave up): its point is free again. */
  released(key: string, delayMs: number): void {
    const h = this.#keys.get(key);
    const i = h?.exploring.indexOf(delayMs) ?? -1;
    if (h && i >= 0) h.exploring.splice(i, 1);
  }

  clear(): void {
    this.#keys.clear();
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
  /** When the check that found the job ended was sent. */
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
  return hi - lo <= 100 ? hi : undefined;
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
