// The registry of lookups (sdk/lookups/registry.ts) holds every lookup the SDK exports, under its function's
// name, with the doc comment the sources have; and each becomes a well-formed function of the package schema.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { functionToken, lookupSchemas } from "../../provider/lookups";
import { lookupDocs, nativeLookupsModule } from "../../provider/lookups/docgen";
import { recordTypesModule } from "../../provider/lookups/recordTypes";
import { objectSpecOf, type TypeContext, type TypeSpec, typeSpecOf } from "../../provider/schema/zodTypes";
import * as lookups from "../../sdk/lookups";
import { LOOKUP_DOCS } from "../../sdk/lookups/docs";
import type { LookupEntry } from "../../sdk/lookups/entries";
import { lookupRegistry } from "../../sdk/lookups/registry";
import * as native from "../../sdk/native/lookups";

const exported = Object.entries(lookups)
  .filter(([name, value]) => typeof value === "function" && /^get[A-Z]/.test(name))
  .map(([name]) => name)
  .sort();
const entries = Object.entries(lookupRegistry) as [string, LookupEntry][];

describe("the registry of lookups", () => {
  it("has every lookup function sdk/lookups exports, and nothing else", () => {
    expect(exported.length).toBeGreaterThan(60);
    expect(Object.keys(lookupRegistry).sort()).toEqual(exported);
  });

  it("keeps each under its function's name, with that very function", () => {
    for (const [key, entry] of entries) {
      expect(entry.name, key).toBe(key);
      expect(entry.fn.name, key).toBe(key);
      expect(entry.fn, key).toBe((lookups as Record<string, unknown>)[key]);
    }
  });

  it("describes each with its function's doc comment, and sdk/lookups/docs.ts is current (else npm run generate)", () => {
    const fromSources = lookupDocs(path.resolve(__dirname, "..", "..", "sdk", "lookups"));
    expect(LOOKUP_DOCS).toEqual(fromSources);
    for (const [key, entry] of entries) {
      expect(entry.doc, key).toBe(fromSources[key]);
      expect(entry.doc.length, key).toBeGreaterThan(10);
    }
  });

  it("says what a bare string stands for with fields the lookup's input has", () => {
    for (const [key, entry] of entries.filter(([, e]) => e.shorthand)) {
      expect(Object.keys(entry.input.shape), key).toEqual(
        expect.arrayContaining([entry.shorthand!.id, entry.shorthand!.name]),
      );
    }
  });

  it("sdk/native/lookups.ts is current (else npm run generate)", () => {
    const root = path.resolve(__dirname, "..", "..");
    const onDisk = fs.readFileSync(path.join(root, "sdk", "native", "lookups.ts"), "utf8");
    // biome formats the written file; compare the code, not its line breaks
    const squash = (s: string) => s.replace(/\s+/g, "").replace(/,([)\]}])/g, "$1");
    expect(squash(onDisk)).toBe(squash(nativeLookupsModule(root)));
  });

  it("sdk/lookups/records.ts is current (else npm run generate)", () => {
    const root = path.resolve(__dirname, "..", "..");
    const onDisk = fs.readFileSync(path.join(root, "sdk", "lookups", "records.ts"), "utf8");
    // biome formats the written file; compare the code, not its line breaks and optional separators
    const squash = (s: string) =>
      s
        .replace(/\s+/g, "")
        .replace(/[,;]([)\]}>])/g, "$1")
        .replace(/([:<(])\|/g, "$1");
    expect(squash(onDisk)).toBe(squash(recordTypesModule(root)));
  }, 60_000); // it type-checks the client to read its types

  it("the native SDK exports a lookup of the same name for every one", () => {
    const nativeNames = Object.entries(native)
      .filter(([, v]) => typeof v === "function")
      .map(([n]) => n)
      .sort();
    expect(nativeNames).toEqual(exported);
  });
});

describe("the package schema's functions", () => {
  const { functions, types } = lookupSchemas();

  /** Every $ref points at a type the schema has, and every type spec says what it is. */
  function checkType(spec: TypeSpec, where: string): void {
    if (spec.$ref) {
      if (spec.$ref === "pulumi.json#/Any") return;
      const token = spec.$ref.replace(/^#\/types\//, "");
      expect(types[token], `${where}: ${spec.$ref}`).toBeDefined();
      return;
    }
    if (spec.oneOf) {
      for (const [i, o] of spec.oneOf.entries()) checkType(o, `${where}|${i}`);
      return;
    }
    expect(["string", "number", "integer", "boolean", "array", "object"], where).toContain(spec.type);
    if (spec.type === "array") checkType(spec.items!, `${where}[]`);
    if (spec.type === "object") checkType(spec.additionalProperties!, `${where}{}`);
  }

  function checkObject(
    spec: { type: string; properties: Record<string, TypeSpec>; required: string[] },
    where: string,
  ) {
    expect(spec.type, where).toBe("object");
    expect(Array.isArray(spec.required), where).toBe(true);
    for (const r of spec.required) expect(Object.keys(spec.properties), where).toContain(r);
    for (const [k, p] of Object.entries(spec.properties)) checkType(p, `${where}.${k}`);
  }

  it("one per lookup, token cim:index:<name>, described by its doc comment, with typed inputs and outputs", () => {
    expect(Object.keys(functions).sort()).toEqual(exported.map(functionToken).sort());
    for (const [key, entry] of entries) {
      const f = functions[functionToken(key)];
      expect(f.description, key).toBe(entry.doc);
      checkObject(f.inputs, `${key} inputs`);
      checkObject(f.outputs, `${key} outputs`);
      // the inputs are the argument's fields, required where the argument requires them
      expect(Object.keys(f.inputs.properties), key).toEqual(Object.keys(entry.input.shape));
      const required = Object.entries(entry.input.shape).filter(
        ([, s]) => !(s as z.ZodType).safeParse(undefined).success,
      );
      expect(f.inputs.required, key).toEqual(required.map(([k]) => k));
      if (entry.output.wrap === "items") expect(f.outputs.properties.items.type, key).toBe("array");
      if (entry.output.wrap === "values") expect(f.outputs.properties.values.type, key).toBe("object");
      if (!entry.output.wrap) expect(Object.keys(f.outputs.properties).length, key).toBeGreaterThan(0);
    }
    for (const [token, t] of Object.entries(types)) checkObject(t, token);
  });

  it("records carry their fields and which are always there (a zone: id required, name not)", () => {
    const zone = functions["cim:index:getZone"].outputs;
    expect(zone.properties.id).toMatchObject({ type: "string" });
    expect(zone.properties.capacity).toMatchObject({ type: "number" });
    expect(zone.required).toEqual(["id"]);
    expect(functions["cim:index:getZones"].outputs.properties.items.items).toEqual({
      $ref: "#/types/cim:lookups:Zone",
    });
    // fields a transform adds, and fields added to a record, are there too
    expect(types["cim:lookups:Template"].properties.state).toMatchObject({ type: "string" });
    expect(types["cim:lookups:LoadBalancerRule"].properties.memberIds).toMatchObject({
      type: "array",
      items: { type: "string" },
    });
    expect(functions["cim:index:getInstanceGroups"].outputs.properties.failedRegions).toMatchObject({
      type: "array",
      items: { $ref: "#/types/cim:lookups:RegionFailure" },
    });
    expect(functions["cim:index:getPreferences"].outputs.properties.values).toMatchObject({
      type: "object",
      additionalProperties: { type: "string" },
    });
    expect(functions["cim:index:getNetworkAclRule"].inputs.properties.number).toMatchObject({
      type: "integer",
    });
    expect(functions["cim:index:getNetworkAclRule"].inputs.required).toEqual(["aclId"]);
    expect(functions["cim:index:getAuditEntries"].inputs.properties.since).toMatchObject({
      oneOf: [{ type: "string" }, { type: "number" }],
    });
  });

  it("every field of every record and answer is described (the reference pages' and other languages' docs)", () => {
    const undescribed: string[] = [];
    const look = (where: string, t: { properties?: Record<string, { description?: string }> }) => {
      for (const [k, p] of Object.entries(t.properties ?? {}))
        if (!p.description?.trim()) undescribed.push(`${where}.${k}`);
    };
    for (const [token, t] of Object.entries(types)) look(token, t);
    for (const [token, f] of Object.entries(functions)) look(`${token} (answer)`, f.outputs);
    expect(undescribed).toEqual([]);
  });
});

describe("zod schemas as Pulumi types (provider/schema/zodTypes.ts)", () => {
  const ctx = (): TypeContext => ({ tokenOf: (n) => `p:m:${n}`, types: {} });

  it("primitives, lists, maps, unions and optional fields", () => {
    const c = ctx();
    const spec = objectSpecOf(
      z.object({
        s: z.string().describe("a text"),
        i: z.number().int(),
        n: z.number().nullable().optional(),
        b: z.boolean().default(false),
        e: z.enum(["a", "b"]),
        l: z.array(z.string()),
        m: z.record(z.string(), z.number()),
        u: z.union([z.string(), z.number()]),
        x: z.unknown(),
      }),
      "T",
      c,
    );
    expect(spec).toEqual({
      type: "object",
      properties: {
        s: { type: "string", description: "a text" },
        i: { type: "integer" },
        n: { type: "number" },
        b: { type: "boolean" },
        e: { type: "string" },
        l: { type: "array", items: { type: "string" } },
        m: { type: "object", additionalProperties: { type: "number" } },
        u: { oneOf: [{ type: "string" }, { type: "number" }] },
        x: { $ref: "pulumi.json#/Any" },
      },
      required: ["s", "i", "e", "l", "m", "u"],
    });
  });

  it("nested objects become named types, by their title or by the field that holds them; one name, one type", () => {
    const c = ctx();
    const inner = z.object({ a: z.string() });
    expect(
      typeSpecOf(z.object({ child: inner, kids: z.array(inner.meta({ title: "Kid" })) }), "Top", c),
    ).toEqual({
      $ref: "#/types/p:m:Top",
    });
    expect(Object.keys(c.types).sort()).toEqual(["p:m:Kid", "p:m:Top", "p:m:TopChild"]);
    expect(c.types["p:m:TopChild"]).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
    });
    expect(() => typeSpecOf(z.object({ b: z.number() }), "TopChild", c)).toThrow(
      /two different object types/,
    );
  });

  it("a transformed object is described by what it takes; an intersection by both sides' fields", () => {
    const c = ctx();
    const t = z.object({ a: z.string() }).transform((v) => ({ ...v, extra: 1 }));
    expect(objectSpecOf(z.intersection(t, z.object({ extra: z.number() })), "I", c).properties).toEqual({
      a: { type: "string" },
      extra: { type: "number" },
    });
  });
});
