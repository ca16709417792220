// The provider behind cim.Tags: tags on any resource through the generic tag endpoint. It manages only the
// keys of its own map: keys others set on the same resource are left alone, and deleting it removes only
// the keys it manages. The id is "<resourceType>/<resourceId>".

import type * as pulumi from "@pulumi/pulumi";
import type { TagTarget } from "../client";
import { finishCheck } from "./shared/checkRun";
import { failure, isNotFound, mismatches, readOrGone } from "./shared/errors";
import { defaultRegion, openSession, type Session } from "./shared/session";
import { applyTags, currentTags } from "./shared/tagging";
import { compact, sameTags, type TagMap } from "./shared/values";
import { checkTags, diffTags, type TagsInputs } from "./tagsRules";

const KIND = "Tags";

/** The keys of `tags` that are among `keys`. */
export function managedSubset(tags: TagMap, keys: Iterable<string>): TagMap {
  const out: TagMap = {};
  for (const k of keys) if (Object.hasOwn(tags, k)) out[k] = tags[k];
  return out;
}

const target = (i: { resourceType?: unknown; resourceId?: unknown }): TagTarget => ({
  resourceType: String(i.resourceType),
  resourceId: String(i.resourceId),
});

function outputs(rec: Record<string, unknown>, tags: TagMap, region: string | undefined) {
  return compact({
    region,
    resourceType: rec.resourceType,
    resourceId: rec.resourceId,
    tags,
    timeouts: rec.timeouts,
  });
}

async function converge(s: Session, want: TagsInputs, managedKeys: Iterable<string>): Promise<TagMap> {
  const t = target(want);
  const keys = new Set([...managedKeys, ...Object.keys(want.tags)]);
  const before = managedSubset(await currentTags(s.client, t, s.region), keys);
  const after = managedSubset(await applyTags(s.client, t, before, want.tags, s.region), keys);
  const wrong = mismatches([["tags", want.tags, after, sameTags(after, want.tags)]]);
  if (wrong.length) throw new Error(`the API did not apply ${wrong.join("; ")}`);
  return after;
}

export const tagsProvider: pulumi.dynamic.ResourceProvider = {
  check: (olds, news) => finishCheck({ kind: KIND, olds, checked: checkTags(news) }),

  async diff(_id, olds, news) {
    const d = diffTags(olds, news);
    return { changes: d.changes, replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
  },

  async create(inputs) {
    const want = inputs as TagsInputs & Record<string, unknown>;
    const s = openSession(KIND, want.region, want.timeouts);
    const region = await defaultRegion(s);
    s.region = region;
    const id = `${want.resourceType}/${want.resourceId}`;
    try {
      const tags = await converge(s, want, []);
      return { id, outs: outputs(want, tags, region) };
    } catch (err) {
      throw await failure(s, { name: id }, "tagging", err);
    }
  },

  async read(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    const live = await readOrGone(() => currentTags(s.client, target(props), s.region));
    if (!live) return {};
    return { id, props: outputs(props, managedSubset(live, Object.keys(props.tags ?? {})), props.region) };
  },

  async update(id, olds, news) {
    const want = news as TagsInputs & Record<string, unknown>;
    const s = openSession(KIND, olds.region ?? want.region, want.timeouts);
    try {
      const tags = await converge(s, want, Object.keys(olds.tags ?? {}));
      return { outs: outputs({ ...olds, timeouts: want.timeouts }, tags, olds.region) };
    } catch (err) {
      throw await failure(s, { name: id }, "tagging", err);
    }
  },

  async delete(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    try {
      await converge(s, { ...(props as TagsInputs), tags: {} }, Object.keys(props.tags ?? {}));
    } catch (err) {
      if (isNotFound(err) || isNotFound((err as Error).cause)) return;
      throw await failure(s, { name: id }, "removing tags", err);
    }
  },
};
