// A delete the platform refuses for a cause that passes by itself: a network still holding destroyed instances
// the platform has not expunged yet (they go after its expunge delay), or instances another step of the same run
// is deleting. Rather than fail at once with a guess, the delete is sent again, at the poll cadence and then less
// often, until the platform takes it, within the resource's delete timeout, saying what it waits for; at the deadline
// the error names the cause and what to do. The refusal may be the request's answer or the failure of the job it
// started.

import { ApiError, JobFailedError } from "../client";
import { sleep } from "../client/retry";
import { notes } from "./deploymentShared";
import { describe, ResourceError } from "./errors";
import { reporting } from "./progress";
import { pollSchedule, type Session } from "./session";
import { deadlineText, type Operation } from "./timeouts";

/** What a kind says of a refusal that passes: what the delete waits for, and what to do if it lasts. */
export interface PassingRefusal {
  waitsFor: string;
  advice: string;
  /**
   * The refusal no longer passes (nothing it waited for is under way): the operation fails now, in the platform's
   * words and `advice`, rather than in the API's error alone.
   */
  stands?: boolean;
}

/** The platform's own words of a refusal (its message, a failed job's detail), else the error's message. */
export const refusalText = (err: unknown) =>
  err instanceof ApiError
    ? (err.apiMessage ?? err.message)
    : err instanceof JobFailedError
      ? (err.detail ?? err.message)
      : err instanceof Error
        ? err.message
        : String(err);

/**
 * Between two tries: the job-poll cadence at first, doubling up to a minute. A retried delete makes a failed job
 * on the platform each time (a network's), and what it waits for may take minutes to a day (an expunge).
 */
const retryDelayMs = (refusals: number) =>
  Math.min(60_000, (pollSchedule().minIntervalMs ?? 10_000) * 2 ** Math.max(0, refusals - 1));

/**
 * Aborted when the engine cancels the run (the plugin's Cancel, at Ctrl-C): a wait between two tries ends at once,
 * since nothing of the operation is under way then. An attempt under way goes on (its job may be making the change).
 */
const cancelled = new AbortController();

/** Ends every wait between two tries, now and later (the plugin's Cancel). */
export function cancelRetries(): void {
  cancelled.abort();
}

/** The least an attempt started at the deadline may wait for its job. */
const LAST_ATTEMPT_MS = 5_000;

/** Whether a refusal passes, given how many refusals there have been (this one included). */
export type RefusalPasses = (
  err: unknown,
  tries: number,
) => PassingRefusal | undefined | Promise<PassingRefusal | undefined>;

/**
 * Runs `attempt` until it succeeds (resolves with its answer) or is refused for another reason (rejects with it);
 * while `passes` recognises the refusal, it tries again within the operation's timeout. `attempt` is given the
 * time left, for the wait of its job; that wait reports itself, and after a refusal this reports what the retries
 * wait for.
 */
export async function whileRefused<T>(
  s: Session,
  op: Operation,
  passes: RefusalPasses,
  attempt: (remainingMs: number) => Promise<T>,
): Promise<T> {
  let last: { err: unknown; why: PassingRefusal } | undefined;
  const about = () => (last ? `${last.why.waitsFor}: ${refusalText(last.err)}` : undefined);
  const deadline = Date.now() + s.timeouts[op];
  return reporting(s, op, about, async () => {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt(Math.max(LAST_ATTEMPT_MS, deadline - Date.now()));
      } catch (err) {
        const why = await passes(err, tries);
        if (!why) throw err;
        if (why.stands)
          throw new ResourceError(
            `${await describe(s, s.subject ?? {})}: ${op} failed: the platform refuses it: ${refusalText(err)}. ${why.advice}`,
            err,
          );
        last = { err, why };
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new ResourceError(
          `${await describe(s, s.subject ?? {})}: ${op} failed: the platform still refuses it after ${Math.round(s.timeouts[op] / 1000)} s of waiting for ${last.why.waitsFor} (${deadlineText(op, s.timeoutsFrom?.[op]).name}): ${refusalText(last.err)}. ${last.why.advice}`,
          last.err,
        );
      try {
        await sleep(Math.min(retryDelayMs(tries), left), cancelled.signal);
      } catch {
        throw new ResourceError(
          `${await describe(s, s.subject ?? {})}: ${op} stopped: the run was cancelled while waiting for ${last.why.waitsFor}: ${refusalText(last.err)}. Nothing of the ${op} is under way; run pulumi ${op === "delete" ? "destroy" : "up"} again. ${last.why.advice}`,
          last.err,
        );
      }
    }
  });
}

/** Deletes this process is running now, by kind (engine.ts counts each): what a refusal may be waiting for. */
const deleting = new Map<string, number>();
/**
 * Those the deployment's other plugin processes run now, by kind (deploymentShared.ts): a network under one
 * provider whose instances, given its id as text, are under another waits for their deletes as under one.
 */
const deletingElsewhere = new Map<string, number>();
const deleteNotes = notes<{ kind: string; by: 1 | -1 }>(
  "deleting",
  ({ kind, by }) => deletingElsewhere.set(kind, (deletingElsewhere.get(kind) ?? 0) + by),
  () => deletingElsewhere.clear(),
);

/** Counts a delete of `kind` as running, until the function it answers is called. */
export function deleteBegins(kind: string): () => void {
  deleting.set(kind, (deleting.get(kind) ?? 0) + 1);
  deleteNotes.tell({ kind, by: 1 });
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    deleting.set(kind, (deleting.get(kind) ?? 1) - 1);
    deleteNotes.tell({ kind, by: -1 });
  };
}

/**
 * Whether the deployment is deleting a resource of one of these kinds now (another step of the same run, in this
 * plugin process or another).
 */
export function deletesRunning(kinds: readonly string[]): boolean {
  if (kinds.some((k) => (deleting.get(k) ?? 0) > 0)) return true;
  deleteNotes.catchUp();
  return kinds.some((k) => (deletingElsewhere.get(k) ?? 0) > 0);
}

/** `instance web-1 (id …)`: a record as the messages of a refusal name it. */
export const recordLabel = (what: string, id: string, name?: string) =>
  `${what}${name ? ` ${name}` : ""} (id ${id})`;

/**
 * What this deployment's deletes left on records for a while, by the id of the record they hold: an instance
 * destroyed without expunge keeps its place on its networks until the platform expunges it. Those the deployment's
 * other plugin processes told are kept apart (deploymentShared.ts), as the deletes running are; their notes carry
 * ids, never a name (a name may come from a secret).
 */
const leftHere = new Map<string, Set<string>>();
const leftElsewhere = new Map<string, Set<string>>();
const add = (m: Map<string, Set<string>>, held: readonly string[], by: string) => {
  for (const id of held) m.set(id, (m.get(id) ?? new Set()).add(by));
};
const leftNotes = notes<{ held: string[]; instance: string }>(
  "leftHolding",
  ({ held, instance }) => add(leftElsewhere, held, recordLabel("instance", instance)),
  () => {
    leftHere.clear();
    leftElsewhere.clear();
  },
);

/** A delete of this deployment left the instance `id` (named `name`) holding the records `held`. */
export function leftHolding(held: readonly string[], id: string, name?: string): void {
  if (!held.length) return;
  add(leftHere, held, recordLabel("instance", id, name));
  leftNotes.tell({ held: [...held], instance: id });
}

/** What this deployment's deletes (in this plugin process or another) left holding the record `id`. */
export function leftOn(id: string): string[] {
  leftNotes.catchUp();
  return [...new Set([...(leftHere.get(id) ?? []), ...(leftElsewhere.get(id) ?? [])])];
}
