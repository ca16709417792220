// Lookup functions for programs: find zones, templates, ISOs, offerings and regions by name (or id) instead of
// hard-coding ids, and read the user's allowances. Plain async functions that run in the program's process:
// they build an API client from the stack config (`cim:baseUrl`, `cim:token`, `cim:region`, `cim:audience` and
// the client settings, with the CIM_* environment variables as fallback), resolved as the resource providers
// resolve them (provider/config.ts). The token is held
// by the client and never appears in a message. Every catalogue read is cached for the life of the process,
// so a program that looks up ten things in one region reads each list once.

import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import {
  type AclList,
  AuthenticationError,
  type BackupOffering,
  CimClient,
  CimError,
  type ComputeOffering,
  ConfigurationError,
  ConnectionError,
  type DiskOffering,
  type InstanceSnapshot,
  type InternalLoadBalancer,
  type Iso,
  type KubernetesCluster,
  type KubernetesVersion,
  type LoadBalancerRule,
  type MultiRegionQuota,
  type MyLimits,
  type NetworkOffering,
  PermissionDeniedError,
  type PrivateGateway,
  type PublicIp,
  type Region,
  RequestTimeoutError,
  type Template,
  TokenError,
  type VolumeSnapshot,
  type VpcOffering,
  type Zone,
} from "../provider/client";
import { clientSettings, type ProviderConfig, resolveProviderConfig } from "../provider/config";
import { type CatalogueName, fetchCatalogue } from "../provider/lifecycle/lookups";

export type {
  AclList,
  BackupOffering,
  ComputeOffering,
  DiskOffering,
  Iso,
  KubernetesVersion,
  MultiRegionQuota,
  MyLimits,
  NetworkOffering,
  Region,
  Template,
  VpcOffering,
  Zone,
};
/** A volume snapshot as the API shows it (cim.VolumeSnapshot is the resource class). */
export type VolumeSnapshotInfo = VolumeSnapshot;
/** An instance snapshot as the API shows it (cim.InstanceSnapshot is the resource class). */
export type InstanceSnapshotInfo = InstanceSnapshot;

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
function keepMessage(err: Error): Error {
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

/** The provider's settings, resolved as the provider resolves them; the address and token are required here. */
function settings(): ProviderConfig & { baseUrl: string; token: string } {
  const config = new pulumi.Config("cim");
  const s = resolveProviderConfig((key) => config.get(key.slice("cim:".length)));
  if (s.problems.length) {
    throw asRunError("settings", new ConfigurationError(s.problems.join(" ")));
  }
  const { baseUrl, token } = s;
  if (!baseUrl || !token) {
    const missing = [
      !baseUrl && "cim:baseUrl (or CIM_BASE_URL)",
      !token && "the secret cim:token (or CIM_TOKEN)",
    ];
    throw asRunError(
      "settings",
      new ConfigurationError(
        `pulumi-cim lookups need the API address and token: set ${missing.filter(Boolean).join(" and ")}.`,
      ),
    );
  }
  return { ...s, baseUrl, token };
}

const clients = new Map<string, CimClient>();
const cache = new Map<string, Promise<unknown>>();

/** One client per API address, token and settings in this process (keyed by a digest; the token is not kept). */
function client(): { client: CimClient; key: string; region?: string } {
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

async function gated<T>(scope: string, read: () => Promise<T>): Promise<T> {
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
function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
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
async function regionOf(opts: LookupRegionOptions | undefined): Promise<{ id?: string; label: string }> {
  const { region: configured, key } = client();
  const wanted = opts?.region || configured;
  if (!wanted) return { id: undefined, label: "the default region" };
  if (UUID.test(wanted)) return { id: wanted, label: `region ${wanted}` };
  // One answer per region name: a name no region has fails every lookup with the same error, reported once.
  let found = regionAnswers.get(`${key}/${wanted}`);
  if (!found) {
    found = getRegions().then((all) => {
      const r = pick(all, wanted, "region", "");
      return { id: r.id, label: `region ${r.name ?? r.id} (${r.id})` };
    });
    found.catch(() => undefined);
    regionAnswers.set(`${key}/${wanted}`, found);
  }
  return found;
}

const regionAnswers = new Map<string, Promise<{ id: string; label: string }>>();

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

type CatalogueKind = CatalogueName;

async function list<T extends Row>(
  kind: CatalogueKind,
  opts?: LookupRegionOptions,
): Promise<{ rows: T[]; where: string }> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const o = { region: region.id };
  const rows = await cached(`${key}/${region.id ?? ""}/${kind}`, () => fetchCatalogue(c, kind, o));
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

/** A backup-offering query: backup offerings are per zone, and zones commonly have offerings of the same name. */
export interface BackupOfferingQuery extends LookupQuery {
  /** Only the offerings of this zone (the instance's zone: an instance takes an offering of its own zone). */
  zoneId?: string;
}

/** The backup offerings of a region (those that allow user backups), optionally of one zone. */
export async function getBackupOfferings(
  opts?: LookupRegionOptions & { zoneId?: string },
): Promise<BackupOffering[]> {
  const rows = (await list<BackupOffering>("backupOfferings", opts)).rows;
  return opts?.zoneId ? rows.filter((r) => r.zoneId === opts.zoneId) : rows;
}

/**
 * One backup offering by name (e.g. `Standard`) or id, for an instance's `backupOfferingId`. Give `zoneId`
 * (the instance's zone): the same name in several zones is ambiguous without it.
 */
export async function getBackupOffering(query: BackupOfferingQuery | string): Promise<BackupOffering> {
  const q = asQuery(query) as BackupOfferingQuery;
  const { rows, where } = await list<BackupOffering>("backupOfferings", q);
  const inZone = q.zoneId ? rows.filter((r) => r.zoneId === q.zoneId) : rows;
  return pick(inZone, query, "backup offering", q.zoneId ? `${where}, zone ${q.zoneId}` : where);
}

function asQuery<T extends LookupQuery>(query: T | string): T {
  return (typeof query === "string" ? {} : query) as T;
}

// ------------------------------------------------------------------------------------------ network ACLs

/** Which network ACL list: by `name` or `id`, within one VPC. */
export interface NetworkAclListQuery extends LookupQuery {
  /** The VPC (its id; a `cim.Vpc`'s `id` output inside `apply`). */
  vpcId: string;
}

/**
 * The network ACL lists of a VPC (GET /api/v1/vpcs/{vpcId}/acl-lists): the platform's two default lists,
 * `default_allow` and `default_deny`, and the lists made in the VPC. Not cached: lists are the account's own
 * resources and change while programs run.
 */
export async function getNetworkAclLists(opts: LookupRegionOptions & { vpcId: string }): Promise<AclList[]> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  return gated(key, () => c.vpcs.aclLists(opts.vpcId, { region: region.id }));
}

/**
 * One network ACL list of a VPC by name (e.g. `default_deny`, which cannot be declared) or id; a miss lists
 * the VPC's lists as candidates. A VPC made by the same program: `vpc.id.apply((vpcId) =>
 * cim.getNetworkAclList({ vpcId, name: "default_deny" }))`.
 */
export async function getNetworkAclList(query: NetworkAclListQuery): Promise<AclList> {
  const rows = await getNetworkAclLists(query);
  const region = await regionOf(query);
  return pick(rows, query, "network ACL list", `VPC ${query.vpcId}, ${region.label}`);
}

// ------------------------------------------------------------------------------------------ public IPs

/** A public IP address as the API shows it (the lookups' record; `cim.PublicIp` is the resource class). */
export type PublicIpAddress = PublicIp;

/** Which addresses: those of one VPC or one (isolated) network. */
export interface PublicIpFilter extends LookupRegionOptions {
  vpcId?: string;
  networkId?: string;
}

/** Which address: exactly one of `address` (e.g. `198.18.0.7`) or `id`. */
export interface PublicIpQuery extends PublicIpFilter {
  address?: string;
  id?: string;
}

/**
 * The account's public IP addresses in a region (optionally of one VPC or network), read afresh each time:
 * addresses are acquired and released, unlike the catalogues.
 */
export async function getPublicIps(opts?: PublicIpFilter): Promise<PublicIpAddress[]> {
  return (await publicIps(opts)).rows;
}

/** One public IP address by its address or id; a miss lists the candidates (address and id). */
export async function getPublicIp(query: PublicIpQuery | string): Promise<PublicIpAddress> {
  const q: PublicIpQuery = typeof query === "string" ? {} : query;
  const { rows, where } = await publicIps(q);
  // pick() matches ids and names: an address is the name of an address
  const named = rows.map((r) => ({ ...r, name: r.ipAddress }));
  const found =
    typeof query === "string"
      ? pick(named, query, "public IP", where)
      : pick(named, { id: q.id, name: q.address }, "public IP", where);
  return rows.find((r) => r.id === found.id)!;
}

async function publicIps(opts: PublicIpFilter | undefined): Promise<{ rows: PublicIp[]; where: string }> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const filter = { region: region.id, vpcId: opts?.vpcId, associatedNetworkId: opts?.networkId };
  const rows = await gated(key, async () => (await c.publicIps.listAll(filter)).items);
  return { rows, where: region.label };
}

// ------------------------------------------------------------------------------------------ snapshots

/** Which volume snapshot: by `name` or `id`, optionally among one volume's snapshots. */
export interface VolumeSnapshotQuery extends LookupQuery {
  /** Only snapshots of this volume (its id). */
  volumeId?: string;
}

/**
 * The volume snapshots of a region (GET /api/v1/snapshots), optionally of one volume. Not cached: snapshots
 * are the account's own resources and change while programs run.
 */
export async function getVolumeSnapshots(
  opts?: LookupRegionOptions & { volumeId?: string },
): Promise<VolumeSnapshot[]> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const o = { region: region.id, volumeId: opts?.volumeId };
  return gated(key, async () => (await c.volumeSnapshots.listAll(o)).items);
}

/**
 * One volume snapshot by name or id, e.g. to restore it: `new cim.Volume("restored", { snapshotId:
 * (await cim.getVolumeSnapshot({ name: "nightly" })).id, … })`. A miss lists the candidates.
 */
export async function getVolumeSnapshot(query: VolumeSnapshotQuery | string): Promise<VolumeSnapshot> {
  const q = asQuery(query);
  const rows = await getVolumeSnapshots(q);
  const region = await regionOf(q);
  return pick(
    rows,
    query,
    "volume snapshot",
    q.volumeId ? `volume ${q.volumeId}, ${region.label}` : region.label,
  );
}

/** Which instance snapshot: by `name` or `id`, optionally among one instance's snapshots. */
export interface InstanceSnapshotQuery extends LookupQuery {
  /** Only snapshots of this instance (its id). */
  instanceId?: string;
}

/** The instance snapshots of a region (GET /api/v1/vm-snapshots), optionally of one instance. Not cached. */
export async function getInstanceSnapshots(
  opts?: LookupRegionOptions & { instanceId?: string },
): Promise<InstanceSnapshot[]> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const o = { region: region.id, virtualMachineId: opts?.instanceId };
  return gated(key, async () => (await c.instanceSnapshots.listAll(o)).items);
}

/** One instance snapshot by name or id (names are unique per instance: give `instanceId` to narrow). */
export async function getInstanceSnapshot(query: InstanceSnapshotQuery | string): Promise<InstanceSnapshot> {
  const q = asQuery(query);
  const rows = await getInstanceSnapshots(q);
  const region = await regionOf(q);
  return pick(
    rows,
    query,
    "instance snapshot",
    q.instanceId ? `instance ${q.instanceId}, ${region.label}` : region.label,
  );
}

// ------------------------------------------------------------------------------------- VPC gateways

/** Which private gateway of a VPC: exactly one of `address` (the VPC's address on it, e.g. `172.16.0.2`) or `id`. */
export interface VpcGatewayQuery extends LookupRegionOptions {
  /** The VPC (its id; a `cim.Vpc`'s `id` output inside `apply`). */
  vpcId: string;
  address?: string;
  id?: string;
}

/** The private gateways of a VPC (GET /api/v1/vpcs/private-gateways?vpcId=), read afresh each time. */
export async function getVpcGateways(
  opts: LookupRegionOptions & { vpcId: string },
): Promise<PrivateGateway[]> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  return gated(
    key,
    async () => (await c.privateGateways.listAll({ region: region.id, vpcId: opts.vpcId })).items,
  );
}

/** One private gateway of a VPC by its address or id; a miss lists the VPC's gateways (address and id). */
export async function getVpcGateway(query: VpcGatewayQuery): Promise<PrivateGateway> {
  const rows = await getVpcGateways(query);
  const region = await regionOf(query);
  // pick() matches ids and names: a gateway is named by its address
  const named = rows.map((r) => ({ ...r, name: r.ipAddress }));
  const found = pick(
    named,
    { id: query.id, name: query.address },
    "VPC gateway",
    `VPC ${query.vpcId}, ${region.label}`,
  );
  return rows.find((r) => r.id === found.id)!;
}

// ------------------------------------------------------------------------------------------ load-balancer rules

/** A public load-balancer rule as the API shows it, with its `memberIds` (`cim.LoadBalancerRule` is the class). */
export type LoadBalancerRuleRecord = LoadBalancerRule;

/** Which rules: those of one public IP or one network. */
export interface LoadBalancerRuleFilter extends LookupRegionOptions {
  publicIpId?: string;
  networkId?: string;
}

/** Which rule: its name or id. */
export interface LoadBalancerRuleQuery extends LoadBalancerRuleFilter {
  name?: string;
  id?: string;
}

/** The account's public load-balancer rules in a region, with their members, read afresh each time. */
export async function getLoadBalancerRules(opts?: LoadBalancerRuleFilter): Promise<LoadBalancerRuleRecord[]> {
  return (await loadBalancerRules(opts)).rows;
}

/** One public load-balancer rule by name or id; a miss lists the candidates (name and id). */
export async function getLoadBalancerRule(
  query: LoadBalancerRuleQuery | string,
): Promise<LoadBalancerRuleRecord> {
  return pickBalancer(query, loadBalancerRules, "load-balancer rule");
}

async function loadBalancerRules(opts: LoadBalancerRuleFilter | undefined) {
  return balancers(opts, (c, region) =>
    c.loadBalancers.listAll({ region, publicIpId: opts?.publicIpId, networkId: opts?.networkId }),
  );
}

// ------------------------------------------------------------------------------------------ internal load balancers

/** An internal load balancer as the API shows it, with its `memberIds` (`cim.InternalLoadBalancer` is the class). */
export type InternalLoadBalancerRecord = InternalLoadBalancer;

/** Which internal load balancers: those of one tier, or of one source address. */
export interface InternalLoadBalancerFilter extends LookupRegionOptions {
  networkId?: string;
  sourceIpAddress?: string;
}

/** Which internal load balancer: its name or id. */
export interface InternalLoadBalancerQuery extends InternalLoadBalancerFilter {
  name?: string;
  id?: string;
}

/** The account's internal load balancers in a region, with their members, read afresh each time. */
export async function getInternalLoadBalancers(
  opts?: InternalLoadBalancerFilter,
): Promise<InternalLoadBalancerRecord[]> {
  return (await internalLoadBalancers(opts)).rows;
}

/** One internal load balancer by name or id; a miss lists the candidates (name and id). */
export async function getInternalLoadBalancer(
  query: InternalLoadBalancerQuery | string,
): Promise<InternalLoadBalancerRecord> {
  return pickBalancer(query, internalLoadBalancers, "internal load balancer");
}

async function internalLoadBalancers(opts: InternalLoadBalancerFilter | undefined) {
  return balancers(opts, (c, region) =>
    c.internalLoadBalancers.listAll({
      region,
      networkId: opts?.networkId,
      sourceIpAddress: opts?.sourceIpAddress,
    }),
  );
}

/** A balancer family's rows in the region the options name (not cached: members change often). */
async function balancers<T>(
  opts: LookupRegionOptions | undefined,
  read: (c: CimClient, region: string | undefined) => Promise<T[]>,
) {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const rows = await gated(key, () => read(c, region.id));
  return { rows, where: region.label };
}

/** One balancer by name or id (a string is either) among the rows `read` gives for the query's filter. */
async function pickBalancer<T extends Row, Q extends LookupRegionOptions & { name?: string; id?: string }>(
  query: Q | string,
  read: (q: Q) => Promise<{ rows: T[]; where: string }>,
  what: string,
): Promise<T> {
  const q = (typeof query === "string" ? {} : query) as Q;
  const { rows, where } = await read(q);
  return pick(rows, typeof query === "string" ? query : { id: q.id, name: q.name }, what, where);
}

// ------------------------------------------------------------------------------------------ Kubernetes

/** Which Kubernetes version: exactly one of `version` (the semantic version, e.g. `1.28.4`) or `id`. */
export interface KubernetesVersionQuery extends LookupRegionOptions {
  version?: string;
  id?: string;
}

/** The Kubernetes versions clusters can run in a region (listKubernetesSupportedVersions), Disabled ones too. */
export async function getKubernetesVersions(opts?: LookupRegionOptions): Promise<KubernetesVersion[]> {
  return (await list<KubernetesVersion>("kubernetesVersions", opts)).rows;
}

/**
 * One Kubernetes version by semantic version (`1.28.4`, or `v1.28.4`) or id, for a cluster's
 * `kubernetesVersionId`. A miss lists the candidates.
 */
export async function getKubernetesVersion(
  query: KubernetesVersionQuery | string,
): Promise<KubernetesVersion> {
  const q: KubernetesVersionQuery = typeof query === "string" ? {} : query;
  const { rows, where } = await list<KubernetesVersion>("kubernetesVersions", q);
  // pick() matches ids and names: a version is named by its semantic version here
  const named = rows.map((r) => ({ ...r, name: r.semanticVersion ?? r.name }));
  const bare = (v: string) => v.replace(/^v(?=\d)/i, "");
  const found =
    typeof query === "string"
      ? pick(named, rows.some((r) => r.id === query) ? query : bare(query), "Kubernetes version", where)
      : pick(named, { id: q.id, name: q.version && bare(q.version) }, "Kubernetes version", where);
  return rows.find((r) => r.id === found.id)!;
}

/** A Kubernetes cluster as the API shows it (`cim.KubernetesCluster` is the class); never its kubeconfig. */
export type KubernetesClusterRecord = KubernetesCluster;

/** The account's Kubernetes clusters in a region, read afresh each time. */
export async function getKubernetesClusters(opts?: LookupRegionOptions): Promise<KubernetesClusterRecord[]> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  return gated(key, () => c.kubernetesClusters.listAll({ region: region.id }));
}

/** One Kubernetes cluster by name or id; a miss lists the candidates (name and id). */
export async function getKubernetesCluster(query: LookupQuery | string): Promise<KubernetesClusterRecord> {
  const q = asQuery(query);
  const rows = await getKubernetesClusters(q);
  return pick(rows, query, "Kubernetes cluster", (await regionOf(q)).label);
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
