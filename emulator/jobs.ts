// Asynchronous work: a job is created when a mutation is accepted and settles by its transition mode.
// The engine takes plain data (who, where, which command, which resource, what it decided at acceptance) and
// knows nothing of requests; effects are looked up by command, so pending jobs survive a restart.
import { randomUUID } from "node:crypto";
import type { Clock } from "./clock";
import type { Job } from "./records";

/** Raw platform states and their codes; the API collapses them into running | success | error. */
export const RAW_STATES = {
  PENDING: 0,
  PROCESSING: 1,
  WEBHOOK_COMPLETED: 2,
  FAILED: 3,
} as const;

/**
 * Platform work a job leaves behind on its resource, done later by the platform itself (CloudStack's expunge
 * thread): a job of the system account, so the user's job reads never show it, due `delayMs` after the job
 * ended on the job clock.
 */
export interface FollowUp {
  command: string;
  delayMs: number;
  payload?: Record<string, unknown>;
}

/** The account of the platform's own work (follow-ups); no user has it. */
export const SYSTEM_ACCOUNT = "system";

/** What an effect leaves for the platform to do later, if anything (effects that leave nothing return nothing). */
type Leaves = FollowUp | undefined | void;

/** What a job changes when it ends; `D` is the data the effects reach (the family repositories). */
export interface JobEffect<D = unknown> {
  /** Applied when the job succeeds: the resource reaches its final state; it may leave work for later. */
  success(data: D, job: Job): Leaves;
  /** Applied when the job fails: the resource goes to its failed or previous state; it may leave work for later. */
  failure(data: D, job: Job): Leaves;
  /**
   * How many usual jobs this command lasts (default 1): work the platform does in many steps (a Kubernetes
   * cluster's create provisions and boots every node) takes that multiple of the timing's latency and jitter
   * in modes `timed` and `clock`. Modes `immediate` and `reads` end every job as they say, whatever it runs.
   */
  durationFactor?: number;
}

/** A job as the domain submits it: plain data, no request. */
export interface JobRequest {
  account: string;
  regionId: string;
  command: string;
  resourceType: string;
  resourceId: string;
  resourceName?: string;
  /** Quota, capacity or injected failure decided at acceptance: the job ends in error with this detail. */
  failDetail?: string;
  /** Injected fault: the job never leaves running. */
  stuck?: boolean;
  /** Injected fault: the job stays running this long past its normal end (in any mode: at least this long). */
  stuckMs?: number;
  payload?: Record<string, unknown>;
  /** Due this long after submission whatever the mode (follow-ups); otherwise the timing decides. */
  delayMs?: number;
  /** Submitted at this job-clock time (a follow-up: when its job ended), not now. */
  atMs?: number;
}

/**
 * How jobs move from running to their end, chosen per emulator (moto's managed state transitions):
 * - `timed`: after latencyMs (+ up to jitterMs) on the job clock, which follows wall time unless paused;
 * - `immediate`: ended by the time the accepting request has answered;
 * - `reads`: running for the first `reads` reads of the job (GET /jobs/{jobId}), ended right after;
 * - `clock`: after latencyMs (+ jitter) on the job clock, which stands still until advanced (POST /clock).
 */
export type JobMode = "timed" | "immediate" | "reads" | "clock";
export const JOB_MODES: readonly JobMode[] = ["timed", "immediate", "reads", "clock"];

/** CloudStack's `expunge.delay` default (86400 s): a destroyed instance stays Destroyed for a day. */
export const EXPUNGE_DELAY_MS = 86_400_000;

/**
 * How long a job runs unless told otherwise: 2 s, plus up to 1 s of jitter, so a job is seen running and its
 * neighbours end out of order. A real platform's jobs take longer still (a VM deploy takes tens of seconds);
 * a client that works only when jobs end at the first read is wrong, and these defaults show it. Tests that
 * want speed say `jobLatencyMs: 0` (or `--job-latency 0`) themselves.
 */
export const JOB_LATENCY_MS = 2_000;
export const JOB_JITTER_MS = 1_000;

export interface JobTiming {
  mode: JobMode;
  latencyMs: number;
  jitterMs: number;
  reads: number;
  /**
   * How long a destroyed instance stays Destroyed before the platform expunges it, on the job clock: CloudStack's
   * `expunge.delay`, a day by default (EXPUNGE_DELAY_MS); 0 expunges it as its destroy job ends.
   */
  expungeDelayMs: number;
}

/**
 * What job reads show besides status: the job's own times (`created`, `completed`) and a successful job's
 * `result`. Both on by default; a bench or test turns them off to see a client cope with an API without them
 * (the spec promises neither).
 */
export interface JobRecordView {
  times: boolean;
  results: boolean;
}

/** How often a job was read (GET /jobs/{jobId}) and when a read first showed it ended, on the job clock. */
export interface JobReads {
  reads: number;
  seenEndedMs?: number;
}

export class JobEngine<D = unknown> {
  /** Jobs still running and able to settle, with the earliest due time to skip idle checks cheaply. */
  private pending = new Set<string>();
  private nextDueMs = Number.POSITIVE_INFINITY;
  /** Reads per job since the counters were last reset (the request counters' companion, for benchmarks). */
  private reads = new Map<string, JobReads>();
  readonly view: JobRecordView = { times: true, results: true };

  /**
   * `resultOf` gives what a successful job shows as its result (the registry's family views), or undefined.
   */
  constructor(
    private readonly jobs: () => Record<string, Job>,
    private readonly data: D,
    private readonly clock: Clock,
    private readonly effects: Record<string, JobEffect<D>>,
    readonly timing: JobTiming,
    private readonly onChange: () => void = () => {},
    private readonly resultOf: (job: Job) => Record<string, unknown> | undefined = () => undefined,
  ) {
    this.setMode(timing.mode);
    this.rebuild();
  }

  /** Switches the transition mode; "clock" holds the job clock so only an advance moves it. */
  setMode(mode: JobMode): void {
    this.timing.mode = mode;
    if (mode === "clock") this.clock.hold();
    else this.clock.release();
  }

  /** Re-reads pending jobs from the store (after load or reset). */
  rebuild(): void {
    this.pending.clear();
    this.nextDueMs = Number.POSITIVE_INFINITY;
    for (const job of Object.values(this.jobs())) this.track(job);
  }

  private track(job: Job): void {
    if (job.status !== "running" || job.stuck || job.readsLeft !== undefined) return;
    this.pending.add(job.jobId);
    if (job.dueAtMs < this.nextDueMs) this.nextDueMs = job.dueAtMs;
  }

  submit(req: JobRequest): Job {
    const now = req.atMs ?? this.clock.now();
    const { latencyMs, jitterMs, reads } = this.timing;
    const stuckMs = req.stuckMs ?? 0;
    // a job refused for a rule it checks first ends as soon as a plain job does: it does none of the command's work
    const factor = req.payload?.refused ? 1 : (this.effects[req.command]?.durationFactor ?? 1);
    // A job held past its end runs on the job clock: modes that end it by reads or at once cannot hold it.
    const timing = this.timing.mode === "clock" ? "clock" : "timed";
    const mode = req.delayMs !== undefined ? "timed" : stuckMs > 0 ? timing : this.timing.mode;
    const normal =
      this.timing.mode === "immediate" || this.timing.mode === "reads"
        ? 0
        : // whole milliseconds: the job's times are written to the ms
          Math.round(factor * (latencyMs + Math.random() * jitterMs));
    const duration = (req.delayMs ?? normal) + stuckMs;
    const job: Job = {
      jobId: randomUUID(),
      regionId: req.regionId,
      account: req.account,
      command: req.command,
      resourceType: req.resourceType,
      resourceId: req.resourceId,
      resourceName: req.resourceName,
      createdMs: now,
      dueAtMs: mode === "reads" ? now : now + duration,
      status: "running",
      failDetail: req.failDetail,
      stuck: req.stuck ? true : undefined,
      readsLeft: mode === "reads" && reads > 0 ? reads : undefined,
      payload: req.payload,
    };
    this.jobs()[job.jobId] = job;
    this.track(job);
    return job;
  }

  /** A read of one job: in mode "reads" it uses up one of the job's reads; after the last, the job is due. */
  read(job: Job): void {
    const seen = this.reads.get(job.jobId) ?? { reads: 0 };
    seen.reads++;
    if (job.status !== "running" && seen.seenEndedMs === undefined) seen.seenEndedMs = this.clock.now();
    this.reads.set(job.jobId, seen);
    if (job.readsLeft === undefined || job.status !== "running") return;
    job.readsLeft = Math.max(0, job.readsLeft - 1);
    if (job.readsLeft > 0) return;
    // This read still sees it running; the next request settles it.
    job.readsLeft = undefined;
    job.dueAtMs = this.clock.now();
    this.track(job);
  }

  /** Reads of each job read since the last reset, by job id. */
  readCounts(): ReadonlyMap<string, JobReads> {
    return this.reads;
  }

  resetReadCounts(): void {
    this.reads = new Map();
  }

  /** The accepting request has answered: jobs of mode "immediate" end now. */
  afterRequest(): void {
    if (this.timing.mode === "immediate") this.settle();
  }

  /** Finish every job due by the job clock; cheap when nothing is due. */
  settle(): void {
    const now = this.clock.now();
    if (now < this.nextDueMs) return;
    const jobs = this.jobs();
    let next = Number.POSITIVE_INFINITY;
    let finished = 0;
    for (const id of this.pending) {
      const job = jobs[id];
      if (job?.status !== "running") {
        this.pending.delete(id);
        continue;
      }
      if (job.dueAtMs > now) {
        if (job.dueAtMs < next) next = job.dueAtMs;
        continue;
      }
      this.pending.delete(id);
      this.finish(job, now);
      finished++;
    }
    this.nextDueMs = next;
    if (finished > 0) this.onChange();
  }

  private finish(job: Job, now: number): void {
    const effect = this.effects[job.command];
    // The job ended at its due time, whenever a request happened to settle it (settling is lazy).
    job.completedMs = Math.min(now, job.dueAtMs);
    if (job.failDetail) {
      job.status = "error";
      job.detail = job.failDetail;
    } else {
      job.status = "success";
    }
    // A job refused for a rule its command checks in the job (handlers/common.ts refusedInJob) changed nothing
    // when it was accepted, so its failure has nothing to undo; a failure of the work itself (an injected fault, a
    // quota ceiling) runs the command's failure effect.
    const next = job.failDetail
      ? job.payload?.refused
        ? undefined
        : effect?.failure(this.data, job)
      : effect?.success(this.data, job);
    if (job.status === "success") {
      const result = this.resultOf(job);
      if (result) job.result = result;
    }
    if (next) {
      this.submit({
        account: SYSTEM_ACCOUNT,
        regionId: job.regionId,
        command: next.command,
        resourceType: job.resourceType,
        resourceId: job.resourceId,
        resourceName: job.resourceName,
        payload: next.payload,
        delayMs: next.delayMs,
        atMs: job.completedMs,
      });
    }
  }

  /** The platform's raw state of a job, derived from the job clock (or, in mode "reads", from its reads). */
  rawState(job: Job): keyof typeof RAW_STATES {
    if (job.status === "success") return "WEBHOOK_COMPLETED";
    if (job.status === "error") return "FAILED";
    if (job.stuck) return "PROCESSING";
    if (job.readsLeft !== undefined) return job.readsLeft < this.timing.reads ? "PROCESSING" : "PENDING";
    const half = job.createdMs + (job.dueAtMs - job.createdMs) / 2;
    return this.clock.now() < half ? "PENDING" : "PROCESSING";
  }
}
