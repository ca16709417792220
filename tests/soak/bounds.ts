// What a round may replace and update, from its changes, what was changed out of band, and the kinds'
// declarations alone. A needless replacement (a dependent replaced although nothing it reads changed) or update
// converges like any other step, so the cloud-equals-state invariant cannot see it; this one can. The sets are
// upper bounds: the engine may change less (a field given the same value again), never more.
import { type KindName, kinds } from "../../provider/kinds";
import { urnName } from "../../provider/lifecycle/engineLog";
import type { Change } from "./generator";
import { isRef, type Program } from "./model";

/** The declaration as this check reads it: each field's change rule, `goneWith`, `replaceWhen`. */
interface Declared {
  fields: Record<string, { change: string }>;
  goneWith?: { field: string; kind: string };
  replaceWhen?: unknown;
}
const declared = (kind: KindName) => kinds[kind] as unknown as Declared;

/** The references of one input value (a reference itself, or a list holding some). */
const refsIn = (v: unknown) => (isRef(v) ? [v] : Array.isArray(v) ? v.filter(isRef) : []);

/** The names of the resources a round's `up` may replace, and those it may update in place. */
export interface RoundBounds {
  replace: Set<string>;
  update: Set<string>;
  /**
   * What the round deletes: the engine may take it out as a dependent of a delete-first replacement first
   * (`delete-replaced`, then `remove-pending-replace`), which is its delete.
   */
  delete: Set<string>;
}

/**
 * What a round may replace: what it changes in a field declared `replace`; what reads an output the round changes
 * (a replaced resource's id, an output named after a field the round changes) in a replace-forcing field; what
 * goes with a resource changed in place (`goneWith`); a kind that decides at diff (`replaceWhen`) changed in place;
 * what it adds (a create cut short leaves a failed record, which the next up replaces). What reads a replaced
 * resource's output named after one of its inputs the round leaves alone reads what the replacement keeps (an
 * instance group's name), so it is not among them. What it may update: what it changes in place or adds (a create
 * cut short is completed by an update), what reads a changed output in a field changed in place, and what was
 * changed or deleted out of band (`touched`, which the `up` puts back).
 */
export function roundBounds(
  program: Program,
  changes: readonly Change[],
  touched: Iterable<string> = [],
): RoundBounds {
  const replace = new Set<string>();
  const update = new Set<string>(touched);
  const deleted = new Set(changes.filter((c) => c.type === "delete").map((c) => c.name));
  // the outputs named after fields each resource changes (what a reference with `out` reads)
  const moved = new Map<string, Set<string>>();
  const movedOf = (name: string) => moved.get(name) ?? moved.set(name, new Set()).get(name)!;
  const added = new Set<string>();
  for (const c of changes) {
    // a create the API accepted and a fault then cut short is kept with the error (partial state): the next up
    // completes it by an update, or replaces the record the platform left failed (a job's capacity error)
    if (c.type === "add") added.add(c.name);
    if (c.type === "replace" || c.type === "add") replace.add(c.name);
    if (c.type === "in-place" || c.type === "add") update.add(c.name);
    if (c.type === "replace" || c.type === "in-place") for (const f of c.fields ?? []) movedOf(c.name).add(f);
    if (c.type === "in-place" && declared(c.kind).replaceWhen !== undefined) replace.add(c.name);
  }
  const kindOf = new Map(program.resources.map((r) => [r.name, r.kind]));
  // a replacement has another id and its own computed outputs; the outputs named after its inputs it keeps
  const readsMoved = (target: string, out: string | undefined) =>
    (replace.has(target) && (out === undefined || declared(kindOf.get(target)!).fields[out] === undefined)) ||
    (out !== undefined && moved.get(target)?.has(out) === true);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of program.resources) {
      if (added.has(r.name) || replace.has(r.name)) continue;
      const d = declared(r.kind);
      for (const [field, value] of Object.entries(r.inputs)) {
        const reads = refsIn(value).some((ref) => readsMoved(ref.$ref, ref.out));
        const gone =
          d.goneWith?.field === field &&
          refsIn(value).some((ref) => kindOf.get(ref.$ref) === d.goneWith!.kind && moved.has(ref.$ref));
        if (!reads && !gone) continue;
        if (gone || d.fields[field]?.change === "replace") {
          replace.add(r.name);
          grew = true;
          break;
        }
        // read in place: updated, and its output of that name moves too
        update.add(r.name);
        if (!movedOf(r.name).has(field)) {
          movedOf(r.name).add(field);
          grew = true;
        }
      }
    }
  }
  return { replace, update, delete: deleted };
}

/** Engine step ops that replace (`replace`, `create-replacement`, `delete-replaced`, …). */
const REPLACING = /replace/;

/**
 * The resources the steps replaced or updated beyond `bounds`: "<type> <name> (<op>)". With `updates: false`,
 * replacements alone (a round whose updates cannot be bounded: every resource's timeouts input changed).
 */
export function beyondBounds(
  steps: readonly { op?: string; urn?: string; type?: string }[],
  bounds: RoundBounds,
  { updates = true } = {},
): string[] {
  const found = new Set<string>();
  for (const s of steps) {
    if (!s.op || !s.urn || s.type?.startsWith("pulumi:providers:")) continue;
    const name = urnName(s.urn);
    if (bounds.delete.has(name)) continue;
    const beyond = REPLACING.test(s.op)
      ? !bounds.replace.has(name)
      : updates && s.op === "update" && !bounds.update.has(name) && !bounds.replace.has(name);
    if (beyond) found.add(`${s.type} ${name} (${s.op})`);
  }
  return [...found];
}

/**
 * What the preview before an up may show for each step the up took: its op, or one it may become under a fault (a
 * create cut short is completed as an update, or its failed record replaced).
 */
const FORESEEN: Record<string, readonly string[]> = {
  // an addition whose create a fault cut short is completed as an update
  update: ["update", "create", "replace", "create-replacement"],
  create: ["create", "create-replacement", "replace"],
  delete: ["delete", "delete-replaced"],
};

/**
 * The steps of the ups (`ups`) that the preview before them (`previewed`) did not show: what a reviewer approving
 * that preview would not have approved. "<type> <name> (<op>; the preview: <ops or nothing>)".
 */
export function unforeseen(
  previewed: readonly { op?: string; urn?: string }[],
  ups: readonly { op?: string; urn?: string; type?: string }[],
): string[] {
  const shown = new Map<string, Set<string>>();
  for (const s of previewed) if (s.op && s.urn) shown.set(s.urn, (shown.get(s.urn) ?? new Set()).add(s.op));
  const found = new Set<string>();
  for (const s of ups) {
    if (!s.op || !s.urn || s.type?.startsWith("pulumi:providers:")) continue;
    // (a resource the up deletes may be taken out as a dependent of a delete-first replacement)
    const may = REPLACING.test(s.op)
      ? ["replace", "create-replacement", "delete-replaced", "create", "delete"]
      : FORESEEN[s.op];
    if (!may) continue; // same, read, refresh, …
    const ops = shown.get(s.urn);
    if (ops && may.some((o) => ops.has(o))) continue;
    found.add(`${s.type} ${urnName(s.urn)} (${s.op}; the preview: ${ops ? [...ops].join(", ") : "nothing"})`);
  }
  return [...found];
}
