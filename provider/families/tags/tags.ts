// cim.Tags: tags on any resource through the generic tag endpoint, for types without a tag route of their
// own. It manages only the keys of its own map: keys others set on the same resource are left alone, and
// deleting it removes only the keys it manages. Its id is "<resourceType>/<resourceId>". It has no record of
// its own: its "live record" is the managed keys as the resource's tags show them now, read through the
// generic endpoint, and its calls change them synchronously (no job), so the engine runs it like every kind.

import { z } from "zod";
import type { TagTarget } from "../../client";
import { commonFields, field } from "../../kinds/common";
import { defineKind, type Recorded } from "../../kinds/define";
import { examples } from "../../kinds/examples";
import { id, tagMap } from "../../lifecycle/check";
import { mismatches } from "../../lifecycle/errors";
import type { Session } from "../../lifecycle/session";
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

export const tags = defineKind({
  name: "Tags",
  noun: "tag set",
  summary: "Tags through the generic tag endpoint, for resource types without a tag route (templates, …).",
  ...examples(
    ["templateId"],
    `
new cim.Tags("golden-image", {
  resourceType: "Template",
  resourceId: templateId,
  tags: { approved: "2026-11" },
});`,
    {
      resources: `
golden-image:
  type: cim:index:Tags
  properties:
    resourceType: Template
    resourceId: \${templateId}
    tags: { approved: "2026-11" }
`,
    },
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
        .regex(
          /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
          "must be a resource type name such as Template or SnapshotPolicy",
        ),
      {
        doc: "The API's resource type, e.g. `Template`.",
        change: "replace",
        same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase(),
      },
    ),
    resourceId: field(id("the id of the resource to tag, in the resource's region"), {
      doc: "The id of the resource to tag, in the resource's region.",
      change: "replace",
    }),
    tags: field(tagMap.default({}), {
      doc: "The keys this resource manages, with their values.",
      change: "update",
      unset: () => ({}),
      same: (a, b) => sameTags(a as TagMap, b as TagMap),
      live: true,
      present: true,
    }),
    timeouts: commonFields.timeouts,
  },
  outputs: {},
  idOf: idOfTarget,
  label: idOfTarget,
  deleteBeforeReplace: () => true,
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
      await converge(s, { ...rec, tags: {} }, Object.keys(live.tags), live.all);
      return {};
    },
  },
});
