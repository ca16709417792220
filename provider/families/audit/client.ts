// The audit trail: GET /api/v1/audit, the paged envelope with rows under content (page size ceiling 100), not
// region-scoped, with the filters emulator/README.md documents (after CloudStack's listEvents). Its times are
// the server's local time without offset, in whatever zone the server runs: a window given as instants of
// this process's clock (a Date) is placed on the server's timeline through one reading of the server's clock
// (serverTime.ts), so it selects the same rows whatever the server's zone and skew; text without an offset is
// taken as the server's own time and sent as it is.

import type { CallOptions } from "../../client/core";
import { ConfigurationError } from "../../client/errors";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { readServerClock } from "../../client/recovery";
import { type InputOf, optional, requestShape } from "../../client/requestShape";
import { parseServerTime, serverTextOf } from "../../client/serverTime";
import { type AuditEntry, AuditEntrySchema } from "./records";

/** The page-size ceiling of the audit list (larger requests are clamped by the API). */
export const AUDIT_PAGE_SIZE = 100;

/** The API's filters, as it takes them (times as the server's local text). */
export const auditQuery = requestShape({
  /** Rows at or after this server-local time (`yyyy-MM-ddTHH:mm:ss.SSS`, `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`). */
  startDate: optional<string>(),
  /** Rows at or before this server-local time. */
  endDate: optional<string>(),
  resourceType: optional<string>(),
  resourceId: optional<string>(),
  /** The user who made the change (the list holds the caller's account's rows only, whatever the token). */
  user: optional<string>(),
  /** POST, PUT or DELETE. */
  method: optional<string>(),
  /** Part of the request's path or route. */
  keyword: optional<string>(),
});
export type AuditQuery = InputOf<typeof auditQuery>;

/** A moment: a Date, epoch milliseconds, ISO text with an offset (instants), or the server's offset-less text. */
export type AuditTime = Date | number | string;

export interface AuditFilter extends Omit<AuditQuery, "startDate" | "endDate"> {
  since?: AuditTime;
  until?: AuditTime;
  /** Stop after this many rows (newest first). */
  maxEntries?: number;
}

export class Audit extends Family {
  /** Rows newest first, page by page, with the API's own filters. */
  list(o?: ListOptions & AuditQuery): Paginator<AuditEntry> {
    const query = auditQuery.pick(o ?? {});
    return new Paginator(this.core, {
      path: apiPath`/audit`,
      key: "content",
      item: AuditEntrySchema,
      query,
      options: { ...o, pageSize: o?.pageSize ?? AUDIT_PAGE_SIZE },
      scope: "global",
    });
  }

  /** Every row the filter selects (up to `maxEntries`), the window placed on the server's own clock. */
  async entries(filter: AuditFilter = {}, o?: ListOptions): Promise<ListResult<AuditEntry>> {
    const { since, until, maxEntries, ...rest } = filter;
    const window = await this.serverWindow(since, until, o);
    const items: AuditEntry[] = [];
    for await (const page of this.list({ ...o, ...rest, ...window }).pages()) {
      items.push(...page.items);
      if (maxEntries !== undefined && items.length >= maxEntries)
        return { items: items.slice(0, maxEntries) };
    }
    return { items };
  }

  /** `since` and `until` as the server's local text; one reading of its clock when either is an instant. */
  async serverWindow(
    since: AuditTime | undefined,
    until: AuditTime | undefined,
    o?: CallOptions,
  ): Promise<{ startDate?: string; endDate?: string }> {
    const bounds = [since, until].map(instantOf);
    let reading: Parameters<typeof serverTextOf>[1];
    if (bounds.some((b) => typeof b === "number")) {
      const before = Date.now();
      const r = await readServerClock(this.core, { region: o?.region, signal: o?.signal });
      reading = r && { time: r.time, wallAt: (before + Date.now()) / 2 };
    }
    const text = (b: number | string | undefined) => (typeof b === "number" ? serverTextOf(b, reading) : b);
    return { startDate: text(bounds[0]), endDate: text(bounds[1]) };
  }
}

/** An instant (epoch ms), or the server's own offset-less text unchanged. */
function instantOf(t: AuditTime | undefined): number | string | undefined {
  if (t === undefined) return undefined;
  if (t instanceof Date) return t.getTime();
  if (typeof t === "number") return t;
  const parsed = parseServerTime(t);
  if (!parsed)
    throw new ConfigurationError(
      `Audit time ${JSON.stringify(t)} is not a date: give a Date, epoch milliseconds or ISO 8601 text.`,
    );
  return parsed.zoned ? parsed.ms : t;
}

export type * from "./records";
