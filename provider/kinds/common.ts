// What kinds share, declared once: the region, tags, timeouts and adoption fields, and the usual API calls.

import { z } from "zod";
import type { AcceptedMutation, CimClient } from "../client";
import {
  adoptId as adoptIdSchema,
  bool,
  id,
  region as regionSchema,
  tags as tagsSchema,
  text,
  timeouts as timeoutsSchema,
} from "../lifecycle/check";
import { field } from "../lifecycle/fieldSpec";
import type { CatalogueName } from "../lifecycle/lookups";
import type { Session } from "../lifecycle/session";
import type { TimeoutsInput } from "../lifecycle/timeouts";
import { containsUnknown, sameTags, sameValue, type TagMap } from "../lifecycle/values";
import type {
  Exclusive,
  FieldSpec,
  LiveRecord,
  LiveRules,
  LookupFailure,
  OutputSpec,
  Recorded,
  Requirement,
} from "./define";

/** Every kind declares its fields with it; it lives with the field declaration it types (lifecycle/fieldSpec.ts). */
export { field };

/**
 * What a program may give for a choice the API takes in any case: one of the values (which editors offer as
 * completions) or another string, which the check refuses at preview with the rule, or accepts in another case
 * (`"TCP"`). Not a number or an object: those are compile errors.
 */
export type AnyCase<T extends string> = T | (string & {});

/**
 * A choice among words, given in any case (the API answers `Allow`, `Ingress`) and read in the case the values
 * are written in (upper when every one is: `XFS`, `DAILY`), typed for programs as `AnyCase<T>`.
 */
export const word = <T extends string>(values: readonly [T, ...T[]], rule: string) => {
  const upper = values.every((v) => v === v.toUpperCase());
  return z.preprocess(
    (v) => (typeof v !== "string" ? v : upper ? v.trim().toUpperCase() : v.trim().toLowerCase()),
    z.enum(values, { error: (i) => (i.input === undefined ? `is required: ${rule}` : `must be ${rule}`) }),
  ) as unknown as z.ZodType<T, AnyCase<T>>;
};

/**
 * An output the live record shows under the output's own name (OutputSpec.from left out), said by its doc, and by
 * its schema when that is not an optional string.
 */
export function output(doc: string): Output<z.ZodOptional<z.ZodString>>;
export function output<S extends z.ZodType>(doc: string, schema: S): Output<S>;
export function output(doc: string, schema: z.ZodType = z.string().optional()): OutputSpec {
  return { doc, schema };
}

/** An output declared by `output`: its schema's own type (the kind's outputs schema keeps it: kinds/outputSchema.ts). */
type Output<S extends z.ZodType> = OutputSpec<z.output<S>> & { readonly schema: S };

/**
 * The name of the record an in-place id field names (an offering's, a version's): unknown in a preview that changes
 * the id (OutputSpec.follows).
 */
export const nameOfId = (what: string, idField: string) => ({
  ...output(`The name of its ${what} (\`${idField}\`).`),
  follows: [idField],
});

/** When the record was created, as most records say. */
export const created = output("When it was created (the API's `created`, an ISO 8601 date-time).");

/** The name of the record's zone, as the records in a zone say. */
export const zoneName = output("The name of its zone.");

/** The zone the record is in, as it reports it (an empty one: none). */
export const zoneId = {
  ...output("The zone it is in (a zone uuid), as the API reports it."),
  from: (r: { zoneId?: string }) => r.zoneId || undefined,
};

/** The id of a catalogue entry of the resource's region (a zone, an offering), shown live as the same field. */
export function catalogueField<Out, In>(
  schema: z.ZodType<Out, In>,
  change: "update" | "replace",
  catalogue: CatalogueName,
  what: string,
  judges?: readonly string[],
): FieldSpec<Out, In, any, Out> {
  return { schema, change, live: true, lookup: { catalogue, what, ...(judges && { judges }) } };
}

/** The zone a resource is in, a zone of its region (the zones catalogue); a change replaces the resource. */
export function zoneField<Out, In>(doc: string, schema: z.ZodType<Out, In>) {
  return { doc, ...catalogueField(schema, "replace", "zones", "a zone") };
}

/**
 * The instance a record is of (a backup, a schedule), as the record names it (`live`, preferred to what was
 * recorded): it must exist, a change replaces, and `requires` says what the platform asks of it besides.
 */
export function instanceField<R>(
  rule: string,
  doc: string,
  live: (r: R) => string | undefined,
  requires?: Requirement,
) {
  return field(id(rule), {
    doc,
    change: "replace",
    live,
    prefer: "live",
    ref: { kind: "Instance", mustExist: true, ...(requires && { requires }) },
  });
}

/**
 * A kind's `name`: the SDK defaults it to the resource name, it is required unless adopting, and `change` says
 * whether the API renames it in place.
 */
export function nameField(noun: string, change: "update" | "replace") {
  return field(text(`the ${noun}'s name (the SDK defaults it to the resource name)`).optional(), {
    doc: `The ${noun}'s name (default: the resource name).`,
    change,
    live: true,
    requiredUnlessAdopting: `the ${noun}'s name`,
    present: true,
  });
}

/**
 * `deleteBeforeReplace` of a kind whose `keys` together are unique (a name in its account, or under its
 * instance): a replacement that keeps them all, or cannot tell yet (unknown at preview), would be refused as a
 * duplicate while the old one exists, so it deletes first. A failed create's replacement keeps them.
 */
export const uniqueTogether =
  (...keys: string[]) =>
  (olds: Recorded, news: Recorded): false | string =>
    keys.every((k) => containsUnknown(news[k]) || news[k] === olds[k]) &&
    `the new one ${keys.some((k) => containsUnknown(news[k])) ? "may keep (not known yet)" : "keeps"} its ${keys.join(" and ")}, which two cannot share`;

/**
 * A `name` no two live records of a kind may have in the region (the API refuses the second), judged at preview
 * on the region's records (Exclusive). `rule` completes "…, and <rule>"; records in a `gone` state have given
 * their name up.
 */
export function uniqueName(
  noun: string,
  rule: string,
  gone: readonly string[] = [],
  otherwise = `choose another name, or adopt that ${noun} with adoptId`,
): Exclusive<string> {
  return {
    property: "name",
    needs: ["name"],
    claimed: (i) => (typeof i.name === "string" ? i.name : undefined),
    held: (r: LiveRecord & { name?: unknown }) =>
      typeof r.name === "string" && !gone.includes(r.state ?? "") ? r.name : undefined,
    reason: (i, r: LiveRecord) =>
      `name ${JSON.stringify(i.name)} is taken: ${noun} ${r.id} has that name, and ${rule} (the API refuses a second)`,
    otherwise,
  };
}

type Zoned = { zoneId?: string; zoneName?: string; size?: unknown };

/**
 * A record a resource with a `zoneId` names lies in that zone, as the platform requires: "is in zone …, not in the
 * <noun>'s zone …: <rule>". A record's zone changes only by its replacement, so the requirement is stable (judged
 * whatever gave the id, when it is known).
 */
export function inZone(noun: string, rule: string | ((r: Zoned, i: Recorded) => string)): Requirement {
  return {
    stable: true,
    needs: ["zoneId"],
    planned: ["zoneId"],
    holds: (r, i) =>
      (r as Zoned).zoneId === undefined || i.zoneId === undefined || (r as Zoned).zoneId === i.zoneId,
    reason: (r, i) =>
      `is in zone ${(r as Zoned).zoneName || (r as Zoned).zoneId}, not in the ${noun}'s zone ${String(i.zoneId)}: ${typeof rule === "string" ? rule : rule(r as Zoned, i)}`,
  };
}

/** The network a resource with a `zoneId` names must be in that zone (the platform refuses it otherwise). */
export const networkInZone = (noun: string) => inZone(noun, `a ${noun}'s network must be in its zone`);

/**
 * The record a disk is made from (a volume snapshot, a volume that becomes a root disk) lies in the resource's
 * zone: the platform refuses another ("Snapshot … is not available in zone …", "Volume … is not in zone …").
 */
export const sourceInZone = (noun: string, what: string) =>
  inZone(noun, `${what} is used only in its own zone`);

/** A disk made from a volume snapshot is at least the snapshot's size (the platform refuses a smaller one). */
export function atLeastSnapshot(sizeField: string): Requirement {
  return {
    stable: true,
    needs: [sizeField],
    property: sizeField,
    holds: (r, i) => {
      const size = (r as Zoned).size;
      return typeof i[sizeField] !== "number" || typeof size !== "number" || (i[sizeField] as number) >= size;
    },
    reason: (r, i) =>
      `is of ${String((r as Zoned).size)} GB: ${sizeField} ${String(i[sizeField])} GB is smaller, and a disk made from a snapshot is at least as big. Give at least ${String((r as Zoned).size)} GB, or leave ${sizeField} out for the snapshot's size`,
  };
}

/**
 * A disk made from a volume snapshot the run takes (`snapshotId` of a cim.VolumeSnapshot the program makes, which the
 * TypeScript SDK traced, of a volume that exists): the snapshot will lie in its volume's zone and hold its size, which
 * a snapshot's inputs do not say, so `rules`, the requirements the kind's `snapshotId` puts on a snapshot's record
 * (sourceInZone, atLeastSnapshot), are judged on a record of that volume's zone and size. KindSpec.liveRules,
 * through LiveRules.traced.
 */
export function fromSnapshotTaken(rules: readonly Requirement[]) {
  return async (
    i: Recorded,
    read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
    live: LiveRules,
  ): Promise<LookupFailure[]> => {
    // a snapshot that exists is judged on its own record (FieldSpec.ref requires)
    if (!containsUnknown(i.snapshotId)) return [];
    type Row = LiveRecord & Record<string, unknown>;
    const snapshot = (await read("VolumeSnapshot", live.traced.snapshotId)) as Row | undefined;
    const volumeId = snapshot?.volumeId;
    const volume = (typeof volumeId === "string" ? await read("Volume", volumeId) : undefined) as
      | Row
      | undefined;
    if (!snapshot || !volume) return [];
    const record: LiveRecord & Zoned = {
      id: snapshot.id,
      zoneId: volume.zoneId as string | undefined,
      zoneName: volume.zoneName as string | undefined,
      size: volume.size,
    };
    return rules
      .filter((r) => !r.holds(record, i))
      .map((r) => ({
        property: r.property ?? "snapshotId",
        reason: `snapshotId names volume snapshot ${snapshot.id}, of volume ${String(volume.name ?? "")} (${volume.id}), which ${typeof r.reason === "string" ? r.reason : r.reason(record, i)}`,
      }));
  };
}

/**
 * A resource that needs a network of the account (a Kubernetes cluster, a shared file system) is refused on its
 * zone's shared default network (the zones catalogue's `defaultNetworkId`). KindSpec.liveRules.
 */
export function notTheZoneNetwork(noun: string) {
  return async (
    i: Recorded,
    read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
  ): Promise<LookupFailure[]> => {
    const zone = (await read("zones", i.zoneId)) as
      | (LiveRecord & { defaultNetworkId?: unknown; name?: unknown })
      | undefined;
    if (!zone || typeof i.networkId !== "string" || zone.defaultNetworkId !== i.networkId) return [];
    return [
      {
        property: "networkId",
        reason: `networkId ${i.networkId} is the shared default network of zone ${String(zone.name ?? zone.id)}, which the platform refuses for a ${noun}: it needs a network of the account. Declare a cim.Network (an isolated network or a VPC tier) and pass its id`,
      },
    ];
  };
}

/**
 * A network of the account, not a zone's shared default network (CloudStack's guest type Shared, which its record's
 * `type` shows, and which never changes): the platform refuses `what` on the shared one. FieldSpec.ref requires.
 */
export function notShared(
  what: string,
  instead = "Declare a cim.Network (an isolated network or a VPC tier) and pass its id",
): Requirement {
  return {
    stable: true,
    holds: (n) => !isSharedNetwork(n),
    reason: () => `is its zone's shared default network, the platform's own: ${what}. ${instead}`,
  };
}

/** A zone's shared default network, as its record shows it (CloudStack's guest type, in any case). */
export const isSharedNetwork = (n: object): boolean => {
  const r = n as { type?: unknown; shared?: unknown };
  return String(r.type ?? "").toLowerCase() === "shared" || r.shared === true;
};

/** A free-text `description` (at most `max` characters); the API shows an empty one for none. */
export function descriptionField(what: string, change: "update" | "replace", max?: number) {
  return field(text(what, max).optional(), {
    doc: `${what[0].toUpperCase()}${what.slice(1)}.`,
    change,
    live: (r: { description?: string }) => r.description || undefined,
  });
}

/** For optional ids the API shows as "" or null when there is none: none equals none. */
export const noneIsNull = (a: unknown, b: unknown) => (a || null) === (b || null);

/** pulumi-cim import leaves out what a failed create left behind (state Error), saying why. */
export const skipFailed = (r: { state?: string }) =>
  r.state === "Error" ? "failed (state Error): delete it" : undefined;

/** Region uuid; a change replaces (ids are valid only in their own region). Recorded by the engine. */
export const region = field(regionSchema, {
  doc: "The region (a region uuid) the resource lives in; default: cim:region, else the API's default region.",
  change: "replace",
});

/** Tags: the program's map is authoritative; the engine applies and verifies them through the kind's tag route. */
export const tags = field(tagsSchema, {
  doc: "Tags; the program's map is authoritative.",
  change: "update",
  unset: () => ({}),
  same: (a, b) => sameTags(a as TagMap, b as TagMap),
  present: true,
});

/** How long to wait for the API's jobs; changing it changes nothing through the API. */
export const timeouts = field(
  timeoutsSchema as unknown as z.ZodType<TimeoutsInput | undefined, TimeoutsInput | undefined>,
  {
    doc: 'How long to wait for the API\'s jobs: `{ create?, update?, delete? }`, each milliseconds or a duration ("90s", "10m").',
    change: "state",
    unset: () => undefined,
    same: (a, b) => sameValue(a ?? {}, b ?? {}),
  },
);

/** The id of an existing resource to adopt instead of creating one; read only by create. */
export const adoptId = field(adoptIdSchema, {
  doc: "The id of an existing resource of this kind, in its region, to adopt instead of creating one.",
  change: "ignore",
});

/** The fields of every kind backed by a record (all but the generic tag endpoint have adoptId). */
export const commonFields = { region, timeouts, adoptId };

/**
 * A `size` that only grows (the platform refuses to shrink what holds data): `rules` refuses a program's smaller
 * size against the old inputs at check, so preview stops before anything is sent, unless another change replaces
 * the resource anyway (a new disk has no old size to shrink from); a size smaller than the live
 * one (grown outside the program, or by a resize that ended after its timeout) is refused by the kind's update
 * before it calls the API. Not at diff: `pulumi refresh` calls diff with the refreshed outputs as the old state
 * and the old inputs as the new ones, so a refresh after any growth would fail. `message` says why.
 */
export function growOnly(message: (from: number, to: number) => string) {
  const shrinks = (from: unknown, to: unknown): [number, number] | undefined =>
    typeof from === "number" && typeof to === "number" && to < from ? [from, to] : undefined;
  return {
    rules(
      values: Recorded,
      fail: (property: string, reason: string) => void,
      olds: Recorded,
      replaced: boolean,
    ) {
      const s = replaced ? undefined : shrinks(olds?.size, values.size);
      if (s) fail("size", message(...s));
    },
  };
}

/**
 * A flag changed in place whose default the API applies when it is left out: compared with that default, shown as
 * the API reports it (else as recorded, else the default), so outputs always carry it.
 */
export function flagField(name: string, what: string, dflt = false) {
  return field(bool(what), {
    change: "update",
    unset: () => dflt,
    same: (a, b) => a === (b ?? dflt),
    live: (r: Recorded) => r[name] as boolean | undefined,
    output: (r: Recorded, rec: Recorded) =>
      (r[name] as boolean | undefined) ?? (rec[name] as boolean | undefined) ?? dflt,
    shown: z.boolean(),
  });
}

/** A client family with the usual calls on one record by its id: read it, delete it. */
interface OneRecordFamily<R> {
  get(id: string, o: { region?: string }): Promise<R>;
  delete(id: string, o: { region?: string }): Promise<AcceptedMutation>;
}

/** A client family with the usual calls on its records: read one, list every page, delete one. */
export interface RecordFamily<R> extends OneRecordFamily<R> {
  listAll(o: { region?: string }): Promise<{ items: R[] }>;
}

/**
 * A kind's get and delete (KindApi) through its client family's usual calls, in the resource's region, for a
 * family that lists its records only under another (a schedule under its instance): the kind has no list.
 */
export function oneRecordCalls<R extends LiveRecord>(family: (client: CimClient) => OneRecordFamily<R>) {
  return {
    get: (s: Session, id: string) => family(s.client).get(id, { region: s.region }),
    delete: (s: Session, live: R) => family(s.client).delete(live.id, { region: s.region }),
  };
}

/**
 * A kind's get, list and delete (KindApi) through its client family's usual calls, in the resource's region:
 * `api: { ...recordCalls((c) => c.volumes), create: …, apply: … }`.
 */
export function recordCalls<R extends LiveRecord>(family: (client: CimClient) => RecordFamily<R>) {
  return {
    ...oneRecordCalls(family),
    list: async (s: Session) => (await family(s.client).listAll({ region: s.region })).items,
  };
}
