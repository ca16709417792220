// Members: an in-place field that is a set of resource ids the API changes by add and remove calls (a
// load balancer's instances), not by setting the whole value. Declared once here, for every kind with such a
// field: the field (ids, no duplicates, order does not matter, none when left out; shown in the program's order)
// and its convergence (the calls for what left and what came, each waited for as a job, removals first so a
// replaced member never holds a slot twice).

import { z } from "zod";
import type { AcceptedMutation } from "../client";
import { id } from "./check";
import { field, type Ref } from "./fieldSpec";
import { type Session, waitFor } from "./session";
import type { Operation } from "./timeouts";
import { sameSet } from "./values";

/**
 * The live members in the order the program gave them (`given`: the recorded input, or the old output), those the
 * program does not name after them in id order. The API lists members in an order of its own; shown as it lists
 * them, every change of the members would also show as a reorder of the ones that stayed.
 */
export function inGivenOrder(live: readonly string[] | undefined, given: unknown): string[] {
  const order = Array.isArray(given) ? (given as string[]) : [];
  if (live === undefined) return [...order];
  const now = new Set(live);
  const named = new Set(order);
  return [...order.filter((m) => now.has(m)), ...live.filter((m) => !named.has(m)).sort()];
}

/** What to remove from `live` and add to it to make it `want`. */
export function membershipDelta(live: readonly string[], want: readonly string[]) {
  const now = new Set(live);
  const next = new Set(want);
  return { add: want.filter((m) => !now.has(m)), remove: live.filter((m) => !next.has(m)) };
}

/**
 * A members field named `name`: ids of the resources `ref` names (a kind of the registry, and whether check looks
 * them up), changed in place; none when left out. `live` reads the current members from the record.
 */
export function membersField<R>(
  rule: string,
  ref: string | Ref,
  live: (r: R) => string[] | undefined,
  name = "memberIds",
) {
  const schema = z
    .array(id(rule), { error: `must be a list of ids: ${rule}` })
    .refine((ids) => new Set(ids).size === ids.length, `must not name an id twice: ${rule}`)
    .optional();
  return field(schema, {
    change: "update",
    unset: () => [],
    same: sameSet,
    live: (r: R) => [...(live(r) ?? [])].sort(),
    output: (r: R, rec: Record<string, unknown>) => inGivenOrder(live(r), rec[name]),
    shown: z.array(z.string()),
    ref,
    present: true,
  });
}

/** The API's calls that change a resource's members; each starts a job. */
export interface MemberCalls {
  add(ids: string[]): Promise<AcceptedMutation>;
  remove(ids: string[]): Promise<AcceptedMutation>;
}

/** Makes the members `want`: one removal job for those that left, then one add job for those that came. */
export async function convergeMembers(
  s: Session,
  op: Operation,
  live: readonly string[],
  want: readonly string[],
  calls: MemberCalls,
): Promise<void> {
  const { add, remove } = membershipDelta(live, want);
  if (remove.length) await waitFor(s, await calls.remove(remove), op);
  if (add.length) await waitFor(s, await calls.add(add), op);
}
