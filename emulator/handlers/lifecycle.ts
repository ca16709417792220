// Job effects shared by resources whose create ends in a ready state and whose delete removes the record.
import type { JobEffect } from "../jobs";
import type { State, Store } from "../store";

type StatefulKey = "vpcs" | "networks" | "volumes";

function record(store: Store, key: StatefulKey, id: string) {
  return (store.state as State)[key][id] as { state: string; lastUpdated: string } | undefined;
}

function stamp(r: { lastUpdated: string }, ms: number | undefined) {
  r.lastUpdated = new Date(ms ?? Date.now()).toISOString();
}

/** Create: interim state → readyState on success, Error on failure (the record stays, deletable). */
export function createEffect(key: StatefulKey, readyState: string): JobEffect {
  return {
    success(store, job) {
      const r = record(store, key, job.resourceId);
      if (!r) return;
      r.state = readyState;
      stamp(r, job.completedMs);
    },
    failure(store, job) {
      const r = record(store, key, job.resourceId);
      if (!r) return;
      r.state = "Error";
      stamp(r, job.completedMs);
    },
  };
}

/** Delete: the record disappears on success; on failure it returns to the state it had. */
export function deleteEffect(key: StatefulKey, cleanup?: (store: Store, id: string) => void): JobEffect {
  return {
    success(store, job) {
      if (!record(store, key, job.resourceId)) return;
      cleanup?.(store, job.resourceId);
      delete (store.state as State)[key][job.resourceId];
    },
    failure: restoreEffect(key).failure,
  };
}

/** Operations that change nothing visible beyond the job (restarts), or return to prevState on failure. */
export function restoreEffect(key: StatefulKey): JobEffect {
  return {
    success(store, job) {
      const r = record(store, key, job.resourceId);
      if (!r) return;
      if (typeof job.payload?.prevState === "string") r.state = job.payload.prevState;
      stamp(r, job.completedMs);
    },
    failure(store, job) {
      const r = record(store, key, job.resourceId);
      if (!r) return;
      if (typeof job.payload?.prevState === "string") r.state = job.payload.prevState;
      stamp(r, job.completedMs);
    },
  };
}

/** Comments on a resource go with it. */
export function dropAnnotations(store: Store, entityId: string): void {
  const all = store.state.annotations;
  for (const id in all) if (all[id].entityId === entityId) delete all[id];
}
