// Families the API only reads (seeded through POST /_emulator/seed), and the comments other families carry.
import { defineFamily, apiRoute as r } from "../family";
import { getFileSystem, listInstanceGroups } from "../handlers/misc";
import type { AnnotationRec, FileSystemRec, InstanceGroupRec } from "../records";

/** Comments: their routes hang under the commented family's collection (its `tags.comments`). */
export const annotations = defineFamily<AnnotationRec>()({ key: "annotations", label: "Comment" });

export const instanceGroups = defineFamily<InstanceGroupRec>()({
  key: "instanceGroups",
  label: "Instance group",
  routes: [r("GET", "/instance-groups", listInstanceGroups, "user")],
});

export const fileSystems = defineFamily<FileSystemRec>()({
  key: "fileSystems",
  label: "File system",
  routes: [r("GET", "/filesystems/{id}", getFileSystem)],
});
