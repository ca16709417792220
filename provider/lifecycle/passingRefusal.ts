// A delete the platform refuses for a cause that passes by itself: a network still holding destroyed instances
// the platform has not expunged yet (they go after its expunge delay). Rather than fail at once with a guess, the
// delete is sent again at the poll cadence until the platform takes it, within the resource's delete timeout,
// saying what it waits for; at the deadline the error names the cause and what to do.

import { ApiError } from "../client";
import { PollDeadline, poll } from "../client/waiter";
import { notes } from "./deploymentShared";
import { describe, ResourceError } from "./errors";
import { reporting } from "./progress";
import { pollSchedule, type Session } from "./session";
import type { Operation } from "./timeouts";

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

/** The platform's own words of a refusal (message, then detail), else the error's message. */
export const refusalText = (err: unknown) =>
  err instanceof ApiError
    ? (err.apiMessage ?? err.message)
    : err instanceof Error
      ? err.message
      : String(err);

/** Between two tries: the job-poll cadence (the refusal is as cheap to ask as a job read). */
const retryDelayMs = () => pollSchedule().minIntervalMs ?? 10_000;

/**
 * Sends `attempt` until it is accepted (resolves with its answer) or refused for another reason (rejects with it);
 * while `passes` recognises the refusal (given how many refusals there have been), it tries again within the
 * operation's timeout.
 */
export async function whileRefused<T>(
  s: Session,
  op: Operation,
  passes: (err: unknown, tries: number) => PassingRefusal | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  let last: { err: unknown; why: PassingRefusal } | undefined;
  let tries = 0;
  const about = () => (last ? `${last.why.waitsFor}: ${refusalText(last.err)}` : "the platform to accept it");
  try {
    return await reporting(s, op, about, () =>
      poll(
        async () => {
          try {
            return { value: await attempt() };
          } catch (err) {
            const why = passes(err, ++tries);
            if (!why) throw err;
            if (why.stands)
              throw new ResourceError(
                `${await describe(s, s.subject ?? {})}: ${op} failed: the platform refuses it: ${refusalText(err)}. ${why.advice}`,
                err,
              );
            last = { err, why };
            return undefined;
          }
        },
        { timeoutMs: s.timeouts[op], delay: (n) => (n === 1 ? 0 : retryDelayMs()) },
      ),
    );
  } catch (err) {
    if (!(err instanceof PollDeadline) || !last) throw err;
    throw new ResourceError(
      `${await describe(s, s.subject ?? {})}: ${op} failed: the platform still refuses it after ${Math.round(s.timeouts[op] / 1000)} s of waiting for ${last.why.waitsFor} (timeouts.${op}): ${refusalText(last.err)}. ${last.why.advice}`,
      last.err,
    );
  }
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
