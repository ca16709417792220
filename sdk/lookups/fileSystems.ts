// Shared file system lookups: the account's file systems of a region (GET /api/v1/filesystems, the spec's
// envelope), by name or id, read afresh each time (not cached): they are made and removed while programs run.

import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";
import type { FileSystem } from "./records";

/** A shared file system as the API shows it (cim.FileSystem is the resource class). */
export type FileSystemInfo = FileSystem;

/** Which file systems: optionally those served on one network. */
export interface FileSystemFilter extends LookupRegionOptions {
  /** Only file systems served on this network (its id). */
  networkId?: string;
}

function fileSystems(opts: FileSystemFilter | undefined) {
  return fresh(opts, (c, region) => c.fileSystems.listAll({ region, networkId: opts?.networkId }));
}

/** The shared file systems of a region, optionally of one network; Destroyed ones (not yet expunged) included. */
export async function getFileSystems(opts?: FileSystemFilter): Promise<FileSystem[]> {
  return (await fileSystems(opts)).rows;
}

/**
 * One shared file system by name or id, e.g. to mount a share another stack made:
 * `(await cim.getFileSystem("assets")).ipAddress`. A miss lists the candidates.
 */
export async function getFileSystem(query: (LookupQuery & FileSystemFilter) | string): Promise<FileSystem> {
  const q = asQuery(query);
  const { rows, where } = await fileSystems(q);
  return pick(rows, query, "shared file system", q.networkId ? `network ${q.networkId}, ${where}` : where);
}
