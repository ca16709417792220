// cim.Tags: tags on any resource through the generic tag endpoint, for types without a tag route of their
// own. It manages only the keys of its own map: keys others set on the same resource are left alone, and
// deleting it removes only the keys it manages. Its id is "<resourceType>/<resourceId>". Not a record with a
// job, so it has a lifecycle of its own; check, diff and outputs come from the fields like every kind's.

import { z } from "zod";
import type { TagTarget } from "../client";
import { id, tagMap } from "../lifecycle/check";
import { failure, isNotFound, mismatches, readOrGone } from "../lifecycle/errors";
import type { Session } from "../lifecycle/session";
import { applyTags, currentTags } from "../lifecycle/tagging";
import { sameTags, type TagMap } from "../lifecycle/values";
import { commonFields, field } from "./common";
import { defineKind, type Recorded } from "./define";
import { yamlExample } from "./examples";

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

async function converge(s: Session, want: Recorded, managedKeys: Iterable<string>): Promise<TagMap> {
  const t = target(want);
  const wanted = (want.tags as TagMap) ?? {};
  const keys = new Set([...managedKeys, ...Object.keys(wanted)]);
  const before = managedSubset(await currentTags(s.client, t, s.region), keys);
  const after = managedSubset(await applyTags(s.client, t, before, wanted, s.region), keys);
  const wrong = mismatches([["tags", wanted, after, sameTags(after, wanted)]]);
  if (wrong.length) throw new Error(`the API did not apply ${wrong.join("; ")}`);
  return after;
}

export const tags = defineKind({
  name: "Tags",
  noun: "tag set",
  summary: "Tags through the generic tag endpoint, for resource types without a tag route (templates, …).",
  example: `
const template = cim.getTemplate("Ubuntu 22.04 LTS");
new cim.Tags("golden-image", {
  resourceType: "Template",
  resourceId: template.then((t) => t.id),
  tags: { approved: "2026-11" },
});`,
  yamlExample: yamlExample(["templateId"], {
    resources: `
golden-image:
  type: cim:index:Tags
  properties:
    resourceType: Template
    resourceId: \${templateId}
    tags: { approved: "2026-11" }
`,
  }),
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
        doc: "The API's resource type, e.g. `Template`. Replaces on change.",
        change: "replace",
        same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase(),
      },
    ),
    resourceId: field(id("the id of the resource to tag, in the resource's region"), {
      doc: "The id of the resource to tag, in the resource's region. Replaces on change.",
      change: "replace",
    }),
    tags: field(tagMap.default({}), {
      doc: "The keys this resource manages, with their values. Changed in place.",
      change: "update",
      unset: () => ({}),
      same: (a, b) => sameTags(a as TagMap, b as TagMap),
      present: true,
    }),
    timeouts: commonFields.timeouts,
  },
  outputs: {},
  label: (rec) => `${String(rec.resourceType)}/${String(rec.resourceId)}`,
  deleteBeforeReplace: () => true,
  custom: {
    async create(s, want) {
      const id = `${want.resourceType}/${want.resourceId}`;
      try {
        return { id, recorded: { ...want, tags: await converge(s, want, []) } };
      } catch (err) {
        throw await failure(s, { name: id }, "tagging", err);
      }
    },
    async read(s, _id, props) {
      const live = await readOrGone(() => currentTags(s.client, target(props), s.region));
      if (!live) return undefined;
      return { ...props, tags: managedSubset(live, Object.keys((props.tags as TagMap) ?? {})) };
    },
    async update(s, id, olds, news) {
      try {
        const tags = await converge(s, news, Object.keys((olds.tags as TagMap) ?? {}));
        return { ...olds, timeouts: news.timeouts, tags };
      } catch (err) {
        throw await failure(s, { name: id }, "tagging", err);
      }
    },
    async delete(s, id, props) {
      try {
        await converge(s, { ...props, tags: {} }, Object.keys((props.tags as TagMap) ?? {}));
      } catch (err) {
        if (isNotFound(err) || isNotFound((err as Error).cause)) return;
        throw await failure(s, { name: id }, "removing tags", err);
      }
    },
  },
});
