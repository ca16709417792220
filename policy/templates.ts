// cim-no-public-templates: a template is not made public or featured unless the pack's config allows it. A public
// template is visible to every account of the cloud, and a featured one is listed to all of them: whatever was baked
// into the image (keys, credentials, internal software) goes with it. Sharing with named accounts (`accounts`) is
// the safe way and is not reported. Mandatory by default, like the other rules that keep things private.

import { type ResourceValidationPolicy, UnknownValueError } from "@pulumi/policy";
import { kinds } from "../provider/kinds";
import { nativeTypeToken, typeToken } from "../provider/kinds/define";

/** Template permissions on either path (pulumi-cim and pulumi-cim/native). */
const TYPES = new Set([typeToken(kinds.TemplatePermissions), nativeTypeToken(kinds.TemplatePermissions)]);

const DEFAULTS = { allowPublic: false, allowedTemplates: [] as string[] };

/** The flag's value, or undefined when it is not known until deploy (an output of another resource). */
function flag(read: () => unknown): boolean | undefined {
  try {
    return read() === true;
  } catch (e) {
    if (e instanceof UnknownValueError) return undefined;
    throw e;
  }
}

export const noPublicTemplates: ResourceValidationPolicy = {
  name: "cim-no-public-templates",
  description:
    "A template is not made public or featured (cim.TemplatePermissions isPublic, isFeatured) unless the pack's config allows it.",
  enforcementLevel: "mandatory",
  severity: "high",
  configSchema: {
    properties: {
      allowPublic: {
        type: "boolean",
        default: DEFAULTS.allowPublic,
        description: "Allow every template to be public or featured.",
      },
      allowedTemplates: {
        type: "array",
        items: { type: "string" },
        default: DEFAULTS.allowedTemplates,
        description:
          "Names of the cim.TemplatePermissions resources that may make their template public or featured.",
      },
    },
  },
  validateResource: (args, report) => {
    if (!TYPES.has(args.type)) return;
    const props = args.props as Record<string, unknown>;
    const given = args.getConfig<Partial<typeof DEFAULTS>>() ?? {};
    const allowPublic = given.allowPublic ?? DEFAULTS.allowPublic;
    const allowed = given.allowedTemplates ?? DEFAULTS.allowedTemplates;
    if (allowPublic || allowed.includes(args.name)) return;
    const exposed = [
      flag(() => props.isPublic)
        ? "public (isPublic: true): every account of the cloud can deploy it"
        : undefined,
      flag(() => props.isFeatured) ? "featured (isFeatured: true): it is listed to every account" : undefined,
    ].filter((x): x is string => x !== undefined);
    if (!exposed.length) return;
    report(
      `template permissions ${args.name} make the template ${exposed.join(", and ")}, with whatever was baked into the image. Share it with named accounts instead (accounts: [...]), or allow it in the pack's config: "cim-no-public-templates": { "allowedTemplates": ["${args.name}"] }.`,
    );
  },
};
