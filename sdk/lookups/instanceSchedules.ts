// Instance schedule lookups: the power schedules (start, stop, reboot on a cron schedule) of instances, by name
// or id, read afresh.
import type { InstanceSchedule } from "../../provider/client";
import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";

/** An instance schedule as the API shows it (`cim.InstanceSchedule` is the resource class). */
export type InstanceScheduleRecord = InstanceSchedule;

/** Which schedules: optionally those of one instance. */
export interface InstanceScheduleFilter extends LookupRegionOptions {
  /** Only schedules of this instance (its id). */
  instanceId?: string;
}

/** Which schedule: by `name` or `id`, optionally among one instance's schedules (names are the user's). */
export interface InstanceScheduleQuery extends LookupQuery {
  /** Only schedules of this instance (its id). */
  instanceId?: string;
}

function schedules(opts: InstanceScheduleFilter | undefined) {
  return fresh(opts, (c, region) => c.instanceSchedules.list({ region, vmId: opts?.instanceId }));
}

/**
 * The instance schedules of a region (GET /api/v1/compute/instances/schedules), optionally of one instance.
 * Not cached: schedules are the account's own and change while programs run.
 */
export async function getInstanceSchedules(opts?: InstanceScheduleFilter): Promise<InstanceScheduleRecord[]> {
  return (await schedules(opts)).rows;
}

/**
 * One instance schedule by name or id, e.g. `cim.getInstanceSchedule({ instanceId, name: "night-stop" })`; a
 * miss lists the candidates (name and id; a schedule made without a name shows as "(no name)").
 */
export async function getInstanceSchedule(
  query: InstanceScheduleQuery | string,
): Promise<InstanceScheduleRecord> {
  const q = asQuery(query);
  const { rows, where } = await schedules(q);
  return pick(rows, query, "instance schedule", q.instanceId ? `instance ${q.instanceId}, ${where}` : where);
}
