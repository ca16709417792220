// Shared file systems: /api/v1/filesystems. The spec shows only GET /filesystems/{id} and its envelope (count,
// fileSystems, page, pageSize): a read of one answers a list, and an empty one means not found. The rest is the
// platform's Shared FileSystem (emulator/README.md: CloudStack's createSharedFileSystem, listSharedFileSystems,
// updateSharedFileSystem, changeSharedFileSystemDiskOffering, changeSharedFileSystemServiceOffering, start, stop,
// restart, destroySharedFileSystem, expungeSharedFileSystem): create, resize, offering changes, start, stop,
// restart and expunge are jobs; the rename and the destroy are synchronous.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { makeApiError } from "../../client/errors";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { type ListResult, Paginator, readOnce } from "../../client/pagination";
import { apiPath, type Query } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import type { JobCommand } from "../jobs";
import { type FileSystem, FileSystemSchema } from "./records";

/** createSharedFileSystem's parameters, camel-cased. */
export const createFileSystemRequest = requestShape({
  name: required<string>(),
  description: optional<string>(),
  zoneId: required<string>(),
  /** The network the file-system VM serves the share on. */
  networkId: required<string>(),
  diskOfferingId: required<string>(),
  /** GiB; only with a customized disk offering (a fixed one decides the size). */
  size: optional<number>(),
  /** The file-system VM's compute offering: at least 2 vCPUs and 1 GiB of memory on the platform's defaults. */
  serviceOfferingId: required<string>(),
  /** XFS or EXT4. */
  filesystem: required<string>(),
});
export type CreateFileSystemInput = InputOf<typeof createFileSystemRequest>;

/** updateSharedFileSystem's query parameters. */
export const updateFileSystemRequest = requestShape({
  name: optional<string>(),
  description: optional<string>(),
});
/** changeSharedFileSystemDiskOffering's query parameters. */
export const resizeFileSystemRequest = requestShape({
  size: optional<number>(),
  diskOfferingId: optional<string>(),
});

export const fileSystemFilter = requestShape({
  name: optional<string>(),
  networkId: optional<string>(),
  zoneId: optional<string>(),
});
export type FileSystemFilter = InputOf<typeof fileSystemFilter>;

const KEY = "fileSystems";

export class FileSystems extends Family {
  /** GET /filesystems/{id}: the one row of the envelope; an envelope without it is a 404. */
  async get(id: string, o?: CallOptions): Promise<FileSystem> {
    const path = apiPath`/filesystems/${id}`;
    const { items } = await readOnce(this.core, { path, key: KEY, item: FileSystemSchema, options: o });
    const found = items.find((f) => f.id === id);
    if (!found) {
      throw makeApiError(
        404,
        { message: `Shared FileSystem ${id} not found (the read answered count 0)` },
        { method: "GET", path, region: this.core.regionFor(o) },
      );
    }
    return found;
  }

  list(o?: ListOptions & FileSystemFilter): Paginator<FileSystem> {
    return new Paginator(this.core, {
      path: apiPath`/filesystems`,
      query: fileSystemFilter.pick(o ?? {}),
      key: KEY,
      item: FileSystemSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & FileSystemFilter): Promise<ListResult<FileSystem>> {
    return this.list(o).all();
  }

  /** createSharedFileSystem (a job). A lost answer is tied to its job by command, the file system's name, zone and network. */
  async create(input: CreateFileSystemInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/filesystems`,
      command: "fileSystem.create",
      body: createFileSystemRequest,
      echoes: { name: "name", zoneId: "zoneId", networkId: "networkId" },
      read: (id) => this.get(id, o),
    });
  }

  /** updateSharedFileSystem: name and description as query parameters (synchronous); answers the row. */
  async update(id: string, changes: InputOf<typeof updateFileSystemRequest>, o?: CallOptions) {
    const query = updateFileSystemRequest.pick(changes);
    return this.putQuery(apiPath`/filesystems/${id}`, query, FileSystemSchema, () => this.get(id, o), o);
  }

  /** changeSharedFileSystemDiskOffering (a job): grows the data volume; the platform refuses a smaller size. */
  async resize(id: string, r: InputOf<typeof resizeFileSystemRequest>, o?: CallOptions) {
    return this.action(id, "resize", "fileSystem.resize", resizeFileSystemRequest.pick(r), o);
  }

  /** changeSharedFileSystemServiceOffering (a job): the file system must be Stopped. */
  async changeServiceOffering(id: string, serviceOfferingId: string, o?: CallOptions) {
    return this.action(
      id,
      "change-service-offering",
      "fileSystem.changeServiceOffering",
      { serviceOfferingId },
      o,
    );
  }

  async start(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.action(id, "start", "fileSystem.start", {}, o);
  }

  async stop(id: string, o?: CallOptions & { forced?: boolean }): Promise<AcceptedMutation> {
    return this.action(id, "stop", "fileSystem.stop", { forced: o?.forced }, o);
  }

  async restart(id: string, o?: CallOptions & { cleanup?: boolean }): Promise<AcceptedMutation> {
    return this.action(id, "restart", "fileSystem.restart", { cleanup: o?.cleanup }, o);
  }

  /**
   * destroySharedFileSystem (synchronous): `forced` stops a Ready one first, `expunge` removes it at once
   * (otherwise it stays Destroyed, its name held, until expunged). A lost answer is resolved by reading it back.
   */
  async delete(id: string, o?: CallOptions & { expunge?: boolean; forced?: boolean }) {
    const query = { expunge: o?.expunge, forced: o?.forced };
    return this.synchronous(
      "DELETE",
      apiPath`/filesystems/${id}`,
      undefined,
      o,
      async () => {
        const left = await readOrUndefined(() => this.get(id, o));
        return left === undefined || (!o?.expunge && left.state === "Destroyed") ? id : undefined;
      },
      query,
    );
  }

  /** expungeSharedFileSystem (a job): a Destroyed (or Error) file system goes for good. */
  async expunge(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.action(id, "expunge", "fileSystem.expunge", {}, o);
  }

  private action(
    id: string,
    verb: string,
    command: JobCommand,
    query: Query,
    o?: CallOptions,
  ): Promise<AcceptedMutation> {
    return this.jobOn(id, "POST", apiPath`/filesystems/${id}/${verb}`, command, o, { query });
  }
}

export type * from "./records";
