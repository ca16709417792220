import * as pulumi from "@pulumi/pulumi";
import type { ResourceTimeouts, TagMap } from "./common";
import { providerShim } from "./dynamic";

export interface TagsArgs {
  /** Region uuid of the tagged resource. Default: `cim:region`, then the API default. Replaces on change. */
  readonly region?: pulumi.Input<string>;
  /** The API's resource type, e.g. `Template`. Replaces on change. */
  readonly resourceType: pulumi.Input<string>;
  /** The id of the resource to tag. Replaces on change. */
  readonly resourceId: pulumi.Input<string>;
  /** The tags; this map is authoritative for the resource (tags added elsewhere are removed on update). */
  readonly tags: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** How long to wait for the API (ms or "10m"); default 20 minutes each. */
  readonly timeouts?: pulumi.Input<ResourceTimeouts>;
}

/**
 * Tags on a resource through the API's generic tag endpoint, for resource types without a tag route of
 * their own. Instances, volumes, VPCs and networks take a `tags` input instead; do not use both on one
 * resource. Deleting this resource removes the tags it manages.
 */
export class Tags extends pulumi.dynamic.Resource {
  static readonly __pulumiType = "pulumi-nodejs:dynamic/cim:Tags";

  declare readonly region: pulumi.Output<string>;
  declare readonly resourceType: pulumi.Output<string>;
  declare readonly resourceId: pulumi.Output<string>;
  declare readonly tags: pulumi.Output<TagMap>;
  declare readonly timeouts: pulumi.Output<ResourceTimeouts | undefined>;

  constructor(name: string, args: TagsArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("Tags"),
      name,
      {
        // Keys that are not inputs (a misspelling in JavaScript) go along too, so check can name them.
        ...(args as object),
        region: args.region,
        resourceType: args.resourceType,
        resourceId: args.resourceId,
        tags: args.tags,
        timeouts: args.timeouts,
      },
      opts,
      "cim",
      "Tags",
    );
  }

  static isInstance(obj: unknown): obj is Tags {
    return pulumi.Resource.isInstance(obj) && (obj as any).__pulumiType === Tags.__pulumiType;
  }
}
