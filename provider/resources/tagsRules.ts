// cim:Tags — the generic tag endpoint, for resource types without a tag route of their own. Pure rules.

import { z } from "zod";
import { type Checked, checkFields, type Inputs, id, region, tagMap, timeouts } from "./shared/check";
import { commonRules, type DiffDecision, diffFields, type FieldRules } from "./shared/diff";
import type { TimeoutsInput } from "./shared/timeouts";
import { sameTags, type TagMap } from "./shared/values";

export interface TagsInputs {
  region?: string;
  resourceType: string;
  resourceId: string;
  tags: TagMap;
  timeouts?: TimeoutsInput;
}

export const tagsFields = {
  region,
  resourceType: z
    .string({
      error: (i) =>
        i.input === undefined ? "is required: the API's resource type, e.g. Template" : "must be a string",
    })
    .trim()
    .regex(
      /^[A-Za-z][A-Za-z0-9_-]{0,63}$/,
      "must be a resource type name such as Template or SnapshotPolicy",
    ),
  resourceId: id("the id of the resource to tag, in the resource's region"),
  tags: tagMap.default({}),
  timeouts,
};

export function checkTags(news: Inputs): Checked<TagsInputs> {
  const { values, failures } = checkFields(tagsFields, news);
  return { inputs: values as unknown as TagsInputs, failures };
}

export const tagsRules: FieldRules = {
  ...commonRules,
  resourceType: {
    change: "replace",
    same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase(),
  },
  resourceId: { change: "replace" },
  tags: { change: "update", unset: () => ({}), same: (a, b) => sameTags(a as TagMap, b as TagMap) },
};

export function diffTags(olds: Record<string, unknown>, news: Record<string, unknown>): DiffDecision {
  const { changed, replaces } = diffFields(tagsRules, olds, news);
  const replacing = replaces.length > 0;
  return {
    changes: changed.length > 0,
    replaces,
    deleteBeforeReplace: replacing,
    updates: replacing ? [] : changed,
  };
}
