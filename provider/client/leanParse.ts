// Validation of API records without zod's per-field copies. zod builds a new object for every record and runs
// each optional field through its own little pipeline (null → undefined): an instance record of about 65 such
// fields cost about 36 KB of short-lived objects, so one list of 2,000 instances made 70 MB of garbage in the
// provider process, which every resource of a stack shares. Here a loose object whose fields are the schemas'
// plain kinds (records.ts: optional string, number, integer, boolean, record; required string, number, boolean)
// is checked field by field and answered as a copy with what zod would change (nulls read as absent, records
// copied); any other field is handed to its own zod schema. Whenever anything is not
// plainly valid, or not as JSON.parse makes values (a `__proto__` key of its own, an explicit undefined), zod
// parses the whole value, so what fails (and its message) and what passes are always zod's answer; this only
// skips the copies on the way (tests/client/leanParse.test.ts compares the two on every schema).

import { z } from "zod";

/** How a field's value is checked: a plain type test (`record`: copied, as zod copies it), or its own schema. */
type Field =
  | { key: string; test: (v: unknown) => boolean; nullable: boolean; record: boolean }
  | { key: string; schema: z.ZodType; optional: boolean };

const isString = (v: unknown) => typeof v === "string";
const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);
const isSafeInteger = (v: unknown) => Number.isSafeInteger(v);
const isBoolean = (v: unknown) => typeof v === "boolean";
/**
 * An object as JSON.parse makes it, without a `__proto__` key of its own (zod drops one): what
 * z.record(z.string(), z.unknown()) takes as it is, its values unread. Anything else goes to zod.
 */
const isPlainRecord = (v: unknown) =>
  typeof v === "object" &&
  v !== null &&
  Object.getPrototypeOf(v) === Object.prototype &&
  !Object.hasOwn(v, "__proto__");

const KIND_TESTS = {
  string: isString,
  number: isNumber,
  int: isSafeInteger,
  boolean: isBoolean,
  record: isPlainRecord,
};

/** The schemas' shared optional fields (absent or null reads as undefined) and the test of each. */
const optionalTests = new Map<z.ZodType, (v: unknown) => boolean>();

/** Called once by records.ts for each shared optional field schema. */
export function leanOptional<T extends z.ZodType>(schema: T, kind: keyof typeof KIND_TESTS): T {
  optionalTests.set(schema, KIND_TESTS[kind]);
  return schema;
}

/** A required field of a bare type (no checks of its own): the type test, or undefined. */
function bareTest(schema: z.ZodType): ((v: unknown) => boolean) | undefined {
  const def = schema.def as { type: string; checks?: unknown[] };
  if (def.checks?.length) return undefined;
  if (def.type === "string") return isString;
  if (def.type === "number") return isNumber;
  if (def.type === "boolean") return isBoolean;
  return undefined;
}

const plans = new WeakMap<z.ZodType, Field[] | null>();

/** The fields of a loose object schema without checks of its own, or null (zod alone reads it). */
function planOf(schema: z.ZodType): Field[] | null {
  let plan = plans.get(schema);
  if (plan !== undefined) return plan;
  plan = null;
  const def = schema.def as { type: string; catchall?: z.ZodType; checks?: unknown[] };
  // A refinement of the whole object (.refine, .superRefine) is one of its checks: zod alone runs those.
  if (schema instanceof z.ZodObject && def.catchall?.def.type === "unknown" && !def.checks?.length) {
    plan = Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]): Field => {
      const shared = optionalTests.get(field);
      if (shared) return { key, test: shared, nullable: true, record: shared === isPlainRecord };
      const bare = bareTest(field);
      if (bare) return { key, test: bare, nullable: false, record: false };
      return { key, schema: field, optional: field._zod.optin === "optional" };
    });
  }
  plans.set(schema, plan);
  return plan;
}

/**
 * The lean answer, or undefined when zod must answer (not plainly valid, or not as JSON.parse makes values).
 * The answer is a copy, made at once with the value's own key order (zod's puts the schema's keys first: the
 * same keys and values; building an object key by key in that order cost as much garbage again as the copy).
 */
function lean(plan: Field[], value: unknown): object | undefined {
  if (!isPlainRecord(value)) return undefined;
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...input };
  for (const f of plan) {
    const v = input[f.key];
    if ("test" in f) {
      if (v === undefined) {
        // Absent: a shared optional field stays absent (a present undefined is not JSON: zod decides).
        if (!f.nullable || Object.hasOwn(input, f.key)) return undefined;
      } else if (v === null) {
        if (!f.nullable) return undefined;
        out[f.key] = undefined;
      } else if (!f.test(v)) return undefined;
      else if (f.record) out[f.key] = { ...(v as object) };
      continue;
    }
    // Any other field is its own schema's to read, absent too when it is optional (a catch or a transform may
    // answer); an absent field that is not optional (required, or with a default) is zod's to decide.
    if (v === undefined && (Object.hasOwn(input, f.key) || !f.optional)) return undefined;
    const r = f.schema.safeParse(v);
    if (!r.success) return undefined;
    // What zod answers for the field becomes the copy's own (an inherited value too, as zod has it).
    if (r.data !== v || (r.data !== undefined && !Object.hasOwn(input, f.key))) out[f.key] = r.data;
  }
  return out;
}

/**
 * schema.safeParse(value), with the same answer, cheaper for loose objects of plain fields. For values as
 * JSON.parse makes them (every caller's): a value JSON cannot make (a function, a symbol key, a getter) may pass
 * here where zod would refuse it.
 */
export function leanSafeParse<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  const plan = planOf(schema);
  const data = plan ? lean(plan, value) : undefined;
  return data ? { success: true, data: data as T } : schema.safeParse(value);
}

/** Each row parsed as `item` (leanSafeParse); on the first row that is not valid, zod's answer for the whole list. */
export function leanParseRows<T>(item: z.ZodType<T>, rows: unknown[]): T[] {
  if (!Array.isArray(rows)) return z.array(item).parse(rows);
  const out: T[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = leanSafeParse(item, rows[i]);
    if (!r.success) return z.array(item).parse(rows);
    out[i] = r.data;
  }
  return out;
}
