// Instance schedules (CloudStack's VM schedules): kept by the platform itself, synchronous, under the instance.
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as s from "./vmSchedules";

export const vmSchedules = defineFamily({
  key: "vmSchedules",
  label: "VM schedule",
  resourceType: "VMSchedule",
  routes: [
    r("GET", "/compute/instances/schedules", s.listAllVmSchedules),
    r("GET", "/compute/instances/schedules/{scheduleId}", s.getVmScheduleById),
    ...collection("/compute/instances/{id}/schedules", s, { item: "scheduleId" }),
  ],
});
