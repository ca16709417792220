// The records of the audit family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, str } from "../../client/records";

/**
 * A row of the audit trail (fields: emulator/README.md). `timestamp` is the server's local time without offset,
 * in whatever zone the server runs: compare it only with other times of the same server (serverTime.ts).
 */
export const AuditEntrySchema = z
  .looseObject({
    id: str().describe("The audit entry's id."),
    timestamp: str().describe("When the request was made, in the server's local time without offset (`yyyy-MM-ddTHH:mm:ss.SSS`)."),
    user: str().describe("The user who made the request."),
    regionId: str().describe("The id of the region the request was routed to (`cim.getRegion`)."),
    method: str().describe("The request's HTTP method: `POST`, `PUT` or `DELETE` (only changes are recorded)."),
    route: str().describe("The route the request matched, with its parameters, e.g. `/api/v1/compute/instances/{id}`."),
    path: str().describe("The request's path, ids filled in, without its query."),
    status: int().describe("The HTTP status of the API's answer: a 2xx, as only accepted requests are recorded."),
    resourceType: str().describe("The type of the resource the request changed, as the API names it (e.g. `Instance`, `Volume`, `Vpc`)."),
    resourceId: str().describe("The id of the resource the request changed."),
    jobId: str().describe("The id of the job the request started, when the change was asynchronous."),
  })
  .describe("A change the API accepted, as its audit trail records it: who sent which request, when, and what it changed (`cim.getAuditEntries`).");
export type AuditEntry = z.output<typeof AuditEntrySchema>;
