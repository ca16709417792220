// The records of the backups family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { num, str } from "../../client/records";

/**
 * An on-demand backup (CloudStack's BackupResponse, camelCase). The platform calls its state `status`
 * (Backup.Status: BackingUp, BackedUp, Error, Removed, …); `state` is the same value, for the lifecycle.
 */
export const BackupSchema = z
  .looseObject({
    id: z.string(),
    name: str(),
    description: str(),
    virtualMachineId: str(),
    virtualMachineName: str(),
    zoneId: str(),
    backupOfferingId: str(),
    backupOfferingName: str(),
    status: str(),
    type: str(),
    size: num(),
    virtualSize: num(),
    date: str(),
    created: str(),
  })
  .transform((b) => ({ ...b, state: b.status }));
export type Backup = z.output<typeof BackupSchema>;
