// Backup schedules: /api/v1/backups/schedules. Synchronous ({id} without jobId).
// Lost answers: create is NOT idempotent (a second POST makes a second schedule), so the client first looks
// for a schedule of the same instance with the same content and adopts it; update re-reads and compares;
// delete re-reads and treats 404 as done. In each case it sends the request at most once more.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type BackupSchedule, BackupScheduleSchema } from "./records";

export const backupScheduleRequest = requestShape({
  vmId: required<string>(),
  /** Allowed values are not documented by the spec. */
  intervalType: required<string>(),
  schedule: required<string>(),
  /** IANA time zone name, e.g. `UTC`. Required on create (CloudStack's createBackupSchedule; the spec does not
   * say): cim.BackupSchedule always sends one. Left out of an update, the schedule keeps its time zone. */
  timezone: optional<string>(),
});
export type BackupScheduleInput = InputOf<typeof backupScheduleRequest>;

/**
 * Same content; the API upper-cases intervalType, so it compares case-insensitively. A timezone left out
 * means the API default (taken to be UTC) for a create and "whatever the schedule has" for an update.
 */
export function sameSchedule(
  have: BackupSchedule,
  want: BackupScheduleInput,
  on: "create" | "update" = "create",
): boolean {
  const timezone = want.timezone || (on === "create" ? "UTC" : undefined);
  return (
    have.vmId === want.vmId &&
    have.intervalType?.toUpperCase() === want.intervalType.toUpperCase() &&
    have.schedule === want.schedule &&
    (timezone === undefined || (have.timezone ?? "UTC") === timezone)
  );
}

export class BackupSchedules extends Family {
  async get(id: string, o?: CallOptions): Promise<BackupSchedule> {
    return this.core.get(apiPath`/backups/schedules/${id}`, BackupScheduleSchema, undefined, o);
  }

  /** Schedules of one instance (paged server-side; all pages are read). */
  async list(vmId: string, o?: ListOptions): Promise<BackupSchedule[]> {
    const spec = {
      path: apiPath`/backups/schedules`,
      query: { vmId },
      key: "backupschedules",
      item: BackupScheduleSchema,
    };
    return (await new Paginator(this.core, { ...spec, options: o }).all()).items;
  }

  async create(input: BackupScheduleInput, o?: CallOptions): Promise<AcceptedMutation> {
    const body = backupScheduleRequest.pick(input);
    return this.synchronous("POST", apiPath`/backups/schedules`, body, o, async () => {
      const same = (await this.list(input.vmId, o)).find((s) => sameSchedule(s, body));
      return same?.id;
    });
  }

  async update(id: string, input: BackupScheduleInput, o?: CallOptions): Promise<AcceptedMutation> {
    const body = backupScheduleRequest.pick(input);
    return this.synchronous("PUT", apiPath`/backups/schedules/${id}`, body, o, async () => {
      const now = await readOrUndefined(() => this.get(id, o));
      return now && sameSchedule(now, body, "update") ? id : undefined;
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous("DELETE", apiPath`/backups/schedules/${id}`, undefined, o, async () =>
      (await readOrUndefined(() => this.get(id, o))) === undefined ? id : undefined,
    );
  }
}

export type * from "./records";
