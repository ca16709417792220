// Registered templates and ISOs (CloudStack's VMTemplateVO).
import type { Owned } from "../../records";

/**
 * A template or ISO an account registered from a URL: CloudStack's vm_template row (both live there, an ISO is the
 * row whose format is ISO), with its launch permissions and the state of its download to secondary storage.
 */
export interface ImageRec extends Owned {
  /** Which routes reach it: /templates or /isos (CloudStack refuses a template id on the ISO commands and back). */
  kind: "template" | "iso";
  name: string;
  displayText: string;
  url: string;
  zoneId: string;
  /** QCOW2, RAW, VHD, … for templates; ISO for ISOs. */
  format: string;
  /** The template's hypervisor (CloudStack's HypervisorType name); None for ISOs. */
  hypervisor: string;
  osTypeId: string;
  checksum?: string;
  isPublic: boolean;
  isFeatured: boolean;
  isExtractable: boolean;
  passwordEnabled: boolean;
  isDynamicallyScalable: boolean;
  /** ISOs: whether instances can boot from it (CloudStack's bootable; templates are always bootable). */
  bootable: boolean;
  /** The accounts given launch permission (CloudStack's launch_permission rows), by account name. */
  launchAccounts: string[];
  /** The projects given launch permission (CloudStack's launch_permission rows of project accounts), by id. */
  launchProjects?: string[];
  /** Downloading while the register job runs, Ready, Error (the download failed), Destroying while deleted. */
  state: string;
  /** CloudStack's VMTemplateStorageResourceAssoc.Status of the download: DOWNLOAD_IN_PROGRESS, DOWNLOADED, DOWNLOAD_ERROR. */
  downloadState: string;
  /** A failed download's text (CloudStack's errorString), which the status shows. */
  errorString?: string;
  /** The register job: the download's progress is the job's. */
  jobId?: string;
  /** Bytes, once downloaded (CloudStack's size: a template's virtual size, an ISO's file size). */
  size?: number;
}

declare module "../../records" {
  interface FamilyRecords {
    images: ImageRec;
  }
}
