// A kind's outputs schema (provider/kinds/outputSchema.ts), on outputs the generic outputsOf makes from fixed
// records: what is declared parses, anything else does not. The lifecycle tests parse what the providers
// return against the emulator; these say what the schema itself refuses, and the compile-time rule of `shown`.

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { kinds } from "../../provider/kinds";
import { field } from "../../provider/kinds/common";
import { outputSchema } from "../../provider/kinds/outputSchema";
import { outputsOf } from "../../provider/lifecycle/fields";

type Rec = Record<string, unknown>;
const zone = "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b";
const offering = "1b6c2d3e-4f50-5617-8a9b-c0d1e2f3a4b5";
const template = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";

/** The issues of parsing `outs` with the kind's schema, as "path: message". */
const issues = (schema: z.ZodType, outs: unknown) =>
  schema.safeParse(outs).error?.issues.map((i) => `${i.path.join(".") || "(outputs)"}: ${i.message}`) ?? [];

describe("Vpc outputs", () => {
  const rec = { name: "main", zoneId: zone, cidr: "10.1.0.0/16", vpcOfferingId: offering, tags: {} };
  const live = { id: "v-1", ...rec, displayText: "main", state: "Enabled", zoneName: "Zone 1" };
  const outs: Rec = outputsOf(kinds.Vpc, rec, live, "r-1", { env: "prod" });
  const schema = outputSchema(kinds.Vpc);

  it("parse as declared", () => {
    expect(issues(schema, outs)).toEqual([]);
  });

  it("refuse a key the kind does not declare", () => {
    expect(issues(schema, { ...outs, hostId: "h-1" })).toEqual(['(outputs): Unrecognized key: "hostId"']);
  });

  it("refuse a missing key the kind declares always present, and a value of the wrong type", () => {
    const { state: _, ...noState } = outs;
    expect(issues(schema, noState)).toEqual([expect.stringMatching(/^state: /)]);
    const { tags: _t, ...noTags } = outs;
    expect(issues(schema, noTags)).toEqual(["tags: is missing from the outputs"]);
    expect(issues(schema, { ...outs, created: 17 })).toEqual([expect.stringMatching(/^created: /)]);
    expect(issues(schema, { ...outs, region: undefined })).toEqual([expect.stringMatching(/^region: /)]);
  });

  it("accept keys the kind declares optional being absent", () => {
    expect(outs).not.toHaveProperty("networkDomain");
    const { zoneName: _, ...rest } = outs;
    expect(issues(schema, rest)).toEqual([]);
  });
});

describe("Instance outputs", () => {
  const rec = { zoneId: zone, serviceOfferingId: offering, templateId: template, userData: "YWJj" };
  const text = ["zoneName", "serviceOfferingName", "templateName", "ipAddress", "instanceType"];
  const more = ["osDisplayName", "osTypeId", "instanceName", "account", "domain", "created", "lastUpdated"];
  const live = {
    id: "i-1",
    name: "vm-1",
    displayName: "vm-1",
    hypervisor: "KVM",
    networkIds: ["4e9f5061-7283-594a-9dce-f3a4b5c6d7e8"],
    details: { rootDiskSize: "20" },
    ...Object.fromEntries([...text, ...more].map((k) => [k, `${k}-value`])),
    ...{ cpuNumber: 2, cpuSpeed: 2000, memory: 4096, passwordEnabled: false, haEnabled: false },
  };
  const outsIn = (state: string): Rec => outputsOf(kinds.Instance, rec, { ...live, state }, "r-1", {});
  const schema = outputSchema(kinds.Instance);

  it("parse with the form outputs show a field in (`shown`), not the checked one", () => {
    // powerState takes running or stopped; outputs also show error, or the API's state
    expect(outsIn("Error").powerState).toBe("error");
    expect(issues(schema, outsIn("Error"))).toEqual([]);
    expect(issues(schema, outsIn("Migrating"))).toEqual([]);
    expect(issues(schema, { ...outsIn("Running"), haEnabled: undefined })).toEqual([
      "haEnabled: is missing from the outputs",
    ]);
  });

  it("refuse a secret input: the userData payload is never an output, only its digest", () => {
    const outs = outsIn("Running");
    expect(outs.userDataHash).toMatch(/^[0-9a-f]{64}$/);
    expect(issues(schema, { ...outs, userData: "YWJj" })).toEqual([
      '(outputs): Unrecognized key: "userData"',
    ]);
  });
});

describe("Instance state", () => {
  it("keeps what programs wire and watch, not what the platform derives (cim.getInstance reads that)", () => {
    const live = {
      state: "Running",
      ipAddress: "10.1.1.20",
      created: "2026-11-26T10:00:00",
      lastUpdated: "2026-11-26T10:05:00",
      ...{
        zoneName: "de-fra-1a",
        templateName: "Ubuntu",
        serviceOfferingName: "Small",
        instanceType: "Small",
      },
      ...{ cpuNumber: 2, cpuSpeed: 2000, memory: 4096, osDisplayName: "Ubuntu", osTypeId: "os-1" },
      ...{ instanceName: "i-2-1-VM", passwordEnabled: false, account: "acme", domain: "ROOT" },
    };
    const outs = outputsOf(
      kinds.Instance,
      { zoneId: zone, serviceOfferingId: offering, templateId: template },
      live,
      "r-1",
    );
    expect(outs).toMatchObject({ state: "Running", ipAddress: "10.1.1.20", created: "2026-11-26T10:00:00" });
    for (const k of Object.keys(live).filter((k) => !["state", "ipAddress", "created"].includes(k))) {
      expect(outs).not.toHaveProperty(k);
    }
  });
});

describe("field declarations", () => {
  it("need `shown` when the output getter shows another type than the checked one", () => {
    const checked = z.enum(["running", "stopped"]).optional();
    const shows = (v: { state?: string }) => v.state ?? "unknown";
    // @ts-expect-error: outputs show any string; without `shown` nothing checks that form
    const bare = field(checked, { change: "update", output: shows });
    const declared = field(checked, { change: "update", output: shows, shown: z.string() });
    expect(bare.shown).toBeUndefined();
    expect(declared.shown?.safeParse("Migrating").success).toBe(true);
  });
});
