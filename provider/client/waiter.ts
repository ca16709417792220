// Job waiting, after smithy's util-waiter: an acceptor maps a job to a state (success → SUCCESS, error →
// FAILURE, anything else → RETRY), a poller sleeps between checks with jitter, a deadline is checked before
// each sleep, and an AbortSignal cancels. The loop runs on p-wait-for. The spec recommends a poll every
// 2–3 s; after the first check the waiter never polls faster than that: the second check comes 2 s after
// the first (the earliest the cadence allows), later ones every 2–3 s. The first check is adaptive: where
// jobs of the same (region, command) have ended in this process (jobHistory.ts, firstCheck.ts), learnt from
// a run's first jobs on; without history it is at once, so a quick job is seen at its first check and a
// slower one 2 s later. All delays are injectable so tests run fast and benchmarks compare.

import pWaitFor from "p-wait-for";
import {
  JobFailedError,
  JobNotFoundError,
  NotFoundError,
  WaitAbortedError,
  WaitTimeoutError,
} from "./errors";
import { durationKey, durationSample, type JobDurations, jobDurations } from "./jobHistory";
import type { Job } from "./records";
import { isTransient, sleep } from "./retry";

export type WaiterState = "success" | "failure" | "retry";

/** The acceptor. Only success and error are terminal; unknown statuses count as running. */
export function jobState(job: Pick<Job, "status">): WaiterState {
  const s = job.status.trim().toLowerCase();
  return s === "success" ? "success" : s === "error" ? "failure" : "retry";
}

export interface WaitSchedule {
  /**
   * Delay before the first check. Given, it is used as is; left out, the adaptive first check applies
   * (see `adaptive`), and 0 (at once) without history.
   */
  firstDelayMs?: number;
  /**
   * The second check comes `minIntervalMs` after the first; later ones at intervals drawn uniformly from
   * [min, max]. Default 2,000–3,000 ms.
   */
  minIntervalMs?: number;
  maxIntervalMs?: number;
}

export interface WaitOptions extends WaitSchedule {
  /** Deadline for the whole wait. Default 30 min. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Consecutive transient read failures tolerated (each already retried by the core). Default 5. */
  maxPollErrors?: number;
  /**
   * Reads in a row that may answer 404 before the job counts as not found (JobNotFoundError): a job's record
   * can appear a little after its mutation was answered. Default 3.
   */
  maxNotFound?: number;
  random?: () => number;
  /** Called after every check, for progress reporting. */
  onPoll?: (job: Job, check: number) => void;
  /**
   * Adaptive first check (default true): remember how long successful jobs of the same region and command
   * took, and check first when such a job is expected to end. false: neither read nor record the history.
   */
  adaptive?: boolean;
  /** The job's command, the history key with the region. `jobs.wait` knows it for jobs this process started. */
  command?: string;
  /** The history to use. Default: this process's (`jobDurations()`); tests and benchmarks inject their own. */
  history?: JobDurations;
}

/** The delay before check number `check` (1-based). */
export function pollDelay(check: number, s: WaitSchedule, random: () => number = Math.random): number {
  if (check === 1) return s.firstDelayMs ?? 0;
  const min = s.minIntervalMs ?? 2_000;
  if (check === 2) return min;
  const max = Math.max(min, s.maxIntervalMs ?? 3_000);
  return Math.round(min + (max - min) * random());
}

/** The deadline of a poll passed. */
export class PollDeadline extends Error {}

export interface PollOptions {
  /** Deadline for the whole poll. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** The delay before check number `n` (1-based); never slept past the deadline. */
  delay: (n: number) => number;
}

/**
 * The one poller, for job waiting and for waiting until a resource settles: sleeps `delay(n)` (clipped to the
 * deadline), calls `check`, and stops when it returns `{ value }` (resolves with it), throws (rejects with
 * it), the deadline passes (PollDeadline, after one last check at the deadline) or `signal` fires (its reason).
 */
export async function poll<T>(
  check: (n: number, signal: AbortSignal) => Promise<{ value: T } | undefined>,
  o: PollOptions,
): Promise<T> {
  const started = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new PollDeadline()), o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline.signal]) : deadline.signal;
  let n = 0;
  try {
    return await pWaitFor(
      async () => {
        n++;
        const remaining = started + o.timeoutMs - Date.now();
        await sleep(Math.max(0, Math.min(o.delay(n), remaining)), signal);
        const r = await check(n, signal);
        if (r) return pWaitFor.resolveWith(r.value);
        if (Date.now() - started >= o.timeoutMs) throw new PollDeadline();
        return false;
      },
      { interval: 0, signal },
    );
  } catch (err) {
    if (err instanceof PollDeadline || (deadline.signal.aborted && !o.signal?.aborted))
      throw new PollDeadline();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `readJob` until the job succeeds (returns it), fails (JobFailedError with detail and kind), the
 * deadline passes (WaitTimeoutError) or the signal fires (WaitAbortedError).
 */
export async function waitForJob(
  readJob: (signal: AbortSignal) => Promise<Job>,
  jobId: string,
  region: string | undefined,
  o: WaitOptions = {},
): Promise<Job> {
  const timeoutMs = o.timeoutMs ?? 30 * 60_000;
  const random = o.random ?? Math.random;
  const maxPollErrors = o.maxPollErrors ?? 5;
  const maxNotFound = Math.max(1, o.maxNotFound ?? 3);
  const started = Date.now();
  const history = o.adaptive !== false && o.command ? (o.history ?? jobDurations()) : undefined;
  const key = o.command ? durationKey(region, o.command) : "";
  const minInterval = o.minIntervalMs ?? 2_000;
  const cadence = {
    minMs: minInterval,
    meanMs: (minInterval + Math.max(minInterval, o.maxIntervalMs ?? 3_000)) / 2,
  };
  const planned = o.firstDelayMs === undefined ? history?.firstCheck(key, cadence, true) : undefined;
  let exploring = planned?.explore === true;
  /** The exploring job's first answer is in (or the wait ended): another job of the key may explore. */
  const explored = () => {
    if (exploring && planned) history?.released(key, planned.delayMs);
    exploring = false;
  };
  const schedule: WaitSchedule = { ...o, firstDelayMs: o.firstDelayMs ?? planned?.delayMs };
  let lowerMs = 0;
  let pollErrors = 0;
  let notFound = 0;
  let last: Job | undefined;
  try {
    return await poll(
      async (check, signal) => {
        const sentMs = Date.now() - started;
        let job: Job;
        try {
          job = await readJob(signal);
        } catch (err) {
          if (signal.aborted) throw signal.reason;
          if (err instanceof NotFoundError) {
            if (++notFound >= maxNotFound) throw new JobNotFoundError(jobId, notFound, region, o.command);
            return undefined;
          }
          if (!isTransient(err) || ++pollErrors > maxPollErrors) throw err;
          return undefined;
        }
        pollErrors = 0;
        notFound = 0;
        last = job;
        o.onPoll?.(job, check);
        const state = jobState(job);
        if (state === "success") {
          if (history) {
            // The bounds are send times: a check sent at `sentMs` found the job ended, which is what a first
            // check needs to know. The answer's arrival is later by a round trip, and a job that ended before
            // the wait began (an instant one) would read as taking that round trip: every first check would
            // wait it out, plus the margin.
            const sample = durationSample({ lowerMs, upperMs: sentMs, job });
            if (sample !== undefined) history.record(key, sample);
            else history.bound(key, lowerMs, sentMs);
          }
          return { value: job }; // `finally` below lets another job of the key explore
        }
        if (state === "failure") {
          throw new JobFailedError(jobId, job.detail, region, job.command, job.resourceId, job.statusCode);
        }
        lowerMs = sentMs; // still running (any status but success and error) when this check was sent
        // A first check that came too early says so at once, before this job ends: the next first checks move.
        if (history && check === 1) history.bound(key, sentMs, Number.POSITIVE_INFINITY);
        explored();
        return undefined;
      },
      { timeoutMs, signal: o.signal, delay: (n) => pollDelay(n, schedule, random) },
    );
  } catch (err) {
    if (err instanceof PollDeadline)
      throw new WaitTimeoutError(jobId, Date.now() - started, last?.status, region);
    if (o.signal?.aborted) throw new WaitAbortedError(jobId);
    throw err;
  } finally {
    explored();
  }
}
