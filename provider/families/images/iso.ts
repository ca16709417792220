// cim.Iso: an ISO registered from a URL (CloudStack's registerIso; the download is a job), usable as an
// instance's isoId (imageType "iso", with a root disk offering) once the platform says it is ready. Names,
// description, OS type and whether it boots change in place (updateIso); where it comes from replaces it.
// See ./image.ts for what it shares with cim.Template.

import type { Iso } from "../../client";
import { flagField } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples } from "../../kinds/examples";
import { imageApi, imageFields, imageKindBase, imageOutputs, osTypeField, urlFormatProblem } from "./image";

export const iso = defineKind({
  name: "Iso",
  noun: "ISO",
  summary: "An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready.",
  ...examples(
    ["zoneId", "serviceOfferingId", "diskOfferingId"],
    `
const rescue = new cim.Iso("rescue", {
  url: "https://images.example.com/rescue.iso",
  zoneId,
  osTypeId: cim.getOsType("Ubuntu 22.04 (64-bit)").then((o) => o.id),
});
// the root disk's offering (Custom) is customized: the instance names its size
new cim.Instance("fixer", { zoneId, serviceOfferingId, imageType: "iso", isoId: rescue.id, diskOfferingId, rootDiskSize: 20 });
`,
    {
      resources: `
rescue:
  type: cim:index:Iso
  properties:
    url: https://images.example.com/rescue.iso
    zoneId: \${zoneId}
    osTypeId:
      fn::invoke:
        function: cim:index:getOsType
        arguments: { name: "Ubuntu 22.04 (64-bit)" }
        return: id
fixer:
  type: cim:index:Instance
  properties:
    zoneId: \${zoneId}
    serviceOfferingId: \${serviceOfferingId}
    imageType: iso
    isoId: \${rescue.id}
    diskOfferingId: \${diskOfferingId} # Custom, a customized offering: rootDiskSize says the size
    rootDiskSize: 20
`,
    },
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
