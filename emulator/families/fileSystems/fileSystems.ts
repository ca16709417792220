// Shared file systems as CloudStack keeps them (its Shared FileSystem feature, 4.20: createSharedFileSystem,
// listSharedFileSystems, updateSharedFileSystem, changeSharedFileSystemDiskOffering,
// changeSharedFileSystemServiceOffering, startSharedFileSystem, stopSharedFileSystem, restartSharedFileSystem,
// destroySharedFileSystem, expungeSharedFileSystem; SharedFSServiceImpl and SharedFS.State): an NFS export at
// /mnt/fs/share served by a file-system VM with a NIC on one network, its data on a volume of a disk offering.
// The spec shows only GET /filesystems/{id} and its envelope (count, fileSystems, page, pageSize); every other
// route, state and refusal here is written in emulator/README.md.

import type { Data } from "../../family";
import {
  audited,
  catalogueRef,
  isoNow,
  type Paging,
  paging,
  refusedInJob,
  requestedEntry,
  stateJob,
  zoneOf,
} from "../../handlers/common";
import { body, bool, int, listFilter, query, queryOnly, reqStr, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { fieldsOf, ownedView } from "../../handlers/views";
import { accepted, badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { vmsThatFit } from "../../quota";
import type { Job } from "../../records";
import { allocate, usedAddresses } from "../networks/guestAddresses";
import { requireVisibleNetwork } from "../networks/networks";
import { checkSize } from "../volumes/volumes";
import type { FileSystemRec } from "./records";

export type FileSystemData = Data<"fileSystems" | "networks" | "instances" | "internalLoadBalancers">;
type FCtx = Ctx<FileSystemData>;

/** SharedFS.SharedFSPath: where the file-system VM exports the share. */
const SHARE_PATH = "/mnt/fs/share";
/** The only provider CloudStack ships (SharedFSProvider.SharedFSProviderType.SHAREDFSVM). */
const PROVIDER = "SHAREDFSVM";
const FORMATS = ["XFS", "EXT4"];
/** SharedFSVmProvider's zone settings sharedfsvm.min.cpu.count and sharedfsvm.min.ram.size (MB), defaults. */
const MIN_CPU = 2;
const MIN_RAM_MB = 1024;
const GIB = 1024 ** 3;

/** The file system's row, as SharedFSResponse shows it (camel-cased); `size` in bytes, `sizeGb` as text. */
function view(ctx: FCtx, r: FileSystemRec) {
  const { store } = ctx;
  const disk = store.catalogue("diskOfferings", r.diskOfferingId, r.regionId);
  const net = ctx.data.networks.byId(r.networkId);
  return {
    ...fieldsOf(r, ["id", "name", "description"]),
    ...zoneOf(store, r),
    networkId: r.networkId,
    networkName: net?.name ?? "",
    ipAddress: r.ipAddress,
    nic: r.ipAddress ? [{ networkId: r.networkId, ipAddress: r.ipAddress, isDefault: true }] : [],
    path: SHARE_PATH,
    provider: PROVIDER,
    ...fieldsOf(r, ["filesystem", "diskOfferingId"]),
    diskOfferingName: disk?.name ?? "",
    isCustomDiskOffering: disk?.customized ?? false,
    ...catalogueRef(store, "computeOfferings", r),
    size: r.sizeGb * GIB,
    sizeGb: `${r.sizeGb.toFixed(2)} GiB`,
    state: r.state,
    domain: "ROOT",
    ...ownedView(r),
  };
}

/** The spec's envelope of the file system read, also the list's: count (all matching), fileSystems, page, pageSize. */
function envelope(ctx: FCtx, rows: FileSystemRec[], p: Paging) {
  const start = (p.page - 1) * p.pageSize;
  return {
    count: rows.length,
    fileSystems: rows.slice(start, start + p.pageSize).map((r) => view(ctx, r)),
    page: p.page,
    pageSize: p.pageSize,
  };
}

const findFs = (ctx: FCtx, id: string) => ctx.data.fileSystems.find(ctx.owner, id);

/** findSharedFSByNameAccountDomain: every file system of the account not yet expunged holds its name (409). */
function nameFree(ctx: FCtx, name: string) {
  if (ctx.data.fileSystems.list(ctx.owner).some((f) => f.name === name))
    throw conflict(
      "There already exists a Shared FileSystem with this name for the given account and domain.",
    );
}

/** validateDiskOffering: a fixed offering decides the size (a size with it is refused); a custom one needs one. */
function sizeFor(ctx: FCtx, diskOfferingId: string, size: number | undefined): number {
  const disk = requestedEntry(ctx, "diskOfferings", diskOfferingId, "diskOfferingId");
  if (!disk.customized && size !== undefined)
    throw badRequest("Size provided with a non-custom disk offering");
  const gb = disk.customized ? size : disk.diskSizeGb;
  if (gb === undefined) {
    throw badRequest(
      `size is required with the customized disk offering ${disk.name}`,
      "Give size (GiB) with a customized disk offering, or pick one of a fixed size",
    );
  }
  checkSize(gb);
  return gb;
}

/** StorageVmSharedFSLifeCycle.checkPrerequisites: the file-system VM's offering has enough vCPUs and RAM. */
function checkServiceOffering(ctx: FCtx, serviceOfferingId: string) {
  const o = requestedEntry(ctx, "computeOfferings", serviceOfferingId, "serviceOfferingId");
  if (o.cpuNumber < MIN_CPU) {
    throw badRequest(
      "Service offering's number of cpu should be greater than or equal to sharedfsvm.min.cpu.count",
      `${o.name} has ${o.cpuNumber} vCPU; the file-system VM needs at least ${MIN_CPU}`,
    );
  }
  if (o.memory < MIN_RAM_MB) {
    throw badRequest(
      "Service offering's ram size should be greater than or equal to sharedfsvm.min.ram.size",
      `${o.name} has ${o.memory} MB; the file-system VM needs at least ${MIN_RAM_MB} MB`,
    );
  }
}

/**
 * POST /filesystems {name, description?, zoneId, networkId, diskOfferingId, size?, serviceOfferingId, filesystem,
 * provider?}: createSharedFileSystem (allocSharedFS, then deploySharedFS in a job). The record is Allocated until
 * the job ends: Ready, or Error when the deploy failed (kept, as CloudStack keeps it).
 */
export function create(ctx: FCtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const zoneId = reqStr(b, "zoneId");
  const diskOfferingId = reqStr(b, "diskOfferingId");
  const serviceOfferingId = reqStr(b, "serviceOfferingId");
  const format = reqStr(b, "filesystem");
  const networkId = reqStr(b, "networkId");
  requestedEntry(ctx, "zones", zoneId, "zoneId", `Unable to find zone by ID: ${zoneId}`);
  const sizeGb = sizeFor(ctx, diskOfferingId, int(b, "size"));
  const provider = str(b, "provider") ?? PROVIDER;
  if (provider !== PROVIDER) throw badRequest("Invalid Shared FileSystem provider name!");
  checkServiceOffering(ctx, serviceOfferingId);
  const net = requireVisibleNetwork(ctx, networkId, "networkId");
  if (net.shared) {
    throw badRequest(
      "Shared network which is not Account scoped and not belonging to the same account can not be used to create a Shared FileSystem",
      `Network ${net.name} is the shared default network of its zone`,
    );
  }
  if (net.zoneId !== zoneId) throw badRequest(`Network ${net.name} is not in zone ${zoneId}`);
  if (net.state === "Error" || net.state === "Destroying")
    throw badRequest(`Network ${net.name} is ${net.state}`);
  const filesystem = format.toUpperCase();
  if (!FORMATS.includes(filesystem))
    throw badRequest("Invalid File system format specified. Supported formats are EXT4 and XFS");
  nameFree(ctx, name);
  // deploySharedFS, in the job: the platform's deploy of the file-system VM (a root disk and the data volume) is
  // checked against the instance and volume allowances; CreateSharedFSCmd fails the job with the limit's own text
  const { refusal } = vmsThatFit(ctx.quota, ctx.user.sub, 1, FS_VM_VOLUMES);
  const fields = {
    name,
    description: str(b, "description") ?? "",
    zoneId,
    networkId,
    ipAddress: allocate(net, usedAddresses(ctx.data, net.id)),
    diskOfferingId,
    serviceOfferingId,
    sizeGb,
    filesystem,
    state: "Allocated",
  };
  const r = ctx.data.fileSystems.insert(ctx.owner, fields, isoNow(ctx));
  return fsJob(ctx, r, "createSharedFileSystem", "Allocated", undefined, refusal);
}

/** The file-system VM's volumes: its root disk and the data volume (deploySharedFSVM gives it a disk offering). */
const FS_VM_VOLUMES = 2;

/**
 * What a file system holds of the account's allowances until it is expunged: its VM (a user VM of the account) and
 * that VM's volumes, a stopped or destroyed one's too (destroySharedFileSystem only stops the VM; the expunge
 * removes it). A failed create holds none (its VM was never made, or was expunged).
 */
export const fsVmsOf = (r: FileSystemRec): number => (r.state === "Error" ? 0 : 1);
export const fsVolumesOf = (r: FileSystemRec): number => fsVmsOf(r) * FS_VM_VOLUMES;

/** GET /filesystems/{id}: the spec's envelope around the one file system (a Destroyed one too, until expunged). */
export function get(ctx: FCtx) {
  return ok(envelope(ctx, [findFs(ctx, ctx.params.id)], paging(ctx)));
}

/** listSharedFileSystems: filters id, name, networkId, zoneId (exact) and keyword (part of the name). */
export function list(ctx: FCtx) {
  const match = listFilter<FileSystemRec>(
    query(ctx),
    { id: "id", name: "name", networkId: "networkId", zoneId: "zoneId" },
    ["name"],
  );
  return ok(envelope(ctx, ctx.data.fileSystems.list(ctx.owner).filter(match), paging(ctx)));
}

/** PUT /filesystems/{id}?name=&description=: updateSharedFileSystem, synchronous; answers the row. */
export function update(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  const q = queryOnly(ctx, ["name", "description"]);
  const name = str(q, "name");
  const description = str(q, "description");
  const patch: Partial<FileSystemRec> = {};
  if (name !== undefined && name !== r.name) {
    if (name.trim() === "") throw badRequest("Shared FileSystem name must not be empty");
    nameFree(ctx, name);
    patch.name = name;
  }
  if (description !== undefined) patch.description = description;
  ctx.data.fileSystems.update(r, patch, isoNow(ctx));
  return ok(view(ctx, r), audited(ctx.data.fileSystems.resourceType, r.id));
}

/** The refusal of an operation outside its valid states, in CloudStack's words. */
/** SharedFSServiceImpl's refusal of a state the command does not take, or undefined. */
function notInStates(valid: string[], what: string, state: string): string | undefined {
  if (valid.includes(state)) return undefined;
  return `${what} [${valid.join(", ")}] state${valid.length > 1 ? "s" : ""}`;
}

/** That refusal at the request: a synchronous command's (destroySharedFileSystem, a BaseCmd). */
function inStates(r: FileSystemRec, valid: string[], what: string, state = r.state) {
  const refused = notInStates(valid, what, state);
  if (refused) throw badRequest(refused, `${r.name} is ${r.state}`);
}

/**
 * An asynchronous command's refusal, which SharedFSServiceImpl makes in the job: the job fails in its words, the file
 * system unchanged. `detail` when the command answers with its own text instead (expungeSharedFileSystem masks
 * every failure as "Failed to expunge Shared FileSystem").
 */
function refusedFrom(
  ctx: FCtx,
  r: FileSystemRec,
  command: string,
  [valid, what]: [string[], string],
  detail?: string,
) {
  const refused = notInStates(valid, what, r.state);
  return refused
    ? refusedInJob(ctx, ctx.data.fileSystems, r, { command, failDetail: detail ?? refused })
    : undefined;
}

/**
 * POST /filesystems/{id}/resize?diskOfferingId=&size=: changeSharedFileSystemDiskOffering (a job), Ready or
 * Stopped. The data volume's offering changes; it never shrinks (the command does not pass shrinkok), so a
 * smaller size is refused with the volume service's text. The file system keeps its state meanwhile.
 */
export function resize(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  const command = "changeSharedFileSystemDiskOffering";
  const q = query(ctx);
  const diskOfferingId = str(q, "diskOfferingId") || r.diskOfferingId;
  const size = int(q, "size");
  if (str(q, "diskOfferingId") === undefined && size === undefined)
    throw badRequest(
      "Required parameter 'diskOfferingId' is not present",
      "Give diskOfferingId, size or both",
    );
  const sizeGb = sizeFor(ctx, diskOfferingId, size);
  const notNow = refusedFrom(ctx, r, command, [
    ["Ready", "Stopped"],
    "Disk offering of the Shared FileSystem can be changed only if it is in",
  ]);
  if (notNow) return notNow;
  // the volume service's refusal, in the same job
  if (sizeGb < r.sizeGb) {
    return refusedInJob(ctx, ctx.data.fileSystems, r, {
      command,
      failDetail: `Going from existing size of ${r.sizeGb * GIB} to size of ${sizeGb * GIB} would shrink the volume.Need to sign off by supplying the shrinkok parameter with value of true.`,
    });
  }
  return fsJob(ctx, r, command, r.state, { diskOfferingId, sizeGb });
}

/** POST /filesystems/{id}/change-service-offering?serviceOfferingId=: changeSharedFileSystemServiceOffering, Stopped only. */
export function changeServiceOffering(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  const serviceOfferingId = reqStr(query(ctx), "serviceOfferingId");
  checkServiceOffering(ctx, serviceOfferingId);
  const command = "changeSharedFileSystemServiceOffering";
  return (
    refusedFrom(ctx, r, command, [
      ["Stopped"],
      "Service offering of the Shared FileSystem can be changed only if it is in",
    ]) ?? fsJob(ctx, r, command, r.state, { serviceOfferingId })
  );
}

export function start(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  const command = "startSharedFileSystem";
  return (
    refusedFrom(ctx, r, command, [["Stopped"], "Shared FileSystem can be started only if it is in the"]) ??
    fsJob(ctx, r, command, "Starting")
  );
}

/** stopSharedFileSystem (`forced` accepted: the emulator's VM stops either way). */
export function stop(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  bool(query(ctx), "forced");
  const command = "stopSharedFileSystem";
  return (
    refusedFrom(ctx, r, command, [["Ready"], "Shared FileSystem can be stopped only if it is in the"]) ??
    fsJob(ctx, r, command, "Stopping")
  );
}

/** restartSharedFileSystem: Ready or Stopped; it ends Ready (cleanup or not: the emulator has no VM to redeploy). */
export function restart(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  bool(query(ctx), "cleanup");
  const command = "restartSharedFileSystem";
  return (
    refusedFrom(ctx, r, command, [
      ["Ready", "Stopped"],
      "Restart Shared FileSystem can be done only if the shared filesystem is in",
    ]) ?? fsJob(ctx, r, command, "Starting")
  );
}

/**
 * DELETE /filesystems/{id}?expunge=&forced=: destroySharedFileSystem, a synchronous command (BaseCmd) as in
 * CloudStack: `forced` stops a Ready one first; only Stopped and Error ones are destroyed. With `expunge` (or from
 * Error) it is expunged at once and gone; otherwise it stays Destroyed, holding its name and address, until
 * expunged (POST /filesystems/{id}/expunge).
 */
export function remove(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  const q = query(ctx);
  // forced: stopSharedFS first, within the same command
  const state = r.state === "Ready" && bool(q, "forced") === true ? "Stopped" : r.state;
  inStates(r, ["Stopped", "Error"], "Shared FileSystem can be destroyed only if it is in the", state);
  if (bool(q, "expunge") === true || state === "Error") ctx.data.fileSystems.delete(r.id);
  else ctx.data.fileSystems.update(r, { state: "Destroyed" }, isoNow(ctx));
  return accepted(r.id, undefined, audited(ctx.data.fileSystems.resourceType, r.id));
}

/** POST /filesystems/{id}/expunge: expungeSharedFileSystem, a job, from Destroyed or Error. */
export function expunge(ctx: FCtx) {
  const r = findFs(ctx, ctx.params.id);
  const command = "expungeSharedFileSystem";
  const states: [string[], string] = [
    ["Destroyed", "Expunging", "Error"],
    "Shared FileSystem can be expunged only if it is in the",
  ];
  // ExpungeSharedFSCmd answers any failure with its own words
  return (
    refusedFrom(ctx, r, command, states, "Failed to expunge Shared FileSystem") ??
    fsJob(ctx, r, command, "Expunging")
  );
}

function fsJob(
  ctx: FCtx,
  r: FileSystemRec,
  command: string,
  interim: string,
  payload?: Record<string, unknown>,
  failDetail?: string,
) {
  const repo = ctx.data.fileSystems;
  return stateJob(ctx, repo, r, { command, interim, payload, failDetail, stamp: true });
}

// ------------------------------------------------------------------------------------------ job effects

type Effect = JobEffect<FileSystemData>;
const previous = (job: Job, r: FileSystemRec) => String(job.payload?.prevState ?? r.state);

/** The record on success gets `done` (its state and what the job changed); on failure `failed`. */
function fsEffect(
  done: (r: FileSystemRec, job: Job) => Partial<FileSystemRec>,
  failed: (r: FileSystemRec, job: Job) => Partial<FileSystemRec> = (r, job) => ({ state: previous(job, r) }),
): Effect {
  return {
    success({ fileSystems }, job) {
      const r = fileSystems.byId(job.resourceId);
      if (r) fileSystems.update(r, done(r, job), stampOf(job));
    },
    failure({ fileSystems }, job) {
      const r = fileSystems.byId(job.resourceId);
      if (r) fileSystems.update(r, failed(r, job), stampOf(job));
    },
  };
}

/** POST /filesystems/{id}/<action>: the family's `actions` routes. */
export const actions = {
  resize,
  "change-service-offering": changeServiceOffering,
  start,
  stop,
  restart,
  expunge,
};

export const fileSystemJobEffects: Record<string, Effect> = {
  // Allocated → Ready; a failed deploy leaves Error, its VM expunged (no address held)
  createSharedFileSystem: fsEffect(
    () => ({ state: "Ready" }),
    () => ({ state: "Error", ipAddress: "" }),
  ),
  changeSharedFileSystemDiskOffering: fsEffect((r, job) => ({
    state: previous(job, r),
    diskOfferingId: String(job.payload?.diskOfferingId),
    sizeGb: Number(job.payload?.sizeGb),
  })),
  changeSharedFileSystemServiceOffering: fsEffect((r, job) => ({
    state: previous(job, r),
    serviceOfferingId: String(job.payload?.serviceOfferingId),
  })),
  // Stopped --StartRequested--> Starting → Ready; a failed start goes back to Stopped
  startSharedFileSystem: fsEffect(() => ({ state: "Ready" })),
  stopSharedFileSystem: fsEffect(() => ({ state: "Stopped" })),
  restartSharedFileSystem: fsEffect(() => ({ state: "Ready" })),
  expungeSharedFileSystem: {
    success({ fileSystems }, job) {
      fileSystems.delete(job.resourceId);
    },
    failure: fsEffect(() => ({})).failure,
  },
};
