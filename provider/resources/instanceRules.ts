// cim:Instance — input rules (check) and change rules (diff). Pure: no Pulumi, no client.

import { createHash } from "node:crypto";
import { z } from "zod";
import {
  adoptId,
  bool,
  type Checked,
  checkFields,
  type Inputs,
  id,
  optionalId,
  region,
  tags,
  text,
  timeouts,
  whenKnown,
} from "./shared/check";
import { commonRules, type DiffDecision, diffFields, type FieldRules } from "./shared/diff";
import { parseIpv4 } from "./shared/net";
import type { TimeoutsInput } from "./shared/timeouts";
import { containsUnknown, sameList, sameTags, sameValue, type TagMap } from "./shared/values";

export type PowerState = "running" | "stopped";

export interface FixedAddress {
  networkId: string;
  ipAddress: string;
}

/** Checked inputs. */
export interface InstanceInputs {
  region?: string;
  zoneId: string;
  serviceOfferingId: string;
  templateId?: string;
  imageType?: "template" | "iso";
  isoId?: string;
  diskOfferingId?: string;
  rootDiskSize?: number;
  name?: string;
  displayName?: string;
  networkIds?: string[];
  ipToNetworkList?: FixedAddress[];
  userData?: string;
  sshKeyNames?: string[];
  allowPasswordSsh?: boolean;
  disableRootCompletely?: boolean;
  hypervisor?: string;
  powerState?: PowerState;
  haEnabled?: boolean;
  deleteProtection?: boolean;
  tags?: TagMap;
  timeouts?: TimeoutsInput;
  adoptId?: string;
}

/** A host name: 1–63 letters, digits and hyphens, starting with a letter, not ending with a hyphen. */
export const HOST_NAME = /^[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** userData without the line breaks and spaces base64 text may carry: what is compared and sent. */
export function normaliseUserData(v: string): string {
  return v.replace(/\s+/g, "");
}

/**
 * What state records of userData: the sha256 (hex) of the normalised base64 payload, never the payload. The
 * API never returns userData, and the engine logs a provider's outputs at verbosity 9 and sends them back to
 * the program, so outputs carry this digest (`userDataHash`) and diff compares digests.
 */
export function userDataDigest(v: string): string {
  return createHash("sha256").update(normaliseUserData(v)).digest("hex");
}

/**
 * The digest recorded in old outputs. State written by versions before the digest holds the payload itself
 * as `userData` (a secret); its digest is computed, so upgrading shows no change.
 */
export function recordedUserDataHash(olds: Record<string, unknown>): string | undefined {
  if (typeof olds.userData === "string") return userDataDigest(olds.userData);
  return typeof olds.userDataHash === "string" ? olds.userDataHash : undefined;
}

const fixedAddress = z.object(
  {
    networkId: id("the network the address is fixed on"),
    ipAddress: z
      .string({ error: "is required: the private IPv4 address to fix on that network" })
      .trim()
      .refine((s) => parseIpv4(s) !== undefined, "must be an IPv4 address such as 10.1.1.20"),
  },
  { error: "must be a list of { networkId, ipAddress }" },
);

export const instanceFields = {
  region,
  zoneId: id("the zone to deploy in; it must be a zone of the resource's region (GET /api/v1/zones)"),
  serviceOfferingId: id("the compute offering (vCPU and memory), from GET /api/v1/offerings/compute"),
  templateId: optionalId("the template to boot from, from GET /api/v1/templates"),
  imageType: z
    .enum(["template", "iso"], {
      error:
        'must be "template" (the default) or "iso"; the API\'s volume and snapshot image types take inputs the spec does not show',
    })
    .optional(),
  isoId: optionalId("the ISO to boot from (imageType iso)"),
  diskOfferingId: optionalId("the root disk offering (imageType iso: an ISO carries no disk)"),
  rootDiskSize: z
    .number({ error: "must be a whole number of GB" })
    .int("must be a whole number of GB")
    .min(1, "must be at least 1 GB")
    .optional(),
  name: z
    .string({ error: "must be a string" })
    .trim()
    .regex(
      HOST_NAME,
      "must be a host name: 1-63 letters, digits and hyphens, starting with a letter and not ending with a hyphen (it must also be unique in the region)",
    )
    .optional(),
  displayName: text("a free-form listing label").optional(),
  networkIds: z
    .array(id("a network id"), { error: "must be a list of network ids" })
    .min(1, "must name at least one network when given (leave it out for the zone's default network)")
    .refine((a) => new Set(a).size === a.length, "must not name a network twice")
    .optional(),
  ipToNetworkList: z
    .array(fixedAddress, { error: "must be a list of { networkId, ipAddress }" })
    .refine(
      (a) => new Set(a.map((f) => f.networkId)).size === a.length,
      "must fix at most one address per network",
    )
    .optional(),
  userData: z
    .string({ error: "must be a string: base64-encoded cloud-init" })
    .transform(normaliseUserData)
    .refine((s) => BASE64.test(s) && s.length % 4 === 0, "must be base64-encoded (cloud-init payload)")
    .refine((s) => s.length > 0, "must not be empty (leave it out instead)")
    .optional(),
  sshKeyNames: z
    .array(text("an SSH key pair name"), { error: "must be a list of SSH key pair names" })
    .max(1, "may name one SSH key pair only: the API uses only the first name")
    .optional(),
  allowPasswordSsh: bool("enables SSH password authentication in the generated cloud-init"),
  disableRootCompletely: bool("disables root SSH login in the generated cloud-init"),
  hypervisor: text("overrides the hypervisor chosen for the deployment", 64).optional(),
  powerState: z
    .enum(["running", "stopped"], { error: 'must be "running" (the default) or "stopped"' })
    .optional(),
  haEnabled: bool("high availability"),
  deleteProtection: bool("refuse deletion while true"),
  tags,
  timeouts,
  adoptId,
};

/** Field rules and cross-field rules of the spec's create-instance table. */
export function checkInstance(news: Inputs): Checked<InstanceInputs> {
  const { values, failures } = checkFields(instanceFields, news, { secret: ["userData"] });
  const fail = (property: string, reason: string) => failures.push({ property, reason });
  whenKnown(values, ["imageType", "templateId", "isoId", "diskOfferingId"], () => {
    if (values.imageType === "iso") {
      if (values.isoId === undefined) fail("isoId", 'isoId is required when imageType is "iso"');
      if (values.diskOfferingId === undefined) {
        fail("diskOfferingId", 'diskOfferingId is required when imageType is "iso": an ISO carries no disk');
      }
    } else {
      if (values.templateId === undefined) {
        fail("templateId", 'templateId is required (or set imageType "iso" with isoId and diskOfferingId)');
      }
      if (values.isoId !== undefined) fail("isoId", 'isoId is only used with imageType "iso"');
    }
  });
  whenKnown(values, ["networkIds", "ipToNetworkList"], () => {
    const nets = values.networkIds as string[] | undefined;
    const fixed = (values.ipToNetworkList as FixedAddress[] | undefined) ?? [];
    if (!nets) return;
    for (const f of fixed) {
      if (!nets.includes(f.networkId)) {
        fail(
          "ipToNetworkList",
          `ipToNetworkList names network ${f.networkId}, which is not among networkIds`,
        );
      }
    }
  });
  return { inputs: values as unknown as InstanceInputs, failures };
}

/** A template's minimum root disk, when the lookup found it. */
export function rootDiskProblem(
  rootDiskSize: number | undefined,
  template: { name?: string; minRootDiskSizeGb?: number } | undefined,
): string | undefined {
  const min = template?.minRootDiskSizeGb;
  if (rootDiskSize === undefined || min === undefined || rootDiskSize >= min) return undefined;
  const which = template?.name ? `template ${template.name}` : "template";
  return `rootDiskSize ${rootDiskSize} GB is smaller than the ${min} GB the ${which} requires (the root disk cannot be smaller than the template needs)`;
}

// ------------------------------------------------------------------------------------------------ diff

/** The program's power state from the API's instance state. */
export function powerStateOf(state: string | undefined): PowerState | "error" | undefined {
  switch (state) {
    case "Running":
    case "Starting":
    case "Rebooting":
      return "running";
    case "Stopped":
    case "Stopping":
    case "Creating":
      return "stopped";
    case "Error":
      return "error";
    default:
      return undefined;
  }
}

const sortFixed = (v: unknown) =>
  [...((v as FixedAddress[] | undefined) ?? [])].sort((a, b) => a.networkId.localeCompare(b.networkId));

const isIso = (news: Record<string, unknown>) => news.imageType === "iso";

export const instanceRules: FieldRules = {
  ...commonRules,
  zoneId: { change: "replace" },
  imageType: { change: "replace", unset: () => "template", old: (o) => o.imageType ?? "template" },
  templateId: { change: "replace", when: (n) => !isIso(n) },
  isoId: { change: "replace", when: isIso },
  diskOfferingId: { change: "replace", when: isIso },
  rootDiskSize: { change: "replace" },
  networkIds: { change: "replace", same: (a, b) => sameList(a as string[], b as string[]) },
  ipToNetworkList: {
    change: "replace",
    unset: () => [],
    same: (a, b) => sameValue(sortFixed(a), sortFixed(b)),
  },
  // Compared by digest: outputs record userDataHash, not the payload (see userDataDigest).
  userData: {
    change: "replace",
    old: recordedUserDataHash,
    same: (a, b) => typeof b === "string" && userDataDigest(String(a)) === b,
  },
  sshKeyNames: { change: "replace", same: (a, b) => sameList(a as string[], (b as string[]) ?? []) },
  allowPasswordSsh: { change: "replace" },
  disableRootCompletely: { change: "replace" },
  hypervisor: {
    change: "replace",
    same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase(),
  },
  serviceOfferingId: { change: "update" },
  name: { change: "update", same: (a, b) => String(a).toLowerCase() === String(b ?? "").toLowerCase() },
  displayName: { change: "update" },
  haEnabled: { change: "update", unset: () => false, same: (a, b) => a === (b ?? false) },
  deleteProtection: { change: "update", unset: () => false, same: (a, b) => a === (b ?? false) },
  powerState: { change: "update", unset: () => "running" },
  tags: { change: "update", unset: () => ({}), same: (a, b) => sameTags(a as TagMap, b as TagMap) },
};

/** olds: the old OUTPUTS; news: the checked inputs. */
export function diffInstance(olds: Record<string, unknown>, news: Record<string, unknown>): DiffDecision {
  const { changed, replaces } = diffFields(instanceRules, olds, news);
  // A deploy that failed leaves an instance in state Error that can neither start nor be repaired: replace it.
  if (olds.state === "Error") replaces.push("state");
  const replacing = replaces.length > 0;
  return {
    changes: changed.length > 0 || replacing,
    replaces,
    deleteBeforeReplace: replacing && instanceWouldCollide(olds, news),
    updates: replacing ? [] : changed,
  };
}

/** The replacement would take the same unique name or the same fixed address as the instance it replaces. */
export function instanceWouldCollide(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  if (olds.region !== undefined && news.region !== undefined && olds.region !== news.region) return false;
  const name = news.name;
  if (
    typeof name === "string" &&
    (containsUnknown(name) || name.toLowerCase() === String(olds.name ?? "").toLowerCase())
  ) {
    return true;
  }
  const oldFixed = new Set(sortFixed(olds.ipToNetworkList).map((f) => `${f.networkId}/${f.ipAddress}`));
  return sortFixed(news.ipToNetworkList).some(
    (f) => containsUnknown(f) || oldFixed.has(`${f.networkId}/${f.ipAddress}`),
  );
}
