// Inputs from a refresh. The engine diffs a program's inputs against the inputs in state, and shows that diff in
// `pulumi preview --diff`; a dynamic provider's own diff has no way to say which fields changed. So when a read
// finds the live resource moved, it gives the engine the inputs the live values stand for, in the shape check
// produces, and the next preview shows each drifted field with its live and its desired value (`~ tags`,
// `~ powerState: "stopped" => "running"`: check gives a left-out field the value its absence means when the old
// inputs hold one). The dynamic-provider host gives read the old outputs only, never the old inputs,
// so outputs carry one small hidden value, the optional inputs the program gave (GIVEN), written at each create
// and update: without it a field the API filled in (an instance's name, root disk size, region) could not be
// told from one the program set, and would show as removed.

import { optionalInput, REPLACE_ON_CHANGES, type Recorded } from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { sameValue } from "./values";

/** The hidden output naming the optional inputs the program gave, comma-separated ("" for none). */
export const GIVEN = "__given";

/**
 * The hidden output `pulumi-cim recover` writes on a resource it records from an interrupted create (its outputs
 * then are its inputs): the refresh after it reads the record and keeps the inputs, the create's, rather than the
 * ones the live values stand for. What the create had not applied yet (tags, an instance's group) is then a change
 * the next `up` makes, also for a field under `ignoreChanges`, as the create would have made it. A read drops it.
 */
export const RECOVERED = "__recovered";

/** The hidden outputs: not outputs of the kind; a read carries them over. */
const HIDDEN = [GIVEN, REPLACE_ON_CHANGES];

const optionalOf = new WeakMap<Kind, Set<string>>();
/** A kind's optional input fields (schemas that take undefined), found once per kind. */
function optionalFields(kind: Kind): Set<string> {
  let set = optionalOf.get(kind);
  if (!set) {
    set = new Set();
    for (const [k, f] of Object.entries(kind.fields)) if (optionalInput(f) && !f.secret) set.add(k);
    optionalOf.set(kind, set);
  }
  return set;
}

/**
 * `stored` (what state keeps of the outputs) with the hidden values read needs later: which optional inputs the
 * program gave, and its `replaceOnChanges` list when it has one. `inputs` are the checked inputs.
 */
export function withGiven(kind: Kind, stored: Recorded, inputs: Recorded): Recorded {
  const given: string[] = [];
  for (const k of optionalFields(kind)) if (inputs[k] !== undefined && inputs[k] !== null) given.push(k);
  const out: Recorded = { ...stored, [GIVEN]: given.join(",") };
  if (inputs[REPLACE_ON_CHANGES] !== undefined) out[REPLACE_ON_CHANGES] = inputs[REPLACE_ON_CHANGES];
  return out;
}

/**
 * What a refresh gives back: `stored` with the hidden values of `old` (the old outputs as state kept them), and,
 * when the live values moved (`full` differs from `oldFull`), the inputs they stand for. Undefined inputs leave
 * the engine's as they are: nothing moved, or state written before GIVEN was (its first update writes it).
 */
export function afterRead(
  kind: Kind,
  old: Recorded,
  oldFull: Recorded,
  full: Recorded,
  stored: Recorded,
): { props: Recorded; inputs?: Recorded } {
  const given = old[GIVEN];
  if (typeof given !== "string") return { props: stored };
  const props: Recorded = { ...stored };
  for (const k of HIDDEN) if (old[k] !== undefined) props[k] = old[k];
  if (!moved(oldFull, full)) return { props };
  return { props, inputs: inputsFrom(kind, full, given.split(","), old[REPLACE_ON_CHANGES]) };
}

/** Whether any output differs, other than the hidden ones and the host's `__provider` (in old outputs only). */
function moved(before: Recorded, after: Recorded): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) if (!k.startsWith("__") && !sameValue(before[k], after[k])) return true;
  return false;
}

/**
 * The inputs `full` (whole outputs) stands for: each input field the program gives (a required one, or an optional
 * one in `given`) at its output value, and a field it leaves out whose absence means a value (tags: none; power
 * state: running) when the live value is another, so the next diff shows it going back. Secret inputs are never
 * outputs, so they are not among them: after such a refresh, the next diff shows a secret input (an instance's
 * `userData`) as added, though it is unchanged.
 */
export function inputsFrom(kind: Kind, full: Recorded, given: readonly string[], replaceOnChanges?: unknown) {
  const optional = optionalFields(kind);
  const named = new Set(given);
  const inputs: Recorded = {};
  for (const [k, f] of Object.entries(kind.fields)) {
    const v = full[k];
    if (v === undefined || v === null || f.secret) continue;
    if (!optional.has(k) || named.has(k)) {
      inputs[k] = v;
      continue;
    }
    if (typeof f.unset !== "function") continue; // left out: the API's value is kept, whatever it is
    if (f.when && !f.when(full)) continue;
    if (!(f.same ?? sameValue)(f.unset(full), v)) inputs[k] = v;
  }
  if (replaceOnChanges !== undefined) inputs[REPLACE_ON_CHANGES] = replaceOnChanges;
  return inputs;
}
