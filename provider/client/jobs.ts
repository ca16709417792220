// Jobs: /api/v1/jobs. Reading one job, the recent-jobs lists, and waiting for an accepted mutation.

import type { AcceptedMutation, CallOptions } from "./core";
import { Family } from "./family";
import { jobCommandOf } from "./jobHistory";
import { type ListResult, Paginator } from "./pagination";
import { apiPath } from "./paths";
import { type Job, JobSchema } from "./records";
import { type WaitOptions, waitForJob } from "./waiter";

export class Jobs extends Family {
  /** Poll with the same region as the mutation (`accepted.region`). */
  async get(jobId: string, o?: CallOptions): Promise<Job> {
    return this.core.get(apiPath`/jobs/${jobId}`, JobSchema, undefined, o);
  }

  /** GET /jobs/recent?limit=N: the most recent jobs. */
  async recent(limit = 50, o?: CallOptions): Promise<ListResult<Job>> {
    return new Paginator(this.core, {
      path: apiPath`/jobs/recent`,
      key: "jobs",
      item: JobSchema,
      query: { limit },
      options: o,
    }).all();
  }

  /** GET /jobs?hoursBack=H: jobs in a time window, all pages. */
  async inWindow(hoursBack: number, o?: CallOptions & { pageSize?: number }): Promise<ListResult<Job>> {
    return new Paginator(this.core, {
      path: apiPath`/jobs`,
      key: "jobs",
      item: JobSchema,
      query: { hoursBack },
      options: o,
    }).all();
  }

  /**
   * Waits for an accepted mutation (or a job id). A result without jobId completed synchronously: returns
   * undefined at once. Polls with the mutation's own region. Throws JobFailedError (with detail and kind
   * quota | capacity | other), WaitTimeoutError or WaitAbortedError. The first check is adaptive for jobs
   * this process started (their command is known): see waiter.ts.
   */
  async wait(
    job: string | AcceptedMutation,
    o: WaitOptions & Pick<CallOptions, "region"> & { requestTimeoutMs?: number } = {},
  ): Promise<Job | undefined> {
    const jobId = typeof job === "string" ? job : job.jobId;
    if (!jobId) return undefined;
    const region = o.region ?? (typeof job === "string" ? undefined : job.region) ?? this.core.region;
    return waitForJob(
      (signal) => this.get(jobId, { region, signal, timeoutMs: o.requestTimeoutMs }),
      jobId,
      region,
      { ...o, command: o.command ?? jobCommandOf(jobId) },
    );
  }
}
