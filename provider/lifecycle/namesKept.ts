// A reference by name (an instance's `sshKeyNames`, a cluster's `keyPair`) whose new value is not known yet, to
// resources that this run replaces under the same names: the value will be the names it holds, and the diff
// compares those, instead of counting "not known yet" as a change.
//
// Pulumi's engine asks exactly this when it replaces a resource delete-first (an SSH key pair given a new key
// keeps its name, and names are unique): before that delete it diffs each resource whose inputs take a value
// from the one replaced, with those inputs made unknown, and deletes first every one whose diff then replaces,
// to make it again after (step_generator.go, calculateDependentReplacements). A field that replaces on change
// answers "replace" to an unknown value, so a key rotation replaced every instance naming the key, though the
// name they give comes back the same and the engine shows no changed field for them. The replaced resource's own
// diff ran just before in this process and noted the name its replacement keeps (liveChecks.ts: noteReplacement),
// by kind and region: a name no replacement keeps (a rename), or one of another region, stays unknown and the
// field's own rule applies. A reference by id is never kept this way: a replacement has a new id.

import type { Recorded } from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { keptUnderName } from "./liveChecks";
import { kindNamed } from "./registry";
import { containsUnknown, UNKNOWN } from "./values";

/** The checked inputs, each reference by name that is not known yet taken as the names a replacement keeps. */
export function withNamesKept(kind: Kind, olds: Recorded, news: Recorded): Recorded {
  let out = news;
  for (const [k, f] of Object.entries(kind.fields)) {
    const ref = typeof f.ref === "object" ? f.ref : undefined;
    if (ref?.by !== "name" || !containsUnknown(news[k])) continue;
    const target = kindNamed(ref.kind);
    const given = ref.regionFrom === undefined ? undefined : news[ref.regionFrom];
    const region = given ?? news.region;
    if (!target || (region !== undefined && typeof region !== "string") || containsUnknown(region)) continue;
    const kept = (name: unknown) =>
      typeof name === "string" && keptUnderName(target, region as string | undefined, name);
    const value = keptValue(news[k], f.old ? f.old(olds) : olds[k], kept);
    if (value !== undefined) out = { ...out, [k]: value };
  }
  return out;
}

/**
 * The new value with each unknown name taken as the old name in its place, when a replacement keeps that name;
 * undefined when any unknown part cannot be taken so (no old name there, or one no replacement keeps).
 */
function keptValue(value: unknown, old: unknown, kept: (name: unknown) => boolean): unknown {
  if (value === UNKNOWN) {
    const names = Array.isArray(old) ? old : [old];
    return names.length > 0 && names.every(kept) ? old : undefined;
  }
  if (!Array.isArray(value) || !Array.isArray(old) || value.length !== old.length) return undefined;
  const out = value.map((v, i) => (v === UNKNOWN && kept(old[i]) ? old[i] : v));
  return containsUnknown(out) ? undefined : out;
}
