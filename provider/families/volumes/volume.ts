// cim.Volume: created from query parameters (a job), resized and attached or detached in place (jobs), never
// shrunk (by a smaller size or a smaller fixed offering: refused at check, and at update against the live size),
// detached before delete.

import { z } from "zod";
import type { Volume } from "../../client";
import {
  atLeastSnapshot,
  catalogueField,
  commonFields,
  created,
  field,
  fromSnapshotTaken,
  growOnly,
  inZone,
  nameField,
  nameOfId,
  output,
  recordCalls,
  sourceInZone,
  tags,
  zoneField,
  zoneName,
} from "../../kinds/common";
import { type Cap, defineKind } from "../../kinds/define";
import { diskGb, diskSizeProblem, resizedTo, shrinkProblem } from "../../kinds/diskOffering";
import { examples, exported } from "../../kinds/examples";
import { id, optionalId } from "../../lifecycle/check";
import { keptInCloud } from "../../lifecycle/errors";
import { whileRefused } from "../../lifecycle/passingRefusal";
import { waitFor } from "../../lifecycle/session";
import { containsUnknown } from "../../lifecycle/values";
import { detachHeldBySnapshots, volumeHeldBySnapshots } from "../snapshots/snapshotsHold";

/**
 * The refusal of a smaller volume (kinds/diskOffering.ts: ShrinkMessage). `pulumi up --replace` makes a smaller
 * one: Pulumi checks the replacement it forces as a new resource, and volume names need not be unique.
 */
export function shrinkMessage(from: number, to: number, offering?: string): string {
  const keep = offering
    ? `diskOfferingId ${offering} would shrink the volume (${from} GB → ${to} GB): volumes only grow. To keep it, pick a disk offering of at least ${from} GB, or a customized one with size: ${from} or more`
    : `size cannot shrink (${from} GB → ${to} GB): volumes only grow. If the volume was grown outside this program (its size as the last refresh read it), set size: ${from} to keep it`;
  return `${keep}; to start over with a smaller volume, replace it (pulumi up --replace <urn>) after saving its data`;
}

const busy = [
  "Creating",
  "Allocating",
  "Resizing",
  "Attaching",
  "Detaching",
  "Migrating",
  "Uploading",
  "Destroying",
];

/** An instance's root disk, which the platform lists among volumes (CloudStack's type ROOT). */
const isRoot = (v: Volume) => String(v.type ?? "").toUpperCase() === "ROOT";
const volumeCalls = recordCalls((c) => c.volumes);

/**
 * The platform attaches at most six data disks to an instance (CloudStack's default
 * hypervisor_capabilities.max_data_volumes_limit), those made with it included (the API's dataDiskOfferingList):
 * the attach of a seventh fails in its job, after the volume was made.
 */
const dataDisksPerInstance: Cap = {
  property: "instanceId",
  max: 6,
  held: (v: Volume) => (isRoot(v) || !v.virtualMachineId ? undefined : v.virtualMachineId),
  counted: "data disks on that instance",
  rule: "the platform attaches at most 6 data disks to an instance; the API refuses the attach of a seventh after making the volume",
  otherwise:
    "Attach this volume to another instance, or detach one of the others (leave out its instanceId) in an up of its own first: Pulumi may attach this one before it detaches that one",
};

/** What a volume snapshot the volume is made from must be: in the volume's zone, no larger than the volume. */
const fromSnapshot = [sourceInZone("volume", "a volume snapshot"), atLeastSnapshot("size")];

const fromSnapshotTakenRules = fromSnapshotTaken(fromSnapshot);

export const volume = defineKind({
  name: "Volume",
  noun: "volume",
  summary: "A block storage volume, optionally attached to an instance.",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "diskOfferingId", "db", "data"],
    [exported("device", "data.deviceId")],
  ),
  nameFromResource: true,
  tags: "volume",
  quota: { limit: "volumeLimit", count: "volumeCount" },
  states: { busy, gone: ["Destroyed", "Expunged", "Expunging"], deleting: "Destroying", failed: "Error" },
  caps: [dataDisksPerInstance],
  // a volume from a snapshot the same run takes: the snapshot's zone and size are its volume's
  liveRules: async (i, read, live) => [
    ...(await fromSnapshotTakenRules(i, read, live)),
    ...(await volumeHeldBySnapshots(i, live)),
  ],
  fields: {
    ...commonFields,
    name: {
      ...nameField("volume", "replace"),
      doc: "The volume's name (default: the resource name).",
      changeNote: "the API has no rename",
    },
    zoneId: zoneField(
      "Zone of the volume; an instance it attaches to must be in the same zone.",
      id("the zone of the volume; an instance it attaches to must be in the same zone"),
    ),
    diskOfferingId: {
      doc: "Disk offering; a fixed one smaller than the volume is refused at preview: volumes never shrink.",
      changeNote: "resize",
      ...catalogueField(
        id("the disk offering, from GET /api/v1/offerings/disk"),
        "update",
        "diskOfferings",
        "a disk offering",
        ["size"],
      ),
    },
    size: field(diskGb.optional(), {
      doc: "Size in GB, for customized disk offerings; volumes never shrink.",
      changeNote: "resize",
      change: "update",
      live: true,
      present: true,
    }),
    instanceId: field(
      optionalId("the instance to attach the volume to; leave it out to keep the volume detached"),
      {
        doc: "The instance to attach to, of the volume's zone, with at most 5 other data disks (an instance takes 6) and no instance snapshots (the platform attaches, detaches and resizes no volume of an instance with snapshots); leave it out to keep the volume detached.",
        changeNote: "attach/detach",
        change: "update",
        unset: () => null,
        same: (a, b) => (a ?? null) === (b ?? null),
        // a volume an instance took as its root disk (imageType volume) goes with that instance: not an attachment
        // the program could undo, so it reads as none (no drift, no detach the API would refuse)
        live: (v: Volume) => (isRoot(v) ? null : v.virtualMachineId || null),
        // The platform attaches a volume only to an instance of its zone (a failed attach job, "Please specify a VM
        // that is in the same zone as the volume."), after the create made the volume: said at preview instead, whatever gave
        // the id (an instance's zone changes only by its replacement, so the one found is the one named).
        ref: {
          kind: "Instance",
          mustExist: true,
          requires: inZone(
            "volume",
            (vm) =>
              `the platform attaches a volume only to an instance of its own zone (it refuses the attach after making the volume). Make the volume in zone ${vm.zoneId}, or attach it to an instance of its zone`,
          ),
        },
      },
    ),
    snapshotId: field(optionalId("a volume snapshot to make the volume from (a cim.VolumeSnapshot's id)"), {
      doc: "A volume snapshot to make the volume from (BackedUp, in the same zone); its size is the default and the minimum.",
      change: "replace",
      live: (v: Volume) => v.snapshotId || undefined,
      ref: {
        kind: "VolumeSnapshot",
        mustExist: true,
        requires: fromSnapshot,
      },
    }),
    tags,
  },
  outputs: {
    zoneName,
    diskOfferingName: nameOfId("disk offering", "diskOfferingId"),
    deviceId: {
      doc: "The device number on the instance it is attached to.",
      schema: z.number().optional(),
      from: (v: Volume) => (v.virtualMachineId ? v.deviceId : undefined),
      follows: ["instanceId"],
    },
    // Allocated until first attached, Ready from then on
    state: {
      ...output("The API's volume state (Allocated, Ready, Resizing, …).", z.string()),
      follows: ["instanceId"],
    },
    created,
  },
  ...growOnly(shrinkMessage),
  // A volume's replacement is a new disk: the engine's diff shows the field, not that what the disk holds goes
  // (a failed volume, replaced for its state alone, holds nothing to keep: the engine says why it goes)
  changeNotice: (_olds, news, replaces) =>
    replaces.some((f) => f !== "state")
      ? `${replaces.join(", ")} cannot change in place, so this up makes a new volume (${news.snapshotId === undefined ? "empty" : containsUnknown(news.snapshotId) ? "from its snapshot" : `from snapshot ${String(news.snapshotId)}`}) and deletes this one with what it holds. If it holds data you need, take a cim.VolumeSnapshot of it first and make the new one from it (snapshotId), or keep this one by undoing the change`
      : undefined,
  lookups(i, rows, before) {
    // a volume made from a snapshot is the snapshot's size or the size given (the offering decides nothing);
    // an adopted one has its size
    const asked = (inputs: Record<string, unknown>, offerings: typeof rows) => {
      const size = typeof inputs.size === "number" ? inputs.size : undefined;
      const sized = Boolean(inputs.snapshotId) || (size === undefined && Boolean(inputs.adoptId));
      return {
        size,
        diskOfferingId: inputs.diskOfferingId,
        offering: sized ? undefined : offerings.diskOfferingId,
      };
    };
    const now = asked(i, rows);
    const problem = diskSizeProblem("size", now.size, now.offering, "ignored");
    if (problem) return [{ property: "size", reason: problem }];
    // a smaller fixed offering (or a size below the fixed one it leaves): the platform refuses it at up
    const shrinks = shrinkProblem(
      now,
      before && !before.replaced ? asked(before.inputs, before.rows) : undefined,
      shrinkMessage,
    );
    return shrinks ? [shrinks] : [];
  },
  api: {
    ...volumeCalls,
    async delete(s, live) {
      if (!isRoot(live)) return volumeCalls.delete(s, live);
      return keptInCloud(
        s,
        { name: live.name, id: live.id },
        `it is the root disk of instance ${live.virtualMachineId} (imageType volume), and goes with that instance.`,
      );
    },
    fromJob: (s, job, id) => s.client.volumes.fromJob(job, id),
    // the client sends the fields of a volume create and nothing else
    create: (s, want) => s.client.volumes.create({ ...want, name: want.name ?? "" }, { region: s.region }),
    async apply(s, live, want, changed, op) {
      const o = { region: s.region };
      if (changed.has("size") || changed.has("diskOfferingId")) {
        // against the live size (grown since the program last said it), with the way out the platform's refusal lacks
        const to = await resizedTo(s, want, changed.has("diskOfferingId"));
        if (to && live.size !== undefined && to.size < live.size)
          throw new Error(shrinkMessage(live.size, to.size, to.offering));
        const r = { size: changed.has("size") ? want.size : undefined, diskOfferingId: want.diskOfferingId };
        await waitFor(s, await s.client.volumes.resize(live.id, r, o), op);
      }
      if (changed.has("instanceId")) {
        if (live.virtualMachineId) await waitFor(s, await s.client.volumes.detach(live.id, o), op);
        if (want.instanceId) await waitFor(s, await s.client.volumes.attach(live.id, want.instanceId, o), op);
      }
    },
    async beforeDelete(s, live) {
      if (!live.virtualMachineId || isRoot(live)) return;
      await whileRefused(s, "delete", detachHeldBySnapshots, async () =>
        waitFor(s, await s.client.volumes.detach(live.id, { region: s.region }), "delete"),
      );
    },
  },
  adoptable: (v) =>
    isRoot(v)
      ? "it is the root disk of an instance (type ROOT): it goes with its instance; adopt the instance instead."
      : undefined,
  importer: {
    order: 40,
    prefix: "volume",
    skip: (v: Volume) => (isRoot(v) ? "root disk (part of its instance)" : undefined),
  },
});
