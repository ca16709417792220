// Catalogue lookups: zones, templates, ISOs, offerings and Kubernetes versions of a region, by name or id,
// cached for the life of the process (a program that looks up ten things in one region reads each list
// once); and the user's allowances, read afresh.
import type { ImageFilter } from "../../provider/client";
import { type CatalogueName, fetchCatalogue } from "../../provider/lifecycle/lookups";
import {
  asQuery,
  cached,
  client,
  gated,
  type LookupQuery,
  type LookupRegionOptions,
  pick,
  pickBy,
  type Row,
  regionOf,
} from "./core";
import type {
  BackupOffering,
  ComputeOffering,
  DiskOffering,
  Iso,
  KubernetesVersion,
  MultiRegionQuota,
  MyLimits,
  NetworkOffering,
  OsType,
  Template,
  VpcOffering,
  Zone,
} from "./records";

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

/** A template as the API lists it (`cim.Template` is the class that registers one). */
export type TemplateRecord = Template;
/** An ISO as the API lists it (`cim.Iso` is the class that registers one). */
export type IsoRecord = Iso;

/**
 * Which images a template or ISO lookup reads: CloudStack's listTemplates / listIsos filters. Default `executable`:
 * every one the account may deploy from (the platform's featured ones, public ones, those shared with it, and its
 * own, still downloading included: see `isReady`). `featured`: the platform's; `self`: the account's own;
 * `selfexecutable` / `sharedexecutable`: its own / those shared with it, ready; `community`: public, not featured.
 */
export interface ImageFilterOption {
  filter?: ImageFilter;
}

/** Templates and ISOs: the catalogue read, or the filtered list when a filter is given (cached per filter). */
async function images<T extends Row>(
  kind: "templates" | "isos",
  opts?: LookupRegionOptions & ImageFilterOption,
) {
  if (!opts?.filter) return list<T>(kind, opts);
  const { client: c, key } = client();
  const region = await regionOf(opts);
  const family = kind === "templates" ? c.templates : c.isos;
  const read = () => family.list({ filter: opts.filter }, { region: region.id });
  const rows = await cached(`${key}/${region.id ?? ""}/${kind}?${opts.filter}`, read);
  return { rows: rows as unknown as T[], where: `${region.label} (filter ${opts.filter})` };
}

/**
 * The templates of a region: the platform's and the account's own (registered with cim.Template). Read once per
 * process and cached: a template the same program registers is not there yet when the program starts, so refer
 * to it through its resource (`template.id`), not by a lookup.
 */
export async function getTemplates(opts?: LookupRegionOptions & ImageFilterOption): Promise<Template[]> {
  return (await images<Template>("templates", opts)).rows;
}

/** One template by name (e.g. `Ubuntu 22.04 LTS`) or id; `filter` narrows where it is looked for. */
export async function getTemplate(query: (LookupQuery & ImageFilterOption) | string): Promise<Template> {
  const { rows, where } = await images<Template>("templates", asQuery(query));
  return pick(rows, query, "template", where);
}

/** The ISOs of a region: the platform's and the account's own (cim.Iso); cached like the templates. */
export async function getIsos(opts?: LookupRegionOptions & ImageFilterOption): Promise<Iso[]> {
  return (await images<Iso>("isos", opts)).rows;
}

/** One ISO by name or id; `filter` narrows where it is looked for. */
export async function getIso(query: (LookupQuery & ImageFilterOption) | string): Promise<Iso> {
  const { rows, where } = await images<Iso>("isos", asQuery(query));
  return pick(rows, query, "ISO", where);
}

/** The guest OS types (CloudStack's listOsTypes), for a template's or ISO's `osTypeId`. */
export async function getOsTypes(opts?: LookupRegionOptions): Promise<OsType[]> {
  return (await list<OsType>("osTypes", opts)).rows;
}

/** One guest OS type by its description (e.g. `Ubuntu 22.04 (64-bit)`, the API's `name` too) or id. */
export async function getOsType(query: LookupQuery | string): Promise<OsType> {
  const { rows, where } = await list<OsType>("osTypes", asQuery(query));
  return pick(rows, query, "OS type", where);
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

// ------------------------------------------------------------------------------------------ Kubernetes versions

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
  const bare = (v: string) => v.replace(/^v(?=\d)/i, "");
  // a version is named by its semantic version
  const nameOf = (r: KubernetesVersion) => r.semanticVersion ?? r.name;
  return typeof query === "string"
    ? pickBy(
        rows,
        nameOf,
        rows.some((r) => r.id === query) ? query : bare(query),
        "Kubernetes version",
        where,
      )
    : pickBy(rows, nameOf, { id: q.id, name: q.version && bare(q.version) }, "Kubernetes version", where);
}

/** A Kubernetes cluster as the API shows it (`cim.KubernetesCluster` is the class); never its kubeconfig. */
// ------------------------------------------------------------------------------------------ allowances

/**
 * The user's allowances and current usage (GET /api/v1/tenants/my-limits): `<kind>Limit` and `<kind>Count` for
 * instances, volumes, VPCs, networks, public IPs, volume snapshots and backups, counted over every region. Not
 * cached: it is a reading of the moment. A failure of a cause every lookup shares is reported once.
 */
export async function getMyLimits(opts?: LookupRegionOptions): Promise<MyLimits> {
  const { client: c, key } = client();
  const region = await regionOf(opts);
  return gated(key, () => c.catalogue.myLimits({ region: region.id }));
}

/**
 * The multi-region allowance (GET /api/v1/multi-regions/quota): `maxMultiRegions` groups, each of at most
 * `maxMultiRegionMembers` VPCs, and `currentMultiRegions` in use, every region together. Not cached.
 */
export async function getMultiRegionQuota(): Promise<MultiRegionQuota> {
  const { client: c, key } = client();
  return gated(key, () => c.catalogue.multiRegionQuota());
}
