// Instance schedules: a power action (start, stop, reboot) on a cron schedule, under the instance. The spec shows
// PUT /api/v1/compute/instances/{id}/schedules/{scheduleId} with query parameters; create, read and delete are
// the emulator's documented shapes (CloudStack's createVMSchedule, listVMSchedule, deleteVMSchedule). All
// synchronous ({id}, no jobId). Create is not idempotent: a lost answer is resolved by looking for a schedule of
// the instance with the same content; update and delete by re-reading.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape } from "../../client/requestShape";
import { type InstanceSchedule, InstanceScheduleSchema } from "./records";

/** The query of a create or update (what an update leaves out keeps its value). */
export const instanceScheduleRequest = requestShape({
  /** Five cron fields: minute hour day-of-month month day-of-week, e.g. `0 22 * * MON-FRI`. */
  schedule: optional<string>(),
  /** IANA time zone of the schedule. */
  timezone: optional<string>(),
  /** start, stop, reboot, force_stop or force_reboot (any case). */
  action: optional<string>(),
  /** ISO 8601; the platform takes now when left out at create, and refuses one in the past. */
  startDate: optional<string>(),
  endDate: optional<string>(),
  enabled: optional<boolean>(),
  name: optional<string>(),
  description: optional<string>(),
});
export type InstanceScheduleInput = InputOf<typeof instanceScheduleRequest>;

/** The query of a create or update: the declared keys only (a misspelt key would be ignored by the API). */
export const instanceScheduleQuery = (i: InstanceScheduleInput) => instanceScheduleRequest.pick(i);

const cron = (s: string | undefined) => s?.trim().split(/\s+/).join(" ");
const instant = (s: string | undefined) => (s === undefined ? undefined : Date.parse(s));

/** The schedule has what was asked (fields left out are not compared). */
export function sameInstanceSchedule(have: InstanceSchedule, want: InstanceScheduleInput): boolean {
  return (
    (want.schedule === undefined || cron(have.schedule) === cron(want.schedule)) &&
    (want.timezone === undefined || have.timezone === want.timezone) &&
    (want.action === undefined || have.action?.toUpperCase() === want.action.toUpperCase()) &&
    (want.startDate === undefined || instant(have.startDate) === instant(want.startDate)) &&
    (want.endDate === undefined || instant(have.endDate) === instant(want.endDate)) &&
    (want.enabled === undefined || (have.enabled ?? true) === want.enabled) &&
    (want.name === undefined || (have.name ?? "") === want.name) &&
    (want.description === undefined || (have.description ?? "") === want.description)
  );
}

export class InstanceSchedules extends Family {
  /** A schedule by its own id (whatever its instance). */
  async get(id: string, o?: CallOptions): Promise<InstanceSchedule> {
    return this.core.get(apiPath`/compute/instances/schedules/${id}`, InstanceScheduleSchema, undefined, o);
  }

  /** Schedules of the region, or of one instance (all pages). */
  async list(o?: ListOptions & { vmId?: string }): Promise<InstanceSchedule[]> {
    const spec = {
      path: apiPath`/compute/instances/schedules`,
      query: { vmId: o?.vmId },
      key: ["vmschedule", "schedules"],
      item: InstanceScheduleSchema,
    };
    return (await new Paginator(this.core, { ...spec, options: o }).all()).items;
  }

  async create(vmId: string, input: InstanceScheduleInput, o?: CallOptions): Promise<AcceptedMutation> {
    const query = instanceScheduleQuery(input);
    return this.synchronous(
      "POST",
      apiPath`/compute/instances/${vmId}/schedules`,
      undefined,
      o,
      async () => (await this.list({ ...o, vmId })).find((s) => sameInstanceSchedule(s, input))?.id,
      query,
    );
  }

  /** The spec's PUT: query parameters; what is left out keeps its value. */
  async update(
    vmId: string,
    id: string,
    input: InstanceScheduleInput,
    o?: CallOptions,
  ): Promise<AcceptedMutation> {
    const query = instanceScheduleQuery(input);
    return this.synchronous(
      "PUT",
      apiPath`/compute/instances/${vmId}/schedules/${id}`,
      undefined,
      o,
      async () => {
        const now = await readOrUndefined(() => this.get(id, o));
        return now && sameInstanceSchedule(now, input) ? id : undefined;
      },
      query,
    );
  }

  async delete(vmId: string, id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous(
      "DELETE",
      apiPath`/compute/instances/${vmId}/schedules/${id}`,
      undefined,
      o,
      async () => ((await readOrUndefined(() => this.get(id, o))) === undefined ? id : undefined),
    );
  }
}

export type * from "./records";
