// The lean parser (provider/client/leanParse.ts) against zod itself, on every record schema of the client: for each
// loose object schema, a valid record built field by field, then each field set in turn to each value of a pool
// (absent, null, each JSON type, numbers zod refuses, nested nulls), extra keys, and bodies that are not objects.
// Both must agree on every one: pass or fail, and what passes must be the same value, key for key (a null read
// as a key holding undefined, as zod has it), with the same keys (in the record's order); a `__proto__` key as JSON.parse
// makes it is dropped, as zod drops it. A schema of field kinds the client has no use for yet (defaults, catches,
// transforms, enums, nested objects) agrees too. Lists: the same rows, and zod's own error, with the row's index,
// for a list with one bad row or for what is not a list. And the point of it: a valid instance record is
// answered without zod.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { leanParseRows, leanSafeParse } from "../../provider/client/leanParse";
import * as shared from "../../provider/client/records";
import * as audit from "../../provider/families/audit/records";
import * as backupSchedules from "../../provider/families/backupSchedules/records";
import * as backups from "../../provider/families/backups/records";
import * as catalogue from "../../provider/families/catalogue/records";
import * as comments from "../../provider/families/comments/records";
import * as fileSystems from "../../provider/families/fileSystems/records";
import * as images from "../../provider/families/images/records";
import * as instanceGroups from "../../provider/families/instanceGroups/records";
import * as instanceSchedules from "../../provider/families/instanceSchedules/records";
import * as instances from "../../provider/families/instances/records";
import * as kubernetes from "../../provider/families/kubernetes/records";
import * as loadBalancers from "../../provider/families/loadBalancers/records";
import * as multiRegions from "../../provider/families/multiRegions/records";
import * as networkAcls from "../../provider/families/networkAcls/records";
import * as networks from "../../provider/families/networks/records";
import * as organizations from "../../provider/families/organizations/records";
import * as preferences from "../../provider/families/preferences/records";
import * as privateGateways from "../../provider/families/privateGateways/records";
import * as projects from "../../provider/families/projects/records";
import * as publicIps from "../../provider/families/publicIps/records";
import * as snapshots from "../../provider/families/snapshots/records";
import * as sshKeyPairs from "../../provider/families/sshKeyPairs/records";
import * as tags from "../../provider/families/tags/records";
import * as volumes from "../../provider/families/volumes/records";
import * as vpcs from "../../provider/families/vpcs/records";

/** Every family's records (provider/families/<family>/records.ts) and the client's own: checked complete below. */
const recordModules: Record<string, Record<string, unknown>> = {
  audit,
  backupSchedules,
  backups,
  catalogue,
  comments,
  fileSystems,
  images,
  instanceGroups,
  instanceSchedules,
  instances,
  kubernetes,
  loadBalancers,
  multiRegions,
  networkAcls,
  networks,
  organizations,
  preferences,
  privateGateways,
  projects,
  publicIps,
  snapshots,
  sshKeyPairs,
  tags,
  volumes,
  vpcs,
};
const { InstanceSchema } = instances;
const { VolumeSchema } = volumes;

const looseObjects: [string, z.ZodObject][] = [shared, ...Object.values(recordModules)]
  .flatMap((m) => Object.entries(m))
  .flatMap(([name, s]) =>
    s instanceof z.ZodObject && (s.def.catchall as z.ZodType | undefined)?.def.type === "unknown"
      ? [[name, s] as [string, z.ZodObject]]
      : [],
  );

/** Values a field is set to, one at a time. */
const POOL: unknown[] = [
  null,
  "",
  "text",
  "2026-11-27T01:00:00+0000",
  0,
  -0,
  7,
  1.5,
  -3,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  {},
  { a: 1, b: null },
  [],
  ["x"],
  [{ id: "n1" }],
  Object.create(null),
  new Date(0),
];
const ABSENT = Symbol("absent");

/** A value the field takes on its own (zod's answer for the field alone), or ABSENT when absence will do. */
function validFor(field: z.ZodType): unknown {
  for (const v of [undefined, "text", 7, true, {}, [], ...POOL]) {
    if (field.safeParse(v).success) return v === undefined ? ABSENT : v;
  }
  const entries = (field.def as { entries?: Record<string, unknown> }).entries;
  if (entries) return Object.values(entries)[0];
  return ABSENT;
}

function baseOf(schema: z.ZodObject): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const v = validFor(field);
    if (v !== ABSENT) base[key] = v;
  }
  return base;
}

function agree(schema: z.ZodType, value: unknown): boolean {
  const lean = leanSafeParse(schema, value);
  const zod = schema.safeParse(value);
  expect(lean.success, JSON.stringify(value)).toBe(zod.success);
  if (lean.success && zod.success) {
    expect(lean.data).toStrictEqual(zod.data);
    // The same keys (in the record's own order, where zod puts the schema's first).
    expect(Reflect.ownKeys(lean.data as object).sort()).toStrictEqual(
      Reflect.ownKeys(zod.data as object).sort(),
    );
  } else expect(lean.error?.issues).toStrictEqual(zod.error?.issues);
  return zod.success;
}

describe("leanSafeParse gives zod's answer", () => {
  it("covers the client's record schemas: every family's", () => {
    const families = join(__dirname, "../../provider/families");
    const withRecords = readdirSync(families).filter((f) => existsSync(join(families, f, "records.ts")));
    expect(Object.keys(recordModules).sort()).toEqual(withRecords.sort());
    expect(looseObjects.length).toBeGreaterThan(40);
    expect(looseObjects.map(([name]) => name)).toContain("InstanceSchema");
  });

  it.each(looseObjects)("%s: each field set to each value, extra keys, non-objects", (_name, schema) => {
    const base = baseOf(schema);
    let passed = 0;
    let failed = 0;
    const count = (ok: boolean) => (ok ? passed++ : failed++);
    count(agree(schema, base));
    count(agree(schema, { ...base, extraKey: null, another: { deep: [1, null] } }));
    count(agree(schema, { firstExtra: 1, ...base }));
    // A key named __proto__ as JSON.parse makes it (an own property): zod drops it, at the top and in records.
    const json = JSON.stringify(base);
    count(
      agree(
        schema,
        JSON.parse(`{"__proto__":{"polluted":true}${json === "{}" ? "" : `,${json.slice(1, -1)}`}}`),
      ),
    );
    for (const key of Object.keys(schema.shape)) {
      const { [key]: _dropped, ...without } = base;
      count(agree(schema, without));
      count(agree(schema, { ...base, [key]: undefined }));
      for (const v of POOL) count(agree(schema, { ...base, [key]: v }));
      count(agree(schema, { ...base, [key]: JSON.parse('{"__proto__":"x","a":"1"}') }));
    }
    for (const v of [null, undefined, "x", 5, [], [base], new Date(0)]) count(agree(schema, v));
    // The base passes, and the pool makes every schema refuse something: both outcomes were compared.
    expect(passed).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
  });

  it("reads nulls as absent without touching the record it was given, or sharing its records", () => {
    const record = { id: "i-1", name: null, tags: { a: "1" }, memory: 512 };
    const parsed = leanSafeParse(InstanceSchema, record);
    expect(parsed.success && parsed.data).toStrictEqual({
      id: "i-1",
      name: undefined,
      tags: { a: "1" },
      memory: 512,
    });
    expect(record.name).toBeNull();
    if (parsed.success) (parsed.data.tags as Record<string, string>).b = "2";
    expect(record.tags).toStrictEqual({ a: "1" });
  });

  // Fields of kinds no client schema has today: each is its own schema's (or zod's) to read, absent or not.
  const future = z.looseObject({
    id: z.string(),
    withDefault: z.string().default("d"),
    caught: z.string().optional().catch("c"),
    transformed: z
      .string()
      .optional()
      .transform((v) => v ?? "fallback"),
    choice: z.enum(["a", "b"]).optional(),
    exact: z.literal("x").optional(),
    anything: z.unknown(),
    nested: z.looseObject({ id: z.string(), size: z.number().int().nullable().optional() }).optional(),
    list: z.array(z.looseObject({ id: z.string() })).optional(),
  });
  it.each<[string, unknown]>([
    ["every optional field absent, a required unknown absent", { id: "f" }],
    ["the required unknown given", { id: "f", anything: null }],
    ["a default given", { id: "f", anything: 1, withDefault: "mine" }],
    ["a catch given a wrong type", { id: "f", anything: 1, caught: 5 }],
    ["a transform given a value", { id: "f", anything: 1, transformed: "t" }],
    ["an enum and a literal", { id: "f", anything: 1, choice: "b", exact: "x" }],
    ["an enum given another value", { id: "f", anything: 1, choice: "c" }],
    [
      "nested objects and lists",
      { id: "f", anything: 1, nested: { id: "n", size: null, more: 1 }, list: [{ id: "l" }] },
    ],
    ["a nested list with a bad row", { id: "f", anything: 1, list: [{ id: "l" }, { id: 2 }] }],
  ])("a schema of other field kinds: %s", (_case, value) => {
    agree(future, value);
    agree(future, JSON.parse(JSON.stringify(value)));
  });

  it("answers a valid instance record without running zod", () => {
    const spy = vi.spyOn(InstanceSchema, "safeParse");
    try {
      const record = {
        ...baseOf(InstanceSchema),
        id: "i-1",
        name: "web",
        cpuNumber: 2,
        haEnabled: null,
      };
      expect(leanSafeParse(InstanceSchema, record).success).toBe(true);
      expect(leanParseRows(InstanceSchema, [record, record])).toHaveLength(2);
      expect(spy).not.toHaveBeenCalled();
      // Not plainly valid: zod answers.
      expect(leanSafeParse(InstanceSchema, { ...record, cpuNumber: 1.5 }).success).toBe(false);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("leanParseRows gives zod's answer for a list", () => {
  const good = (i: number) => ({ id: `v-${i}`, name: i % 2 ? null : `vol-${i}`, size: 10, extra: i });

  it("the same rows", () => {
    const rows = Array.from({ length: 50 }, (_, i) => good(i));
    expect(leanParseRows(VolumeSchema, rows)).toStrictEqual(z.array(VolumeSchema).parse(rows));
  });

  it("zod's error for a bad row, with its index", () => {
    const rows: unknown[] = Array.from({ length: 6 }, (_, i) => good(i));
    rows[3] = { id: "v-3", size: "ten" };
    const expected = z.array(VolumeSchema).safeParse(rows);
    expect(expected.success).toBe(false);
    expect(() => leanParseRows(VolumeSchema, rows)).toThrow(z.ZodError);
    try {
      leanParseRows(VolumeSchema, rows);
    } catch (err) {
      expect((err as z.ZodError).issues).toStrictEqual(expected.error?.issues);
      expect((err as z.ZodError).issues[0]?.path).toStrictEqual([3, "size"]);
    }
  });

  it("what is not a list gets zod's error", () => {
    for (const notRows of [{}, null, "rows", { length: 1, 0: good(0) }] as unknown[]) {
      const expected = z.array(VolumeSchema).safeParse(notRows);
      expect(() => leanParseRows(VolumeSchema, notRows as unknown[])).toThrow(z.ZodError);
      try {
        leanParseRows(VolumeSchema, notRows as unknown[]);
      } catch (err) {
        expect((err as z.ZodError).issues).toStrictEqual(expected.error?.issues);
      }
    }
  });

  it("a schema that is not a loose object is zod's alone", () => {
    const strict = z.object({ id: z.string() });
    expect(leanParseRows(strict, [{ id: "a", more: 1 }])).toStrictEqual([{ id: "a" }]);
  });

  it("a loose object refined as a whole is zod's alone: its refinement runs", () => {
    const refined = VolumeSchema.refine((v) => v.size !== 13, { message: "unlucky size" });
    expect(leanSafeParse(refined, good(1)).success).toBe(true);
    const bad = { ...good(2), size: 13 };
    expect(leanSafeParse(refined, bad).success).toBe(false);
    expect(() => leanParseRows(refined, [good(1), bad])).toThrow(/unlucky size/);
  });
});
