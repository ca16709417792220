// Who may use a template or ISO: CloudStack's updateTemplatePermissions / updateIsoPermissions
// (TemplateManagerImpl.updateTemplateOrIsoPermissions) and listTemplatePermissions / listIsoPermissions. The
// spec's "Update Template Permissions" is a PUT with the template's id in the path and a JSON body read key by
// key (ispublic, isextractable, isfeatured, accounts, projectids, op): other keys are ignored, not refused.
// Synchronous, as CloudStack's commands are (BaseCmd): the answer is `{id}` without a jobId.

import { audited } from "../../handlers/common";
import { body, bool, type Obj, str } from "../../handlers/input";
import { fieldsOf } from "../../handlers/views";
import { accepted, badRequest, ok } from "../../http";
import { type GCtx, type ImageKind, KINDS, ownImage } from "./images";

/** A comma-separated list (the spec types accounts and projectids as strings); a JSON array is taken too. */
function names(b: Obj, key: string): string[] | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  const items = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : undefined;
  if (!items?.every((i) => typeof i === "string"))
    throw badRequest(`Parameter '${key}' must be a comma-separated list of names`);
  return items.map((i) => i.trim()).filter((i) => i !== "");
}

/**
 * GET /templates/{id}/permissions, GET /isos/{id}/permissions (the owner's): CloudStack's TemplatePermissionsResponse
 * `{id, isPublic, domainId, account, projectIds}`; `account` lists the accounts given launch permission and, for a
 * private image, its owner too, as listTemplatePermissions does.
 */
export function listImagePermissions(kind: ImageKind) {
  return (ctx: GCtx) => {
    const r = ownImage(ctx, kind, ctx.params.id);
    const owner = ctx.store.state.users[r.account]?.username ?? r.account;
    return ok({
      ...fieldsOf(r, ["id", "isPublic"]),
      domainId: ctx.user.domainId,
      account: r.isPublic ? [...r.launchAccounts] : [...r.launchAccounts, owner],
      projectIds: [...(r.launchProjects ?? [])],
    });
  };
}

/**
 * PUT /templates/{id}/permissions, PUT /isos/{id}/permissions. In CloudStack's order: the image and its kind,
 * accounts or projects (not both; each project the caller's), the owner's right to public images, a valid
 * `op` when accounts or projects are given; then the flags, then the launch permissions: `add` grants each named account
 * (all must exist and be active; the owner is skipped), `remove` revokes the named ones (unknown names are
 * ignored), `reset` makes the image private and not featured and revokes every grant. CloudStack applies the
 * flags before it refuses `add`/`remove` without accounts; the emulator refuses first and changes nothing.
 */
export function updateImagePermissions(kind: ImageKind) {
  return (ctx: GCtx) => {
    const b = body(ctx);
    const r = ownImage(ctx, kind, ctx.params.id);
    const accounts = names(b, "accounts");
    const projects = names(b, "projectids");
    if (accounts && projects) throw badRequest("Accounts and projectIds can't be specified together");
    // the caller's projects (CloudStack's ProjectManager.getProject, then its account)
    const unknown = projects?.find((id) => !ctx.data.projects.get(ctx.owner, id));
    if (unknown) throw badRequest(`Unable to find project by id ${unknown}`);
    const isPublic = bool(b, "ispublic");
    const isFeatured = bool(b, "isfeatured");
    const isExtractable = bool(b, "isextractable");
    const op = str(b, "op")?.toLowerCase();
    const owner = ctx.store.state.users[r.account];
    if (isPublic === true && owner?.allowPublicUserTemplates === false)
      throw badRequest(`Only private ${kind === "template" ? "template" : "iso"}s can be created.`);
    if ((accounts || projects) && op !== "add" && op !== "remove" && op !== "reset")
      throw badRequest(
        `Invalid operation on Accounts, the operation must be either 'add' or 'remove' in order to modify launch permissions.  Given operation is: '${str(b, "op") ?? "null"}'`,
      );
    if ((op === "add" || op === "remove") && !accounts && !projects)
      throw badRequest(`Operation ${op} requires Accounts or projectIds to be passed in`);
    const granted = new Set(r.launchAccounts);
    if (op === "add") {
      for (const name of accounts ?? []) {
        const user = Object.values(ctx.store.state.users).find((u) => u.username === name && u.active);
        if (!user)
          throw badRequest(
            `Unable to grant a launch permission to Account ${name} in domain id=${ctx.user.domainId}, Account not found.  No permissions updated, please verify the Account names and retry.`,
          );
        if (user.sub !== r.account) granted.add(user.username);
      }
    } else if (op === "remove") {
      for (const name of accounts ?? []) granted.delete(name);
    }
    const sharedWith = new Set(r.launchProjects ?? []);
    if (op === "add") for (const id of projects ?? []) sharedWith.add(id);
    else if (op === "remove") for (const id of projects ?? []) sharedWith.delete(id);
    const reset = op === "reset";
    ctx.data.images.update(r, {
      isPublic: reset ? false : (isPublic ?? r.isPublic),
      isFeatured: reset ? false : (isFeatured ?? r.isFeatured),
      isExtractable: isExtractable ?? r.isExtractable,
      launchAccounts: reset ? [] : [...granted],
      launchProjects: reset ? [] : [...sharedWith],
    });
    return accepted(r.id, undefined, audited(KINDS[kind].resourceType, r.id));
  };
}
