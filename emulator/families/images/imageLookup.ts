// The images an instance boots from: the seeded catalogue's (featured, public, ready) and the templates and ISOs
// accounts registered (the images family). Who may use a registered one, whether it is ready in the zone, and
// what an instance's view shows of it. Reads the store only: instance views have no repositories at hand.
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx } from "../../http";
import type { BaseState, User } from "../../records";
import type { Store } from "../../store";
import type { ImageRec } from "./records";

/** A downloaded template's virtual size and its minimum root disk (the emulator downloads nothing). */
export const TEMPLATE_SIZE_GB = 10;
/** A downloaded ISO's file size. */
export const ISO_SIZE_GB = 1;
export const GIB = 1024 ** 3;

/** The registered images of every account (the images family's collection, absent in state from before it). */
export function registeredImages(store: Store): Record<string, ImageRec> {
  return (store.state as BaseState & { images?: Record<string, ImageRec> }).images ?? {};
}

/**
 * Whether the user may use (list, deploy from) a registered image: its own, a public or featured one, or one whose
 * launch permissions name the user's account (CloudStack's listTemplates filters and checkAccess UseEntry).
 */
export function mayUse(user: User, r: ImageRec): boolean {
  return r.account === user.sub || r.isPublic || r.isFeatured || r.launchAccounts.includes(user.username);
}

/** The OS type's description ("Ubuntu 22.04 (64-bit)"), or None for an ISO registered without one. */
export function osTypeName(store: Store, id: string): string {
  return store.state.osTypes.find((o) => o.id === id)?.description ?? "None";
}

/** What deploying needs of an image, whichever list it comes from. */
export interface BootImage {
  name: string;
  minRootDiskSizeGb: number;
  isDynamicallyScalable: boolean;
  hypervisor?: string;
}

const label = (kind: "template" | "iso") => (kind === "template" ? "a template" : "an ISO");

/**
 * The image a deploy names (`templateId` or `isoId`), refused at once where CloudStack's deployVirtualMachine
 * refuses or its job fails: unknown or not the caller's to use, of another zone, not downloaded yet, an ISO that
 * is not bootable.
 */
export function bootImage(ctx: Ctx, kind: "template" | "iso", id: string, zoneId: string): BootImage {
  const { store, region } = ctx;
  const field = kind === "template" ? "templateId" : "isoId";
  if (kind === "template") {
    const t = store.catalogue("templates", id, region.id);
    if (t) return t;
  } else if (store.catalogue("isos", id, region.id)) {
    return {
      name: store.catalogue("isos", id, region.id)!.name,
      minRootDiskSizeGb: 0,
      isDynamicallyScalable: true,
    };
  }
  const r = registeredImages(store)[id];
  if (!r || r.kind !== kind || r.regionId !== region.id || !mayUse(ctx.user, r) || r.state === "Destroying")
    throw badRequest(`${field} ${id} is not ${label(kind)} in ${region.name}`);
  if (r.zoneId !== zoneId) {
    const zone = store.catalogue("zones", r.zoneId, region.id)?.name ?? r.zoneId;
    throw badRequest(
      `${kind === "template" ? "Template" : "ISO"} ${r.name} is not available in zone ${zoneId}: it was registered in zone ${zone}`,
    );
  }
  if (r.state !== "Ready")
    throw badRequest(
      `Template ${r.name} has not been completely downloaded to zone ${zoneId}`,
      r.state === "Error"
        ? `Its download failed: ${r.errorString ?? ""}`
        : "Wait until it is ready (isReady)",
    );
  if (kind === "iso" && !r.bootable)
    throw badRequest(`Installing from ISO requires an ISO that is bootable: ${r.id}`);
  return {
    name: r.name,
    minRootDiskSizeGb: kind === "template" ? TEMPLATE_SIZE_GB : 0,
    isDynamicallyScalable: r.isDynamicallyScalable,
    hypervisor: r.hypervisor || undefined,
  };
}

/** What an instance's view shows of the image it was deployed from (undefined once that image is gone). */
export function shownImage(store: Store, kind: "template" | "iso", id: string, regionId: string) {
  if (kind === "template") {
    const t = store.catalogue("templates", id, regionId);
    if (t) return t;
  } else {
    const i = store.catalogue("isos", id, regionId);
    if (i) return { ...i, format: "ISO", templateType: "ISO", passwordEnabled: false };
  }
  const r = registeredImages(store)[id];
  if (!r || r.kind !== kind || r.regionId !== regionId) return undefined;
  return {
    ...fieldsOf(r, ["name", "displayText", "osTypeId"]),
    osDisplayName: osTypeName(store, r.osTypeId),
    format: r.format,
    templateType: kind === "template" ? "USER" : "ISO",
    passwordEnabled: r.passwordEnabled,
  };
}
