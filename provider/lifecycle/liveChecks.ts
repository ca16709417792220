// The checks of preview that read live records, so that what the API would refuse at `up` is refused before
// anything changes (a delete-first replacement included: check runs before diff and before any delete):
// - stable requirements on the records a field names (an instance's networks are in its zone, a tier lies in
//   its VPC's range), on any value known at check;
// - exclusive values (a host name, a tier's range) that another live record of the kind already holds, or
//   another resource of the program claims (programClaims.ts);
// - adoption: the record `adoptId` names exists, can be adopted, and matches the program in the fields that
//   cannot change in place; the preview says it adopts (the plan shows the step as a create).
// Reads are the shared per-process lists of lookups.ts (one list per kind and region for a minute, a fresher one
// when an id is missing), and best effort like every lookup: what cannot be read now is not judged, and a value
// not known yet (a resource the same program creates) is skipped.

import type { CheckFailure } from "./check";
import { currentResource, currentResourceName, engineInfo } from "./engineLog";
import { readOrGone } from "./errors";
import {
  type Exclusive,
  type HeldLive,
  type LiveRecord,
  PLAIN_REFERENCES,
  type Recorded,
  type Requirement,
  refOf,
  requirementsOf,
} from "./fieldSpec";
import { compare } from "./fields";
import type { Kind, LiveRules } from "./kindSpec";
import {
  CATALOGUES,
  type CatalogueName,
  catalogue,
  confirmedRows,
  judgingBy,
  liveList,
  liveListFor,
  liveRecord,
  namingRegion,
  readForCheck,
  regionWhere,
  requirementFailures,
} from "./lookups";
import {
  hasStandIn,
  plannedFieldsKnown,
  plannedIn,
  plannedInputs,
  plannedName,
  plannedRecord,
  tracedRecords,
  withNames,
  withStandIns,
} from "./planned";
import {
  canonical,
  claimant,
  claimedTwice,
  claimIds,
  claimRegion,
  clashes,
  keptClaim,
} from "./programClaims";
import { kindNamed } from "./registry";
import {
  changeNoted,
  currentCheck,
  heldBefore,
  keptByAnyReplacement,
  keptByReplacement,
  replacementNoted,
  secondCheckOf,
  seenChange,
} from "./runChanges";
import { containsUnknown, notHeld, sameValue } from "./values";

const known = (inputs: Recorded, fields: readonly string[] | undefined) =>
  (fields ?? []).every((f) => !containsUnknown(inputs[f]));

/**
 * The stable requirements of each reference field, on the records its known values name; and those on what a record
 * changes in place (`changesWith`), on the records a new value names, unless a diff of this run changes that. An
 * input a requirement reads that names a resource the run makes is that resource's stand-in (planned.ts).
 */
export async function stableRequirements(
  kind: Kind,
  given: Recorded,
  region: string | undefined,
  news: Recorded,
  olds: Recorded = {},
): Promise<CheckFailure[]> {
  const plain = Array.isArray(news[PLAIN_REFERENCES]) ? (news[PLAIN_REFERENCES] as string[]) : [];
  const inputs = plannedInputs(kind, given, news);
  const out: CheckFailure[] = [];
  await Promise.all(
    Object.entries(kind.fields).map(async ([k, f]) => {
      const ref = refOf(f);
      if (!ref?.requires || (f.when && !f.when(inputs))) return;
      // a plain value of a mustExist reference that the change brings is judged with every requirement where it
      // is looked up (fieldLookups.ts); one the resource names already is judged here (its zone may change)
      const fresh = notHeld(given[k], olds[k]);
      const lookedUp = ref.mustExist && plain.includes(k) ? fresh : undefined;
      const brought = new Set(([] as unknown[]).concat(fresh ?? []));
      const rules = requirementsOf(ref.requires).filter(
        (r) => (r.stable || r.changesWith) && known(inputs, r.needs),
      );
      const value = given[k];
      if (value === undefined || ref.by === "name") return;
      const target = kindNamed(ref.kind);
      if (!target) return;
      const elsewhere = ref.regionFrom ? inputs[ref.regionFrom] : undefined;
      const where = typeof elsewhere === "string" ? elsewhere : region;
      if (containsUnknown(value)) {
        const requires = requirementsOf(ref.requires);
        out.push(
          ...(await namingRegion(kind.name, where, (text) =>
            plannedFailures(k, value, requires, target, news, inputs, text, where),
          )),
        );
        return;
      }
      if (!rules.length) return;
      const judged = new Set(lookedUp === undefined ? [] : Array.isArray(lookedUp) ? lookedUp : [lookedUp]);
      const ids = (Array.isArray(value) ? value : [value]).filter(
        (v): v is string => typeof v === "string" && !judged.has(v),
      );
      for (const id of ids) {
        // what the record can change in place is judged on a value this change brings, unless this run changes it
        const changed = seenChange(target.name, id)?.updates ?? [];
        const due = rules.filter(
          (r) => r.stable || (brought.has(id) && !r.changesWith?.some((f) => changed.includes(f))),
        );
        if (!due.length) continue;
        // a row that fails a rule is read once more: the list may predate a change of this run
        const row = await judgingBy([k], () =>
          liveRecord(kind.name, where, target, id, (r) => due.some((x) => !x.holds(r, inputs))),
        );
        if (row)
          out.push(
            ...(await namingRegion(kind.name, where, (text) =>
              requirementFailures(k, id, row, target, text, due, inputs),
            )),
          );
      }
    }),
  );
  return out.map((f) => ({ ...f, reason: withNames(f.reason) }));
}

/**
 * The requirements that say what record fields they read (`planned`), on the records that the resources of the run
 * an unknown value comes from will make (planned.ts): each is new, so every such requirement is due. Not judged for
 * a resource the program puts in another region than this one.
 */
function plannedFailures(
  field: string,
  value: unknown,
  requires: readonly Requirement[],
  target: Kind,
  news: Recorded,
  inputs: Recorded,
  where: string,
  region: string | undefined,
): CheckFailure[] {
  const rules = requires.filter((r) => r.planned && known(inputs, r.needs));
  if (!rules.length) return [];
  const out: CheckFailure[] = [];
  for (const { planned: p } of plannedIn(news, field, value, target.name)) {
    const elsewhere = p.inputs.region;
    if (typeof elsewhere === "string" && elsewhere !== region) continue;
    const due = rules.filter((r) => plannedFieldsKnown(p, r.planned ?? []));
    const record = due.length ? plannedRecord(p) : undefined;
    if (record) out.push(...requirementFailures(field, plannedName(p), record, target, where, due, inputs));
  }
  return out;
}

/** The records of another kind of the region that `match` picks, for `kind`'s rules (LiveRules.find). */
export const findIn =
  (kind: Kind, region: string | undefined): LiveRules["find"] =>
  async (name, match) => {
    const target = kindNamed(name);
    return target && confirmedRows((after) => liveList(kind.name, region, target, after), match);
  };

/** The kind's own rules on live records (KindSpec.liveRules), reading through the shared lists. */
export async function kindLiveRules(
  kind: Kind,
  inputs: Recorded,
  olds: Recorded,
  region: string | undefined,
  news: Recorded,
): Promise<CheckFailure[]> {
  if (!kind.liveRules) return [];
  const traced = tracedRecords(kind, inputs, news, region);
  // an adoption creates nothing
  const creating =
    Object.keys(olds).length === 0 && (inputs.adoptId === undefined || inputs.adoptId === null);
  const replaced = creating ? replacedHolds(kind) : undefined;
  const live: LiveRules = {
    creating,
    olds,
    ownRecordHolds: (property, value) => replacedHeld(kind, region, replaced, property, value),
    find: findIn(kind, region),
    traced: traced.inputs,
  };
  // what they judge is not said field by field: a read they need that fails leaves them all unjudged
  const out = await judgingBy(["its rules on live records"], () =>
    liveRules(kind, inputs, region, live, traced.records),
  );
  return out.map((f) => ({ ...f, reason: withNames(f.reason) }));
}

/**
 * The kind's rules on live records, reading the records they name through the shared lists, and a stand-in's
 * (LiveRules.traced) from `planned`.
 */
function liveRules(
  kind: Kind,
  inputs: Recorded,
  region: string | undefined,
  live: LiveRules,
  planned: ReadonlyMap<string, LiveRecord>,
) {
  if (!kind.liveRules) return [];
  return kind.liveRules(
    inputs as never,
    async (name, id) => {
      if (typeof id === "string" && hasStandIn(id)) return planned.get(id);
      if (typeof id !== "string" || containsUnknown(id)) return undefined;
      // a catalogue row a live record names (a network's offering): the same shared list as the field lookups
      if ((CATALOGUES as readonly string[]).includes(name)) {
        const rows = await catalogue<LiveRecord>(kind.name, region, name as CatalogueName);
        return rows?.find((r) => r.id === id);
      }
      const target = kindNamed(name);
      return target ? liveRecord(kind.name, region, target, id) : undefined;
    },
    live,
  );
}

/**
 * Whether record `r` holds every value the kind's other exclusive rules claim in `olds`, at least one: two
 * records cannot hold one of them, so `r` is the record of the resource those old inputs are.
 */
function heldAsClaimed(
  rules: readonly Exclusive[],
  except: Exclusive,
  olds: Recorded,
  r: LiveRecord,
): boolean {
  let compared = 0;
  for (const y of rules) {
    if (y === except || !y.held) continue;
    const mine = y.claimed(olds);
    if (mine === undefined) continue;
    if (!sameValue(y.held(r), mine)) return false;
    compared++;
  }
  return compared > 0;
}

/** In a replacement's second check (no old inputs), what the replaced resource's record held and claimed: its own. */
export const replacedHolds = (kind: Kind) =>
  secondCheckOf(kind.name, currentCheck()) ?? heldBefore(currentResource());

/**
 * Whether a record holding `held` of the kind's exclusive rule `property` is the one a replacement of this
 * resource replaces: in the replacement's second check right after its diff (`replaced`), or the registration of
 * a dependent the engine deletes first, after other resources' checks, when the replacement claims that value too
 * (`claimed`; a replacement noted in this process keeps what its record holds).
 */
function replacedHeld(
  kind: Kind,
  region: string | undefined,
  replaced: ReadonlySet<string> | undefined,
  property: string,
  held: unknown,
  claimed: unknown = held,
): boolean {
  const key = heldKey(kind, region, property, held);
  return replaced?.has(key) === true || (sameValue(held, claimed) && keptByReplacement(key));
}

/**
 * Whether a replacement noted in this plugin process, or another of the deployment, makes a resource of `kind`
 * named `name` in `region` again under that name (its diff said it replaces, and its new inputs claim the name its
 * record holds).
 */
export const keptUnderName = (kind: Kind, region: string | undefined, name: string): boolean =>
  keptByAnyReplacement(heldKey(kind, region, "name", name));

/** An exclusive value its record holds as a key: where it is unique (the kind, the region, the property), the value. */
const heldKey = (kind: Kind, region: string | undefined, property: string, value: unknown) =>
  `${kind.name}\u0000${region ?? ""}\u0000${property}\u0000${canonical(value)}`;
/**
 * A resource's diff found changes (`replacing`: it said the resource is replaced): the values its old inputs
 * claimed (what its record holds) are noted, so that its second check (no old inputs) takes the record holding them
 * for the resource itself. Keyed by the region as check names it (the new inputs', else cim:region), as check looks
 * them up. On the plugin they are noted by URN for any change, since the engine replaces on `replaceOnChanges`
 * after a diff that said update; by position only where the diff said replace.
 */
export function noteReplacement(kind: Kind, olds: Recorded, news: Recorded, replacing = true): void {
  // on the dynamic path a replacement follows only a diff that said so (replaceOnChanges is the diff's own there)
  const urn = currentResource();
  if (!replacing && urn === undefined) return;
  const region = typeof news.region === "string" ? news.region : undefined;
  const held = new Set<string>();
  const kept: string[] = [];
  for (const x of kind.exclusive ?? []) {
    if (!known(olds, x.needs)) continue;
    const claimed = x.claimed(olds);
    if (claimed === undefined) continue;
    const key = heldKey(kind, region, x.property, claimed);
    held.add(key);
    // what the replacement claims too (its other inputs may be unknown: the engine's dependent replacement)
    if (replacing && known(news, x.needs) && sameValue(x.claimed(news), claimed)) kept.push(key);
  }
  // on the plugin, by its URN: a replacement the engine makes of an in-place change (replaceOnChanges) too
  if (urn !== undefined && held.size) changeNoted(urn, held);
  if (replacing) replacementNoted(kind.name, held, kept);
}

/**
 * Why an exclusive value is refused: the fact, then the way out when the holder is another resource of the stack,
 * then the kind's own way out. For a new resource that is a rename (Pulumi creates the new resource before it
 * deletes the old one, so a rename without an alias meets the old record still holding the value, and adopting it
 * would be undone by the same up's delete of the old one), or `pulumi up --replace` (the engine checks the
 * replacement it forces as a new resource, no old inputs and no diff before it, so nothing tells it from one, and
 * it makes it before it deletes the old one). For a resource that exists, taking a value another one gives up in
 * the same up (a swap of names, a value moved from one that goes): Pulumi updates resources that do not depend on
 * each other in any order, and deletes after it creates and updates, so the value must be freed in an up before.
 */
export const exclusiveReason = (
  kind: Kind,
  x: HeldLive,
  inputs: Recorded,
  holder: LiveRecord,
  isNew: boolean,
): string =>
  `${x.reason(inputs, holder)}. If another cim.${kind.name} of this stack holds it ${isNew ? "(a rename), give this one the old name in its `aliases` option (in Pulumi YAML, the old resource's URN), or remove the old one in an up of its own first; for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next (or `pulumi destroy --target` it first, which deletes what depends on it too); if a `pulumi up` stopped while making this one, `npx pulumi-cim recover` records what it made" : "and gives it up in this up (a swap, or a value moved from one being changed or removed), free it in an up of its own first: Pulumi may change this one before that one, and removes resources last"}; else ${x.otherwise}`;

/**
 * The kind's exclusive values the inputs claim that another live record of the kind holds. Not judged when the
 * resource adopts, nor when it claims what its old inputs claimed (the record holding it is the resource itself);
 * a record holding what the old inputs claimed is the resource itself (a delete-first replacement deletes it),
 * and so, in the replacement's second check, is a record holding what the replaced resource's old inputs claimed.
 */
export async function exclusiveFailures(
  kind: Kind,
  inputs: Recorded,
  olds: Recorded,
  region: string | undefined,
  news: Recorded = inputs,
): Promise<CheckFailure[]> {
  // an unknown reference to a resource the run makes claims under a stand-in for it, against the program's claims
  const planned = kind.exclusive ? withStandIns(kind, inputs, news) : undefined;
  const judged = planned?.inputs ?? inputs;
  const rules = (kind.exclusive ?? []).filter((x) => known(judged, x.needs));
  if (!rules.length || (inputs.adoptId !== undefined && inputs.adoptId !== null)) return [];
  const existing = Object.keys(olds).length > 0;
  // what the resource is known by (claimIds), made once a check and only when a rule claims a value
  let ids: string[] | undefined;
  const idsOf = () => (ids ??= claimIds(news, olds));
  const out: CheckFailure[] = [];
  const replaced = existing ? undefined : replacedHolds(kind);
  const claimIn = await claimRegion(kind, region);
  const where =
    judged.region === undefined && claimIn !== undefined ? { ...judged, region: claimIn } : judged;
  for (const x of rules) {
    const claimed = x.claimed(await withRead(kind, x, where, inputs, news, region));
    if (claimed === undefined) continue;
    const own = existing ? x.claimed(await withRead(kind, x, olds, olds, undefined, region)) : undefined;
    const unchanged = own !== undefined && sameValue(own, claimed);
    const twice = claimedTwice(kind, claimIn, x, inputs, claimed, unchanged, idsOf(), replaced);
    if (twice) {
      out.push(planned ? { ...twice, reason: planned.shown(twice.reason) } : twice);
      continue;
    }
    // no record holds a value made of a resource still to be made
    if (unchanged || !x.held || hasStandIn(claimed)) continue;
    const live: HeldLive = x;
    // old inputs that never held this value (an imported SSH key pair: the API shows no public key) still name
    // the resource's own record by the other values they claim (its name)
    const ownRecord = (r: LiveRecord) => existing && own === undefined && heldAsClaimed(rules, x, olds, r);
    const itself = (held: unknown) =>
      own !== undefined
        ? sameValue(held, own)
        : replacedHeld(kind, region, replaced, x.property, held, claimed);
    const holds = (r: LiveRecord) => {
      const held = live.held(r);
      return held !== undefined && !itself(held) && !ownRecord(r) && clashes(x, claimed, held);
    };
    // a holder in a list read earlier may have given the value up since (renamed, deleted): read once more
    const holder = (
      await judgingBy([x.property], () =>
        confirmedRows((after) => liveListFor(kind.name, region, kind, inputs, after), holds),
      )
    )?.[0];
    if (!holder) continue;
    // a resource of this program keeping the value: its record is the holder, and no rename or replacement of
    // the stack explains the clash
    const keeper = keptClaim(kind, claimIn, x, live.held(holder));
    const reason = keeper
      ? `${live.reason(where, holder)}. It belongs to ${claimant(kind, keeper)} of this program, which keeps it: change one of the two, or remove the one not meant to be there`
      : exclusiveReason(kind, live, where, holder, !existing);
    out.push({ property: x.property, reason });
  }
  return out;
}

/**
 * `claiming` with the field the rule reads of the record an input names (ExclusiveClaim.reads), where known: of the
 * live record the input's value in `inputs` names, else of the record the resource of the run it comes from will
 * make (`news`: the program's inputs, saying which that is).
 */
async function withRead(
  kind: Kind,
  x: Exclusive,
  claiming: Recorded,
  inputs: Recorded,
  news: Recorded | undefined,
  region: string | undefined,
): Promise<Recorded> {
  const r = x.reads;
  const f = r && kind.fields[r.from];
  const target = f && refOf(f) ? kindNamed(refOf(f)!.kind) : undefined;
  if (!r || !target) return claiming;
  const value = inputs[r.from];
  let read: unknown;
  // a failed read leaves the claim unjudged among the program's resources: the warning names it
  if (typeof value === "string" && !containsUnknown(value))
    read = (
      (await judgingBy([x.property], () => liveRecord(kind.name, region, target, value))) as
        | Recorded
        | undefined
    )?.[r.field];
  else if (news) {
    const p = plannedIn(news, r.from, value, target.name)[0]?.planned;
    read =
      p && plannedFieldsKnown(p, [r.field])
        ? (plannedRecord(p) as Recorded | undefined)?.[r.field]
        : undefined;
  }
  return read === undefined ? claiming : { ...claiming, [r.as]: read };
}

/**
 * An adoption at preview: the record adoptId names must exist in the region, be adoptable and match the program
 * in the fields that cannot change in place (adoption changes only in-place fields). When it does, a note says
 * the step adopts it: Pulumi's plan shows every create of a dynamic provider as `+ create`.
 */
export async function adoptionFailures(
  kind: Kind,
  inputs: Recorded,
  olds: Recorded,
  region: string | undefined,
): Promise<CheckFailure[]> {
  const id = inputs.adoptId;
  const api = kind.api;
  if (typeof id !== "string" || Object.keys(olds).length > 0) return [];
  // the kind's shared list first (a program that adopts thousands of resources reads each kind once), then the
  // record itself when the list does not have it (some records are found only by id)
  const listed = api.list
    ? await judgingBy(["adoptId"], () => liveRecord(kind.name, region, kind, id))
    : undefined;
  const got = listed
    ? { live: listed }
    : await judgingBy(["adoptId"], () =>
        readForCheck(
          kind.name,
          region,
          async (s) => ({ live: await readOrGone(() => api.get(s, id, inputs)) }),
          { what: `the ${kind.noun} ${id}`, one: true },
        ),
      );
  if (!got) return []; // cannot be read now: the create judges it
  const live = got.live as (Recorded & { id: string; state?: string }) | undefined;
  const named = kind.label ? (currentResourceName() ?? kind.label(inputs)) : inputs.name;
  const which = `cim:${kind.name}${typeof named === "string" ? ` "${named}"` : ""}`;
  if (!live || kind.states?.gone?.includes(live.state ?? "")) {
    return [
      {
        property: "adoptId",
        reason: `adoptId ${id} names no ${kind.noun} in ${await regionWhere(kind.name, region)}: ids are valid only in their own region. Check the id and the resource's region, or leave out adoptId to create a new ${kind.noun}`,
      },
    ];
  }
  const out: CheckFailure[] = compare(kind, "replace", inputs, live)
    .filter(([k, , , same]) => !same && !containsUnknown(inputs[k]))
    .map(([k, asked, got]) => ({
      property: k,
      reason: `${k} ${JSON.stringify(asked)} differs from the adopted ${kind.noun} ${id}'s ${JSON.stringify(got)}: ${k} cannot change in place, and adopting never replaces. Make the program match the ${kind.noun}, or leave out adoptId to create a new one`,
    }));
  const why = kind.adoptable?.(live);
  if (why) out.push({ property: "adoptId", reason: `adoptId ${id}: cannot adopt: ${why}` });
  if (!out.length) {
    // what adopting changes, named: the plan's "+ create" shows none of it (a rule's deny made allow, say)
    const changes = compare(kind, "update", inputs, live)
      .filter(([k, asked, , same]) => !same && !containsUnknown(asked) && !(k === "tags" && kind.tags))
      .map(([k, asked, got]) =>
        kind.fields[k]?.secret ? `${k} (secret)` : `${k} ${JSON.stringify(got)} → ${JSON.stringify(asked)}`,
      );
    const applies = changes.length ? `: ${changes.join(", ")}` : " (they already match)";
    await engineInfo(
      `${which}: adopts the existing ${kind.noun} ${id} (adoptId): the plan shows "+ create", but nothing is created; the ${kind.noun} is taken into the stack as it is, its in-place fields set to the program's${applies}`,
    );
  }
  return out;
}
