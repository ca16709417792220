// Instances: deploy, read, update by query, power actions, scale, delete; tags.
import { actions, collection, defineFamily, apiRoute as r } from "../../family";
import {
  deleteInstance,
  actions as instanceActions,
  instanceJobEffects,
  updateInstance,
} from "./instanceActions";
import { createInstance, deployEffect } from "./instances";
import { getInstance, instanceSummary, instanceView, listAllInstances, listInstances } from "./instanceView";
import type { InstanceRec } from "./records";

export const instances = defineFamily({
  key: "instances",
  label: "Instance",
  resourceType: "Instance",
  quota: { key: "instance", default: 20, platformType: "user_vm" },
  // CloudStack's VirtualMachine.State: its transitional states are busy (every action answers 409; handlers ask
  // the repository, which knows these); a destroyed instance stays Destroyed until expunged. A deploy goes
  // Starting (or straight to Stopped with startVm false), a reboot keeps Running: no Creating, no Rebooting.
  states: {
    busy: ["Starting", "Stopping", "Migrating", "Expunging"],
    gone: ["Destroyed", "Expunging"],
    failed: "Error",
  },
  routes: [
    r("GET", "/compute/instances/all", listAllInstances),
    r("GET", "/compute/instances/summary", instanceSummary),
    ...collection("/compute/instances", {
      create: createInstance,
      list: listInstances,
      get: getInstance,
      update: updateInstance,
      remove: deleteInstance,
    }),
    ...actions("/compute/instances", instanceActions),
  ],
  jobEffects: { deployVirtualMachine: deployEffect, ...instanceJobEffects },
  // CloudStack's deploy, start, stop, scale … set the UserVmResponse as the job's result.
  jobResult: ({ store }, r: InstanceRec) => instanceView(store, r),
  tags: { collection: "/compute/instances" },
});
