// cim.Iso: an ISO registered from a URL (CloudStack's registerIso; the download is a job), usable as an
// instance's isoId (imageType "iso", with a root disk offering) once the platform says it is ready. Names,
// description, OS type and whether it boots change in place (updateIso); where it comes from replaces it.
// See ./image.ts for what it shares with cim.Template.

import type { Iso } from "../../client";
import { flagField } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, lookupId, outputOf, resource, variables } from "../../kinds/examples";
import { imageApi, imageFields, imageKindBase, imageOutputs, osTypeField, urlFormatProblem } from "./image";

export const iso = defineKind({
  name: "Iso",
  noun: "ISO",
  taggedAs: "ISO",
  summary: "An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready.",
  ...examples(
    ["zoneId", "serviceOfferingId", "diskOfferingId"],
    [
      resource(
        "Iso",
        "rescue",
        {
          url: "https://images.example.com/rescue.iso",
          ...variables("zoneId"),
          osTypeId: lookupId("getOsType", { name: "Ubuntu 22.04 (64-bit)" }),
        },
        { as: "rescue" },
      ),
      resource(
        "Instance",
        "fixer",
        {
          ...variables("zoneId", "serviceOfferingId"),
          imageType: "iso",
          isoId: outputOf("rescue.id"),
          ...variables("diskOfferingId"),
          rootDiskSize: 20,
        },
        { comment: "the root disk's offering (Custom) is customized: the instance names its size" },
      ),
    ],
  ),
  ...imageKindBase("iso"),
  fields: {
    ...imageFields("ISO"),
    osTypeId: {
      doc: "The guest OS it boots (cim.getOsType); required unless `bootable` is false.",
      ...osTypeField(""),
    },
    bootable: {
      doc: "Whether instances can boot from it (default true); a data ISO (drivers, tools) is not.",
      ...flagField("bootable", "whether instances can boot from the ISO (false for a data ISO)", true),
    },
  },
  outputs: imageOutputs,
  rules(values, fail) {
    const problem = urlFormatProblem(values.url, "ISO");
    if (problem) fail("url", problem);
    if (values.bootable !== false && values.osTypeId === undefined && values.adoptId === undefined)
      fail(
        "osTypeId",
        "osTypeId is required for a bootable ISO (cim.getOsType); set bootable: false for a data ISO",
      );
  },
  api: imageApi<Record<string, unknown>, Iso>("iso", (i) => ({ bootable: i.bootable })),
});
