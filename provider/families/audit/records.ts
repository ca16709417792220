// The records of the audit family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, str } from "../../client/records";

/**
 * A row of the audit trail (fields: emulator/README.md). `timestamp` is the server's local time without offset,
 * in whatever zone the server runs: compare it only with other times of the same server (serverTime.ts).
 */
export const AuditEntrySchema = z.looseObject({
  id: str(),
  timestamp: str(),
  user: str(),
  regionId: str(),
  method: str(),
  route: str(),
  path: str(),
  status: int(),
  resourceType: str(),
  resourceId: str(),
  jobId: str(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;
