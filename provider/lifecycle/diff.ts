// The diff framework. `olds` are the OLD OUTPUTS (what create/update/read returned), `news` the checked new
// inputs. Each field says how a change is applied (in place or by replacement), which old output it is
// compared with, how values are normalised, and what an absent input means: "keep" (the API chose a value
// and the program has no opinion) or a desired default (tags: none; power state: running).

import { REPLACE_ON_CHANGES } from "./fieldSpec";
import { containsUnknown, sameValue } from "./values";

export type Change = "update" | "replace";

export interface FieldRule {
  change: Change;
  /** Absent input: "keep" ignores the field; otherwise a function giving the desired value. Default "keep". */
  unset?: "keep" | ((news: Record<string, unknown>) => unknown);
  /** The old value to compare with. Default: the old output of the same name. */
  old?: (olds: Record<string, unknown>) => unknown;
  /** Equality after the API's normalisations. Default: deep equality. */
  same?: (desired: unknown, old: unknown) => boolean;
  /** Only compared when this holds for the new inputs (e.g. templateId only for template images). */
  when?: (news: Record<string, unknown>) => boolean;
}

export type FieldRules = Record<string, FieldRule>;

export interface FieldDiff {
  /** Input fields whose desired value differs from the old state (or is not known yet). */
  changed: string[];
  /** The subset that needs a replacement. */
  replaces: string[];
}

/** A kind's diff decision; `updates` are the fields to change in place (empty when replacing). */
export interface DiffDecision {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** Why a replacement deletes first, when the kind says. */
  deletesFirstWhy?: string;
  updates: string[];
}

/** Compares each field's desired value with the old outputs. Unknown (preview) values count as changed. */
export function diffFields(
  rules: FieldRules,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): FieldDiff {
  const changed: string[] = [];
  const replaces: string[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (rule.when && !rule.when(news)) continue;
    let desired = news[field];
    if (desired === undefined || desired === null) {
      if (rule.unset === undefined || rule.unset === "keep") continue;
      desired = rule.unset(news);
    }
    const old = rule.old ? rule.old(olds) : olds[field];
    const differs = containsUnknown(desired) || !(rule.same ?? sameValue)(desired, old);
    if (!differs) continue;
    changed.push(field);
    if (rule.change === "replace") replaces.push(field);
  }
  return { changed, replaces };
}

/** Shared rules of every kind: the region replaces (when asked for explicitly); timeouts and adoptId only
 * live in state. */
export const commonRules: FieldRules = {
  region: { change: "replace" },
  // Changing them changes nothing on the platform; recorded in state by an update without API calls.
  timeouts: { change: "update", unset: () => undefined, same: (a, b) => sameValue(a ?? {}, b ?? {}) },
};

/**
 * Check's result with the program's `replaceOnChanges` (the hidden input the SDK passes it in) kept, so that diff
 * can apply it: the engine applies that option to the fields a provider's diff names, and the dynamic-provider
 * host passes no field names on.
 */
export function withReplaceOption<C extends { inputs: Record<string, unknown> }>(
  news: Record<string, unknown>,
  checked: C,
): C {
  if (news[REPLACE_ON_CHANGES] !== undefined) checked.inputs[REPLACE_ON_CHANGES] = news[REPLACE_ON_CHANGES];
  return checked;
}

/**
 * The changed fields the program's `replaceOnChanges` covers (Pulumi's property paths: `"tags"`, `"tags.env"`,
 * `"networkIds[0]"`, `"*"` for every field). A path into a field covers it when the value at that path changed.
 * `changed` are the fields the diff found changed, `olds` the old outputs, `news` the new inputs.
 */
export function optionReplaces(
  changed: readonly string[],
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): string[] {
  const paths = news[REPLACE_ON_CHANGES];
  if (!Array.isArray(paths) || !changed.length) return [];
  const out = new Set<string>();
  for (const path of paths) {
    if (typeof path !== "string") continue;
    const [field, ...rest] = pathParts(path);
    if (field === "*") {
      for (const k of changed) out.add(k);
    } else if (changed.includes(field)) {
      if (!rest.length || !sameValue(valueAt(olds[field], rest), valueAt(news[field], rest))) out.add(field);
    }
  }
  return [...out];
}

/** `a.b[0]["c.d"]` → ["a", "b", "0", "c.d"]. */
function pathParts(path: string): string[] {
  const parts: string[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+|\*)\]|\["([^"]*)"\]/g)) parts.push(m[1] ?? m[2] ?? m[3]);
  return parts;
}

function valueAt(v: unknown, parts: readonly string[]): unknown {
  let cur = v;
  for (const p of parts) {
    if (p === "*") return cur; // any element: the whole value stands for it
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}
