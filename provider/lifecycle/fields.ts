// What a kind's field declarations mean, once for every kind: check (schemas, adoption-optional fields,
// cross-field rules), diff (change rules), verify after write (what the API reported against what was
// asked: the API ignores keys it does not know) and outputs (recorded inputs and live values). Pure.

import { type Checked, checkFields, isUuid, requiredUnlessAdopting } from "./check";
import { type DiffDecision, diffFields, type FieldRules } from "./diff";
import {
  catalogueLookup,
  defaultValue,
  type Fields,
  givenOnlyOutputs,
  liveValue,
  NAME_DEFAULTED,
  type Outputs,
  type OutputsOf,
  outputNames,
  outputValue,
  type Recorded,
  secretInputs,
  stateDefaults,
} from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { compact, sameValue, UNKNOWN } from "./values";

/** A kind's fields and output-only values as [name, declaration] pairs, listed once per kind. */
const listed = new WeakMap<
  Kind,
  { fields: [string, Kind["fields"][string]][]; outputs: [string, Kind["outputs"][string]][] }
>();
const lists = (kind: Kind) => {
  let l = listed.get(kind);
  if (!l) {
    l = { fields: Object.entries(kind.fields), outputs: Object.entries(kind.outputs) };
    listed.set(kind, l);
  }
  return l;
};
/** A kind's fields as [name, field] pairs (check, diff and outputs run per resource: no list per call). */
const entries = (kind: Kind) => lists(kind).fields;

/** Field schemas, adoption-optional fields and the kind's cross-field rules. `olds` are the old inputs. */
const checkCache = new WeakMap<
  Kind,
  { schemas: Record<string, Kind["fields"][string]["schema"]>; secret: string[] }
>();

/**
 * The inputs a check judges when the dynamic path's SDK filled in `name` (NAME_DEFAULTED): for a resource the stack
 * holds, the name it holds, or none (adopted without one: it keeps its live name), as the plugin names it
 * (native/adapter.ts: defaultName). Only a new resource takes the resource name.
 */
export function withoutDefaultedName(olds: Recorded | undefined, news: Recorded): Recorded {
  const kept = keptName(olds);
  if (news[NAME_DEFAULTED] !== true || kept === undefined) return news;
  const { name: _filledIn, ...rest } = news;
  return kept === null ? rest : { ...rest, name: kept };
}

/**
 * The name a resource the stack holds keeps when the program gives none (`olds`: its old inputs): the name it holds,
 * or null when it holds none (adopted without one: it keeps its live name). Undefined for a new resource (no old
 * inputs), which takes its resource name. Both adapters name by it (native/adapter.ts: defaultName).
 */
export function keptName(olds: Recorded | undefined): string | null | undefined {
  if (olds === undefined || Object.keys(olds).length === 0) return undefined;
  return typeof olds.name === "string" && olds.name !== "" ? olds.name : null;
}

export function checkKind(kind: Kind, olds: Recorded, news: Recorded): Checked<Recorded> {
  let spec = checkCache.get(kind);
  if (!spec) {
    spec = {
      schemas: Object.fromEntries(entries(kind).map(([k, f]) => [k, f.schema])),
      secret: secretInputs(kind),
    };
    checkCache.set(kind, spec);
  }
  const { values, failures, refused } = checkFields(spec.schemas, news, { secret: spec.secret });
  // A name where the platform takes an id: say which lookup finds the id.
  for (const failure of failures) {
    const k = failure.property;
    const catalogue = kind.fields[k]?.lookup?.catalogue;
    const fn = k === "region" ? "getRegion" : catalogue && catalogueLookup(catalogue);
    if (!fn || typeof news[k] !== "string" || isUuid(news[k])) continue;
    failure.reason += `; the ${fn} lookup finds its id by name (cim.${fn} in TypeScript, cim:index:${fn} in Pulumi YAML)`;
  }
  // a resource the stack holds without the value (imported: the API never shows an SSH key pair's public key)
  // keeps its record as it is without it
  const existing = olds !== undefined && Object.keys(olds).length > 0;
  for (const [k, f] of entries(kind)) {
    // only when left out: a value given and refused has its own failure (named or, if concealed, not)
    const given = news[k] !== undefined && news[k] !== null;
    const neverHeld = existing && (olds[k] === undefined || olds[k] === null);
    if (f.requiredUnlessAdopting && !given && !refused.includes(k) && !neverHeld)
      requiredUnlessAdopting(values, failures, k, f.requiredUnlessAdopting);
  }
  // A value refused by its own field's rule has its failure; to the cross-field rules it is a value not known
  // yet, as at preview, so none of them adds a second, false one for the same cause ("give both" for a netmask
  // given but malformed).
  const known = refused.length
    ? { ...values, ...Object.fromEntries(refused.map((k) => [k, UNKNOWN])) }
    : values;
  const replaced = existing && diffFields(diffRules(kind), olds, values).replaces.length > 0;
  kind.rules?.(known, (property, reason) => failures.push({ property, reason }), olds ?? {}, replaced);
  // A field the program leaves out whose absence means a value (its default) takes that value when the old
  // inputs hold one (a refresh recorded drift, or the program dropped its own value): the engine then shows the
  // change from the old value to the default (`~ powerState: "stopped" => "running"`), not a removal. A derived
  // field (its value another input's, FieldSpec.derived) takes it whenever the program leaves it out.
  for (const [k, f] of entries(kind)) {
    if (typeof f.unset !== "function" || f.secret || values[k] !== undefined) continue;
    if (news[k] !== undefined && news[k] !== null) continue;
    const held = olds?.[k] !== undefined && olds[k] !== null;
    if (!held && !f.derived) continue;
    if (f.when && !f.when(values)) continue;
    const d = f.unset(values);
    // a derived value is written only when it is one (an ICMP type of a tcp rule is none)
    if (d !== undefined && (held || d !== null)) values[k] = d;
  }
  return { inputs: values, failures };
}

const rulesCache = new WeakMap<Kind, FieldRules>();

/** The diff rules of a kind's fields (state-only fields are updates without API calls). */
export function diffRules(kind: Kind): FieldRules {
  let rules = rulesCache.get(kind);
  if (!rules) {
    rules = {};
    for (const [k, f] of entries(kind)) {
      if (f.change === "ignore") continue;
      rules[k] = {
        change: f.change === "replace" ? "replace" : "update",
        unset: f.unset,
        same: f.same,
        old: f.old,
        when: f.when,
      };
    }
    rulesCache.set(kind, rules);
  }
  return rules;
}

/** Whether the record is in the kind's failed state (what a create that failed leaves): it cannot be repaired. */
export const isFailedRecord = (kind: Kind, olds: Recorded): boolean =>
  kind.states?.failed !== undefined && olds.state === kind.states.failed;

/** olds: the old OUTPUTS; news: the checked inputs. */
export function diffKind(kind: Kind, olds: Recorded, news: Recorded): DiffDecision {
  const { changed, replaces } = diffFields(diffRules(kind), olds, news);
  // A create that failed leaves a resource that cannot be repaired: replace it.
  if (isFailedRecord(kind, olds)) replaces.push("state");
  const replacing = replaces.length > 0;
  const first = kind.deleteBeforeReplace?.(olds, news) ?? false;
  return {
    changes: changed.length > 0 || replacing,
    replaces,
    // said whether the diff replaces or not: the engine replaces an in-place change the program's replaceOnChanges
    // names too (on the plugin, after this diff), and reads this only when it replaces
    deleteBeforeReplace: first === true || (typeof first === "string" && first !== ""),
    ...(typeof first === "string" && first !== "" ? { deletesFirstWhy: first } : {}),
    updates: replacing ? [] : changed,
  };
}

/** [field, asked, got, same] for messages (errors.mismatches). */
export type Comparison = [string, unknown, unknown, boolean];

/**
 * Wanted values against the live record. "update": the in-place fields (a field the API does not show as
 * asked was not applied). "replace": the fields that cannot change in place (adoption, and verifying a
 * create); one the API does not report is skipped. A field the program leaves out is skipped unless it has
 * a desired default (tags: none; power state: running).
 */
export function compare(
  kind: Kind,
  phase: "update" | "replace",
  want: Recorded,
  live: Record<string, unknown>,
  tags?: Record<string, string>,
): Comparison[] {
  const out: Comparison[] = [];
  for (const [k, f] of entries(kind)) {
    if (k === "region" || (phase === "update" ? f.change !== "update" : f.change !== "replace")) continue;
    if (f.when && !f.when(want)) continue;
    let desired = want[k];
    if (desired === undefined || desired === null) {
      if (f.unset === undefined || f.unset === "keep") continue;
      desired = f.unset(want);
    }
    const got = k === "tags" && kind.tags ? tags : liveValue(f, k, live, want);
    if (phase === "replace" && got === undefined) continue;
    const same = f.same ?? sameValue;
    out.push([k, desired, got ?? undefined, same(desired, got ?? undefined)]);
  }
  return out;
}

/** The fields of comparisons whose live value is not the wanted one: what the API did not apply (or moved since). */
export const unapplied = (pairs: Comparison[]): string[] =>
  pairs.filter(([, , , same]) => !same).map(([k]) => k);

/** The fields of `compare("update", …)` whose live value differs from the wanted one: what to apply. */
export function changedFields(kind: Kind, want: Recorded, live: Record<string, unknown>): Set<string> {
  return new Set(
    compare(kind, "update", want, live)
      .filter(([k, , , same]) => !same && !(k === "tags" && kind.tags))
      .map(([k]) => k),
  );
}

/**
 * The program's view of a resource: recorded values for what cannot change (and what the API does not
 * report), live values for the rest, output-only fields, the region. `rec` is the checked inputs (create,
 * adoption) or the old outputs (update, read). Without a live record (a create whose result cannot be read)
 * pass `{}`: the recorded values are kept. `asLive`: fields whose live value wins whatever the field prefers: those
 * the API did not apply as asked (a partial state's outputs, engine.ts), so that state and the next diff show what
 * the API has, not what was asked.
 */
export function outputsOf<F extends Fields, O extends Outputs>(
  kind: Kind<F, O>,
  rec: Recorded,
  live: Record<string, unknown>,
  region: string | undefined,
  tags?: Record<string, string>,
  asLive?: readonly string[],
): OutputsOf<F, O> {
  // Only values that are there go in (the host refuses undefined), each without undefined inside: the object
  // is built once, not built and then copied (a refresh makes one per resource). Each key is put once: a
  // kind's output-only names never repeat its fields' (the registry refuses that).
  const out: Recorded = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v !== null && typeof v === "object" ? compact(v) : v;
  };
  put("region", region);
  for (const [k, f] of entries(kind)) {
    if (k === "region" || f.secret) continue;
    if (k === "tags" && kind.tags) {
      put("tags", tags ?? rec.tags);
      continue;
    }
    if (f.output) {
      put(k, f.output(live, rec));
      continue;
    }
    const lv = liveValue(f, k, live, rec);
    const rv = rec[k];
    const preferLive =
      asLive?.includes(k) === true || (f.prefer ?? (f.change === "update" ? "live" : "input")) === "live";
    // A live value of null means the API says "none": it wins over what was recorded, and is not recorded.
    put(k, (preferLive ? (lv === undefined ? rv : lv) : (rv ?? lv)) ?? f.default);
  }
  for (const [k, o] of lists(kind).outputs) put(k, outputValue(o, k, live, rec));
  // Built key by key from the declaration, which the type system cannot follow: the one cast of the outputs.
  // The lifecycle tests parse what the providers return with the kind's outputs schema (kinds/outputSchema.ts),
  // whose type is proved at compile time to be OutputsOf<F, O>.
  return out as OutputsOf<F, O>;
}

/**
 * The outputs a preview of an in-place update shows (the update changes nothing then), as the update itself makes
 * them (`update` in engine.ts) with the old outputs standing for the live record: each changed field as asked (left
 * out: its desired default; an update verifies what it applied, so the record then shows that), a field recorded
 * from the inputs as given, the rest as it was; and unknown what only the update can say, each output that follows
 * a changed field (OutputSpec.follows). `olds`: the old outputs whole (fullOutputs); `news`: the checked inputs.
 */
export function updatePreview(kind: Kind, olds: Recorded, news: Recorded): Recorded {
  const out: Recorded = { ...olds };
  const changed = new Set(diffFields(diffRules(kind), olds, news).changed);
  const set = (k: string, v: unknown) => {
    if (v === undefined || v === null) delete out[k];
    else out[k] = v;
  };
  for (const [k, f] of entries(kind)) {
    // a secret input is never an output (state an old version wrote may still hold one)
    if (f.secret) delete out[k];
    if (k === "region" || f.secret || f.change === "replace") continue;
    if (changed.has(k)) {
      const unset = news[k] === undefined || news[k] === null;
      set(k, unset && typeof f.unset === "function" ? f.unset(news) : news[k]);
    } else if ((f.live === undefined || (f.when && !f.when(news))) && !(k === "tags" && kind.tags))
      // recorded from the inputs: no live value, or none while the field does not apply (outputsOf: liveValue)
      set(k, news[k] ?? f.default);
  }
  for (const [k, o] of lists(kind).outputs) if (o.follows?.some((f) => changed.has(f))) out[k] = UNKNOWN;
  return out;
}

/**
 * What state keeps of a kind's outputs (create, read, update, partial state): `outs`, with null for each output
 * that has its declared default (FieldSpec.stateDefault) and for each output the resource lacks (withAbsent).
 * Every output is a property the engine writes into each checkpoint of the stack, so the ones that rarely differ
 * from their default are kept as a null while they have it.
 */
export function compactOutputs(kind: Kind, outs: Recorded): Recorded {
  let out: Recorded | undefined;
  for (const [k, d] of stateDefaults(kind)) {
    if (outs[k] === undefined || outs[k] === null || outs[k] !== defaultValue(d, outs)) continue;
    if (!out) out = { ...outs };
    out[k] = null;
  }
  return withAbsent(kind, out ?? outs);
}

/**
 * `outs` with each output the kind declares: null for one the resource lacks (an unattached volume's `instanceId`)
 * or state keeps at its default. Pulumi's Node SDK gives a program each registered output that state leaves out as
 * unknown at every preview, a resource's that nothing changes too (`volume.instanceId.apply(…)` then previews a
 * change to whatever depends on it); a null is a value it knows. The SDK classes give the program undefined for it
 * (or the default), as before (sdk/resource.ts: readBackStored); the provider reads it as absent (fullOutputs).
 * Not for an output that is only an input the program gave (givenOnlyOutputs): the SDK class knows it is absent
 * when the program leaves that input out, and registers it only when the program gives it.
 */
export function withAbsent(kind: Kind, outs: Recorded): Recorded {
  let out: Recorded | undefined;
  const givenOnly = givenOnlyOutputs(kind);
  for (const k of outputNames(kind)) {
    if (outs[k] !== undefined || givenOnly.has(k)) continue;
    if (!out) out = { ...outs };
    out[k] = null;
  }
  return out ?? outs;
}

/**
 * The outputs `stored` stands for (the old outputs given to diff, update, read and delete): without the nulls that
 * stand for an output the resource lacks (withAbsent), and each output kept at its default (compactOutputs) back
 * as that default. The SDK class reads them the same way (sdk/resource.ts), so a program sees every output.
 */
export function fullOutputs(kind: Kind, stored: Recorded): Recorded {
  let out: Recorded | undefined;
  for (const k in stored) {
    if (stored[k] !== null) continue;
    if (!out) out = { ...stored };
    delete out[k];
  }
  const from = out ?? stored;
  for (const [k, d] of stateDefaults(kind)) {
    if (from[k] !== undefined) continue;
    const v = defaultValue(d, from);
    if (v === undefined) continue;
    if (!out) out = { ...stored };
    out[k] = v;
  }
  return out ?? stored;
}
