// Instance schedules (CloudStack's VM schedules): kept by the platform itself, synchronous, under the instance.
import { defineFamily, apiRoute as r } from "../family";
import * as s from "../handlers/vmSchedules";

export const vmSchedules = defineFamily<s.VmScheduleRec>()({
  key: "vmSchedules",
  label: "VM schedule",
  resourceType: "VMSchedule",
  routes: [
    r("GET", "/compute/instances/schedules", s.listAllVmSchedules),
    r("GET", "/compute/instances/schedules/{scheduleId}", s.getVmScheduleById),
    r("POST", "/compute/instances/{id}/schedules", s.createVmSchedule),
    r("GET", "/compute/instances/{id}/schedules", s.listVmSchedules),
    r("GET", "/compute/instances/{id}/schedules/{scheduleId}", s.getVmSchedule),
    r("PUT", "/compute/instances/{id}/schedules/{scheduleId}", s.updateVmSchedule),
    r("DELETE", "/compute/instances/{id}/schedules/{scheduleId}", s.deleteVmSchedule),
  ],
});
