// The size rules of a disk offering, one each for every kind that makes a disk from one (a volume, a shared file
// system's data disk, an ISO instance's root disk): a customized offering has no size of its own, so the create
// must name one; a fixed offering decides the size itself; and a disk that only grows is never asked, through
// its offering, for less than it had. Judged at preview on the offering's catalogue rows (the field's lookup),
// so neither the create nor the resize meets the platform's refusal.

import { z } from "zod";
import type { LookupFailure } from "../lifecycle/kindSpec";
import type { Session } from "../lifecycle/session";

/** The platform's disk sizes, in GB (a volume's, a shared file system's): 1 to 16384. */
export const diskGb = z
  .number({ error: "must be a whole number of GB" })
  .int("must be a whole number of GB")
  .min(1, "must be at least 1 GB")
  .max(16_384, "must be at most 16384 GB");

/** What a disk offering's catalogue row says of sizes (GET /offerings/disk). */
export interface DiskOfferingRow {
  name?: unknown;
  diskSizeGb?: unknown;
  customized?: unknown;
}

/**
 * What the platform does with a size given with a fixed offering: refuses it (createSharedFileSystem), ignores it
 * for the offering's (createVolume: the program must then say the offering's size, or it would differ from the
 * volume forever), or takes it (deployVirtualMachine's rootdisksize over an ISO's root disk offering).
 */
export type FixedOfferingSize = "refused" | "ignored" | "taken";

/**
 * Why `size` (the value of input `field`) does not fit the disk offering, or undefined. `which` names the offering
 * in the message ("disk offering", "root disk offering"). Nothing is judged without the row (not looked up).
 */
export function diskSizeProblem(
  field: string,
  size: number | undefined,
  offering: DiskOfferingRow | undefined,
  fixed: FixedOfferingSize,
  which = "disk offering",
): string | undefined {
  if (!offering) return undefined;
  const name = String(offering.name ?? "");
  const fixedSize = String(offering.diskSizeGb);
  if (offering.customized === true && size === undefined)
    return `${field} is required: ${which} ${name} is customized (it has no size of its own, and the platform refuses to make the disk without one): give ${field} in GB, or pick an offering of a fixed size`;
  if (offering.customized !== false || size === undefined) return undefined;
  if (fixed === "refused")
    return `${field} does not apply to ${which} ${name}, a fixed ${fixedSize} GB (the platform refuses a size with it): leave ${field} out, or pick a customized disk offering`;
  if (fixed === "ignored" && offering.diskSizeGb !== undefined && size !== offering.diskSizeGb)
    return `${field} ${size} GB does not match ${which} ${name} (a fixed ${fixedSize} GB); leave ${field} out or pick a customized offering`;
  return undefined;
}

/**
 * The size in GB a disk of `offering` is made or resized to: `size` when given, else a fixed offering's own (the
 * platform takes it: CloudStack's changeDiskOfferingForVolumeInternal); undefined when neither says.
 */
export function askedSize(size: unknown, offering: DiskOfferingRow | undefined): number | undefined {
  if (typeof size === "number") return size;
  const fixed = offering?.customized === false ? offering.diskSizeGb : undefined;
  return typeof fixed === "number" ? fixed : undefined;
}

/** A fixed offering in a message: `<id> (<name>, a fixed <n> GB)`. */
const fixedOffering = (id: unknown, o: DiskOfferingRow) =>
  `${String(id)} (${String(o.name ?? "")}, a fixed ${String(o.diskSizeGb)} GB)`;

/**
 * A kind's refusal of a disk asked for less than it has (from → to GB). `offering`: the new fixed offering that
 * asks for it, as fixedOffering words it, when the program gives no size (the refusal then names diskOfferingId).
 */
export type ShrinkMessage = (from: number, to: number, offering?: string) => string;

/** What decides a disk's size: the inputs' `size` and `diskOfferingId`, and that offering's row (undefined when the offering decides nothing, e.g. a volume made from a snapshot). */
export interface DiskAsked {
  size: unknown;
  diskOfferingId: unknown;
  offering: DiskOfferingRow | undefined;
}

/**
 * A disk that only grows (a volume, a shared file system's data volume) asked, at preview, for less than its old
 * inputs asked for, where a fixed offering decides either size (sizes given on both sides are growOnly's rule,
 * judged without the catalogue). Names diskOfferingId when the new fixed offering decides the smaller size.
 */
export function shrinkProblem(
  now: DiskAsked,
  before: DiskAsked | undefined,
  message: ShrinkMessage,
): LookupFailure | undefined {
  const from = before && askedSize(before.size, before.offering);
  const to = askedSize(now.size, now.offering);
  if (from === undefined || to === undefined || to >= from) return undefined;
  if (typeof now.size === "number" || !now.offering) return { property: "size", reason: message(from, to) };
  return {
    property: "diskOfferingId",
    reason: message(from, to, fixedOffering(now.diskOfferingId, now.offering)),
  };
}

/**
 * The size an update's resize asks for (`want`: the checked inputs; `offeringChanged`: whether the offering is
 * part of it), in GB: the size given, else the new offering's when it is fixed (read from the catalogue), with
 * that offering as ShrinkMessage words it. Undefined when the resize names no size.
 */
export async function resizedTo(
  s: Session,
  want: { size?: number; diskOfferingId?: string },
  offeringChanged: boolean,
): Promise<{ size: number; offering?: string } | undefined> {
  if (want.size !== undefined) return { size: want.size };
  if (!offeringChanged || !want.diskOfferingId) return undefined;
  const rows = await s.client.catalogue.diskOfferings({ region: s.region });
  const row = rows.find((o) => o.id === want.diskOfferingId);
  const size = askedSize(undefined, row);
  return row && size !== undefined ? { size, offering: fixedOffering(row.id, row) } : undefined;
}
