// What the views of records share: the fields a view shows under the record's own names, the owner and times
// every view ends with, and for the families that take tags and comments, the tags and whether there are
// comments. A family's view says only its own fields.

import type { Data } from "../family";
import type { Ctx } from "../http";
import type { Owned, Tagged } from "../records";

/**
 * The fields `keys` of a record, under their own names and in that order: a view spreads it where it shows a run
 * of the record's fields as they are (`...fieldsOf(r, ["id", "name", "description"])`), so its key order, which
 * answers show, stays the view's own.
 */
export function fieldsOf<R extends object, K extends keyof R>(r: R, keys: readonly K[]): Pick<R, K> {
  const out = {} as Pick<R, K>;
  for (const k of keys) out[k] = r[k];
  return out;
}

/** The owner and the times, as every view ends. */
export const ownedView = (r: Owned) => fieldsOf(r, ["account", "created", "lastUpdated"]);

/** A record tagged only through the generic /tags route: its tags, then the owner and times. */
export const taggedView = (r: Tagged) => ({ tags: { ...r.tags }, ...ownedView(r) });

/** The resource's `hasAnnotations`: whether the account has any comment on it (admins-only ones count). */
export function hasComments(ctx: Pick<Ctx, "data">, entityId: string): boolean {
  // every family's data carries the comments (families/index.ts: the registry's repositories)
  const annotations = (ctx.data as Data<"annotations">).annotations;
  return annotations.where((a) => a.entityId === entityId).length > 0;
}

/** A record with tag and comment routes: its tags, whether it has comments, the owner and times. */
export const commentedView = (ctx: Pick<Ctx, "data">, r: Tagged) => ({
  ...taggedView(r),
  hasAnnotations: hasComments(ctx, r.id),
});
