// cim:Volume — input rules (check) and change rules (diff). Pure: no Pulumi, no client.

import { z } from "zod";
import {
  adoptId,
  type Checked,
  checkFields,
  type Inputs,
  id,
  optionalId,
  region,
  requiredUnlessAdopting,
  tags,
  text,
  timeouts,
} from "./shared/check";
import { commonRules, type DiffDecision, diffFields, type FieldRules } from "./shared/diff";
import type { TimeoutsInput } from "./shared/timeouts";
import { containsUnknown, sameTags, type TagMap } from "./shared/values";

export interface VolumeInputs {
  region?: string;
  name?: string;
  zoneId: string;
  diskOfferingId: string;
  size?: number;
  instanceId?: string;
  tags?: TagMap;
  timeouts?: TimeoutsInput;
  adoptId?: string;
}

export const volumeFields = {
  region,
  name: text("the volume's name (the SDK defaults it to the resource name)").optional(),
  zoneId: id("the zone of the volume; an instance it attaches to must be in the same zone"),
  diskOfferingId: id("the disk offering, from GET /api/v1/offerings/disk"),
  size: z
    .number({ error: "must be a whole number of GB" })
    .int("must be a whole number of GB")
    .min(1, "must be at least 1 GB")
    .optional(),
  instanceId: optionalId("the instance to attach the volume to; leave it out to keep the volume detached"),
  tags,
  timeouts,
  adoptId,
};

/** `olds` are the old inputs (check sees inputs, not outputs). */
export function checkVolume(olds: Inputs, news: Inputs): Checked<VolumeInputs> {
  const { values, failures } = checkFields(volumeFields, news);
  requiredUnlessAdopting(values, failures, "name", "the volume's name");
  const before = olds?.size;
  const after = values.size;
  if (typeof before === "number" && typeof after === "number" && after < before) {
    failures.push({ property: "size", reason: shrinkMessage(before, after) });
  }
  return { inputs: values as unknown as VolumeInputs, failures };
}

export function shrinkMessage(from: number, to: number): string {
  return `size cannot shrink (${from} GB → ${to} GB): volumes only grow. To start over with a smaller volume, replace it (pulumi up --replace <urn>) after saving its data`;
}

/** A disk offering of fixed size decides the size; the size input must then agree with it. */
export function sizeProblem(
  size: number | undefined,
  offering: { name?: string; diskSizeGb?: number; customized?: boolean } | undefined,
): string | undefined {
  if (size === undefined || !offering || offering.customized !== false || offering.diskSizeGb === undefined) {
    return undefined;
  }
  if (size === offering.diskSizeGb) return undefined;
  return `size ${size} GB does not match disk offering ${offering.name ?? ""} (a fixed ${offering.diskSizeGb} GB); leave size out or pick a customized offering`;
}

export const volumeRules: FieldRules = {
  ...commonRules,
  name: { change: "replace" },
  zoneId: { change: "replace" },
  diskOfferingId: { change: "update" },
  size: { change: "update" },
  instanceId: { change: "update", unset: () => null, same: (a, b) => (a ?? null) === (b ?? null) },
  tags: { change: "update", unset: () => ({}), same: (a, b) => sameTags(a as TagMap, b as TagMap) },
};

export function diffVolume(olds: Record<string, unknown>, news: Record<string, unknown>): DiffDecision {
  const { changed, replaces } = diffFields(volumeRules, olds, news);
  const from = olds.size;
  const to = news.size;
  if (
    !replaces.length &&
    typeof from === "number" &&
    typeof to === "number" &&
    !containsUnknown(to) &&
    to < from
  ) {
    throw new Error(`cim:Volume ${String(olds.name ?? "")}: ${shrinkMessage(from, to)}.`);
  }
  if (olds.state === "Error") replaces.push("state");
  const replacing = replaces.length > 0;
  return {
    changes: changed.length > 0 || replacing,
    replaces,
    // A volume attached to an instance must be detached before the old one can go; names need not be unique.
    deleteBeforeReplace: false,
    updates: replacing ? [] : changed,
  };
}
