// Templates and ISOs accounts register from a URL, beside the seeded catalogue: CloudStack's registerTemplate /
// registerIso (a job here: the download), listTemplates / listIsos, updateTemplate / updateIso, deleteTemplate /
// deleteIso and the launch permissions (updateTemplatePermissions, listTemplatePermissions and their ISO twins).
// One family, as CloudStack keeps both in vm_template; both count against its `template` allowance.
import { defineFamily, apiRoute as r } from "../../family";
import { deleteImage, registerImage, updateImage } from "./imageChanges";
import { listImagePermissions, updateImagePermissions } from "./imagePermissions";
import { type GCtx, getImage, type ImageKind, imageJobEffects, KINDS, listImages } from "./images";

/** The routes of one kind under its collection (/templates or /isos). */
const routesOf = (kind: ImageKind, c: string) => [
  r("POST", c, registerImage(kind)),
  r("GET", c, listImages(kind)),
  r("GET", `${c}/{id}`, getImage(kind)),
  r("PUT", `${c}/{id}`, updateImage(kind)),
  r("DELETE", `${c}/{id}`, deleteImage(kind)),
  r("GET", `${c}/{id}/permissions`, listImagePermissions(kind)),
  r("PUT", `${c}/{id}/permissions`, updateImagePermissions(kind)),
];

/**
 * Whether the generic /tags route may tag `id` as an image of `kind`: a catalogue image of the region (a departure:
 * CloudStack checks the caller's access to the image's owner, the system account for its own images) or one the caller
 * registered.
 */
const tagsImage = (kind: ImageKind) => (ctx: GCtx, id: string) => {
  if (ctx.store.catalogue(KINDS[kind].catalogue, id, ctx.region.id)) return true;
  const r = ctx.data.images.get(ctx.owner, id);
  return r?.kind === kind && !ctx.data.images.isGone(r);
};

export const images = defineFamily({
  key: "images",
  label: "Template",
  resourceType: "Template",
  // CloudStack's max.account.templates default; ISOs count as templates there
  quota: { key: "template", default: 20, platformType: "template" },
  states: { busy: ["Downloading", "Destroying"], failed: "Error" },
  routes: [...routesOf("template", "/templates"), ...routesOf("iso", "/isos")],
  jobEffects: imageJobEffects,
  taggedAs: [
    { type: "Template", holds: tagsImage("template") },
    { type: "ISO", holds: tagsImage("iso") },
  ],
});
