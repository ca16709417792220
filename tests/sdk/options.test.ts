// Resource options the engine does not apply to dynamic resources, turned into inputs by the SDK class
// (sdk/options.ts); the end-to-end behaviour is in tests/e2e/options.test.ts.
import type * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { REPLACE_ON_CHANGES } from "../../provider/kinds/define";
import { engineTimeouts, honourOptions } from "../../sdk/options";

const args = { zoneId: "z", templateId: "t", serviceOfferingId: "o" };

describe("resource options on the dynamic path", () => {
  it("customTimeouts become the timeouts input; one pulumi-cim cannot read is a warning", () => {
    const props: Record<string, unknown> = { ...args };
    const h = honourOptions(kinds.Instance, "web", args, props, {
      customTimeouts: { create: "30m", update: "1.5h", delete: "2us" },
    });
    expect(props.timeouts).toEqual({ create: "30m", update: "1.5h" });
    expect(h.warnings).toEqual([expect.stringMatching(/^customTimeouts\.delete "2us" is not a duration/)]);
    // the engine is not given them: it would fail the whole program on a text it cannot parse
    expect(h.opts?.customTimeouts).toBeUndefined();
    const soon = honourOptions(kinds.Project, "p", {}, {}, { customTimeouts: { delete: "soon" } });
    expect(soon.opts?.customTimeouts).toBeUndefined();
    expect(soon.warnings).toEqual([
      expect.stringMatching(/^customTimeouts\.delete "soon" is not a duration/),
    ]);
  });

  it("version and pluginDownloadURL are warnings and go no further (the engine would look for that plugin)", () => {
    const h = honourOptions(kinds.Project, "p", {}, {}, { version: "9.9.9", protect: true });
    expect(h.warnings).toEqual([
      "version is ignored: pulumi-cim's resources are served by the program's own package.",
    ]);
    expect(h.opts?.version).toBeUndefined();
    expect(h.opts?.protect).toBe(true);
  });

  it("on the native path, customTimeouts reach the engine in milliseconds; one pulumi-cim cannot read is a warning", () => {
    const warnings: string[] = [];
    expect(
      engineTimeouts({ create: "30m", update: "90000", delete: "soon", read: "1.5s" }, warnings),
    ).toEqual({
      create: "1800000ms",
      update: "90000ms",
      read: "1500ms",
    });
    expect(warnings).toEqual([expect.stringMatching(/^customTimeouts\.delete "soon" is not a duration/)]);
  });

  it("replaceOnChanges goes to the provider as a hidden input; a path naming no input is a warning", () => {
    const props: Record<string, unknown> = { ...args };
    const h = honourOptions(kinds.Instance, "web", args, props, {
      replaceOnChanges: ["tags.env", "*", "nope"],
    });
    expect(props[REPLACE_ON_CHANGES]).toEqual(["tags.env", "*"]);
    expect(h.warnings).toEqual([
      expect.stringMatching(/^replaceOnChanges "nope" names no input of cim:Instance "web"/),
    ]);
  });

  it("import becomes adoptId (Pulumi cannot import a dynamic resource); a kind that cannot adopt says so", () => {
    const props: Record<string, unknown> = { ...args };
    const h = honourOptions(kinds.Instance, "web", args, props, { import: "i-1", protect: true });
    expect(props.adoptId).toBe("i-1");
    expect(h.opts).toEqual({ import: undefined, protect: true });
    expect(h.warnings).toEqual([expect.stringMatching(/^the import option is taken as adoptId: "i-1"/)]);
    expect(() => honourOptions(kinds.Tags, "t", {}, {}, { import: "x" })).toThrow(
      /cim:Tags "t": the import option does not work for pulumi-cim's resources .* cannot adopt/,
    );
  });

  it("customTimeouts.read is a warning: a read waits on no job, its requests have their own bounds", () => {
    const props: Record<string, unknown> = { ...args };
    const h = honourOptions(kinds.Instance, "web", args, props, { customTimeouts: { read: "5m" } });
    expect(props.timeouts).toBeUndefined();
    expect(h.warnings).toEqual([
      "customTimeouts.read is ignored: a read waits on no job; each of its requests is bounded by cim:requestTimeout and cim:maxRetries.",
    ]);
  });

  it("an explicit provider fails, pointing to pulumi-cim/native: dropping it would deploy with the stack's settings", () => {
    const provider = {} as pulumi.ProviderResource;
    expect(() => honourOptions(kinds.Volume, "data", {}, {}, { provider })).toThrow(
      /^cim:Volume "data": the provider option needs the native provider plugin: explicit providers exist only for the classes of "pulumi-cim\/native" \(cim\.Provider\)/,
    );
  });

  it("no options: nothing changes", () => {
    const props: Record<string, unknown> = { ...args };
    expect(honourOptions(kinds.Instance, "web", args, props, undefined)).toEqual({
      opts: undefined,
      warnings: [],
    });
    expect(props).toEqual(args);
  });
});
