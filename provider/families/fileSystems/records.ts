// The records of the fileSystems family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { num, str } from "../../client/records";

/**
 * A shared file system, a row of the spec's `fileSystems` (row fields not shown: emulator/README.md, CloudStack's
 * SharedFSResponse camel-cased). `size` is in bytes; the platform's `sizeGb` is text ("10.00 GiB").
 */
export const FileSystemSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  zoneId: str(),
  zoneName: str(),
  networkId: str(),
  networkName: str(),
  /** The file-system VM's address on the network: the NFS server to mount from. */
  ipAddress: str(),
  /** The exported path (CloudStack's /mnt/fs/share). */
  path: str(),
  provider: str(),
  /** XFS or EXT4. */
  filesystem: str(),
  diskOfferingId: str(),
  diskOfferingName: str(),
  serviceOfferingId: str(),
  serviceOfferingName: str(),
  size: num(),
  sizeGb: str(),
  /** SharedFS.State: Allocated, Ready, Stopping, Stopped, Starting, Destroyed, Expunging, Error. */
  state: str(),
  created: str(),
});
// ------------------------------------------------------------------ multi-region groups, organizations, projects
export type FileSystem = z.output<typeof FileSystemSchema>;
