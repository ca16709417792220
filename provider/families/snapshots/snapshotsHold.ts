// What an instance's snapshots (cim.InstanceSnapshot) hold it to: while it has any, in whatever state, the platform
// attaches, detaches and resizes none of its volumes and does not scale it (CloudStack's VolumeApiServiceImpl:
// attachVolumeToVM, detachVolumeFromVM, resizeVolume; UserVmManagerImpl.upgradeVirtualMachine; VMSnapshotDao.findByVm).
// Judged at preview on the region's instance snapshots. One the same run takes is not: Pulumi may take it after.

import type { InstanceSnapshot } from "../../client";
import type { LiveRules, LookupFailure, Recorded } from "../../kinds/define";
import { deletesRunning, type PassingRefusal, refusalText } from "../../lifecycle/passingRefusal";
import { containsUnknown } from "../../lifecycle/values";

/** What the platform refuses of an instance with snapshots, in its words. */
const REFUSED = {
  attach:
    'attaches no volume to an instance with snapshots (the API refuses the attach: "Unable to attach volume, please specify a VM that does not have VM snapshots")',
  detach:
    'detaches no volume from an instance with snapshots (the API refuses the detach: "Unable to detach volume, please specify a VM that does not have VM snapshots")',
  resize:
    'resizes no volume attached to an instance with snapshots (the API refuses it: "A volume that is attached to a VM with any VM snapshots cannot be resized.")',
  scale:
    'scales no instance with snapshots (the API refuses it: "Unable to scale VM, please remove VM snapshots before scaling VM")',
} as const;

export type HeldChange = keyof typeof REFUSED;

/** "nightly (id), weekly (id)": the instance's snapshots; undefined when it has none or they cannot be read now. */
export async function snapshotsOf(find: LiveRules["find"], vm: unknown): Promise<string | undefined> {
  if (typeof vm !== "string" || !vm || containsUnknown(vm)) return undefined;
  const rows = await find("InstanceSnapshot", (s) => (s as InstanceSnapshot).virtualMachineId === vm);
  return rows?.length
    ? rows.map((s) => `${(s as InstanceSnapshot).name || s.id} (${s.id})`).join(", ")
    : undefined;
}

/** Why `change` is refused on instance `vm`, which has `snapshots`, with the way out. */
export const heldBySnapshots = (vm: string, snapshots: string, change: HeldChange) =>
  `instance ${vm} has instance snapshots (${snapshots}), and the platform ${REFUSED[change]}. Delete those snapshots first, in an up of its own (Pulumi makes changes before it deletes)${change === "attach" ? ", or attach the volume to another instance" : ""}`;

/**
 * A volume's attach (made with `instanceId`, or moved to it), detach (moved from an instance) or resize (attached,
 * `size` or `diskOfferingId` changed) that the instance's snapshots refuse: KindSpec.liveRules of cim.Volume.
 */
export async function volumeHeldBySnapshots(
  i: Recorded,
  { olds, find }: LiveRules,
): Promise<LookupFailure[]> {
  const before = olds.instanceId ?? undefined;
  const after = i.instanceId ?? undefined;
  if (containsUnknown(after)) return [];
  const out: LookupFailure[] = [];
  const judge = async (vm: unknown, change: HeldChange, property: string, lead: string) => {
    const held = await snapshotsOf(find, vm);
    if (held) out.push({ property, reason: `${lead}${heldBySnapshots(String(vm), held, change)}` });
  };
  if (after !== before) {
    if (before !== undefined)
      await judge(before, "detach", "instanceId", "instanceId: this change detaches the volume: ");
    if (after !== undefined) await judge(after, "attach", "instanceId", `instanceId ${String(after)}: `);
    return out;
  }
  if (after === undefined || Object.keys(olds).length === 0) return out;
  const resized = ["size", "diskOfferingId"].find((k) => i[k] !== olds[k]);
  if (resized) await judge(after, "resize", resized, `${resized}: this change resizes an attached volume: `);
  return out;
}

/**
 * A volume's detach before its delete that the instance's snapshots refuse: passes while this run deletes instance
 * snapshots or instances (a destroy deletes the snapshots and the volume at once: neither depends on the other), and
 * once more after the first refusal (those deletes may be about to begin); else it stands, saying what to do.
 */
export function detachHeldBySnapshots(err: unknown, tries: number): PassingRefusal | undefined {
  if (!/does not have VM snapshots/i.test(refusalText(err))) return undefined;
  const why = {
    waitsFor: "the instance snapshots this run is deleting",
    advice:
      "The platform detaches no volume from an instance with snapshots, and a volume is detached before it is deleted. Delete the instance's snapshots first (cim.InstanceSnapshot; for snapshots made outside this stack, DELETE /api/v1/vm-snapshots/{id}), then run pulumi destroy (or up) again.",
  };
  return deletesRunning(["InstanceSnapshot", "Instance"]) || tries === 1 ? why : { ...why, stands: true };
}
