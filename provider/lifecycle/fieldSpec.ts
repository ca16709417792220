// The language kinds are declared in, field by field: what a field is (its check, its change rule, how the live
// record shows it, what it refers to) and the outputs made from it. The engine (this folder) reads declarations
// written in it; the kinds (provider/kinds/) write them through defineKind (kinds/define.ts), which re-exports
// all of this, so a kind depends on the engine's language and the engine never on a kind. kindSpec.ts declares
// a whole kind over these fields.
//
// This module is pure: no client, no Pulumi.

import type { z } from "zod";
import { sameValue } from "./values";

/** Every catalogue list of a region (ids that resources name: zones, images, offerings). */
export const CATALOGUES = [
  "zones",
  "templates",
  "isos",
  "computeOfferings",
  "diskOfferings",
  "networkOfferings",
  "vpcOfferings",
  "backupOfferings",
  "kubernetesVersions",
  "osTypes",
] as const;

export type CatalogueName = (typeof CATALOGUES)[number];

/** The SDK lookup that finds a catalogue's entry by name: zones → getZone, computeOfferings → getComputeOffering. */
export const catalogueLookup = (c: CatalogueName) => `get${c[0].toUpperCase()}${c.slice(1, -1)}`;

/**
 * How a change to a field is applied: in place, by replacing the resource, in state only (an update that makes
 * no API call, e.g. timeouts), or not at all (read only by create, e.g. adoptId: changing it later is no change).
 */
export type Change = "update" | "replace" | "state" | "ignore";

/** Recorded values: a kind's checked inputs (create, adoption) or its old outputs (update, read). */
export type Recorded = Record<string, unknown>;

/** A live record as the client returns it. */
export interface LiveRecord {
  id: string;
  state?: string;
  tags?: unknown;
}

/** How the live record shows a field: `true` for the property of the same name, else a getter. A getter
 * returns `undefined` when the API does not say, `null` when it says "none". */
export type LiveValue<R = any> = true | ((live: R, rec: Recorded) => unknown);

/**
 * One input field. Out: its checked type; In: what programs pass; R: the kind's live record; Shown: its type
 * in outputs (when `output` shows it in another form).
 */
export interface FieldSpec<Out = unknown, In = unknown, R = any, Shown = Out> {
  /**
   * What the field is, for people: the SDK's JSDoc (kinds/render.ts), the reference pages, the plugin's schema.
   * defineKind ends it with what a change does (CHANGE_SENTENCE, `changeNote`) and the default (`default`).
   */
  readonly doc?: string;
  /** Validation and normalisation at check; its messages name the rule. */
  readonly schema: z.ZodType<Out, In>;
  readonly change: Change;
  /**
   * What the doc's change sentence leaves out, shown in parentheses after it: how the API applies a change (a
   * job, a resize) or why it replaces ("the API has no rename").
   */
  readonly changeNote?: string;
  /** An absent input: "keep" (the API chose and the program has no opinion, the default) or the desired value. */
  readonly unset?: "keep" | ((news: Recorded) => unknown);
  /**
   * With `unset` a function of other inputs (a port range's end is its start): check writes the value it gives
   * whenever the program leaves the field out, so that a change of those inputs shows this one moving with them
   * (`~ endPort: 443 => 8443`), not going (`- endPort: 443`).
   */
  readonly derived?: boolean;
  /**
   * The reference page's default for a default the rest of the declaration cannot show: one computed from other
   * inputs (`derived`), or one the provider applies when it acts (at delete) rather than at check.
   */
  readonly docDefault?: string;
  /** Equality after the API's normalisations. Default: deep equality. */
  readonly same?: (desired: unknown, old: unknown) => boolean;
  /** The old output to compare with in diff. Default: the output of the same name. */
  readonly old?: (olds: Recorded) => unknown;
  /** Only compared (diff, verify, adoption) when this holds for the inputs. */
  readonly when?: (rec: Recorded) => boolean;
  /** How the live record shows it. Absent: the API does not report it (it is recorded from the inputs). */
  readonly live?: LiveValue<R>;
  /** In outputs, which wins when both are known. Default: the input for replace and state fields, live for update ones. */
  readonly prefer?: "input" | "live";
  /** Overrides how the output is made (for values the API reports in another form). */
  readonly output?: (live: R, rec: Recorded) => Shown;
  /**
   * The schema of that other form, when it is not the checked one (e.g. a power state that outputs show as
   * any state the API reports): the kind's outputs schema (kinds/outputSchema.ts) parses the output with it.
   */
  readonly shown?: z.ZodType<Shown>;
  /** A secret input: never an output, and check failures do not name it (the engine prints failing values). */
  readonly secret?: boolean;
  /** Required at create, optional when adopting (the live value is kept then); the text says what it is. */
  readonly requiredUnlessAdopting?: string;
  /**
   * The id of a catalogue entry, looked up in the resource's region at check. `judges`: the other inputs the
   * kind's rules (Kind.lookups) judge against the entry it names: a warning names them too when the list cannot
   * be read and they go unchecked.
   */
  readonly lookup?: { catalogue: CatalogueName; what: string; judges?: readonly string[] };
  /**
   * What the value names: another kind's resource (or resources, for a list), by id unless told. Generated
   * programs refer to adopted ones by reference; with `mustExist`, check looks the value up at preview.
   */
  readonly ref?: string | Ref;
  /** An id of a resource whose kind another input says, where `ref` cannot name one kind (TypedRef). */
  readonly typedRef?: TypedRef;
  /** Always present in outputs (typed as such in the SDK), though optional as an input. */
  readonly present?: boolean;
  /**
   * The value the output most often has (a fixed value, or `{ sameAs }` another output's): state leaves the
   * output out while it has it, and the provider and the SDK class read a left-out output back as it
   * (`compactOutputs` and `fullOutputs`, lifecycle/fields.ts). The engine writes every resource's outputs into
   * each checkpoint, so each property an output keeps costs a large stack at every step.
   */
  readonly stateDefault?: StateDefault;
  /**
   * What a left-out input stands for, said once (defineKind derives the rest: spelledOut): the value set and
   * verified when the program leaves it out (`unset`), what a left-out old output or live value stands for
   * (`old`, `same`), what state leaves out (`stateDefault`), the output when neither the API nor the inputs give
   * one (lifecycle/fields.ts: outputsOf), and the sentence the docs and the SDK's JSDoc end with.
   */
  readonly default?: NonNullable<Out> & (string | number | boolean);
}

/** The sentence a field's doc ends with (before its default), by its change rule. */
export const CHANGE_SENTENCE: Readonly<Record<Change, string>> = {
  update: "Changed in place",
  replace: "Replaces on change",
  state: "Changes nothing through the API",
  ignore: "Read only by create",
};

/**
 * A field as its declaration says it, spelled out (defineKind): its doc ends with what a change does and with its
 * default, and its `default` becomes the rules that use it, each only where the field does not say otherwise (a
 * doc that names its change rule or its default itself is the kind's to avoid).
 */
export function spelledOut<S extends FieldSpec<any, any, any, any>>(name: string, f: S): S {
  const d = f.default;
  if (f.doc === undefined && d === undefined) return f;
  const note = f.changeNote === undefined ? "" : ` (${f.changeNote})`;
  const ends = `${CHANGE_SENTENCE[f.change]}${note}.${d === undefined ? "" : ` Default: \`${JSON.stringify(d)}\`.`}`;
  const doc = f.doc === undefined ? undefined : `${f.doc} ${ends}`;
  if (d === undefined) return { ...f, doc };
  return {
    ...f,
    doc,
    unset: f.unset ?? (() => d),
    old: f.old ?? ((olds: Recorded) => olds[name] ?? d),
    same: f.same ?? ((a: unknown, b: unknown) => sameValue(a ?? d, b ?? d)),
    stateDefault: f.stateDefault ?? { value: d },
  };
}

/** The value a field asks for: the input, else what a left-out input stands for (`unset`), if anything. */
export function desiredValue(f: FieldSpec, name: string, want: Recorded): unknown {
  const v = want[name];
  if (v !== undefined && v !== null) return v;
  return typeof f.unset === "function" ? f.unset(want) : f.default;
}

/** What a left-out output stands for: a value, or the value of another output (one without a default). */
export type StateDefault = { readonly value: string | number | boolean } | { readonly sameAs: string };

/** A field that names resources of another kind of the registry. */
export interface Ref {
  /** The kind's name (Instance, SshKeyPair, …). */
  readonly kind: string;
  /** What the value is: the resource's id (default) or its name. */
  readonly by?: "id" | "name";
  /**
   * Check that each value the program gives as plain text names such a resource in the resource's region,
   * through that kind's list, and an id the list misses by id (the API shows some records only so: a zone's
   * shared network), best effort like the catalogue lookups. Declare it wherever the platform refuses a value
   * that names nothing, so preview says so before `up` makes what comes first. A value taken from another
   * resource's output is not looked up (PLAIN_REFERENCES): that resource may be created by the same run. A
   * program whose SDK does not say which values are plain (Pulumi YAML, another language's SDK on the plugin) has
   * every known value looked up, less the names a resource of the run claims.
   */
  readonly mustExist?: boolean;
  /**
   * What the platform requires of the resource named, checked on the record found (e.g. an instance that a
   * backup schedule names must have a backup offering). Judged with `mustExist` on plain values; a `stable`
   * requirement is judged on any known value.
   */
  readonly requires?: Requirement | readonly Requirement[];
  /**
   * With `mustExist`: the input field that holds the region the resource named lives in, when that is not
   * necessarily this resource's region (a multi-region group's member VPC). Absent or not given: this
   * resource's region.
   */
  readonly regionFrom?: string;
}

/**
 * An id whose kind another input says (cim.Tags' `resourceId`, by `resourceType`): the API finds the record by that
 * input and refuses an id of another kind, or of none. Check judges it at preview (typedRefs.ts): a known id must name
 * a record of a kind that value names (it says which kind's record it names, where it is another's), and one still
 * unknown must not come from a resource of the program of another kind (the SDK traces it to a resource of any kind).
 */
export interface TypedRef {
  /** The input that says the kind. */
  readonly by: string;
  /**
   * The kinds of the registry whose records a value of that input names, by the value in lower case (the API's other
   * names for one too). A value not there names none of them and is not judged (the API takes any id for it).
   */
  readonly kinds: () => ReadonlyMap<string, readonly string[]>;
  /**
   * The kinds whose live records are rows of a catalogue rather than of the kind's own list, by kind name: the
   * value names any row the catalogue lists (a template the platform offers, not only one the account registered).
   */
  readonly listedIn?: Readonly<Record<string, CatalogueName>>;
  /** What the record found must hold, by its kind's name (a network the account may change, not a zone's shared one). */
  readonly requires?: Readonly<Record<string, readonly Requirement[]>>;
  /** The value of that input that names a kind's records, as a refusal suggests it. */
  readonly typeOf: (kind: string) => string | undefined;
  /**
   * Why the value cannot name a resource of the program of the kind named `kind` at all, whatever the type (one whose
   * own `tags` are authoritative), with the way out: completes "<field> names <noun> <name> (new in this run), …".
   */
  readonly ofProgram?: (kind: string, inputs: Recorded) => string | undefined;
}

/** A rule on the record a reference names, judged at check with the resource's checked inputs. */
export interface Requirement {
  readonly holds: (record: LiveRecord, inputs: Recorded) => boolean;
  /** Completes "<field> names <noun> <value> in <region>, which …". */
  readonly reason: string | ((record: LiveRecord, inputs: Recorded) => string);
  /**
   * The input the failure names when another one than the reference is at fault (e.g. an internal load
   * balancer's `sourceIpAddress` outside the tier `networkId` names). Default: the reference's own field.
   */
  readonly property?: string;
  /**
   * Judged on every value known at check (also one taken from another resource's output, and without
   * `mustExist`), when the record is found: only for what the record cannot change in place (its zone, its
   * range). A resource whose such field changes is replaced and its id is unknown at preview, so the record
   * read is the one the value will name. A record not found is skipped (the same run may make it).
   */
  readonly stable?: boolean;
  /**
   * The fields of the record `holds` reads that the record changes in place (an instance's backup offering): the
   * requirement is then judged like a stable one on a value the change brings (a new resource, another record
   * named), also one taken from another resource's output, unless a diff of this run changes one of these fields
   * of that record (the engine applies that change first, and the API judges what it leaves).
   */
  readonly changesWith?: readonly string[];
  /** The inputs `holds` reads: the requirement is judged only when they are known. */
  readonly needs?: readonly string[];
  /**
   * The fields of the record `holds` reads, when each is an input of the named kind with the same meaning (a VPC's
   * `cidr`, an instance's `backupOfferingId`, a left-out one being one the record will not hold): the requirement is
   * then judged too at preview on a reference to a resource the same run makes, on the record its inputs will make,
   * when the program's SDK says which resource that is (planned.ts) and those inputs are known.
   */
  readonly planned?: readonly string[];
  /**
   * With `planned`: judged only on the record a resource of the run will make, where the kind's live rules judge
   * the live records in words of their own (a member instance's networks, which balancer.ts reads of any known id).
   */
  readonly plannedOnly?: boolean;
}

/** A reference's requirements as one list (a field gives one or several). */
export const requirementsOf = (
  r: Requirement | readonly Requirement[] | undefined,
): readonly Requirement[] => (r === undefined ? [] : ([] as Requirement[]).concat(r));

/**
 * A value no two live records of a kind may hold at once (a host name, overlapping tier ranges), judged at check
 * against the region's records of the kind when the resource is created or changes it (the API refuses the
 * second, after a delete-first replacement has already deleted what it replaces), and between the resources of
 * one program. A rule whose value the API's records do not show (an instance's fixed addresses on its other
 * networks) has no `held`, and is judged between the program's resources only.
 */
export type Exclusive<V = any> = ExclusiveClaim<V> & (HeldLive<V> | { readonly held?: undefined });

/** What a resource claims of an exclusive value, and when two claims clash. */
export interface ExclusiveClaim<V = any> {
  /** The input the failure names. */
  readonly property: string;
  /** The inputs it reads: judged only when they are known. */
  readonly needs: readonly string[];
  /** The value the inputs claim, if any (none: nothing to judge, e.g. a name the provider generates). */
  readonly claimed: (inputs: Recorded) => V | undefined;
  /** Whether two values cannot be held at once (default: they are the same value). */
  readonly clash?: (a: V, b: V) => boolean;
  /**
   * With `clash`: keys of a value such that two clashing values share at least one (a tier's VPC, a fixed
   * address's network and address), so a claim is compared only with the claims that share a key with it. Without
   * it a rule with `clash` compares each claim with every other of its pool; a rule without `clash` meets its
   * equals by the value itself. Rules that share a pool (`among`) give the same keys.
   */
  readonly buckets?: (v: V) => readonly string[];
  /** A value as a message shows it (default: its JSON), e.g. a tier's range as `10.1.1.0/24`. */
  readonly shown?: (v: V) => string;
  /**
   * Where its values are compared, when rules of several kinds claim one thing (the tag keys of a record, which
   * cim.Tags and the record's own kind both manage); default: the kind's own rule of that property alone.
   */
  readonly among?: string;
  /**
   * Two records (or resources) can hold clashing values at once: the API refuses neither, and the two undo each
   * other instead. A resource keeping its value unchanged is then judged too, so a stack that already has the
   * clash is refused until one of the two gives way.
   */
  readonly keptClashes?: boolean;
  /**
   * The refusal when another resource of the program claims a clashing value, completing "<property> <value>:
   * <the other resource> of this program claims …": what the two share, why that cannot be, and the way out.
   * Default: the value (the same, or the other's, which clashes), that only one may hold it and the API refuses
   * the second, and to change or remove one of the two.
   */
  readonly twice?: (mine: V, theirs: V) => string;
  /**
   * A field of the record an input names that the claim reads too, for what the inputs alone do not say (a
   * gateway's VPC's zone): set as the input `as` before `claimed` (of the new inputs and of the old ones), from the
   * live record input `from` names, else from the inputs of the resource of the run it names (planned.ts); left
   * out where neither says it. Read at check alone: a claim of a record (claimedOfRecord) does without it.
   */
  readonly reads?: { readonly from: string; readonly field: string; readonly as: string };
}

/**
 * A number of records the platform allows under one value at once (six data disks attached to one instance, ten
 * snapshots of one instance), judged at check: the records of the kind that hold the value now, and the resources
 * of the deployment whose checks came first and add one (new, or changed to that value; one keeping it is among
 * the records). A resource keeping its value is not judged: the platform made it already.
 */
export interface Cap {
  /** The input naming what the records count under (the instance a volume is attached to). */
  readonly property: string;
  /** The most records the platform allows under one value. */
  readonly max: number;
  /** The value a live record of the kind counts under, if it counts. */
  readonly held: (live: any) => string | undefined;
  /** What the records are, plural, after "<property> <value>: 7 …" ("data disks attached to that instance"). */
  readonly counted: string;
  /** The platform's rule and when it refuses ("the platform attaches at most 6 data disks to an instance …"). */
  readonly rule: string;
  /** The way out. */
  readonly otherwise: string;
}

/** An exclusive value live records show: what one holds, and the refusal when one does. */
export interface HeldLive<V = any> {
  /** The value a live record of the kind holds, if any. */
  readonly held: (live: any) => V | undefined;
  /** The fact, naming the input and the record that holds it (`name "web" is taken: project … has that name`). */
  readonly reason: (inputs: Recorded, live: any) => string;
  /**
   * The kind's own way out when no resource of the stack holds it, completing "else …" (`choose another name, or
   * adopt that project with adoptId`). The way out of a rename comes first, said once for every kind (liveChecks.ts:
   * exclusiveFailures): the old record is still in place when Pulumi creates the new one.
   */
  readonly otherwise: string;
}

/**
 * The hidden input in which the SDK lists the `mustExist` reference fields a program gave as plain values, sent
 * whenever the program gives any such field. Only those are looked up: a value taken from another resource's output
 * (`[keyPair.name]`) is already known at preview when it was that resource's input, yet the resource may still be
 * to create. Without the list (a program in Pulumi YAML or another language, on the plugin, whose SDK cannot tell
 * the two apart), every known value is looked up: an id is unknown at preview until its resource is made, and a
 * name that a resource checked earlier in the run claims in the same region (the resource a name comes from is
 * checked before the one that takes it), under any provider of the deployment (deploymentShared.ts), is left for the API
 * to judge (fieldLookups.ts).
 */
export const PLAIN_REFERENCES = "__plainReferences";

/**
 * The hidden input in which the TypeScript SDK says, at preview, which resource of the program each unknown
 * reference comes from (its kind, name and non-secret inputs), so that check judges what it can of the record that
 * resource will be (planned.ts). Check keeps declared inputs alone, so it is never kept in state.
 */
export const PLANNED_REFERENCES = "__planned";

/**
 * The hidden input in which the SDK passes the resource's `replaceOnChanges` option: the engine applies that option
 * to the fields a provider's diff names, and a dynamic provider's diff can name none, so the provider's own diff
 * applies it (lifecycle/diff.ts: optionReplaces).
 */
export const REPLACE_ON_CHANGES = "__replaceOnChanges";

/**
 * The hidden input in which the dynamic path's SDK says that `name` is the resource name it filled in, the program
 * having given none: check keeps it for a new resource alone. A resource the stack holds without a name (one adopted
 * with `adoptId` and no `name`, which keeps its live name) keeps it so when the program drops `adoptId`: the name
 * filled in would rename it, or replace a kind whose name cannot change in place.
 */
export const NAME_DEFAULTED = "__nameDefaulted";

/**
 * Whether a program may leave an input out: its schema takes undefined (`.optional()`, a default, or a schema that
 * accepts it). Asked of the schema itself, not of zod's marks: a choice read in any case (kinds/common.ts `word`)
 * is a preprocess, which zod marks optional though the choice after it refuses undefined. An asynchronous schema
 * cannot be asked, and counts as optional. One answer for the generated SDK types (kinds/render.ts) and the inputs
 * a refresh gives back (readInputs.ts).
 */
export function optionalInput(f: FieldSpec): boolean {
  try {
    return f.schema.safeParse(undefined).success;
  } catch {
    return true;
  }
}

/** A field's reference, if it has one, with the default filled in. */
export function refOf(
  f: FieldSpec<any, any, any, any>,
): (Required<Pick<Ref, "kind" | "by">> & Ref) | undefined {
  if (f.ref === undefined) return undefined;
  const ref = typeof f.ref === "string" ? { kind: f.ref } : f.ref;
  return { ...ref, by: ref.by ?? "id" };
}

export interface OutputSpec<T = unknown, R = any> {
  /** What the output is, for people: the SDK's JSDoc on the class's output (kinds/render.ts). */
  readonly doc?: string;
  readonly schema: z.ZodType<T>;
  /** How the live record shows it. Absent: the live record's property of the output's name (outputValue). */
  readonly from?: (live: R, rec: Recorded) => unknown;
  /** A secret output (`additionalSecretOutputs`). */
  readonly secret?: boolean;
  /**
   * The input without which the output is absent (a digest of that input): state keeps nothing for it then, and
   * the SDK class neither registers it nor, on the dynamic path, asks for it secret (givenOnlyOutputs).
   */
  readonly onlyWith?: string;
  /**
   * The kind's in-place fields whose change moves this output (an offering's name after its id, a state after the
   * power state): a preview of an update that changes one shows it unknown, since only the update can say what it
   * becomes, where the outputs no change moves keep their values (fields.ts `updatePreview`).
   */
  readonly follows?: readonly string[];
}

/** An output's value: what its `from` makes of the live record, else the record's property of its name. */
export function outputValue(
  o: OutputSpec,
  name: string,
  live: Record<string, unknown>,
  rec: Recorded,
): unknown {
  return o.from ? o.from(live, rec) : live[name];
}

export type Fields = Record<string, FieldSpec<any, any, any, any>>;
export type Outputs = Record<string, OutputSpec<any, any>>;

type OutOf<F> = F extends FieldSpec<infer O, any, any, any> ? O : never;
type InOf<F> = F extends FieldSpec<any, infer I, any, any> ? I : never;
/** A field's type in outputs. */
export type ShownOf<F> = F extends FieldSpec<any, any, any, infer S> ? S : never;

/** Checked inputs (what the provider works with). */
export type InputsOf<F extends Fields> = {
  [K in keyof F as undefined extends OutOf<F[K]> ? never : K]: OutOf<F[K]>;
} & {
  [K in keyof F as undefined extends OutOf<F[K]> ? K : never]?: OutOf<F[K]>;
};

/** What a program passes (before check's normalisation). */
export type RawInputsOf<F extends Fields> = {
  [K in keyof F as undefined extends InOf<F[K]> ? never : K]: InOf<F[K]>;
} & {
  [K in keyof F as undefined extends InOf<F[K]> ? K : never]?: InOf<F[K]>;
};

type Secret<F> = F extends { secret: true } ? true : false;
type Present<F> = F extends { present: true } ? true : undefined extends ShownOf<F> ? false : true;
type Produced<S> = S extends OutputSpec<infer T, any> ? T : never;

/**
 * Outputs: the non-secret inputs (recorded or live), the output-only fields, and the region. A key whose value
 * may be undefined is optional: the provider leaves it out (protobuf has no undefined). kinds/outputSchema.ts
 * derives the runtime schema of the same outputs and proves at compile time that its type is this one.
 */
export type OutputsOf<F extends Fields, O extends Outputs> = {
  [K in keyof F as Secret<F[K]> extends true ? never : Present<F[K]> extends true ? K : never]: NonNullable<
    ShownOf<F[K]>
  >;
} & {
  [K in keyof F as Secret<F[K]> extends true ? never : Present<F[K]> extends true ? never : K]?: ShownOf<
    F[K]
  >;
} & {
  [K in keyof O as undefined extends Produced<O[K]> ? never : K]: Produced<O[K]>;
} & {
  [K in keyof O as undefined extends Produced<O[K]> ? K : never]?: Produced<O[K]>;
} & { region: string };

/** The value a left-out output stands for, from the outputs it is read back into (`sameAs`: another of them). */
export const defaultValue = (d: StateDefault, outs: Recorded): unknown =>
  "sameAs" in d ? outs[d.sameAs] : d.value;

const defaultsOf = new WeakMap<object, [string, StateDefault][]>();

/** A kind's outputs that state leaves out while they have their default (FieldSpec.stateDefault), listed once. */
export function stateDefaults(kind: { fields: Fields }): [string, StateDefault][] {
  let list = defaultsOf.get(kind);
  if (!list) {
    list = [];
    for (const [k, f] of Object.entries(kind.fields)) if (f.stateDefault) list.push([k, f.stateDefault]);
    defaultsOf.set(kind, list);
  }
  return list;
}

/** A field's live value, or undefined when the API does not report it (or `when` does not hold). */
export function liveValue(f: FieldSpec, name: string, live: Record<string, unknown>, rec: Recorded): unknown {
  if (f.live === undefined || (f.when && !f.when(rec))) return undefined;
  return f.live === true ? live[name] : f.live(live, rec);
}

/** The names of a kind's secret inputs (never outputs). */
export function secretInputs(kind: { fields: Fields }): string[] {
  return Object.entries(kind.fields)
    .filter(([, f]) => f.secret)
    .map(([k]) => k);
}

/** The names of a kind's outputs, in declaration order (the SDK registers them), listed once per kind. */
export function outputNames(kind: { fields: Fields; outputs: Outputs }): readonly string[] {
  let names = outputNamesOf.get(kind);
  if (!names) {
    const list = ["region"];
    for (const [k, f] of Object.entries(kind.fields)) if (!f.secret && k !== "region") list.push(k);
    list.push(...Object.keys(kind.outputs));
    names = list;
    outputNamesOf.set(kind, names);
  }
  return names;
}
const outputNamesOf = new WeakMap<object, readonly string[]>();

/**
 * The outputs that are an input the program gave and nothing else, each with that input: a field the API does not
 * report (no `live`, no `output`) with no default of any kind, whose absence check leaves absent (an adoption's id,
 * `timeouts`, a deploy-time setting such as `allowPasswordSsh`), and an output absent without its input
 * (`onlyWith`). While the program leaves the input out, the output is absent whatever the API holds, refresh and
 * import included. So state keeps no null for one (fields.ts: withAbsent), and the SDK classes give the program
 * `undefined` for it themselves, known at preview, rather than registering it (sdk/resource.ts): each property a
 * resource keeps or registers is work at every checkpoint and in every program.
 */
export function givenOnlyOutputs(kind: {
  fields: Fields;
  outputs: Outputs;
  tags?: unknown;
}): ReadonlyMap<string, string> {
  let cached = givenOnlyOf.get(kind);
  if (!cached) {
    const only = new Map<string, string>();
    for (const [k, f] of Object.entries(kind.fields)) {
      if (k === "region" || (k === "tags" && kind.tags) || f.secret || f.live || f.output || f.present)
        continue;
      if (f.default !== undefined || f.stateDefault || f.derived) continue;
      if (typeof f.unset === "function" && f.unset({}) !== undefined) continue;
      only.set(k, k);
    }
    for (const [k, o] of Object.entries(kind.outputs)) if (o.onlyWith !== undefined) only.set(k, o.onlyWith);
    cached = only;
    givenOnlyOf.set(kind, cached);
  }
  return cached;
}
const givenOnlyOf = new WeakMap<object, ReadonlyMap<string, string>>();

/** The given-only outputs (givenOnlyOutputs) a resource with these inputs does not have: their input is left out. */
export function absentOutputs(
  kind: { fields: Fields; outputs: Outputs; tags?: unknown },
  inputs: Record<string, unknown>,
): string[] {
  const absent: string[] = [];
  for (const [out, input] of givenOnlyOutputs(kind)) if (inputs[input] === undefined) absent.push(out);
  return absent;
}

/** The names of a kind's secret outputs (`additionalSecretOutputs`). */
export function secretOutputs(kind: { outputs: Outputs }): string[] {
  return Object.entries(kind.outputs)
    .filter(([, o]) => o.secret)
    .map(([k]) => k);
}

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * An `output` getter that shows the field in another type than the checked one must say how that form is
 * checked (`shown`): the kind's outputs schema parses the output with it (kinds/outputSchema.ts).
 */
type ShownRule<Out, Shown> =
  Same<Out, Shown> extends true ? { shown?: z.ZodType<Shown> } : { shown: z.ZodType<Shown> };

/**
 * `present: true` kept in the field's type, so the SDK types the output as always there (`Output<string>`, not
 * `Output<string | undefined>`): a key pair's `name` can then be passed where a string is wanted.
 */
type PresentOf<P> = P extends true ? { readonly present: true } : unknown;

/** A field declaration with its types inferred from the schema (and from `output` when it has one). */
export function field<Out, In, R = any, P extends boolean = false>(
  schema: z.ZodType<Out, In>,
  rule: Omit<FieldSpec<Out, In, R, Out>, "schema" | "output" | "shown" | "present"> & { present?: P },
): FieldSpec<Out, In, R, Out> & PresentOf<P>;
export function field<Out, In, R, Shown, P extends boolean = false>(
  schema: z.ZodType<Out, In>,
  rule: Omit<FieldSpec<Out, In, R, Shown>, "schema" | "output" | "shown" | "present"> & {
    output: (live: R, rec: Recorded) => Shown;
    present?: P;
  } & ShownRule<Out, Shown>,
): FieldSpec<Out, In, R, Shown> & PresentOf<P>;
export function field(schema: z.ZodType, rule: Omit<FieldSpec, "schema">): FieldSpec {
  return { schema, ...rule };
}
