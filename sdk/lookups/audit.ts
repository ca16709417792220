// The audit trail for pipelines that report who changed what: GET /api/v1/audit read page by page (the paged
// envelope, pages of the 100-row ceiling), newest first. A time window given as Dates (or ISO text with an
// offset) is placed on the server's own clock, which writes offset-less local times in whatever zone it runs:
// one reading of that clock ties it to this process's, so the window selects the same rows in any zone and
// with any skew. Offset-less text is the server's own time (e.g. a row's `timestamp`) and is sent as it is.
import type { AuditFilter } from "../../provider/client";
import { client, gated } from "./core";
import type { AuditEntry } from "./records";

export type { AuditFilter, AuditTime } from "../../provider/client";
export type { AuditEntry } from "./records";

/**
 * Audit rows, newest first: `since`/`until` (a window, bounds included), `resourceType`, `resourceId`, `user`,
 * `method`, `keyword` (part of the request path), `maxEntries`. Not cached.
 *
 * ```ts
 * import * as cim from "pulumi-cim";
 *
 * export = async () => {
 *   const started = new Date();
 *   // … the resources of the program …
 *   const changes = await cim.getAuditEntries({ since: started });
 *   return { changes: changes.length };
 * };
 * ```
 */
export async function getAuditEntries(filter?: AuditFilter): Promise<AuditEntry[]> {
  const { client: c, key } = client();
  return gated(key, async () => (await c.audit.entries(filter)).items);
}
