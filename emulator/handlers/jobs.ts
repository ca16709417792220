// Job reads: one job (region-scoped), the most recent N, and a time window.
import { badRequest, type Ctx, notFound, ok } from "../http";
import { RAW_STATES } from "../jobs";
import type { Job } from "../records";
import { paging, passThrough } from "./common";
import { int, query } from "./input";
import { fieldsOf } from "./views";

const MAX_RECENT = 200;

/**
 * A job as reads show it. `live`: the single-job read (GET /jobs/{jobId}), the only one that carries the raw
 * platform status (the spec's Job record: statusCode "only when read live") and a successful job's result;
 * the lists (recent, time window) leave both out.
 */
export function jobView(ctx: Ctx, job: Job, live = false) {
  return {
    ...fieldsOf(job, ["jobId", "status"]),
    ...(live ? { statusCode: RAW_STATES[ctx.jobs.rawState(job) as keyof typeof RAW_STATES] } : {}),
    ...fieldsOf(job, ["command", "resourceType", "resourceId"]),
    ...(job.resourceName ? { resourceName: job.resourceName } : {}),
    ...(job.detail ? { detail: job.detail } : {}),
    // API-layer values: the server's local time without offset.
    ...(ctx.jobs.view.times
      ? {
          created: ctx.clock.local(job.createdMs),
          ...(job.completedMs !== undefined ? { completed: ctx.clock.local(job.completedMs) } : {}),
        }
      : {}),
    ...(live && job.result && ctx.jobs.view.results ? { result: job.result } : {}),
  };
}

export function getJob(ctx: Ctx) {
  const job = ctx.store.state.jobs[ctx.params.jobId];
  if (!job || job.regionId !== ctx.region.id || job.account !== ctx.user.sub) {
    throw notFound(`Job ${ctx.params.jobId} not found in region ${ctx.region.name}`);
  }
  ctx.jobs.read(job);
  return ok(jobView(ctx, job, true));
}

/** The caller's jobs in the routed region, newest first. */
function myJobs(ctx: Ctx): Job[] {
  const out: Job[] = [];
  for (const job of Object.values(ctx.store.state.jobs)) {
    if (job.regionId === ctx.region.id && job.account === ctx.user.sub) out.push(job);
  }
  // Insertion order is creation order; reversing first keeps jobs of the same millisecond newest first.
  return out.reverse().sort((a, b) => b.createdMs - a.createdMs);
}

export function recentJobs(ctx: Ctx) {
  const limit = Math.min(Math.max(int(query(ctx), "limit") ?? 20, 1), MAX_RECENT);
  return ok(
    passThrough(
      "jobs",
      myJobs(ctx)
        .slice(0, limit)
        .map((j) => jobView(ctx, j)),
    ),
  );
}

export function jobsInWindow(ctx: Ctx) {
  const q = query(ctx);
  const raw = q.hoursBack;
  const hours = raw === undefined || raw === "" ? 24 : Number(raw);
  if (!Number.isFinite(hours) || hours <= 0) throw badRequest("hoursBack must be a positive number of hours");
  const since = ctx.clock.now() - hours * 3_600_000;
  // paged as CloudStack's listAsyncJobs is (page, pageSize): a client that reads one page misses the older jobs
  const inWindow = myJobs(ctx).filter((j) => j.createdMs >= since);
  return ok(passThrough("jobs", inWindow, paging(ctx), (j) => jobView(ctx, j)));
}
