// cim.Instance: deployed by a job; names and flags changed by a synchronous PUT, the offering by scale (stop,
// scale, start when the platform refuses a running scale, at once or in a failed job), the power state by
// start/stop; refused deletion while deleteProtection is on; Destroyed (not yet expunged) counts as gone.
// userData is a secret input that outputs keep only as its digest. Preview judges what the deploy would refuse
// on live records: networks of another zone, a host name another instance has.

import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  ConflictError,
  type Instance,
  JobFailedError,
  type UpdateInstanceInput,
  type Volume,
} from "../../client";
import {
  atLeastSnapshot,
  catalogueField,
  commonFields,
  field,
  fromSnapshotTaken,
  output,
  sourceInZone,
  tags,
  word,
  zoneField,
} from "../../kinds/common";
import { defineKind, desiredValue, type Recorded, type Requirement } from "../../kinds/define";
import { diskSizeProblem } from "../../kinds/diskOffering";
import { examples, exported, outputOf, templateInstance } from "../../kinds/examples";
import { bool, id, optionalId, text, whenKnown } from "../../lifecycle/check";
import { currentResource, engineWarning } from "../../lifecycle/engineLog";
import { describe, ResourceError } from "../../lifecycle/errors";
import { parseIpv4 } from "../../lifecycle/net";
import { leftHolding } from "../../lifecycle/passingRefusal";
import { waitFor } from "../../lifecycle/session";
import { containsUnknown, sameList, sameValue } from "../../lifecycle/values";
import { mustBeAGroup } from "../instanceGroups/instanceGroup";
import { heldBySnapshots, snapshotsOf } from "../snapshots/snapshotsHold";
import {
  BASE64,
  type FixedAddress,
  fixedAddressRules,
  fixedAsShown,
  HOST_NAME,
  imageNotReady,
  imageUnusable,
  inInstanceZone,
  instanceWouldCollide,
  liveNetworks,
  longUserData,
  nameHeld,
  normaliseUserData,
  offeringChangeStops,
  powerStateOf,
  recordedUserDataHash,
  refusedWhileRunning,
  rootDiskProblem,
  rootVolumeReplaced,
  sortFixed,
  USER_DATA_CEILING,
  USER_DATA_MAX_LENGTH,
  uniqueFixedAddresses,
  uniqueHostName,
  userDataDigest,
} from "./instanceRules";

const isIso = (rec: Record<string, unknown>) => rec.imageType === "iso";
const isTemplate = (rec: Record<string, unknown>) => !isIso(rec);
const sameName = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b ?? "").toLowerCase();
/** Flags the platform's update sets in place; a left-out one is false (the platform's default). */
const haEnabled = field(bool("high availability"), {
  doc: "High availability.",
  change: "update",
  default: false,
  live: (v: Instance) => v.haEnabled,
  present: true,
});
const deleteProtection = field(bool("refuse deletion while true"), {
  doc: "While true the API refuses to delete the instance.",
  change: "update",
  default: false,
  live: (v: Instance) => v.deleteProtection,
  present: true,
});

const fixedAddress = z
  .object(
    {
      networkId: id("the network the address is fixed on").describe(
        "The id of the network the address is fixed on (a `cim.Network`'s id, one of `networkIds` when given).",
      ),
      ipAddress: z
        .string({ error: "is required: the private IPv4 address to fix on that network" })
        .trim()
        .refine((s) => parseIpv4(s) !== undefined, "must be an IPv4 address such as 10.1.1.20")
        .describe("The private IPv4 address the instance gets on that network, e.g. `10.1.1.20`."),
    },
    { error: "must be a list of { networkId, ipAddress }" },
  )
  .describe("A private address fixed for the instance on one of its networks.");

const detail = (v: Instance, key: string) => (v.details as Record<string, unknown> | undefined)?.[key];
/** The platform refused a running scale: a synchronous 409, or a failed job saying it cannot scale live. */
const cannotScaleRunning = (err: unknown) =>
  err instanceof ConflictError || (err instanceof JobFailedError && refusedWhileRunning(err.detail));

const rootDisk = (v: Instance) => {
  const n = Number(detail(v, "rootDiskSize"));
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** A host name for an instance the program leaves unnamed, unique enough to tie a lost deploy to its job. */
/**
 * The networks an instance is on: its record's, when the API shows them, else those its inputs named (networkIds,
 * or the networks of its fixed addresses).
 */
function networksOf(rec: Recorded, live?: Instance): string[] {
  const fromLive = live && liveNetworks(live);
  if (fromLive) return fromLive;
  const named = Array.isArray(rec.networkIds) ? (rec.networkIds as string[]) : [];
  const fixed = Array.isArray(rec.ipToNetworkList)
    ? (rec.ipToNetworkList as { networkId?: string }[]).map((f) => f.networkId ?? "")
    : [];
  return [...new Set([...named, ...fixed].filter(Boolean))];
}

export const generatedHostName = () => `vm-${randomUUID().replaceAll("-", "").slice(0, 12)}`;

/**
 * The volume a deploy with imageType volume takes for its root disk is a data volume no instance holds (the deploy
 * refuses an attached one, "is attached to an instance", and a root disk, "Please specify a data volume"). Judged
 * on a volume the program names by its id: attachments move in an up, so one taken from an output is the API's.
 */
/**
 * An ISO registered as not bootable cannot be installed from (deployVirtualMachine: "Installing from ISO requires
 * an ISO that is bootable"), judged on an ISO the same run registers, by its `bootable` input. A registered ISO's
 * catalogue row is judged by the field's lookup (imageUnusable), so this rule has neither `stable` nor `changesWith`.
 */
const bootableIso: Requirement = {
  holds: (iso) => (iso as { bootable?: unknown }).bootable !== false,
  planned: ["bootable"],
  reason:
    "is registered with bootable: false: the platform installs an instance only from a bootable ISO. Register the ISO with bootable: true, or boot from another",
};

/**
 * An image the same run registers lies in the zone it is registered in, and the platform deploys from it only there
 * ("Template … is not available in zone …"): judged on its inputs. A registered image is judged on its catalogue row
 * (instanceRules.ts: imageUnusable), so not here.
 */
const registeredInZone = (what: string): Requirement => ({
  ...sourceInZone("instance", what),
  stable: false,
  plannedOnly: true,
});

const detachedDataVolume: Requirement = {
  holds: (v) => (v as Volume).type !== "ROOT" && !(v as Volume).virtualMachineId,
  reason: (v) =>
    (v as Volume).type === "ROOT"
      ? `is the root disk of instance ${String((v as Volume).virtualMachineId ?? "")}: only a data volume becomes another instance's root disk`
      : `is attached to instance ${String((v as Volume).virtualMachineId)}: a volume becomes a root disk only detached. Detach it first (leave out its instanceId) in an up of its own`,
};

/** What a volume snapshot the root disk is made from must be: in the instance's zone, no larger than the disk. */
const rootFromSnapshot = [sourceInZone("instance", "a volume snapshot"), atLeastSnapshot("rootDiskSize")];
const rootFromSnapshotTaken = fromSnapshotTaken(rootFromSnapshot);

export const instance = defineKind({
  name: "Instance",
  noun: "instance",
  summary: "A compute instance (virtual machine).",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "vpc", "tier"],
    [
      templateInstance(
        "web",
        { networkIds: [outputOf("tier.id")], displayName: "web", tags: { env: "prod", role: "web" } },
        { as: "web" },
      ),
      exported("address", "web.ipAddress"),
    ],
  ),
  createVerb: "deploy",
  tags: "instance",
  quota: { limit: "instanceLimit", count: "instanceCount" },
  // Every deploy makes a ROOT volume, which counts against the volume allowance (CloudStack checks both).
  // its root disk is a new volume, unless a volume of the account becomes it (imageType volume)
  alsoUses: [
    {
      quota: { limit: "volumeLimit", count: "volumeCount" },
      noun: "volume",
      count: 1,
      why: "the root disk of each new instance is one",
      when: (i) => i.imageType !== "volume",
    },
  ],
  // CloudStack's VirtualMachine.State: the transitional states are busy; a destroyed instance waiting to be
  // expunged is gone (a destroy in progress shows Stopping, then Destroyed).
  states: {
    busy: ["Starting", "Stopping", "Migrating"],
    gone: ["Destroyed", "Expunging"],
    failed: "Error",
  },
  fields: {
    region: commonFields.region,
    zoneId: zoneField(
      "Zone to deploy in (a zone of the region).",
      id("the zone to deploy in; it must be a zone of the resource's region (GET /api/v1/zones)"),
    ),
    templateId: field(optionalId("the template to boot from, from GET /api/v1/templates"), {
      doc: 'Template to boot from (required unless `imageType` is `"iso"`). The API requires it for an ISO too and ignores it then: left out, the provider sends the `isoId` in it.',
      change: "replace",
      when: isTemplate,
      live: true,
      output: (v: Instance, rec: Recorded) =>
        isIso(rec)
          ? (rec.templateId as string | undefined)
          : ((rec.templateId as string | undefined) ?? v.templateId),
      lookup: { catalogue: "templates", what: "a template", judges: ["rootDiskSize"] },
      ref: { kind: "Template", requires: registeredInZone("a template") },
    }),
    imageType: field(
      word(
        ["template", "iso", "volume", "snapshot"],
        '"template" (the default), "iso", "volume" or "snapshot"',
      ).optional(),
      {
        doc: '`"template"`, `"iso"`, `"volume"` (a detached volume becomes the root disk) or `"snapshot"` (the root disk is made from a volume snapshot).',
        change: "replace",
        default: "template",
        present: true,
      },
    ),
    volumeId: field(optionalId("the detached volume that becomes the root disk (imageType volume)"), {
      doc: 'With `imageType: "volume"`: a detached data volume of the zone that becomes the instance\'s root disk and goes with the instance (so a change that replaces the instance and boots it from the same volume again is refused at preview, saying how to keep the disk through a snapshot).',
      change: "replace",
      when: (rec) => rec.imageType === "volume",
      live: (v: Instance) => (v as Record<string, unknown>).volumeId,
      ref: {
        kind: "Volume",
        mustExist: true,
        requires: [sourceInZone("instance", "a volume"), detachedDataVolume],
      },
    }),
    snapshotId: field(optionalId("the volume snapshot the root disk is made from (imageType snapshot)"), {
      doc: 'With `imageType: "snapshot"`: a BackedUp volume snapshot the root disk is made from.',
      change: "replace",
      when: (rec) => rec.imageType === "snapshot",
      live: (v: Instance) => (v as Record<string, unknown>).snapshotId,
      ref: {
        kind: "VolumeSnapshot",
        mustExist: true,
        requires: rootFromSnapshot,
      },
    }),
    isoId: field(optionalId("the ISO to boot from (imageType iso)"), {
      doc: 'ISO to boot from; required with `imageType: "iso"`.',
      change: "replace",
      when: isIso,
      live: (v: Instance) => (v as Record<string, unknown>).isoId ?? v.templateId,
      lookup: { catalogue: "isos", what: "an ISO" },
      // a registered ISO's row is judged by imageUnusable (lookups); one the same run registers, on its inputs
      ref: { kind: "Iso", requires: [bootableIso, registeredInZone("an ISO")] },
    }),
    diskOfferingId: field(optionalId("the root disk offering (imageType iso: an ISO carries no disk)"), {
      doc: 'Root disk offering; required with `imageType: "iso"` (an ISO carries no disk).',
      change: "replace",
      when: isIso,
      lookup: { catalogue: "diskOfferings", what: "a disk offering", judges: ["rootDiskSize"] },
    }),
    serviceOfferingId: {
      doc: "Compute offering (vCPU and memory). On a running instance the platform cannot scale live (not dynamically scalable), a change stops it, scales it and starts it again, and preview warns that it will be down meanwhile.",
      changeNote: "scale",
      ...catalogueField(
        id("the compute offering (vCPU and memory), from GET /api/v1/offerings/compute"),
        "update",
        "computeOfferings",
        "a compute offering",
      ),
    },
    rootDiskSize: field(
      z
        .number({ error: "must be a whole number of GB" })
        .int("must be a whole number of GB")
        .min(1, "must be at least 1 GB")
        .optional(),
      {
        doc: "Root disk size in GB; not smaller than the template requires. Default: the template's size.",
        change: "replace",
        live: rootDisk,
        present: true,
      },
    ),
    name: field(
      z
        .string({ error: "must be a string" })
        .trim()
        .regex(
          HOST_NAME,
          "must be a host name: 1-63 letters, digits and hyphens, starting with a letter and not ending with a hyphen (it must also be unique in the region)",
        )
        .optional(),
      {
        doc: "Internal host name: 1–63 letters, digits and hyphens, starting with a letter, unique in the region. Left out, the provider makes one at each create (`vm-` and 12 random hex digits; a replacement gets a new one).",
        changeNote: "renamed; a replacement with the same name deletes first",
        change: "update",
        same: sameName,
        live: true,
        present: true,
      },
    ),
    displayName: field(text("a free-form listing label").optional(), {
      doc: "Free-form listing label (need not be unique). Left out, the platform labels the instance with its host name at create, and the program has no opinion of it after: a label changed outside Pulumi stays (a refresh shows it in the outputs); give `displayName` to keep it.",
      change: "update",
      live: true,
      present: true,
      // the platform's default label is the host name
      stateDefault: { sameAs: "name" },
    }),
    networkIds: field(
      z
        .array(id("a network id"), { error: "must be a list of network ids" })
        .min(1, "must name at least one network when given (leave it out for the zone's default network)")
        .refine((a) => new Set(a).size === a.length, "must not name a network twice")
        .optional(),
      {
        doc: "Networks in order; the first is the default interface. Default: the zone's default network.",
        change: "replace",
        same: (a, b) => sameList(a as string[], b as string[]),
        live: liveNetworks,
        ref: { kind: "Network", mustExist: true, requires: inInstanceZone },
        present: true,
      },
    ),
    ipToNetworkList: field(
      z
        .array(fixedAddress, { error: "must be a list of { networkId, ipAddress }" })
        .refine(
          (a) => new Set(a.map((f) => f.networkId)).size === a.length,
          "must fix at most one address per network",
        )
        .optional(),
      {
        doc: "Fixed private addresses, at most one per network; each network must be one of `networkIds` when those are given (without them the instance is on these networks, in this order). The provider names the networks to the API through this list alone, in `networkIds` order, and checks after the deploy that the default interface (and every interface the API lists) has the address asked: one not applied fails the deploy, the instance kept in state as failed with the address it got, so the next up replaces it.",
        changeNote: "deleting first when an address is kept",
        change: "replace",
        unset: () => [],
        same: (a, b) => sameValue(sortFixed(a), sortFixed(b)),
        // what the deploy's check compares (the API answers 2xx for a body it did not apply in full)
        live: fixedAsShown,
      },
    ),
    userData: field(
      z
        .string({ error: "must be a string: base64-encoded cloud-init" })
        .transform(normaliseUserData)
        .refine((s) => BASE64.test(s) && s.length % 4 === 0, "must be base64-encoded (cloud-init payload)")
        .refine((s) => s.length > 0, "must not be empty (leave it out instead)")
        .refine((s) => s.length < USER_DATA_CEILING, {
          error: (iss) =>
            `must be under ${USER_DATA_CEILING.toLocaleString("en")} characters of base64, the most the platform takes in a request (its own limit, vm.userdata.max.length, is ${USER_DATA_MAX_LENGTH.toLocaleString("en")} unless raised); this is ${String(iss.input).length.toLocaleString("en")}: gzip the cloud-init payload before encoding it (cloud-init reads it compressed)`,
        })
        .optional(),
      {
        doc: `base64-encoded cloud-init payload, at most ${USER_DATA_MAX_LENGTH.toLocaleString("en")} characters by the platform's default \`vm.userdata.max.length\` (preview warns above it, and refuses ${USER_DATA_CEILING.toLocaleString("en")} or more, which no platform takes; a gzip-compressed payload fits more). A secret input; outputs keep only its digest (\`userDataHash\`), never the payload.`,
        change: "replace",
        secret: true,
        // Compared by digest: outputs record userDataHash, not the payload.
        old: recordedUserDataHash,
        same: (a, b) => typeof b === "string" && userDataDigest(String(a)) === b,
      },
    ),
    sshKeyNames: field(
      z
        .array(text("an SSH key pair name"), { error: "must be a list of SSH key pair names" })
        .max(1, "may name one SSH key pair only: the API uses only the first name")
        .optional(),
      {
        doc: "One SSH key pair, by name (the API uses only the first): a `cim.SshKeyPair`'s `name`, or a key pair registered in the region. The platform copies its public key into the instance at deploy: a key pair registered again under the same name with another key (a rotation) leaves the instance as it is, with the old key.",
        change: "replace",
        changeNote: "the API cannot give an instance another key",
        same: (a, b) => sameList(a as string[], (b as string[]) ?? []),
        // the key pair the instance got, when the API says (the emulator's `keyPair`; not in the spec)
        live: (v: Instance) => {
          const k = (v as Record<string, unknown>).keyPair;
          return typeof k === "string" && k !== "" ? [k] : undefined;
        },
        ref: { kind: "SshKeyPair", by: "name", mustExist: true },
      },
    ),
    allowPasswordSsh: field(bool("enables SSH password authentication in the generated cloud-init"), {
      doc: "Enable SSH password authentication in the generated cloud-init.",
      change: "replace",
    }),
    disableRootCompletely: field(bool("disables root SSH login in the generated cloud-init"), {
      doc: "Disable root SSH login in the generated cloud-init.",
      change: "replace",
    }),
    hypervisor: field(text("overrides the hypervisor chosen for the deployment", 64).optional(), {
      doc: "Overrides the hypervisor chosen for the deployment.",
      change: "replace",
      same: sameName,
      live: true,
      present: true,
      // CloudStack's most common hypervisor
      stateDefault: { value: "KVM" },
    }),
    powerState: field(word(["running", "stopped"], '"running" (the default) or "stopped"').optional(), {
      doc: 'Desired power state, `"running"` or `"stopped"`; enforced with start/stop. Output: also `"error"`.',
      change: "update",
      default: "running",
      live: (v: Instance) => powerStateOf(v.state) ?? v.state,
      output: (v: Instance, rec: Recorded) => (powerStateOf(v.state) ?? v.state ?? rec.powerState) as string,
      // running, stopped, error, or the API's state when it says nothing about power (e.g. Migrating)
      shown: z.string(),
      present: true,
    }),
    haEnabled,
    deleteProtection,
    expunge: field(bool("expunge the instance at once when it is deleted (default true)"), {
      docDefault: "`true`",
      doc: "Whether deleting the instance expunges it at once (default true): as the delete ends its addresses, name and place on its networks are free, so `pulumi destroy` can delete its networks right after. `false` keeps the platform's recovery window: the instance stays Destroyed (an administrator can recover it) until the platform's expunge delay passes (CloudStack's `expunge.delay`, a day by default), and until then a network it was on cannot be deleted (the platform fails the network's delete without a reason; a `pulumi destroy` that deletes both waits for the expunge, up to the network's `timeouts.delete`, saying so) and no new instance can take its host name (the deploy's error names it and how to expunge it at once).",
      changeNote: "it is recorded for the delete: run `pulumi up` before the destroy it should apply to",
      change: "state",
      unset: () => undefined,
      same: (a, b) => (a ?? true) === (b ?? true),
    }),
    backupOfferingId: field(optionalId("the backup offering, from GET /api/v1/offerings/backup"), {
      doc: "Backup offering (a backup offering of the instance's zone: `cim.getBackupOffering`), which backups and backup schedules need. Left out, the instance keeps whatever offering it has (removal deletes schedules, so it is never done for a field the program does not set).",
      changeNote: "a change makes the platform delete the instance's backup schedules",
      change: "update",
      same: (a, b) => (a || "") === (b || ""),
      live: (v: Instance) => v.backupOfferingId,
      output: (v: Instance, rec: Recorded) =>
        v.backupOfferingId === undefined
          ? (rec.backupOfferingId as string | undefined)
          : v.backupOfferingId || undefined,
      lookup: { catalogue: "backupOfferings", what: "a backup offering" },
    }),
    group: field(text("an instance group's name (a cim.InstanceGroup's name output)").optional(), {
      doc: "The instance group it is in, by name: a `cim.InstanceGroup`'s `name`, or a group of the region. Left out, it stays in whatever group it is in: the platform takes an instance out of a group only when the group is deleted.",
      changeNote: "the platform's update `group`; one group at most, so it leaves any other",
      change: "update",
      live: (v: Instance) => (v.group === undefined ? undefined : v.group || null),
      ref: { kind: "InstanceGroup", by: "name", mustExist: true },
    }),
    tags: {
      doc: "Tags; the program's map is authoritative (tags added elsewhere are removed on the next update).",
      ...tags,
    },
    timeouts: commonFields.timeouts,
    adoptId: commonFields.adoptId,
  },
  // Outputs keep what programs wire and watch. What the platform derives (zone, template and offering names,
  // vCPU, memory, OS), account bookkeeping and lastUpdated are read with cim.getInstance instead: every output
  // is a property the engine writes into each checkpoint, so state per instance sets the cost of large stacks,
  // and lastUpdated would show as drift on every refresh.
  outputs: {
    userDataHash: {
      doc: "sha256 (hex) of the normalised base64 `userData`, what state records of it (the payload is never an output: the API does not return it, and the engine logs outputs). Secret. Absent without `userData`.",
      schema: z.string().optional(),
      from: (_v, rec) => recordedUserDataHash(rec),
      secret: true,
      onlyWith: "userData",
    },
    state: {
      ...output("The API's instance state (Running, Stopped, Starting, Error, …).", z.string()),
      follows: ["powerState"],
    },
    ipAddress: output("The default interface's private address.", z.string()),
    created: output("When it was created (the API's `created`, an ISO 8601 date-time).", z.string()),
  },
  rules(values, fail) {
    const long = longUserData(values);
    if (long) void engineWarning(long);
    whenKnown(values, ["imageType", "templateId", "isoId", "diskOfferingId"], () => {
      if (values.imageType === "iso") {
        if (values.isoId === undefined) fail("isoId", 'isoId is required when imageType is "iso"');
        if (values.diskOfferingId === undefined) {
          fail(
            "diskOfferingId",
            'diskOfferingId is required when imageType is "iso": an ISO carries no disk',
          );
        }
      } else {
        if (values.templateId === undefined) {
          fail("templateId", 'templateId is required (or set imageType "iso" with isoId and diskOfferingId)');
        }
        if (values.isoId !== undefined) fail("isoId", 'isoId is only used with imageType "iso"');
      }
    });
    whenKnown(values, ["imageType", "volumeId", "snapshotId", "rootDiskSize"], () => {
      const type = values.imageType ?? "template";
      if (type === "volume" && values.volumeId === undefined)
        fail(
          "volumeId",
          'volumeId is required when imageType is "volume": the volume that becomes the root disk',
        );
      if (type === "snapshot" && values.snapshotId === undefined)
        fail(
          "snapshotId",
          'snapshotId is required when imageType is "snapshot": the snapshot the root disk is made from',
        );
      if (type !== "volume" && values.volumeId !== undefined)
        fail("volumeId", 'volumeId is only used with imageType "volume"');
      if (type !== "snapshot" && values.snapshotId !== undefined)
        fail("snapshotId", 'snapshotId is only used with imageType "snapshot"');
      if (type === "volume" && values.rootDiskSize !== undefined)
        fail(
          "rootDiskSize",
          'rootDiskSize does not apply with imageType "volume": the volume is the root disk, as big as it is',
        );
    });
    whenKnown(values, ["networkIds", "ipToNetworkList"], () => {
      const nets = values.networkIds as string[] | undefined;
      const fixed = (values.ipToNetworkList as FixedAddress[] | undefined) ?? [];
      if (!nets) return;
      for (const f of fixed) {
        if (!nets.includes(f.networkId)) {
          fail(
            "ipToNetworkList",
            `ipToNetworkList names network ${f.networkId}, which is not among networkIds: the instance is put on networkIds alone, so add the network to networkIds (in the place its interface takes) or fix no address on it`,
          );
        }
      }
    });
  },
  lookups(i, rows) {
    const problem =
      isIso(i) || i.imageType === "volume" || i.imageType === "snapshot" || typeof i.rootDiskSize !== "number"
        ? undefined
        : rootDiskProblem(i.rootDiskSize, rows.templateId);
    const out = problem ? [{ property: "rootDiskSize", reason: problem }] : [];
    // an ISO's root disk is made from diskOfferingId, sized by it or by rootDiskSize (an adopted one has its size)
    const rootOffering =
      isIso(i) && !(i.rootDiskSize === undefined && i.adoptId) ? rows.diskOfferingId : undefined;
    const size = typeof i.rootDiskSize === "number" ? i.rootDiskSize : undefined;
    const custom = diskSizeProblem("rootDiskSize", size, rootOffering, "taken", "root disk offering");
    if (custom) out.push({ property: "rootDiskSize", reason: custom });
    for (const field of ["templateId", "isoId"] as const) {
      for (const reason of [imageUnusable(field, rows[field], i.zoneId), imageNotReady(field, rows[field])])
        if (reason) out.push({ property: field, reason });
    }
    const backup = rows.backupOfferingId;
    if (backup && typeof i.zoneId === "string" && backup.zoneId && backup.zoneId !== i.zoneId) {
      out.push({
        property: "backupOfferingId",
        reason: `backupOfferingId ${i.backupOfferingId} is a backup offering of zone ${String(backup.zoneName || backup.zoneId)}, not of the instance's zone ${i.zoneId}: backup offerings are per zone (cim.getBackupOffering({ name, zoneId }))`,
      });
    }
    return out;
  },
  exclusive: [uniqueHostName, uniqueFixedAddresses],
  // and a root disk from a snapshot the same run takes: the snapshot's zone and size are its volume's
  liveRules: async (i, read, live) => [
    ...(await fixedAddressRules(i, read)),
    ...(await rootFromSnapshotTaken(i, read, live)),
  ],
  deleteBeforeReplace: instanceWouldCollide,
  changeRefused: async (olds, news, replaces, { id, find }) => {
    if (replaces.length && olds.deleteProtection === true)
      return `${replaces.join(", ")} cannot change in place, so this change replaces the instance, which deletes it; but deleteProtection is on, so the API refuses to delete it: set deleteProtection: false in an up of its own first, then make this change`;
    const root = rootVolumeReplaced(olds, news, replaces);
    const offering = news.serviceOfferingId;
    if (root || replaces.length || offering === olds.serviceOfferingId || containsUnknown(offering))
      return root;
    // a new offering scales it in place, which the platform refuses while it has snapshots
    const held = await snapshotsOf(find, id);
    return held && `serviceOfferingId ${String(offering)}: ${heldBySnapshots(id, held, "scale")}`;
  },
  changeNotice: offeringChangeStops,
  adoptable: (v) =>
    v.state === "Error" ? "the instance is in state Error; delete it or adopt another." : undefined,
  api: {
    get: (s, id) => s.client.instances.get(id, { region: s.region }),
    fromJob: (s, job, id) => s.client.instances.fromJob(job, id),
    list: async (s) => (await s.client.instances.all({ region: s.region })).items,
    async create(s, i) {
      const iso = i.imageType === "iso";
      const created = await s.client.instances.create(
        {
          serviceOfferingId: i.serviceOfferingId,
          // required by the API, ignored for an ISO: the program's, else (an ISO) the client sends the isoId
          templateId: i.templateId,
          zoneId: i.zoneId,
          // Always named: a deploy whose answer is lost is then found by its name among the recent jobs, never
          // by time alone (another unnamed deploy of the same moment, of this stack or another, would match).
          name: i.name ?? generatedHostName(),
          displayName: i.displayName,
          networkIds: i.networkIds,
          startVm: (i.powerState ?? "running") === "running",
          userData: i.userData === undefined ? undefined : normaliseUserData(i.userData),
          hypervisor: i.hypervisor,
          allowPasswordSsh: i.allowPasswordSsh,
          disableRootCompletely: i.disableRootCompletely,
          isoId: iso ? i.isoId : undefined,
          diskOfferingId: iso ? i.diskOfferingId : undefined,
          rootDiskSize: i.rootDiskSize,
          imageType: i.imageType,
          volumeId: i.volumeId,
          snapshotId: i.snapshotId,
          sshKeyNames: i.sshKeyNames,
          // with fixed addresses the client names the networks through this list alone, in networkIds order
          ipToNetworkList: i.ipToNetworkList,
        },
        { region: s.region },
      );
      return { ...created, record: created.instance };
    },
    // a generated name is new: only a name the program gives can be held by a destroyed instance
    createRefused: (s, err, i) => (i.name ? nameHeld(s, err, i.name) : err),
    async apply(s, live, want, changed, op) {
      const o = { region: s.region };
      const id = live.id;
      // the platform makes a group of a name it does not know: never let a typo or another region's name do that
      if (changed.has("group") && want.group) await mustBeAGroup(s, want.group);
      const put: UpdateInstanceInput = {
        name: changed.has("name") ? want.name : undefined,
        displayName: changed.has("displayName") ? want.displayName : undefined,
        haEnabled: changed.has("haEnabled")
          ? (desiredValue(haEnabled, "haEnabled", want) as boolean)
          : undefined,
        deleteProtection: changed.has("deleteProtection")
          ? (desiredValue(deleteProtection, "deleteProtection", want) as boolean)
          : undefined,
        group: changed.has("group") ? want.group : undefined,
      };
      if (Object.values(put).some((v) => v !== undefined)) await s.client.instances.update(id, put, o);
      let state = live.state;
      if (changed.has("serviceOfferingId")) {
        try {
          await waitFor(s, await s.client.instances.scale(id, want.serviceOfferingId, o), op);
        } catch (err) {
          // A running instance the platform will not scale (refused at once, or a scale job that failed for want
          // of dynamic scaling): stop, scale, and let the power step start it again.
          if (!cannotScaleRunning(err) || powerStateOf(state) !== "running") throw err;
          await waitFor(s, await s.client.instances.stop(id, o), op);
          state = "Stopped";
          await waitFor(s, await s.client.instances.scale(id, want.serviceOfferingId, o), op);
        }
      }
      const power = want.powerState ?? "running";
      if (powerStateOf(state) !== power) {
        const action = power === "running" ? s.client.instances.start(id, o) : s.client.instances.stop(id, o);
        await waitFor(s, await action, op);
      }
      // The platform takes one offering at a time: the old one goes first (with the instance's schedules).
      if (changed.has("backupOfferingId")) {
        if (live.backupOfferingId) await waitFor(s, await s.client.instances.removeBackupOffering(id, o), op);
        if (want.backupOfferingId) {
          await waitFor(s, await s.client.instances.assignBackupOffering(id, want.backupOfferingId, o), op);
        }
      }
    },
    async beforeDelete(s, live, rec) {
      if (!live.deleteProtection) return;
      // turned on outside Pulumi, the stack still records it off: an up that sets it false changes nothing
      // an up of this resource alone: during a destroy, an up of the whole program would make again what the
      // destroy has already deleted
      const urn = currentResource();
      const up = `pulumi up --target '${urn ?? "<its URN: pulumi stack --show-urns>"}'`;
      const how =
        rec.deleteProtection === true
          ? `Set deleteProtection: false on it in the program (put it back if it was removed) and run ${up}`
          : `It was turned on outside Pulumi, and the stack records it off: with it in the program (put it back if it was removed) and deleteProtection: false, run ${up.replace("pulumi up", "pulumi up --refresh")}`;
      const alone =
        " (--target changes this instance alone, so nothing a destroy under way has deleted comes back)";
      throw new ResourceError(
        `${await describe(s, { name: live.name, id: live.id })}: deleteProtection is on, so the API refuses to delete it. ${how}${alone}, then delete again (or remove it from the stack with pulumi state delete to keep the instance).`,
      );
    },
    delete: (s, live, rec) =>
      s.client.instances.delete(live.id, { region: s.region, expunge: rec.expunge !== false }),
    // destroyed without expunge, it holds its networks until the platform expunges it: a network's delete in the
    // same deployment says so (network.ts: heldOnNetwork)
    deleted(_s, live, rec) {
      if (rec.expunge === false) leftHolding(networksOf(rec, live), live.id, live.name);
    },
    // Destroyed outside Pulumi and not expunged yet (reads no longer show it): it still holds its networks
    // until the platform's expunge delay passes, so with `expunge` it is expunged now (404: it is gone already);
    // without, the networks it held (as far as the deployment knows) wait for that.
    async purgeGone(s, id, rec) {
      if (rec.expunge === false) return leftHolding(networksOf(rec), id, rec.name as string | undefined);
      await waitFor(s, await s.client.instances.delete(id, { region: s.region, expunge: true }), "delete");
    },
  },
  importer: {
    order: 30,
    prefix: "instance",
    name: (v) => v.displayName || v.name,
    unreported: ["userData", "allowPasswordSsh", "disableRootCompletely", "ipToNetworkList"],
    inputs(values, v) {
      const r = v as Instance & Record<string, unknown>;
      const out: Recorded = { ...values };
      const iso =
        String(r.templateType ?? "").toUpperCase() === "ISO" ||
        String(r.templateFormat ?? "").toUpperCase() === "ISO" ||
        (typeof r.isoId === "string" && r.isoId !== "");
      if (iso) {
        const { templateId, ...rest } = out;
        return {
          ...rest,
          imageType: "iso",
          isoId: (r.isoId as string) || templateId,
          diskOfferingId: v.diskOfferingId || undefined,
        };
      }
      if (typeof out.name === "string" && !HOST_NAME.test(out.name)) delete out.name;
      // made from a volume or a snapshot: what the root disk came from (a volume's size is its own)
      if (typeof r.volumeId === "string" && r.volumeId) {
        const { rootDiskSize: _, ...rest } = out;
        return { ...rest, imageType: "volume", volumeId: r.volumeId };
      }
      if (typeof r.snapshotId === "string" && r.snapshotId)
        return { ...out, imageType: "snapshot", snapshotId: r.snapshotId };
      return out;
    },
    skip: (v: Instance) =>
      v.state === "Error"
        ? "state Error (a failed deploy cannot be adopted; delete it or redeploy)"
        : undefined,
  },
});
