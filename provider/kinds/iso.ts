// cim.Iso: an ISO registered from a URL (CloudStack's registerIso; the download is a job), usable as an
// instance's isoId (imageType "iso", with a root disk offering) once the platform says it is ready. Names,
// description, OS type and whether it boots change in place (updateIso); where it comes from replaces it.
// See ./image.ts for what it shares with cim.Template.

import { z } from "zod";
import type { Iso } from "../client";
import { bool } from "../lifecycle/check";
import { field } from "./common";
import { defineKind, type Recorded } from "./define";
import {
  imageApi,
  imageFields,
  imageOutputs,
  imageStates,
  osTypeField,
  ownImage,
  skipFailedDownload,
  urlFormatProblem,
} from "./image";

export const iso = defineKind({
  name: "Iso",
  noun: "ISO",
  summary: "An ISO registered from a URL (a download job), for instances' isoId (imageType iso) once ready.",
  createVerb: "register",
  nameFromResource: true,
  // CloudStack counts ISOs against its template allowance
  quota: { limit: "templateLimit", count: "templateCount" },
  states: imageStates,
  fields: {
    ...imageFields("ISO"),
    /** The guest OS it boots (cim.getOsType); required unless `bootable` is false. Changed in place. */
    osTypeId: osTypeField(""),
    /** Whether instances can boot from it (default true); a data ISO (drivers, tools) is not. Changed in place. */
    bootable: field(bool("whether instances can boot from the ISO (false for a data ISO)"), {
      change: "update",
      unset: () => true,
      same: (a, b) => a === (b ?? true),
      live: (i: Iso) => i.bootable,
      output: (i: Iso, rec: Recorded) => i.bootable ?? (rec.bootable as boolean | undefined) ?? true,
      shown: z.boolean(),
    }),
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
  adoptable: ownImage,
  api: imageApi<Record<string, unknown>, Iso>("iso", (i) => ({ bootable: i.bootable })),
  importer: { order: 3, prefix: "iso", skip: skipFailedDownload, unreported: ["checksum"] },
});
