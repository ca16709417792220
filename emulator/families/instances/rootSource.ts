// An instance's root disk from a volume or a volume snapshot (the spec's imageType "volume" and "snapshot";
// CloudStack's deployVirtualMachine with volumeid or snapshotid, 4.20). The spec shows neither input: the body
// keys are `volumeId` and `snapshotId`, the rules are written in emulator/README.md. A volume becomes the
// instance's root disk itself (and goes with the instance, as a root disk does); a snapshot is copied into a
// new root disk of at least its size. The template stays required, as the spec's table says: it describes the
// operating system on the disk.

import type { Data } from "../../family";
import { int, type Obj, reqStr } from "../../handlers/input";
import { badRequest, type Ctx } from "../../http";
import type { SnapshotRec } from "../snapshots/records";
import type { VolumeRec } from "../volumes/records";

type RCtx = Ctx<Data<"volumes" | "snapshots">>;

export interface RootSource {
  /** GB of the root disk. */
  size: number;
  /** imageType volume: the caller's detached data volume that becomes the root disk. */
  volume?: VolumeRec;
  /** imageType snapshot: the BackedUp snapshot the root disk is made from. */
  snapshot?: SnapshotRec;
}

export function rootSource(ctx: RCtx, b: Obj, imageType: "volume" | "snapshot", zoneId: string): RootSource {
  const given = int(b, "rootDiskSize");
  if (imageType === "volume") {
    const id = reqStr(b, "volumeId");
    const vol = ctx.data.volumes.get(ctx.owner, id);
    if (!vol)
      throw badRequest(
        `Unable to find volume with ID: ${id}`,
        `volumeId ${id} is not a volume in ${ctx.region.name}`,
      );
    if (vol.type === "ROOT" || vol.virtualMachineId) {
      throw badRequest(
        `Volume ${vol.name} is attached to an instance`,
        vol.type === "ROOT"
          ? "It is the root disk of another instance"
          : "Detach it first: it becomes the root disk",
      );
    }
    if (vol.state !== "Allocated" && vol.state !== "Ready")
      throw badRequest(`Volume ${vol.name} is ${vol.state}`, "Wait for its job to finish, or delete it");
    if (vol.zoneId !== zoneId) throw badRequest(`Volume ${vol.name} is not in zone ${zoneId}`);
    if (given !== undefined && given !== vol.size) {
      throw badRequest(
        `rootDiskSize ${given} GB does not apply: volume ${vol.name} (${vol.size} GB) is the root disk`,
        "Leave rootDiskSize out with imageType volume, or resize the volume first",
      );
    }
    return { size: vol.size, volume: vol };
  }
  const id = reqStr(b, "snapshotId");
  const snap = ctx.data.snapshots.get(ctx.owner, id);
  if (!snap)
    throw badRequest(
      `Unable to find a snapshot with id ${id}`,
      `snapshotId ${id} is not a volume snapshot in ${ctx.region.name}`,
    );
  if (snap.state !== "BackedUp")
    throw badRequest(`Snapshot id=${id} is not in BackedUp state yet and can't be used for volume creation`);
  if (snap.zoneId !== zoneId) throw badRequest(`Snapshot ${snap.name} is not available in zone ${zoneId}`);
  const size = given ?? snap.size;
  if (size < snap.size)
    throw badRequest(`rootDiskSize ${size} GB is smaller than the snapshot's ${snap.size} GB`);
  return { size, snapshot: snap };
}
