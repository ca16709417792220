// Helpers every handler family uses: reading inputs key by key, job submission, list envelopes.
import { type AuditFacts, accepted, badRequest, type Ctx } from "../http";
import type { JobRequest } from "../jobs";
import type { Job, Owned } from "../records";
import type { Repository } from "../repository";

export type Obj = Record<string, unknown>;

/** The JSON body as an object; absent body is {}. Unknown keys are ignored by every reader below. */
export function body(ctx: Ctx): Obj {
  const b = ctx.body;
  if (b === undefined || b === null || b === "") return {};
  if (typeof b !== "object" || Array.isArray(b)) throw badRequest("Request body must be a JSON object");
  return b as Obj;
}

export function hasJsonBody(ctx: Ctx): boolean {
  return typeof ctx.body === "object" && ctx.body !== null && Object.keys(ctx.body).length > 0;
}

/** Query parameters as one flat object (first value wins), so the readers work on both. */
export function query(ctx: Ctx): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(ctx.query)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

const missing = (key: string) =>
  badRequest(`Required parameter '${key}' is not present`, `Missing parameter: ${key}`);

export function str(src: Obj, key: string): string | undefined {
  const v = src[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw badRequest(`Parameter '${key}' must be a string`);
  return v;
}

/**
 * The filter of a CloudStack-style list from its query: each parameter of `exact` that is given must equal the
 * record's field of that name, and `keyword`, when given, must be part of one of the `keywordIn` fields.
 */
export function listFilter<T extends object>(
  q: Obj,
  exact: Partial<Record<string, keyof T>>,
  keywordIn: (keyof T)[],
): (r: T) => boolean {
  const wanted = Object.entries(exact).flatMap(([param, field]) => {
    const v = str(q, param);
    return v === undefined || field === undefined ? [] : [[field, v] as const];
  });
  const keyword = str(q, "keyword");
  return (r) =>
    wanted.every(([field, v]) => r[field] === v) &&
    (!keyword || keywordIn.some((f) => String(r[f] ?? "").includes(keyword)));
}

export function reqStr(src: Obj, key: string): string {
  const v = str(src, key);
  if (v === undefined || v.trim() === "") throw missing(key);
  return v;
}

/** Booleans arrive as JSON booleans or, in query strings, as "true" / "false". */
export function bool(src: Obj, key: string): boolean | undefined {
  const v = src[key];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "boolean") return v;
  if (v === "true") return true;
  if (v === "false") return false;
  throw badRequest(`Parameter '${key}' must be true or false`);
}

export function int(src: Obj, key: string): number | undefined {
  const v = src[key];
  if (v === undefined || v === null || v === "") return undefined;
  const n =
    typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`Parameter '${key}' must be an integer`);
  return n;
}

export function reqInt(src: Obj, key: string): number {
  const v = int(src, key);
  if (v === undefined) throw missing(key);
  return v;
}

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

/**
 * A job on a record that shows `interim` while it runs; the effect restores `prevState` when it must. `payload`:
 * what the job's effect applies (e.g. the change a scale makes).
 */
export function stateJob<T extends Owned & { state: string; name: string }>(
  ctx: Ctx,
  repo: Repository<T>,
  r: T,
  job: { resourceType: string; command: string; interim: string; failDetail?: string; payload?: Obj },
) {
  const submitted = submitJob(ctx, {
    command: job.command,
    resourceType: job.resourceType,
    resourceId: r.id,
    resourceName: r.name,
    failDetail: job.failDetail,
    payload: { prevState: r.state, ...job.payload },
  });
  repo.update(r, { state: job.interim } as Partial<T>);
  return jobAccepted(submitted);
}

export function audited(resourceType: string, resourceId: string, jobId?: string): AuditFacts {
  return jobId ? { resourceId, resourceType, jobId } : { resourceId, resourceType };
}

export function isoNow(ctx: Ctx): string {
  return new Date(ctx.clock.now()).toISOString();
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

/** The paged envelope of lists the API composes itself. */
export function pagedEnvelope<T>(items: T[], p: Paging): Obj {
  return {
    content: slice(items, p),
    page: p.page,
    pageSize: p.pageSize,
    totalElements: items.length,
    totalPages: Math.ceil(items.length / p.pageSize),
  };
}

/** Tags object → tag records as the tag list routes return them. */
export function tagRecords(tags: Record<string, string>, resourceId: string, resourceType: string) {
  return Object.entries(tags).map(([key, value]) => ({ key, value, resourceId, resourceType }));
}

/**
 * The synchronous PUT of VPCs and networks: name and displayText as query parameters. A JSON body with neither
 * is refused naming `name`, as the platform does.
 */
export function renameByQuery(ctx: Ctx): { name?: string; displayText?: string } {
  const q = query(ctx);
  if (hasJsonBody(ctx) && !("name" in q) && !("displayText" in q)) {
    throw badRequest(
      "Required parameter 'name' is not present",
      "This endpoint takes query parameters, not a JSON body",
    );
  }
  const name = str(q, "name");
  const displayText = str(q, "displayText");
  return { ...(name ? { name } : {}), ...(displayText !== undefined ? { displayText } : {}) };
}
