// The outputs of a kind as a strict zod schema, derived from its declaration: each non-secret input field by
// its checked schema (or by `shown`, when its `output` getter shows it in another form), each output-only
// field by its schema, and the region. No unknown keys; keys that are always present are required.
//
// The provider does not parse its outputs with it (one provider process serves thousands of resources): the
// in-process lifecycle tests do, on every output the providers return. At compile time, the schema's type
// is proved to be `OutputsOf<F, O>`, the type of the SDK class's outputs (see OutputTypesAgree below).

import { z } from "zod";
import type { kinds } from ".";
import { type Fields, type Kind, type Outputs, outputNames, type ShownOf } from "./define";

type Visible<F extends Fields> = {
  [K in keyof F]: K extends "region" ? never : F[K] extends { secret: true } ? never : K;
}[keyof F];
/** Always in outputs: declared `present`, or a type in outputs without undefined. */
type Always<S> = S extends { present: true } ? true : undefined extends ShownOf<S> ? false : true;

/** The shape of a kind's outputs schema, typed from the declaration alone. */
export type OutputShape<F extends Fields, O extends Outputs> = {
  [K in Visible<F> as Always<F[K]> extends true ? K : never]: z.ZodType<NonNullable<ShownOf<F[K]>>>;
} & {
  [K in Visible<F> as Always<F[K]> extends true ? never : K]: z.ZodOptional<z.ZodType<ShownOf<F[K]>>>;
} & { [K in keyof O]: O[K]["schema"] } & { region: z.ZodString };

export type OutputSchema<F extends Fields, O extends Outputs> = z.ZodObject<
  OutputShape<F, O>,
  z.core.$strict
>;

/** Whether the schema's output may be undefined (it accepts undefined and keeps it: no default). */
const mayBeAbsent = (schema: z.ZodType) => {
  const r = schema.safeParse(undefined);
  return r.success && r.data === undefined;
};

/** A key that must be there (with a value: a null in state stands for an absent output), then what its schema says. */
const required = (schema: z.ZodType) =>
  z.custom((v) => v !== undefined && v !== null, { error: "is missing from the outputs" }).pipe(schema);

/** Whether the output `k` of a kind (a field or an output-only value) is always there, by its declaration. */
const alwaysThere = (kind: Kind, k: string) => {
  const f = kind.fields[k];
  if (f) return f.present === true || !mayBeAbsent(f.shown ?? f.schema);
  const o = kind.outputs[k];
  return o !== undefined && !mayBeAbsent(o.schema);
};

const absentOf = new WeakMap<object, readonly string[]>();

/**
 * The outputs a resource of the kind may lack (optional in its outputs schema), listed once per kind; its region
 * too, which a resource made where the API's regions could not be read has none of.
 */
export function mayBeAbsentOutputs(kind: Kind): readonly string[] {
  let list = absentOf.get(kind);
  if (!list) {
    list = outputNames(kind).filter((k) => k === "region" || !alwaysThere(kind, k));
    absentOf.set(kind, list);
  }
  return list;
}

const schemas = new WeakMap<object, z.ZodObject>();

/** The strict schema of what a kind's provider returns as outputs (create, read, update, partial state). */
export function outputSchema<F extends Fields, O extends Outputs>(kind: Kind<F, O>): OutputSchema<F, O> {
  let schema = schemas.get(kind);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const [k, f] of Object.entries(kind.fields)) {
      if (k === "region" || f.secret) continue;
      const shown = f.shown ?? f.schema;
      shape[k] = alwaysThere(kind, k) ? required(shown) : shown.optional();
    }
    for (const [k, o] of Object.entries(kind.outputs)) shape[k] = o.schema;
    shape.region = z.string();
    schema = z.strictObject(shape);
    schemas.set(kind, schema);
  }
  // The shape is built key by key from the declaration, which the type system cannot follow: this is the one
  // place its type is asserted. OutputTypesAgree checks that type; the lifecycle tests check the schema.
  return schema as unknown as OutputSchema<F, O>;
}

// ------------------------------------------------------------------------------ compile-time agreement

type Flat<T> = { [K in keyof T]: T[K] } & {};
/** Exactly the same type (keys, optionality, value types), not merely assignable either way. */
type Same<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

type Registry = typeof kinds;
/** The kinds whose outputs schema's type is not the SDK's outputs type. */
type Drifted = {
  [N in keyof Registry]: Same<
    z.output<OutputSchema<Registry[N]["fields"], Registry[N]["outputs"]>>,
    NonNullable<Registry[N]["__types"]>["outputs"]
  > extends true
    ? never
    : N;
}[keyof Registry];

type Holds<T extends true> = T;
/** Fails `tsc` naming the kind whose outputs schema and SDK outputs type differ. */
export type OutputTypesAgree = Holds<[Drifted] extends [never] ? true : Drifted>;
