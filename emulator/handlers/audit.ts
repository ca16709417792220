// The audit trail: a row per accepted mutation, served newest first in the paged envelope, with filters after
// CloudStack's listEvents (the spec shows none): a time window (startDate, endDate), the resource
// (resourceType, resourceId), the user, the method, the region and a keyword. Row times are the server's local
// time without offset, and so are the window's bounds: CloudStack reads startdate and enddate in the
// management server's zone, and the rows' own texts compare on that one timeline whatever the zone is.
import { badRequest, type Ctx, ok } from "../http";
import type { AuditRow } from "../records";
import { pagedEnvelope, paging } from "./common";
import { query, str } from "./input";

export const AUDIT_PAGE_CEILING = 100;

/** listEvents' two date forms, and the API's own offset-less form (what the rows carry). */
const LOCAL_TIME = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3}))?)?)?$/;

/**
 * A position on the server's local timeline (the text read as if it were UTC: only compared with other such
 * texts of the same server). A value with an offset is refused: the server's times carry none.
 */
function localPosition(value: string, param: string): number {
  const m = LOCAL_TIME.exec(value.trim());
  const ms = m
    ? Date.UTC(
        Number(m[1]),
        Number(m[2]) - 1,
        Number(m[3]),
        Number(m[4] ?? 0),
        Number(m[5] ?? 0),
        Number(m[6] ?? 0),
        Number((m[7] ?? "0").padEnd(3, "0")),
      )
    : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).getUTCDate() !== Number(m?.[3])) {
    throw badRequest(
      `Unable to parse date ${value} for parameter ${param}, please pass dates in the format yyyy-MM-dd or yyyy-MM-dd HH:mm:ss`,
      "The server's local time, without offset, as audit rows carry it (e.g. 2026-11-23T09:15:00.000)",
    );
  }
  return ms;
}

function rowFilter(ctx: Ctx): (r: AuditRow) => boolean {
  const q = query(ctx);
  const start = str(q, "startDate");
  const end = str(q, "endDate");
  const from = start ? localPosition(start, "startDate") : undefined;
  const to = end ? localPosition(end, "endDate") : undefined;
  const exact = {
    resourceType: str(q, "resourceType"),
    resourceId: str(q, "resourceId"),
    user: str(q, "user"),
    regionId: str(q, "regionId"),
  };
  const method = str(q, "method")?.toUpperCase();
  const keyword = str(q, "keyword");
  return (r) => {
    const at = localPosition(r.timestamp, "timestamp");
    return (
      (from === undefined || at >= from) &&
      (to === undefined || at <= to) &&
      (Object.keys(exact) as (keyof typeof exact)[]).every((k) => !exact[k] || r[k] === exact[k]) &&
      (!method || r.method === method) &&
      (!keyword || r.path.includes(keyword) || r.route.includes(keyword))
    );
  };
}

/**
 * The caller's own rows, whatever permissions the token carries: the audit list is customer-facing, and the
 * spec's authorization is whole-account (Authentication 7 and 8: service:admin gates administrative endpoints
 * only). The emulator's accounts have one user each, so the account's rows are the user's.
 */
export function listAudit(ctx: Ctx) {
  const match = rowFilter(ctx);
  const rows = ctx.store.state.audit.filter((r) => r.user === ctx.user.sub && match(r)).reverse();
  return ok(pagedEnvelope(rows, paging(ctx, AUDIT_PAGE_CEILING)));
}
