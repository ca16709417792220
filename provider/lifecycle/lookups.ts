// Region-aware lookups for check: zones, templates and offerings of the resource's region, so a program that
// names an id of another region, or a root disk below the template's minimum, fails at preview. They are
// best-effort by design: when the API is not configured or cannot be reached (or refuses the token), check
// skips them and a valid program still previews; the API enforces the same rules at create. A lookup that
// answers and does not contain the id is a failure. Results are cached per process for a minute. Fields that
// name another kind's resources (`ref.mustExist`, e.g. an instance's SSH key pair) and the rules preview judges on
// live records (liveChecks.ts) read another kind's records through the same per-process cache as the catalogue
// (`liveList`, `liveRecord`): one list per kind and region for a minute, read again when an id is missing or a
// row fails a rule; an id the list still misses is read by id before a reference is refused. A read that fails
// while a check needs it says so, once per route and region (readFailed): the check it leaves undone is named.

import { AsyncLocalStorage } from "node:async_hooks";
import type { CimClient } from "../client";
import {
  AuthenticationError,
  ConfigurationError,
  ConnectionError,
  RequestError,
  RequestTimeoutError,
  SharedCauseError,
  TokenError,
} from "../client";
import { apiDefaultRegion } from "../client/defaultRegion";
import { missingSettingsAdvice, providerConfig } from "../config";
import { resetEarlierJobs } from "./earlierJobs";
import { engineWarning } from "./engineLog";
import { readOrGone } from "./errors";
import {
  CATALOGUES,
  type CatalogueName,
  type LiveRecord,
  type Recorded,
  type Requirement,
  refOf,
  requirementsOf,
} from "./fieldSpec";
import type { Kind } from "./kindSpec";
import { resetRunChanges } from "./runChanges";
import { isConfigured, openSession, type Session } from "./session";
import { containsUnknown } from "./values";

/** The catalogue names, declared with the fields that look them up (FieldSpec.lookup). */
export { CATALOGUES, type CatalogueName };

const TTL_MS = 60_000;
/** After a lookup could not be made, further ones are skipped for a while instead of waiting again. */
const FAILED_TTL_MS = 15_000;

/** One attempt, at most 10 s (less when cim:requestTimeout is shorter): a lookup never holds up a preview. */
function lookupClient() {
  return { retry: { maxRetries: 0 }, timeoutMs: Math.min(10_000, providerConfig().requestTimeoutMs) };
}
/** Catalogue lists by region and name; `serial` orders the reads (a later read has a higher one). */
const cache = new Map<string, { at: number; serial: number; value: Promise<unknown[] | undefined> }>();
let reads = 0;
let unreachableUntil = 0;

type CatalogueRead = (c: CimClient["catalogue"], o: { region?: string }) => Promise<unknown[]>;

/** Each catalogue: how it is read, and what a warning calls it (readFailed). */
const CATALOGUE_READS: Record<CatalogueName, { read: CatalogueRead; noun: string }> = {
  zones: { read: (c, o) => c.zones(o), noun: "zones" },
  templates: { read: (c, o) => c.templates(o), noun: "templates" },
  isos: { read: (c, o) => c.isos(o), noun: "ISOs" },
  computeOfferings: { read: (c, o) => c.computeOfferings({}, o), noun: "compute offerings" },
  diskOfferings: { read: (c, o) => c.diskOfferings(o), noun: "disk offerings" },
  networkOfferings: { read: (c, o) => c.networkOfferings(o), noun: "network offerings" },
  vpcOfferings: { read: (c, o) => c.vpcOfferings(o), noun: "VPC offerings" },
  backupOfferings: { read: (c, o) => c.backupOfferings({}, o), noun: "backup offerings" },
  kubernetesVersions: { read: (c, o) => c.kubernetesVersions(o), noun: "Kubernetes versions" },
  osTypes: { read: (c, o) => c.osTypes(o), noun: "OS types" },
};

/** One catalogue list of the client's region (or `o.region`): the provider's lookups and the SDK's read it. */
export function fetchCatalogue(
  client: CimClient,
  name: CatalogueName,
  o: { region?: string } = {},
): Promise<unknown[]> {
  return CATALOGUE_READS[name].read(client.catalogue, o);
}

/** Lookups are off (CIM_SKIP_LOOKUPS=1), impossible (no address or token), or paused after a failure. */
function skipped(): boolean {
  if (process.env.CIM_SKIP_LOOKUPS === "1") return true;
  if (!isConfigured()) {
    const c = providerConfig();
    const missing = (["baseUrl", "token"] as const).filter((k) => !c[k]);
    skippedAll(`no ${missing.join(" or ")} is set: ${missingSettingsAdvice(missing, c.provider)}`);
    return true;
  }
  return Date.now() < unreachableUntil;
}

/** Said, or moot: a read of this process answered, so the API is there and the settings reach it. */
let toldSkipped = false;
/** Said: the warning that no check against live records ran (skippedAll) was given in this process. */
let toldAll = false;
/** The reads whose failure a warning named (readFailed), by method, path and region. */
const toldFailed = new Set<string>();

/**
 * Says once per process that the checks judged nothing against the API, and why: a program whose ids are written
 * as text would otherwise preview clean with a wrong address or token, and fail only at up. Only for a cause every
 * read meets (no address or token, no route to the API, a token it refuses), and only while no read has answered:
 * a slow list or a region the account cannot use is one read's matter, which readFailed names with what it left
 * unchecked. A warning, not a failure: a valid program still previews without the API (the API enforces the same
 * rules at create).
 */
function skippedAll(why: string): boolean {
  if (toldSkipped) return toldAll;
  toldSkipped = true;
  toldAll = true;
  void engineWarning(
    `pulumi-cim could not read the API to check this program against live records (ids, names, ranges), so none of those checks ran: ${why.replace(/\.\s*$/, "")}. Changing anything needs the API: pulumi up stops at the same point.`,
  );
  return true;
}

/** What a read reads, as a warning names it ("the disk offerings"); `one`: a single record. */
export interface Reading {
  readonly what: string;
  readonly one?: boolean;
}

/** A read that failed during one check: what it reads, why it failed, and the checks it left undone. */
interface Failed {
  readonly what: Reading;
  readonly err: unknown;
  readonly checks: Set<string>;
}

/**
 * The check under way (its resource, as messages name it), what it judges by the reads it makes now, and the reads
 * that failed in it so far, by route and region (said together when the check ends).
 */
interface Judging {
  readonly resource: string;
  readonly checks: readonly string[];
  readonly failed: Map<string, Failed>;
}
const judging = new AsyncLocalStorage<Judging>();

/**
 * Runs the lookups of the check of `resource` (`cim:Volume "fx"`): its reads that fail say what they left undone,
 * one warning a route for every check of the resource that needed it (its reference and a claim on the same list).
 */
export async function checking<T>(resource: string, fn: () => Promise<T>): Promise<T> {
  const failed = new Map<string, Failed>();
  try {
    return await judging.run({ resource, checks: [], failed }, fn);
  } finally {
    for (const [key, f] of failed) sayFailed(resource, key, f);
  }
}

/**
 * Runs `fn`, whose reads the check needs to judge `checks` (input names, or what else it judges): when one fails,
 * the check is skipped, and a warning says so (readFailed). None: reads whose failure skips no check (the region
 * list a message names its region by).
 */
export function judgingBy<T>(checks: readonly string[], fn: () => T): T {
  const outer = judging.getStore();
  return outer ? judging.run({ ...outer, checks }, fn) : fn();
}

const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/**
 * Notes that a read a check needed failed, and so what it did not check; said when the check ends (sayFailed). The
 * read is not kept: a later check, and the check of `up`, read again. Never for what the warning of skippedAll covers.
 */
function readFailed(err: unknown, what: Reading): void {
  const j = judging.getStore();
  if (!j?.checks.length) return;
  const key =
    err instanceof RequestError
      ? `${err.method} ${err.path.split("?")[0]} ${err.region ?? ""}`
      : `${what.what} ${err instanceof Error ? err.message : String(err)}`;
  if (toldFailed.has(key)) return;
  const f = j.failed.get(key) ?? { what, err, checks: new Set<string>() };
  for (const c of j.checks) f.checks.add(c);
  j.failed.set(key, f);
}

/**
 * Says that a read failed and what the check of `resource` did not check for it: once per route and region a
 * process, on the first resource whose check met it (the checks of the others that needed it were skipped the same
 * way).
 */
function sayFailed(resource: string, key: string, { what, err, checks }: Failed): void {
  if (toldFailed.has(key)) return;
  toldFailed.add(key);
  const why = (err instanceof Error ? err.message : String(err)).replace(/\.\s*$/, "");
  const skipped = [...checks];
  // input names are one thing each; a phrase ("its rules on live records") is many
  const plural = skipped.length > 1 || skipped[0].includes(" ");
  const cause = err instanceof SharedCauseError ? err.shared.cause : err;
  const paused =
    cause instanceof ConnectionError || cause instanceof RequestTimeoutError
      ? ` (nor, for ${FAILED_TTL_MS / 1000} s, any check needing another read: they pause after a read that gets no answer)`
      : "";
  void engineWarning(
    `${resource}: could not read ${what.what} (${why}), so ${listed(skipped)} ${plural ? "were" : "was"} not checked against ${what.one ? "it" : "them"}${paused}. pulumi up checks each resource again, reading afresh, before it changes it; if that read fails too, the change goes to the API unchecked`,
  );
}

/** What makes every read of the API fail alike: its address, the token, the settings. */
const failsEveryRead = (err: unknown) =>
  err instanceof ConnectionError ||
  err instanceof AuthenticationError ||
  err instanceof TokenError ||
  err instanceof ConfigurationError;

/**
 * One best-effort read for check: one attempt with a short timeout (a lookup is a convenience, never a reason
 * to hold up a preview). Undefined when it cannot be made now: unreachable (then further lookups pause for a
 * while), refused, or not offered by this API.
 */
async function attempt<T>(
  kind: string,
  region: string | undefined,
  read: (s: Session) => Promise<T>,
  what: Reading,
): Promise<T | undefined> {
  try {
    const answer = await read(openSession(kind, region, undefined, lookupClient()));
    toldSkipped = true;
    return answer;
  } catch (err) {
    // a read that met what an earlier one met (the client's circuit) fails for that cause
    const cause = err instanceof SharedCauseError ? err.shared.cause : err;
    if (cause instanceof ConnectionError || cause instanceof RequestTimeoutError) {
      unreachableUntil = Date.now() + FAILED_TTL_MS;
    }
    const everyRead = failsEveryRead(cause) && skippedAll(err instanceof Error ? err.message : String(err));
    if (!everyRead) readFailed(err, what);
    return undefined;
  }
}

/** The catalogue list of a region, or undefined when it cannot be read now. */
export async function catalogue<T extends { id: string }>(
  kind: string,
  region: string | undefined,
  name: CatalogueName,
): Promise<T[] | undefined> {
  return (await catalogueRead<T>(kind, region, name))?.rows;
}

/**
 * The catalogue list and the serial of its read. `after`: only a read with a higher serial will do, one asked
 * for after that point: a fresh one, or one another check started since. The checks that miss at the same time
 * share one re-read instead of each listing the catalogue again.
 */
function catalogueRead<T>(
  kind: string,
  region: string | undefined,
  name: CatalogueName,
  after?: number,
): Promise<{ rows: T[]; serial: number } | undefined> {
  const what = { what: `the ${CATALOGUE_READS[name].noun}` };
  return cachedRead<T>(kind, region, name, what, (s) => fetchCatalogue(s.client, name), after);
}

/** One list of the region, shared by every check of the process for a minute (see catalogueRead). */
async function cachedRead<T>(
  kind: string,
  region: string | undefined,
  name: string,
  what: Reading,
  fetch: (s: Session) => Promise<unknown[]>,
  after?: number,
): Promise<{ rows: T[]; serial: number } | undefined> {
  if (skipped()) return undefined;
  const key = `${region ?? ""}/${name}`;
  let entry = cache.get(key);
  const usable = entry && (after === undefined ? Date.now() - entry.at < TTL_MS : entry.serial > after);
  if (!entry || !usable) {
    entry = { at: Date.now(), serial: ++reads, value: attempt(kind, region, fetch, what) };
    cache.set(key, entry);
  }
  const rows = await entry.value;
  if (rows === undefined) {
    if (cache.get(key) === entry) cache.delete(key);
    return undefined;
  }
  return { rows: rows as T[], serial: entry.serial };
}

/**
 * Every record of another kind in the region (`target`'s list), for rules judged at check on live records: one
 * list per kind and region, shared by every check of the process for a minute (a preview of thousands of
 * resources that name the same VPC reads its networks once), like the catalogue. `after`: a read newer than
 * that serial (see catalogueRead). Undefined when it cannot be read now (best effort).
 */
export function liveList(
  kind: string,
  region: string | undefined,
  target: Kind,
  after?: number,
): Promise<{ rows: LiveRecord[]; serial: number } | undefined> {
  const list = target.api.list;
  if (!list) return Promise.resolve(undefined);
  return cachedRead<LiveRecord>(
    kind,
    region,
    `live:${target.name}`,
    recordsOf(target),
    (s) => list(s),
    after,
  );
}

/**
 * The records the inputs name by id through their reference fields, by kind (`{ Instance: [{ id }] }`): what a
 * kind whose records the API lists only under another resource is listed under (its importer's `list`).
 */
export function namedIn(target: Kind, inputs: Recorded): Record<string, LiveRecord[]> {
  const named: Record<string, LiveRecord[]> = {};
  for (const [field, spec] of Object.entries(target.fields)) {
    const ref = refOf(spec);
    const v = inputs[field];
    if (ref?.by !== "id") continue;
    const ids = (Array.isArray(v) ? v : [v]).filter(
      (id): id is string => typeof id === "string" && id !== "" && !containsUnknown(id),
    );
    if (ids.length) named[ref.kind] = [...(named[ref.kind] ?? []), ...ids.map((id) => ({ id }))];
  }
  return named;
}

/**
 * The live records of `target`'s kind a rule judged at check compares the inputs with: the kind's list
 * (liveList), else, for records the API lists only under the resource they belong to (an instance's backup
 * schedules), its importer's list under the records the inputs name, shared the same way per region and
 * parents. Undefined when neither can be read now (best effort).
 */
export function liveListFor(
  kind: string,
  region: string | undefined,
  target: Kind,
  inputs: Recorded,
  after?: number,
): Promise<{ rows: LiveRecord[]; serial: number } | undefined> {
  if (target.api.list) return liveList(kind, region, target, after);
  const list = target.importer?.list;
  const named = namedIn(target, inputs);
  const under = Object.values(named)
    .flatMap((rs) => rs.map((r) => r.id))
    .sort();
  if (!list || !under.length) return Promise.resolve(undefined);
  return cachedRead<LiveRecord>(
    kind,
    region,
    `live:${target.name}:under:${under.join(",")}`,
    recordsOf(target),
    (s) => list(s, named),
    after,
  );
}

/**
 * The rows of a shared list (`read`, liveList or liveListFor) that `match` picks. A list read earlier in the run
 * may predate a change of it (a record renamed, deleted, made), so when any row matches, the answer is that of a
 * read made after it. Undefined when either read cannot be made now (best effort: nothing is judged).
 */
export async function confirmedRows(
  read: (after?: number) => Promise<{ rows: LiveRecord[]; serial: number } | undefined>,
  match: (row: LiveRecord) => boolean,
): Promise<LiveRecord[] | undefined> {
  const first = await read();
  if (!first?.rows.some(match)) return first && [];
  return (await read(first.serial))?.rows.filter(match);
}

/**
 * The record `id` of `target`'s kind in the region, from the shared list. A list that misses it, or whose row
 * `stale` refuses, may predate a change made earlier in the same run: it is read once more, through a list asked
 * for after that one and after this call began (shared by the calls that miss at the same time), before the
 * answer counts; one no list shows is then read by id (recordById). Undefined when it is not there or cannot be
 * read now.
 */
export async function liveRecord(
  kind: string,
  region: string | undefined,
  target: Kind,
  id: string,
  stale?: (row: LiveRecord) => boolean,
): Promise<LiveRecord | undefined> {
  return (await recordOf(kind, region, target, id, stale)) ?? undefined;
}

/**
 * The record `id` of `target`'s kind in the region, as liveRecord finds it; null when the lists read after this call
 * began and a read by id say there is none, undefined when it cannot be read now.
 */
export async function recordOf(
  kind: string,
  region: string | undefined,
  target: Kind,
  id: string,
  stale?: (row: LiveRecord) => boolean,
): Promise<LiveRecord | null | undefined> {
  const begun = reads;
  const read = await liveList(kind, region, target);
  if (!read) return undefined;
  const row = read.rows.find((r) => r.id === id);
  if (row && !stale?.(row)) return row;
  const again = await liveList(kind, region, target, Math.max(read.serial, begun));
  const found = (again?.rows ?? read.rows).find((r) => r.id === id);
  if (found) return found;
  if (row) return again ? null : undefined;
  // a record no list shows (a zone's shared network, which no account lists among its own) is read by id
  return recordById(kind, region, target, id);
}

/** The records of a kind, as a warning names them. */
const recordsOf = (target: Kind): Reading => ({ what: `the ${target.noun}s` });

/**
 * One read of a record by id for check (an adoption's), best effort: undefined when it cannot be made now. `what`:
 * the record, as a warning names it when the read fails (default: the record of the kind `kind`).
 */
export function readForCheck<T>(
  kind: string,
  region: string | undefined,
  read: (s: Session) => Promise<T>,
  what: Reading = { what: `the ${kind} record`, one: true },
): Promise<T | undefined> {
  if (skipped()) return Promise.resolve(undefined);
  return attempt(kind, region, read, what);
}

export interface LookupFailure {
  property: string;
  reason: string;
}

/** "zoneId … is not a zone of region …" when the list was read and does not contain the id. */
export async function mustExist(
  kind: string,
  region: string | undefined,
  name: CatalogueName,
  field: string,
  value: unknown,
  what: string,
): Promise<{ failure?: LookupFailure; row?: Record<string, unknown> }> {
  if (typeof value !== "string") return {};
  const row = await catalogueRow(kind, region, name, value);
  if (row === undefined) return {};
  if (row) return { row };
  const where = await regionWhere(kind, region);
  return {
    failure: {
      property: field,
      reason: `${field} ${value} is not ${what} of ${where}; ids are valid only in their own region (GET /api/v1/${endpoint(name)} with that region lists them)`,
    },
  };
}

/** The catalogue's row `id` in the region: null when the lists read say there is none, undefined when unread. */
export async function catalogueRow(
  kind: string,
  region: string | undefined,
  name: CatalogueName,
  id: string,
): Promise<Record<string, unknown> | null | undefined> {
  // Reads asked for from here on see what this check looks for (it existed when the check began).
  const begun = reads;
  const read = await catalogueRead<{ id: string }>(kind, region, name);
  if (!read) return undefined;
  let row = read.rows.find((r) => r.id === id) as Record<string, unknown> | undefined;
  // The catalogue includes what the account registers (templates, ISOs): a cached list may predate one made
  // earlier in the same run, or show it still downloading. Such a miss is read once more before it counts,
  // by a list asked for after the one that missed and after this check began (one such list is shared by the
  // checks that miss at the same time; one asked for earlier may predate what this check names).
  if (!row || row.isReady === false) {
    const now = await catalogueRead<{ id: string }>(kind, region, name, Math.max(read.serial, begun));
    row = (now?.rows ?? read.rows).find((r) => r.id === id) as Record<string, unknown> | undefined;
  }
  return row ?? null;
}

function endpoint(name: CatalogueName): string {
  switch (name) {
    case "computeOfferings":
      return "offerings/compute";
    case "diskOfferings":
      return "offerings/disk";
    case "networkOfferings":
      return "offerings/network";
    case "vpcOfferings":
      return "offerings/vpc";
    case "backupOfferings":
      return "offerings/backup";
    case "kubernetesVersions":
      return "compute/kubernetes/versions";
    case "osTypes":
      return "os-types";
    default:
      return name;
  }
}

let regionList: { at: number; value: Promise<{ id: string; name?: string }[] | undefined> } | undefined;

/** The API's regions (not region-scoped), or undefined when they cannot be read now. Cached a minute. */
export async function regionsOf(kind: string): Promise<{ id: string; name?: string }[] | undefined> {
  if (skipped()) return undefined;
  if (!regionList || Date.now() - regionList.at > TTL_MS) {
    regionList = {
      at: Date.now(),
      value: attempt(kind, undefined, (s) => s.client.catalogue.regions(), { what: "the regions" }),
    };
  }
  const rows = await regionList.value;
  if (!rows) regionList = undefined;
  return rows;
}

/**
 * How a message at check names a region given by id or name: "region nl-ams-1 (<id>)" when the API's list of
 * regions can be read, else as given.
 */
export async function regionWhere(kind: string, region: string | undefined): Promise<string> {
  if (!region) return "the default region (cim:region is not set)";
  // only the message's words: its failure leaves no check undone
  const r = (await judgingBy([], () => regionsOf(kind)))?.find((x) => x.id === region || x.name === region);
  return r?.name && r.name !== r.id ? `region ${r.name} (${r.id})` : `region ${region}`;
}

/**
 * The failures `failures` gives, their region named as regionWhere names it: the region list is read only when
 * there are any (a check that passes reads nothing for its messages).
 */
export async function namingRegion<F>(
  kind: string,
  region: string | undefined,
  failures: (where: string) => F[],
): Promise<F[]> {
  return failures("").length ? failures(await regionWhere(kind, region)) : [];
}

/**
 * The region a request that names none goes to (the API's default: the primary region if active, else the first
 * active one), or undefined when the regions cannot be read now: a value one resource claims without a region
 * and another in that region's id is one claim.
 */
export async function defaultRegionId(kind: string): Promise<string | undefined> {
  const rows = await regionsOf(kind);
  return rows && apiDefaultRegion(rows as { id: string; primary?: boolean; active?: boolean }[])?.id;
}

/** Reads of one record by id in flight (recordById), shared by the checks that ask for it at the same time. */
const byIdInFlight = new Map<string, Promise<LiveRecord | null | undefined>>();

/**
 * The record `id` of `target`'s kind in the region, read by id (its `get`), for a value the kind's list misses;
 * null when the API has none (or has it in a gone state), undefined when it cannot be read now (best effort).
 */
function recordById(
  kind: string,
  region: string | undefined,
  target: Kind,
  id: string,
): Promise<LiveRecord | null | undefined> {
  const key = `${target.name}/${region ?? ""}/${id}`;
  let read = byIdInFlight.get(key);
  if (!read) {
    read = attempt(
      kind,
      region,
      async (s) => {
        const live = (await readOrGone(() => target.api.get(s, id, {}))) as LiveRecord | undefined;
        return live && !target.states?.gone?.includes(String(live.state ?? "")) ? live : null;
      },
      { what: `the ${target.noun} ${id}`, one: true },
    );
    byIdInFlight.set(key, read);
    void read.finally(() => byIdInFlight.get(key) === read && byIdInFlight.delete(key));
  }
  return read;
}

/**
 * "sshKeyNames names no SSH key pair named "ops" in region …" for each value of a field that refers to another
 * kind's resources (`ref.mustExist`) and names none of the region's, read through that kind's list (the one the
 * rules on live records read: liveList), and an id the list misses by id (recordById); then the requirements on
 * each record found. Best effort like the catalogue lookups. Such resources change within a run (one made or
 * changed earlier in the same `up` must be found as it is now), so when a list read before this check began
 * misses a value, or shows its record failing a requirement, the answer is that of a list asked for after.
 */
export async function mustReferToExisting(
  kind: string,
  region: string | undefined,
  field: string,
  value: unknown,
  target: Kind,
  by: "id" | "name",
  requires: Requirement | readonly Requirement[] = [],
  inputs: Recorded = {},
  regionFrom?: string,
  claimedBy?: (name: string) => Promise<string | undefined>,
): Promise<LookupFailure[]> {
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
  if (!values.length || !target.api.list) return [];
  // reads asked for from here on see what this check looks for
  const begun = reads;
  const first = await liveList(kind, region, target);
  if (!first) return [];
  const rules = requirementsOf(requires);
  const named = (r: LiveRecord) => (by === "name" ? (r as { name?: unknown }).name : r.id);
  const settled = (rows: LiveRecord[], v: string) => {
    const r = rows.find((x) => named(x) === v);
    return r !== undefined && unmet(rules, r, inputs).length === 0;
  };
  let records = first.rows;
  if (first.serial <= begun && values.some((v) => !settled(records, v))) {
    const again = await liveList(kind, region, target, begun);
    if (!again) return [];
    records = again.rows;
  }
  const known = new Map(records.map((r) => [named(r), r]));
  // an id no list has is read by id before it counts: the API shows some records only by id (a zone's shared
  // network, which every account may use and no account lists among its own); one that cannot be read now is
  // not judged
  const unread = new Set<string>();
  if (by === "id") {
    await Promise.all(
      [...new Set(values.filter((v) => !known.has(v)))].map(async (v) => {
        const got = await recordById(kind, region, target, v);
        if (got === undefined) unread.add(v);
        else if (got) known.set(v, got);
      }),
    );
  }
  const failures = await Promise.all(
    values.map(async (v): Promise<LookupFailure[]> => {
      if (unread.has(v)) return [];
      const found = known.get(v);
      if (found)
        return namingRegion(kind, region, (where) =>
          requirementFailures(field, v, found, target, where, rules, inputs),
        );
      // the failures below always are: the region's list is read once a minute at most (regionsOf)
      const where = await regionWhere(kind, region);
      // a name this run makes or renames a resource to, written as text: nothing orders the two
      const claimant = await claimedBy?.(v);
      if (claimant) {
        const reason = `${field} "${v}" is the ${by} ${claimant} of this program takes in this run (a new one, or a rename), but written as text it does not make this resource wait for that one, and ${where} has no ${target.noun} named "${v}" yet. Pass that resource's ${by} output instead (\`${field}: <that resource>.${by}\`), so it comes first`;
        return [{ property: field, reason }];
      }
      // a field whose target may live in another region (regionFrom) left that region out: say which input gives it
      const elsewhere =
        regionFrom && inputs[regionFrom] === undefined
          ? `, or give ${regionFrom} (the ${target.noun}'s region) if it is in another region`
          : "";
      const reason = `${field} names no ${target.noun} ${by === "name" ? "named" : "with id"} "${v}" in ${where}. Create it first (declare a cim.${target.name} and pass its ${by} output here, so it is made before this resource), or correct the ${by}${elsewhere}`;
      return [{ property: field, reason }];
    }),
  );
  return failures.flat();
}

/** The requirements the record found does not meet, each judged once the inputs it reads are known. */
const unmet = (rules: readonly Requirement[], found: LiveRecord, inputs: Recorded) =>
  rules.filter((r) => (r.needs ?? []).every((f) => !containsUnknown(inputs[f])) && !r.holds(found, inputs));

/** "<field> names <noun> <value> in <where>, which …" for each requirement the record found does not meet. */
export function requirementFailures(
  field: string,
  value: string,
  found: LiveRecord,
  target: Kind,
  where: string,
  rules: readonly Requirement[],
  inputs: Recorded,
): LookupFailure[] {
  return unmet(rules, found, inputs).map((r) => ({
    property: r.property ?? field,
    reason: `${field} names ${target.noun} ${value} in ${where}, which ${typeof r.reason === "string" ? r.reason : r.reason(found, inputs)}`,
  }));
}

/**
 * Test seam: the lookups of a new provider process. It also forgets what the process was told and said of its run
 * (runChanges.ts) and the jobs it found running on the platform (earlierJobs.ts).
 */
export function resetLookups(): void {
  resetRunChanges();
  resetEarlierJobs();
  regionList = undefined;
  cache.clear();
  byIdInFlight.clear();
  unreachableUntil = 0;
  toldSkipped = false;
  toldAll = false;
  toldFailed.clear();
}
