// Helpers every handler family uses: job submission and its answers, list envelopes and paging, record views.
// Reading inputs key by key is ./input.
import { ApiError } from "../errors";
import { type AuditFacts, accepted, badRequest, type Ctx, ok } from "../http";
import type { JobRequest } from "../jobs";
import type { CatalogueKinds, Job, Owned } from "../records";
import type { Repository } from "../repository";
import type { Store } from "../store";
import { int, listFilter, type Obj, query } from "./input";

/** Submits a job for the caller in the routed region; an injected fault decides failure or a stuck job. */
export function submitJob(
  ctx: Ctx,
  req: Omit<JobRequest, "account" | "regionId" | "stuck" | "stuckMs">,
): Job {
  return ctx.jobs.submit({
    ...req,
    account: ctx.user.sub,
    regionId: ctx.region.id,
    failDetail: ctx.fault?.jobFail?.detail ?? req.failDetail,
    stuck: ctx.fault?.jobStuck === true,
    stuckMs: ctx.fault?.jobStuckMs,
  });
}

/** The answer of an accepted job: `{jobId, id}`, audited with the job and the resource. */
export function jobAccepted(job: Job) {
  return accepted(job.resourceId, job.jobId, audited(job.resourceType, job.resourceId, job.jobId));
}

/** A job on one record: what it runs, and what the record shows meanwhile. */
export interface RecordJob {
  command: string;
  /** The job's resourceType when it is not the record's family's (declared in its family.ts). */
  resourceType?: string;
  /** The job's resource name when it is not the record's `name` (an address, a CIDR). */
  name?: string;
  payload?: Obj;
  failDetail?: string;
}

/**
 * Submits a job on record `r` of the family `repo` holds and answers `{jobId, id}`: the shape every job-backed
 * change shares.
 */
export function recordJob<T extends Owned & { name?: string }>(
  ctx: Ctx,
  repo: Repository<T>,
  r: T,
  job: RecordJob,
) {
  const { name, resourceType = repo.resourceType, ...rest } = job;
  return jobAccepted(
    submitJob(ctx, { ...rest, resourceType, resourceId: r.id, resourceName: name ?? r.name }),
  );
}

/**
 * A job on a record that shows `interim` while it runs; its state before goes into the payload (`prevState`)
 * for the effect to restore when it must. `stamp` also stamps lastUpdated (some operations leave it alone).
 */
export function stateJob<T extends Owned & { state: string; name?: string }>(
  ctx: Ctx,
  repo: Repository<T>,
  r: T,
  job: RecordJob & { interim: string; stamp?: boolean },
) {
  const { interim, stamp, ...rest } = job;
  const answer = recordJob(ctx, repo, r, { ...rest, payload: { ...job.payload, prevState: r.state } });
  repo.update(r, { state: interim } as Partial<T>, stamp ? isoNow(ctx) : undefined);
  return answer;
}

/**
 * A job CloudStack accepts and then fails in its own words, leaving the record as it is: a rule its command checks
 * in the job, not at the request. Its failure restores and undoes nothing (jobs.ts), since another job may change
 * the record before it ends and this one changed nothing.
 */
export function refusedInJob<T extends Owned & { name?: string }>(
  ctx: Ctx,
  repo: Repository<T>,
  r: T,
  job: RecordJob & { failDetail: string },
) {
  const target = { resourceType: job.resourceType ?? repo.resourceType, id: r.id, name: job.name ?? r.name };
  return refusedJobOn(ctx, target, job.command, job.failDetail);
}

/**
 * refusedInJob for any target, a record of the caller's or not (a default network ACL list: CloudStack's,
 * global): the job names it by its type, id and name. `refused`: the job's failure undoes nothing and it does none
 * of the command's work (jobs.ts), since the request changed nothing.
 */
export function refusedJobOn(
  ctx: Ctx,
  target: { resourceType: string; id: string; name?: string },
  command: string,
  failDetail: string,
) {
  return jobAccepted(
    submitJob(ctx, {
      command,
      resourceType: target.resourceType,
      resourceId: target.id,
      resourceName: target.name ?? target.id,
      payload: { refused: true },
      failDetail,
    }),
  );
}

/**
 * What `checks` refuse, written as request refusals (ApiError), for a command that makes them in its job: the
 * refusal's words (its message), or undefined when they pass. Any other error is thrown on.
 */
export function refusalOf(checks: () => void): string | undefined {
  try {
    checks();
    return undefined;
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
}

export function audited(resourceType: string, resourceId: string, jobId?: string): AuditFacts {
  return jobId ? { resourceId, resourceType, jobId } : { resourceId, resourceType };
}

/** A platform record's time (created, lastUpdated): ISO 8601 UTC with `Z`, as CloudStack's responses carry an offset. */
export function isoNow(ctx: Ctx): string {
  return new Date(ctx.clock.now()).toISOString();
}

/**
 * A time of data the service holds itself (comments, projects, organizations, their memberships and invitations):
 * the API layer writes it, so it is the server's local time without offset (spec, Value conventions 3).
 */
export function apiLayerNow(ctx: Ctx): string {
  return ctx.clock.local();
}

export const PAGE_SIZE_CEILING = 200;
export const DEFAULT_PAGE_SIZE = 20;

export interface Paging {
  page: number;
  pageSize: number;
}

/** page starts at 1 (0 or less is 1); pageSize above the ceiling is clamped, absent or 0 is the default. */
export function paging(ctx: Ctx, ceiling = PAGE_SIZE_CEILING): Paging {
  const q = query(ctx);
  const page = Math.max(1, int(q, "page") ?? 1);
  const requested = int(q, "pageSize") ?? DEFAULT_PAGE_SIZE;
  const pageSize = requested <= 0 ? DEFAULT_PAGE_SIZE : Math.min(requested, ceiling);
  return { page, pageSize };
}

function slice<T>(items: T[], p: Paging): T[] {
  const start = (p.page - 1) * p.pageSize;
  return items.slice(start, start + p.pageSize);
}

/**
 * The pass-through envelope of compute-platform lists: collection key, count, totalElements, page, currentPage.
 * `view` runs on the page's rows only, so big lists cost the page, not the collection.
 */
export function passThrough<T, U = T>(key: string, items: T[], p?: Paging, view?: (item: T) => U): Obj {
  const rows = p ? slice(items, p) : items;
  const page = p?.page ?? 1;
  return {
    [key]: view ? rows.map(view) : rows,
    count: items.length,
    totalElements: items.length,
    page,
    currentPage: page,
  };
}

/** The paged envelope of lists the API composes itself; `view`, like passThrough's, runs on the page's rows. */
export function pagedEnvelope<T, U = T>(items: T[], p: Paging, view?: (item: T) => U): Obj {
  const rows = slice(items, p);
  return {
    content: view ? rows.map(view) : rows,
    page: p.page,
    pageSize: p.pageSize,
    totalElements: items.length,
    totalPages: Math.ceil(items.length / p.pageSize),
  };
}

/** What a collection's reads need: its repository, its view and the filters of its list. */
export interface ReadSpec<D, R extends Owned> {
  repo: (data: D) => Repository<R>;
  view: (ctx: Ctx<D>, r: R) => object;
  /** CloudStack's list key: the collection in the pass-through envelope. */
  listKey: string;
  /** Query parameters the list matches exactly (parameter → field). */
  filters: Partial<Record<string, keyof R>>;
  /** The fields `keyword` is looked for in. */
  keywordIn: (keyof R)[];
}

/** GET <collection>/{id}: the caller's record (else 404); GET <collection>: the caller's, filtered and paged. */
export function readHandlers<D, R extends Owned>(s: ReadSpec<D, R>) {
  return {
    get: (ctx: Ctx<D>) => ok(s.view(ctx, s.repo(ctx.data).find(ctx.owner, ctx.params.id))),
    list(ctx: Ctx<D>) {
      const match = listFilter<R>(query(ctx), s.filters, s.keywordIn);
      const rows = s.repo(ctx.data).list(ctx.owner).filter(match);
      return ok(passThrough(s.listKey, rows, paging(ctx), (r) => s.view(ctx, r)));
    },
  };
}

/** Tags object → tag records as the tag list routes return them. */
export function tagRecords(tags: Record<string, string>, resourceId: string, resourceType: string) {
  return Object.entries(tags).map(([key, value]) => ({ key, value, resourceId, resourceType }));
}

/** The field of the catalogue entry a record names, by catalogue kind: a volume's `diskOfferingId`, … */
const REF_FIELD = {
  zones: "zone",
  diskOfferings: "diskOffering",
  computeOfferings: "serviceOffering",
  networkOfferings: "networkOffering",
  vpcOfferings: "vpcOffering",
  backupOfferings: "backupOffering",
} as const satisfies Partial<Record<keyof CatalogueKinds, string>>;
type RefField<K extends keyof typeof REF_FIELD> = (typeof REF_FIELD)[K];

/**
 * The catalogue entry a record names, as the platform shows it: its id (`<field>Id`, the record's) and its name
 * in the record's region (`<field>Name`, empty when the catalogue no longer has it).
 */
export function catalogueRef<K extends keyof typeof REF_FIELD>(
  store: Store,
  kind: K,
  r: { regionId: string } & Record<`${RefField<K>}Id`, string>,
) {
  const field = REF_FIELD[kind];
  const id = r[`${field}Id`];
  const name = store.catalogue(kind, id, r.regionId)?.name ?? "";
  return { [`${field}Id`]: id, [`${field}Name`]: name } as Record<
    `${RefField<K>}Id` | `${RefField<K>}Name`,
    string
  >;
}

/** How a refusal names an entry of each catalogue kind that a request may name. */
const ENTRY_NOUN: Record<keyof CatalogueKinds, string> = {
  zones: "a zone of",
  templates: "a template in",
  isos: "an ISO in",
  computeOfferings: "a compute offering in",
  diskOfferings: "a disk offering in",
  networkOfferings: "a network offering in",
  vpcOfferings: "a VPC offering in",
  backupOfferings: "a backup offering in",
  kubernetesVersions: "a Kubernetes version in",
};

/**
 * The catalogue entry of the routed region that a request names (`param`: how the request names it), else a 400
 * that names the parameter, the id and the region: "diskOfferingId <id> is not a disk offering in <region>";
 * `refusal`: the platform's own text instead, where the emulator keeps it.
 */
export function requestedEntry<K extends keyof CatalogueKinds>(
  ctx: Ctx,
  kind: K,
  id: string,
  param: string,
  refusal = `${param} ${id} is not ${ENTRY_NOUN[kind]} ${ctx.region.name}`,
): CatalogueKinds[K] {
  const entry = ctx.store.catalogue(kind, id, ctx.region.id);
  if (!entry) throw badRequest(refusal);
  return entry;
}

/** A record's region as views show it: its id and its name (the id, should the region be unknown). */
export function regionOf(store: Store, regionId: string) {
  return { regionId, regionName: store.state.regions.find((r) => r.id === regionId)?.name ?? regionId };
}

/** A zoned record's zone as the platform shows it: its id and the zone's name in the record's region. */
export function zoneOf(store: Store, r: { zoneId: string; regionId: string }) {
  return catalogueRef(store, "zones", r);
}
