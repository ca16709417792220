// zod schemas as Pulumi package-schema types: what a field's zod schema says (string, integer, list, map, union,
// nested object, optional) becomes the type spec the schema's properties, object types and function inputs and
// outputs use. Nested objects cannot be written inline in a Pulumi schema: each becomes an object type in
// `types`, named by the caller's `tokenOf` from its `.meta({ title })` or else the name of the field that holds it,
// and is referred to by `$ref`. Transforms are described by what they take (a transform's added fields are the caller's to add).

import { z } from "zod";

/** A Pulumi schema type: a primitive, an array, a map, a union, or a reference to a named type. */
export interface TypeSpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
}

/** An object type: a named type of `types`, or a function's inputs or outputs. */
export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required: string[];
}

/** Where nested objects go: `tokenOf` names a type (e.g. `Template` → `cim:lookups:Template`). */
export interface TypeContext {
  tokenOf(name: string): string;
  types: Record<string, ObjectTypeSpec>;
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
};

const defOf = (s: z.ZodType) => s.def as unknown as Def;

/** The schema under its wrappers: optional, nullable, default, readonly, and a pipe's input side. */
function bare(s: z.ZodType): z.ZodType {
  for (;;) {
    const d = defOf(s);
    if (d.innerType && ["optional", "nullable", "default", "prefault", "readonly", "catch"].includes(d.type))
      s = d.innerType;
    else if (d.type === "pipe" && d.in && defOf(d.in).type !== "transform") s = d.in;
    else if (d.type === "pipe" && d.out) s = d.out;
    else return s;
  }
}

/** A field may be left out (or null, which these schemas read as absent). */
export function isOptionalField(s: z.ZodType): boolean {
  return s.safeParse(undefined).success;
}

/**
 * The description given with `.describe()` on the field or anything it wraps. An intersection that says nothing
 * of itself is what its left side is, with more fields (a record with the `state` the lookups add).
 */
function descriptionOf(s: z.ZodType): string | undefined {
  for (let cur: z.ZodType | undefined = s; cur; ) {
    if (cur.description) return cur.description;
    const d = defOf(cur);
    cur = d.innerType ?? (d.type === "pipe" ? d.in : d.type === "intersection" ? d.left : undefined);
  }
  return undefined;
}

/** A name the schema gives itself with `.meta({ title })`, on it or on anything it wraps. */
function titleOf(s: z.ZodType): string | undefined {
  for (let cur: z.ZodType | undefined = s; cur; ) {
    const title = z.globalRegistry.get(cur)?.title;
    if (title) return title;
    const d = defOf(cur);
    cur = d.innerType ?? (d.type === "pipe" ? d.in : undefined);
  }
  return undefined;
}

/** The fields of an object schema, or of an intersection of object schemas (merged, the right side wins). */
function shapeOf(s: z.ZodType): Record<string, z.ZodType> | undefined {
  const d = defOf(bare(s));
  if (d.type === "object") return d.shape;
  if (d.type === "intersection") {
    const left = shapeOf(d.left!);
    const right = shapeOf(d.right!);
    return left && right ? { ...left, ...right } : undefined;
  }
  return undefined;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The type spec of a schema; a nested object is added to `ctx.types` as `name` and referred to. */
export function typeSpecOf(schema: z.ZodType, name: string, ctx: TypeContext): TypeSpec {
  const s = bare(schema);
  const d = defOf(s);
  if (shapeOf(s)) {
    const own = titleOf(schema) ?? name;
    const token = ctx.tokenOf(own);
    const spec = objectSpecOf(s, own, ctx);
    const known = ctx.types[token];
    if (known && JSON.stringify(known) !== JSON.stringify(spec))
      throw new Error(`zodTypes: two different object types are named ${token}`);
    ctx.types[token] = spec;
    return { $ref: `#/types/${token}` };
  }
  switch (d.type) {
    case "string":
    case "date":
    case "enum":
      return { type: "string" };
    case "boolean":
      return { type: "boolean" };
    case "number": {
      const whole = d.checks?.some((c) => ["safeint", "int32", "uint32"].includes(c._zod.def.format ?? ""));
      return { type: whole ? "integer" : "number" };
    }
    case "literal": {
      const kinds = new Set((d.values ?? []).map((v) => typeof v));
      if (kinds.size === 1 && ["string", "number", "boolean"].includes([...kinds][0]))
        return { type: [...kinds][0] as "string" | "number" | "boolean" };
      return ANY;
    }
    case "array":
      return { type: "array", items: typeSpecOf(d.element!, name, ctx) };
    case "record":
      return { type: "object", additionalProperties: typeSpecOf(d.valueType!, name, ctx) };
    case "union": {
      const options = d.options!.map((o, i) => typeSpecOf(o, `${name}${i + 1}`, ctx));
      const distinct = [...new Map(options.map((o) => [JSON.stringify(o), o])).values()];
      return distinct.length === 1 ? distinct[0] : { oneOf: distinct };
    }
    default:
      // unknown, any, and whatever has no Pulumi type: any value
      return ANY;
  }
}

/**
 * The object spec of an object schema (or an intersection of them): each field's type and description, and the
 * fields that must be given. A nested object field of `Template` named `downloadDetails` is `TemplateDownloadDetails`.
 */
export function objectSpecOf(schema: z.ZodType, name: string, ctx: TypeContext): ObjectTypeSpec {
  const shape = shapeOf(schema);
  if (!shape) throw new Error(`zodTypes: ${name} is not an object schema`);
  const properties: Record<string, PropertySpec> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const description = descriptionOf(field);
    properties[key] = {
      ...typeSpecOf(field, `${name}${pascal(key)}`, ctx),
      ...(description ? { description } : {}),
    };
    if (!isOptionalField(field)) required.push(key);
  }
  const description = descriptionOf(schema);
  return { type: "object", ...(description ? { description } : {}), properties, required };
}
