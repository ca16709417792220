// Instance create: validation of the create body, addresses, data disks, quota and capacity; the deploy job.
import { randomUUID } from "node:crypto";
import type { Data } from "../../family";
import { audited, isoNow, requestedEntry, submitJob } from "../../handlers/common";
import { body, bool, int, type Obj, reqStr, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { badRequest, type Ctx, conflict, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import { isHost, parseCidr, parseIp } from "../../net";
import { zoneHasRoom } from "../../quota";
import { type BootImage, bootImage } from "../images/imageLookup";
import { allocate, usedAddresses } from "../networks/guestAddresses";
import { requireVisibleNetwork } from "../networks/networks";
import { keyPairNamed } from "../sshKeyPairs/sshKeyPairs";
import { instanceView, vmInstanceLabel } from "./instanceView";
import type { InstanceRec, Nic } from "./records";
import { type RootSource, rootSource } from "./rootSource";

export type InstanceData = Data<
  | "instances"
  | "volumes"
  | "networks"
  | "backupSchedules"
  | "sshKeyPairs"
  | "publicIps"
  | "snapshots"
  | "loadBalancerRules"
  | "internalLoadBalancers"
  | "vmSchedules"
  | "fileSystems"
  | "instanceGroups"
  | "vmSnapshots"
>;
export type ICtx = Ctx<InstanceData>;

export const HOST_NAME = /^[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const IMAGE_TYPES = ["template", "iso", "volume", "snapshot"];

/**
 * The key pair the instance gets: the first of sshKeyNames (the spec: only the first is used), else keyPair.
 * A name the account has not registered in the region is refused before anything is made, as CloudStack's
 * deployVirtualMachine refuses it ("Not all specified keypairs exist").
 */
function keyPairOf(ctx: ICtx, name: string | undefined): string | undefined {
  if (name === undefined || name === "") return undefined;
  if (!keyPairNamed(ctx, name)) {
    throw badRequest(
      "Not all specified keypairs exist",
      `No SSH key pair named '${name}' is registered for this account in region ${ctx.region.name}`,
    );
  }
  return name;
}

/** CloudStack's `vm.userdata.max.length` at its default, and the POST request's own ceiling (UserDataManagerImpl). */
const USER_DATA_MAX_LENGTH = 32_768;
const USER_DATA_POST_CEILING = 1_048_576;

/** UserDataManagerImpl.validateAndDecodeByHTTPMethod: the base64 text's length, the setting's limit. */
function checkUserDataLength(userData: string): void {
  const text = userData.replace(/\s+/g, "");
  if (text.length >= USER_DATA_POST_CEILING)
    throw badRequest("User data is too long for an http POST request");
  if (text.length > USER_DATA_MAX_LENGTH)
    throw badRequest(`User data has exceeded configurable max length : ${USER_DATA_MAX_LENGTH}`);
}

export function checkHostName(ctx: ICtx, name: string, exceptId?: string): void {
  if (!HOST_NAME.test(name)) {
    throw badRequest(
      `Instance name '${name}' is not a valid host name`,
      "Use 1-63 letters, digits and hyphens, starting with a letter and not ending with a hyphen",
    );
  }
  const lower = name.toLowerCase();
  // A Destroyed instance keeps its host name until expunged (CloudStack's listDistinctHostNames counts every
  // instance not yet removed).
  for (const other of ctx.data.instances.list(ctx.owner)) {
    if (other.id !== exceptId && other.name.toLowerCase() === lower) {
      throw conflict(
        `An instance named ${name} already exists in region ${ctx.region.name}`,
        ctx.data.instances.isGone(other)
          ? `id=${other.id}, state ${other.state}: the name is free once the platform expunges it`
          : `id=${other.id}`,
      );
    }
  }
}

function networkList(b: Obj): string[] {
  const v = b.networkIds;
  if (v === undefined || v === null || v === "") return [];
  if (typeof v === "string") {
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
  throw badRequest("Parameter 'networkIds' must be a comma-separated string of network ids");
}

function objectList(b: Obj, key: string): Obj[] {
  const v = b[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "object" && x !== null)) {
    throw badRequest(`Parameter '${key}' must be an array of objects`);
  }
  return v as Obj[];
}

/**
 * The networks of the deploy and the addresses fixed on them, as CloudStack's DeployVMCmd reads them: with
 * ipToNetworkList the list names the networks itself, in order (networkIds as well is refused, in its words), an
 * item `{networkId, ip?}` (CloudStack's `networkid` and `ip`), one without `ip` getting an address as any NIC
 * does; a network named twice keeps its first place and its last address (DeployVMCmd's LinkedHashMap).
 * Without the list: networkIds, else the zone default network.
 */
function requestedNetworks(b: Obj, defaultNetworkId: string) {
  const items = objectList(b, "ipToNetworkList");
  const ids = networkList(b);
  const fixed = new Map<string, string | undefined>();
  if (!items.length) return { ids: ids.length ? ids : [defaultNetworkId], field: "networkIds", fixed };
  // DeployVMCmd.getNetworkIds: InvalidParameterValueException
  if (ids.length) throw badRequest("ipToNetworkMap can't be specified along with networkIds or ipAddress");
  for (const item of items) fixed.set(reqStr(item, "networkId"), str(item, "ip") || undefined);
  return { ids: [...fixed.keys()], field: "ipToNetworkList", fixed };
}

/** NICs in order (requestedNetworks), the first the default one, fixed addresses honoured. */
function planNics(ctx: ICtx, b: Obj, zoneId: string, defaultNetworkId: string): Nic[] {
  const { ids, field, fixed } = requestedNetworks(b, defaultNetworkId);
  const nets = ids.map((id) => {
    const net = requireVisibleNetwork(ctx, id, field);
    // CloudStack's UserVmManagerImpl (createVirtualMachine): InvalidParameterValueException
    if (net.zoneId !== zoneId) throw badRequest(`Network id=${id} doesn't belong to zone ${zoneId}`);
    if (net.state === "Error") throw badRequest(`Network ${id} is in state Error`);
    return net;
  });
  const addresses = new Map<string, string>();
  for (const net of nets) {
    const address = fixed.get(net.id);
    if (address === undefined) continue;
    const ip = parseIp(address);
    const range = parseCidr(net.cidr)!;
    if (ip === undefined || !isHost(range, ip) || address === net.gateway) {
      throw badRequest(
        `Address ${address} is not a usable address of network ${net.name}`,
        `The address must lie inside ${net.cidr} and not be its gateway, network or broadcast address`,
      );
    }
    if (usedAddresses(ctx.data, net.id).has(ip)) {
      throw conflict(`Address ${address} is already in use on network ${net.name}`);
    }
    addresses.set(net.id, address);
  }
  return nets.map((net, i) => ({
    networkId: net.id,
    ipAddress: addresses.get(net.id) ?? allocate(net, usedAddresses(ctx.data, net.id)),
    isDefault: i === 0,
  }));
}

export function createInstance(ctx: ICtx) {
  const b = body(ctx);
  const { store, region } = ctx;
  const serviceOfferingId = reqStr(b, "serviceOfferingId");
  // required for every image type, as DeployVMCmd's templateid is; an ISO deploy passes the ISO there, and the
  // emulator reads the image from isoId then (the spec: ignored when imageType is iso), so it is not looked up
  const givenTemplateId = reqStr(b, "templateId");
  const zoneId = reqStr(b, "zoneId");
  const imageType = str(b, "imageType") ?? "template";
  if (!IMAGE_TYPES.includes(imageType))
    throw badRequest(`imageType must be one of ${IMAGE_TYPES.join(", ")}`);
  const zone = store.catalogue("zones", zoneId, region.id);
  if (!zone) throw badRequest(`zoneId ${zoneId} is not a zone of region ${region.name}`);
  const offering = requestedEntry(ctx, "computeOfferings", serviceOfferingId, "serviceOfferingId");
  let rootDiskSize = int(b, "rootDiskSize");
  let templateId: string | undefined;
  let isoId: string | undefined;
  let diskOfferingId: string | undefined;
  let source: RootSource | undefined;
  // CloudStack makes an instance dynamically scalable when its template and its offering both allow it.
  let dynamicallyScalable = offering.dynamicScalingEnabled !== false;
  let image: BootImage;
  if (imageType === "iso") {
    isoId = reqStr(b, "isoId");
    diskOfferingId = reqStr(b, "diskOfferingId");
    image = bootImage(ctx, "iso", isoId, zone.id);
    const disk = requestedEntry(ctx, "diskOfferings", diskOfferingId, "diskOfferingId");
    rootDiskSize ??= disk.customized ? undefined : disk.diskSizeGb;
    if (rootDiskSize === undefined)
      throw badRequest("rootDiskSize is required with a customized disk offering");
  } else {
    templateId = givenTemplateId;
    const template = bootImage(ctx, "template", templateId, zone.id);
    image = template;
    dynamicallyScalable &&= template.isDynamicallyScalable !== false;
    if (imageType === "volume" || imageType === "snapshot") {
      source = rootSource(ctx, b, imageType, zone.id);
      rootDiskSize = source.size;
    }
    rootDiskSize ??= template.minRootDiskSizeGb;
    if (!source && rootDiskSize < template.minRootDiskSizeGb) {
      throw badRequest(
        `rootDiskSize ${rootDiskSize} GB is smaller than the ${template.minRootDiskSizeGb} GB template ${template.name} requires`,
      );
    }
  }
  if (rootDiskSize < 1) throw badRequest("rootDiskSize must be at least 1 GB");
  const name = str(b, "name") || `vm-${randomUUID().slice(0, 8)}`;
  checkHostName(ctx, name);
  const userData = str(b, "userData");
  if (userData !== undefined && !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(userData)) {
    throw badRequest("userData must be base64-encoded");
  }
  if (userData !== undefined) checkUserDataLength(userData);
  const sshKeyNames = b.sshKeyNames;
  if (
    sshKeyNames !== undefined &&
    !(Array.isArray(sshKeyNames) && sshKeyNames.every((k) => typeof k === "string"))
  ) {
    throw badRequest("sshKeyNames must be an array of strings");
  }
  const keyPair = keyPairOf(ctx, (sshKeyNames as string[] | undefined)?.[0] ?? str(b, "keyPair"));
  const dataDisks = objectList(b, "dataDiskOfferingList").map((item) => {
    const id = reqStr(item, "diskOfferingId");
    const disk = requestedEntry(ctx, "diskOfferings", id, "dataDiskOfferingList:");
    const sizeGb = int(item, "size") ?? (disk.customized ? undefined : disk.diskSizeGb);
    if (!sizeGb || sizeGb < 1)
      throw badRequest(`dataDiskOfferingList: size is required for offering ${disk.name}`);
    return { disk, sizeGb };
  });
  const startVm = bool(b, "startVm") ?? true;
  const haEnabled = bool(b, "haEnabled") ?? false;
  const deleteProtection = bool(b, "deleteProtection") ?? false;
  const details: Record<string, string> = {};
  const pwSsh = bool(b, "allowPasswordSsh");
  const noRoot = bool(b, "disableRootCompletely");
  if (pwSsh !== undefined) details.sshPasswordAuthentication = String(pwSsh);
  if (noRoot !== undefined) details.disableRootCompletely = String(noRoot);
  const nics = planNics(ctx, b, zone.id, zone.defaultNetworkId);
  // CloudStack checks the instance allowance, then the volume allowance for its root and data disks.
  const quotaFailure =
    ctx.quota.failure(ctx.user.sub, "instance") ??
    ctx.quota.failure(ctx.user.sub, "volume", (source?.volume ? 0 : 1) + dataDisks.length);
  const zoneFull = !zoneHasRoom(ctx.data, ctx.quota, zone);

  const now = isoNow(ctx);
  const rec = ctx.data.instances.insert(
    ctx.owner,
    {
      seq: ++store.state.instanceSeq,
      tags: {},
      hasAnnotations: false,
      name,
      displayName: str(b, "displayName") || name,
      // CloudStack: a deploy that starts the instance shows Starting; one that does not leaves it Stopped.
      state: startVm ? "Starting" : "Stopped",
      zoneId: zone.id,
      imageType,
      templateId,
      isoId,
      serviceOfferingId,
      diskOfferingId,
      rootDiskSize,
      hypervisor: str(b, "hypervisor") || image.hypervisor || "KVM",
      haEnabled,
      deleteProtection,
      nics,
      keyPair,
      userData,
      startVm,
      dynamicallyScalable,
      dataDiskIds: [],
      details,
      volumeId: source?.volume?.id,
      snapshotId: source?.snapshot?.id,
    },
    now,
  );
  // The root disk is a volume of its own, as CloudStack lists it: ROOT-<sequence>, device 0.
  // From a volume, that volume becomes the root disk (a job failure gives it back, see deployEffect).
  const root = source?.volume
    ? ctx.data.volumes.update(source.volume, { type: "ROOT", virtualMachineId: rec.id, deviceId: 0 })
    : ctx.data.volumes.insert(
        ctx.owner,
        {
          tags: {},
          hasAnnotations: false,
          type: "ROOT",
          name: `ROOT-${rec.seq}`,
          zoneId: zone.id,
          diskOfferingId: diskOfferingId ?? source?.snapshot?.diskOfferingId ?? "",
          size: rootDiskSize,
          state: "Allocated",
          virtualMachineId: rec.id,
          deviceId: 0,
          ...(source?.snapshot ? { snapshotId: source.snapshot.id } : {}),
        },
        now,
      );
  rec.rootVolumeId = root.id;
  dataDisks.forEach(({ disk, sizeGb }, i) => {
    const vol = ctx.data.volumes.insert(
      ctx.owner,
      {
        tags: {},
        hasAnnotations: false,
        type: "DATADISK",
        name: `${name}-data-${i + 1}`,
        zoneId: zone.id,
        diskOfferingId: disk.id,
        size: sizeGb,
        state: "Creating",
        virtualMachineId: rec.id,
        deviceId: i + 1,
      },
      now,
    );
    rec.dataDiskIds.push(vol.id);
  });
  // CloudStack's planner finds no host: InsufficientServerCapacityException from VirtualMachineManagerImpl.
  const noHost = zoneFull ? `Unable to create a deployment for ${vmInstanceLabel(store, rec)}` : undefined;
  const job = submitJob(ctx, {
    command: "deployVirtualMachine",
    resourceType: ctx.data.instances.resourceType,
    resourceId: rec.id,
    resourceName: name,
    failDetail: quotaFailure ?? noHost,
  });
  return ok({ ...instanceView(store, rec), jobId: job.jobId }, audited(job.resourceType, rec.id, job.jobId));
}

/** The volumes an instance made for itself (root and data disks): they go with it. */
export const ownDisks = (r: InstanceRec): string[] => [
  ...(r.rootVolumeId ? [r.rootVolumeId] : []),
  ...r.dataDiskIds,
];

export const deployEffect: JobEffect<InstanceData> = {
  success({ instances, volumes }, job) {
    const r = instances.byId(job.resourceId);
    // Destroyed meanwhile (a deploy with startVm false leaves the instance Stopped, so deletable, while it runs).
    if (!r || instances.isGone(r)) return;
    instances.update(r, { state: r.startVm ? "Running" : "Stopped" }, stampOf(job));
    for (const id of ownDisks(r)) {
      const v = volumes.byId(id);
      if (v) volumes.update(v, { state: "Ready" });
    }
  },
  failure({ instances, volumes }, job) {
    const r = instances.byId(job.resourceId);
    if (!r || instances.isGone(r)) return;
    for (const id of ownDisks(r)) {
      const v = volumes.byId(id);
      // a volume that became the root disk (imageType volume) is the user's: given back, detached
      if (v && id === r.volumeId)
        volumes.update(v, { type: "DATADISK", virtualMachineId: undefined, deviceId: undefined });
      else volumes.delete(id);
    }
    instances.update(r, { state: "Error", dataDiskIds: [], rootVolumeId: undefined }, stampOf(job));
  },
};
