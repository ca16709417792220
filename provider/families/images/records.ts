// The records of the images family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, num, opt, str } from "../../client/records";

/** One image store's view of a download (CloudStack's TemplateResponse.downloaddetails). */
const DownloadDetailSchema = z
  .looseObject({
    datastore: str().describe("The image store (secondary storage) the image is downloaded to."),
    downloadPercent: num().describe("How much of the download is done, in percent (0 to 100)."),
    downloadState: str().describe("The download's state as the platform reports it, e.g. DOWNLOAD_IN_PROGRESS, DOWNLOADED or DOWNLOAD_ERROR."),
  })
  .describe("One image store's view of an image's download: where it goes and how far it is.");

/** CloudStack's download states (VMTemplateStorageResourceAssoc.Status) of a download that will not finish. */
const FAILED_DOWNLOADS = ["DOWNLOAD_ERROR", "ABANDONED", "UPLOAD_ERROR", "UPLOAD_ABANDONED"];

/**
 * What templates and ISOs share (CloudStack's TemplateResponse, camel-cased): the seeded catalogue's rows and the
 * images accounts register. `isReady` is the platform's word on readiness; `status` its text (the download's
 * progress, "Download Complete", or why the download failed), shown to the owner.
 */
const imageFields = {
  id: z.string().describe("The image's id."),
  name: str().describe("The image's name."),
  displayText: str().describe("The image's description (display text); its name when none was given."),
  zoneId: str().describe("The id of the zone the image is registered in (`cim.getZone`)."),
  zoneName: str().describe("The name of the image's zone."),
  format: str().describe("The disk image's format: QCOW2, RAW, VHD, VHDX, OVA, VMDK or TAR for a template; ISO for an ISO."),
  osTypeId: str().describe("The id of the guest OS type the image carries (`cim.getOsType`)."),
  osTypeName: str().describe("The name of the image's guest OS type."),
  isPublic: bool().describe("Whether every account may use the image."),
  isFeatured: bool().describe("Whether the image is listed among the platform's featured images."),
  isExtractable: bool().describe("Whether the image's file may be downloaded (extracted) by those who may use it."),
  passwordEnabled: bool().describe("Whether the image supports the platform's password reset feature."),
  isDynamicallyScalable: bool().describe("Whether the image carries the hypervisor's tools to scale an instance's CPU and memory while it runs."),
  crossZones: bool().describe("Whether the image is managed across all zones rather than registered in one."),
  account: str().describe("The account that owns the image; `system` for the platform's own images."),
  isReady: bool().describe("Whether the image is ready to deploy from (its download is complete)."),
  status: str().describe('The platform\'s words on the download, shown to the owner: e.g. "45% Downloaded", "Download Complete" ' + '(an ISO: "Successfully Installed"), or why the download failed.'),
  url: str().describe("The http(s) URL the image was registered from; shown to the owner."),
  checksum: str().describe("The checksum given at registration, e.g. `{SHA-256}<hex>` or an MD5 digest."),
  size: num().describe("The size in bytes, once downloaded: a template's virtual size, an ISO's file size."),
  downloadDetails: opt(z.array(DownloadDetailSchema)).describe("The download's progress on each image store, shown to the owner."),
  created: str().describe("When the image was registered (ISO 8601)."),
};

/**
 * The record's `state`, which the API does not write: Ready once `isReady`, Error when the download failed (its
 * download state says so), Downloading while it is under way; undefined when the API says nothing of readiness.
 */
function withImageState<T extends { isReady?: boolean; downloadDetails?: { downloadState?: string }[] }>(r: T) {
  const failed = r.downloadDetails?.some((d) => FAILED_DOWNLOADS.includes(String(d.downloadState)));
  const state = r.isReady === true ? "Ready" : failed ? "Error" : r.isReady === false ? "Downloading" : undefined;
  return { ...r, state };
}

/** What templates and ISOs share, as a type (the lookups' records of both extend it: sdk/lookups/records.ts). */
export const ImageSchema = z.looseObject(imageFields).describe("What a template and an ISO both are: a disk image registered in a zone, and its download.").transform(withImageState);
export type Image = z.output<typeof ImageSchema>;

export const TemplateSchema = z
  .looseObject({
    ...imageFields,
    minRootDiskSizeGb: num().describe("The smallest root disk, in GB, of an instance deployed from the template (the default `rootDiskSize`)."),
    hypervisor: str().describe("The hypervisor the template is for: KVM, XenServer, VMware, Hyperv, LXC, Ovm3, BareMetal or Simulator."),
    templateType: str().describe("The template's type as the platform reports it, e.g. USER."),
  })
  .describe("A template: a disk image instances are deployed from (`cim.Template`).")
  .transform(withImageState);
export type Template = z.output<typeof TemplateSchema>;

export const IsoSchema = z
  .looseObject({
    ...imageFields,
    bootable: bool().describe("Whether instances can boot from the ISO; a data ISO (drivers, tools) is not bootable."),
  })
  .describe("An ISO image: a disk an instance boots from or mounts (`cim.Iso`).")
  .transform(withImageState);
export type Iso = z.output<typeof IsoSchema>;

/**
 * Who may use a template or ISO (CloudStack's TemplatePermissionsResponse): `account` names the accounts given
 * launch permission, and, while the image is private, its owner.
 */
export const ImagePermissionsSchema = z
  .looseObject({
    id: str().describe("The id of the template or ISO."),
    isPublic: bool().describe("Whether every account may use the image."),
    account: opt(z.array(z.string())).describe("The names of the accounts given launch permission and, while the image is private, its owner's."),
    projectIds: opt(z.array(z.string())).describe("The ids of the projects given launch permission."),
  })
  .describe("Who may use a template or ISO: whether it is public, and the accounts and projects given launch permission.");
export type ImagePermissions = z.output<typeof ImagePermissionsSchema>;
