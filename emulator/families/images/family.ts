// Templates and ISOs accounts register from a URL, beside the seeded catalogue: CloudStack's registerTemplate /
// registerIso (a job here: the download), listTemplates / listIsos, updateTemplate / updateIso, deleteTemplate /
// deleteIso and the launch permissions (updateTemplatePermissions, listTemplatePermissions and their ISO twins).
// One family, as CloudStack keeps both in vm_template; both count against its `template` allowance.
import { defineFamily, apiRoute as r } from "../../family";
import { deleteImage, registerImage, updateImage } from "./imageChanges";
import { listImagePermissions, updateImagePermissions } from "./imagePermissions";
import { getImage, type ImageKind, imageJobEffects, listImages } from "./images";

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

export const images = defineFamily({
  key: "images",
  label: "Template",
  resourceType: "Template",
  // CloudStack's max.account.templates default; ISOs count as templates there
  quota: { key: "template", default: 20, platformType: "template" },
  states: { busy: ["Downloading", "Destroying"], failed: "Error" },
  routes: [...routesOf("template", "/templates"), ...routesOf("iso", "/isos")],
  jobEffects: imageJobEffects,
});
