// Instance schedule lookups: the power schedules (start, stop, reboot on a cron schedule) of instances, by name
// or id, read afresh.

import { type OfInstanceFilter, type OfInstanceQuery, ofInstance } from "./core";
import type { InstanceSchedule } from "./records";

/** An instance schedule as the API shows it (`cim.InstanceSchedule` is the resource class). */
export type InstanceScheduleRecord = InstanceSchedule;

const schedules = ofInstance("instance schedule", (c, region, vmId) =>
  c.instanceSchedules.list({ region, vmId }),
);

/**
 * The instance schedules of a region (GET /api/v1/compute/instances/schedules), optionally of one instance
 * (`instanceId`). Not cached.
 */
export function getInstanceSchedules(opts?: OfInstanceFilter): Promise<InstanceScheduleRecord[]> {
  return schedules.all(opts);
}

/**
 * One instance schedule by name or id, e.g. `cim.getInstanceSchedule({ instanceId, name: "night-stop" })`; a
 * miss lists the candidates (name and id; a schedule made without a name shows as "(no name)").
 */
export function getInstanceSchedule(query: OfInstanceQuery | string): Promise<InstanceScheduleRecord> {
  return schedules.one(query);
}
