// Which resources of a program manage which tag keys of one record, so that two that would undo each other are
// refused at preview rather than found fighting after it (each up or refresh puts its own value back, a delete
// removes the other's key): claims of an exclusive value (programClaims.ts), in one pool for every kind. cim.Tags
// claims the keys of its map on its target; a taggable resource claims every tag of its own record, since its
// `tags` input is authoritative (it removes keys it does not list when it next changes, or after a refresh), once
// its id is known (claimedOfRecord: its diff, or its create). Claims name the record by its id, a UUID: one record
// whatever resource type a program writes for it (`UserVm`, `Instance`); keys compare case-insensitively, as the
// API deletes tags. A key on the record that no resource of the program claims (one set outside Pulumi) is no
// clash: cim.Tags takes it over.

import type { Exclusive } from "./fieldSpec";
import { claimsIn } from "./programClaims";

/** The pool of tag claims (ExclusiveClaim.among). */
export const TAG_KEYS = "tag keys";

/** The keys a resource manages on the record `id` (in lower case): those listed, or every tag of it (`every`). */
export interface TagClaim {
  readonly id: string;
  readonly keys: readonly string[] | "every";
  /** With `every`: the keys the resource's `tags` input lists (in lower case), which it keeps on the record. */
  readonly listed?: readonly string[];
}

/** The keys of `mine` that `theirs` claims too, as `mine` writes them (`every`: both claim every key). */
export function sharedKeys(mine: TagClaim, theirs: TagClaim): readonly string[] | "every" {
  if (mine.id !== theirs.id) return [];
  if (mine.keys === "every") return theirs.keys;
  if (theirs.keys === "every") return mine.keys;
  const other = new Set(theirs.keys.map((k) => k.toLowerCase()));
  return mine.keys.filter((k) => other.has(k.toLowerCase()));
}

/** Tag claims meet by their record: two claims of two records never clash (ExclusiveClaim.buckets). */
export const tagBuckets = (v: TagClaim): readonly string[] => [v.id];

/**
 * Two claims clash when one record's key is in both. Two claims of every key never do: each is a resource's claim of
 * its own record, and records of two kinds are two records.
 */
export function tagKeysClash(a: TagClaim, b: TagClaim): boolean {
  const shared = sharedKeys(a, b);
  return shared !== "every" && shared.length > 0;
}

/** `"env", "team"`. */
export const quoted = (keys: readonly string[]) => keys.map((k) => JSON.stringify(k)).join(", ");

/** `the key "env"`, `the keys "env", "team"`, `every key`. */
export const keysText = (keys: readonly string[] | "every") =>
  keys === "every" ? "every key" : `the key${keys.length === 1 ? "" : "s"} ${quoted(keys)}`;

/** What an authoritative `tags` input does to a key another resource manages on its record. */
export const AUTHORITATIVE =
  "`tags` input is authoritative (it removes every key it does not list when it next changes, or after a refresh)";

/**
 * A taggable resource's claim of its own record's tags: every key, once its id is known (claimedOfRecord). Refused
 * when a cim.Tags of the program claims a key of that record already: its diff raises it.
 */
export const recordTags: Exclusive<TagClaim> = {
  property: "tags",
  needs: [],
  among: TAG_KEYS,
  keptClashes: true,
  claimed: (i) =>
    typeof i.id === "string"
      ? {
          id: i.id.toLowerCase(),
          keys: "every",
          listed: Object.keys((i.tags as Record<string, unknown> | undefined) ?? {}).map((k) =>
            k.toLowerCase(),
          ),
        }
      : undefined,
  clash: tagKeysClash,
  buckets: tagBuckets,
  twice: (mine, theirs) =>
    `${keysText(sharedKeys(mine, theirs))} of this resource's record (${mine.id}) too, while this resource's ${AUTHORITATIVE}, so each undoes the other. Put those keys in this resource's \`tags\` input instead, and remove that cim.Tags`,
};

/**
 * The keys of the record `id` (in lower case) that a resource of this run manages now: a cim.Tags' keys, the keys a
 * taggable resource's own `tags` input lists. A cim.Tags being deleted leaves them: the same up moved them to that
 * resource (its update found them in place and sent nothing), or to a cim.Tags that replaces it under another name,
 * and Pulumi deletes last.
 */
export function keysManagedNow(id: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const c of claimsIn(TAG_KEYS, "tags")) {
    const v = c.value as TagClaim;
    if (v?.id !== id.toLowerCase()) continue;
    for (const k of v.keys === "every" ? (v.listed ?? []) : v.keys) out.add(k.toLowerCase());
  }
  return out;
}
