// The audit trail: GET /api/v1/audit, the paged envelope with rows under content (page size ceiling 100).

import type { CallOptions } from "./core";
import { Family } from "./family";
import { Paginator } from "./pagination";
import { apiPath } from "./paths";
import { type AuditEntry, AuditEntrySchema } from "./schemas";

export class Audit extends Family {
  list(o?: CallOptions & { pageSize?: number }): Paginator<AuditEntry> {
    return new Paginator(this.core, {
      path: apiPath`/audit`,
      key: "content",
      item: AuditEntrySchema,
      options: o,
      scope: "global",
    });
  }
}
