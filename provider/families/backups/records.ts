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
    id: z.string().describe("The backup's id."),
    name: str().describe("The backup's name."),
    description: str().describe("What the backup is for (free text)."),
    virtualMachineId: str().describe("The id of the instance the backup was taken of (`cim.getInstance`)."),
    virtualMachineName: str().describe("The name of the instance the backup was taken of."),
    zoneId: str().describe("The id of the backup's zone (`cim.getZone`)."),
    backupOfferingId: str().describe("The id of the backup offering the backup was taken under (`cim.getBackupOffering`)."),
    backupOfferingName: str().describe("The name of the backup offering the backup was taken under."),
    status: str().describe("The backup's status: BackingUp while taken, then BackedUp; Error if it failed; Removed while deleted."),
    type: str().describe("The backup's type as the platform reports it, e.g. `MANUAL`."),
    size: num().describe("The backup's size in bytes."),
    virtualSize: num().describe("The protected (virtual) size of what the backup holds, in bytes."),
    date: str().describe("The backup's date: when it was taken (ISO 8601 date-time)."),
    created: str().describe("When the backup was created (ISO 8601 date-time)."),
  })
  .describe("An on-demand backup of an instance, taken under the instance's backup offering (`cim.Backup`).")
  .transform((b) => ({ ...b, state: b.status }));
export type Backup = z.output<typeof BackupSchema>;
