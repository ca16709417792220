// What every lookup shares: the client built from the stack config (`cim:baseUrl`, `cim:token`, `cim:region`,
// `cim:audience` and the client settings, with the CIM_* environment variables as fallback, resolved as the
// resource providers resolve them: provider/config.ts), the process-wide cache of catalogue reads, the gate
// that reports a shared cause (settings, token, no route to the API) once, the region a lookup runs in, and
// picking one record by name or id with the candidates listed on a miss. The token is held by the client and
// never appears in a message.

import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import {
  AuthenticationError,
  CimClient,
  CimError,
  ConfigurationError,
  ConnectionError,
  type ListResult,
  PermissionDeniedError,
  RequestTimeoutError,
  TokenError,
} from "../../provider/client";
import {
  clientSettings,
  configuredProvider,
  missingSettingsAdvice,
  type ProviderConfig,
  resolveProviderConfig,
  type StackConfigReader,
} from "../../provider/config";
import type { Region } from "./records";

export interface LookupRegionOptions {
  /**
   * Region uuid, or a region name such as `de-fra-1`. Default: `cim:region` (or `CIM_REGION`), then the API's
   * default region. Identifiers are valid only in their own region, so look up in the region you deploy to.
   */
  region?: string;
}

/** Which record: exactly one of `name` (exact match, then case-insensitive) or `id`. */
export interface LookupQuery extends LookupRegionOptions {
  name?: string;
  id?: string;
}

/** A compute-offering query: the API ignores zoneId on this list, so the zone filter is applied here. */

/**
 * A lookup that found no record, or more than one, for a name or id. The message lists the candidates. A
 * `pulumi.RunError`: the CLI prints its message alone, without a stack trace.
 */
export class LookupError extends pulumi.RunError {
  constructor(
    message: string,
    /** The candidates considered (name and id), at most 50. */
    readonly candidates: { name?: string; id: string }[],
  ) {
    super(message);
    this.name = "LookupError";
    keepMessage(this);
  }
}

/**
 * Pulumi prefixes the message of an error that reaches a resource input ("error serializing property …") and
 * reports each error object once. Errors of a cause many lookups share are one object, and their message
 * stays the cause: the user reads it once, as it was written.
 */
export function keepMessage(err: Error): Error {
  const message = err.message;
  Object.defineProperty(err, "message", { get: () => message, set: () => undefined, configurable: true });
  err.stack = `${err.name}: ${message}`;
  return err;
}

/** A failure of the program's settings or of its access to the API: stops the program with one message. */
function stop(message: string): pulumi.RunError {
  return keepMessage(new pulumi.RunError(message)) as pulumi.RunError;
}

/** Causes every call of a process shares (settings, token, reaching the API, access): reported once. */
function sharedCause(err: unknown): boolean {
  return (
    err instanceof ConfigurationError ||
    err instanceof TokenError ||
    err instanceof ConnectionError ||
    err instanceof RequestTimeoutError ||
    err instanceof AuthenticationError ||
    err instanceof PermissionDeniedError
  );
}

/** The first error of each shared cause, per API address and token: later calls fail with the same object. */
const causes = new Map<string, pulumi.RunError>();

/** What a lookup throws: a shared cause once per process, any other API error without our stack. */
function asRunError(scope: string, err: unknown): unknown {
  if (pulumi.RunError.isInstance(err)) return err;
  if (sharedCause(err)) {
    const key = `${scope}\n${(err as Error).constructor.name}`;
    let cause = causes.get(key);
    if (!cause) {
      cause = stop(`pulumi-cim lookup: ${(err as Error).message}`);
      causes.set(key, cause);
    }
    return cause;
  }
  if (err instanceof CimError) return stop(`pulumi-cim lookup: ${err.message}`);
  return err;
}

// ------------------------------------------------------------------------------------------ client and cache

/**
 * Where the settings come from: the program's stack config (`cim:*`), unless a process that is not a program
 * (the provider plugin, which runs these same lookups with its own configuration) names its own source.
 */
let settingsSource: StackConfigReader | undefined;

/**
 * Makes every later lookup of this process read its settings through `reader` (keys `cim:`-prefixed, as
 * resolveProviderConfig reads them), then the CIM_* environment; undefined restores the program's stack config.
 */
export function useLookupSettings(reader: StackConfigReader | undefined): void {
  settingsSource = reader;
}

/** True in a program (no other settings source named): what a program's output shows is said here. */
export function inProgram(): boolean {
  return settingsSource === undefined;
}

function programConfig(): StackConfigReader {
  const config = new pulumi.Config("cim");
  return (key) => config.get(key.slice("cim:".length));
}

/** The provider's settings, resolved as the provider resolves them; the address and token are required here. */
function settings(): ProviderConfig & { baseUrl: string; token: string } {
  // a provider process serving an explicit provider reads that provider's inputs, and messages name it
  const provider = settingsSource === undefined ? undefined : configuredProvider();
  const s = resolveProviderConfig(settingsSource ?? programConfig(), process.env, provider);
  if (s.problems.length) {
    throw asRunError("settings", new ConfigurationError(s.problems.join(" ")));
  }
  const { baseUrl, token } = s;
  if (!baseUrl || !token) {
    const missing = (["baseUrl", "token"] as const).filter((m) => !s[m]);
    throw asRunError(
      "settings",
      new ConfigurationError(
        `the API address and token are needed: ${missingSettingsAdvice(missing, provider)}.`,
      ),
    );
  }
  return { ...s, baseUrl, token };
}

const clients = new Map<string, CimClient>();
const cache = new Map<string, Promise<unknown>>();

/** One client per API address, token and settings in this process (keyed by a digest; the token is not kept). */
export function client(): { client: CimClient; key: string; region?: string } {
  const s = settings();
  const key = createHash("sha256")
    .update(
      [s.baseUrl, s.token, s.audience ?? "", s.requestTimeoutMs, s.maxRetries, s.maxConcurrentRequests].join(
        "\n",
      ),
    )
    .digest("hex");
  let c = clients.get(key);
  if (!c) {
    try {
      c = new CimClient({ baseUrl: s.baseUrl, token: s.token, audience: s.audience, ...clientSettings(s) });
    } catch (err) {
      throw asRunError(key.slice(0, 16), err);
    }
    clients.set(key, c);
  }
  return { client: c, key: key.slice(0, 16), region: s.region };
}

/**
 * Per API address and token, the first read goes alone: the others wait for its answer. When it fails for a
 * cause they would share (no route to the API, a refused token), they fail with that answer at once instead of
 * each trying again.
 */
const gates = new Map<string, Promise<void>>();

export async function gated<T>(scope: string, read: () => Promise<T>): Promise<T> {
  const gate = gates.get(scope);
  if (gate) {
    await gate;
    return read().catch((err) => {
      throw asRunError(scope, err);
    });
  }
  let open!: () => void;
  let shut!: (err: unknown) => void;
  const next = new Promise<void>((resolve, reject) => {
    open = resolve;
    shut = reject;
  });
  next.catch(() => undefined); // waiters handle it
  gates.set(scope, next);
  try {
    const value = await read();
    open();
    return value;
  } catch (err) {
    const out = asRunError(scope, err);
    if (sharedCause(err)) shut(out);
    else {
      gates.delete(scope);
      open();
    }
    throw out;
  }
}

/** A read cached for the process (`key` starts with its client's scope); a failed read is not remembered. */
export function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = gated(key.split("/")[0], read);
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

/** Forgets every cached list (for long-running processes and tests). */
export function clearLookupCache(): void {
  cache.clear();
  clients.clear();
  gates.clear();
  causes.clear();
  regionAnswers.clear();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The region a lookup runs in: the option (id or name), else cim:region, else undefined (the API default). */
export async function regionOf(
  opts: LookupRegionOptions | undefined,
): Promise<{ id?: string; label: string }> {
  const { region: configured, key } = client();
  const wanted = opts?.region || configured;
  if (!wanted) return { id: undefined, label: "the default region" };
  // One answer per region: a name or an id no region has fails every lookup with the same error, reported once
  // (an id sent as it is would fail each lookup's own read, one error per lookup). The region list is the
  // emulator's route, not the spec's: an id is checked against it only when it answers, and is used as given
  // when it does not (a failed read is not remembered).
  const id = UUID.test(wanted);
  const memo = `${key}/${wanted}`;
  let found = regionAnswers.get(memo);
  if (!found) {
    found = getRegions().then(
      (all) => {
        const byId = id ? all.find((r) => r.id.toLowerCase() === wanted.toLowerCase()) : undefined;
        if (id && !byId) {
          const from = opts?.region ? "the region argument" : "cim:region (CIM_REGION)";
          throw new LookupError(
            `cim: no region with id ${wanted} (${from}). Regions: ${describeRows(all)}.`,
            candidatesOf(all),
          );
        }
        const r = byId ?? pick(all, wanted, "region", "");
        return { id: r.id, label: `region ${r.name ?? r.id} (${r.id})` };
      },
      (err: unknown) => {
        regionAnswers.delete(memo);
        if (id) return { id: wanted, label: `region ${wanted}` };
        throw err;
      },
    );
    found.catch(() => undefined);
    regionAnswers.set(memo, found);
  }
  return found;
}

const regionAnswers = new Map<string, Promise<{ id: string; label: string }>>();

export type Row = { id: string; name?: string };

export function candidatesOf(rows: Row[]): { name?: string; id: string }[] {
  return rows.slice(0, 50).map((r) => ({ name: r.name, id: r.id }));
}

function describeRows(rows: Row[]): string {
  if (!rows.length) return "none";
  const shown = rows.slice(0, 50).map((r) => `${r.name ?? "(no name)"} (${r.id})`);
  return shown.join(", ") + (rows.length > 50 ? `, … ${rows.length - 50} more` : "");
}

/**
 * Picks exactly one row. A string is an id when a row has that id, else a name. A name matches exactly, else
 * case-insensitively; none or several matches fail with the candidates listed.
 */
export function pick<T extends Row>(rows: T[], q: LookupQuery | string, what: string, where: string): T {
  const place = where ? ` in ${where}` : "";
  if (typeof q === "string") {
    const byId = rows.find((r) => r.id === q);
    if (byId) return byId;
    return byName(rows, q, what, where);
  }
  if ((q.id === undefined) === (q.name === undefined)) {
    throw new LookupError(`cim: look up a ${what} by name or by id (give exactly one)`, candidatesOf(rows));
  }
  if (q.id !== undefined) {
    const byId = rows.find((r) => r.id === q.id);
    if (byId) return byId;
    throw new LookupError(
      `cim: no ${what} with id ${q.id}${place}; ids are valid only in their own region. Candidates: ${describeRows(rows)}.`,
      candidatesOf(rows),
    );
  }
  return byName(rows, q.name!, what, where);
}

function byName<T extends Row>(rows: T[], name: string, what: string, where: string): T {
  const place = where ? ` in ${where}` : "";
  let matches = rows.filter((r) => r.name === name);
  if (matches.length === 0) matches = rows.filter((r) => r.name?.toLowerCase() === name.toLowerCase());
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw new LookupError(
      `cim: more than one ${what} named "${name}"${place}: ${describeRows(matches)}. Look it up by id instead.`,
      candidatesOf(matches),
    );
  }
  throw new LookupError(
    `cim: no ${what} named "${name}"${place}. Candidates: ${describeRows(rows)}.`,
    candidatesOf(rows),
  );
}

/** A query object from a lookup's argument (a string is a name or id, with no options). */
export function asQuery<T extends LookupQuery>(query: T | string): T {
  return (typeof query === "string" ? {} : query) as T;
}

/** Every region of the API (not region-scoped). */
export function getRegions(): Promise<Region[]> {
  const { client: c, key } = client();
  return cached(`${key}/regions`, () => c.catalogue.regions());
}

/**
 * The account's own records of a region (not catalogue rows), read afresh each time: they are made and removed
 * while programs run. `read` gets the client and the region id (undefined: the API's default region), and
 * answers the rows, or a family's listing (`listAll`) whose items they are.
 */
export async function fresh<T>(
  opts: LookupRegionOptions | undefined,
  read: (c: CimClient, region: string | undefined) => Promise<T[] | ListResult<T>>,
): Promise<{ rows: T[]; where: string }> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const answer = await gated(key, () => read(c, region.id));
  return { rows: Array.isArray(answer) ? answer : answer.items, where: region.label };
}

/**
 * One record picked by a field other than `name` (an address, a semantic version): `nameOf` gives that field,
 * and `pick` matches it as it matches names. Returns the row itself, not the renamed copy.
 */
export function pickBy<T extends Row>(
  rows: T[],
  nameOf: (row: T) => string | undefined,
  q: LookupQuery | string,
  what: string,
  where: string,
): T {
  const found = pick(
    rows.map((r) => ({ ...r, name: nameOf(r) })),
    q,
    what,
    where,
  );
  return rows.find((r) => r.id === found.id)!;
}

/** Which records: optionally only those of one instance (its backups, power schedules, snapshots). */
export interface OfInstanceFilter extends LookupRegionOptions {
  /** Only the records of this instance (its id). */
  instanceId?: string;
}

/** Which record: by `name` or `id`, optionally among one instance's records (give `instanceId` to narrow names). */
export interface OfInstanceQuery extends LookupQuery {
  /** Only the records of this instance (its id). */
  instanceId?: string;
}

/**
 * The two lookups of a family of an instance's records, read afresh each time (they are the account's own and
 * change while programs run): every record of the region or of one instance, and one record by name or id with
 * the candidates listed on a miss. `read` lists them (all of the region when `instanceId` is undefined).
 */
export function ofInstance<T extends Row>(
  what: string,
  read: (c: CimClient, region: string | undefined, instanceId: string | undefined) => Promise<T[]>,
) {
  const rowsOf = (opts: OfInstanceFilter | undefined) =>
    fresh(opts, (c, region) => read(c, region, opts?.instanceId));
  return {
    all: async (opts?: OfInstanceFilter): Promise<T[]> => (await rowsOf(opts)).rows,
    one: async (query: OfInstanceQuery | string): Promise<T> => {
      const q = asQuery(query);
      const { rows, where } = await rowsOf(q);
      return pick(rows, query, what, q.instanceId ? `instance ${q.instanceId}, ${where}` : where);
    },
  };
}
