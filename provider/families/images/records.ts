// The records of the images family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, num, opt, str } from "../../client/records";

/** One image store's view of a download (CloudStack's TemplateResponse.downloaddetails). */
const DownloadDetailSchema = z.looseObject({
  datastore: str(),
  downloadPercent: num(),
  downloadState: str(),
});

/** CloudStack's download states (VMTemplateStorageResourceAssoc.Status) of a download that will not finish. */
const FAILED_DOWNLOADS = ["DOWNLOAD_ERROR", "ABANDONED", "UPLOAD_ERROR", "UPLOAD_ABANDONED"];

/**
 * What templates and ISOs share (CloudStack's TemplateResponse, camel-cased): the seeded catalogue's rows and the
 * images accounts register. `isReady` is the platform's word on readiness; `status` its text (the download's
 * progress, "Download Complete", or why the download failed), shown to the owner.
 */
const imageFields = {
  id: z.string(),
  name: str(),
  displayText: str(),
  zoneId: str(),
  zoneName: str(),
  format: str(),
  osTypeId: str(),
  osTypeName: str(),
  isPublic: bool(),
  isFeatured: bool(),
  isExtractable: bool(),
  passwordEnabled: bool(),
  isDynamicallyScalable: bool(),
  crossZones: bool(),
  account: str(),
  isReady: bool(),
  status: str(),
  url: str(),
  checksum: str(),
  /** Bytes: a template's virtual size, an ISO's file size. */
  size: num(),
  downloadDetails: opt(z.array(DownloadDetailSchema)),
  created: str(),
};

/**
 * The record's `state`, which the API does not write: Ready once `isReady`, Error when the download failed (its
 * download state says so), Downloading while it is under way; undefined when the API says nothing of readiness.
 */
function withImageState<T extends { isReady?: boolean; downloadDetails?: { downloadState?: string }[] }>(
  r: T,
) {
  const failed = r.downloadDetails?.some((d) => FAILED_DOWNLOADS.includes(String(d.downloadState)));
  const state =
    r.isReady === true ? "Ready" : failed ? "Error" : r.isReady === false ? "Downloading" : undefined;
  return { ...r, state };
}

export const TemplateSchema = z
  .looseObject({
    ...imageFields,
    minRootDiskSizeGb: num(),
    hypervisor: str(),
    templateType: str(),
  })
  .transform(withImageState);
export type Template = z.output<typeof TemplateSchema>;

export const IsoSchema = z.looseObject({ ...imageFields, bootable: bool() }).transform(withImageState);
export type Iso = z.output<typeof IsoSchema>;

/**
 * Who may use a template or ISO (CloudStack's TemplatePermissionsResponse): `account` names the accounts given
 * launch permission, and, while the image is private, its owner.
 */
export const ImagePermissionsSchema = z.looseObject({
  id: str(),
  isPublic: bool(),
  account: opt(z.array(z.string())),
  projectIds: opt(z.array(z.string())),
});
export type ImagePermissions = z.output<typeof ImagePermissionsSchema>;
