// The SDK's lookups as the provider plugin's functions: `cim:index:<name>` (e.g. `cim:index:getZone`) runs the
// same function a program calls (sdk/lookups), inside the plugin's process and with the plugin's configuration
// (the provider's inputs or the stack's `cim:*` config, then CIM_*), and answers an object: the record itself,
// or `{ items }` for a list, `{ values }` for a map. The package schema describes each from the registry: its
// doc comment, its arguments and its answer, typed; records are object types of module `lookups`
// (`cim:lookups:Zone`), which GetSchema must list under `types` beside the functions.

import { useLookupSettings } from "../../sdk/lookups/core";
import type { LookupEntry } from "../../sdk/lookups/entries";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { processStackConfig, type StackConfigReader } from "../config";
import type { Functions } from "../native/adapter";
import { type ObjectTypeSpec, objectSpecOf, type TypeContext, typeSpecOf } from "../schema/zodTypes";

const PREFIX = "cim:index:";

/** `getZone` → `cim:index:getZone`. */
export const functionToken = (name: string): string => `${PREFIX}${name}`;

/** `Zone` → `cim:lookups:Zone`: the records the functions answer. */
export const recordTypeToken = (name: string): string => `cim:lookups:${name}`;

/** A function of the package schema. */
export interface FunctionSpec {
  description: string;
  inputs: ObjectTypeSpec;
  outputs: ObjectTypeSpec;
}

export interface LookupSchemas {
  /** `functions` of the package schema, by token. */
  functions: Record<string, FunctionSpec>;
  /** The object types those functions refer to (`#/types/cim:lookups:…`), by token. */
  types: Record<string, ObjectTypeSpec>;
}

function outputsOf(entry: LookupEntry, ctx: TypeContext): ObjectTypeSpec {
  const { schema, type, wrap } = entry.output;
  if (wrap === undefined) return objectSpecOf(schema, type, ctx);
  const description = wrap === "items" ? "The records, as the function lists them." : "The values, by name.";
  const spec =
    wrap === "items"
      ? { type: "array" as const, items: typeSpecOf(schema, type, ctx) }
      : typeSpecOf(schema, type, ctx);
  return { type: "object", properties: { [wrap]: { ...spec, description } }, required: [wrap] };
}

let made: LookupSchemas | undefined;

/** Every lookup as a function of the package schema, and the record types they answer. */
export function lookupSchemas(): LookupSchemas {
  if (made) return made;
  const ctx: TypeContext = { tokenOf: recordTypeToken, types: {} };
  const functions: Record<string, FunctionSpec> = {};
  for (const entry of Object.values(lookupRegistry) as LookupEntry[]) {
    const pascal = entry.name.charAt(0).toUpperCase() + entry.name.slice(1);
    functions[functionToken(entry.name)] = {
      description: entry.doc,
      inputs: objectSpecOf(entry.input, `${pascal}Args`, ctx),
      outputs: outputsOf(entry, ctx),
    };
  }
  made = { functions, types: ctx.types };
  return made;
}

/** Arguments a function does not take: the message names the function, the field and what is wrong. */
export class FunctionArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FunctionArgumentError";
  }
}

type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[] };

function describeIssue(name: string, entry: LookupEntry, issue: Issue): string {
  const takes = Object.keys(entry.input.shape);
  const known = takes.length ? `it takes ${takes.join(", ")}` : "it takes none";
  if (issue.code === "unrecognized_keys")
    return `cim: ${name} does not take ${issue.keys?.map((k) => `"${k}"`).join(", ")} (${known}).`;
  const field = issue.path.map(String).join(".");
  return `cim: ${name}: ${field ? `field "${field}"` : "arguments"}: ${issue.message}.`;
}

/** The lookup behind a function's token; undefined when the provider has no such function. */
function entryOf(token: string): LookupEntry | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  const name = token.slice(PREFIX.length);
  return Object.hasOwn(lookupRegistry, name)
    ? (lookupRegistry as Record<string, LookupEntry>)[name]
    : undefined;
}

/**
 * The plugin's functions: the schema entries, and `run`, which checks the arguments, runs the lookup with the
 * settings `settings` reads (default: the configuration the plugin's Configure gave provider/config.ts) and
 * answers an object. A lookup's own errors (a miss listing the candidates, a refused token) pass unchanged.
 */
export function lookupFunctions(settings: StackConfigReader = processStackConfig): Functions {
  return {
    schemas: (): Record<string, unknown> => lookupSchemas().functions,
    types: (): Record<string, unknown> => lookupSchemas().types,
    async run(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
      const entry = entryOf(token);
      if (!entry) {
        throw new FunctionArgumentError(
          `cim: the provider has no function ${token}; its functions are the SDK's lookups, e.g. ${functionToken("getZone")}.`,
        );
      }
      const parsed = entry.input.safeParse(args ?? {});
      if (!parsed.success) {
        throw new FunctionArgumentError(
          (parsed.error.issues as Issue[]).map((i) => describeIssue(entry.name, entry, i)).join(" "),
        );
      }
      useLookupSettings(settings);
      const value = await entry.call(parsed.data as Record<string, unknown>);
      const wrap = entry.output.wrap;
      return wrap ? { [wrap]: value } : (value as Record<string, unknown>);
    },
  };
}

/** What the plugin's server takes as its functions (GetSchema lists `schemas()` and `types()`, Invoke calls `run`). */
export type ProviderFunctions = Functions;

/**
 * The functions the plugin serves (`serve({ functions: nativeFunctions })`). GetSchema must also list `types()`
 * under the schema's `types`: the functions' answers refer to them.
 */
export const nativeFunctions: ProviderFunctions = lookupFunctions();
