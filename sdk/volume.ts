import * as pulumi from "@pulumi/pulumi";
import type { ResourceTimeouts, TagMap } from "./common";
import { providerShim } from "./dynamic";

export interface VolumeArgs {
  /** Region uuid. Default: `cim:region`, then the API default region. Changing it replaces the volume. */
  readonly region?: pulumi.Input<string>;
  /** The volume's name (default: the resource name; when adopting, the live name). Replaces on change (the API has no rename). */
  readonly name?: pulumi.Input<string>;
  /** Zone of the volume; an instance it attaches to must be in the same zone. Replaces on change. */
  readonly zoneId: pulumi.Input<string>;
  /** Disk offering. Changed in place (resize). */
  readonly diskOfferingId: pulumi.Input<string>;
  /** Size in GB, for customized disk offerings. Grows in place (resize); volumes never shrink. */
  readonly size?: pulumi.Input<number>;
  /** The instance to attach to; leave it out to keep the volume detached. Changed in place (attach/detach). */
  readonly instanceId?: pulumi.Input<string>;
  /** Tags; the program's map is authoritative. Changed in place. */
  readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** How long to wait for the API's jobs (ms or "10m"); default 20 minutes each. */
  readonly timeouts?: pulumi.Input<ResourceTimeouts>;
  /**
   * Adopt the existing volume with this id instead of creating one: create verifies its zone (and name and
   * size where the program sets them) match, applies offering, size, attachment and tags, and records it.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/** A block storage volume, optionally attached to an instance. */
export class Volume extends pulumi.dynamic.Resource {
  static readonly __pulumiType = "pulumi-nodejs:dynamic/cim:Volume";

  /** The region the volume lives in. */
  declare readonly region: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly zoneId: pulumi.Output<string>;
  declare readonly zoneName: pulumi.Output<string>;
  declare readonly diskOfferingId: pulumi.Output<string>;
  declare readonly diskOfferingName: pulumi.Output<string>;
  /** Size in GB. */
  declare readonly size: pulumi.Output<number>;
  /** The instance it is attached to, if any. */
  declare readonly instanceId: pulumi.Output<string | undefined>;
  /** The device number on that instance. */
  declare readonly deviceId: pulumi.Output<number | undefined>;
  /** The API's volume state (Allocated, Ready, Resizing, …). */
  declare readonly state: pulumi.Output<string>;
  declare readonly tags: pulumi.Output<TagMap>;
  declare readonly timeouts: pulumi.Output<ResourceTimeouts | undefined>;
  declare readonly adoptId: pulumi.Output<string | undefined>;
  declare readonly created: pulumi.Output<string>;

  constructor(name: string, args: VolumeArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("Volume"),
      name,
      {
        // Keys that are not inputs (a misspelling in JavaScript) go along too, so check can name them.
        ...(args as object),
        region: args.region,
        name: args.name ?? (args.adoptId === undefined ? name : undefined),
        zoneId: args.zoneId,
        diskOfferingId: args.diskOfferingId,
        size: args.size,
        instanceId: args.instanceId,
        tags: args.tags,
        timeouts: args.timeouts,
        adoptId: args.adoptId,
        zoneName: undefined,
        diskOfferingName: undefined,
        deviceId: undefined,
        state: undefined,
        created: undefined,
      },
      opts,
      "cim",
      "Volume",
    );
  }

  static isInstance(obj: unknown): obj is Volume {
    return pulumi.Resource.isInstance(obj) && (obj as any).__pulumiType === Volume.__pulumiType;
  }
}
