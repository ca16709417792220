import * as pulumi from "@pulumi/pulumi";
import type { ResourceTimeouts } from "./common";
import { providerShim } from "./dynamic";

export interface BackupScheduleArgs {
  /** Region uuid; must be the instance's region. Default: `cim:region`, then the API default. Replaces. */
  readonly region?: pulumi.Input<string>;
  /** The instance to back up. Replaces on change. */
  readonly instanceId: pulumi.Input<string>;
  /** How often, e.g. `HOURLY`, `DAILY`, `WEEKLY`, `MONTHLY` (compared case-insensitively). Changed in place. */
  readonly intervalType: pulumi.Input<string>;
  /** When within the interval, e.g. `"30:02"` (minute:hour) for DAILY. Changed in place. */
  readonly schedule: pulumi.Input<string>;
  /** Time zone of the schedule, e.g. `UTC` or `Europe/Berlin` (API default when left out). Changed in place. */
  readonly timezone?: pulumi.Input<string>;
  /** How long to wait for the API (ms or "10m"); default 20 minutes each. */
  readonly timeouts?: pulumi.Input<ResourceTimeouts>;
  /**
   * Adopt the existing schedule with this id instead of creating one: it must belong to `instanceId`;
   * `intervalType`, `schedule` and `timezone` are then changed in place where they differ. Read only when the
   * resource is first created: changing or removing it afterwards changes nothing.
   */
  readonly adoptId?: pulumi.Input<string>;
}

/** A backup schedule of one instance. */
export class BackupSchedule extends pulumi.dynamic.Resource {
  static readonly __pulumiType = "pulumi-nodejs:dynamic/cim:BackupSchedule";

  /** The region the schedule lives in. */
  declare readonly region: pulumi.Output<string>;
  declare readonly instanceId: pulumi.Output<string>;
  declare readonly intervalType: pulumi.Output<string>;
  declare readonly schedule: pulumi.Output<string>;
  declare readonly timezone: pulumi.Output<string>;
  declare readonly timeouts: pulumi.Output<ResourceTimeouts | undefined>;
  declare readonly adoptId: pulumi.Output<string | undefined>;
  declare readonly created: pulumi.Output<string | undefined>;

  constructor(name: string, args: BackupScheduleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("BackupSchedule"),
      name,
      {
        // Keys that are not inputs (a misspelling in JavaScript) go along too, so check can name them.
        ...(args as object),
        region: args.region,
        instanceId: args.instanceId,
        intervalType: args.intervalType,
        schedule: args.schedule,
        timezone: args.timezone,
        timeouts: args.timeouts,
        adoptId: args.adoptId,
        created: undefined,
      },
      opts,
      "cim",
      "BackupSchedule",
    );
  }

  static isInstance(obj: unknown): obj is BackupSchedule {
    return pulumi.Resource.isInstance(obj) && (obj as any).__pulumiType === BackupSchedule.__pulumiType;
  }
}
