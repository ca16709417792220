// Volume snapshots and instance snapshots: two resources, as the spec says, after CloudStack's createSnapshot /
// listSnapshots / deleteSnapshot and createVMSnapshot / listVMSnapshot / deleteVMSnapshot. Every create and
// delete is a job. Volume snapshots count against the `snapshot` allowance (CloudStack's resource type
// snapshot); instance snapshots against none (CloudStack caps them per instance with vmsnapshot.max).
import { defineFamily, apiRoute as r } from "../family";
import * as s from "../handlers/snapshots";
import * as m from "../handlers/vmSnapshots";

export const snapshots = defineFamily<s.SnapshotRec>()({
  key: "snapshots",
  label: "Snapshot",
  resourceType: "Snapshot",
  // CloudStack's max.account.snapshots default
  quota: { key: "snapshot", default: 20, platformType: "snapshot" },
  states: { busy: ["Creating", "Destroying"], failed: "Error" },
  routes: [
    r("POST", "/snapshots", s.createSnapshot),
    r("GET", "/snapshots", s.listSnapshots),
    r("GET", "/snapshots/{id}", s.getSnapshot),
    r("DELETE", "/snapshots/{id}", s.deleteSnapshot),
  ],
  jobEffects: s.snapshotJobEffects,
});

export const vmSnapshots = defineFamily<m.VmSnapshotRec>()({
  key: "vmSnapshots",
  label: "VM snapshot",
  resourceType: "VMSnapshot",
  states: { busy: m.VM_SNAPSHOT_ACTIVE, failed: "Error" },
  routes: [
    r("POST", "/vm-snapshots", m.createVmSnapshot),
    r("GET", "/vm-snapshots", m.listVmSnapshots),
    r("GET", "/vm-snapshots/{id}", m.getVmSnapshot),
    r("DELETE", "/vm-snapshots/{id}", m.deleteVmSnapshot),
  ],
  jobEffects: m.vmSnapshotJobEffects,
});
