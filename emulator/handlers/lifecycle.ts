// Job effects shared by resources whose create ends in a ready state and whose delete removes the record.

import type { Data } from "../family";
import type { JobEffect } from "../jobs";
import type { Job, Owned } from "../records";
import type { Repository } from "../repository";

interface Stateful extends Owned {
  state: string;
}

export type On<K extends string> = { [k in K]: Repository<Stateful> };

export const stampOf = (job: Job) => new Date(job.completedMs ?? Date.now()).toISOString();

/** Create: interim state → readyState on success, Error on failure (the record stays, deletable). */
export function createEffect<K extends string>(key: K, readyState: string): JobEffect<On<K>> {
  const end = (state: string) => (data: On<K>, job: Job) => {
    const r = data[key].byId(job.resourceId);
    if (r) data[key].update(r, { state }, stampOf(job));
  };
  return { success: end(readyState), failure: end("Error") };
}

/** Delete: the record disappears on success; on failure it returns to the state it had. */
export function deleteEffect<K extends string, X = unknown>(
  key: K,
  cleanup?: (data: X, id: string) => void,
): JobEffect<On<K> & X> {
  return {
    success(data, job) {
      if (!data[key].byId(job.resourceId)) return;
      cleanup?.(data, job.resourceId);
      data[key].delete(job.resourceId);
    },
    failure: restoreEffect(key).failure,
  };
}

/** Operations that change nothing visible beyond the job (restarts), or return to prevState on failure. */
export function restoreEffect<K extends string>(key: K): JobEffect<On<K>> {
  const back = (data: On<K>, job: Job) => {
    const r = data[key].byId(job.resourceId);
    if (!r) return;
    const prev = job.payload?.prevState;
    data[key].update(r, typeof prev === "string" ? { state: prev } : {}, stampOf(job));
  };
  return { success: back, failure: back };
}

/** Comments on a resource go with it. */
export function dropAnnotations(data: Data<"annotations">, entityId: string): void {
  for (const a of data.annotations.where((a) => a.entityId === entityId)) data.annotations.delete(a.id);
}
