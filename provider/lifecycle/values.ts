// Value helpers shared by every kind: Pulumi's unknown sentinel, protobuf-safe objects, tag maps and lists.
// Pure functions, no Pulumi and no client, so the rules built on them are unit-tested directly.

/** What the engine sends during preview for a value not known yet (an output of a resource still to be created). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value, or anything inside it, is not known yet. */
export function containsUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

/**
 * A copy without `undefined` anywhere. The dynamic-provider host turns results into protobuf Structs, which
 * throw on undefined, so everything returned to the engine goes through here.
 */
export function compact<T>(v: T): T {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compact) as T;
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = compact(x);
    return out as T;
  }
  return v;
}

/** `o` without `key`: a copy when `o` has it, else `o` itself (undefined stays undefined). Never mutate the result. */
export function without<T>(o: Record<string, T> | undefined, key: string): Record<string, T> | undefined {
  if (!o || !Object.hasOwn(o, key)) return o;
  const { [key]: _, ...rest } = o;
  return rest;
}

export type TagMap = Record<string, string>;

/** Tags as the API reports them (an object, or tag records {key, value}) → a plain map of strings. */
export function tagsOf(raw: unknown): TagMap {
  const out: TagMap = {};
  if (Array.isArray(raw)) {
    for (const t of raw) {
      if (t && typeof t === "object" && typeof (t as any).key === "string") {
        out[(t as any).key] = String((t as any).value ?? "");
      }
    }
  } else if (raw && typeof raw === "object") {
    for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== null) out[k] = String(v);
  }
  return out;
}

/** Same keys with the same values; order never matters. */
export function sameTags(a: TagMap | undefined, b: TagMap | undefined): boolean {
  const x = a ?? {};
  const y = b ?? {};
  const kx = Object.keys(x);
  return kx.length === Object.keys(y).length && kx.every((k) => Object.hasOwn(y, k) && y[k] === x[k]);
}

/**
 * The API has no tag edit: a changed value is removed and added again. Returns what to remove (keys gone or
 * changed, with their current values, as the delete body names them) and what to add.
 */
export function tagDelta(current: TagMap, desired: TagMap): { remove: TagMap; add: TagMap } {
  const remove: TagMap = {};
  const add: TagMap = {};
  for (const [k, v] of Object.entries(current)) if (desired[k] !== v) remove[k] = v;
  for (const [k, v] of Object.entries(desired)) if (current[k] !== v) add[k] = v;
  return { remove, add };
}

/**
 * Lists of strings that hold the same elements, in any order, each as many times (ids, names, CIDRs); absent is
 * empty. Compared as sorted JSON, so no separator inside an element can make two lists look alike.
 */
export function sameSet(a: unknown, b: unknown): boolean {
  const sorted = (v: unknown) => JSON.stringify(Array.isArray(v) ? [...v].sort() : []);
  return sorted(a) === sorted(b);
}

/** Ordered lists of strings, element by element. */
export function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Deep equality of JSON-like values (objects compared by keys, arrays in order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).filter((k) => (a as any)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as any)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameValue((a as any)[k], (b as any)[k]));
  }
  return false;
}

/**
 * What of a reference the old inputs do not hold already: the value when it changed (or the resource is new), the
 * list's new elements for a list, undefined when nothing is new.
 */
export function notHeld(value: unknown, old: unknown): unknown {
  if (old === undefined || old === null) return value;
  if (Array.isArray(value)) {
    const before = Array.isArray(old) ? old : [old];
    const added = value.filter((v) => !before.some((o) => sameValue(o, v)));
    return added.length ? added : undefined;
  }
  return sameValue(value, old) ? undefined : value;
}
