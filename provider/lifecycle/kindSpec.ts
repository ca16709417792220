// A kind in the engine's language: its fields and outputs (fieldSpec.ts), its API calls and what is special about
// its lifecycle (KindApi), its states, quota, importer and rules. The engine (this folder) owns everything else;
// the kinds (provider/kinds/) declare themselves through defineKind (kinds/define.ts), which re-exports this.
//
// This module is types only: the lifecycle hooks receive their session from the engine.

import type { AcceptedMutation, Job, MultiRegionQuota, MyLimits, TagCollection } from "../client";
import type {
  Cap,
  Exclusive,
  Fields,
  InputsOf,
  LiveRecord,
  Outputs,
  OutputsOf,
  RawInputsOf,
  Recorded,
} from "./fieldSpec";
import type { PassingRefusal } from "./passingRefusal";
import type { Session } from "./session";
import type { Operation, TimeoutsInput } from "./timeouts";

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
  /**
   * How many one create uses: a number, or what its checked inputs make (a Kubernetes cluster's nodes, each an
   * instance); such a use says so in `doc`.
   */
  count: number | ((inputs: Recorded) => number);
  /**
   * Of a use besides the kind's own (`alsoUses`): how a create of the kind uses up this allowance, for the warning
   * (e.g. "the root disk of each new instance is one").
   */
  why?: string;
  /** Only for creates whose checked inputs pass this (absent: every create). */
  when?: (inputs: Recorded) => boolean;
  /** What the reference page says of it, where `when` makes "each create" untrue (absent: each create uses it). */
  doc?: string;
  /**
   * Set when the platform makes what this use counts even past the allowance (a VPC's source-NAT address): it
   * counts, so the creates the API does refuse fail sooner, but alone it fails nothing. Names what it counts, plural
   * ("source-NAT addresses of new VPCs"), for the warning.
   */
  granted?: string;
}

/** A check failure of a region-aware rule. */
export interface LookupFailure {
  property: string;
  reason: string;
}

/** Catalogue rows found for a kind's fields, by field (undefined: not looked up, or not there). */
export type CatalogueRows = Record<string, Record<string, unknown> | undefined>;

/**
 * What a resource the stack holds was made from, for rules on how a value may change (a disk only grows): its
 * old inputs and the catalogue rows they name. Undefined for a resource about to be made (a new one, the second
 * check of a replacement, an adoption) and for one moving to another region (its ids are of the old one).
 */
export interface RowsBefore {
  inputs: Recorded;
  rows: CatalogueRows;
  /** The change replaces the resource whatever these rows say: a field that cannot change in place changes. */
  replaced?: boolean;
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
   * The API's refusal of the create, at the request or in its job (a JobFailedError), said with what the kind
   * knows beyond the API's words (an allowance at its ceiling, a name a record reads do not show still holds, a
   * platform limit the API does not show); the error as it is when the kind knows nothing more.
   */
  createRefused?(s: Session, err: unknown, want: I & { name?: string }): Promise<unknown> | unknown;
  /**
   * The record a successful job of the resource carries (its `result`, when the API gives one): the engine
   * takes it instead of reading the resource again after the job. Absent or undefined: it reads.
   */
  fromJob?(s: Session, job: Job, id: string): R | undefined;
  /**
   * Applies the in-place fields in `changed` (those whose wanted value differs from live), waiting for their
   * jobs. The tags of a tag collection (`tags`) are applied by the engine. Omit it when those are the only
   * in-place field.
   */
  apply?(s: Session, live: R, want: I, changed: ReadonlySet<string>, op: Operation): Promise<void>;
  /** Before the delete call: refuse (throw) or prepare (detach). `rec`: the resource's old outputs. */
  beforeDelete?(s: Session, live: R, rec: Recorded): Promise<void>;
  /** `rec`: the resource's old outputs (inputs that say how to delete, e.g. an instance's `expunge`). */
  delete(s: Session, live: R, rec: Recorded): Promise<AcceptedMutation>;
  /**
   * A refusal of the delete, or a failure of its job, that passes by itself (the platform has yet to expunge what
   * still holds it, another delete of the same run is removing it): the engine sends the delete again until it
   * succeeds, within the delete timeout, saying what it waits for; `tries`: the refusals so far, this one included.
   */
  deleteRefusalPasses?(
    err: unknown,
    tries: number,
    s: Session,
    live: R,
  ): PassingRefusal | undefined | Promise<PassingRefusal | undefined>;
  /** After the delete succeeded: what it leaves behind for a while, told to the rest of the deployment. */
  deleted?(s: Session, live: R, rec: Recorded): void | Promise<void>;
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
  /**
   * Why a live record is not adopted (shared, part of another resource, failed, …), if it is not; `pulumi import`
   * of that one record is refused with the same reason, unless `skipNotAlone`.
   */
  skip?(live: R): string | undefined;
  /** `skip` says only that there is nothing to manage: an import of that one record asked for by id goes ahead. */
  readonly skipNotAlone?: boolean;
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

/** What a kind's live rules may read besides one record by id (KindSpec.liveRules). */
export interface LiveRules {
  /**
   * Whether the resource is about to be created: checked with no old inputs (a new resource, or the second check
   * Pulumi makes of a replacement) and not adopting a record. A rule of what only a create meets judges only then, so that a resource the
   * stack already holds is never refused for what came after it.
   */
  readonly creating: boolean;
  /** The old inputs of a resource the stack holds (a change: an attach to another instance); empty for a create. */
  readonly olds: Recorded;
  /**
   * The records of another kind of the region that `match` picks, from the shared list; when any does, confirmed
   * by a read made after that list (lookups.ts: confirmedRows). Undefined when it cannot be read now.
   */
  readonly find: (kind: string, match: (row: LiveRecord) => boolean) => Promise<LiveRecord[] | undefined>;
  /**
   * Whether a live record holding `value` of the kind's exclusive rule `property` (as the rule claims it) is this
   * resource's own record: the one its replacement replaces, judged as the exclusive rules are (liveChecks.ts).
   */
  readonly ownRecordHolds: (property: string, value: unknown) => boolean;
  /**
   * The inputs with a stand-in for each unknown reference the program's SDK traced to a resource the run makes
   * (planned.ts), which `read` answers with the record that resource's inputs will make (when they say all of it):
   * for a rule that compares what two records name (a rule's address and network in one VPC), judged at preview
   * where either side is new as `up` will meet it. The inputs as they are where nothing was traced. A stand-in
   * is unlike any record's id, and the same for every reference to one resource.
   */
  readonly traced: Recorded;
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
  /** The same program in Pulumi YAML on the native plugin (kinds/examples.ts: `examples` makes both), shown under it. */
  readonly yamlExample?: string;
  readonly fields: F;
  readonly outputs: O;
  /** Its API calls. */
  readonly api: KindApi<InputsOf<F>, R>;
  /**
   * A program that gives no `name` (and does not adopt) gets one: the name the resource already has (imported, or
   * recorded by the last deployment; native plugin), else the Pulumi resource name.
   */
  readonly nameFromResource?: boolean;
  /** The verb of create in messages ("deploy" for instances). */
  readonly createVerb?: string;
  /** How to name a resource in messages when it has no `name` (e.g. a schedule). */
  readonly label?: (rec: Recorded) => string | undefined;
  /**
   * Cross-field rules at check, run on the field-checked values. `olds` are the old inputs; `replaced`: the change
   * from them replaces the resource anyway (a field that cannot change in place differs, or is not known yet), so
   * a rule on how a value may change (a disk only grows) has nothing to judge.
   */
  readonly rules?: (
    values: Recorded,
    fail: (property: string, reason: string) => void,
    olds: Recorded,
    replaced: boolean,
  ) => void;
  /** Region-aware rules on the catalogue rows the field lookups found (and those the old inputs name). */
  lookups?(inputs: InputsOf<F>, rows: CatalogueRows, before?: RowsBefore): LookupFailure[];
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
  /**
   * For a kind without tags of its own that cim.Tags tags through the generic route: the platform's resource type of
   * its records there (CloudStack's ResourceObjectType: `Snapshot`, `VMSnapshot`), by which preview judges an id.
   */
  readonly taggedAs?: string;
  /** The allowance its creates count against (quota preflight). */
  readonly quota?: QuotaKey;
  /** Other allowances each create uses up (an instance's root disk is a volume), counted with that kind's. */
  readonly alsoUses?: readonly QuotaUse[];
  /**
   * Rules on live records the inputs name where a field's `ref` cannot say it (ids inside a list of objects, the
   * records that belong to one the inputs name), judged at check like stable requirements: `read` gives a record
   * of another kind of the region (by kind name) or a catalogue row (by catalogue name: a network's offering) from
   * the shared cached lists, undefined when it is not there, cannot be read now or its id is not known yet; `live`
   * gives the rest (LiveRules).
   */
  readonly liveRules?: (
    inputs: Recorded,
    read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
    live: LiveRules,
  ) => Promise<LookupFailure[]>;
  /** Values no two of its live records may hold at once, judged at check (Exclusive). */
  readonly exclusive?: readonly Exclusive[];
  /** Values only so many of its live records may hold at once, judged at check (Cap). */
  readonly caps?: readonly Cap[];
  /** Why a live record cannot be adopted, if it cannot. */
  readonly adoptable?: (live: R) => string | undefined;
  /**
   * Replacement must delete first (names or ranges that cannot exist twice): true, or why (completing "…, since
   * <why>"), which the preview says of such a replacement.
   */
  readonly deleteBeforeReplace?: (olds: Recorded, news: Recorded) => boolean | string;
  /**
   * Why the API would refuse this change of the resource as its state records it (the old outputs, which check
   * does not see, and records of other kinds that `live.find` reads), with the way out; judged at diff, so at
   * preview. `replaces`: the fields that replace it (a replacement deletes it: an instance's deleteProtection
   * refuses that, and the engine would first delete what depends on it); an in-place change judged against a live
   * value (a schedule's end before the start it was made with, an instance's snapshots against a new offering).
   */
  readonly changeRefused?: (
    olds: Recorded,
    news: Recorded,
    replaces: readonly string[],
    live: { readonly id: string; readonly find: LiveRules["find"] },
  ) => string | undefined | Promise<string | undefined>;
  /**
   * What this change of the resource does that no field of the diff shows, with what to do about it (an SSH key
   * pair registered again under its name with another key leaves the instances deployed with it their old key; a
   * new offering for a running instance the platform cannot scale live stops it): a warning on the resource at
   * diff, so at preview and again at up. `replaces`: the fields that replace it. `live` reads the resource's record
   * once, best effort (undefined when it cannot be read now), for a notice the old outputs cannot decide.
   */
  readonly changeNotice?: (
    olds: Recorded,
    news: Recorded,
    replaces: readonly string[],
    live: () => Promise<R | undefined>,
  ) => string | undefined | Promise<string | undefined>;
  /**
   * An in-place change of the resource this one stands on after which the platform no longer has this one (an
   * instance's new backup offering takes its backup schedules away): the diff then replaces this one, naming
   * `field` (the input naming that resource, of kind `kind`), so that the same `up` makes it again and preview
   * says so. `when` reads that resource's diff: its old outputs and the fields it changes in place.
   */
  readonly goneWith?: {
    readonly field: string;
    readonly kind: string;
    readonly when: (olds: Recorded, updates: readonly string[]) => boolean;
    /** Why, completing "…: " in a warning on the resource. */
    readonly reason: string;
  };
  /**
   * The id of a kind that makes no record of its own (its id follows from its inputs): what its create returns,
   * and how `pulumi-cim recover` records an interrupted create of it without looking for a record.
   */
  readonly idOf?: (inputs: Recorded) => string;
  /**
   * In-place changes the platform takes in one direction only (a Kubernetes upgrade, never a downgrade): which of
   * `updates` must replace instead, decided at diff (best effort: catalogue reads; `[]` when they cannot be made,
   * and the platform's refusal of the update says why).
   */
  readonly replaceWhen?: (olds: Recorded, news: Recorded, updates: readonly string[]) => Promise<string[]>;
  /** Default timeouts of its operations, under the program's `timeouts` input (a long create). */
  readonly timeouts?: TimeoutsInput;
  /** `pulumi-cim import`: which records are adopted, in what order, and how a live record becomes inputs. */
  readonly importer?: Importer<R>;
}

export type Kind<
  F extends Fields = Fields,
  O extends Outputs = Outputs,
  R extends LiveRecord = any,
> = KindSpec<F, O, R> & {
  /** Phantom types for the SDK. */
  readonly __types?: { inputs: InputsOf<F>; raw: RawInputsOf<F>; outputs: OutputsOf<F, O> };
};
