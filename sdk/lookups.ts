// Lookup functions for programs: find zones, templates, ISOs, offerings and regions by name (or id) instead of
// hard-coding ids, and read the user's allowances. Plain async functions that run in the program's process:
// they build an API client from the stack config (`cim:baseUrl`, `cim:token`, `cim:region`, `cim:audience`,
// with the CIM_* environment variables as fallback), exactly as the resource providers do. The token is held
// by the client and never appears in a message. Every catalogue read is cached for the life of the process,
// so a program that looks up ten things in one region reads each list once.

import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import {
  CimClient,
  type ComputeOffering,
  type DiskOffering,
  type Iso,
  type MultiRegionQuota,
  type MyLimits,
  type NetworkOffering,
  type Region,
  type Template,
  type VpcOffering,
  type Zone,
} from "../provider/client";

export type {
  ComputeOffering,
  DiskOffering,
  Iso,
  MultiRegionQuota,
  MyLimits,
  NetworkOffering,
  Region,
  Template,
  VpcOffering,
  Zone,
};

/** Where a lookup runs. */
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
export interface ComputeOfferingQuery extends LookupQuery {
  /** Only offerings available in this zone (offerings that name no zone are available everywhere). */
  zoneId?: string;
}

/** A network-offering query. */
export interface NetworkOfferingQuery extends LookupQuery {
  /** true: only offerings for VPC tiers; false: only offerings for isolated networks. */
  forVpc?: boolean;
}

/** A lookup that found no record, or more than one, for a name or id. The message lists the candidates. */
export class LookupError extends Error {
  constructor(
    message: string,
    /** The candidates considered (name and id), at most 50. */
    readonly candidates: { name?: string; id: string }[],
  ) {
    super(message);
    this.name = "LookupError";
  }
}

// ------------------------------------------------------------------------------------------ client and cache

interface Settings {
  baseUrl: string;
  token: string;
  region?: string;
  audience?: string;
}

function settings(): Settings {
  const config = new pulumi.Config("cim");
  const read = (key: string, env: string) => config.get(key) || process.env[env] || undefined;
  const baseUrl = read("baseUrl", "CIM_BASE_URL");
  const token = read("token", "CIM_TOKEN");
  const missing = [
    !baseUrl && "cim:baseUrl (or CIM_BASE_URL)",
    !token && "the secret cim:token (or CIM_TOKEN)",
  ];
  if (!baseUrl || !token) {
    throw new Error(
      `pulumi-cim lookups need the API address and token: set ${missing.filter(Boolean).join(" and ")}.`,
    );
  }
  return {
    baseUrl,
    token,
    region: read("region", "CIM_REGION"),
    audience: read("audience", "CIM_AUDIENCE"),
  };
}

const clients = new Map<string, CimClient>();
const cache = new Map<string, Promise<unknown>>();

/** One client per API address and token in this process (keyed by a digest; the token itself is not kept). */
function client(): { client: CimClient; key: string; region?: string } {
  const s = settings();
  const key = createHash("sha256")
    .update(`${s.baseUrl}\n${s.token}\n${s.audience ?? ""}`)
    .digest("hex");
  let c = clients.get(key);
  if (!c) {
    c = new CimClient({ baseUrl: s.baseUrl, token: s.token, audience: s.audience });
    clients.set(key, c);
  }
  return { client: c, key: key.slice(0, 16), region: s.region };
}

function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key)); // a failed read is not remembered
  }
  return hit;
}

/** Forgets every cached list (for long-running processes and tests). */
export function clearLookupCache(): void {
  cache.clear();
  clients.clear();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The region a lookup runs in: the option (id or name), else cim:region, else undefined (the API default). */
async function regionOf(opts: LookupRegionOptions | undefined): Promise<{ id?: string; label: string }> {
  const { region: configured } = client();
  const wanted = opts?.region || configured;
  if (!wanted) return { id: undefined, label: "the default region" };
  if (UUID.test(wanted)) return { id: wanted, label: `region ${wanted}` };
  const regions = await getRegions();
  const found = pick(regions, wanted, "region", "");
  return { id: found.id, label: `region ${found.name ?? found.id} (${found.id})` };
}

type Row = { id: string; name?: string };

function candidatesOf(rows: Row[]): { name?: string; id: string }[] {
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
function pick<T extends Row>(rows: T[], q: LookupQuery | string, what: string, where: string): T {
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

// ----------------------------------------------------------------------------------------------- regions

/** Every region of the API (not region-scoped). */
export function getRegions(): Promise<Region[]> {
  const { client: c, key } = client();
  return cached(`${key}/regions`, () => c.catalogue.regions());
}

/** One region by name (e.g. `de-fra-1`) or id. */
export async function getRegion(query: LookupQuery | string): Promise<Region> {
  return pick(await getRegions(), query, "region", "");
}

/**
 * The region resources land in when they name none: `cim:region` (or `CIM_REGION`) when set, else the API's
 * default, the primary region if one exists, otherwise the first active one.
 */
export async function getDefaultRegion(): Promise<Region> {
  const { region: configured } = client();
  const regions = await getRegions();
  if (configured) return pick(regions, configured, "region", "");
  const found = regions.find((r) => r.primary) ?? regions.find((r) => r.active !== false);
  if (!found) throw new LookupError("cim: the API lists no active region", candidatesOf(regions));
  return found;
}

// ----------------------------------------------------------------------------------- region-scoped catalogues

type CatalogueKind =
  | "zones"
  | "templates"
  | "isos"
  | "computeOfferings"
  | "diskOfferings"
  | "networkOfferings"
  | "vpcOfferings";

async function list<T extends Row>(
  kind: CatalogueKind,
  opts?: LookupRegionOptions,
): Promise<{ rows: T[]; where: string }> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const o = { region: region.id };
  const rows = await cached(`${key}/${region.id ?? ""}/${kind}`, (): Promise<unknown[]> => {
    switch (kind) {
      case "zones":
        return c.catalogue.zones(o);
      case "templates":
        return c.catalogue.templates(o);
      case "isos":
        return c.catalogue.isos(o);
      case "computeOfferings":
        return c.catalogue.computeOfferings({}, o);
      case "diskOfferings":
        return c.catalogue.diskOfferings(o);
      case "networkOfferings":
        return c.catalogue.networkOfferings(o);
      case "vpcOfferings":
        return c.catalogue.vpcOfferings(o);
    }
  });
  return { rows: rows as T[], where: region.label };
}

/** The zones of a region. */
export async function getZones(opts?: LookupRegionOptions): Promise<Zone[]> {
  return (await list<Zone>("zones", opts)).rows;
}

/** One zone by name (e.g. `de-fra-1a`) or id. */
export async function getZone(query: LookupQuery | string): Promise<Zone> {
  const { rows, where } = await list<Zone>("zones", asQuery(query));
  return pick(rows, query, "zone", where);
}

/** The templates of a region. */
export async function getTemplates(opts?: LookupRegionOptions): Promise<Template[]> {
  return (await list<Template>("templates", opts)).rows;
}

/** One template by name (e.g. `Ubuntu 22.04 LTS`) or id. */
export async function getTemplate(query: LookupQuery | string): Promise<Template> {
  const { rows, where } = await list<Template>("templates", asQuery(query));
  return pick(rows, query, "template", where);
}

/** The ISOs of a region. */
export async function getIsos(opts?: LookupRegionOptions): Promise<Iso[]> {
  return (await list<Iso>("isos", opts)).rows;
}

/** One ISO by name or id. */
export async function getIso(query: LookupQuery | string): Promise<Iso> {
  const { rows, where } = await list<Iso>("isos", asQuery(query));
  return pick(rows, query, "ISO", where);
}

/** The compute offerings of a region, optionally only those available in one zone (filtered here). */
export async function getComputeOfferings(
  opts?: LookupRegionOptions & { zoneId?: string },
): Promise<ComputeOffering[]> {
  const rows = (await list<ComputeOffering>("computeOfferings", opts)).rows;
  return inZone(rows, opts?.zoneId);
}

/** One compute offering by name (e.g. `Medium`) or id, optionally only among those of a zone. */
export async function getComputeOffering(query: ComputeOfferingQuery | string): Promise<ComputeOffering> {
  const q = asQuery(query) as ComputeOfferingQuery;
  const { rows, where } = await list<ComputeOffering>("computeOfferings", q);
  return pick(
    inZone(rows, q.zoneId),
    query,
    "compute offering",
    q.zoneId ? `${where}, zone ${q.zoneId}` : where,
  );
}

function inZone<T extends { zoneId?: string }>(rows: T[], zoneId: string | undefined): T[] {
  return zoneId ? rows.filter((r) => r.zoneId === undefined || r.zoneId === zoneId) : rows;
}

/** The disk offerings of a region. */
export async function getDiskOfferings(opts?: LookupRegionOptions): Promise<DiskOffering[]> {
  return (await list<DiskOffering>("diskOfferings", opts)).rows;
}

/** One disk offering by name (e.g. `Custom`) or id. */
export async function getDiskOffering(query: LookupQuery | string): Promise<DiskOffering> {
  const { rows, where } = await list<DiskOffering>("diskOfferings", asQuery(query));
  return pick(rows, query, "disk offering", where);
}

/** The network offerings of a region, optionally only those for VPC tiers (`forVpc: true`) or not. */
export async function getNetworkOfferings(
  opts?: LookupRegionOptions & { forVpc?: boolean },
): Promise<NetworkOffering[]> {
  const rows = (await list<NetworkOffering>("networkOfferings", opts)).rows;
  return forVpc(rows, opts?.forVpc);
}

/** One network offering by name (e.g. `VPC Tier`) or id. */
export async function getNetworkOffering(query: NetworkOfferingQuery | string): Promise<NetworkOffering> {
  const q = asQuery(query) as NetworkOfferingQuery;
  const { rows, where } = await list<NetworkOffering>("networkOfferings", q);
  return pick(forVpc(rows, q.forVpc), query, "network offering", where);
}

function forVpc(rows: NetworkOffering[], want: boolean | undefined): NetworkOffering[] {
  return want === undefined ? rows : rows.filter((r) => Boolean(r.forVpc) === want);
}

/** The VPC offerings of a region. */
export async function getVpcOfferings(opts?: LookupRegionOptions): Promise<VpcOffering[]> {
  return (await list<VpcOffering>("vpcOfferings", opts)).rows;
}

/** One VPC offering by name (e.g. `Default VPC`) or id. */
export async function getVpcOffering(query: LookupQuery | string): Promise<VpcOffering> {
  const { rows, where } = await list<VpcOffering>("vpcOfferings", asQuery(query));
  return pick(rows, query, "VPC offering", where);
}

function asQuery<T extends LookupQuery>(query: T | string): T {
  return (typeof query === "string" ? {} : query) as T;
}

// ------------------------------------------------------------------------------------------ allowances

/**
 * The user's allowances and current usage (GET /api/v1/tenants/my-limits): instance, volume, VPC and network
 * limits and counts. Not cached: it is a reading of the moment.
 */
export async function getMyLimits(opts?: LookupRegionOptions): Promise<MyLimits> {
  const { client: c } = client();
  const region = await regionOf(opts);
  return c.catalogue.myLimits({ region: region.id });
}

/** The multi-region allowance (GET /api/v1/multi-regions/quota). Not cached. */
export async function getMultiRegionQuota(): Promise<MultiRegionQuota> {
  return client().client.catalogue.multiRegionQuota();
}
