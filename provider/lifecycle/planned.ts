// References to resources the same run makes. At preview such a reference is unknown (the id exists once its
// resource is made), so the rules on what it names could not be judged before `up` had made what comes first. The
// TypeScript SDK knows which resource of the program an unknown reference comes from, and sends that resource's
// kind, name and inputs (PLANNED_REFERENCES, never kept: check keeps declared inputs alone). Check then judges:
// - the requirements on the record named that declare the inputs they read (`Requirement.planned`), on the record
//   those inputs will make (a tier inside its new VPC's range, a backup schedule's new instance with an offering);
// - the values no two resources may hold (`Exclusive`), with a stand-in for the unknown id, the same for every
//   reference to that resource and unlike any record's (two rules of one number in a new ACL list);
// - requirements that compare what two records name (a tier's ACL list is of the tier's VPC), with a stand-in where
//   either names a resource of the run: the one this resource names (plannedInputs), or the one the record named
//   names, which the SDK traces too (Planned.refs). Two references to one new VPC are the same stand-in, and a
//   stand-in is unlike the id of any record (an adoption, whose id is a record's, has none).

import { type LiveRecord, PLANNED_REFERENCES, type Recorded, refOf } from "./fieldSpec";
import { checkKind } from "./fields";
import type { Kind } from "./kindSpec";
import { kindNamed } from "./registry";
import { containsUnknown } from "./values";

/** A resource of the program that an unknown reference comes from, as the SDK describes it. */
export interface Planned {
  /** Its kind's name (Vpc, Instance, …). */
  readonly kind: string;
  /** Its Pulumi name. */
  readonly name: string;
  /** What tells it from every other resource of the run (made by the SDK for the run). */
  readonly key: string;
  /** Its inputs as the program gives them, less those it withholds. */
  readonly inputs: Recorded;
  /** The inputs it gives but does not tell: secret ones, and those not known yet (another resource's output). */
  readonly withheld?: readonly string[];
  /**
   * Of its withheld references to other resources by id, those that name resources of the run (made, not adopted):
   * which one, or for a list each element (an id as it is where known).
   */
  readonly refs?: Readonly<Record<string, PlannedRef | readonly (PlannedRef | string)[]>>;
}

/** A resource of the run that a planned resource's input names: enough to stand for it (its kind, name and key). */
export type PlannedRef = Pick<Planned, "kind" | "name" | "key">;

const isRef = (v: unknown): v is PlannedRef => {
  const r = v as PlannedRef | null;
  return (
    r !== null &&
    typeof r === "object" &&
    typeof r.kind === "string" &&
    typeof r.name === "string" &&
    typeof r.key === "string" &&
    r.key.length > 0
  );
};

/** A planned resource's stand-in value for its reference `field`, if the SDK traced it (a list: every element). */
function refValue(p: Planned, field: string): string | string[] | undefined {
  const r = p.refs?.[field];
  if (isRef(r)) return stand(r);
  if (!Array.isArray(r) || !r.every((e) => typeof e === "string" || isRef(e))) return undefined;
  return r.map((e) => (typeof e === "string" ? e : stand(e as PlannedRef)));
}

/** Whether a planned resource takes an existing record (adoptId): its id is that record's, and no stand-in is its. */
const adopts = (p: Planned) =>
  (p.inputs.adoptId !== undefined && p.inputs.adoptId !== null) ||
  (Array.isArray(p.withheld) && p.withheld.includes("adoptId"));

const isPlanned = (v: unknown): v is Planned => {
  const p = v as Planned | null;
  return (
    p !== null &&
    typeof p === "object" &&
    typeof p.kind === "string" &&
    typeof p.name === "string" &&
    typeof p.key === "string" &&
    p.key.length > 0 &&
    p.inputs !== null &&
    typeof p.inputs === "object" &&
    !Array.isArray(p.inputs)
  );
};

/** A resource of the run that an unknown value stands for, and where: the element of a list, or the value itself. */
export interface PlannedAt {
  readonly at?: number;
  readonly planned: Planned;
}

/**
 * The resources of kind `kindName` (any kind when not given) the unknown parts of `value` (reference `field`: one
 * value, or the elements of a list) come from, as the program's SDK said (PLANNED_REFERENCES); none where it did not
 * say (a value it could not trace, another language's SDK).
 */
export function plannedIn(news: Recorded, field: string, value: unknown, kindName?: string): PlannedAt[] {
  const all = news[PLANNED_REFERENCES];
  if (all === null || typeof all !== "object" || Array.isArray(all)) return [];
  const said = (all as Recorded)[field];
  const of = (v: unknown, p: unknown) =>
    containsUnknown(v) && isPlanned(p) && (kindName === undefined || p.kind === kindName);
  if (!Array.isArray(value)) return of(value, said) ? [{ planned: said as Planned }] : [];
  if (!Array.isArray(said)) return [];
  return value.flatMap((v, at) => (of(v, said[at]) ? [{ at, planned: said[at] as Planned }] : []));
}

/** How a message names a resource the run makes. */
export const plannedName = (p: PlannedRef) => `${JSON.stringify(p.name)} (new in this run)`;

/** The value that stands for the unknown id of a resource the run makes: the same for each reference to it. */
const STAND_IN = "\u0001planned:";
const standIn = (p: PlannedRef) => `${STAND_IN}${p.kind}:${p.key}`;
/**
 * The names of every stand-in this process has made: a claim recorded by one resource's check can appear in
 * another's message (the network another rule of the program claims), whose own inputs do not name it.
 */
const standInNames = new Map<string, string>();
/**
 * A stand-in no check of this process made (another provider's process), as it is or escaped inside a JSON text:
 * its kind, said in words.
 */
const OTHER_STAND_IN = new RegExp(`(?:${STAND_IN}|\\\\u0001planned:)([A-Za-z]+):[0-9A-Za-z-]+`, "g");

/** A stand-in for `p`, its name noted for the messages that show it. */
function stand(p: PlannedRef): string {
  const s = standIn(p);
  standInNames.set(s, plannedName(p));
  return s;
}

/** A message with each stand-in turned back into its resource's name (or, unknown here, its kind). */
export function withNames(text: string): string {
  let t = text;
  // as it is, quoted as JSON, and escaped inside a longer JSON text (a claim such as `<list id>/10`)
  for (const [s, name] of standInNames)
    for (const form of [JSON.stringify(s), JSON.stringify(s).slice(1, -1), s]) t = t.split(form).join(name);
  return t.replace(OTHER_STAND_IN, (_m, k: string) => `a ${k} new in this run`);
}

/**
 * The record a planned resource's inputs will make, as far as they say it, in the names of its kind's inputs (which
 * the records share for what they both hold): its kind's field checks applied, so values are as check keeps them
 * (defaults, normalised forms). Values not known yet are left out; the requirements that read them are not judged
 * (plannedFieldsKnown).
 */
export function plannedRecord(p: Planned): LiveRecord | undefined {
  const kind = kindNamed(p.kind);
  // an adoption takes a record as it is, whatever the inputs leave out
  if (!kind || adopts(p)) return undefined;
  const { inputs } = checkKind(kind, {}, p.inputs);
  const known = Object.entries(inputs).filter(([, v]) => !containsUnknown(v));
  // the resources of the run its references name, as stand-ins (after the checks, which want ids)
  const refs = Object.keys(p.refs ?? {}).flatMap((f) => {
    const v = refValue(p, f);
    return v === undefined ? [] : [[f, v] as const];
  });
  // a kind named after its resource when the program gives no name: that name, as its record will have it
  const name = kind.nameFromResource && inputs.name === undefined ? { name: p.name } : {};
  return { ...name, ...Object.fromEntries(known), ...Object.fromEntries(refs), id: plannedName(p) };
}

/**
 * Whether a planned resource's inputs say each of `fields` (given or left out, but not unknown or withheld; a
 * reference to a resource of the run the SDK traced is said, by its stand-in).
 */
export const plannedFieldsKnown = (p: Planned, fields: readonly string[]) =>
  fields.every(
    (f) =>
      refValue(p, f) !== undefined ||
      (!containsUnknown(p.inputs[f]) && !(Array.isArray(p.withheld) && p.withheld.includes(f))),
  );

/**
 * The inputs with a stand-in for each unknown reference (or list element) the SDK traced to a resource of the run
 * (`made`: only to one that makes its record, not adopts one), what turns the stand-ins of a message back into
 * the resources' names, and the resource each stand-in is for; undefined when there is none.
 */
export function withStandIns(
  kind: Kind,
  inputs: Recorded,
  news: Recorded,
  made = false,
): { inputs: Recorded; shown: (text: string) => string; planned: ReadonlyMap<string, Planned> } | undefined {
  if (news[PLANNED_REFERENCES] === undefined) return undefined;
  const out: Recorded = { ...inputs };
  const planned = new Map<string, Planned>();
  const standFor = (p: Planned) => {
    const s = stand(p);
    planned.set(s, p);
    return s;
  };
  for (const [k, f] of Object.entries(kind.fields)) {
    const ref = refOf(f);
    if (!ref || ref.by === "name") continue;
    const found = plannedIn(news, k, inputs[k], ref.kind).filter((x) => !(made && adopts(x.planned)));
    if (!found.length) continue;
    const value = inputs[k];
    if (!Array.isArray(value)) {
      out[k] = standFor(found[0].planned);
      continue;
    }
    const stood = [...value];
    for (const { at, planned: p } of found) stood[at as number] = standFor(p);
    out[k] = stood;
  }
  return planned.size ? { inputs: out, shown: withNames, planned } : undefined;
}

/**
 * The inputs a requirement on a record reads (Requirement.needs), with a stand-in for each unknown reference the SDK
 * traced to a resource the run makes rather than adopts (withStandIns): a requirement that compares what two records
 * name is then judged as it will be at `up`. The inputs as they are when there is none.
 */
export const plannedInputs = (kind: Kind, inputs: Recorded, news: Recorded) =>
  withStandIns(kind, inputs, news, true)?.inputs ?? inputs;

/**
 * What a kind's rules on live records (KindSpec.liveRules) may read of the resources of the run its unknown references
 * come from: the inputs with a stand-in for each reference the SDK traced to a resource the run makes (plannedInputs),
 * and by stand-in the record that resource will make (plannedRecord). A record is given only where the resource's
 * inputs say every value (none unknown but traced references, none withheld): those rules read what they need of a
 * record without saying which fields, and would take a value not said yet for one the record lacks. None for a
 * resource the program puts in another region.
 */
export function tracedRecords(
  kind: Kind,
  inputs: Recorded,
  news: Recorded,
  region: string | undefined,
): { inputs: Recorded; records: ReadonlyMap<string, LiveRecord> } {
  const stood = withStandIns(kind, inputs, news, true);
  const records = new Map<string, LiveRecord>();
  for (const [s, p] of stood?.planned ?? []) {
    // a resource the program puts in another region is not one this region's records could name
    if (typeof p.inputs.region === "string" && p.inputs.region !== region) continue;
    const withheld = Array.isArray(p.withheld) ? p.withheld : [];
    if (!plannedFieldsKnown(p, [...Object.keys(p.inputs), ...withheld])) continue;
    const record = plannedRecord(p);
    if (record) records.set(s, record);
  }
  return { inputs: stood?.inputs ?? inputs, records };
}

/** Whether a value holds a stand-in (a claim made of one is between the program's resources alone). */
export const hasStandIn = (v: unknown): boolean =>
  typeof v === "string"
    ? v.includes(STAND_IN)
    : Array.isArray(v)
      ? v.some(hasStandIn)
      : v !== null && typeof v === "object" && Object.values(v).some(hasStandIn);
