// The spec's protocol for a mutation whose answer was lost (Asynchronous protocol, rule 7): before any retry,
// list recent jobs and look for one of the same command (and resource, when known) that this request made.
// Found: the request landed, adopt the job. Not found: it never reached the platform, so the caller may
// retry. If the lookup itself fails the outcome is unknown and nothing is retried.
//
// Which job is this request's is decided without this process's clock and without the Date header (the
// server writes job times in its own zone, from its own clock: see serverTime.ts): by command, resource id
// and requested name; never a job this process already owns or one listed before this attempt was sent; and
// by time only on the server's own timeline: a reading of the server's clock (the lost answer's error body,
// else one probe whose error body carries it, sent only here) says what the server's clock read when the
// request was sent, and a job created before that (less `clockToleranceMs`) is not this request's.
//
// Time alone never makes a job this request's: the server's zone may have changed since an earlier job was
// written (a daylight-saving change moves it an hour), so that job's local time can look newer than the request.
// A create's job is this request's only if its record exists and shows what the request asked (`verify`,
// family.ts `createdAs`); a failed check or a 404 means "not this request's", and the next candidate is tried.

import { randomUUID } from "node:crypto";
import { JOB_COMMANDS, type JobCommand } from "../families/jobs";
import { ApiError, type CallContext, MutationOutcomeUnknownError, NotFoundError } from "./errors";
import { sendsSettled } from "./inFlight";
import { Paginator } from "./pagination";
import { apiPath } from "./paths";
import { type Job, JobSchema } from "./records";
import { sleep } from "./retry";
import {
  comparable,
  monotonicNow,
  parseServerTime,
  readingOf,
  type ServerClockReading,
  serverTimeAt,
} from "./serverTime";
import type { CoreReads, JobCheck, RecoveryOptions } from "./types";

export function recoveryOptions(o: RecoveryOptions = {}): Required<RecoveryOptions> {
  return {
    graceMs: o.graceMs ?? 2_000,
    clockToleranceMs: o.clockToleranceMs ?? 10_000,
    maxPages: o.maxPages ?? 25,
  };
}

const CLAIMED = Symbol.for("pulumi-cim.client.claimedJobs");
type ClaimHolder = { [CLAIMED]?: Set<string> };

/** Jobs this process already owns (answered or adopted): never adopted a second time. */
function claimed(): Set<string> {
  const holder = globalThis as ClaimHolder;
  holder[CLAIMED] ??= new Set();
  return holder[CLAIMED];
}

export function claimJob(jobId: string): void {
  const set = claimed();
  set.add(jobId);
  // Bounded: the oldest claims are far outside any recovery window.
  if (set.size > 20_000) for (const id of [...set].slice(0, 10_000)) set.delete(id);
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

export function commandMatches(jobCommand: string | undefined, command: JobCommand): boolean {
  if (!jobCommand) return false;
  const c = norm(jobCommand);
  return JOB_COMMANDS[command].some((alias) => norm(alias) === c) || norm(command) === c;
}

export interface LostMutation {
  method: string;
  path: string;
  region?: string;
  command: JobCommand;
  resourceId?: string;
  verify?: JobCheck;
  /** When the mutation's first attempt was sent, on this process's monotonic clock (serverTime.ts). */
  startedAt: number;
  /** A reading of the server's clock that came with the failure itself (a 5xx error body), if any. */
  reading?: ServerClockReading;
  /**
   * Job ids listed by the lookups of earlier attempts of this mutation: they existed before this attempt
   * was sent, so none is its job. Filled with what this lookup lists when it finds nothing.
   */
  seen: Set<string>;
  mayBeInFlight: boolean;
  cause: Error;
  signal?: AbortSignal;
}

/** Returns the job the lost request created, or undefined when it did not land. */
export async function recoverLostMutation(core: CoreReads, m: LostMutation): Promise<Job | undefined> {
  const o = core.recoveryOptions;
  const looks = m.mayBeInFlight && o.graceMs > 0 ? 2 : 1;
  const context: CallContext = { method: m.method, path: m.path, region: m.region };
  let listed: Job[] = [];
  let complete = true;
  try {
    // Nothing but time ties an unnamed create's job to it: first let this process's sends of the same command
    // settle, so that a sibling's job is already claimed by its own answer (inFlight.ts).
    if (!tiedWithoutTime(m)) await sendsSettled(m.command);
    const reading = m.reading ?? (await readServerClock(core, m));
    for (let look = 0; look < looks; look++) {
      if (look > 0) await sleep(o.graceMs, m.signal);
      ({ jobs: listed, complete } = await recentJobs(core, m, o.maxPages, reading, o.clockToleranceMs));
      // Every job listed existed by now: on the server's clock, none was created after this moment.
      const listedAt = monotonicNow();
      // While the request may still be in flight, a job from before it was sent (within the clocks' tolerance)
      // waits for the last look: the request's own job may yet appear, and it is the nearer one. A replacement
      // that keeps its name would otherwise adopt the create of the very record it replaces.
      const tolerance = look < looks - 1 ? 0 : o.clockToleranceMs;
      const job = await pick(listed, m, reading, tolerance, {
        at: listedAt,
        toleranceMs: o.clockToleranceMs,
      });
      if (job) return job;
    }
  } catch (err) {
    if (err instanceof MutationOutcomeUnknownError) throw err;
    throw new MutationOutcomeUnknownError(context, m.command, err instanceof Error ? err : m.cause);
  }
  // Not in what was read, but the platform lists more (in an order the spec does not promise): its job may be
  // among the rest, and a resend would make a second record.
  if (!complete)
    throw new MutationOutcomeUnknownError(
      context,
      m.command,
      m.cause,
      `no job of it is among the first ${listed.length} jobs the platform lists for the window, and it lists more`,
    );
  for (const j of listed) if (j.jobId) m.seen.add(j.jobId);
  return undefined;
}

/**
 * One reading of the server's clock: a read of a job id that cannot exist, whose error body carries the
 * server's local time (spec: every error body has its timestamp). Only the lost-answer path sends it.
 * Undefined when the server answers without a usable timestamp or not at all.
 */
export async function readServerClock(
  core: CoreReads,
  m: Pick<LostMutation, "region" | "signal">,
): Promise<ServerClockReading | undefined> {
  const sentAt = monotonicNow();
  try {
    await core.get(apiPath`/jobs/${randomUUID()}`, JobSchema, undefined, {
      region: m.region,
      signal: m.signal,
    });
  } catch (err) {
    if (err instanceof ApiError) return readingOf(err.body, sentAt, monotonicNow());
    if (m.signal?.aborted) throw err;
  }
  return undefined;
}

/**
 * The ids of the recent jobs of an unnamed create's command, listed before it is sent: none of them can be its
 * job, whatever its time says. Time alone ties such a create to its job, and a server whose clock has been
 * stepped since an earlier job was written (a skew set right, as NTP steps a clock) can show that job inside the
 * window of this request: an address acquired minutes earlier on the same network passed for this request's.
 * Best effort: a list that fails leaves the times to decide, as before.
 */
export async function jobIdsBefore(
  core: CoreReads,
  region: string | undefined,
  command: JobCommand,
  signal?: AbortSignal,
): Promise<string[]> {
  try {
    const { jobs } = await recentJobs(
      core,
      { region, signal, startedAt: monotonicNow() },
      core.recoveryOptions.maxPages,
      undefined,
      0,
    );
    return jobs.filter((j) => j.jobId && commandMatches(j.command, command)).map((j) => j.jobId as string);
  } catch {
    return [];
  }
}

/**
 * The jobs of the window, at most `maxPages` pages of them and one more: `complete` when that is all the platform
 * lists (a page after them says it is not). Without the window's route, the most recent jobs: `complete` when they
 * reach back to the send (fewer than asked for, or the oldest of them from before it on the server's clock).
 */
async function recentJobs(
  core: CoreReads,
  m: Pick<LostMutation, "region" | "signal" | "startedAt">,
  maxPages: number,
  reading: ServerClockReading | undefined,
  toleranceMs: number,
): Promise<{ jobs: Job[]; complete: boolean }> {
  // The window is what has passed since the request was sent (our own elapsed time) plus a minute; the
  // server applies it to its own clock, so neither its zone nor its skew matters here.
  const hoursBack = Math.max(1, Math.ceil((monotonicNow() - m.startedAt + 60_000) / 3_600_000));
  const options = { region: m.region, signal: m.signal, pageSize: 200 };
  const out: Job[] = [];
  try {
    const list = new Paginator(core, {
      path: apiPath`/jobs`,
      key: "jobs",
      item: JobSchema,
      query: { hoursBack },
      options,
    });
    const pages = list.pages();
    // the cap's pages and one more, all kept; a read after them tells whether anything is left
    for (let n = 0; n <= maxPages; n++) {
      const page = await pages.next();
      if (page.done) return { jobs: out, complete: true };
      out.push(...page.value.items);
    }
    const after = await pages.next();
    await pages.return(undefined);
    return { jobs: out, complete: after.done === true };
  } catch (err) {
    // No time-window route here: fall back to the most recent jobs.
    if (!(err instanceof NotFoundError)) throw err;
    const recent = new Paginator(core, {
      path: apiPath`/jobs/recent`,
      key: "jobs",
      item: JobSchema,
      query: { limit: RECENT_LIMIT },
      options,
    });
    // One made since the request was sent is among the most recent jobs, unless as many as were asked for came
    // after the send: then the request's own may be older than all of them, and a resend would make a second.
    const jobs = (await recent.all()).items;
    if (jobs.length < RECENT_LIMIT) return { jobs, complete: true };
    const sent = reading ? serverTimeAt(reading, m.startedAt) : undefined;
    const before = jobs.some((j) => {
      const created = parseServerTime(j.created);
      return (
        sent && created && comparable(created, reading!.time) && created.ms < sent.earliest - toleranceMs
      );
    });
    return { jobs, complete: before };
  }
}

/** How many of the most recent jobs the fallback asks for (`GET /jobs/recent?limit=`). */
const RECENT_LIMIT = 200;

/** A job created before the estimate counts double: this request's job is created just after it was sent. */
const distance = (created: number | undefined, estimate: number) =>
  created === undefined
    ? Number.MAX_SAFE_INTEGER
    : created >= estimate
      ? created - estimate
      : 2 * (estimate - created);

async function pick(
  jobs: Job[],
  m: LostMutation,
  reading: ServerClockReading | undefined,
  toleranceMs: number,
  listed: { at: number; toleranceMs: number },
): Promise<Job | undefined> {
  const owned = claimed();
  const tied = tiedWithoutTime(m);
  const sent = reading ? serverTimeAt(reading, m.startedAt) : undefined;
  // An unnamed create's job is told by time alone, so its time must lie on the server's present timeline: not
  // after the server's clock read when the list was taken. A job that shows a later time was written while the
  // clock was set ahead (a skew since corrected, as NTP steps a clock back) and is older than it looks; without
  // this bound an earlier acquire of an address still held on the same network passed for this request's.
  const ceiling = reading && !tied ? serverTimeAt(reading, listed.at).latest + listed.toleranceMs : undefined;
  const matching = jobs
    .filter((j) => !(j.jobId && (owned.has(j.jobId) || m.seen.has(j.jobId))))
    .filter((j) => commandMatches(j.command, m.command))
    .filter((j) => m.resourceId === undefined || j.resourceId === m.resourceId)
    .map((j) => {
      const created = parseServerTime(j.created);
      // Only a time on the reading's timeline (both offset-less, or both instants) can be compared with it.
      const at = created && (!reading || comparable(created, reading.time)) ? created.ms : undefined;
      return { job: j, at };
    });
  if (!reading && !tied && matching.length > 0) {
    throw new MutationOutcomeUnknownError(
      { method: m.method, path: m.path, region: m.region },
      m.command,
      m.cause,
      `the server gave no time to tell whether one of the ${matching.length} recent ${m.command} job(s) is this request's`,
    );
  }
  const candidates = matching
    .filter((c) =>
      sent && c.at !== undefined ? c.at >= sent.earliest - toleranceMs : tied || sent === undefined,
    )
    .filter((c) => ceiling === undefined || (c.at !== undefined && c.at <= ceiling))
    .sort((a, b) =>
      sent
        ? distance(a.at, sent.estimate) - distance(b.at, sent.estimate)
        : // No reading: the newest first (server times against each other only).
          (b.at ?? Number.NEGATIVE_INFINITY) - (a.at ?? Number.NEGATIVE_INFINITY),
    );
  for (const c of candidates) {
    if (c.job.jobId && owned.has(c.job.jobId)) continue;
    if (!m.verify || (await verified(m.verify, c.job))) {
      // Claimed with no await between the check and the claim: a concurrent lookup that verified the same job
      // meanwhile finds it taken and goes on to its next candidate.
      if (!c.job.jobId) return c.job;
      if (owned.has(c.job.jobId)) continue;
      claimJob(c.job.jobId);
      return c.job;
    }
  }
  // An unnamed create's job is told by time alone, and the spec does not promise a job row its `created`: a job
  // of the command that shows no time the reading can be compared with (and was not listed before the send) may
  // be this request's. Taking it for "not landed" would send the create again and make a second resource.
  if (reading && !tied) {
    const untimed = matching.filter((c) => c.at === undefined && !(c.job.jobId && owned.has(c.job.jobId)));
    let mayBeOurs = 0;
    for (const c of untimed) if (!m.verify || (await verified(m.verify, c.job))) mayBeOurs++;
    if (mayBeOurs > 0)
      throw new MutationOutcomeUnknownError(
        { method: m.method, path: m.path, region: m.region },
        m.command,
        m.cause,
        `the server gave no time on ${mayBeOurs} recent ${m.command} job(s) to tell whether one is this request's`,
      );
  }
  return undefined;
}

/** A resource id or a name check ties a job to this request without time; an unnamed create needs time. */
export function tiedWithoutTime(m: Pick<LostMutation, "resourceId" | "verify">): boolean {
  return m.resourceId !== undefined || (m.verify !== undefined && m.verify.identifies !== false);
}

/** A candidate whose record reads 404 is not this request's: the record it just made cannot be gone. */
async function verified(verify: (job: Job) => Promise<boolean>, job: Job): Promise<boolean> {
  try {
    return await verify(job);
  } catch (err) {
    if (err instanceof NotFoundError) return false;
    throw err;
  }
}
