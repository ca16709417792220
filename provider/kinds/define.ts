// A resource kind, declared once. Every input field carries its check (a zod schema whose messages state the
// rule), its change rule (in place, replace, or state only), how the live record shows it (verify after write,
// adoption, outputs, import) and what it refers to (catalogue lookups at check, references in generated
// programs). Output-only fields say where they come from. Everything else is derived from the declaration:
// the provider (provider/lifecycle/engine.ts), the SDK class and its types (sdk/), the policy pack's type
// lists, the quota preflight, `pulumi-cim import` and the reference pages (docs/resources/).
//
// This module is pure: no client, no Pulumi; the lifecycle hooks receive their session from the engine.

import type { z } from "zod";
import type { AcceptedMutation, Job, MultiRegionQuota, MyLimits, TagCollection } from "../client";
import type { CatalogueName } from "../lifecycle/lookups";
import type { PassingRefusal } from "../lifecycle/passingRefusal";
import type { Session } from "../lifecycle/session";
import type { Operation, TimeoutsInput } from "../lifecycle/timeouts";

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
  /** What the field is and how a change applies, for people: the SDK's JSDoc on Args and outputs (render.ts). */
  readonly doc?: string;
  /** Validation and normalisation at check; its messages name the rule. */
  readonly schema: z.ZodType<Out, In>;
  readonly change: Change;
  /** An absent input: "keep" (the API chose and the program has no opinion, the default) or the desired value. */
  readonly unset?: "keep" | ((news: Recorded) => unknown);
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
  /** The id of a catalogue entry, looked up in the resource's region at check. */
  readonly lookup?: { catalogue: CatalogueName; what: string };
  /**
   * What the value names: another kind's resource (or resources, for a list), by id unless told. Generated
   * programs refer to adopted ones by reference; with `mustExist`, check looks the value up at preview.
   */
  readonly ref?: string | Ref;
  /** Always present in outputs (typed as such in the SDK), though optional as an input. */
  readonly present?: boolean;
  /**
   * The value the output most often has (a fixed value, or `{ sameAs }` another output's): state leaves the
   * output out while it has it, and the provider and the SDK class read a left-out output back as it
   * (`compactOutputs` and `fullOutputs`, lifecycle/fields.ts). The engine writes every resource's outputs into
   * each checkpoint, so each property an output keeps costs a large stack at every step.
   */
  readonly stateDefault?: StateDefault;
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
   * through that kind's list (best effort, like the catalogue lookups). A value taken from another resource's
   * output is not looked up (PLAIN_REFERENCES): that resource may be created by the same run.
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
  /** The inputs `holds` reads: the requirement is judged only when they are known. */
  readonly needs?: readonly string[];
}

/**
 * A value no two live records of a kind may hold at once (a host name, overlapping tier ranges), judged at check
 * against the region's records of the kind when the resource is created or changes it: the API refuses the
 * second, after a delete-first replacement has already deleted what it replaces.
 */
export interface Exclusive<V = any> {
  /** The input the failure names. */
  readonly property: string;
  /** The inputs it reads: judged only when they are known. */
  readonly needs: readonly string[];
  /** The value the inputs claim, if any (none: nothing to judge, e.g. a name the provider generates). */
  readonly claimed: (inputs: Recorded) => V | undefined;
  /** The value a live record of the kind holds, if any. */
  readonly held: (live: any) => V | undefined;
  /** Whether two values cannot be held at once. */
  readonly clash: (a: V, b: V) => boolean;
  /** Why, completing "<property> …", naming the record that holds it. */
  readonly reason: (inputs: Recorded, live: any) => string;
}

/**
 * The hidden input in which the SDK lists the `mustExist` reference fields a program gave as plain values. Only
 * those are looked up: a value taken from another resource's output (`[keyPair.name]`) is already known at
 * preview when it was that resource's input, yet the resource may still be to create.
 */
export const PLAIN_REFERENCES = "__plainReferences";

/**
 * The hidden input in which the SDK passes the resource's `replaceOnChanges` option: the engine applies that option
 * to the fields a provider's diff names, and a dynamic provider's diff can name none, so the provider's own diff
 * applies it (lifecycle/diff.ts: optionReplaces).
 */
export const REPLACE_ON_CHANGES = "__replaceOnChanges";

/** A field's reference, if it has one, with the default filled in. */
/**
 * Whether a program may leave an input out: its schema takes undefined (`.optional()`, a default, or a schema that
 * accepts it). An asynchronous schema cannot be asked, and counts as optional. One answer for the generated SDK
 * types (render.ts) and the inputs a refresh gives back (readInputs.ts).
 */
export function optionalInput(f: FieldSpec): boolean {
  const optin = (f.schema as { _zod?: { optin?: string } })._zod?.optin;
  if (optin === "optional" || optin === "defaulted") return true;
  try {
    return f.schema.safeParse(undefined).success;
  } catch {
    return true;
  }
}

export function refOf(
  f: FieldSpec<any, any, any, any>,
): (Required<Pick<Ref, "kind" | "by">> & Ref) | undefined {
  if (f.ref === undefined) return undefined;
  const ref = typeof f.ref === "string" ? { kind: f.ref } : f.ref;
  return { ...ref, by: ref.by ?? "id" };
}

export interface OutputSpec<T = unknown, R = any> {
  /** What the output is, for people: the SDK's JSDoc on the class's output (render.ts). */
  readonly doc?: string;
  readonly schema: z.ZodType<T>;
  readonly from: (live: R, rec: Recorded) => unknown;
  /** A secret output (`additionalSecretOutputs`). */
  readonly secret?: boolean;
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

/**
 * Which allowance a kind's creates count against: one of GET /tenants/my-limits (the default), or of
 * GET /multi-regions/quota (`source: "multi-regions"`: maxMultiRegions, currentMultiRegions).
 */
export type QuotaKey =
  | { source?: "my-limits"; limit: keyof MyLimits; count: keyof MyLimits }
  | { source: "multi-regions"; limit: keyof MultiRegionQuota; count: keyof MultiRegionQuota };

/** Another kind's allowance that a create uses up: `count` of them, named `noun` in the warning. */
export interface QuotaUse {
  quota: QuotaKey;
  noun: string;
  count: number;
  /** Only for creates whose checked inputs pass this (absent: every create). */
  when?: (inputs: Recorded) => boolean;
}

/** A check failure of a region-aware rule. */
export interface LookupFailure {
  property: string;
  reason: string;
}

/** The API calls of a kind and what is special about its lifecycle. The engine owns everything else. */
export interface KindApi<I, R extends LiveRecord> {
  /**
   * The live record. `rec` is what the engine knows of the resource (the checked inputs at create and adoption,
   * the old outputs after), for records the API finds only through another resource (a comment, under the
   * collection of the resource it is on).
   */
  get(s: Session, id: string, rec: Recorded): Promise<R>;
  /** Every record of the region (all pages): refresh reads are served from one list when many come at once. */
  list?(s: Session): Promise<R[]>;
  /** Starts the create; `record` when the API answers with the resource itself. */
  create(s: Session, want: I & { name?: string }): Promise<AcceptedMutation & { record?: R }>;
  /**
   * The record a successful job of the resource carries (its `result`, when the API gives one): the engine
   * takes it instead of reading the resource again after the job. Absent or undefined: it reads.
   */
  fromJob?(s: Session, job: Job, id: string): R | undefined;
  /**
   * Applies the in-place fields in `changed` (those whose wanted value differs from live), waiting for their
   * jobs. Tags are applied by the engine. Omit it when tags are the only in-place field.
   */
  apply?(s: Session, live: R, want: I, changed: ReadonlySet<string>, op: Operation): Promise<void>;
  /** Before the delete call: refuse (throw) or prepare (detach). */
  beforeDelete?(s: Session, live: R): Promise<void>;
  /** `rec`: the resource's old outputs (inputs that say how to delete, e.g. an instance's `expunge`). */
  delete(s: Session, live: R, rec: Recorded): Promise<AcceptedMutation>;
  /**
   * A refusal of the delete that passes by itself (the platform has yet to expunge what still holds it): the
   * engine sends the delete again until accepted, within the delete timeout, saying what it waits for.
   */
  deleteRefusalPasses?(err: unknown): PassingRefusal | undefined;
  /**
   * A delete that finds the record already gone to the reads (deleted outside Pulumi): finish what the platform
   * still holds of it (a destroyed instance it has not expunged), if anything.
   */
  purgeGone?(s: Session, id: string, rec: Recorded): Promise<void>;
}

/** How `pulumi-cim import` reads and writes a kind (provider/import/). */
export interface Importer<R = any> {
  /** Lower first; resources referred to come before those that refer to them. */
  readonly order: number;
  /** The prefix of variables and of fallback resource names ("vpc" → vpcMain, vpc-1a2b3c4d). */
  readonly prefix: string;
  /** Why a live record is not adopted (shared, part of another resource, failed, …), if it is not. */
  skip?(live: R): string | undefined;
  /** The records to adopt, when not the kind's list (e.g. schedules read per adopted instance). */
  list?(s: Session, adopted: Record<string, LiveRecord[]>): Promise<R[]>;
  /** The resource name it prefers (default: the live `name`); `nameOf` gives the names of adopted ones. */
  name?(live: R, nameOf: (id: string | undefined) => string | undefined): string | undefined;
  /** What records are sorted by (default: the preferred name), then id. */
  sortKey?(live: R): string;
  /**
   * The inputs of the adopting program, from the ones the live getters give (values equal to the field's
   * default left out). Adjusts what the getters cannot say alone (an ISO instance, a gateway without mask).
   */
  inputs?(values: Recorded, live: R): Recorded;
  /** Inputs the API does not return, named in the generated program's header (they keep what was deployed). */
  readonly unreported?: readonly string[];
}

export interface KindSpec<F extends Fields, O extends Outputs, R extends LiveRecord> {
  /** The type token's last part and the SDK class: `pulumi-nodejs:dynamic/cim:<name>`. */
  readonly name: string;
  /** For messages: "volume", "VPC". */
  readonly noun: string;
  /** One line: the SDK's JSDoc and the kind's reference page (docs/resources/). */
  readonly summary: string;
  /**
   * A short program using the kind, after `import * as cim from "pulumi-cim";` (its reference page,
   * provider/kinds/docsPages.ts; tests/docs type-checks it). Ids come from lookups (`cim.getZone`, …).
   */
  readonly example?: string;
  /** The same program in Pulumi YAML on the native plugin (`yamlExample` of examples.ts), shown under it. */
  readonly yamlExample?: string;
  readonly fields: F;
  readonly outputs: O;
  /** Its API calls (every kind but those with a `custom` lifecycle). */
  readonly api?: KindApi<InputsOf<F>, R>;
  /** The SDK sets `name` to the Pulumi resource name when the program gives none (and does not adopt). */
  readonly nameFromResource?: boolean;
  /** The verb of create in messages ("deploy" for instances). */
  readonly createVerb?: string;
  /** How to name a resource in messages when it has no `name` (e.g. a schedule). */
  readonly label?: (rec: Recorded) => string | undefined;
  /** Cross-field rules at check, run on the field-checked values. `olds` are the old inputs. */
  readonly rules?: (
    values: Recorded,
    fail: (property: string, reason: string) => void,
    olds: Recorded,
  ) => void;
  /** Region-aware rules on the catalogue rows the field lookups found. */
  lookups?(inputs: InputsOf<F>, rows: Record<string, Record<string, unknown> | undefined>): LookupFailure[];
  readonly states?: {
    /** Another operation is under way: wait before acting. */
    busy?: readonly string[];
    /** The resource no longer exists. */
    gone?: readonly string[];
    /** Being deleted: a delete waits for it to go. */
    deleting?: string;
    /** A failed create left it unusable: the next `up` replaces it. */
    failed?: string;
  };
  /** Its tag collection; taggable kinds take a `tags` field the engine applies and verifies. */
  readonly tags?: TagCollection;
  /** The allowance its creates count against (quota preflight). */
  readonly quota?: QuotaKey;
  /** Other allowances each create uses up (an instance's root disk is a volume), counted with that kind's. */
  readonly alsoUses?: readonly QuotaUse[];
  /**
   * Rules on live records the inputs name where a field's `ref` cannot say it (ids inside a list of objects),
   * judged at check like stable requirements: `read` gives a record of another kind of the region (by kind name)
   * or a catalogue row (by catalogue name: a network's offering) from the shared cached lists, undefined when it
   * is not there, cannot be read now or its id is not known yet.
   */
  readonly liveRules?: (
    inputs: Recorded,
    read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
  ) => Promise<LookupFailure[]>;
  /** Values no two of its live records may hold at once, judged at check (Exclusive). */
  readonly exclusive?: readonly Exclusive[];
  /** Why a live record cannot be adopted, if it cannot. */
  readonly adoptable?: (live: R) => string | undefined;
  /** Replacement must delete first (names or ranges that cannot exist twice). */
  readonly deleteBeforeReplace?: (olds: Recorded, news: Recorded) => boolean;
  /**
   * In-place changes the platform takes in one direction only (a Kubernetes upgrade, never a downgrade): which of
   * `updates` must replace instead, decided at diff (best effort: catalogue reads; `[]` when they cannot be made,
   * and the platform's refusal of the update says why).
   */
  readonly replaceWhen?: (olds: Recorded, news: Recorded, updates: readonly string[]) => Promise<string[]>;
  /** Default timeouts of its operations, under the program's `timeouts` input (a long create). */
  readonly timeouts?: TimeoutsInput;
  /** Diff refusals beyond the field rules (e.g. a volume never shrinks); throw with the reason. */
  readonly diffGuard?: (olds: Recorded, news: Recorded, replacing: boolean) => void;
  /** `pulumi-cim import`: which records are adopted, in what order, and how a live record becomes inputs. */
  readonly importer?: Importer<R>;
  /**
   * A lifecycle of its own for kinds that are not a record with a job (the generic tag endpoint). The engine
   * still runs check and diff from the fields, and makes the outputs from the values each call says to record
   * (there is no live record: what the API reports goes into those values).
   */
  readonly custom?: {
    create(s: Session, want: InputsOf<F>): Promise<{ id: string; recorded: Recorded }>;
    /** What to record now, or undefined when it is gone. `props` are the old outputs. */
    read(s: Session, id: string, props: Recorded): Promise<Recorded | undefined>;
    update(s: Session, id: string, olds: Recorded, news: InputsOf<F>): Promise<Recorded>;
    delete(s: Session, id: string, props: Recorded): Promise<void>;
  };
}

export type Kind<
  F extends Fields = Fields,
  O extends Outputs = Outputs,
  R extends LiveRecord = any,
> = KindSpec<F, O, R> & {
  /** Phantom types for the SDK. */
  readonly __types?: { inputs: InputsOf<F>; raw: RawInputsOf<F>; outputs: OutputsOf<F, O> };
};

/** Declares a kind. Checks at load time what types cannot: in-place fields must be verifiable. */
export function defineKind<F extends Fields, O extends Outputs, R extends LiveRecord>(
  spec: KindSpec<F, O, R>,
): Kind<F, O, R> {
  if (!spec.api === !spec.custom) throw new Error(`kind ${spec.name}: declare either api or custom`);
  for (const [name, f] of Object.entries(spec.fields)) {
    if (f.change !== "update" || name === "tags" || spec.custom) continue;
    if (f.live === undefined) {
      throw new Error(
        `kind ${spec.name}: in-place field ${name} needs a live value to verify what was applied`,
      );
    }
    if (!spec.api?.apply) throw new Error(`kind ${spec.name}: in-place field ${name} needs api.apply`);
  }
  if (spec.tags && !("tags" in spec.fields))
    throw new Error(`kind ${spec.name}: a tag collection needs a tags field`);
  for (const [name, d] of stateDefaults(spec)) {
    if (!("sameAs" in d)) continue;
    const other = spec.fields[d.sameAs];
    if (!other || other.secret || other.stateDefault || !other.present)
      throw new Error(
        `kind ${spec.name}: ${name} defaults to ${d.sameAs}, which must be a field always in outputs without a default of its own`,
      );
  }
  return spec;
}

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

/** The type token of a kind's resources: in state, in `pulumi preview`, and the SDK class's `__pulumiType`. */
export function typeToken(kind: { name: string }): string {
  return `pulumi-nodejs:dynamic/cim:${kind.name}`;
}

/** The type token of a kind's resources served by the `pulumi-resource-cim` plugin (package `cim`). */
export function nativeTypeToken(kind: { name: string }): string {
  return `cim:index:${kind.name}`;
}

/** A field's live value, or undefined when the API does not report it (or `when` does not hold). */
export function liveValue(f: FieldSpec, name: string, live: Record<string, unknown>, rec: Recorded): unknown {
  if (f.live === undefined || (f.when && !f.when(rec))) return undefined;
  return f.live === true ? live[name] : f.live(live, rec);
}

/** The names of a kind's outputs, in declaration order (the SDK registers them). */
export function outputNames(kind: Kind): string[] {
  const names = ["region"];
  for (const [k, f] of Object.entries(kind.fields)) if (!f.secret && k !== "region") names.push(k);
  names.push(...Object.keys(kind.outputs));
  return names;
}

export function secretInputs(kind: Kind): string[] {
  return Object.entries(kind.fields)
    .filter(([, f]) => f.secret)
    .map(([k]) => k);
}

export function secretOutputs(kind: Kind): string[] {
  return Object.entries(kind.outputs)
    .filter(([, o]) => o.secret)
    .map(([k]) => k);
}
