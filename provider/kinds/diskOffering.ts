// The size rule of a disk offering, one rule for every kind that makes a disk from one (a volume, a shared file
// system's data disk, an ISO instance's root disk): a customized offering has no size of its own, so the create
// must name one; a fixed offering decides the size itself. Judged at preview on the offering's catalogue row
// (the field's lookup), so the create never meets the platform's refusal.

import { z } from "zod";

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
