// The records of the fileSystems family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { num, str } from "../../client/records";

/**
 * A shared file system, a row of the spec's `fileSystems` (row fields not shown: emulator/README.md, CloudStack's
 * SharedFSResponse camel-cased). `size` is in bytes; the platform's `sizeGb` is text ("10.00 GiB").
 */
export const FileSystemSchema = z
  .looseObject({
    id: z.string().describe("The file system's id."),
    name: str().describe("The file system's name, unique in the account and region."),
    description: str().describe("The file system's description."),
    zoneId: str().describe("The id of the file system's zone (`cim.getZone`)."),
    zoneName: str().describe("The name of the file system's zone."),
    networkId: str().describe("The id of the network the share is served on (a `cim.Network`'s id)."),
    networkName: str().describe("The name of that network."),
    ipAddress: str().describe("The file-system VM's address on the network: the NFS server to mount from."),
    path: str().describe("The exported path to mount (the platform's /mnt/fs/share)."),
    provider: str().describe("The platform's provider of the share: SHAREDFSVM (a file-system VM)."),
    filesystem: str().describe("The file system on its data volume: XFS or EXT4."),
    diskOfferingId: str().describe("The id of the data volume's disk offering (`cim.getDiskOffering`)."),
    diskOfferingName: str().describe("The name of that disk offering."),
    serviceOfferingId: str().describe("The id of the file-system VM's compute offering (`cim.getComputeOffering`)."),
    serviceOfferingName: str().describe("The name of that compute offering."),
    size: num().describe("The size of the data volume in bytes."),
    sizeGb: str().describe('The size as text, in GiB, e.g. "10.00 GiB".'),
    state: str().describe("The platform's state: Allocated, Ready, Stopping, Stopped, Starting, Destroyed, Expunging or Error."),
    created: str().describe("When the file system was created (ISO 8601)."),
  })
  .describe("A shared file system: a data volume served over NFS on a network by a file-system VM (`cim.FileSystem`).");
// ------------------------------------------------------------------ multi-region groups, organizations, projects
export type FileSystem = z.output<typeof FileSystemSchema>;
