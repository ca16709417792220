// The check framework: every input field has a zod schema whose messages state the spec's rule; a field
// whose value is not known yet (preview of a program whose inputs come from resources still to be created)
// is passed through unvalidated. Failures name the field; secret fields (and values a schema marks concealed)
// are reported without a property so the engine does not print their value.

import { z } from "zod";
import { timeoutProblems } from "./timeouts";
import { containsUnknown } from "./values";

export interface CheckFailure {
  property: string;
  reason: string;
}

export type Inputs = Record<string, unknown>;

/** What a kind's check returns: the normalised inputs and the failures. */
export interface Checked<T> {
  inputs: T;
  failures: CheckFailure[];
}

export interface FieldCheck {
  values: Inputs;
  failures: CheckFailure[];
  /**
   * The fields given a value their schema refused, and those left out that a misspelt key was taken for: each
   * is named by a failure already.
   */
  refused: string[];
}

export interface CheckOptions {
  /** Fields whose values must never be echoed (the engine prints a failing property's value). */
  secret?: readonly string[];
}

const label = (field: string, path: readonly PropertyKey[]) =>
  [field, ...path.map((p) => (typeof p === "number" ? `[${p}]` : String(p)))].join(".").replace(/\.\[/g, "[");

/** "field.path message"; a bad record key says what is wrong with the key itself. */
function describeIssue(field: string, issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "invalid_key") {
    const key = String(issue.path.at(-1) ?? "");
    const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
    const why = issue.issues.map((i) => i.message).join("; ");
    return `${label(field, issue.path.slice(0, -1))} ${why} (key ${JSON.stringify(shown)})`;
  }
  return `${label(field, issue.path)} ${issue.message}${textForType(issue, value)}`;
}

/**
 * A number or a boolean given as text (`new pulumi.Config().get("size")`): the engine prints the failing value
 * without quotes (`value {50}`), so a rule alone reads as if 50 were not a whole number. Says it is text.
 */
function textForType(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code !== "invalid_type" || (issue.expected !== "number" && issue.expected !== "boolean"))
    return "";
  let at = value;
  for (const key of issue.path) at = (at as Record<PropertyKey, unknown> | undefined)?.[key];
  if (typeof at !== "string") return "";
  // the engine prints the value (or [secret]): said as text only, never repeated here
  const reads =
    issue.expected === "number" ? /^\s*-?\d+(\.\d+)?\s*$/.test(at) : /^\s*(true|false)\s*$/i.test(at);
  if (!reads) return " (it is given as text)";
  const reader = issue.expected === "number" ? "requireNumber" : "requireBoolean";
  return ` (it is given as text: give a ${issue.expected}; a stack config value is read as one with config.${reader})`;
}

/** Validates each field on its own; unknown (preview) values are kept as they are. */
export function checkFields(
  fields: Record<string, z.ZodType>,
  news: Inputs,
  options: CheckOptions = {},
): FieldCheck {
  const values: Inputs = {};
  const failures: CheckFailure[] = [];
  const refused: string[] = [];
  // the inputs a misspelt key was meant as: left out, they are that key's failure, not one of their own
  const meant = new Set<string>();
  // The API ignores keys it does not know; a misspelt input would be dropped the same way. Refuse it here.
  for (const key of Object.keys(news)) {
    if (key.startsWith("__") || Object.hasOwn(fields, key)) continue;
    const near = nearest(key, Object.keys(fields));
    if (near) meant.add(near);
    failures.push({
      property: key,
      reason: `${key} is not an input of this resource${near ? ` (did you mean ${near}?)` : ""}; the inputs are ${Object.keys(fields).join(", ")}`,
    });
  }
  for (const [field, schema] of Object.entries(fields)) {
    const value = news[field];
    if (containsUnknown(value)) {
      values[field] = value;
      continue;
    }
    if ((value === undefined || value === null) && meant.has(field)) {
      refused.push(field);
      continue;
    }
    const parsed = schema.safeParse(value === null ? undefined : value);
    if (parsed.success) {
      if (parsed.data !== undefined) values[field] = parsed.data;
      continue;
    }
    refused.push(field);
    const secret = options.secret?.includes(field) ?? false;
    for (const issue of parsed.error.issues) {
      failures.push({
        property: secret || concealed(issue) ? "" : field,
        reason: describeIssue(field, issue, value),
      });
    }
  }
  return { values, failures, refused };
}

/**
 * A failure whose value must not be echoed even though the field is not secret (the engine prints a failing
 * property's value): a schema says so with `params: { conceal: true }`, e.g. a private key given as a public one.
 */
function concealed(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && (issue.params as { conceal?: unknown } | undefined)?.conceal === true;
}

/** The known name closest to a misspelt one (case, a few letters off), if any is close. */
export function nearest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = name.toLowerCase() === lower ? 0 : distance(lower, name.toLowerCase());
    if (d <= Math.max(2, Math.floor(name.length / 4)) && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** Levenshtein distance with adjacent transpositions. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Runs a cross-field rule only when every field it reads is known. */
export function whenKnown(values: Inputs, fields: readonly string[], rule: () => void): void {
  if (fields.every((f) => !containsUnknown(values[f]))) rule();
}

// ------------------------------------------------------------------------------------------ field schemas

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is an id's text (a UUID), as `id` requires. */
export const isUuid = (v: unknown): boolean => typeof v === "string" && UUID.test(v.trim());

const typeError = (expected: string, rule: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `is required: ${rule}` : `must be ${expected}: ${rule}`;

/** A resource identifier: the spec makes every id a UUID string, valid only in its own region. */
export function id(rule: string) {
  return z
    .string({ error: typeError("a string", rule) })
    .trim()
    .regex(UUID, `must be an id (a UUID), not a name: ${rule}`);
}

export function optionalId(rule: string) {
  return id(rule).optional();
}

/** The region uuid (X-Region-Context); absent means cim:region, then the API default region. */
export const region = optionalId(
  "a region uuid; leave it out to use cim:region (CIM_REGION), then the API default region",
);

export function text(rule: string, max = 255) {
  return z
    .string({ error: typeError("a string", rule) })
    .trim()
    .min(1, `must not be empty: ${rule}`)
    .max(max, `must be at most ${max} characters: ${rule}`);
}

/** Whether the runtime knows an IANA time zone name ("Europe/Berlin", "UTC"), as the platform's list does. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name; the platform refuses any other (CloudStack's schedules take a java.util.TimeZone id). */
export function timeZone(rule: string) {
  // judged only when the length rules hold, so a wrong length is one message
  return text(rule, 64).refine((tz) => tz.length === 0 || tz.length > 64 || isTimeZone(tz), {
    message: `must be an IANA time zone name, e.g. "Europe/Berlin" or "UTC": ${rule}`,
  });
}

export function bool(rule: string) {
  return z.boolean({ error: typeError("true or false", rule) }).optional();
}

/** Tags: a map of text keys to text values. There is no tag edit in the API: changes remove and re-add. */
const TAGS_SHAPE = 'must be a map of text keys to text values, e.g. { env: "prod" }';

export const tagMap = z.record(
  z.string().trim().min(1, "keys must not be empty").max(128, "keys must be at most 128 characters"),
  z.string({ error: "values must be strings" }).max(256, "values must be at most 256 characters"),
  { error: (iss) => (iss.code === "invalid_type" ? TAGS_SHAPE : undefined) },
);

export const tags = tagMap.optional();

/** {create?, update?, delete?}: milliseconds or a duration text ("90s", "10m", "1h30m"). */
export const timeouts = z
  .unknown()
  .superRefine((v, ctx) => {
    for (const p of timeoutProblems(v))
      ctx.addIssue({ code: "custom", path: p.key ? [p.key] : [], message: p.message });
  })
  .transform((v) => (v === undefined || v === null ? undefined : (v as Record<string, unknown>)));

/** The id of an existing resource to adopt instead of creating one. */
export const adoptId = optionalId(
  "the id of an existing resource of this kind, in this resource's region, to adopt instead of creating one",
);

/** A field the API requires on create, optional only when adopting (the live value is kept then). */
export function requiredUnlessAdopting(
  values: Inputs,
  failures: CheckFailure[],
  field: string,
  rule: string,
): void {
  if (
    values[field] === undefined &&
    values.adoptId === undefined &&
    !failures.some((f) => f.property === field)
  ) {
    failures.push({ property: field, reason: `${field} is required: ${rule}` });
  }
}
