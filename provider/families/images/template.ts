// cim.Template: a template registered from a URL (CloudStack's registerTemplate; the download is a job), usable
// as an instance's templateId once the platform says it is ready. Names, description, OS type and the flags
// change in place (updateTemplate); where it comes from, its format and hypervisor replace it. Who else may use
// it is cim.TemplatePermissions'. See ./image.ts for what it shares with cim.Iso.

import { z } from "zod";
import type { Template } from "../../client";
import { field, flagField, output } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, exported } from "../../kinds/examples";
import { imageApi, imageFields, imageKindBase, imageOutputs, osTypeField, urlFormatProblem } from "./image";

/** The formats a template is registered in (CloudStack's Storage.ImageFormat with file endings, ISO aside). */
export const TEMPLATE_FORMATS = ["QCOW2", "RAW", "VHD", "VHDX", "OVA", "VMDK", "TAR"] as const;

/** CloudStack's HypervisorType names a template may be for. */
export const HYPERVISORS = [
  "KVM",
  "XenServer",
  "VMware",
  "Hyperv",
  "LXC",
  "Ovm3",
  "BareMetal",
  "Simulator",
] as const;

/** A value of `allowed`, any case, as the platform spells it. */
const oneOf = (allowed: readonly string[], what: string) =>
  z
    .string({
      error: (i) =>
        i.input === undefined ? `is required: ${what}, one of ${allowed.join(", ")}` : "must be a string",
    })
    .trim()
    .transform((s) => allowed.find((a) => a.toLowerCase() === s.toLowerCase()) ?? s)
    .refine((s) => allowed.includes(s), {
      message: `must be one of ${allowed.join(", ")} (any case): ${what}`,
    });

const sameText = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b ?? "").toLowerCase();

export const template = defineKind({
  name: "Template",
  noun: "template",
  taggedAs: "Template",
  summary: "A template registered from a URL (a download job), for instances' templateId once ready.",
  ...examples(["zoneId", "golden"], [exported("goldenId", "golden.id")]),
  ...imageKindBase("template"),
  fields: {
    ...imageFields("template"),
    format: field(oneOf(TEMPLATE_FORMATS, "the disk image's format").optional(), {
      doc: "The disk image's format: QCOW2 (KVM), RAW, VHD (XenServer), VHDX (Hyper-V), OVA or VMDK (VMware), TAR.",
      change: "replace",
      same: sameText,
      live: true,
      requiredUnlessAdopting: "the disk image's format, e.g. QCOW2",
      present: true,
    }),
    hypervisor: field(oneOf(HYPERVISORS, "the hypervisor the template is for").optional(), {
      doc: "The hypervisor the template is for: KVM, XenServer, VMware, Hyperv, … (any case).",
      change: "replace",
      same: sameText,
      live: true,
      requiredUnlessAdopting: "the hypervisor the template is for, e.g. KVM",
      present: true,
    }),
    osTypeId: {
      doc: "The guest OS it carries (cim.getOsType).",
      ...osTypeField("the guest OS type (cim.getOsType)"),
    },
    passwordEnabled: {
      doc: "Whether it supports the platform's password reset (default false).",
      ...flagField("passwordEnabled", "whether the template supports the platform's password reset"),
    },
  },
  outputs: {
    ...imageOutputs,
    minRootDiskSizeGb: output(
      "GB: the smallest root disk an instance of this template may have (its virtual size), once downloaded.",
      z.number().optional(),
    ),
  },
  rules(values, fail) {
    const problem = urlFormatProblem(values.url, values.format);
    if (problem) fail("url", problem);
  },
  api: imageApi<Record<string, unknown>, Template>("template", (i) => ({
    format: i.format,
    hypervisor: i.hypervisor,
    passwordEnabled: i.passwordEnabled,
  })),
});
