// The audit trail: a row per accepted mutation, served newest first in the paged envelope.
import { type Ctx, ok } from "../http";
import { pagedEnvelope, paging } from "./common";

export const AUDIT_PAGE_CEILING = 100;

export function listAudit(ctx: Ctx) {
  const rows = ctx.store.state.audit.filter((r) => r.user === ctx.user.sub).reverse();
  return ok(pagedEnvelope(rows, paging(ctx, AUDIT_PAGE_CEILING)));
}
