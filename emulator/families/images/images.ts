// Templates and ISOs as the API lists and reads them: the seeded catalogue (featured platform images, public and
// ready) and the images accounts registered from a URL, through CloudStack's listTemplates / listIsos filters
// (`templateFilter` / `isoFilter`). CloudStack keeps both kinds in one table (vm_template), so one family holds
// both; `kind` says which routes reach a record. Registering, changing and deleting are ./imageChanges.ts, the
// launch permissions ./imagePermissions.ts. The spec shows none of this: emulator/README.md has the choices.

import type { Data } from "../../family";
import { zoneOf } from "../../handlers/common";
import { query, str } from "../../handlers/input";
import { deleteEffect, stampOf } from "../../handlers/lifecycle";
import { fieldsOf } from "../../handlers/views";
import { badRequest, type Ctx, forbidden, notFound, ok } from "../../http";
import type { JobEffect } from "../../jobs";
import type { Iso, Template } from "../../records";
import { GIB, ISO_SIZE_GB, mayUse, osTypeName, TEMPLATE_SIZE_GB } from "./imageLookup";
import type { ImageRec } from "./records";

export type ImageData = Data<"images" | "instances" | "projects">;
export type GCtx = Ctx<ImageData>;
export type ImageKind = "template" | "iso";

/** How each kind is named in routes, messages, jobs and CloudStack's texts. */
export const KINDS = {
  template: {
    label: "Template",
    resourceType: "Template",
    catalogue: "templates",
    filterParam: "templateFilter",
    installing: "Installing Template",
    complete: "Download Complete",
    commands: { register: "registerTemplate", delete: "deleteTemplate" },
  },
  iso: {
    label: "ISO",
    resourceType: "Iso",
    catalogue: "isos",
    filterParam: "isoFilter",
    installing: "Installing ISO",
    // CloudStack's newIsoResponse says this where newTemplateResponse says "Download Complete"
    complete: "Successfully Installed",
    commands: { register: "registerIso", delete: "deleteIso" },
  },
} as const;

/** The platform account that owns the seeded catalogue (CloudStack's system account). */
const SYSTEM = "system";

/**
 * CloudStack's TemplateFilter values a user may list by: featured (the platform's), self (the caller's own),
 * selfexecutable and sharedexecutable (own, or granted to the caller, ready), community (public, not featured,
 * ready) and executable (everything the caller may deploy from: the default here, as the spec's "source of
 * templateId"). `all` is CloudStack's root administrators' filter, which no caller of this API is (a
 * service:admin token included: it gates administrative endpoints only): refused with CloudStack's text.
 */
const FILTERS = [
  "featured",
  "self",
  "selfexecutable",
  "sharedexecutable",
  "executable",
  "community",
] as const;
type Filter = (typeof FILTERS)[number];

/** One row of a list: a catalogue entry or a registered record. */
type Row = { catalogue: Template | Iso; rec?: undefined } | { rec: ImageRec; catalogue?: undefined };

const ready = (row: Row) => row.catalogue !== undefined || row.rec.state === "Ready";

function matches(ctx: GCtx, filter: Filter, row: Row): boolean {
  if (row.catalogue) return filter === "featured" || filter === "executable";
  const r = row.rec;
  const own = r.account === ctx.user.sub;
  switch (filter) {
    case "featured":
      return r.isFeatured && ready(row);
    case "self":
      return own;
    case "selfexecutable":
      return own && ready(row);
    case "sharedexecutable":
      return !own && r.launchAccounts.includes(ctx.user.username) && ready(row);
    case "community":
      return r.isPublic && !r.isFeatured && ready(row);
    case "executable":
      return mayUse(ctx.user, r);
  }
}

/** The download's progress: the register job's share of its duration on the job clock, 100 once it has ended. */
function downloadPercent(ctx: GCtx, r: ImageRec): number {
  if (r.downloadState !== "DOWNLOAD_IN_PROGRESS") return r.downloadState === "DOWNLOADED" ? 100 : 0;
  const job = r.jobId ? ctx.store.state.jobs[r.jobId] : undefined;
  if (job?.status !== "running") return 100;
  const span = job.dueAtMs - job.createdMs;
  return span > 0
    ? Math.min(99, Math.max(0, Math.floor((100 * (ctx.clock.now() - job.createdMs)) / span)))
    : 0;
}

/** CloudStack's status text of an image (TemplateJoinDaoImpl.getTemplateStatus), shown to its owner only. */
function statusOf(r: ImageRec, percent: number): string {
  const k = KINDS[r.kind];
  if (r.downloadState === "DOWNLOADED") return k.complete;
  if (r.downloadState === "DOWNLOAD_ERROR") return r.errorString ?? "";
  return percent >= 100 ? k.installing : `${percent}% Downloaded`;
}

/** A registered image as listTemplates / listIsos shows it (TemplateResponse, camel-cased). */
export function imageView(ctx: GCtx, r: ImageRec) {
  const own = r.account === ctx.user.sub;
  const percent = downloadPercent(ctx, r);
  const zone = zoneOf(ctx.store, r);
  const template = r.kind === "template";
  return {
    ...fieldsOf(r, ["id", "name", "displayText"]),
    ...zone,
    format: r.format,
    ...(template ? { hypervisor: r.hypervisor, templateType: "USER" } : { bootable: r.bootable }),
    osTypeId: r.osTypeId,
    osTypeName: osTypeName(ctx.store, r.osTypeId),
    ...fieldsOf(r, ["isPublic", "isFeatured", "isExtractable", "passwordEnabled", "isDynamicallyScalable"]),
    crossZones: false,
    account: r.account,
    isReady: r.state === "Ready",
    ...(r.size !== undefined ? { size: r.size } : {}),
    ...(template && r.state === "Ready" ? { minRootDiskSizeGb: TEMPLATE_SIZE_GB } : {}),
    ...(r.checksum ? { checksum: r.checksum } : {}),
    created: r.created,
    // CloudStack shows the download's status to the owner (and admins) only
    ...(own
      ? {
          url: r.url,
          status: statusOf(r, percent),
          downloadDetails: [
            {
              datastore: `secondary-${zone.zoneName || r.zoneId}`,
              downloadPercent: percent,
              downloadState: r.downloadState,
            },
          ],
        }
      : {}),
  };
}

/** A seeded catalogue entry as listTemplates / listIsos shows it: a featured, public, ready platform image. */
function catalogueView(kind: ImageKind, c: Template | Iso) {
  const common = {
    osTypeId: c.osTypeId,
    osTypeName: c.osDisplayName,
    osDisplayName: c.osDisplayName,
    isPublic: true,
    isFeatured: true,
    isExtractable: false,
    crossZones: true,
    account: SYSTEM,
    isReady: true,
  };
  if (kind === "iso")
    return { id: c.id, name: c.name, displayText: c.displayText, format: "ISO", bootable: true, ...common };
  const t = c as Template;
  return {
    ...fieldsOf(t, ["id", "name", "displayText", "minRootDiskSizeGb", "format"]),
    hypervisor: "KVM",
    ...fieldsOf(t, ["templateType", "passwordEnabled"]),
    isDynamicallyScalable: t.isDynamicallyScalable !== false,
    ...common,
    size: t.minRootDiskSizeGb * GIB,
  };
}

const view = (ctx: GCtx, kind: ImageKind, row: Row) =>
  row.catalogue ? catalogueView(kind, row.catalogue) : imageView(ctx, row.rec);

/** Every row of the kind in the routed region: the catalogue's, then the registered records (creation order). */
function rowsOf(ctx: GCtx, kind: ImageKind): Row[] {
  const catalogue = (ctx.store.state[KINDS[kind].catalogue] as (Template | Iso)[])
    .filter((c) => c.regionId === ctx.region.id)
    .map((c) => ({ catalogue: c }));
  const recs = ctx.data.images
    .where((r) => r.kind === kind && r.regionId === ctx.region.id)
    .map((rec) => ({ rec }));
  return [...catalogue, ...recs];
}

/** GET /templates, GET /isos: a bare array, as the catalogue reads are; filters `templateFilter`/`isoFilter`, `id`, `name`, `zoneId`, `keyword`. */
export function listImages(kind: ImageKind) {
  return (ctx: GCtx) => {
    const q = query(ctx);
    const given = str(q, KINDS[kind].filterParam) ?? "executable";
    const filter = FILTERS.find((f) => f === given.toLowerCase());
    // QueryManagerImpl.searchForTemplatesInternal's refusal for an account that is not an admin
    if (given.toLowerCase() === "all") throw badRequest("Filter all can be specified by admin only");
    if (!filter)
      throw badRequest(
        `Please specify a valid ${kind} filter.`,
        `${KINDS[kind].filterParam} is one of ${FILTERS.join(", ")}`,
      );
    const [id, name, zoneId, keyword] = ["id", "name", "zoneId", "keyword"].map((k) => str(q, k));
    const rows = rowsOf(ctx, kind).filter((row) => {
      const r = row.catalogue ?? row.rec;
      return (
        matches(ctx, filter, row) &&
        (!id || r.id === id) &&
        (!name || r.name === name) &&
        (!keyword || r.name.includes(keyword)) &&
        (!zoneId || !row.rec || row.rec.zoneId === zoneId)
      );
    });
    return ok(rows.map((row) => view(ctx, kind, row)));
  };
}

/** The row the caller may see by id (a catalogue entry, its own, a public, featured or shared one), else 404. */
function visible(ctx: GCtx, kind: ImageKind, id: string): Row {
  const c = ctx.store.catalogue(KINDS[kind].catalogue, id, ctx.region.id);
  if (c) return { catalogue: c };
  const r = ctx.data.images.byId(id);
  if (r && r.regionId === ctx.region.id && mayUse(ctx.user, r)) {
    if (r.kind !== kind)
      throw badRequest(`Please specify a valid ${kind === "template" ? "template" : "ISO"}.`);
    return { rec: r };
  }
  throw notFound(`${KINDS[kind].label} ${id} not found in region ${ctx.region.name}`);
}

export function getImage(kind: ImageKind) {
  return (ctx: GCtx) => ok(view(ctx, kind, visible(ctx, kind, ctx.params.id)));
}

/**
 * The caller's own record, one it may change: anything else it can see (the platform's featured images, another
 * account's public one) is refused as CloudStack's checkAccess(OperateEntry) refuses it (403).
 */
export function ownImage(ctx: GCtx, kind: ImageKind, id: string): ImageRec {
  const row = visible(ctx, kind, id);
  const name = row.catalogue?.name ?? row.rec?.name;
  if (!row.rec || row.rec.account !== ctx.user.sub)
    throw forbidden(
      `Account ${ctx.user.username} does not have permission to operate with resource ${KINDS[kind].label} ${name}`,
    );
  return row.rec;
}

/** The download ends with the register job: ready, or failed with the platform's text (the job's detail). */
const registered: JobEffect<ImageData> = {
  success(data, job) {
    const r = data.images.byId(job.resourceId);
    if (!r) return;
    const size = (r.kind === "template" ? TEMPLATE_SIZE_GB : ISO_SIZE_GB) * GIB;
    data.images.update(r, { state: "Ready", downloadState: "DOWNLOADED", size }, stampOf(job));
  },
  failure(data, job) {
    const r = data.images.byId(job.resourceId);
    if (r)
      data.images.update(
        r,
        { state: "Error", downloadState: "DOWNLOAD_ERROR", errorString: job.detail },
        stampOf(job),
      );
  },
};

export const imageJobEffects: Record<string, JobEffect<ImageData>> = {
  registerTemplate: registered,
  registerIso: registered,
  deleteTemplate: deleteEffect("images"),
  deleteIso: deleteEffect("images"),
};
