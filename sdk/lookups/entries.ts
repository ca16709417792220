// How a lookup becomes an entry of the registry (registry.ts): what an entry holds, and the checks, at compile
// time, that its input schema fits the function's argument and that a lookup taking a bare string says which
// fields that string stands for.

import type { z } from "zod";
import { LOOKUP_DOCS } from "./docs";

// A lookup function of any arguments (`any`: a function type whose parameters are unknown accepts no function).
type AnyLookup = (...args: any[]) => Promise<unknown>;

/** What a lookup answers: the record itself, or `{ items: [...] }` for a list, `{ values: {...} }` for a map. */
export interface LookupResult {
  schema: z.ZodType;
  /** The record's type name in the package schema (e.g. `Zone`). */
  type: string;
  wrap?: "items" | "values";
}

/** The query fields a bare string stands for: an id when a record has it, else a name (or address, version). */
export interface Shorthand {
  id: string;
  name: string;
}

export interface LookupEntry<F extends AnyLookup = AnyLookup> {
  /** The function's name, e.g. `getZone`; the provider function's token is `cim:index:<name>`. */
  name: string;
  /** The function's doc comment. */
  doc: string;
  fn: F;
  /** The argument the provider function takes (no string shorthand: that is SDK sugar). */
  input: z.ZodObject;
  output: LookupResult;
  shorthand?: Shorthand;
  /** Runs the function from arguments the input schema has accepted. */
  call(args: Record<string, unknown>): ReturnType<F>;
  /** The provider function's arguments from the arguments of a call of the function (strings aside). */
  argsOf(params: unknown[]): Record<string, unknown>;
  /** What the program says of an answer the plugin gave (a warning the function gives in a program). */
  answered?(value: Awaited<ReturnType<F>>): void;
}

/** The function's argument, bare string and absence aside. */
type ArgOf<F> = F extends (a: infer A, ...rest: never[]) => unknown ? Exclude<A, string | undefined> : never;
type Mismatch = { "the input schema differs from the lookup's argument type": never };
/** The schema's output is an argument the function takes, and has exactly the argument type's fields. */
type Fits<F extends AnyLookup, I extends z.ZodObject> =
  Parameters<F> extends []
    ? [keyof I["shape"]] extends [never]
      ? unknown
      : Mismatch
    : [z.output<I>] extends [ArgOf<F>]
      ? [keyof ArgOf<F>] extends [keyof I["shape"]]
        ? [keyof I["shape"]] extends [keyof ArgOf<F>]
          ? unknown
          : Mismatch
        : Mismatch
      : Mismatch;
/** A lookup that takes a bare string must say what it stands for. */
type StringForm<F extends AnyLookup, I extends z.ZodObject> =
  Parameters<F> extends []
    ? []
    : F extends (a: infer A, ...rest: never[]) => unknown
      ? string extends A
        ? [shorthand: { id: keyof I["shape"] & string; name: keyof I["shape"] & string }]
        : []
      : [];

/** An argument as it goes into a provider function: no `provider` option, Dates as ISO text, no undefined. */
export function invokeArgs(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (k === "provider" || v === undefined) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** A lookup's entry; `lookup` and `lookupPair` check its input schema and shorthand against the function. */
export function entry<F extends AnyLookup>(
  fn: F,
  input: z.ZodObject,
  output: LookupResult,
  shorthand?: Shorthand,
): LookupEntry<F> {
  return {
    name: fn.name,
    doc: LOOKUP_DOCS[fn.name] ?? "",
    fn,
    input,
    output,
    shorthand,
    call: (args) => fn(args) as ReturnType<F>,
    argsOf: (params) => invokeArgs(params[0]),
  };
}

export function lookup<F extends AnyLookup, I extends z.ZodObject>(
  fn: F,
  input: I & Fits<F, I>,
  output: LookupResult,
  ...shorthand: StringForm<F, I>
): LookupEntry<F> {
  return entry(fn, input, output, shorthand[0]);
}

export const one = (schema: z.ZodType, type: string): LookupResult => ({ schema, type });
export const list = (schema: z.ZodType, type: string): LookupResult => ({ schema, type, wrap: "items" });
export const byName = { id: "id", name: "name" } as const;

/** A list lookup that takes no bare string (so it needs no shorthand). */
type NoStringForm<F extends AnyLookup, I extends z.ZodObject> =
  StringForm<F, I> extends [] ? unknown : { "the list lookup takes a bare string": never };

/** The two entries of a pair: `get<N>s`, which lists records of type N, and `get<N>`, which finds one. */
type LookupPair<N extends string, L extends AnyLookup, O extends AnyLookup> = {
  [K in `get${N}s`]: LookupEntry<L>;
} & { [K in `get${N}`]: LookupEntry<O> };

/** A module (or an object) holding the list lookup `get<N>s` and the one-record lookup `get<N>`. */
type PairOf<N extends string> = { [K in `get${N}s` | `get${N}`]: AnyLookup };
type ListOf<N extends string, M extends PairOf<N>> = M[`get${N}s`];
type OneOf<N extends string, M extends PairOf<N>> = M[`get${N}`];

/**
 * The list lookup `get<N>s` and the one-record lookup `get<N>` of the record type N (its name in the package
 * schema, and `schema` its record), both found in `from` by those names, in that order, each checked as
 * `lookup` checks it.
 */
export function lookupPair<
  N extends string,
  M extends PairOf<N>,
  LI extends z.ZodObject,
  OI extends z.ZodObject,
>(
  type: N,
  schema: z.ZodType,
  from: M,
  listInput: LI & Fits<ListOf<N, M>, LI> & NoStringForm<ListOf<N, M>, LI>,
  oneInput: OI & Fits<OneOf<N, M>, OI>,
  ...shorthand: StringForm<OneOf<N, M>, OI>
): LookupPair<N, ListOf<N, M>, OneOf<N, M>> {
  const pair: PairOf<N> = from;
  return {
    [`get${type}s`]: entry(pair[`get${type}s`], listInput, list(schema, type)),
    [`get${type}`]: entry(pair[`get${type}`], oneInput, one(schema, type), shorthand[0]),
  } as LookupPair<N, ListOf<N, M>, OneOf<N, M>>;
}
