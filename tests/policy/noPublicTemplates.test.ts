// cim-no-public-templates in process: template permissions that make a template public or featured are reported,
// naming the resource, the flag and how to allow it; sharing with named accounts, flags not known until deploy,
// permissions the config allows and other kinds are not.
import { UnknownValueError } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { policies } from "../../policy/policies";
import { noPublicTemplates } from "../../policy/templates";
import { kinds } from "../../provider/kinds";
import { typeToken } from "../../provider/kinds/define";

const { unknownBooleanValue } = require("@pulumi/policy/proxy");

const PERMISSIONS = typeToken(kinds.TemplatePermissions);

function run(
  props: Record<string, unknown>,
  config: object = {},
  type = PERMISSIONS,
  name = "golden-shared",
): string[] {
  const reports: string[] = [];
  const args = { type, props, urn: `urn:pulumi:s::p::${type}::${name}`, name, getConfig: () => config };
  const validate = noPublicTemplates.validateResource as (a: unknown, r: (m: string) => void) => void;
  validate(args, (m) => reports.push(m));
  return reports;
}

describe("cim-no-public-templates", () => {
  it("is in the pack, mandatory by default", () => {
    expect(policies).toContain(noPublicTemplates);
    expect(noPublicTemplates.enforcementLevel).toBe("mandatory");
  });

  it("reports a public or featured template, naming the resource and how to allow it", () => {
    const [m] = run({ templateId: "t", isPublic: true });
    expect(m).toContain("template permissions golden-shared make the template public (isPublic: true)");
    expect(m).toContain('"cim-no-public-templates": { "allowedTemplates": ["golden-shared"] }');
    expect(run({ templateId: "t", isFeatured: true })[0]).toContain("featured (isFeatured: true)");
    expect(run({ templateId: "t", isPublic: true, isFeatured: true })).toHaveLength(1);
  });

  it("passes sharing with accounts, unknown flags, and what the config allows", () => {
    expect(run({ templateId: "t", accounts: ["team-b"], isExtractable: true })).toEqual([]);
    const unknown = {
      templateId: "t",
      get isPublic(): boolean {
        throw new UnknownValueError(unknownBooleanValue, ["isPublic"]);
      },
    };
    expect(run(unknown)).toEqual([]);
    expect(run({ templateId: "t", isPublic: true }, { allowedTemplates: ["golden-shared"] })).toEqual([]);
    expect(run({ templateId: "t", isPublic: true }, { allowPublic: true })).toEqual([]);
    expect(run({ templateId: "t", isPublic: true }, { allowedTemplates: ["other"] })).toHaveLength(1);
  });

  it("leaves other kinds alone", () => {
    expect(run({ isPublic: true }, {}, typeToken(kinds.Template))).toEqual([]);
  });
});
