import * as pulumi from "@pulumi/pulumi";
import type { ResourceTimeouts, TagMap } from "./common";
import { providerShim } from "./dynamic";

export interface NetworkArgs {
  /** Region uuid. Default: `cim:region`, then the API default region. Changing it replaces the network. */
  readonly region?: pulumi.Input<string>;
  /** The network's name (default: the resource name; when adopting, the live name). Changed in place. */
  readonly name?: pulumi.Input<string>;
  /** A description (default: the name). Changed in place. */
  readonly displayText?: pulumi.Input<string>;
  /** Zone of the network. Replaces on change. */
  readonly zoneId: pulumi.Input<string>;
  /** Network offering (a VPC tier needs an offering made for VPCs). Replaces on change. */
  readonly networkOfferingId: pulumi.Input<string>;
  /** The VPC this network is a tier of; leave it out for an isolated network. Replaces on change. */
  readonly vpcId?: pulumi.Input<string>;
  /** Gateway address, e.g. `10.1.1.1`; with `netmask` it sets the range (inside the VPC's cidr). Replaces. */
  readonly gateway?: pulumi.Input<string>;
  /** Netmask, e.g. `255.255.255.0`. Replaces on change. */
  readonly netmask?: pulumi.Input<string>;
  /** DNS domain of the network (API default when left out). Replaces on change (the API cannot change it). */
  readonly networkDomain?: pulumi.Input<string>;
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** How long to wait for the API's jobs (ms or "10m"); default 20 minutes each. */
  readonly timeouts?: pulumi.Input<ResourceTimeouts>;
  /** Adopt the existing network with this id (zone, offering, VPC and range must match) instead of creating one. */
  readonly adoptId?: pulumi.Input<string>;
}

/** A guest network: isolated, or a tier of a VPC. */
export class Network extends pulumi.dynamic.Resource {
  static readonly __pulumiType = "pulumi-nodejs:dynamic/cim:Network";

  /** The region the network lives in. */
  declare readonly region: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly displayText: pulumi.Output<string>;
  declare readonly zoneId: pulumi.Output<string>;
  declare readonly zoneName: pulumi.Output<string>;
  declare readonly networkOfferingId: pulumi.Output<string>;
  declare readonly networkOfferingName: pulumi.Output<string>;
  declare readonly vpcId: pulumi.Output<string | undefined>;
  declare readonly gateway: pulumi.Output<string>;
  declare readonly netmask: pulumi.Output<string>;
  /** The network's range, e.g. `10.1.1.0/24`. */
  declare readonly cidr: pulumi.Output<string>;
  /** The network's DNS domain (the input, else the API's default). */
  declare readonly networkDomain: pulumi.Output<string | undefined>;
  /** The API's network state (Implementing, Implemented, …). */
  declare readonly state: pulumi.Output<string>;
  declare readonly tags: pulumi.Output<TagMap>;
  declare readonly timeouts: pulumi.Output<ResourceTimeouts | undefined>;
  declare readonly adoptId: pulumi.Output<string | undefined>;
  declare readonly created: pulumi.Output<string>;

  constructor(name: string, args: NetworkArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("Network"),
      name,
      {
        // Keys that are not inputs (a misspelling in JavaScript) go along too, so check can name them.
        ...(args as object),
        region: args.region,
        name: args.name ?? (args.adoptId === undefined ? name : undefined),
        displayText: args.displayText,
        zoneId: args.zoneId,
        networkOfferingId: args.networkOfferingId,
        vpcId: args.vpcId,
        gateway: args.gateway,
        netmask: args.netmask,
        networkDomain: args.networkDomain,
        tags: args.tags,
        timeouts: args.timeouts,
        adoptId: args.adoptId,
        zoneName: undefined,
        networkOfferingName: undefined,
        cidr: undefined,
        state: undefined,
        created: undefined,
      },
      opts,
      "cim",
      "Network",
    );
  }

  static isInstance(obj: unknown): obj is Network {
    return pulumi.Resource.isInstance(obj) && (obj as any).__pulumiType === Network.__pulumiType;
  }
}
