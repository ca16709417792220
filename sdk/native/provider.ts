// The explicit provider of the native path: `new cim.Provider("fra", { region, baseUrl, token })`, given to
// resources as `{ provider }`. Its inputs are the settings of provider/config.ts; the plugin resolves each as
// it resolves the stack's `cim:*` config for the default provider: the provider's value, else the plugin's CIM_*
// environment, else the setting's default. So every value may be left out.
//
// Pulumi keeps a provider's inputs in state, as every provider's: the token is registered as a secret (encrypted
// there); left out, the plugin reads CIM_TOKEN and state never holds it.

import * as pulumi from "@pulumi/pulumi";
import { notSettings, SETTINGS } from "../../provider/config";
import { withSecretOutputs } from "../common";
import { packageVersion } from "../version";

/** The settings of a `cim.Provider` (the stack's `cim:*` keys, for this provider only). */
export interface ProviderArgs {
  /** API base address, e.g. `https://cloud.example.com` (HTTPS except for loopback hosts). Default: `CIM_BASE_URL`. */
  readonly baseUrl?: pulumi.Input<string>;
  /**
   * The bearer token (a JWT from the console sign-in). Registered as a secret: Pulumi keeps it encrypted in the
   * provider's state. Leave it out to have the plugin read `CIM_TOKEN`: then state never holds it.
   */
  readonly token?: pulumi.Input<string>;
  /** The region (uuid) of this provider's resources that give no `region`. Default: `CIM_REGION`, else the API's default region. */
  readonly region?: pulumi.Input<string>;
  /** The API's audience, checked against the token before any call. Default: `CIM_AUDIENCE`, else not checked. */
  readonly audience?: pulumi.Input<string>;
  /** How long one HTTP request waits for its answer: a duration (`"90s"`, `"2m"`, at most `"1h"`) or milliseconds. Default: `CIM_REQUEST_TIMEOUT`, else 30s. */
  readonly requestTimeout?: pulumi.Input<string | number>;
  /** How many times a failed read is tried again, 0 to 10. Default: `CIM_MAX_RETRIES`, else 2. */
  readonly maxRetries?: pulumi.Input<number>;
  /** The most HTTP requests the provider has in flight to the API, 1 to 256. Default: `CIM_MAX_CONCURRENT_REQUESTS`, else no limit. */
  readonly maxConcurrentRequests?: pulumi.Input<number>;
}

const PROVIDER_TYPE = "pulumi:providers:cim";

/** A configured instance of the pulumi-resource-cim plugin: its own API address, token, region and limits. */
export class Provider extends pulumi.ProviderResource {
  /** `pulumi:providers:cim`, the type token in state and in `pulumi preview`. */
  static readonly __pulumiType = PROVIDER_TYPE;

  constructor(name: string, args?: ProviderArgs, opts?: pulumi.CustomResourceOptions) {
    const given = (args ?? {}) as Record<string, pulumi.Input<unknown> | undefined>;
    const props: Record<string, unknown> = {};
    for (const { name: key } of SETTINGS) {
      const v = given[key];
      if (v === undefined) continue;
      // Provider configuration travels as text, as the stack's `cim:*` config does: numbers as their digits.
      const text = pulumi.output(v).apply((x) => (x === undefined || x === null ? undefined : String(x)));
      props[key] = key === "token" ? pulumi.secret(text) : text;
    }
    const unknown = Object.keys(given).filter((k) => !SETTINGS.some((s) => s.name === k));
    // a RunError: Pulumi prints its message once, without a stack
    if (unknown.length) throw new pulumi.RunError(`cim.Provider "${name}": ${notSettings(unknown)}.`);
    super("cim", name, props, {
      ...withSecretOutputs(opts, ["token"]),
      version: opts?.version ?? packageVersion(),
    });
  }

  /** Whether `obj` is a `cim.Provider` (also across copies of the package). */
  static isInstance(obj: unknown): obj is Provider {
    return (
      pulumi.Resource.isInstance(obj) && (obj as { __pulumiType?: unknown }).__pulumiType === PROVIDER_TYPE
    );
  }
}
