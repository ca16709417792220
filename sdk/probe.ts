import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "./dynamic";

export interface ProbeArgs {
  /** Any text; changing it updates the probe in place. */
  readonly value: pulumi.Input<string>;
  /** Milliseconds each create, update and delete waits, to stand in for a cloud job (default 0). */
  readonly delayMs?: pulumi.Input<number>;
}

/**
 * A resource that talks to no API. It proves the toolchain (engine, dynamic-provider host, closure
 * serialization of this package as installed) and is the engine floor the benchmarks compare with.
 */
export class Probe extends pulumi.dynamic.Resource {
  static readonly __pulumiType = "pulumi-nodejs:dynamic/cim:Probe";

  declare readonly value: pulumi.Output<string>;
  declare readonly delayMs: pulumi.Output<number>;
  /** How many times the provider wrote this probe (1 after create, +1 per update). */
  declare readonly revision: pulumi.Output<number>;
  /** The process id of the provider that last wrote it: shows all probes share one provider process. */
  declare readonly providerPid: pulumi.Output<number>;

  constructor(name: string, args: ProbeArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("Probe"),
      name,
      { value: args.value, delayMs: args.delayMs ?? 0, revision: undefined, providerPid: undefined },
      opts,
      "cim",
      "Probe",
    );
  }

  static isInstance(obj: unknown): obj is Probe {
    return pulumi.Resource.isInstance(obj) && (obj as any).__pulumiType === Probe.__pulumiType;
  }
}
