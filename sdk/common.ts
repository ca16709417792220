import type * as pulumi from "@pulumi/pulumi";

/**
 * How long the provider waits for the API's jobs, per operation. The engine does not pass Pulumi's
 * `customTimeouts` to dynamic providers, so every pulumi-cim resource takes these instead. Each value is a
 * number of milliseconds or a duration text: `"90s"`, `"10m"`, `"1h30m"`, `"500ms"`. Default: 20 minutes.
 */
export interface ResourceTimeouts {
  create?: pulumi.Input<number | string>;
  update?: pulumi.Input<number | string>;
  delete?: pulumi.Input<number | string>;
}

/** Tags: text keys and values. There is no tag edit in the API; a changed value is removed and added again. */
export type TagMap = Record<string, string>;

/** The resource options with extra secret outputs, merged with any the caller gave. */
export function withSecretOutputs(
  opts: pulumi.CustomResourceOptions | undefined,
  keys: string[],
): pulumi.CustomResourceOptions {
  const given = opts?.additionalSecretOutputs ?? [];
  return { ...opts, additionalSecretOutputs: [...given, ...keys.filter((k) => !given.includes(k))] };
}
