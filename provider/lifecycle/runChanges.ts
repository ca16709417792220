// What the checks and diffs of this deployment have said so far, which later checks read: how many checks have
// begun (a replacement's second check follows its diff at once), the replacements the diffs said and the values
// their records hold, the in-place changes of what other resources stand on (told across the deployment's plugin
// processes), and the exclusive values each resource claims (programClaims.ts). Kept per process; the plugin
// processes of one deployment tell each other what the others read (deploymentShared.ts).

import { notes, sharedKeys } from "./deploymentShared";
import { referencedByName } from "./registry";

/** Checks begun in this process (engine.ts counts each), so that a check can tell it follows a diff at once. */
let checksBegun = 0;
/**
 * The last diff that said its resource is replaced: the kind, how many checks had begun by then, and the exclusive
 * values (liveChecks.ts keys them) its old inputs claimed, which its record holds.
 */
let replacedAfter: { kind: string; checks: number; held: ReadonlySet<string> } | undefined;
/** Counts a check as it begins; returns its number. */
export const checkBegins = (): number => ++checksBegun;
/** The number of the check under way (the engine checks one resource at a time). */
export const currentCheck = (): number => checksBegun;
/**
 * The exclusive values a replaced resource's record holds and its replacement keeps, of every replacement a diff
 * said in this process (liveChecks.ts keys them), whatever came between: the engine deletes a dependent of what it
 * replaces delete-first before the dependent registers, and checks that registration with no old inputs long
 * after the dependent's diff (at preview its record still holds what the replacement keeps).
 */
const keptByReplacements = new Set<string>();
/**
 * The same, of the kinds other kinds name by name, told to the deployment's other plugin processes: a resource under
 * another provider naming one is diffed there with the name unknown before the replacement (namesKept.ts).
 */
const keptNames = sharedKeys("kept");
/**
 * A diff of `kind` said its resource is replaced; `held`: the values its record holds; `kept`: those of them its
 * replacement claims too.
 */
export function replacementNoted(kind: string, held: ReadonlySet<string>, kept: Iterable<string>): void {
  replacedAfter = { kind, checks: checksBegun, held };
  for (const k of kept) {
    keptByReplacements.add(k);
    if (referencedByName(kind)) keptNames.tell(k);
  }
}
/**
 * What the diffs of this deployment said changes, by kind and id: another kind's diff reads it of the resource it
 * stands on (kindSpec.ts: goneWith), and a check what that resource changes in place (Requirement.changesWith). The
 * engine diffs what a resource stands on first (a resource registers once what it stands on has its outputs, at
 * preview as at up); under another provider, that diff ran in another plugin process (deploymentShared.ts).
 */
const changesSeen = new Map<string, SeenChange>();
/** Those the other plugin processes of the deployment told. */
const changesTold = new Map<string, SeenChange>();
const changeNotes = notes<SeenChange & { key: string }>(
  "change",
  ({ key, updates, gone }) => changesTold.set(key, { updates, gone }),
  () => changesTold.clear(),
);
/** What a diff found of a resource another kind stands on. */
export interface SeenChange {
  /** The fields it changes in place. */
  readonly updates: readonly string[];
  /** The kinds whose resources standing on it the change takes away (kindSpec.ts: goneWith). */
  readonly gone: readonly string[];
}
const changeKey = (kind: string, id: string) => `${kind}\u0000${id}`;
/** A diff of `kind` said the resource `id` changes: the fields it changes in place, the kinds it takes away. */
export function changeSeen(kind: string, id: string, change: SeenChange): void {
  const key = changeKey(kind, id);
  changesSeen.set(key, change);
  changeNotes.tell({ key, ...change });
}
/** What a diff of this deployment said of the resource `id` of `kind`, if it said it changes. */
export function seenChange(kind: string, id: unknown): SeenChange | undefined {
  if (typeof id !== "string") return undefined;
  const key = changeKey(kind, id);
  const here = changesSeen.get(key);
  if (here) return here;
  changeNotes.catchUp();
  return changesTold.get(key);
}
/**
 * What the record of each resource a diff of this process found changed holds, by URN (the plugin's requests name
 * their resource): the engine may still replace it after that diff (its `replaceOnChanges`), and then checks it
 * again with no old inputs, under the same URN.
 */
const heldByUrn = new Map<string, ReadonlySet<string>>();
/** A diff of the resource `urn` found changes; `held`: what its record holds. */
export function changeNoted(urn: string, held: ReadonlySet<string>): void {
  heldByUrn.set(urn, held);
}
/** What the record of the resource `urn` holds, if a diff of this process found it changed. */
export const heldBefore = (urn: string | undefined): ReadonlySet<string> | undefined =>
  urn === undefined ? undefined : heldByUrn.get(urn);
/** Whether a replacement noted in this process keeps this value its record holds (a key liveChecks.ts makes). */
export const keptByReplacement = (key: string): boolean => keptByReplacements.has(key);
/** Whether a replacement noted in any plugin process of the deployment keeps this value (a name; `keptNames`). */
export const keptByAnyReplacement = (key: string): boolean =>
  keptByReplacements.has(key) || keptNames.has(key);
/**
 * When check `n` of `kind` is a replacement's second check, the values the replaced resource's record holds (its
 * own, then); else undefined. The second check is the one right after the diff that said replace: the engine
 * checks a resource, diffs it, and checks it again when the diff says replace, before it checks the next
 * resource. Its inputs are the program's, which differ from the first check's where `ignoreChanges` kept an old
 * value, so they cannot tell it; a copy of a resource the stack holds follows no such diff, and is another one.
 */
export const secondCheckOf = (kind: string, n: number): ReadonlySet<string> | undefined =>
  replacedAfter?.kind === kind && replacedAfter.checks === n - 1 ? replacedAfter.held : undefined;
/**
 * A resource's claim of an exclusive value: its kind, the value, every id the resource is known by (its URN;
 * without one, its inputs, or its kind and id), and its name in the program (known on the plugin) or else the name
 * it gives the API, if any.
 */
export interface Claim {
  readonly kind: string;
  readonly value: unknown;
  readonly ids: ReadonlySet<string>;
  /** The number of the check that made it (currentCheck); none for a claim of a record, made once its id is known. */
  readonly check?: number;
  readonly name?: string;
  readonly apiName?: string;
  /** A resource the stack holds, keeping its value unchanged: its record holds it. */
  readonly kept?: boolean;
}
/**
 * The claims of one pool (a kind's or a rule's, in one region, of one property): each claimant (its URN on the
 * plugin, its program inputs or its kind and id on the dynamic path) and its claim, and the claims by the keys
 * under which clashing values meet (ExclusiveClaim.buckets), so a claim is compared with those it may clash with
 * rather than with every claim of the deployment: a check stays constant-time however many resources came before.
 */
export interface ClaimPool {
  /** Each claimant's claim, in the order the claimants first claimed. */
  readonly byId: Map<string, Claim>;
  /** When each claimant first claimed: claims compare in that order, so a refusal names the earliest. */
  readonly order: Map<string, number>;
  /** The claims under each key of their values (ExclusiveClaim.buckets). */
  readonly buckets: Map<string, Set<Claim>>;
}
/**
 * Exclusive values the resources of this deployment claim, as their checks ran (and, of their own records, their
 * diffs and creates), by kind (or a rule's pool), region and property (programClaims.ts: claimedTwice).
 */
export const claimedNow = new Map<string, ClaimPool>();

/** Test seam: forgets what this process was told and said (lookups.ts's resetLookups calls it). */
export function resetRunChanges(): void {
  claimedNow.clear();
  checksBegun = 0;
  replacedAfter = undefined;
  keptByReplacements.clear();
  changesSeen.clear();
  heldByUrn.clear();
}
