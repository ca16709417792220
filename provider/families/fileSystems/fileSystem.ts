// cim.FileSystem: a shared file system (the platform's Shared FileSystem): an NFS export served on one network by
// a file-system VM, its data on a volume of a disk offering. Created by a job; renamed by a synchronous PUT; grown
// in place by the disk-offering change (a job; never shrunk, by a smaller size or a smaller fixed offering:
// refused at check and preview, and at update against the live size); its VM's compute offering changed in place
// (stop, change, start: the platform changes it only while stopped); destroyed and expunged in one synchronous
// call. The spec shows only its read, GET /filesystems/{id}, and that envelope.

import { z } from "zod";
import type { FileSystem } from "../../client";
import {
  catalogueField,
  commonFields,
  created,
  descriptionField,
  field,
  growOnly,
  nameField,
  nameOfId,
  networkInZone,
  notTheZoneNetwork,
  output,
  recordCalls,
  skipFailed,
  uniqueName,
  uniqueTogether,
  word,
  zoneField,
  zoneName,
} from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { diskGb, diskSizeProblem, resizedTo, shrinkProblem } from "../../kinds/diskOffering";
import { examples, exported } from "../../kinds/examples";
import { id } from "../../lifecycle/check";
import { waitFor } from "../../lifecycle/session";

/** The file-system VM's minimum offering on the platform's defaults (sharedfsvm.min.cpu.count, .min.ram.size). */
export const FS_VM_MIN_CPU = 2;
export const FS_VM_MIN_RAM_MB = 1024;

const GIB = 1024 ** 3;
/** The API shows the size in bytes; programs give GiB. */
const gibOf = (f: FileSystem) => (f.size === undefined ? undefined : Math.round(f.size / GIB));

const FORMATS = ["XFS", "EXT4"] as const;
const format = word(FORMATS, '"XFS" (the default) or "EXT4"');

/**
 * The refusal of a smaller file system (kinds/diskOffering.ts: ShrinkMessage), with the ways out that work: a size
 * that does not shrink, or a new file system. `pulumi up --replace` makes one (Pulumi checks the replacement it
 * forces as a new resource, so no shrink is judged), but only under another name: it makes the replacement before
 * it deletes this one, which still holds the name until then (the uniqueName rule refuses the same name).
 */
export function fsShrinkMessage(from: number, to: number, offering?: string): string {
  const asked = offering
    ? `diskOfferingId ${offering} would shrink the file system (${from} GB → ${to} GB)`
    : `size cannot shrink (${from} GB → ${to} GB)`;
  return `${asked}: shared file systems only grow (the platform grows their data volume and refuses a smaller size). To keep this one, give it ${from} GB or more: a disk offering of at least ${from} GB, or a customized one with size: ${from} or more. For a smaller one, start over: copy the data elsewhere, then run pulumi up --replace <urn> with another name (names are unique in a region, and the replacement is made before this one is deleted; the old name can come back in the next up, a rename in place), or declare a new file system beside this one (cim.FileSystem in TypeScript, cim:index:FileSystem in Pulumi YAML) under another resource name and another name, copy the data to it, then remove this one from the program`;
}

export const fileSystem = defineKind({
  name: "FileSystem",
  noun: "shared file system",
  summary: "A shared file system (NFS) served on a network, its size grown in place.",
  ...examples(
    ["zoneId", "diskOfferingId", "vpc", "tier", "share"],
    [exported("assetsMount", "share.mountSource")],
  ),
  nameFromResource: true,
  // The platform deploys the file-system VM as an instance of the account, with a root disk and the data volume
  // (createSharedFileSystem's job: CloudStack's user_vm and volume allowances); it holds them until expunged.
  alsoUses: [
    {
      quota: { limit: "instanceLimit", count: "instanceCount" },
      noun: "instance",
      count: 1,
      why: "the VM serving each new shared file system is one",
      doc: "Each create also uses 1 instance allowance: the file-system VM, held until the file system is expunged.",
    },
    {
      quota: { limit: "volumeLimit", count: "volumeCount" },
      noun: "volume",
      count: 2,
      why: "each new shared file system uses two, its VM's root disk and its data volume",
      doc: "Each create also uses 2 volume allowances: the file-system VM's root disk and the data volume.",
    },
  ],
  // SharedFS.State: Allocated while the create job deploys it; Destroyed ones wait to be expunged
  states: {
    busy: ["Allocated", "Starting", "Stopping"],
    gone: ["Destroyed", "Expunging", "Expunged"],
    failed: "Error",
  },
  fields: {
    ...commonFields,
    name: {
      ...nameField("file system", "update"),
      doc: "The file system's name, unique in the account and region (default: the resource name).",
    },
    description: descriptionField("what the file system holds", "update"),
    zoneId: zoneField(
      "The zone of the file system and of its network.",
      id("the zone of the file system and its network"),
    ),
    networkId: field(id("the network the share is served on (a cim.Network's id)"), {
      doc: "The network the share is served on (an isolated network or a VPC tier of the zone, not the zone's shared network): the file-system VM takes an address of it.",
      change: "replace",
      live: true,
      ref: { kind: "Network", mustExist: true, requires: networkInZone("file system") },
    }),
    diskOfferingId: {
      doc: "The disk offering of its data volume; a fixed one smaller than the file system is refused at preview: shared file systems never shrink.",
      changeNote: "changeSharedFileSystemDiskOffering, a job",
      ...catalogueField(
        id("the disk offering of the data volume, from GET /api/v1/offerings/disk"),
        "update",
        "diskOfferings",
        "a disk offering",
        ["size"],
      ),
    },
    size: field(diskGb.optional(), {
      doc: "Size in GB (GiB, 2^30 bytes, as the platform counts; the API shows bytes), with a customized disk offering (a fixed one decides it: leave size out); a smaller size is refused at preview: shared file systems never shrink.",
      changeNote: "a job",
      change: "update",
      live: gibOf,
      present: true,
    }),
    serviceOfferingId: {
      doc: "The compute offering of the file-system VM: at least 2 vCPUs and 1024 MB on the platform's defaults.",
      changeNote: "stopped, changed and started again: the share is unavailable meanwhile",
      ...catalogueField(
        id("the compute offering of the file-system VM, from GET /api/v1/offerings/compute"),
        "update",
        "computeOfferings",
        "a compute offering",
      ),
    },
    filesystem: field(format.optional(), {
      doc: 'The file system on its volume, `"XFS"` (default) or `"EXT4"`.',
      change: "replace",
      unset: () => "XFS",
      same: (a, b) => String(a ?? "XFS").toUpperCase() === String(b ?? "XFS").toUpperCase(),
      live: (f: FileSystem) => f.filesystem?.toUpperCase(),
      present: true,
    }),
  },
  outputs: {
    zoneName,
    networkName: output("The name of its network (`networkId`)."),
    diskOfferingName: nameOfId("disk offering", "diskOfferingId"),
    serviceOfferingName: nameOfId("compute offering", "serviceOfferingId"),
    ipAddress: {
      doc: "The NFS server: the file-system VM's address on the network.",
      schema: z.string().optional(),
      from: (f: FileSystem) => f.ipAddress || undefined,
    },
    path: {
      doc: "The exported path (the platform's /mnt/fs/share).",
      schema: z.string().optional(),
      from: (f: FileSystem) => f.path || undefined,
    },
    mountSource: {
      doc: "What `mount -t nfs` takes: `<ipAddress>:<path>`.",
      schema: z.string().optional(),
      from: (f: FileSystem) => (f.ipAddress && f.path ? `${f.ipAddress}:${f.path}` : undefined),
    },
    provider: output("The platform's provider of the share (SHAREDFSVM)."),
    state: {
      doc: "The API's state (Allocated, Ready, Stopped, Error, …).",
      schema: z.string(),
      from: (f: FileSystem) => f.state ?? "",
    },
    created,
  },
  ...growOnly(fsShrinkMessage),
  lookups(i, rows, before) {
    const out: { property: string; reason: string }[] = [];
    // an adopted file system has its size
    const adopted = i.size === undefined && Boolean(i.adoptId);
    const problem = diskSizeProblem("size", i.size, adopted ? undefined : rows.diskOfferingId, "refused");
    if (problem) out.push({ property: "size", reason: problem });
    // a smaller fixed offering (or a size below the fixed one it leaves): the platform refuses it at up
    const asked = (inputs: Record<string, unknown>, offerings: typeof rows) => ({
      size: inputs.size,
      diskOfferingId: inputs.diskOfferingId,
      offering: offerings.diskOfferingId,
    });
    const shrinks = shrinkProblem(
      asked(i, rows),
      before && !before.replaced ? asked(before.inputs, before.rows) : undefined,
      fsShrinkMessage,
    );
    if (shrinks && !problem) out.push(shrinks);
    const o = rows.serviceOfferingId as { cpuNumber?: number; memory?: number; name?: string } | undefined;
    if (o && ((o.cpuNumber ?? 0) < FS_VM_MIN_CPU || (o.memory ?? 0) < FS_VM_MIN_RAM_MB)) {
      out.push({
        property: "serviceOfferingId",
        reason: `serviceOfferingId ${i.serviceOfferingId} (${o.name ?? "?"}: ${o.cpuNumber} vCPUs, ${o.memory} MB) is too small for the file-system VM: it needs at least ${FS_VM_MIN_CPU} vCPUs and ${FS_VM_MIN_RAM_MB} MB (the platform's sharedfsvm.min.cpu.count and sharedfsvm.min.ram.size)`,
      });
    }
    return out;
  },
  // names are unique per account and region: a replacement that keeps the name deletes first
  // every file system not yet expunged holds its name (the platform's findSharedFSByNameAccountDomain)
  liveRules: notTheZoneNetwork("shared file system"),
  exclusive: [
    uniqueName("file system", "file system names are unique per account in a region", ["Expunged"]),
  ],
  deleteBeforeReplace: uniqueTogether("name"),
  api: {
    ...recordCalls((c) => c.fileSystems),
    create: (s, i) =>
      s.client.fileSystems.create(
        // the client sends the fields of a file-system create and nothing else
        { ...i, name: i.name ?? "", filesystem: i.filesystem ?? "XFS" },
        { region: s.region },
      ),
    async apply(s, live, want, changed, op) {
      const o = { region: s.region };
      if (changed.has("name") || changed.has("description")) {
        const put = {
          name: changed.has("name") ? want.name : undefined,
          description: changed.has("description") ? (want.description ?? "") : undefined,
        };
        await s.client.fileSystems.update(live.id, put, o);
      }
      if (changed.has("size") || changed.has("diskOfferingId")) {
        // against the live size (grown since the program last said it), with the way out the platform's refusal lacks
        const liveSize = gibOf(live);
        const to = await resizedTo(s, want, changed.has("diskOfferingId"));
        if (to && liveSize !== undefined && to.size < liveSize)
          throw new Error(fsShrinkMessage(liveSize, to.size, to.offering));
        const r = {
          size: changed.has("size") ? want.size : undefined,
          diskOfferingId: changed.has("diskOfferingId") ? want.diskOfferingId : undefined,
        };
        await waitFor(s, await s.client.fileSystems.resize(live.id, r, o), op);
      }
      if (changed.has("serviceOfferingId")) {
        // the platform changes the VM's offering only while the file system is stopped
        const wasReady = live.state === "Ready";
        if (wasReady) await waitFor(s, await s.client.fileSystems.stop(live.id, o), op);
        await waitFor(
          s,
          await s.client.fileSystems.changeServiceOffering(live.id, want.serviceOfferingId, o),
          op,
        );
        if (wasReady) await waitFor(s, await s.client.fileSystems.start(live.id, o), op);
      }
    },
    // destroyed and expunged in one call (a Ready one stopped first): nothing Destroyed is left holding its name
    delete: (s, live) =>
      s.client.fileSystems.delete(live.id, { region: s.region, forced: true, expunge: true }),
  },
  importer: { order: 24, prefix: "fileSystem", skip: (f: FileSystem) => skipFailed(f) },
});
