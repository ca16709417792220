/**
 * The implementation the serialized provider shims (sdk/dynamic.ts) require at call time, inside the
 * dynamic-provider process. One module instance per process: configuration, connection pools and
 * read batches live here, never in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { setProviderConfig } from "./config";
import { backupScheduleProvider } from "./resources/backupSchedule";
import { instanceProvider } from "./resources/instance";
import { networkProvider } from "./resources/network";
import { probeProvider } from "./resources/probe";
import { tagsProvider } from "./resources/tags";
import { volumeProvider } from "./resources/volume";
import { vpcProvider } from "./resources/vpc";

const providers: Record<string, pulumi.dynamic.ResourceProvider> = {
  Probe: probeProvider,
  Instance: instanceProvider,
  Volume: volumeProvider,
  Vpc: vpcProvider,
  Network: networkProvider,
  BackupSchedule: backupScheduleProvider,
  Tags: tagsProvider,
};

/** Called by every shim's `configure`; the engine passes the whole stack config (secrets in plain text). */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  setProviderConfig(req.config);
}

export function providerFor(kind: string): pulumi.dynamic.ResourceProvider {
  const provider = providers[kind];
  if (!provider) {
    throw new Error(
      `pulumi-cim has no provider for resource kind '${kind}'. The state was written by a newer pulumi-cim; upgrade the package.`,
    );
  }
  return provider;
}
