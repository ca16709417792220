// Asynchronous work: a job is created when a mutation is accepted and settles when the job clock passes
// its due time. Effects are looked up by command, so pending jobs survive a restart.
import { randomUUID } from "node:crypto";
import type { Clock } from "./clock";
import type { Ctx } from "./http";
import type { Job, Store } from "./store";

/** Raw platform states and their codes; the API collapses them into running | success | error. */
export const RAW_STATES = {
  PENDING: 0,
  PROCESSING: 1,
  WEBHOOK_COMPLETED: 2,
  FAILED: 3,
} as const;

export interface JobEffect {
  /** Applied when the job succeeds: the resource reaches its final state. */
  success(store: Store, job: Job): void;
  /** Applied when the job fails: the resource goes to its failed or previous state. */
  failure(store: Store, job: Job): void;
}

export interface JobRequest {
  command: string;
  resourceType: string;
  resourceId: string;
  resourceName?: string;
  /** Quota or capacity failure decided at acceptance. */
  failDetail?: string;
  payload?: Record<string, unknown>;
}

export interface JobTiming {
  latencyMs: number;
  jitterMs: number;
}

export class JobEngine {
  /** Jobs still running and able to settle, with the earliest due time to skip idle checks cheaply. */
  private pending = new Set<string>();
  private nextDueMs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly effects: Record<string, JobEffect>,
    readonly timing: JobTiming,
  ) {
    this.rebuild();
  }

  /** Re-reads pending jobs from the store (after load or reset). */
  rebuild(): void {
    this.pending.clear();
    this.nextDueMs = Number.POSITIVE_INFINITY;
    for (const job of Object.values(this.store.state.jobs)) this.track(job);
  }

  private track(job: Job): void {
    if (job.status !== "running" || job.stuck) return;
    this.pending.add(job.jobId);
    if (job.dueAtMs < this.nextDueMs) this.nextDueMs = job.dueAtMs;
  }

  submit(ctx: Ctx, req: JobRequest): Job {
    const now = this.clock.now();
    const duration = this.timing.latencyMs + Math.random() * this.timing.jitterMs;
    const injectedFailure = ctx.fault?.jobFail?.detail;
    const job: Job = {
      jobId: randomUUID(),
      regionId: ctx.region.id,
      account: ctx.user.sub,
      command: req.command,
      resourceType: req.resourceType,
      resourceId: req.resourceId,
      resourceName: req.resourceName,
      createdMs: now,
      dueAtMs: now + duration,
      status: "running",
      failDetail: injectedFailure ?? req.failDetail,
      stuck: ctx.fault?.jobStuck === true ? true : undefined,
      payload: req.payload,
    };
    this.store.state.jobs[job.jobId] = job;
    this.track(job);
    ctx.audit.jobId = job.jobId;
    return job;
  }

  /** Finish every job due by the job clock; cheap when nothing is due. */
  settle(): void {
    const now = this.clock.now();
    if (now < this.nextDueMs) return;
    const jobs = this.store.state.jobs;
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
    if (finished > 0) this.store.markDirty();
  }

  private finish(job: Job, now: number): void {
    const effect = this.effects[job.command];
    // The job ended at its due time, whenever a request happened to settle it (settling is lazy).
    job.completedMs = Math.min(now, job.dueAtMs);
    if (job.failDetail) {
      job.status = "error";
      job.detail = job.failDetail;
      effect?.failure(this.store, job);
    } else {
      job.status = "success";
      effect?.success(this.store, job);
    }
  }

  /** The platform's raw state of a job, derived from the job clock. */
  rawState(job: Job): keyof typeof RAW_STATES {
    if (job.status === "success") return "WEBHOOK_COMPLETED";
    if (job.status === "error") return "FAILED";
    if (job.stuck) return "PROCESSING";
    const half = job.createdMs + (job.dueAtMs - job.createdMs) / 2;
    return this.clock.now() < half ? "PENDING" : "PROCESSING";
  }
}
