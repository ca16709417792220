// Jobs an earlier run left running. A run can end before a job it started does (a timeouts input or customTimeouts
// shorter than the job, a Ctrl-C, a plugin killed): the platform goes on with the job, and the stack still records
// the resource as it was. So before an update, a delete or an adoption sends anything, the engine looks for jobs
// still running on the resource that started before this deployment did, waits for them within the operation's
// deadline, and decides again from the record as it is then: the change may be done already (nothing is sent), or
// have failed (it is sent now, once).
//
// A record's state does not always show such a job (a scale keeps an instance Running), and what it shows may be
// ahead of the job: CloudStack writes a scale's new offering before it reconfigures the VM and puts the old one back
// if that fails. Without the wait the change would be sent a second time while the first runs (the platform queues
// it behind the first on the resource, and fails it or does the work twice), or taken as done while its job may
// still fail.
//
// What is looked for started before this deployment, so the platform's recent jobs (GET /jobs?hoursBack=, all
// pages: the spec gives the list no filter) are read once per API account and region in a provider process (the
// dynamic provider's and each plugin's live for one `pulumi up` or `destroy`), at the first update, delete or
// adoption that needs them, and kept as an index of the jobs then running by resourceId. One listed there may have
// ended since: waiting for it is one read of the job, which answers at once. Jobs something outside Pulumi starts
// on a resource after that read are not waited for: they are out of what this guards against (the platform refuses
// or queues a second operation on a resource as it would for any client). Only kinds whose operations start jobs
// look (startsJobs, from the families' job commands): data the service keeps itself (tags, comments, projects, key
// pairs, schedules, groups) is changed synchronously and has none.
//
// The record an operation decides from is asked for after the index was read, never from a shared list asked for
// before it: a job that ended between such a list and the index would be in neither, and the list would show the
// resource in the middle of it (a scale's new offering, which its failure then took back).

import {
  type Job,
  JobFailedError,
  JobNotFoundError,
  jobState,
  NotFoundError,
  startsJobs,
  WaitTimeoutError,
} from "../client";
import { isUuid } from "./check";
import { engineInfo } from "./engineLog";
import { reporting, subjectOf } from "./progress";
import { accountKey, pollSchedule, type Session } from "./session";
import { deadlineText, type Operation } from "./timeouts";

/**
 * How far back the jobs list is read. A job still running was started less than this ago: CloudStack cancels an
 * async job in progress for longer than `job.cancel.threshold.minutes` (60 by default), and its longest work (a
 * Kubernetes cluster's start, bounded by `cloud.kubernetes.cluster.start.timeout`, an hour) fits too.
 */
export const EARLIER_JOB_HOURS = 2;

type RunningJob = Job & { jobId: string };

/** The jobs running on the platform when the index was read, by resourceId; and when that read ended. */
interface RunningIndex {
  byResource: Map<string, RunningJob[]>;
  readAt: number;
}

/**
 * The index per API account and region, read once a process (undefined: the API has no such list, 404). Checks
 * that start while it is read share the read; a read that failed is forgotten, so the next check reads again.
 */
const indexes = new Map<string, Promise<RunningIndex | undefined>>();

/** Test seam: a new provider process, which reads the jobs list again (lookups.ts's resetLookups calls it). */
export function resetEarlierJobs(): void {
  indexes.clear();
}

function runningIndex(s: Session): Promise<RunningIndex | undefined> {
  const key = `${accountKey(s)}|${s.region ?? ""}`;
  const known = indexes.get(key);
  if (known) return known;
  const read = s.client.jobs.inWindow(EARLIER_JOB_HOURS, { region: s.region, pageSize: 200 }).then(
    (list) => {
      const byResource = new Map<string, RunningJob[]>();
      for (const j of list.items) {
        if (!j.jobId || !j.resourceId || jobState(j) !== "retry") continue;
        byResource.set(j.resourceId, [...(byResource.get(j.resourceId) ?? []), j as RunningJob]);
      }
      return { byResource, readAt: Date.now() };
    },
    (err) => {
      if (err instanceof NotFoundError) return undefined;
      if (indexes.get(key) === read) indexes.delete(key);
      throw err;
    },
  );
  indexes.set(key, read);
  return read;
}

/** What the index says of one record: the jobs to wait for, and what its record must not be older than. */
export interface EarlierJobs {
  /** Jobs the index shows running on the record (started before this deployment's first look). */
  readonly running: readonly RunningJob[];
  /** When the index was read (undefined: not read): the record decided from is asked for after it. */
  readonly readAt?: number;
  /** A job seen ended: the process's later operations on the record no longer wait for it. */
  ended(jobId: string): void;
}

/**
 * What the index of running jobs shows on record `id` of `kind`, reading it the first time in this process and
 * region. Nothing for a kind whose operations start no jobs, or a record of no id of the platform's own (a tag set's
 * "<type>/<id>").
 */
export async function earlierJobsOn(s: Session, kind: string, id: string): Promise<EarlierJobs> {
  if (!startsJobs(kind) || !isUuid(id)) return { running: [], ended: () => undefined };
  const index = await runningIndex(s);
  return {
    running: [...(index?.byResource.get(id) ?? [])],
    readAt: index?.readAt,
    ended(jobId) {
      const left = (index?.byResource.get(id) ?? []).filter((j) => j.jobId !== jobId);
      if (left.length) index?.byResource.set(id, left);
      else index?.byResource.delete(id);
    },
  };
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
 * Waits for the jobs the index showed running on the record (started before this deployment), within the
 * operation's deadline, and says what they came to. Returns the jobs waited for: the caller then reads the record
 * afresh and decides from it. A job that cannot be followed (its reads answer 404) is left to the record, which the
 * caller reads all the same.
 */
export async function afterEarlierJobs(
  s: Session,
  earlier: EarlierJobs,
  op: Operation,
  noun: string,
): Promise<Job[]> {
  const waited: Job[] = [];
  for (const job of earlier.running) {
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
      earlier.ended(job.jobId);
      await told(s, op, noun, last, "success", started);
    } catch (err) {
      if (err instanceof JobFailedError) {
        waited.push(last);
        earlier.ended(job.jobId);
        await told(s, op, noun, last, `error (${err.detail ?? "no detail"})`, started);
      } else if (err instanceof JobNotFoundError) {
        waited.push(last);
        earlier.ended(job.jobId);
      } else if (err instanceof WaitTimeoutError) throw new EarlierJobRunningError(last, s, op, noun);
      else throw err;
    }
  }
  return waited;
}

/** Says which earlier job the operation waited for and how it ended: why it then sends less, or more, than asked. */
function told(s: Session, op: Operation, noun: string, job: Job, ended: string, started: number) {
  const waitedS = Math.round((Date.now() - started) / 1000);
  return engineInfo(
    `${subjectOf(s)}: job ${job.jobId}${job.command ? ` (${job.command})` : ""} was running on the ${noun} before this ${op} began (an earlier run ended before it did, or it was started outside Pulumi); waited ${waitedS} s for it to end in ${ended}, and the ${op} goes on from the ${noun} as it is now`,
  );
}
