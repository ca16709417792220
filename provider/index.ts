/**
 * The implementation the serialized provider shims (sdk/dynamic.ts) require at call time, inside the
 * dynamic-provider process. One module instance per process: configuration, connection pools and
 * read batches live here, never in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { setProviderConfig } from "./config";
import { kindNamed } from "./kinds";
import { type KindProvider, providerOf } from "./lifecycle/engine";

const providers = new Map<string, KindProvider>();

/** Called by every shim's `configure`; the engine passes the whole stack config (secrets in plain text). */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  setProviderConfig(req.config);
}

export function providerFor(name: string): KindProvider {
  let provider = providers.get(name);
  if (!provider) {
    const kind = kindNamed(name);
    if (!kind) {
      throw new Error(
        `pulumi-cim has no provider for resource kind '${name}'. The state was written by a newer pulumi-cim; upgrade the package.`,
      );
    }
    provider = providerOf(kind);
    providers.set(name, provider);
  }
  return provider;
}
