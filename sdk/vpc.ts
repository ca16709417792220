import * as pulumi from "@pulumi/pulumi";
import type { ResourceTimeouts, TagMap } from "./common";
import { providerShim } from "./dynamic";

export interface VpcArgs {
  /** Region uuid. Default: `cim:region`, then the API default region. Changing it replaces the VPC. */
  readonly region?: pulumi.Input<string>;
  /** The VPC's name (default: the resource name; when adopting, the live name). Changed in place. */
  readonly name?: pulumi.Input<string>;
  /** A description (default: the name). Changed in place. */
  readonly displayText?: pulumi.Input<string>;
  /** Zone of the VPC. Replaces on change. */
  readonly zoneId: pulumi.Input<string>;
  /** The VPC's IPv4 range as a network address, e.g. `10.1.0.0/16`. Replaces on change. */
  readonly cidr: pulumi.Input<string>;
  /** VPC offering. Replaces on change. */
  readonly vpcOfferingId: pulumi.Input<string>;
  /** DNS domain of the VPC's networks (API default when left out). Replaces on change. */
  readonly networkDomain?: pulumi.Input<string>;
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** How long to wait for the API's jobs (ms or "10m"); default 20 minutes each. */
  readonly timeouts?: pulumi.Input<ResourceTimeouts>;
  /** Adopt the existing VPC with this id (zone, cidr and offering must match) instead of creating one. */
  readonly adoptId?: pulumi.Input<string>;
}

/** A virtual private cloud: an address range whose networks (tiers) route to each other. */
export class Vpc extends pulumi.dynamic.Resource {
  static readonly __pulumiType = "pulumi-nodejs:dynamic/cim:Vpc";

  /** The region the VPC lives in. */
  declare readonly region: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly displayText: pulumi.Output<string>;
  declare readonly zoneId: pulumi.Output<string>;
  declare readonly zoneName: pulumi.Output<string>;
  declare readonly cidr: pulumi.Output<string>;
  declare readonly vpcOfferingId: pulumi.Output<string>;
  declare readonly vpcOfferingName: pulumi.Output<string>;
  declare readonly networkDomain: pulumi.Output<string>;
  /** The API's VPC state (Implementing, Implemented, …). */
  declare readonly state: pulumi.Output<string>;
  declare readonly tags: pulumi.Output<TagMap>;
  declare readonly timeouts: pulumi.Output<ResourceTimeouts | undefined>;
  declare readonly adoptId: pulumi.Output<string | undefined>;
  declare readonly created: pulumi.Output<string>;

  constructor(name: string, args: VpcArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("Vpc"),
      name,
      {
        // Keys that are not inputs (a misspelling in JavaScript) go along too, so check can name them.
        ...(args as object),
        region: args.region,
        name: args.name ?? (args.adoptId === undefined ? name : undefined),
        displayText: args.displayText,
        zoneId: args.zoneId,
        cidr: args.cidr,
        vpcOfferingId: args.vpcOfferingId,
        networkDomain: args.networkDomain,
        tags: args.tags,
        timeouts: args.timeouts,
        adoptId: args.adoptId,
        zoneName: undefined,
        vpcOfferingName: undefined,
        state: undefined,
        created: undefined,
      },
      opts,
      "cim",
      "Vpc",
    );
  }

  static isInstance(obj: unknown): obj is Vpc {
    return pulumi.Resource.isInstance(obj) && (obj as any).__pulumiType === Vpc.__pulumiType;
  }
}
