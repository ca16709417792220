// Recipes of the compute kinds: instances, volumes, snapshots, schedules, backups, file systems, clusters.
import { type Ctx, type Recipe, type Res, ref, refsOf } from "../model";
import { Rng } from "../prng";
import { cron, isolatedNets, ZONES } from "./common";

/**
 * What an instance boots from besides a template: an ISO (with a fixed-size root disk offering) or a volume snapshot
 * of the program, drawn from a generator of its own seeded by the round and the instance's number, so that the
 * seeds recorded before draw what they drew. Not a volume (imageType volume): its volume becomes the instance's
 * root disk and goes with it, so the program's cim.Volume then names a record the platform deleted with the
 * instance, which only the user can mend (remove it too).
 */
function bootSource(ctx: Ctx): Record<string, unknown> {
  const side = new Rng((ctx.rng.seed ^ Math.imul(ctx.program.serial + 1, 0x85ebca6b)) >>> 0);
  const draw = side.next();
  if (draw < 0.2 && ctx.ids.isos.length)
    return { imageType: "iso", isoId: side.pick(ctx.ids.isos), diskOfferingId: ctx.ids.isoDisk };
  const snaps = ctx.of("VolumeSnapshot");
  if (draw >= 0.6 && snaps.length) return { imageType: "snapshot", snapshotId: ref(side.pick(snaps)) };
  return {};
}

const isIso = (res: Res) => res.inputs.imageType === "iso";

export const instance: Recipe = {
  kind: "Instance",
  weight: 3,
  parents: ["Network"],
  create(ctx) {
    const net = ctx.pickOr(ctx.of("Network"));
    if (!net) return undefined;
    // the program's first key pair, by name (no draw, so the seeds recorded before draw what they drew)
    const key = ctx.of("SshKeyPair")[0];
    const template = ctx.rng.pick(ctx.ids.templates);
    const boot = bootSource(ctx);
    return {
      inputs: {
        zoneId: ctx.ids.zoneId,
        ...(boot.imageType === "iso" ? {} : { templateId: template }),
        ...boot,
        serviceOfferingId: ctx.rng.pick([ctx.ids.small, ctx.ids.medium]),
        networkIds: [ref(net)],
        ...(key ? { sshKeyNames: [ref(key, "name")] } : {}),
        displayName: `soak-${ctx.rng.word()}`,
        ...(ctx.rng.chance(0.3) ? { backupOfferingId: ctx.rng.pick(ctx.ids.backupOfferings) } : {}),
        tags: ctx.tags(),
      },
    };
  },
  vary: {
    // the platform scales no instance with snapshots (hasVolumes below)
    serviceOfferingId: (ctx, res) =>
      hasVmSnapshots(ctx, res)
        ? undefined
        : {
            serviceOfferingId:
              res.inputs.serviceOfferingId === ctx.ids.small ? ctx.ids.medium : ctx.ids.small,
          },
    displayName: (ctx) => ({ displayName: `soak-${ctx.rng.word()}` }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    powerState: (_ctx, res) => ({ powerState: res.inputs.powerState === "stopped" ? "running" : "stopped" }),
    group(ctx) {
      const g = ctx.pickOr(ctx.of("InstanceGroup"));
      return g ? { group: ref(g, "name") } : undefined;
    },
    templateId: (ctx, res) => {
      const other = ctx.ids.templates.filter((t) => t !== res.inputs.templateId);
      const templateId = ctx.rng.pick(other);
      // an ISO instance has no template: another ISO instead
      if (isIso(res)) return { isoId: ctx.ids.isos.find((i) => i !== res.inputs.isoId) ?? res.inputs.isoId };
      return { templateId };
    },
  },
};

export const volume: Recipe = {
  kind: "Volume",
  weight: 2.5,
  parents: ["Instance"],
  create(ctx) {
    const vm = ctx.rng.chance(0.7)
      ? ctx.pickOr(ctx.of("Instance", (i) => !hasVmSnapshots(ctx, i)))
      : undefined;
    return {
      inputs: {
        zoneId: ctx.ids.zoneId,
        diskOfferingId: ctx.ids.customDisk,
        size: ctx.rng.int(1, 20),
        ...(vm ? { instanceId: ref(vm) } : {}),
        tags: ctx.tags(),
      },
    };
  },
  vary: {
    // volumes only grow in place
    size: (ctx, res) => ({ size: (res.inputs.size as number) + ctx.rng.int(1, 5) }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    instanceId(ctx, res) {
      // A volume with snapshots stays attached: were it detached and then replaced (a new name), its snapshots
      // would be taken again of a new volume that never had storage, which the platform refuses (the user's
      // mistake, told at up; not what the soak is after).
      const snapshotted = ctx.of("VolumeSnapshot", (s) => refsOf(s).includes(res.name)).length > 0;
      const vm =
        snapshotted || ctx.rng.chance(0.7)
          ? ctx.pickOr(ctx.of("Instance", (i) => !hasVmSnapshots(ctx, i)))
          : undefined;
      return { instanceId: vm ? ref(vm) : undefined };
    },
    name: (ctx) => ({ name: `vol-${ctx.fresh()}` }),
  },
};

// The platform refuses a snapshot of an instance while its attached volumes have snapshots (createVMSnapshot),
// and an instance snapshot's replacement is such a snapshot: no instance carries both kinds (soak seed 61, round
// 91), counting the snapshots the round removes, which go only after every create (seed 13221, round 6: a volume
// snapshot removed and an instance snapshot added in one round, refused at preview). The user's mistake, told at
// preview; not what the soak is after.
const hasVmSnapshots = (ctx: Ctx, vm: Res) =>
  ctx
    .ofNowOrBefore("InstanceSnapshot")
    .some((s) => ctx.targetNowOrBefore(s.inputs.instanceId)?.name === vm.name);
/**
 * While an instance has snapshots the platform attaches, detaches and resizes none of its volumes and does not scale
 * it (told at preview: the user's mistake, not what the soak is after): no cim.Volume of the program is attached to
 * an instance with snapshots, now or before this round, and its offering does not change.
 */
const hasVolumes = (ctx: Ctx, vm: Res) =>
  ctx.ofNowOrBefore("Volume").some((v) => ctx.targetNowOrBefore(v.inputs.instanceId)?.name === vm.name);
/** The instance's offering changes this round: an instance snapshot taken beside that scale may come first. */
const scaledNow = (ctx: Ctx, vm: Res) =>
  ctx.before.some((b) => b.name === vm.name && b.inputs.serviceOfferingId !== vm.inputs.serviceOfferingId);
const hasVolumeSnapshots = (ctx: Ctx, vm: Res) =>
  ctx.ofNowOrBefore("VolumeSnapshot").some((s) => {
    const vol = ctx.targetNowOrBefore(s.inputs.volumeId);
    return vol !== undefined && ctx.targetNowOrBefore(vol.inputs.instanceId)?.name === vm.name;
  });

export const volumeSnapshot: Recipe = {
  kind: "VolumeSnapshot",
  weight: 1,
  parents: ["Volume"],
  create(ctx) {
    const vol = ctx.pickOr(
      ctx.of("Volume", (v) => {
        const vm = ctx.target(v.inputs.instanceId);
        return vm !== undefined && !hasVmSnapshots(ctx, vm);
      }),
    );
    if (!vol) return undefined;
    return { inputs: { volumeId: ref(vol), name: `snap-${ctx.fresh()}` } };
  },
  vary: { name: (ctx) => ({ name: `snap-${ctx.fresh()}` }) },
};

export const instanceSnapshot: Recipe = {
  kind: "InstanceSnapshot",
  weight: 1,
  parents: ["Instance"],
  create(ctx) {
    const vm = ctx.pickOr(
      ctx.of("Instance", (i) => !hasVolumeSnapshots(ctx, i) && !hasVolumes(ctx, i) && !scaledNow(ctx, i)),
    );
    if (!vm) return undefined;
    return {
      inputs: { instanceId: ref(vm), name: `vmsnap-${ctx.fresh()}`, description: `soak ${ctx.rng.word()}` },
    };
  },
  vary: { description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }) },
};

export const instanceSchedule: Recipe = {
  kind: "InstanceSchedule",
  weight: 1,
  parents: ["Instance"],
  create(ctx) {
    const vm = ctx.pickOr(ctx.of("Instance"));
    if (!vm) return undefined;
    return {
      inputs: {
        instanceId: ref(vm),
        action: ctx.rng.pick(["start", "stop", "reboot"]),
        schedule: cron(ctx),
        timezone: ctx.rng.pick(ZONES),
        description: `soak ${ctx.rng.word()}`,
      },
    };
  },
  vary: {
    action: (ctx) => ({ action: ctx.rng.pick(["start", "stop", "reboot"]) }),
    schedule: (ctx) => ({ schedule: cron(ctx) }),
    timezone: (ctx) => ({ timezone: ctx.rng.pick(ZONES) }),
  },
};

export const backupSchedule: Recipe = {
  kind: "BackupSchedule",
  weight: 1,
  parents: ["Instance"],
  create(ctx) {
    // one schedule of an interval type per instance, counting one the round removes (finding 19)
    const taken = ctx.heldNowOrBefore("BackupSchedule", "instanceId");
    const vm = ctx.pickOr(
      ctx.of("Instance", (i) => i.inputs.backupOfferingId !== undefined && !taken.has(i.name)),
    );
    if (!vm) return undefined;
    return {
      inputs: {
        instanceId: ref(vm),
        intervalType: "DAILY",
        schedule: `${ctx.rng.int(0, 59)}:${ctx.rng.int(0, 23)}`,
        timezone: ctx.rng.pick(ZONES),
      },
    };
  },
  vary: {
    schedule: (ctx) => ({ schedule: `${ctx.rng.int(0, 59)}:${ctx.rng.int(0, 23)}` }),
    timezone: (ctx) => ({ timezone: ctx.rng.pick(ZONES) }),
  },
};

export const fileSystem: Recipe = {
  kind: "FileSystem",
  weight: 0.7,
  parents: ["Network"],
  create(ctx) {
    const net = ctx.pickOr(ctx.of("Network"));
    if (!net) return undefined;
    return {
      inputs: {
        name: `fs-${ctx.fresh()}`,
        zoneId: ctx.ids.zoneId,
        networkId: ref(net),
        diskOfferingId: ctx.ids.customDisk,
        size: ctx.rng.int(1, 20),
        serviceOfferingId: ctx.ids.medium,
      },
    };
  },
  vary: {
    size: (ctx, res) => ({ size: (res.inputs.size as number) + ctx.rng.int(1, 5) }),
    description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }),
  },
};

export const cluster: Recipe = {
  kind: "KubernetesCluster",
  weight: 0.4,
  parents: ["Network"],
  create(ctx) {
    const net = ctx.pickOr(isolatedNets(ctx));
    if (!net) return undefined;
    return {
      inputs: {
        name: `k8s-${ctx.fresh()}`,
        zoneId: ctx.ids.zoneId,
        kubernetesVersionId: ctx.ids.kubernetesVersionId,
        serviceOfferingId: ctx.ids.medium,
        networkId: ref(net),
        size: ctx.rng.int(1, 2),
        tags: ctx.tags(),
      },
    };
  },
  vary: {
    size: (ctx, res) => ({ size: res.inputs.size === 1 ? 2 : ctx.rng.int(1, 3) }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }),
  },
};

export const backup: Recipe = {
  kind: "Backup",
  weight: 0.6,
  parents: ["Instance"],
  create(ctx) {
    const vm = ctx.pickOr(ctx.of("Instance", (i) => i.inputs.backupOfferingId !== undefined));
    if (!vm) return undefined;
    return {
      inputs: { instanceId: ref(vm), name: `bk-${ctx.fresh()}`, description: `soak ${ctx.rng.word()}` },
    };
  },
  vary: { description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }) },
};
