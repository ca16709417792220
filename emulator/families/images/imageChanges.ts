// Registering, changing and deleting the caller's templates and ISOs: CloudStack's registerTemplate /
// registerIso (TemplateAdapterBase.prepare, HypervisorTemplateAdapter.prepare), updateTemplate / updateIso and
// deleteTemplate / deleteIso (TemplateManagerImpl). Registering is a job here, as the spec makes every call that
// reaches the compute platform: the job is the download, and its end makes the image ready or failed.

import { audited, isoNow, jobAccepted, refusedInJob, stateJob, submitJob } from "../../handlers/common";
import { body, bool, query, reqStr, str, withinLength } from "../../handlers/input";
import { badRequest, ok } from "../../http";
import { checkImageUrl, hypervisorType, templateFormat } from "./imageRules";
import { type GCtx, type ImageKind, imageView, KINDS, ownImage } from "./images";

/** CloudStack's @Parameter lengths: name (the default 255), displaytext 4096, url 2048. */
const MAX = { name: 255, displayText: 4096, url: 2048 };

function within(key: keyof typeof MAX, value: string | undefined): void {
  if (value !== undefined) withinLength(key, value, MAX[key]);
}

/** An OS type id the platform knows (CloudStack's UUID parameter check of ostypeid). */
function osType(ctx: GCtx, id: string): string {
  if (!ctx.store.state.osTypes.some((o) => o.id === id))
    throw badRequest(
      `Invalid parameter osTypeId value=${id} due to incorrect long value format, or entity does not exist or due to incorrect parameter annotation for the field in api cmd class.`,
      "GET /api/v1/os-types lists the OS types",
    );
  return id;
}

/**
 * POST /templates, POST /isos: the registration is checked at once (zone, format, hypervisor, OS type, URL, the
 * account's right to public images) and answered `{jobId, id}`; the record shows the download meanwhile.
 */
export function registerImage(kind: ImageKind) {
  return (ctx: GCtx) => {
    const b = body(ctx);
    const name = reqStr(b, "name");
    const displayText = str(b, "displayText") || name;
    const url = reqStr(b, "url").trim();
    for (const [k, v] of [
      ["name", name],
      ["displayText", displayText],
      ["url", url],
    ] as const)
      within(k, v);
    const zoneId = reqStr(b, "zoneId");
    if (zoneId === "-1")
      throw badRequest(
        "Template registered for 'All zones' can only be owned a Root Admin account. Please select specific zone(s).",
      );
    if (!ctx.store.catalogue("zones", zoneId, ctx.region.id))
      throw badRequest("Please specify a valid zone.");
    const template = kind === "template";
    const format = template ? templateFormat(reqStr(b, "format")) : "ISO";
    const hypervisor = template ? hypervisorType(reqStr(b, "hypervisor")) : "None";
    const bootable = template ? true : (bool(b, "bootable") ?? true);
    const givenOs = str(b, "osTypeId");
    // a bootable image says its OS (a template always; an ISO unless it is a data ISO)
    if (!givenOs && bootable)
      throw badRequest(template ? "Please provide a guest OS type" : "Please pass a valid GuestOS Id");
    const osTypeId = givenOs ? osType(ctx, givenOs) : "";
    checkImageUrl(url, format);
    const isPublic = bool(b, "isPublic") ?? false;
    if (isPublic && ctx.user.allowPublicUserTemplates === false)
      throw badRequest("Only private templates/ISO can be created.");
    // CloudStack's template allowance (ResourceType.template) counts templates and ISOs alike
    const overAllowance = ctx.quota.failure(ctx.user.sub, "template");
    const now = isoNow(ctx);
    const rec = ctx.data.images.insert(
      ctx.owner,
      {
        kind,
        name,
        displayText,
        url,
        zoneId,
        format,
        hypervisor,
        osTypeId,
        checksum: str(b, "checksum") || undefined,
        isPublic,
        // kept from any caller: the owner may feature it through Update Template Permissions anyway (the spec's
        // isfeatured), and the spec's whole-account authorization gives a user no less than an administrator
        // (CloudStack's prepare drops it from accounts that are not admins)
        isFeatured: bool(b, "isFeatured") ?? false,
        isExtractable: bool(b, "isExtractable") ?? false,
        passwordEnabled: template && (bool(b, "passwordEnabled") ?? false),
        isDynamicallyScalable: bool(b, "isDynamicallyScalable") ?? false,
        bootable,
        launchAccounts: [],
        state: "Downloading",
        downloadState: "DOWNLOAD_IN_PROGRESS",
      },
      now,
    );
    const job = submitJob(ctx, {
      command: KINDS[kind].commands.register,
      resourceType: KINDS[kind].resourceType,
      resourceId: rec.id,
      resourceName: name,
      failDetail: overAllowance,
    });
    ctx.data.images.update(rec, { jobId: job.jobId });
    return jobAccepted(job);
  };
}

/**
 * PUT /templates/{id}, PUT /isos/{id}: CloudStack's updateTemplate / updateIso, synchronous, with query parameters
 * as the spec's other PUTs take them: name, displayText, osTypeId, passwordEnabled and isDynamicallyScalable
 * (templates), bootable (ISOs). What is not given stays.
 */
export function updateImage(kind: ImageKind) {
  return (ctx: GCtx) => {
    const r = ctx.data.images.idle(ownImage(ctx, kind, ctx.params.id));
    const q = query(ctx);
    const name = str(q, "name");
    const displayText = str(q, "displayText");
    within("name", name);
    within("displayText", displayText);
    if (name !== undefined && name.trim() === "") throw badRequest("name must not be empty");
    const osTypeId = str(q, "osTypeId");
    const patch = {
      ...(name !== undefined ? { name } : {}),
      ...(displayText ? { displayText } : {}),
      ...(osTypeId !== undefined ? { osTypeId: osType(ctx, osTypeId) } : {}),
      ...(kind === "template" && bool(q, "passwordEnabled") !== undefined
        ? { passwordEnabled: bool(q, "passwordEnabled") }
        : {}),
      ...(bool(q, "isDynamicallyScalable") !== undefined
        ? { isDynamicallyScalable: bool(q, "isDynamicallyScalable") }
        : {}),
      ...(kind === "iso" && bool(q, "bootable") !== undefined ? { bootable: bool(q, "bootable") } : {}),
    };
    ctx.data.images.update(r, patch, isoNow(ctx));
    return ok(imageView(ctx, r), audited(KINDS[kind].resourceType, r.id));
  };
}

/** Instances (not destroyed) deployed from the image: CloudStack's listNonExpungedByTemplate and the ISO check. */
function usersOf(ctx: GCtx, kind: ImageKind, id: string) {
  return ctx.data.instances.where(
    (i) => !ctx.data.instances.isGone(i) && (kind === "template" ? i.templateId === id : i.isoId === id),
  );
}

/**
 * DELETE /templates/{id}?forced=, DELETE /isos/{id}: a job. A template instances still use is refused unless
 * `forced` (CloudStack's deleteTemplate), an ISO they use always (deleteIso has no force).
 */
export function deleteImage(kind: ImageKind) {
  return (ctx: GCtx) => {
    const r = ctx.data.images.idle(ownImage(ctx, kind, ctx.params.id));
    const using = usersOf(ctx, kind, r.id);
    // checked in the job, which fails with CloudStack's words, the image unchanged
    const failDetail =
      using.length && (kind === "iso" || bool(query(ctx), "forced") !== true)
        ? kind === "iso"
          ? "Unable to delete ISO, as it's used by other instances"
          : `Unable to delete template [${r.name}] because there are [${using.length}] VM instances using it.`
        : undefined;
    const job = { resourceType: KINDS[kind].resourceType, command: KINDS[kind].commands.delete };
    if (failDetail) return refusedInJob(ctx, ctx.data.images, r, { ...job, failDetail });
    return stateJob(ctx, ctx.data.images, r, { ...job, interim: "Destroying" });
  };
}
