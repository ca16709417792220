// The check and diff rules of cim.Template, cim.Iso and cim.TemplatePermissions, offline (no API): the URL (http or
// https, a host the cloud reaches, a path ending as files of the format do), format and hypervisor as the platform
// spells them, the OS type a bootable image needs, accounts and projects; which fields change in place and which
// replace; a failed download replaced; permissions compared as sets; a replacement on the same template resets first.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const zone = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";
const os = "6a1b7283-94a5-5b6c-9fe0-b5c6d7e8f9a0";
const tpl = "7b2c8394-a5b6-5c7d-8a01-c6d7e8f9a0b1";
const good = {
  name: "golden",
  url: "https://images.example.com/golden.qcow2",
  zoneId: zone,
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId: os,
};
const reasonOf = (kind: "Template" | "Iso" | "TemplatePermissions", news: Rec, property: string) =>
  checkKind(kinds[kind], {}, news).failures.find((f) => f.property === property)?.reason ?? "";

describe("Template check", () => {
  it("accepts a template; format and hypervisor in any case, written as the platform spells them", () => {
    const { inputs, failures } = checkKind(
      kinds.Template,
      {},
      { ...good, format: "qcow2", hypervisor: "vmware", url: `${good.url}.gz` },
    );
    expect(failures).toEqual([]);
    expect(inputs).toMatchObject({ format: "QCOW2", hypervisor: "VMware" });
    for (const [format, url] of [
      ["RAW", "https://x.example.com/a.img"],
      ["RAW", "https://x.example.com/a.raw.bz2"],
      ["OVA", "https://x.example.com/a.metalink"],
      ["VHD", "https://x.example.com/a.vhd.zip"],
    ])
      expect(checkKind(kinds.Template, {}, { ...good, format, url }).failures, url).toEqual([]);
  });

  it("names the field and the rule: the URL, format, hypervisor, OS type", () => {
    expect(reasonOf("Template", { ...good, url: "ftp://x.example.com/a.qcow2" }, "url")).toMatch(
      /must be an http or https URL/,
    );
    expect(reasonOf("Template", { ...good, url: "images/golden.qcow2" }, "url")).toMatch(
      /must be a URL such as/,
    );
    for (const host of ["localhost", "127.0.0.1", "169.254.10.1", "[::1]"])
      expect(reasonOf("Template", { ...good, url: `http://${host}/a.qcow2` }, "url"), host).toMatch(
        /a host the cloud can reach/,
      );
    expect(reasonOf("Template", { ...good, url: "https://x.example.com/a.vhd" }, "url")).toBe(
      'url must end as a QCOW2 file does (.qcow2, .qcow2.zip, .qcow2.bz2, .qcow2.gz, .metalink): the platform refuses "/a.vhd" for format QCOW2',
    );
    expect(reasonOf("Template", { ...good, format: "ISO" }, "format")).toMatch(
      /must be one of QCOW2, RAW, VHD, VHDX, OVA, VMDK, TAR/,
    );
    expect(reasonOf("Template", { ...good, hypervisor: "qemu" }, "hypervisor")).toMatch(
      /must be one of KVM, XenServer/,
    );
    expect(reasonOf("Template", { ...good, osTypeId: undefined }, "osTypeId")).toMatch(
      /osTypeId is required/,
    );
    expect(reasonOf("Template", { ...good, osTypeId: "Ubuntu" }, "osTypeId")).toMatch(/must be an id/);
    expect(reasonOf("Template", { ...good, url: undefined }, "url")).toMatch(/url is required/);
  });

  it("adopting needs none of the registration inputs; unknown values wait", () => {
    expect(checkKind(kinds.Template, {}, { adoptId: tpl }).failures).toEqual([]);
    expect(checkKind(kinds.Template, {}, { ...good, url: UNKNOWN, osTypeId: UNKNOWN }).failures).toEqual([]);
  });
});

describe("Template diff", () => {
  const olds = {
    ...good,
    displayText: "golden",
    passwordEnabled: false,
    isDynamicallyScalable: false,
    state: "Ready",
  };
  it("names, description, OS type and flags change in place; where it comes from replaces", () => {
    const inPlace = diffKind(kinds.Template, olds, {
      ...good,
      displayText: "v2",
      osTypeId: tpl,
      passwordEnabled: true,
    });
    expect(inPlace).toMatchObject({ changes: true, replaces: [] });
    expect([...inPlace.updates].sort()).toEqual(["displayText", "osTypeId", "passwordEnabled"]);
    for (const [k, v] of [
      ["url", "https://x.example.com/b.qcow2"],
      ["zoneId", tpl],
      ["format", "RAW"],
      ["hypervisor", "XenServer"],
      ["checksum", "{SHA-256}ab"],
    ])
      expect(diffKind(kinds.Template, olds, { ...good, [k]: v }).replaces, k).toContain(k);
    // the same program, in another case: no change
    expect(diffKind(kinds.Template, olds, { ...good, format: "QCOW2", hypervisor: "KVM" }).changes).toBe(
      false,
    );
  });

  it("a template whose download failed is replaced by the next up", () => {
    expect(diffKind(kinds.Template, { ...olds, state: "Error" }, good).replaces).toContain("state");
  });
});

describe("Iso check", () => {
  const iso = { name: "rescue", url: "https://images.example.com/rescue.iso", zoneId: zone, osTypeId: os };
  it("a bootable ISO needs an OS type, a data ISO does not; the URL ends as an ISO does", () => {
    expect(checkKind(kinds.Iso, {}, iso).failures).toEqual([]);
    expect(reasonOf("Iso", { ...iso, osTypeId: undefined }, "osTypeId")).toMatch(
      /required for a bootable ISO/,
    );
    expect(checkKind(kinds.Iso, {}, { ...iso, osTypeId: undefined, bootable: false }).failures).toEqual([]);
    expect(reasonOf("Iso", { ...iso, url: "https://x.example.com/a.qcow2" }, "url")).toMatch(
      /url must end as a ISO file does/,
    );
    expect(diffKind(kinds.Iso, { ...iso, bootable: true }, { ...iso, bootable: false }).replaces).toEqual([]);
  });
});

describe("TemplatePermissions check and diff", () => {
  it("accounts by name, projects by id, not both; names without commas, not twice", () => {
    expect(
      checkKind(kinds.TemplatePermissions, {}, { templateId: tpl, accounts: ["team-b"], isPublic: false })
        .failures,
    ).toEqual([]);
    expect(
      reasonOf(
        "TemplatePermissions",
        { templateId: tpl, accounts: ["a", "b"], projectIds: [os] },
        "projectIds",
      ),
    ).toMatch(/cannot be given together with accounts/);
    expect(reasonOf("TemplatePermissions", { templateId: tpl, accounts: ["a,b"] }, "accounts")).toMatch(
      /must not contain commas/,
    );
    expect(reasonOf("TemplatePermissions", { templateId: tpl, accounts: ["a", "a"] }, "accounts")).toMatch(
      /twice/,
    );
    expect(reasonOf("TemplatePermissions", { templateId: "golden" }, "templateId")).toMatch(/must be an id/);
  });

  it("the account list is a set; flags left out are the API's defaults; the template replaces, resetting first", () => {
    const olds = {
      templateId: tpl,
      isPublic: false,
      isFeatured: false,
      isExtractable: false,
      accounts: ["a", "b"],
      projectIds: [],
    };
    expect(diffKind(kinds.TemplatePermissions, olds, { templateId: tpl, accounts: ["b", "a"] }).changes).toBe(
      false,
    );
    expect(
      diffKind(kinds.TemplatePermissions, olds, { templateId: tpl, accounts: ["a"], isPublic: true }),
    ).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(diffKind(kinds.TemplatePermissions, olds, { templateId: tpl }).updates).toEqual(["accounts"]);
    const replaced = diffKind(
      kinds.TemplatePermissions,
      { ...olds, region: zone },
      { templateId: tpl, region: os, accounts: ["a", "b"] },
    );
    expect(replaced).toMatchObject({ replaces: ["region"], deleteBeforeReplace: true });
    expect(
      diffKind(kinds.TemplatePermissions, olds, { templateId: os, accounts: ["a", "b"] }).deleteBeforeReplace,
    ).toBe(false);
  });
});
