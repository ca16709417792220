// cim.InstanceSnapshot: the disks of an instance, and with `memory` its running memory, at a point in time
// (CloudStack's createVMSnapshot / deleteVMSnapshot), taken by a job and deleted by one with the resource. A
// resource apart from volume snapshots, as the spec says. Nothing changes in place. The platform decides what
// only it can know at create (emulator/README.md): memory only of a running instance (preview judges that of an
// instance the same run makes, by its powerState), Running or Stopped only,
// names unique per instance, none while a volume of the instance has a snapshot (that one preview judges too, on
// the volume snapshots that exist), and at most 10 per instance (preview counts those there and the program's).

import { z } from "zod";
import { ConflictError, type InstanceSnapshot, JobFailedError, type VolumeSnapshot } from "../../client";
import {
  commonFields,
  created,
  descriptionField,
  field,
  nameField,
  output,
  recordCalls,
  skipFailed,
  uniqueTogether,
} from "../../kinds/common";
import {
  type Cap,
  defineKind,
  type Exclusive,
  type LiveRules,
  type LookupFailure,
  type Recorded,
  type Requirement,
} from "../../kinds/define";
import { examples, exported, outputOf, resource, templateInstance } from "../../kinds/examples";
import { bool, optionalId } from "../../lifecycle/check";
import { type PassingRefusal, refusalText, whileRefused } from "../../lifecycle/passingRefusal";
import { containsUnknown } from "../../lifecycle/values";

/**
 * The platform takes one snapshot task at a time per instance (CloudStack's VMSnapshotManagerImpl and
 * takeSnapshot: "There is other active vm snapshot tasks on the instance, please try again later", and the same
 * of volume snapshots): a program with two snapshots of one instance sends both at once, and the second is
 * refused until the first task ends (a create at the request, a delete in its job). It passes by itself: the call
 * is sent again until the platform takes it.
 */
export function otherSnapshotTask(err: unknown): PassingRefusal | undefined {
  if (
    !(err instanceof ConflictError || err instanceof JobFailedError) ||
    !/other active (vm|volume) snapshot tasks/i.test(refusalText(err))
  )
    return undefined;
  return {
    waitsFor: "the instance's other snapshot task to end",
    advice:
      "The platform takes one snapshot task at a time per instance. Run pulumi up again once the other task has ended, or raise the resource's timeouts to wait for it.",
  };
}

/**
 * The platform takes no instance snapshot of an instance whose volumes have snapshots (CloudStack's
 * VMSnapshotManagerImpl.allocVMSnapshot: "VM snapshot for this VM is not allowed. This VM has volumes attached which
 * has snapshots, please remove all snapshots before taking VM snapshot"), judged when the snapshot is to be taken,
 * on the region's volume snapshots (each names the instance its volume is attached to).
 */
async function volumesWithoutSnapshots(
  i: Recorded,
  _read: unknown,
  { creating, find }: LiveRules,
): Promise<LookupFailure[]> {
  const vm = i.instanceId;
  if (!creating || typeof vm !== "string" || containsUnknown(vm)) return [];
  const taken = await find(
    "VolumeSnapshot",
    (s) => (s as VolumeSnapshot).virtualMachineId === vm && s.state === "BackedUp",
  );
  if (!taken?.length) return [];
  const named = taken.map((s) => `${(s as VolumeSnapshot).name ?? s.id} (${s.id})`).join(", ");
  return [
    {
      property: "instanceId",
      reason: `instance ${vm} has volumes with snapshots (${named}), and the platform takes no instance snapshot of an instance whose volumes have snapshots (the API refuses it). Delete those volume snapshots first, in an up of its own (Pulumi creates before it deletes), or snapshot the volumes (cim.VolumeSnapshot) instead`,
    },
  ];
}

/**
 * The memory of a stopped instance cannot be snapshot (CloudStack's VMSnapshotManagerImpl: "Can not snapshot memory
 * when VM is in stopped state"). Judged on an instance the same run makes, whose `powerState` input says it will be
 * stopped; an existing instance's state is the platform's to judge at create (it may be started meanwhile), and its
 * record has no `powerState`, so the rule passes it.
 */
const memoryOfRunning: Requirement = {
  holds: (vm, inputs) => inputs.memory !== true || (vm as { powerState?: unknown }).powerState !== "stopped",
  needs: ["memory"],
  planned: ["powerState"],
  property: "memory",
  reason:
    'will be stopped (powerState "stopped"): the platform snapshots the memory of a running instance only ("Can not snapshot memory when VM is in stopped state"). Leave memory out for a snapshot of the disks, or declare the instance running',
};

/** CloudStack's vmsnapshot.max (default 10): createVMSnapshot refuses an eleventh snapshot of one instance. */
const snapshotsPerInstance: Cap = {
  property: "instanceId",
  max: 10,
  held: (s: InstanceSnapshot) => s.virtualMachineId || undefined,
  counted: "snapshots of that instance",
  rule: "the platform keeps at most 10 snapshots of an instance (the API refuses an eleventh)",
  otherwise:
    "Delete old snapshots of it first, in an up of its own (Pulumi makes new resources before it deletes old ones)",
};

/**
 * createVMSnapshot refuses a name one of the instance's snapshots has, in whatever state (allocVMSnapshot: "VM
 * snapshot with name … already exists"): judged at preview on the instance's snapshots and between the program's.
 */
const oneNameAnInstance: Exclusive<string> = {
  property: "name",
  needs: ["instanceId", "name"],
  claimed: (i) =>
    typeof i.instanceId === "string" && typeof i.name === "string" ? `${i.instanceId}/${i.name}` : undefined,
  held: (s: InstanceSnapshot) =>
    s.virtualMachineId && s.name ? `${s.virtualMachineId}/${s.name}` : undefined,
  shown: (v) =>
    `the name ${v.slice(v.indexOf("/") + 1)} among the snapshots of instance ${v.slice(0, v.indexOf("/"))}`,
  reason: (i, r: InstanceSnapshot) =>
    `name ${JSON.stringify(i.name)}: instance snapshot ${r.id} of instance ${String(i.instanceId)} has that name, and the platform names each snapshot of an instance once (the API refuses a second)`,
  otherwise: "choose another name, or adopt that snapshot with adoptId",
};

export const instanceSnapshot = defineKind({
  name: "InstanceSnapshot",
  noun: "instance snapshot",
  taggedAs: "VMSnapshot",
  summary: "The disks (and optionally the memory) of an instance at a point in time (a job).",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId"],
    [
      templateInstance("web", {}, { as: "web" }),
      resource(
        "InstanceSnapshot",
        "web-before-upgrade",
        { instanceId: outputOf("web.id"), memory: true },
        { as: "before" },
      ),
      exported("snapshotState", "before.state"),
    ],
  ),
  createVerb: "take",
  nameFromResource: true,
  // CloudStack's VMSnapshot.State
  states: {
    busy: ["Allocated", "Creating", "Reverting", "Expunging"],
    deleting: "Expunging",
    failed: "Error",
  },
  // createVMSnapshot refuses a name the instance's snapshots already have
  deleteBeforeReplace: uniqueTogether("name", "instanceId"),
  liveRules: volumesWithoutSnapshots,
  caps: [snapshotsPerInstance],
  exclusive: [oneNameAnInstance],
  fields: {
    ...commonFields,
    name: {
      ...nameField("snapshot", "replace"),
      doc: "The snapshot's name, unique among the instance's snapshots (default: the resource name).",
    },
    instanceId: field(optionalId("the instance to snapshot (a cim.Instance's id)"), {
      doc: "The instance to snapshot, Running or Stopped, with at most 9 other snapshots (an instance keeps 10).",
      change: "replace",
      live: (s: InstanceSnapshot) => s.virtualMachineId,
      requiredUnlessAdopting: "the instance to snapshot",
      ref: { kind: "Instance", mustExist: true, requires: memoryOfRunning },
      present: true,
    }),
    description: descriptionField("what the snapshot is for", "replace"),
    memory: field(bool("whether to include the running instance's memory (default false)"), {
      doc: "Also the instance's memory (default false): the instance must be running; restoring it resumes the instance where it was.",
      change: "replace",
      unset: () => false,
      old: (o) => o.memory ?? false,
      live: (s: InstanceSnapshot) => (s.type === undefined ? undefined : s.type === "DiskAndMemory"),
      output: (s: InstanceSnapshot, rec: Recorded) =>
        s.type === undefined ? ((rec.memory as boolean | undefined) ?? false) : s.type === "DiskAndMemory",
      shown: z.boolean(),
      present: true,
    }),
  },
  outputs: {
    type: output("Disk, or DiskAndMemory."),
    state: output("The API's snapshot state (Ready when usable).", z.string()),
    instanceName: {
      doc: "The name of the instance (`instanceId`).",
      schema: z.string().optional(),
      from: (s: InstanceSnapshot) => s.virtualMachineName,
    },
    created,
  },
  api: {
    ...recordCalls((c) => c.instanceSnapshots),
    create: (s, i) =>
      whileRefused(s, "create", otherSnapshotTask, () =>
        s.client.instanceSnapshots.create(
          {
            virtualMachineId: i.instanceId ?? "",
            name: i.name ?? "",
            description: i.description,
            snapshotMemory: i.memory ?? false,
          },
          { region: s.region },
        ),
      ),
    deleteRefusalPasses: otherSnapshotTask,
  },
  importer: {
    order: 46,
    prefix: "instanceSnapshot",
    skip: skipFailed,
  },
});
