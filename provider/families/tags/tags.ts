// cim.Tags: tags on any resource through the generic tag endpoint, for types without a tag route of their
// own. It manages only the keys of its own map: keys others set on the same resource are left alone, and
// deleting it removes only the keys it manages. Its id is "<resourceType>/<resourceId>". It has no record of
// its own: its "live record" is the managed keys as the resource's tags show them now, read through the
// generic endpoint, and its calls change them synchronously (no job), so the engine runs it like every kind.
// A key it manages is its own in the program: another cim.Tags managing it on the same resource, or the
// resource's own authoritative `tags`, would undo its value (lifecycle/tagClaims.ts); a key on the resource
// that nothing of the program manages is taken over.

import { z } from "zod";
import {
  PLATFORM_TAG_TYPES,
  TAG_RESOURCE_TYPES,
  TAG_TYPE_ALIASES,
  type TagTarget,
  tagTypeNamed,
} from "../../client";
import { commonFields, field, notShared } from "../../kinds/common";
import { defineKind, type Exclusive, type Recorded } from "../../kinds/define";
import { examples, resource, variable } from "../../kinds/examples";
import { id, tagMap, whenKnown } from "../../lifecycle/check";
import { mismatches } from "../../lifecycle/errors";
import { allKinds } from "../../lifecycle/registry";
import type { Session } from "../../lifecycle/session";
import {
  AUTHORITATIVE,
  keysManagedNow,
  keysText,
  quoted,
  sharedKeys,
  TAG_KEYS,
  type TagClaim,
  tagBuckets,
  tagKeysClash,
} from "../../lifecycle/tagClaims";
import { applyTags, currentTags } from "../../lifecycle/tagging";
import { sameTags, type TagMap } from "../../lifecycle/values";

/** The keys of `tags` that are among `keys`. */
export function managedSubset(tags: TagMap, keys: Iterable<string>): TagMap {
  const out: TagMap = {};
  for (const k of keys) if (Object.hasOwn(tags, k)) out[k] = tags[k];
  return out;
}

const target = (i: Recorded): TagTarget => ({
  resourceType: String(i.resourceType),
  resourceId: String(i.resourceId),
});

/**
 * The managed keys as the resource shows them now (what the engine verifies and records), with all its tags
 * (what a change starts from, so it is not read twice).
 */
export interface TagSet {
  id: string;
  tags: TagMap;
  all: TagMap;
}

/** A tag set's id: its target's, "<resourceType>/<resourceId>". */
const idOfTarget = (rec: Recorded) => `${String(rec.resourceType)}/${String(rec.resourceId)}`;

const keysOf = (rec: Recorded) => Object.keys((rec.tags as TagMap) ?? {});

/**
 * Sets the managed keys of `want`'s target to `want.tags`; `managedKeys`: the keys managed until now (removed
 * when `want.tags` drops them). Reads the target's tags first (a key another party set is replaced, not added
 * twice) and back after, since the generic endpoint takes any resource type: what it did not store is refused.
 */
async function converge(
  s: Session,
  want: Recorded,
  managedKeys: Iterable<string>,
  now?: TagMap,
): Promise<TagMap> {
  const t = target(want);
  const wanted = (want.tags as TagMap) ?? {};
  const keys = new Set([...managedKeys, ...Object.keys(wanted)]);
  const before = managedSubset(now ?? (await currentTags(s.client, t, s.region)), keys);
  const after = managedSubset(await applyTags(s.client, t, before, wanted, s.region), keys);
  const wrong = mismatches([["tags", wanted, after, sameTags(after, wanted)]]);
  if (wrong.length) throw new Error(`the API did not apply ${wrong.join("; ")}`);
  return after;
}

/** The types the API tags, as messages and the docs list them: those with routes of their own first. */
const TAGGED_TYPES = [
  ...new Set([
    ...Object.values(TAG_RESOURCE_TYPES),
    ...Object.entries(PLATFORM_TAG_TYPES)
      .filter(([, tagged]) => tagged)
      .map(([t]) => t),
  ]),
].join(", ");

/** What the API refuses of a resource type given to the generic route, in the words of its refusal. */
function typeProblem(type: string): string | undefined {
  const named = tagTypeNamed(type);
  if (named === undefined)
    return `is no resource type the API knows (it refuses it: "Invalid resource type ${type}"). The types it tags, in any case: ${TAGGED_TYPES}`;
  if (named === false)
    return `names a resource type the API takes no tags on (it refuses them: "The resource type ${type} doesn't support resource tags"). The types it tags, in any case: ${TAGGED_TYPES}`;
  return undefined;
}

/** The types whose ids the API checks, as the docs list them. */
const CHECKED_TYPES = [...new Set(Object.values(TAG_RESOURCE_TYPES))].map((t) => `\`${t}\``).join(", ");

/** The resource type of a kind's records (TAG_RESOURCE_TYPES), for kinds with tags of their own. */
const ownTagsType = (name: string): string | undefined => {
  const collection = allKinds().find((k) => k.name === name)?.tags;
  return collection && TAG_RESOURCE_TYPES[collection];
};

/** The resource type of a kind's records on the generic route: its own tags' type, or the one it declares. */
const typeOfKind = (name: string): string | undefined =>
  ownTagsType(name) ?? allKinds().find((k) => k.name === name)?.taggedAs;

let kindsByType: ReadonlyMap<string, readonly string[]> | undefined;
/**
 * The kinds whose records each resource type names, by the type in lower case (with the platform's other names): the
 * types of the kinds with tags of their own and of those that declare the type they are tagged as, whose ids the API
 * checks.
 */
function kindsOfTypes(): ReadonlyMap<string, readonly string[]> {
  if (kindsByType) return kindsByType;
  const by = new Map<string, string[]>();
  for (const k of allKinds()) {
    const type = typeOfKind(k.name)?.toLowerCase();
    if (type) by.set(type, [...(by.get(type) ?? []), k.name]);
  }
  for (const [alias, type] of Object.entries(TAG_TYPE_ALIASES)) {
    const kinds = by.get(type.toLowerCase());
    if (kinds) by.set(alias, kinds);
  }
  kindsByType = by;
  return by;
}

/**
 * The keys it manages on its target, which no other resource of the program may manage: two cim.Tags of one key
 * undo each other's value (each up or refresh puts its own back, a delete removes the other's key), and the target's
 * own resource, whose `tags` is authoritative, undoes any key (tagClaims.ts). Nothing live is refused: a key set
 * outside the program is taken over.
 */
const ownKeys: Exclusive<TagClaim> = {
  property: "tags",
  needs: ["resourceId"],
  among: TAG_KEYS,
  keptClashes: true,
  claimed: (i) => {
    const keys = i.tags && typeof i.tags === "object" ? Object.keys(i.tags).sort() : [];
    return typeof i.resourceId === "string" && keys.length
      ? { id: i.resourceId.toLowerCase(), keys }
      : undefined;
  },
  clash: tagKeysClash,
  buckets: tagBuckets,
  twice: (mine, theirs) => {
    const keys = sharedKeys(mine, theirs);
    if (keys === "every" || theirs.keys === "every")
      return `every key of resource ${mine.id}: that resource's own ${AUTHORITATIVE}, so it and this cim.Tags undo each other. Put ${keysText(mine.keys)} in that resource's \`tags\` input instead, and remove this cim.Tags`;
    return `${keysText(keys)} of resource ${mine.id} too, and two resources managing one key undo each other (each up or refresh puts its own value back, and deleting either removes the key). Merge the two into one cim.Tags, or drop ${quoted(keys)} from one of them`;
  },
};

export const tags = defineKind({
  name: "Tags",
  noun: "tag set",
  summary: "Tags through the generic tag endpoint, for resource types without a tag route (templates, …).",
  ...examples(
    ["templateId"],
    [
      resource("Tags", "golden-image", {
        resourceType: "Template",
        resourceId: variable("templateId"),
        tags: { approved: "2026-11" },
      }),
    ],
  ),
  fields: {
    region: commonFields.region,
    resourceType: field(
      z
        .string({
          error: (i) =>
            i.input === undefined
              ? "is required: the API's resource type, e.g. Template"
              : "must be a string",
        })
        .trim()
        .min(1, "must be a resource type name such as Template"),
      {
        doc: `The API's resource type, in any case: one of ${TAGGED_TYPES}. Preview refuses a type the API does not know, and one it takes no tags on (such as \`NetworkACLList\` or \`Zone\`), as the API refuses them; a tag set the stack already holds keeps its type unjudged.`,
        change: "replace",
        same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase(),
      },
    ),
    resourceId: field(id("the id of the resource to tag, in the resource's region"), {
      doc: `The id of the resource to tag, in the resource's region. For the type of a resource with tags of its own (${CHECKED_TYPES}), and of the kinds of this package tagged only here (\`Template\` and \`ISO\`, the catalogue's as well as the account's; \`Snapshot\`, \`VMSnapshot\`, \`Backup\`, \`NetworkACL\`, \`Project\`), preview refuses an id of another kind or of none, a resource of the program of another kind, and a zone's shared default network, as the API refuses them; and it refuses any resource of the program that has tags of its own, whose \`tags\` input is authoritative.`,
      change: "replace",
      typedRef: {
        by: "resourceType",
        kinds: kindsOfTypes,
        typeOf: typeOfKind,
        // an image of the platform is no record of the account's own lists
        listedIn: { Template: "templates", Iso: "isos" },
        requires: { Network: [notShared("it takes no tags (the API refuses any change to it)")] },
        // a resource of the program with tags of its own claims every key of its record (recordTags)
        ofProgram: (kind, i) => {
          if (!ownTagsType(kind)) return undefined;
          const keys = Object.keys((i.tags as TagMap | undefined) ?? {});
          return `whose own ${AUTHORITATIVE}, so it and this cim.Tags would undo each other (once its id is known, \`up\` refuses this cim.Tags). Put ${keys.length ? keysText(keys) : "the keys"} in that resource's \`tags\` input instead, and remove this cim.Tags`;
        },
      },
    }),
    tags: field(tagMap.default({}), {
      doc: "The keys this resource manages, with their values; a key the resource already has is taken over. Preview refuses a key another `cim.Tags` of the program manages on the same resource (keys compare case-insensitively), and any key on a resource the program declares as a kind that takes `tags` (that map is authoritative: the two would undo each other), once that resource's id is known.",
      change: "update",
      unset: () => ({}),
      same: (a, b) => sameTags(a as TagMap, b as TagMap),
      live: true,
      present: true,
    }),
    timeouts: commonFields.timeouts,
  },
  outputs: {},
  rules: (i, fail, olds) =>
    whenKnown(i, ["resourceType"], () => {
      const type = i.resourceType;
      // a tag set the stack holds on that type was taken by the API, whatever this package knows of the platform
      if (typeof type !== "string" || String(olds.resourceType ?? "").toLowerCase() === type.toLowerCase())
        return;
      const problem = typeProblem(type);
      if (problem) fail("resourceType", `resourceType ${problem}`);
    }),
  exclusive: [ownKeys],
  idOf: idOfTarget,
  label: idOfTarget,
  deleteBeforeReplace: () =>
    "the new set writes keys of the same resource, which the platform takes once each",
  api: {
    async get(s, id, rec): Promise<TagSet> {
      const all = await currentTags(s.client, target(rec), s.region);
      return { id, tags: managedSubset(all, keysOf(rec)), all };
    },
    async create(s, want) {
      await converge(s, want, []);
      return { id: idOfTarget(want) };
    },
    async apply(s, live, want) {
      await converge(s, want, Object.keys(live.tags), live.all);
    },
    async delete(s, live, rec) {
      // a key another resource of this run manages now stays (it was moved there in this up: Pulumi deletes last)
      const kept = keysManagedNow(String(rec.resourceId));
      const keys = Object.keys(live.tags).filter((k) => !kept.has(k.toLowerCase()));
      await converge(s, { ...rec, tags: {} }, keys, live.all);
      return {};
    },
  },
});
