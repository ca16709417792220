// The lookups of the native path: the same names, arguments and answers as sdk/lookups, each run by the provider
// plugin as its function `cim:index:<name>` (an invoke), with the configuration of the provider given as
// `provider` (else the default provider: the stack's `cim:*` config). Made from the registry of lookups, so a
// lookup added there is here too, with its own types; sdk/native/lookups.ts exports them one by one.

import * as pulumi from "@pulumi/pulumi";
import { ownPackageRoot } from "../../provider/import/dependency";
import { keepMessage } from "../lookups/core";
import type { LookupEntry } from "../lookups/entries";
import { lookupRegistry } from "../lookups/registry";

/** What a native lookup takes besides its query: the provider whose configuration it runs with. */
export interface NativeLookupOptions {
  /** An explicit `cim.Provider`; left out, the default provider (the stack's `cim:*` config). */
  provider?: pulumi.ProviderResource;
}

/** A query object gains `provider`; a bare string stays a string. */
type WithProvider<Q> = Q extends string | undefined ? Q : Q & NativeLookupOptions;
type NativeParams<P extends unknown[]> = P extends []
  ? [opts?: NativeLookupOptions]
  : { [K in keyof P]: WithProvider<P[K]> };
/** The native variant of a lookup function: the same parameters (options with `provider`), the same answer. */
export type NativeLookup<F> = F extends (...args: infer P) => infer R
  ? (...args: NativeParams<P>) => R
  : never;

type Registry = typeof lookupRegistry;
export type NativeLookups = { [N in keyof Registry]: NativeLookup<Registry[N]["fn"]> };

/** The plugin's version: every invoke asks for the plugin of this package's own version. */
const version = ownPackageRoot(__dirname)?.version;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The engine closes its connection to the plugin when the deployment stops (an error of another resource, a
 * cancel), and answers a lookup still under way with this; the SDK would print that as an unhandled exception with
 * its stack, a second error after the one that stopped the deployment.
 */
const PLUGIN_CLOSED = /the client connection is closing/;

/** What the SDK puts before the plugin's own words of a failed invoke. */
const INVOKE_PREFIX = /^invocation of \S+ returned an error: /;

/** One error a text: lookups failing for one cause (the API unreachable) reject with one object, shown once. */
const failures = new Map<string, Error>();

/**
 * A failed lookup as Pulumi should show it: a RunError, which it prints as its message alone (not the SDK's gRPC
 * stack), with the plugin's own words, one object for one text, so that lookups failing for one cause are
 * reported once, as on the dynamic path. The lookups the engine did not answer because the deployment had stopped
 * say, once, that they follow the error that stopped it.
 */
export function lookupFailure(err: unknown): Error {
  const raw = err instanceof Error ? err.message : String(err);
  // every lookup left unanswered for that one cause: one text, so one error shown, not one per lookup
  const text = PLUGIN_CLOSED.test(raw)
    ? "lookups were not answered: Pulumi stopped the deployment (the error above says why) before their answers came"
    : raw.replace(INVOKE_PREFIX, "");
  let failure = failures.get(text);
  if (!failure) {
    // its message kept as written when it reaches a resource input (no "error serializing property …" before it)
    failure = keepMessage(new pulumi.RunError(text));
    failures.set(text, failure);
  }
  return failure;
}

function invoker(entry: LookupEntry) {
  const token = `cim:index:${entry.name}`;
  const unwrap = (out: Record<string, unknown>) => {
    const value = entry.output.wrap ? out[entry.output.wrap] : out;
    entry.answered?.(value);
    return value;
  };
  return async (...params: unknown[]): Promise<unknown> => {
    const opts = [...params].reverse().find((p) => typeof p === "object" && p !== null) as
      | NativeLookupOptions
      | undefined;
    const invoke = async (args: Record<string, unknown>) =>
      unwrap(
        await pulumi.runtime.invoke(token, args, { provider: opts?.provider, version }).catch((err) => {
          throw lookupFailure(err);
        }),
      );
    const query = params[0];
    if (typeof query !== "string" || !entry.shorthand) return invoke(entry.argsOf(params));
    // A bare string is an id when a record has that id, else a name: asked in the likelier order first (ids are
    // uuids), then the other; when neither finds it, the answer is the name's, as the SDK's own lookup gives.
    const { id, name } = entry.shorthand;
    const asId = () => invoke({ [id]: query });
    const asName = () => invoke({ [name]: query });
    if (!UUID.test(query)) return asName().catch((byName) => asId().catch(() => Promise.reject(byName)));
    return asId().catch(() => asName());
  };
}

/** Every lookup as an invoke of the plugin's function (sdk/native/lookups.ts exports each with its doc comment). */
export const nativeLookups = Object.fromEntries(
  (Object.values(lookupRegistry) as LookupEntry[]).map((e) => [e.name, invoker(e)]),
) as unknown as NativeLookups;
