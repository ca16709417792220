// Tags through the client: remove what is gone or changed (there is no tag edit), add what is new, and read back
// where the caller needs to compare.

import type { CimClient, TagTarget } from "../client";
import { tagMap } from "../client";
import { sameTags, type TagMap, tagDelta } from "./values";

/** The tags a resource has now, through its tag route. */
export async function currentTags(
  client: CimClient,
  target: TagTarget,
  region: string | undefined,
): Promise<TagMap> {
  return tagMap(await client.tags.list(target, { region }));
}

/** A change of a resource's tags from `current` (what the caller just read) to `desired`; answers the tags after. */
type TagChange = (
  client: CimClient,
  target: TagTarget,
  current: TagMap,
  desired: TagMap,
  region: string | undefined,
) => Promise<TagMap>;

/**
 * Removes what is gone or changed (there is no tag edit), adds what is new. Answers `desired`, or `current` when
 * nothing had to change: what was asked, not what the API did (a 2xx does not say it applied the change), so a
 * caller reads the tags back (applyTags, or a read of the record that follows).
 */
export const changeTags: TagChange = async (client, target, current, desired, region) => {
  if (sameTags(current, desired)) return current;
  const { remove, add } = tagDelta(current, desired);
  if (Object.keys(remove).length) await client.tags.remove(target, remove, { region });
  if (Object.keys(add).length) await client.tags.add(target, add, { region });
  return { ...desired };
};

/** Whether going from `current` to `desired` removes a tag (one gone, or one whose value changes: no tag edit). */
export const removesTags = (current: TagMap, desired: TagMap): boolean =>
  Object.keys(tagDelta(current, desired).remove).length > 0;

/** `changeTags`, then the tags read back (one read, only when something changed) for the caller to compare. */
export const applyTags: TagChange = async (client, target, current, desired, region) => {
  if (sameTags(current, desired)) return current;
  await changeTags(client, target, current, desired, region);
  return currentTags(client, target, region);
};
