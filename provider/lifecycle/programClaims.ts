// The values the resources of one program claim, as their checks (and, for what a resource claims of its own
// record, its diff or create) ran: a value two of them cannot both hold (two new instances with one host name, two
// cim.Tags managing one key of one record) is refused in whichever comes second, naming the other, before the API
// refuses it or the two undo each other. Kept per provider process (runChanges.ts: claimedNow), as one deployment
// runs its checks there; on the plugin, whose each provider is a process of its own, the processes of a deployment
// tell each other their claims too (deploymentShared.ts). liveChecks.ts judges the same values on the live records.

import type { CheckFailure } from "./check";
import { digest, notes, type Placed } from "./deploymentShared";
import { currentResource, urnName } from "./engineLog";
import type { Exclusive, ExclusiveClaim, Recorded } from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { defaultRegionId } from "./lookups";
import { type Claim, type ClaimPool, claimedNow, currentCheck } from "./runChanges";
import { containsUnknown, sameValue } from "./values";

/** A resource's inputs as one text, less the dynamic host's own keys (the serialized provider). */
export const ownInputs = (inputs: Recorded) =>
  canonical(Object.fromEntries(Object.entries(inputs).filter(([k]) => !k.startsWith("__"))));
/**
 * What a resource is known by among the claims (claimedTwice): its URN on the plugin; on the dynamic path the
 * program's inputs and the old ones, less the host's own keys (the serialized provider), each as one text.
 */
export const claimIds = (news: Recorded, olds: Recorded): string[] => {
  const urn = currentResource();
  if (urn) return [urn];
  return [`\u0001${ownInputs(news)}`, ...(Object.keys(olds).length ? [`\u0002${ownInputs(olds)}`] : [])];
};
/** JSON with object keys in order, so one value built two ways (from inputs, from a record) gives one key. */
export const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );

/** Where the claims of an exclusive value are compared: the kind (or the rule's pool), the region, the property. */
const claimsKey = (kind: Kind, region: string | undefined, x: ExclusiveClaim) =>
  poolKey(x.among ?? kind.name, region, x.property);
const poolKey = (pool: string, region: string | undefined, property: string) =>
  `${pool}\u0000${region ?? ""}\u0000${property}`;

/**
 * The claims recorded in a pool (a kind's name, or a rule's `among`) of `property`, in `region`, or in every
 * region when it is undefined.
 */
export function claimsIn(pool: string, property: string, region?: string): Claim[] {
  if (region !== undefined)
    return [...(claimedNow.get(poolKey(pool, region, property))?.byId.values() ?? [])];
  return [...claimedNow].flatMap(([key, claims]) => {
    const [p, , prop] = key.split("\u0000");
    return p === pool && prop === property ? [...claims.byId.values()] : [];
  });
}

/** The keys under which a rule's values meet the values they clash with (ExclusiveClaim.buckets). */
const bucketsOf = (x: ExclusiveClaim, v: unknown): readonly string[] =>
  x.clash ? (x.buckets?.(v) ?? [""]) : [canonical(v)];

/** The pool of claims under `key`, made empty the first time. */
function poolOf(key: string): ClaimPool {
  const known = claimedNow.get(key);
  if (known) return known;
  const pool: ClaimPool = { byId: new Map(), order: new Map(), buckets: new Map() };
  claimedNow.set(key, pool);
  return pool;
}

/**
 * Records `mine` in the pool under every id it knows, in place of the claims it takes over (those any of its ids
 * had; the rules of one pool meet under the same keys, so their keys are `x`'s of their values), under the keys of
 * its value (`buckets`).
 */
function record(pool: ClaimPool, x: ExclusiveClaim, mine: Claim, buckets: readonly string[]): void {
  for (const id of mine.ids) {
    const before = pool.byId.get(id);
    if (before) for (const b of bucketsOf(x, before.value)) pool.buckets.get(b)?.delete(before);
    pool.byId.set(id, mine);
    if (!pool.order.has(id)) pool.order.set(id, pool.order.size);
  }
  for (const b of buckets) {
    const set = pool.buckets.get(b);
    if (set) set.add(mine);
    else pool.buckets.set(b, new Set([mine]));
  }
}

/** Where a claim came into its pool: the first place of any id it is known by. */
const placeOf = (pool: ClaimPool, c: Claim) =>
  Math.min(...[...c.ids].map((id) => pool.order.get(id) ?? Infinity));

/** Of the claims of the pool that share a key with `buckets` and clash with `mine`, the earliest claimant's. */
function firstClash(
  pool: ClaimPool,
  x: ExclusiveClaim,
  mine: Claim,
  buckets: readonly string[],
): Claim | undefined {
  const since = (c: Claim) => placeOf(pool, c);
  let first: Claim | undefined;
  for (const b of buckets)
    for (const c of pool.buckets.get(b) ?? [])
      if (c !== mine && clashes(x, mine.value, c.value) && (!first || since(c) < since(first))) first = c;
  return first;
}

/**
 * A claim another plugin process of the deployment told (a resource under another provider): its resource's kind
 * and program name, and its value where the rule compares values (a rule with `clash`: a tier's range, a record's
 * tag keys); a rule of equal values (a host name, which may come from a secret) meets by the digests of its keys.
 */
interface ForeignClaim {
  readonly kind: string;
  readonly name: string;
  readonly value?: unknown;
  readonly kept?: boolean;
  readonly buckets: readonly string[];
  /** Where its resource first claimed in the pool, among the deployment's notes (Placed). */
  readonly at: number;
}
/** A claim's note: its pool's digest, its resource's URN (the name is its last part), the rest as kept. */
interface ClaimNote extends Omit<ForeignClaim, "name" | "at"> {
  readonly pool: string;
  readonly urn: string;
}
/**
 * The other processes' claims (this process's own are in claimedNow), by pool (its key's digest): by resource, and
 * by the digests of their keys.
 */
const foreign = new Map<
  string,
  { byUrn: Map<string, ForeignClaim>; buckets: Map<string, Set<ForeignClaim>> }
>();
/**
 * Where each resource of this process first claimed in each pool among the deployment's notes (by pool digest and
 * URN): of two resources under two providers claiming one value, only the later is refused, as under one provider,
 * even when both check at once.
 */
const firstTold = new Map<string, Placed>();
const claimNotes = notes<ClaimNote>(
  "claim",
  ({ pool, urn, ...note }, at) => {
    const p = foreign.get(pool) ?? { byUrn: new Map(), buckets: new Map() };
    foreign.set(pool, p);
    const before = p.byUrn.get(urn);
    const claim: ForeignClaim = { ...note, name: urnName(urn), at: before?.at ?? at };
    if (before) for (const b of before.buckets) p.buckets.get(b)?.delete(before);
    p.byUrn.set(urn, claim);
    for (const b of claim.buckets) p.buckets.set(b, (p.buckets.get(b) ?? new Set()).add(claim));
  },
  () => {
    foreign.clear();
    firstTold.clear();
  },
  { placed: true },
);

/**
 * A claim of another process clashing with `value` (under the digests `buckets` of its keys), as a Claim; with
 * `mine` (where this resource first claimed), only one told before it, or one its record keeps.
 */
function foreignClash(
  pool: string,
  x: ExclusiveClaim,
  value: unknown,
  buckets: readonly string[],
  mine?: Placed,
): Claim | undefined {
  if (!claimNotes.catchUp()) return undefined;
  const p = foreign.get(digest(pool));
  if (!p) return undefined;
  const before = mine?.at;
  let first: ForeignClaim | undefined;
  for (const b of buckets) {
    for (const c of p.buckets.get(digest(b)) ?? []) {
      if (before !== undefined && !c.kept && c.at > before) continue; // told after this one's: it gives way
      if ((!x.clash || x.clash(value, c.value)) && (!first || c.at < first.at)) first = c;
    }
  }
  // the earliest, as a refusal under one provider names
  return (
    first && {
      kind: first.kind,
      name: first.name,
      value: x.clash ? first.value : value,
      ids: new Set(),
      ...(first.kept ? { kept: true } : {}),
    }
  );
}

/**
 * The region a resource claims in, from its checked region (its input, else cim:region): a resource that gives none
 * claims in the one it is made in (the API's default), as a region-keyed value says.
 */
export const claimRegion = async (kind: Kind, region: string | undefined) =>
  region ?? (await defaultRegionId(kind.name));

/** Whether two values of an exclusive rule cannot be held at once: its own `clash`, else being the same value. */
export const clashes = (x: ExclusiveClaim, a: unknown, b: unknown) =>
  x.clash ? x.clash(a, b) : sameValue(a, b);

/** The claim of a resource of this program that keeps `held` unchanged, if any (claimedTwice records it). */
export function keptClaim(
  kind: Kind,
  region: string | undefined,
  x: Exclusive,
  held: unknown,
): Claim | undefined {
  for (const c of claimedNow.get(claimsKey(kind, region, x))?.byId.values() ?? [])
    if (c.kept && sameValue(c.value, held)) return c;
  return undefined;
}

/**
 * Of the names a reference gives (one, or a list), those no resource of this deployment claims as its `target`
 * kind's name in `region` (its check recorded the claim: claimedTwice), in this process or, on the plugin, in the
 * process of another provider of the deployment (deploymentShared.ts): a name one claims may be that resource's, made
 * by this same run before the resource naming it. Without a region (the API's default, unread): a claim in any
 * region of this process. Undefined when none is left.
 */
export async function unclaimedNames(
  target: Kind,
  region: string | undefined,
  value: unknown,
): Promise<unknown> {
  const where = await claimRegion(target, region);
  const claimed = (v: unknown) => nameClaim(target, where, v) !== undefined;
  if (!Array.isArray(value)) return claimed(value) ? undefined : value;
  const left = value.filter((v) => !claimed(v));
  return left.length ? left : undefined;
}

/**
 * The resource of this deployment that claims `value` as its `target` kind's name in `region` (the API's default
 * without one), as `claimant` words it, when a reference written as text names what this run makes or renames;
 * undefined when none does (deploymentShared.ts: a claim of another provider process has no name here).
 */
export async function nameClaimant(
  kind: Kind,
  target: Kind,
  region: string | undefined,
  value: unknown,
): Promise<string | undefined> {
  const c = nameClaim(target, await claimRegion(target, region), value);
  return c && claimant(kind, c);
}

/**
 * The claim of `value` as a `target` name in `where` (every region of this process without one): this process's,
 * else, on the plugin, another provider process's of the deployment.
 */
function nameClaim(target: Kind, where: string | undefined, value: unknown): Claim | undefined {
  const here = claimsIn(target.name, "name", where).find((c) => sameValue(c.value, value));
  if (here || where === undefined) return here;
  const x = target.exclusive?.find((r) => r.property === "name" && !r.among);
  return x && foreignClash(poolKey(target.name, where, "name"), x, value, bucketsOf(x, value));
}

/**
 * A resource by its claim: its name in the program where known (the plugin), else its kind and API name; `kind`:
 * the kind of the resource refused (a pool of several kinds names the other's).
 */
export const claimant = (kind: Kind, c: Claim) =>
  c.name !== undefined
    ? `cim.${c.kind} "${c.name}"`
    : `${c.kind === kind.name ? "another" : "a"} cim.${c.kind}${c.apiName === undefined ? "" : ` (name "${c.apiName}")`}`;

/**
 * A value another resource of this deployment claims too (two new instances with one host name): no live record
 * holds it yet, and the API refuses whichever of the two it makes second, after the first is made. Each check
 * records its claim under its resource, by every id in `ids`. The plugin's checks name it (the URN). The
 * dynamic-provider host's do not, so there a resource is known by its inputs: its old inputs (two records cannot
 * hold one exclusive value) and its program's inputs; a replacement's second check, which has neither the old
 * inputs nor always the same program inputs (ignoreChanges), is the resource the check before it was
 * (secondCheckOf). Two resources with the same program inputs (a copy, both new) are taken for one and pass here;
 * the API refuses the second. A claim whose value another resource's clashes with is refused, naming that resource
 * where its name is known, unless it is the resource's own value kept unchanged (the newcomer is the one to give
 * way); of a rule whose clashing values two records can hold at once (keptClashes), every claim is judged, so the
 * second of two the stack holds already is refused too. `check`: the check making the claim, none for a claim of a
 * record (claimedOfRecord).
 */
export function claimedTwice(
  kind: Kind,
  region: string | undefined,
  x: ExclusiveClaim & { readonly held?: unknown },
  inputs: Recorded,
  claimed: unknown,
  unchanged: boolean,
  ids: readonly string[],
  replaced: ReadonlySet<string> | undefined,
  check: number | undefined = currentCheck(),
  apiName: unknown = inputs.name,
): CheckFailure | undefined {
  const { pool, mine, buckets, key, first } = recordClaim(
    kind,
    region,
    x,
    claimed,
    unchanged,
    ids,
    replaced,
    check,
    apiName,
  );
  if (unchanged && !x.keptClashes) return undefined;
  const other =
    firstClash(pool, x, mine, buckets) ??
    (first ? foreignClash(key, x, claimed, buckets, firstTold.get(first)) : undefined);
  // a resource of the stack keeping the value: its record holds it, and the live check names that record
  if (!other || (other.kept && x.held)) return undefined;
  // an unknown value (an output not known at preview) is not shown: the sentinel would say nothing to a reader
  const own = inputs[x.property];
  const start = `${x.property}${own === undefined || containsUnknown(own) ? "" : ` ${JSON.stringify(own)}`}: ${claimant(kind, other)} of this program claims`;
  if (x.twice) return { property: x.property, reason: `${start} ${x.twice(claimed, other.value)}` };
  const what = sameValue(other.value, claimed)
    ? `the same${x.shown ? ` (${x.shown(claimed)})` : ""}`
    : `${x.shown ? x.shown(other.value) : JSON.stringify(other.value)}, which clashes with it`;
  return {
    property: x.property,
    reason: `${start} ${what}, and only one ${kind.noun} may hold it at a time (the API would refuse whichever it makes second). Change one of the two, or remove the one not meant to be there`,
  };
}

/**
 * Records a resource's claim in its pool under every id it is known by, in place of its earlier checks' claims (a
 * replacement's second check is the resource the check before it claimed for), and tells it to the deployment's
 * other plugin processes; answers where it was recorded.
 */
function recordClaim(
  kind: Kind,
  region: string | undefined,
  x: ExclusiveClaim,
  claimed: unknown,
  unchanged: boolean,
  ids: readonly string[],
  replaced: ReadonlySet<string> | undefined,
  check: number | undefined,
  apiName: unknown,
) {
  const urn = currentResource();
  const pool = poolOf(claimsKey(kind, region, x));
  // this resource's claim replaces what its earlier checks claimed, under every id they knew it by
  const known = new Set(ids);
  for (const id of ids) for (const k of pool.byId.get(id)?.ids ?? []) known.add(k);
  // a replacement's second check is the resource the check before it claimed for
  if (replaced && check !== undefined)
    for (const c of pool.byId.values()) if (c.check === check - 1) for (const k of c.ids) known.add(k);
  const mine: Claim = {
    kind: kind.name,
    value: claimed,
    ids: known,
    ...(check === undefined ? {} : { check }),
    // without a URN, the API name the resource gives, where that is not the value claimed
    ...(urn
      ? { name: urnName(urn) }
      : { apiName: x.property !== "name" && typeof apiName === "string" ? apiName : undefined }),
    ...(unchanged ? { kept: true } : {}),
  };
  const buckets = bucketsOf(x, claimed);
  record(pool, x, mine, buckets);
  const key = claimsKey(kind, region, x);
  // told to the plugin processes of the deployment's other providers, which judge their resources' claims (and
  // references by name) with it; where this resource first told it orders its claim against theirs
  const first = urn ? `${digest(key)}\u0000${urn}` : undefined;
  if (urn && first) {
    const placed = claimNotes.tell({
      pool: digest(key),
      urn,
      kind: kind.name,
      buckets: buckets.map(digest),
      ...(x.clash ? { value: claimed } : {}),
      ...(unchanged ? { kept: true } : {}),
    });
    if (placed && !firstTold.has(first)) firstTold.set(first, placed);
  }
  return { pool, mine, buckets, key, first };
}

/**
 * The resources of this deployment whose claims add `value` of a capped property (Cap) before this one's: recorded
 * here as claimedTwice records a claim (`unchanged`: this one keeps the value), they are the claims of the same
 * value, earlier in this process or told earlier by another, that do not keep it (a resource keeping the value is
 * among the records that hold it). Named as refusals name them (`apiName`: the name this one gives the API).
 */
export function addedBefore(
  kind: Kind,
  region: string | undefined,
  property: string,
  value: string,
  unchanged: boolean,
  ids: readonly string[],
  apiName: unknown,
): string[] {
  // a pool of its own: a cap is not an exclusive rule of the same property
  const x: ExclusiveClaim = {
    property,
    needs: [property],
    claimed: () => value,
    among: `${kind.name}\u0000cap`,
  };
  const { pool, mine, buckets, key, first } = recordClaim(
    kind,
    region,
    x,
    value,
    unchanged,
    ids,
    undefined,
    currentCheck(),
    apiName,
  );
  const here = [...(pool.buckets.get(buckets[0]) ?? [])].filter(
    (c) => c !== mine && !c.kept && placeOf(pool, c) < placeOf(pool, mine),
  );
  const out = here.map((c) => claimant(kind, c));
  if (!first || !claimNotes.catchUp()) return out;
  const at = firstTold.get(first)?.at;
  for (const c of foreign.get(digest(key))?.buckets.get(digest(buckets[0])) ?? [])
    if (!c.kept && (at === undefined || c.at < at)) out.push(`cim.${c.kind} "${c.name}"`);
  return out;
}

/**
 * What a resource claims of its own record once its id is known, at diff (a resource the stack holds) and after
 * create, since check is not given the id (a taggable resource claims every tag of its record): each rule's value
 * from the checked inputs with the record's `id`, in `region`, the record's (the one check claims in, when it can
 * read the API's default region: claimRegion; no request is made here). Recorded with the claims of the checks
 * (claimedTwice), kept as the record's own; the resource is known by its URN on the plugin, else by its kind and
 * id, and named by `apiName` there. Answers the refusals when another resource of the program claims a clashing
 * value (the caller raises them, or not where the record is already made).
 */
export function claimedOfRecord(
  kind: Kind,
  rules: readonly ExclusiveClaim[],
  id: string,
  inputs: Recorded,
  region: string | undefined,
  apiName?: unknown,
): string[] {
  if (!rules.length) return [];
  const ids = [currentResource() ?? `\u0003${kind.name}\u0000${id}`];
  const out: string[] = [];
  for (const x of rules) {
    const claimed = x.claimed({ ...inputs, id });
    if (claimed === undefined) continue;
    const twice = claimedTwice(kind, region, x, inputs, claimed, true, ids, undefined, undefined, apiName);
    if (twice) out.push(twice.reason);
  }
  return out;
}
