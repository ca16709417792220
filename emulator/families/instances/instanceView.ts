// Instance reads: the Instance view of the spec, get, the paged list, /all and /summary.

import type { Data } from "../../family";
import { catalogueRef, paging, passThrough, zoneOf } from "../../handlers/common";
import { query, str } from "../../handlers/input";
import { fieldsOf } from "../../handlers/views";
import { type Ctx, ok } from "../../http";
import { seedId } from "../../seed";
import type { Store } from "../../store";
import { shownImage } from "../images/imageLookup";
import { groupOf } from "../instanceGroups/instanceGroups";
import type { InstanceRec } from "./records";

type ICtx = Ctx<Data<"instances">>;

/** The caller's instance by id, as actions reach it (a Destroyed one too: it can still be expunged). */
export const findInstance = (ctx: ICtx, id: string) => ctx.data.instances.find(ctx.owner, id);

/**
 * Whether reads show the instance: CloudStack's listVirtualMachines (QueryManagerImpl) hides Destroyed and
 * Expunging instances from users unless their account has `allow.user.view.destroyed.vm`.
 */
const visible = (ctx: ICtx, r: InstanceRec) =>
  !ctx.data.instances.isGone(r) || ctx.user.allowUserViewDestroyedVm === true;

/** The host (1-3) an instance runs on: where it was migrated to, else where it was placed at deploy. */
export function hostIndexOf(r: InstanceRec): number {
  return r.hostIndex ?? (r.seq % 3) + 1;
}

/** The host of that index in the zone: its id and name as instance views show them. */
export function zoneHost(zoneName: string, index: number): { id: string; name: string } {
  return { id: hostId(zoneName, index), name: `kvm-${zoneName || "zone"}-${index}` };
}

/** Three fake hypervisor hosts per zone; their ids are hashed once, not on every view. */
const hostIds = new Map<string, string>();
function hostId(zoneName: string, index: number): string {
  const key = `${zoneName}/${index}`;
  let id = hostIds.get(key);
  if (!id) {
    id = seedId(zoneName, "host", String(index));
    hostIds.set(key, id);
  }
  return id;
}

const ghz = (mhz: number) => `${Number((mhz / 1000).toFixed(2))} Ghz`;

/** The platform's internal name of an instance, `i-<user number>-<sequence>-VM`, as CloudStack names VMs. */
export function instanceName(store: Store, r: InstanceRec): string {
  const user = store.state.users[r.account];
  return `i-${user ? Number.parseInt(user.userId.slice(0, 4), 16) : 0}-${r.seq}-VM`;
}

/** How CloudStack's VMInstanceVO names itself in its messages: `VM[User|i-2-10-VM]`. */
export const vmInstanceLabel = (store: Store, r: InstanceRec) => `VM[User|${instanceName(store, r)}]`;

/** The Instance object of the spec, plus networkIds and nics (emulator extras); userData is never returned. */
export function instanceView(store: Store, r: InstanceRec) {
  const zone = zoneOf(store, r);
  const offering = store.catalogue("computeOfferings", r.serviceOfferingId, r.regionId);
  const template = r.templateId ? shownImage(store, "template", r.templateId, r.regionId) : undefined;
  const iso = r.isoId ? shownImage(store, "iso", r.isoId, r.regionId) : undefined;
  const disk = r.diskOfferingId ? store.catalogue("diskOfferings", r.diskOfferingId, r.regionId) : undefined;
  const user = store.state.users[r.account];
  const cpuNumber = offering?.cpuNumber ?? 0;
  const cpuSpeed = offering?.cpuSpeed ?? 0;
  const memory = offering?.memory ?? 0;
  const running = r.state === "Running" || r.state === "Stopping" || r.state === "Migrating";
  const hostIndex = hostIndexOf(r);
  const defaultNic = r.nics.find((n) => n.isDefault) ?? r.nics[0];
  const group = groupOf(store, r.groupId);
  const host = running ? zoneHost(zone.zoneName, hostIndex) : undefined;
  return {
    ...fieldsOf(r, ["id", "name", "displayName", "state"]),
    instanceType: offering?.name ?? "",
    cpuNumber,
    cpuSpeed,
    memoryKbs: memory * 1024,
    hypervisor: r.hypervisor,
    ipAddress: defaultNic?.ipAddress ?? "",
    networkKbsRead: 0,
    networkKbsWrite: 0,
    receivedBytes: 0,
    sentBytes: 0,
    diskKbsRead: 0,
    diskKbsWrite: 0,
    diskIoRead: 0,
    diskIoWrite: 0,
    osDisplayName: template?.osDisplayName ?? iso?.osDisplayName ?? "",
    ...fieldsOf(r, ["haEnabled", "deleteProtection", "created", "lastUpdated", "account"]),
    domain: "ROOT",
    tags: { ...r.tags },
    details: { ...r.details, rootDiskSize: String(r.rootDiskSize) },
    cpuUtilization: running ? "0%" : "",
    memoryUtilization: running ? "0%" : "",
    templateId: r.templateId ?? r.isoId ?? "",
    templateName: template?.name ?? iso?.name ?? "",
    // an instance whose template was deleted since still names it, without saying what it was
    templateType: template?.templateType ?? (r.imageType === "iso" ? "ISO" : ""),
    templateFormat: template?.format ?? (r.imageType === "iso" ? "ISO" : ""),
    templateDisplayText: template?.displayText ?? iso?.displayText ?? "",
    // imageType volume or snapshot: what the root disk was made from (emulator extra, CloudStack 4.20's inputs)
    ...(r.volumeId ? { volumeId: r.volumeId } : {}),
    ...(r.snapshotId ? { snapshotId: r.snapshotId } : {}),
    ...catalogueRef(store, "computeOfferings", r),
    diskOfferingId: r.diskOfferingId ?? "",
    diskOfferingName: disk?.name ?? "",
    ...zone,
    hostId: host?.id ?? "",
    hostname: host?.name ?? "",
    hostControlState: running ? "Enabled" : "",
    memory,
    cpuTotal: ghz(cpuNumber * cpuSpeed),
    memoryTotal: `${(memory / 1024).toFixed(2)} GiB`,
    instanceName: instanceName(store, r),
    passwordEnabled: template?.passwordEnabled ?? false,
    displayVm: true,
    isDynamicallyScalable: r.dynamicallyScalable !== false,
    userId: user?.userId ?? "",
    username: user?.username ?? r.account,
    domainId: user?.domainId ?? "",
    guestOsId: template?.osTypeId ?? iso?.osTypeId ?? "",
    osTypeId: template?.osTypeId ?? iso?.osTypeId ?? "",
    rootDeviceId: 0,
    rootDeviceType: "ROOT",
    bootMode: "LEGACY",
    bootType: "BIOS",
    poolType: "NetworkFilesystem",
    arch: "x86_64",
    hasAnnotations: r.hasAnnotations,
    backupOfferingId: r.backupOfferingId ?? "",
    backupOfferingName: store.catalogue("backupOfferings", r.backupOfferingId, r.regionId)?.name ?? "",
    keyPair: r.keyPair ?? "",
    // CloudStack's UserVmResponse group and groupid (empty: in no group)
    group: group?.name ?? "",
    groupId: group?.id ?? "",
    networkIds: r.nics.map((n) => n.networkId),
    nics: r.nics.map((n) => ({ ...n })),
  };
}

export function getInstance(ctx: ICtx) {
  const r = findInstance(ctx, ctx.params.id);
  if (!visible(ctx, r)) throw ctx.data.instances.missing(ctx.owner, r.id);
  return ok(instanceView(ctx.store, r));
}

/** Instances of the account in the region, filtered by zoneId, name and state when given. */
function filtered(ctx: ICtx): InstanceRec[] {
  const q = query(ctx);
  const zoneId = str(q, "zoneId");
  const name = str(q, "name");
  const state = str(q, "state");
  return ctx.data.instances
    .list(ctx.owner)
    .filter(
      (r) =>
        visible(ctx, r) &&
        (!zoneId || r.zoneId === zoneId) &&
        (!name || r.name === name) &&
        (!state || r.state === state),
    );
}

export function listInstances(ctx: ICtx) {
  return ok(passThrough("virtualmachines", filtered(ctx), paging(ctx), (r) => instanceView(ctx.store, r)));
}

export function listAllInstances(ctx: ICtx) {
  return ok(passThrough("virtualmachines", filtered(ctx), undefined, (r) => instanceView(ctx.store, r)));
}

export function instanceSummary(ctx: ICtx) {
  const rows = filtered(ctx).map((r) => {
    const v = instanceView(ctx.store, r);
    return {
      ...fieldsOf(v, [
        "id",
        "name",
        "displayName",
        "state",
        "zoneId",
        "zoneName",
        "ipAddress",
        "instanceType",
        "created",
      ]),
    };
  });
  return ok(passThrough("virtualmachines", rows));
}
