// Volume snapshots and instance snapshots: two resources, as the spec says, after CloudStack's createSnapshot /
// listSnapshots / deleteSnapshot and createVMSnapshot / listVMSnapshot / deleteVMSnapshot. Every create and
// delete is a job. Volume snapshots count against the `snapshot` allowance (CloudStack's resource type
// snapshot); instance snapshots against none (CloudStack caps them per instance with vmsnapshot.max).
import { collection, defineFamily } from "../../family";
import * as s from "./snapshots";
import * as m from "./vmSnapshots";

export const snapshots = defineFamily({
  key: "snapshots",
  label: "Snapshot",
  resourceType: "Snapshot",
  // CloudStack's max.account.snapshots default
  quota: { key: "snapshot", default: 20, platformType: "snapshot" },
  states: { busy: ["Creating", "Destroying"], failed: "Error" },
  routes: collection("/snapshots", s),
  jobEffects: s.snapshotJobEffects,
  taggedAs: [{ type: "Snapshot" }],
});

export const vmSnapshots = defineFamily({
  key: "vmSnapshots",
  label: "VM snapshot",
  resourceType: "VMSnapshot",
  states: { busy: m.VM_SNAPSHOT_ACTIVE, failed: "Error" },
  routes: collection("/vm-snapshots", m),
  jobEffects: m.vmSnapshotJobEffects,
  taggedAs: [{ type: "VMSnapshot" }],
});
