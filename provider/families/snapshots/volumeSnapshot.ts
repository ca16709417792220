// cim.VolumeSnapshot: a point-in-time copy of one volume (CloudStack's createSnapshot / deleteSnapshot), taken by
// a job and deleted by one with the resource. Nothing changes in place: a snapshot is what it was when taken.
// Usable once BackedUp; a volume can be made from it (cim.Volume snapshotId). It outlives its volume, and on
// an instance it excludes instance snapshots (emulator/README.md: the platform refuses a VM snapshot while a
// volume of the instance has one).

import { z } from "zod";
import { commonFields, created, field, nameField, output, recordCalls, skipFailed } from "../../kinds/common";
import { defineKind, type Requirement } from "../../kinds/define";
import { examples, outputOf, resource, variables } from "../../kinds/examples";
import { optionalId } from "../../lifecycle/check";
import { whileRefused } from "../../lifecycle/passingRefusal";
import { otherSnapshotTask } from "./instanceSnapshot";

/**
 * A volume the platform has placed on storage: one never attached is Allocated, with no disk to copy, and
 * CloudStack's createSnapshot refuses it ("is not in Ready state but Allocated"). Attaching places it. A volume the
 * same run makes has no state yet: it is placed when the program attaches it (its `instanceId`); left out, it is
 * made Allocated (from a snapshot too) and stays so, and the snapshot would fail after the volume is made.
 */
const PLACED: Requirement = {
  holds: (v) => {
    const { state, instanceId } = v as { state?: unknown; instanceId?: unknown };
    return state === undefined ? instanceId !== undefined : state !== "Allocated";
  },
  // a volume the same up attaches is judged by the API after the attach
  changesWith: ["instanceId"],
  planned: ["instanceId"],
  reason: (v) =>
    (v as { state?: unknown }).state === undefined
      ? "is not attached to an instance (its instanceId is left out): the platform makes it Allocated, with no disk to copy, and refuses a snapshot of it. Give the volume an instanceId, in this up or an earlier one"
      : "has never been attached to an instance (state Allocated): the platform has no disk of it to copy yet and refuses a snapshot. Attach it first (its cim.Volume's instanceId), in this up or an earlier one",
};

export const volumeSnapshot = defineKind({
  name: "VolumeSnapshot",
  noun: "volume snapshot",
  taggedAs: "Snapshot",
  summary: "A point-in-time copy of a volume (a job), for restoring it as a new volume.",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "diskOfferingId", "db", "data"],
    [
      resource("VolumeSnapshot", "data-before-upgrade", { volumeId: outputOf("data.id") }, { as: "snap" }),
      resource(
        "Volume",
        "data-restored",
        { ...variables("zoneId", "diskOfferingId"), snapshotId: outputOf("snap.id") },
        { comment: "a new volume from it, the snapshot's size unless a larger one is given" },
      ),
    ],
  ),
  createVerb: "take",
  nameFromResource: true,
  quota: { limit: "snapshotLimit", count: "snapshotCount" },
  // CloudStack's Snapshot.State: usable when BackedUp; Destroyed ones are no longer listed.
  states: {
    busy: ["Allocated", "Creating", "CreatedOnPrimary", "BackingUp", "Destroying"],
    gone: ["Destroyed"],
    deleting: "Destroying",
    failed: "Error",
  },
  fields: {
    ...commonFields,
    name: {
      ...nameField("snapshot", "replace"),
      changeNote: "the API has no rename",
    },
    volumeId: field(optionalId("the volume to snapshot (a cim.Volume's id, or an instance's root disk)"), {
      doc: "The volume to snapshot: a data volume or an instance's root disk, attached to an instance (a volume the platform has not placed on storage yet, never attached, cannot be snapshotted).",
      change: "replace",
      live: true,
      requiredUnlessAdopting: "the volume to snapshot",
      ref: { kind: "Volume", mustExist: true, requires: PLACED },
      present: true,
    }),
  },
  outputs: {
    volumeName: output("The volume's name when the snapshot was taken."),
    volumeType: output("ROOT (an instance's root disk) or DATADISK."),
    size: output(
      "GB: the volume's size when taken; a volume made from the snapshot is at least this big.",
      z.number().optional(),
    ),
    zoneId: output("The zone it is in (a zone uuid), as the API reports it."),
    state: output("The API's snapshot state (BackedUp when usable).", z.string()),
    created,
  },
  api: {
    ...recordCalls((c) => c.volumeSnapshots),
    // refused while its instance has a snapshot task under way (instanceSnapshot.ts: otherSnapshotTask)
    create: (s, i) =>
      whileRefused(s, "create", otherSnapshotTask, () =>
        s.client.volumeSnapshots.create(
          { volumeId: i.volumeId ?? "", name: i.name ?? "" },
          { region: s.region },
        ),
      ),
  },
  importer: {
    order: 45,
    prefix: "snapshot",
    skip: skipFailed,
  },
});
