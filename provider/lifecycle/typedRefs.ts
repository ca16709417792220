// The ids whose kind another input says (TypedRef: cim.Tags' resourceId, by resourceType), judged at preview as the
// API judges them at `up`: it finds the record by that input and refuses an id of another kind, or of none. A known
// id is looked up in the lists of the kinds that value names (or the catalogue a kind's records are listed in), then,
// to say what it is, in those of the other kinds the input can name; one still unknown is judged by the kind of the resource of the program the SDK traced it to
// (planned.ts). Best effort like every lookup: what cannot be read now is not judged.

import type { CheckFailure } from "./check";
import type { LiveRecord, Recorded, TypedRef } from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { catalogueRow, judgingBy, recordOf, regionWhere, requirementFailures } from "./lookups";
import { plannedIn, plannedName } from "./planned";
import { kindNamed } from "./registry";
import { containsUnknown } from "./values";

const WHY = "the API finds the record by its type and refuses an id of another kind";

/** "a volume", "an instance". */
const article = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

/** The refusals of the kind's typed references (FieldSpec.typedRef) that the inputs give. */
export async function typedRefFailures(
  kind: Kind,
  inputs: Recorded,
  region: string | undefined,
  news: Recorded,
  olds: Recorded = {},
): Promise<CheckFailure[]> {
  const all = await Promise.all(
    Object.entries(kind.fields).map(([field, f]) =>
      f.typedRef ? judged(kind, field, f.typedRef, inputs, region, news, olds) : [],
    ),
  );
  return all.flat();
}

/**
 * The record `value` names among `target`'s in the region: from the catalogue the reference lists them in, if any
 * (TypedRef.listedIn), else from the kind's list. Null when there is none, undefined when it cannot be read now.
 */
async function recordIn(
  kind: Kind,
  region: string | undefined,
  t: TypedRef,
  target: Kind,
  value: string,
): Promise<LiveRecord | null | undefined> {
  const listed = t.listedIn?.[target.name];
  if (!listed) return recordOf(kind.name, region, target, value);
  const row = await catalogueRow(kind.name, region, listed, value);
  return row && ({ ...row, id: value } as LiveRecord);
}

async function judged(
  kind: Kind,
  field: string,
  t: TypedRef,
  inputs: Recorded,
  region: string | undefined,
  news: Recorded,
  olds: Recorded,
): Promise<CheckFailure[]> {
  const value = inputs[field];
  const type = inputs[t.by];
  if (value === undefined || typeof type !== "string" || containsUnknown(type)) return [];
  const table = t.kinds();
  const kinds = table.get(type.trim().toLowerCase());
  if (!kinds?.length) return [];
  const wanted = kinds.map((n) => kindNamed(n)?.noun ?? n).join(" or ");
  const asked = `${t.by} ${JSON.stringify(type)}`;
  /** The way out, for a record of kind `other`. */
  const way = (other: string) => {
    const its = t.typeOf(other);
    return `${its ? `Give ${t.by} ${JSON.stringify(its)}` : `Give the ${t.by} of that resource`}, or the id of ${article(wanted)}`;
  };
  if (containsUnknown(value)) {
    // a resource of the program: its kind, as the SDK told it
    return plannedIn(news, field, value).flatMap(({ planned }) => {
      const other = !kinds.includes(planned.kind);
      const it = `${field} names ${kindNamed(planned.kind)?.noun ?? planned.kind} ${plannedName(planned)}`;
      const notOne = `not ${article(wanted)} as ${asked} says`;
      // what no type mends comes first, with the other kind as a fact of it
      const never = t.ofProgram?.(planned.kind, inputs);
      if (never) return [{ property: field, reason: `${it}${other ? ` (${notOne})` : ""}, ${never}` }];
      return other ? [{ property: field, reason: `${it}, ${notOne}: ${WHY}. ${way(planned.kind)}` }] : [];
    });
  }
  if (typeof value !== "string") return [];
  // what the resource names already, under the same type, was taken when it was made (both replace it on change)
  const sameType = String(olds[t.by] ?? "").toLowerCase() === type.trim().toLowerCase();
  if (sameType && olds[field] === value) return [];
  const targets = kinds.map(kindNamed).filter((k): k is Kind => k !== undefined);
  const found = await Promise.all(
    targets.map((target) => judgingBy([field], () => recordIn(kind, region, t, target, value))),
  );
  // found (what it must hold judged on it), or not known now (a list that cannot be read)
  const at = found.findIndex((r) => r);
  if (at >= 0) {
    const record = found[at] as LiveRecord;
    const rules = t.requires?.[targets[at].name] ?? [];
    if (rules.every((r) => r.holds(record, inputs))) return [];
    const name = (record as { name?: unknown }).name;
    const shown = typeof name === "string" && name ? `${name} (${value})` : value;
    const where = await regionWhere(kind.name, region);
    return requirementFailures(field, shown, record, targets[at], where, rules, inputs);
  }
  if (found.some((r) => r === undefined)) return [];
  const where = await regionWhere(kind.name, region);
  // the record it is, among the other kinds the input can name
  const others = [...new Set([...table.values()].flat())]
    .filter((n) => !kinds.includes(n))
    .map(kindNamed)
    .filter((k): k is Kind => k !== undefined);
  for (const other of others) {
    const held = await judgingBy([], () => recordIn(kind, region, t, other, value));
    if (!held) continue;
    const name = (held as { name?: unknown }).name;
    const it = `${other.noun} ${typeof name === "string" && name ? `${name} (${value})` : value}`;
    return [
      {
        property: field,
        reason: `${field} names ${it} in ${where}, not ${article(wanted)} as ${asked} says: ${WHY}. ${way(other.name)}`,
      },
    ];
  }
  return [
    {
      property: field,
      reason: `${field} names no ${wanted} with id "${value}" in ${where}, which ${asked} says it is: ${WHY} or of none (ids are valid only in their own region). Correct the id or ${t.by}; for a resource the program makes, pass its id output (its \`id\`), so that it is made first`,
    },
  ];
}
