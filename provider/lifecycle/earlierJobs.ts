// Jobs an earlier run left running. A run can end before a job it started does (a timeouts input or customTimeouts
// shorter than the job, a Ctrl-C, a plugin killed): the platform goes on with the job, and the stack still records
// the resource as it was. So before an update, a delete or an adoption sends anything, the engine asks the platform
// which of its recent jobs still run on the resource (GET /jobs?hoursBack=, rows matched by their resourceId: the
// spec gives the list no filter), waits for them within the operation's deadline, and decides again from the record
// as it is then: the change may be done already (nothing is sent), or have failed (it is sent now, once).
//
// A record's state does not always show such a job (a scale keeps an instance Running), and what it shows may be
// ahead of the job: CloudStack writes a scale's new offering before it reconfigures the VM and puts the old one back
// if that fails. Without the wait the change would be sent a second time while the first runs (the platform queues
// it behind the first on the resource, and fails it or does the work twice), or taken as done while its job may
// still fail.

import {
  type CimClient,
  type Job,
  JobFailedError,
  JobNotFoundError,
  jobState,
  NotFoundError,
  WaitTimeoutError,
} from "../client";
import { isUuid } from "./check";
import { engineInfo } from "./engineLog";
import { reporting, subjectOf } from "./progress";
import { pollSchedule, type Session } from "./session";
import { deadlineText, type Operation } from "./timeouts";

/**
 * How far back the jobs list is read. A job still running was started less than this ago: CloudStack cancels an
 * async job in progress for longer than `job.cancel.threshold.minutes` (60 by default), and its longest work (a
 * Kubernetes cluster's start, bounded by `cloud.kubernetes.cluster.start.timeout`, an hour) fits too.
 */
export const EARLIER_JOB_HOURS = 2;

/** The jobs list in flight per client and region: checks that start while it is read share its answer. */
const reading = new WeakMap<CimClient, Map<string, Promise<Job[] | undefined>>>();

/**
 * The region's recent jobs, from a list read for this check or one in flight when it began (never one answered
 * before it: a job started since would be missed). Undefined when the API has no such list (404).
 */
function recentJobs(s: Session): Promise<Job[] | undefined> {
  const byRegion = reading.get(s.client) ?? new Map<string, Promise<Job[] | undefined>>();
  reading.set(s.client, byRegion);
  const key = s.region ?? "";
  const pending = byRegion.get(key);
  if (pending) return pending;
  const read = s.client.jobs.inWindow(EARLIER_JOB_HOURS, { region: s.region, pageSize: 200 }).then(
    (list) => list.items,
    (err) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    },
  );
  byRegion.set(key, read);
  const done = () => {
    if (byRegion.get(key) === read) byRegion.delete(key);
  };
  read.then(done, done);
  return read;
}

/** An earlier job still running on the resource when the operation's deadline passed. */
export class EarlierJobRunningError extends Error {
  constructor(
    readonly job: Job,
    s: Session,
    op: Operation,
    noun: string,
  ) {
    const d = deadlineText(op, s.timeoutsFrom?.[op]);
    super(
      `job ${job.jobId}${job.command ? ` (${job.command})` : ""}, which was running on the ${noun} before this ${op} began (an earlier run that ended before its job did, or a change outside Pulumi), was still running after ${Math.round(s.timeouts[op] / 1000)} s, so nothing was sent: the platform takes one operation on a resource at a time, and a second would repeat or undo the first. The deadline is ${d.long}; ${d.raise}, or run again once the job has ended (GET /api/v1/jobs/${job.jobId}).`,
    );
    this.name = "EarlierJobRunningError";
  }
}

/**
 * Waits for the jobs the platform shows running on record `id` (started before this operation, by an earlier run
 * or outside Pulumi), within the operation's deadline, and says what they came to. Returns the jobs waited for:
 * when there are any, the caller reads the record again and decides from it. A job that cannot be followed (its
 * reads answer 404) is left to the record, which the caller reads again all the same.
 */
export async function afterEarlierJobs(s: Session, id: string, op: Operation, noun: string): Promise<Job[]> {
  // a record of no id of the platform's own (a tag set's "<type>/<id>") has no jobs
  if (!isUuid(id)) return [];
  const running = ((await recentJobs(s)) ?? []).filter(
    (j): j is Job & { jobId: string } => !!j.jobId && j.resourceId === id && jobState(j) === "retry",
  );
  const waited: Job[] = [];
  for (const job of running) {
    let last: Job = job;
    const about = () =>
      `job ${job.jobId} (${[last.command, last.status].filter(Boolean).join(", ")}), running on it since before this ${op}`;
    const started = Date.now();
    try {
      const done = await reporting(s, op, about, () =>
        s.client.jobs.wait(job.jobId, {
          ...pollSchedule(),
          timeoutMs: s.timeouts[op],
          region: s.region,
          // its duration so far is unknown: it says nothing of how long this process's jobs take
          adaptive: false,
          onPoll: (j) => {
            last = j;
          },
        }),
      );
      waited.push(done ?? last);
      await told(s, op, noun, last, "success", started);
    } catch (err) {
      if (err instanceof JobFailedError) {
        waited.push(last);
        await told(s, op, noun, last, `error (${err.detail ?? "no detail"})`, started);
      } else if (err instanceof JobNotFoundError) waited.push(last);
      else if (err instanceof WaitTimeoutError) throw new EarlierJobRunningError(last, s, op, noun);
      else throw err;
    }
  }
  return waited;
}

/** Says which earlier job the operation waited for and how it ended: why it then sends less, or more, than asked. */
function told(s: Session, op: Operation, noun: string, job: Job, ended: string, started: number) {
  const waitedS = Math.round((Date.now() - started) / 1000);
  return engineInfo(
    `${subjectOf(s)}: job ${job.jobId}${job.command ? ` (${job.command})` : ""} was running on the ${noun} when this ${op} began (an earlier run ended before it did, or it was started outside Pulumi); waited ${waitedS} s for it to end in ${ended}, and the ${op} goes on from the ${noun} as it is now`,
  );
}
