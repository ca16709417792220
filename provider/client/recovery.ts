// The spec's protocol for a mutation whose answer was lost (Asynchronous protocol, rule 7): before any retry,
// list recent jobs and look for one of the same command (and resource, when known) created after the
// request started. Found: the request landed, adopt the job. Not found: it never reached the platform, so
// the caller may retry. If the lookup itself fails the outcome is unknown and nothing is retried.

import type { CimCore } from "./core";
import { type CallContext, MutationOutcomeUnknownError, NotFoundError } from "./errors";
import { Paginator } from "./pagination";
import { apiPath } from "./paths";
import { sleep } from "./retry";
import { type Job, JobSchema } from "./schemas";

/**
 * The platform command names a job carries, per operation. Matching is case- and punctuation-insensitive,
 * so "deployVirtualMachine", "DEPLOY_VIRTUAL_MACHINE" and "deploy-virtual-machine" are the same.
 */
export const JOB_COMMANDS = {
  "instance.deploy": ["deployVirtualMachine", "deployInstance", "createInstance"],
  "instance.start": ["startVirtualMachine", "startInstance"],
  "instance.stop": ["stopVirtualMachine", "stopInstance"],
  "instance.reboot": ["rebootVirtualMachine", "rebootInstance", "restartInstance"],
  "instance.scale": ["scaleVirtualMachine", "scaleInstance"],
  "instance.destroy": ["destroyVirtualMachine", "expungeVirtualMachine", "deleteInstance", "destroyInstance"],
  "volume.create": ["createVolume"],
  "volume.attach": ["attachVolume"],
  "volume.detach": ["detachVolume"],
  "volume.resize": ["resizeVolume"],
  "volume.delete": ["deleteVolume", "destroyVolume"],
  "vpc.create": ["createVPC", "createVpc"],
  "vpc.delete": ["deleteVPC", "deleteVpc"],
  "vpc.restart": ["restartVPC", "restartVpc"],
  "network.create": ["createNetwork"],
  "network.delete": ["deleteNetwork"],
  "network.restart": ["restartNetwork"],
} as const satisfies Record<string, readonly string[]>;

export type JobCommand = keyof typeof JOB_COMMANDS;

export interface RecoveryOptions {
  /**
   * When the answer may still be in flight (timeout, 502/503/504), look again after this long before
   * concluding that the request did not land. Default 2 s.
   */
  graceMs?: number;
  /** Clock slack when comparing a job's `created` with the request start. Default 10 s. */
  clockToleranceMs?: number;
  /** Pages of /jobs?hoursBack= to read at most. Default 5 (1,000 jobs). */
  maxPages?: number;
}

export function recoveryOptions(o: RecoveryOptions = {}): Required<RecoveryOptions> {
  return {
    graceMs: o.graceMs ?? 2_000,
    clockToleranceMs: o.clockToleranceMs ?? 10_000,
    maxPages: o.maxPages ?? 5,
  };
}

const SKEW = Symbol.for("pulumi-cim.client.serverSkewMs");
type SkewHolder = { [SKEW]?: number };

/** Server clock minus local clock, from the last Date header seen in this process. */
export function serverSkewMs(): number {
  return (globalThis as SkewHolder)[SKEW] ?? 0;
}

export function noteServerDate(date: string | undefined): void {
  const server = date ? Date.parse(date) : Number.NaN;
  // Date has one-second resolution; add half a second so the estimate is unbiased.
  if (!Number.isNaN(server)) (globalThis as SkewHolder)[SKEW] = server + 500 - Date.now();
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

/** Job timestamps are server-local time without offset; the spec says to read them as UTC. */
export function parseJobTime(created: string | undefined): number | undefined {
  if (!created) return undefined;
  const hasZone = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(created);
  const ms = Date.parse(hasZone ? created : `${created}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

export interface LostMutation {
  method: string;
  path: string;
  region?: string;
  command: JobCommand;
  resourceId?: string;
  verify?: (job: Job) => Promise<boolean>;
  /** Request start, in server-clock ms (local start plus the skew measured from Date headers). */
  startedAtServerMs: number;
  mayBeInFlight: boolean;
  cause: Error;
  signal?: AbortSignal;
}

/** Returns the job the lost request created, or undefined when it did not land. */
export async function recoverLostMutation(core: CimCore, m: LostMutation): Promise<Job | undefined> {
  const o = core.recoveryOptions;
  const looks = m.mayBeInFlight && o.graceMs > 0 ? 2 : 1;
  const context: CallContext = { method: m.method, path: m.path, region: m.region };
  for (let look = 0; look < looks; look++) {
    try {
      if (look > 0) await sleep(o.graceMs, m.signal);
      const jobs = await recentJobs(core, m, o.maxPages);
      const job = await pick(jobs, m, o.clockToleranceMs);
      if (job) {
        if (job.jobId) claimJob(job.jobId);
        return job;
      }
    } catch (err) {
      throw new MutationOutcomeUnknownError(context, m.command, err instanceof Error ? err : m.cause);
    }
  }
  return undefined;
}

async function recentJobs(core: CimCore, m: LostMutation, maxPages: number): Promise<Job[]> {
  const hoursBack = Math.max(
    1,
    Math.ceil((Date.now() + serverSkewMs() - m.startedAtServerMs + 60_000) / 3_600_000),
  );
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
    let n = 0;
    for await (const page of list.pages()) {
      out.push(...page.items);
      if (++n >= maxPages) break;
    }
    return out;
  } catch (err) {
    // No time-window route here: fall back to the most recent jobs.
    if (!(err instanceof NotFoundError)) throw err;
    const recent = new Paginator(core, {
      path: apiPath`/jobs/recent`,
      key: "jobs",
      item: JobSchema,
      query: { limit: 200 },
      options,
    });
    return (await recent.all()).items;
  }
}

const distance = (created: number | undefined, start: number) =>
  created === undefined
    ? Number.MAX_SAFE_INTEGER
    : created >= start
      ? created - start
      : 2 * (start - created);

async function pick(jobs: Job[], m: LostMutation, toleranceMs: number): Promise<Job | undefined> {
  const owned = claimed();
  const since = m.startedAtServerMs - toleranceMs;
  const candidates = jobs
    .filter((j) => !(j.jobId && owned.has(j.jobId)))
    .filter((j) => commandMatches(j.command, m.command))
    .filter((j) => m.resourceId === undefined || j.resourceId === m.resourceId)
    .map((j) => ({ job: j, created: parseJobTime(j.created) }))
    // Without a creation time only a resource match (or a verify check) can tie the job to this request.
    .filter((c) =>
      c.created === undefined ? m.resourceId !== undefined || m.verify !== undefined : c.created >= since,
    )
    // Nearest to the request start first: ours is created just after it was sent.
    .sort((a, b) => distance(a.created, m.startedAtServerMs) - distance(b.created, m.startedAtServerMs));
  for (const c of candidates) {
    if (!m.verify || (await m.verify(c.job))) return c.job;
  }
  return undefined;
}
