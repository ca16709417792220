// Reading a request's inputs key by key (the JSON body or the query string), with the platform's refusals.
import { badRequest, type Ctx } from "../http";

export type Obj = Record<string, unknown>;

/** The JSON body as an object; absent body is {}. Unknown keys are ignored by every reader below. */
export function body(ctx: Ctx): Obj {
  const b = ctx.body;
  if (b === undefined || b === null || b === "") return {};
  if (typeof b !== "object" || Array.isArray(b)) throw badRequest("Request body must be a JSON object");
  return b as Obj;
}

function hasJsonBody(ctx: Ctx): boolean {
  return typeof ctx.body === "object" && ctx.body !== null && Object.keys(ctx.body).length > 0;
}

/** Query parameters as one flat object (first value wins), so the readers work on both. */
export function query(ctx: Ctx): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(ctx.query)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

const missing = (key: string) =>
  badRequest(`Required parameter '${key}' is not present`, `Missing parameter: ${key}`);

export function str(src: Obj, key: string): string | undefined {
  const v = src[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw badRequest(`Parameter '${key}' must be a string`);
  return v;
}

/**
 * The filter of a CloudStack-style list from its query: each parameter of `exact` that is given must equal the
 * record's field of that name, and `keyword`, when given, must be part of one of the `keywordIn` fields.
 */
export function listFilter<T extends object>(
  q: Obj,
  exact: Partial<Record<string, keyof T>>,
  keywordIn: (keyof T)[],
): (r: T) => boolean {
  const wanted = Object.entries(exact).flatMap(([param, field]) => {
    const v = str(q, param);
    return v === undefined || field === undefined ? [] : [[field, v] as const];
  });
  const keyword = str(q, "keyword");
  return (r) =>
    wanted.every(([field, v]) => r[field] === v) &&
    (!keyword || keywordIn.some((f) => String(r[f] ?? "").includes(keyword)));
}

/** CloudStack's @Parameter length: 255 characters unless the parameter declares another. */
export const PARAM_LENGTH = 255;

/** `value` when it fits the parameter's length, else CloudStack's refusal naming the parameter. */
export function withinLength(param: string, value: string, max = PARAM_LENGTH): string {
  if (value.length > max)
    throw badRequest(`Value greater than max allowed length ${max} for param: ${param}`);
  return value;
}

export function reqStr(src: Obj, key: string): string {
  const v = str(src, key);
  if (v === undefined || v.trim() === "") throw missing(key);
  return v;
}

/** Booleans arrive as JSON booleans or, in query strings, as "true" / "false". */
export function bool(src: Obj, key: string): boolean | undefined {
  const v = src[key];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "boolean") return v;
  if (v === "true") return true;
  if (v === "false") return false;
  throw badRequest(`Parameter '${key}' must be true or false`);
}

export function int(src: Obj, key: string): number | undefined {
  const v = src[key];
  if (v === undefined || v === null || v === "") return undefined;
  const n =
    typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`Parameter '${key}' must be an integer`);
  return n;
}

export function reqInt(src: Obj, key: string): number {
  const v = int(src, key);
  if (v === undefined) throw missing(key);
  return v;
}

/** Integers a request must carry: every one is read (a malformed one refused) before a missing one is. */
export function reqInts<K extends string>(src: Obj, ...keys: K[]): Record<K, number> {
  const values = keys.map((k) => [k, int(src, k)] as const);
  for (const [k, v] of values) if (v === undefined) throw missing(k);
  return Object.fromEntries(values) as Record<K, number>;
}

/**
 * The query of a route that takes query parameters only (the spec's PUTs): a JSON body carrying none of them is
 * refused naming the first, as the platform refuses a body where it reads parameters.
 */
export function queryOnly(ctx: Ctx, params: readonly string[]): Obj {
  const q = query(ctx);
  if (hasJsonBody(ctx) && !params.some((k) => k in q)) {
    throw badRequest(
      `Required parameter '${params[0]}' is not present`,
      `This endpoint takes query parameters (${params.join(", ")}), not a JSON body`,
    );
  }
  return q;
}

/**
 * The synchronous PUT of VPCs and networks: name and displayText as query parameters. A JSON body with neither
 * is refused naming `name`, as the platform does.
 */
export function renameByQuery(ctx: Ctx): { name?: string; displayText?: string } {
  const q = queryOnly(ctx, ["name", "displayText"]);
  const name = str(q, "name");
  const displayText = str(q, "displayText");
  return { ...(name ? { name } : {}), ...(displayText !== undefined ? { displayText } : {}) };
}
