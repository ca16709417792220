// The lookups of check for one kind: each field that names a catalogue row (ids of the region's zones, images,
// offerings) or, when the program wrote a plain value (or its SDK cannot say, PLAIN_REFERENCES), another kind's
// resource that must exist; then the kind's own rules on the catalogue rows found (and on those the old inputs
// name, for how a value may change), and the rules on live records (liveChecks.ts: requirements on the records
// references name, values no two records may hold, adoption; typedRefs.ts: ids whose kind another input says).

import { capFailures } from "./caps";
import type { CheckFailure } from "./check";
import { diffFields } from "./diff";
import {
  type Fields,
  type Outputs,
  PLAIN_REFERENCES,
  type Recorded,
  refOf,
  requirementsOf,
} from "./fieldSpec";
import { diffRules } from "./fields";
import type { CatalogueRows, Kind, RowsBefore } from "./kindSpec";
import { adoptionFailures, exclusiveFailures, kindLiveRules, stableRequirements } from "./liveChecks";
import { catalogue, judgingBy, mustExist, mustReferToExisting } from "./lookups";
import { plannedInputs, withNames } from "./planned";
import { nameClaimant, unclaimedNames } from "./programClaims";
import { kindNamed } from "./registry";
import { typedRefFailures } from "./typedRefs";
import { containsUnknown, notHeld, sameValue } from "./values";

const fieldsLookedUp = new WeakMap<Kind, [string, Kind["fields"][string]][]>();

/** The fields of a kind that name a catalogue row or another kind's resource: listed once per kind. */
function lookedUp(kind: Kind): [string, Kind["fields"][string]][] {
  let list = fieldsLookedUp.get(kind);
  if (!list) {
    list = Object.entries(kind.fields).filter(([, f]) => f.lookup || refOf(f));
    fieldsLookedUp.set(kind, list);
  }
  return list;
}

export async function fieldLookups<F extends Fields, O extends Outputs>(
  kind: Kind<F, O>,
  inputs: Recorded,
  region: string | undefined,
  news: Recorded,
  olds: Recorded = {},
): Promise<CheckFailure[]> {
  const out: CheckFailure[] = [];
  const rows: Record<string, Record<string, unknown> | undefined> = {};
  const plain = news[PLAIN_REFERENCES];
  const listed = Array.isArray(plain);
  // what the requirements on a record named read, a reference to a resource the run makes as its stand-in
  const required = plannedInputs(kind as unknown as Kind, inputs, news);
  await Promise.all(
    lookedUp(kind as unknown as Kind).map(async ([k, f]) => {
      if ((f.when && !f.when(inputs)) || containsUnknown(inputs[k]) || inputs[k] === undefined) return;
      const ref = refOf(f);
      const checked = ref?.mustExist && (!listed || plain.includes(k));
      const target = checked ? kindNamed(ref.kind) : undefined;
      // what the resource names already is not sent again: a backup outlives its instance, an instance the
      // template it was made from; only a value the change brings is judged (the API refuses only that)
      const brought = notHeld(inputs[k], olds[k]);
      // unlisted, a name a resource of this run claims may be made by it (its id is unknown until it is made)
      // a resource of another region is looked up there (an id is valid only in its own region)
      const elsewhere = ref?.regionFrom ? inputs[ref.regionFrom] : undefined;
      const where = typeof elsewhere === "string" ? elsewhere : region;
      const named =
        listed || !target || ref?.by !== "name" || brought === undefined
          ? brought
          : await unclaimedNames(target, where, brought);
      if (ref && target && named !== undefined) {
        const refused = await judgingBy([k], () =>
          mustReferToExisting(
            kind.name,
            where,
            k,
            named,
            target,
            ref.by,
            // unlisted, the record may be one this run changes: its stable requirements are judged after (stableRequirements)
            listed ? requirementsOf(ref.requires).filter((r) => !r.plannedOnly) : [],
            required,
            ref.regionFrom,
            // written as text: a name a resource of this run takes is refused, saying what to pass instead
            listed && ref.by === "name"
              ? (v) => nameClaimant(kind as unknown as Kind, target, where, v)
              : undefined,
          ),
        );
        out.push(...refused.map((x) => ({ ...x, reason: withNames(x.reason) })));
      }
      const lookup = f.lookup;
      if (!lookup) return;
      const r = await judgingBy(judgedWith(k, f, inputs), () =>
        mustExist(kind.name, region, lookup.catalogue, k, inputs[k], lookup.what),
      );
      if (r.failure && named !== undefined) out.push(r.failure);
      rows[k] = r.row;
    }),
  );
  if (kind.lookups) {
    const before = await rowsBefore(kind as unknown as Kind, inputs, olds, region, rows);
    out.push(...kind.lookups(inputs as never, rows, before));
  }
  if (out.length) return out;
  const k = kind as unknown as Kind;
  const live = await Promise.all([
    stableRequirements(k, inputs, region, news, olds),
    typedRefFailures(k, inputs, region, news, olds),
    kindLiveRules(k, inputs, olds, region, news),
    exclusiveFailures(k, inputs, olds, region, news),
    capFailures(k, inputs, olds, region, news),
    adoptionFailures(k, inputs, olds, region),
  ]);
  return namedOnce(live);
}

/**
 * The old inputs and the catalogue rows they name (RowsBefore), from the lists the check reads anyway: undefined
 * for a resource about to be made (no old inputs) and for one moving to another region (its old ids are not of
 * this one, and the move replaces it).
 */
async function rowsBefore(
  kind: Kind,
  inputs: Recorded,
  olds: Recorded,
  region: string | undefined,
  rows: CatalogueRows,
): Promise<RowsBefore | undefined> {
  if (Object.keys(olds).length === 0 || !sameValue(olds.region ?? region, region)) return undefined;
  const before: CatalogueRows = {};
  await Promise.all(
    lookedUp(kind).map(async ([k, f]) => {
      const old = olds[k];
      if (!f.lookup || typeof old !== "string" || (f.when && !f.when(olds))) return;
      if (sameValue(old, inputs[k])) before[k] = rows[k];
      else {
        const name = f.lookup.catalogue;
        const list = await judgingBy(judgedWith(k, f, inputs), () =>
          catalogue<{ id: string }>(kind.name, region, name),
        );
        before[k] = list?.find((r) => r.id === old) as Record<string, unknown> | undefined;
      }
    }),
  );
  return {
    inputs: olds,
    rows: before,
    replaced: diffFields(diffRules(kind), olds, inputs).replaces.length > 0,
  };
}

/** A catalogue field and the inputs given that the kind's rules judge by the entry it names (`lookup.judges`). */
const judgedWith = (k: string, f: Kind["fields"][string], inputs: Recorded): string[] => [
  k,
  ...(f.lookup?.judges ?? []).filter((j) => inputs[j] !== undefined && !containsUnknown(inputs[j])),
];

/**
 * An input one group of rules refuses is not refused again by a later group: rules judging one value two ways (a
 * gateway's VLAN taken by a live gateway of the zone, and claimed by another gateway of the program, which is that
 * one) would say one cause twice. The groups come most specific first: the records references name, the kind's
 * own live rules, the values no two records may hold, adoption. Within a group every failure stays (a list naming
 * two records that each fail).
 */
function namedOnce(groups: CheckFailure[][]): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const group of groups) {
    const named = new Set(out.map((f) => f.property));
    out.push(...group.filter((f) => !named.has(f.property)));
  }
  return out;
}
