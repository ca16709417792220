// List envelopes and paging. The spec's lookup order: a `content` key, then the key named after the resource,
// then the body itself as an array. Paging is 1-based with pageSize ≤ 200; iteration stops on totalPages,
// totalElements, a short page of known size, an empty page, a repeated page or a clamped page number, so a
// server that clamps or ignores paging can never make it loop.

import { z } from "zod";
import { InvalidResponseError } from "./errors";
import type { ApiPath, Query, TenantPath } from "./paths";
import { BareArraySchema, PagedEnvelopeSchema, PassThroughMetaSchema } from "./records";
import type { CallOptions, CoreReads } from "./types";

export const MAX_PAGE_SIZE = 200;
/** Hard stop: 2,000 pages of 200 is far beyond any account; reaching it means the server misbehaves. */
const MAX_PAGES = 2_000;

export interface PageMeta {
  page?: number;
  pageSize?: number;
  totalElements?: number;
  totalPages?: number;
  /**
   * A pass-through list's `count`: CloudStack's number of matching rows, all pages together. The file systems' list
   * carries it with no `totalElements`.
   */
  count?: number;
  /** Multi-region reads: per-region failures, keyed by region. */
  regionErrors?: Record<string, unknown>;
}

export interface Page<T> extends PageMeta {
  items: T[];
  /** Which shape the body had. */
  shape: "paged" | "pass-through" | "array";
}

export interface ListResult<T> {
  items: T[];
  /** Present when any page reported per-region failures. */
  regionErrors?: Record<string, unknown>;
}

/** Finds the list in a body, in the spec's order, and validates each row. */
export function normaliseList<T>(
  body: unknown,
  keys: string | readonly string[],
  item: z.ZodType<T>,
): Page<unknown> & { rows: T[] } {
  let page: Page<unknown>;
  const obj =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  const key =
    (typeof keys === "string" ? [keys] : keys).find((k) => obj && Array.isArray(obj[k])) ?? String(keys);
  if (obj && Array.isArray(obj.content)) {
    const p = PagedEnvelopeSchema.parse(obj);
    page = {
      shape: "paged",
      items: p.content,
      page: p.page,
      pageSize: p.pageSize,
      totalElements: p.totalElements,
      totalPages: p.totalPages,
    };
  } else if (obj && Array.isArray(obj[key])) {
    const m = PassThroughMetaSchema.parse(obj);
    page = {
      shape: "pass-through",
      items: obj[key] as unknown[],
      page: m.page ?? m.currentPage,
      pageSize: m.pageSize,
      totalElements: m.totalElements,
      count: m.count,
      regionErrors: m.regionErrors,
    };
  } else if (Array.isArray(body)) {
    page = { shape: "array", items: BareArraySchema.parse(body) };
  } else {
    throw new z.ZodError([
      {
        code: "custom",
        path: [],
        message: `no list found (looked for "content", then "${key}", then a bare array)`,
        input: body,
      },
    ]);
  }
  const rows = z.array(item).parse(page.items);
  return { ...page, rows };
}

interface ListSpecBase<T> {
  /** The pass-through collection key, e.g. "virtualmachines" (or candidates, first found wins). */
  key: string | readonly string[];
  item: z.ZodType<T>;
  query?: Query;
  options?: CallOptions & { pageSize?: number };
  scope?: "region" | "global";
}

/**
 * What a list reads. `tenantContext` (X-Tenant-Context) exists only beside an organization path: the types
 * refuse it elsewhere, and the core asserts the path again before sending it.
 */
export type ListSpec<T> = ListSpecBase<T> &
  ({ path: ApiPath; tenantContext?: undefined } | { path: TenantPath; tenantContext?: string });

async function fetchPage<T>(core: CoreReads, spec: ListSpec<T>, query: Query): Promise<Page<T>> {
  const body =
    spec.tenantContext === undefined
      ? await core.get(spec.path, z.unknown(), query, spec.options, spec.scope)
      : await core.tenantGet(
          spec.path as TenantPath,
          z.unknown(),
          { ...spec.options, tenantContext: spec.tenantContext },
          query,
        );
  try {
    const p = normaliseList(body, spec.key, spec.item);
    return { ...p, items: p.rows };
  } catch (err) {
    if (!(err instanceof z.ZodError)) throw err;
    const issues = err.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
    throw new InvalidResponseError(
      { method: "GET", path: spec.path, region: core.regionFor(spec.options) },
      200,
      "shape",
      issues,
    );
  }
}

const signature = (items: unknown[]): string =>
  items.length === 0 ? "" : JSON.stringify([items.length, items[0], items[items.length - 1]]);

/** Pages of a paged list, from page 1. */
export async function* pages<T>(core: CoreReads, spec: ListSpec<T>): AsyncGenerator<Page<T>> {
  const requested = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(spec.options?.pageSize ?? MAX_PAGE_SIZE)));
  let seen = 0;
  let previous = "";
  for (let n = 1; n <= MAX_PAGES; n++) {
    const page = await fetchPage(core, spec, { ...spec.query, page: n, pageSize: requested });
    if (page.items.length === 0) return;
    // The server ignored the page number (same rows again) or clamped it (reports another page): done.
    const sig = signature(page.items);
    if (sig === previous || (page.page !== undefined && page.page !== n && n > 1)) return;
    previous = sig;
    seen += page.items.length;
    yield page;
    if (page.shape === "array") return; // bare arrays are not paged
    if (page.totalPages !== undefined) {
      if (n >= page.totalPages) return;
      continue;
    }
    if (page.totalElements !== undefined) {
      if (seen >= page.totalElements) return;
      continue;
    }
    // Without totals, a short page ends the list only when its size is known (echoed pageSize) and no `count`
    // says more rows match: a server may clamp the size and still echo the one asked for. Otherwise the server
    // may have clamped silently, so read on until an empty or repeated page.
    const more = page.count !== undefined && page.count > seen;
    if (page.pageSize !== undefined && page.items.length < page.pageSize && !more) return;
  }
}

/** An unpaged list (bare arrays, /all, /summary): one read. */
export async function readOnce<T>(core: CoreReads, spec: ListSpec<T>): Promise<ListResult<T>> {
  const page = await fetchPage(core, spec, spec.query ?? {});
  return page.regionErrors && Object.keys(page.regionErrors).length
    ? { items: page.items, regionErrors: page.regionErrors }
    : { items: page.items };
}

/** `for await (const x of list)` over items, `.pages()` over pages, `.all()` for everything at once. */
export class Paginator<T> implements AsyncIterable<T> {
  constructor(
    private readonly core: CoreReads,
    private readonly spec: ListSpec<T>,
  ) {}

  pages(): AsyncGenerator<Page<T>> {
    return pages(this.core, this.spec);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.pages()) yield* page.items;
  }

  async all(): Promise<ListResult<T>> {
    const items: T[] = [];
    let regionErrors: Record<string, unknown> | undefined;
    for await (const page of this.pages()) {
      items.push(...page.items);
      if (page.regionErrors && Object.keys(page.regionErrors).length) {
        regionErrors = { ...regionErrors, ...page.regionErrors };
      }
    }
    return regionErrors ? { items, regionErrors } : { items };
  }
}
