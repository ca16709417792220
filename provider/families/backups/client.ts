// On-demand backups of instances: /api/v1/backups (CloudStack's createBackup, listBackups, deleteBackup). The spec
// names backups among the asynchronous operations and shows no route: emulator/README.md writes down the shapes.
// Create and delete are jobs; a lost create answer is tied to its job by command, the backup's name, instance and
// description (a replacement for its description keeps the name and instance).

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type Backup, BackupSchema } from "./records";

export const createBackupRequest = requestShape({
  /** The instance to back up; it must have a backup offering. */
  vmId: required<string>(),
  /** The platform names it `<host name>-<time>` when left out. */
  name: optional<string>(),
  description: optional<string>(),
});
export type CreateBackupInput = InputOf<typeof createBackupRequest>;

export class Backups extends Family {
  async get(id: string, o?: CallOptions): Promise<Backup> {
    return this.core.get(apiPath`/backups/${id}`, BackupSchema, undefined, o);
  }

  /** Backups of the region, or of one instance. */
  list(o?: ListOptions & { vmId?: string }): Paginator<Backup> {
    return new Paginator(this.core, {
      path: apiPath`/backups`,
      query: { vmId: o?.vmId },
      key: ["backups", "backup"],
      item: BackupSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & { vmId?: string }): Promise<ListResult<Backup>> {
    return this.list(o).all();
  }

  async create(input: CreateBackupInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/backups`,
      command: "backup.create",
      body: createBackupRequest,
      echoes: { name: "name", vmId: "virtualMachineId", description: "description" },
      read: (id) => this.get(id, o),
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/backups/${id}`, "backup.delete", o);
  }
}

export type * from "./records";
