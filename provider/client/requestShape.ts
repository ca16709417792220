// A request's fields, declared once. The input type a caller writes and the keys the client sends (a JSON body
// or query parameters) both derive from one declaration, so a field cannot be added to one and forgotten in the
// other. Many API routes read their parameters key by key and silently ignore the keys they do not know: a key
// outside the declaration (a caller's extra, a misspelt one) is never sent, and an undefined one is left out.
// Plain data, not a zod schema: a request's inputs are checked before they get here (the kinds' check, the API),
// and picking a dozen keys costs nothing on the hot path. Imports nothing: every family may use it.

/** One field: its TypeScript type (known to the compiler only) and whether a caller must give it. */
export interface Field<T, Required extends boolean> {
  readonly required: Required;
  /** Never set: carries the field's type for the compiler. */
  readonly type?: T;
}

const REQUIRED: Field<unknown, true> = Object.freeze({ required: true });
const OPTIONAL: Field<unknown, false> = Object.freeze({ required: false });

/** A field the caller must give. */
export const required = <T>(): Field<T, true> => REQUIRED as Field<T, true>;
/** A field the caller may leave out (it is then not sent). */
export const optional = <T>(): Field<T, false> => OPTIONAL as Field<T, false>;

export type Fields = { readonly [key: string]: Field<unknown, boolean> };

type TypeOf<F> = F extends Field<infer T, boolean> ? T : never;
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The input a caller writes: required fields, then optional ones (`?`), with the declared types. */
export type Input<F extends Fields> = Flat<
  { [K in keyof F as F[K] extends Field<unknown, true> ? K : never]: TypeOf<F[K]> } & {
    [K in keyof F as F[K] extends Field<unknown, true> ? never : K]?: TypeOf<F[K]>;
  }
>;

/** How one field is written on the wire, when that differs from the input (a list sent comma-separated). */
export type Encoders<I> = { readonly [K in keyof I]?: (value: Exclude<I[K], undefined>) => unknown };

/** What is sent: the input's fields, the encoded ones with their encoders' types. */
export type Sent<I, E> = Flat<{
  [K in keyof I]: K extends keyof E
    ? E[K] extends (value: never) => infer R
      ? Exclude<R, undefined>
      : I[K]
    : I[K];
}>;

export interface RequestShape<F extends Fields> {
  readonly fields: F;
  /** The declared keys, in the order they are sent. */
  readonly keys: readonly (keyof F & string)[];
  /**
   * Exactly the declared keys of `input` that are not undefined, in declaration order (the order the body's
   * JSON or the query string has). `encode` rewrites a field's value; an encoder's undefined leaves it out.
   */
  pick<E extends Encoders<Input<F>> = Record<never, never>>(
    input: Input<F>,
    encode?: E & Encoders<Input<F>>,
  ): Sent<Input<F>, E>;
}

/** The input type of a declared request: `type CreateVpcInput = InputOf<typeof createVpcRequest>`. */
export type InputOf<R extends { readonly fields: Fields }> = Input<R["fields"]>;

export function requestShape<const F extends Fields>(fields: F): RequestShape<F> {
  const keys = Object.keys(fields) as (keyof F & string)[];
  return {
    fields,
    keys,
    pick(input, encode) {
      const from = input as Record<string, unknown>;
      const coders = encode as Record<string, ((v: unknown) => unknown) | undefined> | undefined;
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        let v = from[k];
        if (v !== undefined && coders?.[k]) v = coders[k](v);
        if (v !== undefined) out[k] = v;
      }
      return out as never;
    },
  };
}
