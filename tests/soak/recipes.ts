// Per kind, how the soak draws it: what it stands on (tiers in VPCs, rules in lists, members on balancers,
// snapshots of attached volumes, …), valid random values, and new values for some fields. Whether a new value
// is applied in place or replaces the resource is the kind's declaration's (generator.ts reads `change`).
import { type Ctx, type Inputs, type Recipe, type Res, ref } from "./model";

const ALGORITHMS = ["roundrobin", "leastconn", "source"];
const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Pacific/Auckland"];

/** The VPC a tier, address or list belongs to, by the meta the recipes keep. */
const vpcOf = (r: Res) => r.meta.vpc as string | undefined;

/** Tiers (VPC networks) and isolated networks. */
const tiers = (ctx: Ctx, vpc?: string) =>
  ctx.of("Network", (n) => vpcOf(n) !== undefined && (!vpc || vpcOf(n) === vpc));
const isolatedNets = (ctx: Ctx) => ctx.of("Network", (n) => vpcOf(n) === undefined);

/** Instances whose networks include `net`. */
const instancesOn = (ctx: Ctx, net: string) =>
  ctx.of("Instance", (i) => ((i.inputs.networkIds as { $ref: string }[]) ?? []).some((n) => n.$ref === net));

/** Addresses used by a static NAT or a load balancer rule. */
const usedBy = (ctx: Ctx, ip: Res, kind: "StaticNat" | "LoadBalancerRule") =>
  ctx.of(kind, (r) => ctx.target(r.inputs.publicIpId)?.name === ip.name);

/** A cron schedule that does not fire in the months a soak runs (the emulator does not run them anyway). */
const cron = (ctx: Ctx) =>
  `${ctx.rng.int(0, 59)} ${ctx.rng.int(0, 23)} ${ctx.rng.int(1, 28)} ${ctx.rng.int(2, 9)} *`;

const members = (ctx: Ctx, net: string) =>
  ctx.rng.some(instancesOn(ctx, net), ctx.rng.int(0, 2)).map((i) => ref(i));

const vpc: Recipe = {
  kind: "Vpc",
  weight: 2,
  parents: [],
  create(ctx) {
    const octet = ctx.freeInt(
      100,
      199,
      ctx.of("Vpc").map((v) => v.meta.octet),
    );
    if (octet === undefined) return undefined;
    return {
      inputs: {
        zoneId: ctx.ids.zoneId,
        cidr: `10.${octet}.0.0/16`,
        vpcOfferingId: ctx.ids.vpcOffering,
        displayText: `soak vpc ${ctx.rng.word()}`,
        tags: ctx.tags(),
      },
      meta: { octet },
    };
  },
  vary: {
    displayText: (ctx) => ({ displayText: `soak vpc ${ctx.rng.word()}` }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    networkDomain: (ctx) => ({ networkDomain: `${ctx.rng.word()}.soak.internal` }),
  },
};

const network: Recipe = {
  kind: "Network",
  weight: 3,
  parents: ["Vpc"],
  create(ctx) {
    const isolated = ctx.rng.chance(0.3);
    if (isolated) {
      return {
        inputs: {
          zoneId: ctx.ids.zoneId,
          networkOfferingId: ctx.ids.isolated,
          displayText: `soak net ${ctx.rng.word()}`,
          tags: ctx.tags(),
        },
        meta: {},
      };
    }
    const v = ctx.pickOr(ctx.of("Vpc"));
    if (!v) return undefined;
    const third = ctx.freeInt(
      1,
      250,
      tiers(ctx, v.name).map((t) => t.meta.third),
    );
    if (third === undefined) return undefined;
    // One tier per VPC with the internal load balancer offering (CloudStack allows one such tier per VPC).
    const ilb = !tiers(ctx, v.name).some((t) => t.meta.ilb) && ctx.rng.chance(0.4);
    const acl = ctx.pickOr(ctx.of("NetworkAclList", (a) => vpcOf(a) === v.name));
    return {
      inputs: {
        zoneId: ctx.ids.zoneId,
        vpcId: ref(v),
        networkOfferingId: ilb ? ctx.ids.vpcTierIlb : ctx.ids.vpcTier,
        gateway: `10.${v.meta.octet}.${third}.1`,
        netmask: "255.255.255.0",
        ...(acl && ctx.rng.chance(0.5) ? { aclId: ref(acl) } : {}),
        displayText: `soak tier ${ctx.rng.word()}`,
        tags: ctx.tags(),
      },
      meta: { vpc: v.name, octet: v.meta.octet, third, ilb },
    };
  },
  vary: {
    displayText: (ctx) => ({ displayText: `soak net ${ctx.rng.word()}` }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    aclId(ctx, res) {
      if (!vpcOf(res)) return undefined;
      const acl = ctx.pickOr(ctx.of("NetworkAclList", (a) => vpcOf(a) === vpcOf(res)));
      return acl ? { aclId: ref(acl) } : undefined;
    },
    gateway(ctx, res) {
      if (!vpcOf(res)) return undefined;
      const third = ctx.freeInt(
        1,
        250,
        tiers(ctx, vpcOf(res)).map((t) => t.meta.third),
      );
      if (third === undefined) return undefined;
      res.meta.third = third;
      return { gateway: `10.${res.meta.octet}.${third}.1` };
    },
  },
};

const aclList: Recipe = {
  kind: "NetworkAclList",
  weight: 1.5,
  parents: ["Vpc"],
  create(ctx) {
    const v = ctx.pickOr(ctx.of("Vpc"));
    if (!v) return undefined;
    return {
      inputs: { vpcId: ref(v), name: `acl-${ctx.fresh()}`, description: `soak ${ctx.rng.word()}` },
      meta: { vpc: v.name },
    };
  },
  vary: { description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }) },
};

/** An ACL rule's protocol with the fields that go with it (ports for tcp and udp, ICMP for icmp). */
function ruleTraffic(ctx: Ctx): Inputs {
  const protocol = ctx.rng.pick(["tcp", "udp", "icmp", "all"]);
  const none = { startPort: undefined, endPort: undefined, icmpType: undefined, icmpCode: undefined };
  if (protocol === "tcp" || protocol === "udp") {
    const start = ctx.rng.int(1, 60000);
    return { ...none, protocol, startPort: start, endPort: start + ctx.rng.int(0, 100) };
  }
  if (protocol === "icmp")
    return { ...none, protocol, icmpType: ctx.rng.pick([-1, 0, 8]), icmpCode: ctx.rng.pick([-1, 0]) };
  return { ...none, protocol };
}

const aclRule: Recipe = {
  kind: "NetworkAclRule",
  weight: 2,
  parents: ["NetworkAclList"],
  create(ctx) {
    const list = ctx.pickOr(ctx.of("NetworkAclList"));
    if (!list) return undefined;
    const number = ruleNumber(ctx, list);
    if (number === undefined) return undefined;
    return {
      inputs: {
        aclId: ref(list),
        number,
        ...ruleTraffic(ctx),
        cidrList: [ctx.rng.pick(["0.0.0.0/0", "10.0.0.0/8", "203.0.113.0/24"])],
        action: ctx.rng.pick(["allow", "deny"]),
        trafficType: ctx.rng.pick(["ingress", "egress"]),
        description: `soak ${ctx.rng.word()}`,
      },
    };
  },
  vary: {
    traffic: (ctx) => ruleTraffic(ctx),
    number: (ctx, res) => {
      const number = ruleNumber(ctx, ctx.target(res.inputs.aclId)!);
      return number === undefined ? undefined : { number };
    },
    cidrList: (ctx) => ({
      cidrList: ctx.rng.some(["0.0.0.0/0", "10.0.0.0/8", "192.0.2.0/24"], ctx.rng.int(1, 2)),
    }),
    action: (ctx) => ({ action: ctx.rng.pick(["allow", "deny"]) }),
    trafficType: (ctx) => ({ trafficType: ctx.rng.pick(["ingress", "egress"]) }),
    description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }),
  },
};

function ruleNumber(ctx: Ctx, list: Res): number | undefined {
  const taken = ctx.of("NetworkAclRule", (r) => ctx.target(r.inputs.aclId)?.name === list.name);
  return ctx.freeInt(
    1,
    400,
    taken.map((r) => r.inputs.number),
  );
}

const instance: Recipe = {
  kind: "Instance",
  weight: 3,
  parents: ["Network"],
  create(ctx) {
    const net = ctx.pickOr(ctx.of("Network"));
    if (!net) return undefined;
    return {
      inputs: {
        zoneId: ctx.ids.zoneId,
        templateId: ctx.rng.pick(ctx.ids.templates),
        serviceOfferingId: ctx.rng.pick([ctx.ids.small, ctx.ids.medium]),
        networkIds: [ref(net)],
        displayName: `soak-${ctx.rng.word()}`,
        ...(ctx.rng.chance(0.3) ? { backupOfferingId: ctx.rng.pick(ctx.ids.backupOfferings) } : {}),
        tags: ctx.tags(),
      },
    };
  },
  vary: {
    serviceOfferingId: (ctx, res) => ({
      serviceOfferingId: res.inputs.serviceOfferingId === ctx.ids.small ? ctx.ids.medium : ctx.ids.small,
    }),
    displayName: (ctx) => ({ displayName: `soak-${ctx.rng.word()}` }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    powerState: (_ctx, res) => ({ powerState: res.inputs.powerState === "stopped" ? "running" : "stopped" }),
    group(ctx) {
      const g = ctx.pickOr(ctx.of("InstanceGroup"));
      return g ? { group: ref(g, "name") } : undefined;
    },
    templateId: (ctx, res) => {
      const other = ctx.ids.templates.filter((t) => t !== res.inputs.templateId);
      return { templateId: ctx.rng.pick(other) };
    },
  },
};

const volume: Recipe = {
  kind: "Volume",
  weight: 2.5,
  parents: ["Instance"],
  create(ctx) {
    const vm = ctx.rng.chance(0.7) ? ctx.pickOr(ctx.of("Instance")) : undefined;
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
    instanceId(ctx) {
      const vm = ctx.rng.chance(0.7) ? ctx.pickOr(ctx.of("Instance")) : undefined;
      return { instanceId: vm ? ref(vm) : undefined };
    },
    name: (ctx) => ({ name: `vol-${ctx.fresh()}` }),
  },
};

const volumeSnapshot: Recipe = {
  kind: "VolumeSnapshot",
  weight: 1,
  parents: ["Volume"],
  create(ctx) {
    const vol = ctx.pickOr(ctx.of("Volume", (v) => v.inputs.instanceId !== undefined));
    if (!vol) return undefined;
    return { inputs: { volumeId: ref(vol), name: `snap-${ctx.fresh()}` } };
  },
  vary: { name: (ctx) => ({ name: `snap-${ctx.fresh()}` }) },
};

const instanceSnapshot: Recipe = {
  kind: "InstanceSnapshot",
  weight: 1,
  parents: ["Instance"],
  create(ctx) {
    const vm = ctx.pickOr(ctx.of("Instance"));
    if (!vm) return undefined;
    return {
      inputs: { instanceId: ref(vm), name: `vmsnap-${ctx.fresh()}`, description: `soak ${ctx.rng.word()}` },
    };
  },
  vary: { description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }) },
};

const publicIp: Recipe = {
  kind: "PublicIp",
  weight: 2,
  parents: ["Vpc"],
  create(ctx) {
    const onVpc = ctx.rng.chance(0.6);
    const home = onVpc ? ctx.pickOr(ctx.of("Vpc")) : ctx.pickOr(isolatedNets(ctx));
    if (!home) return undefined;
    return {
      inputs: { ...(onVpc ? { vpcId: ref(home) } : { networkId: ref(home) }), tags: ctx.tags() },
      meta: onVpc ? { vpc: home.name } : { network: home.name },
    };
  },
  vary: { tags: (ctx) => ({ tags: ctx.tags() }) },
};

/** The network an address can reach instances on: its isolated network, or a tier of its VPC. */
function networkFor(ctx: Ctx, ip: Res, lb: boolean): Res | undefined {
  if (ip.meta.network) return ctx.named(ip.meta.network as string);
  // Balancers of one address share its tier; public balancing is not on the internal balancer's tier.
  const rules = usedBy(ctx, ip, "LoadBalancerRule");
  if (lb && rules.length) return ctx.target(rules[0].inputs.networkId);
  return ctx.pickOr(tiers(ctx, vpcOf(ip)).filter((t) => !(lb && t.meta.ilb)));
}

const staticNat: Recipe = {
  kind: "StaticNat",
  weight: 1.5,
  parents: ["PublicIp", "Instance"],
  create(ctx) {
    const ips = ctx.of(
      "PublicIp",
      (ip) => !usedBy(ctx, ip, "StaticNat").length && !usedBy(ctx, ip, "LoadBalancerRule").length,
    );
    for (const ip of ctx.rng.some(ips, 3)) {
      const net = networkFor(ctx, ip, false);
      const vm = net && ctx.pickOr(instancesOn(ctx, net.name).filter((i) => !natted(ctx, i)));
      if (net && vm) return { inputs: { publicIpId: ref(ip), instanceId: ref(vm), networkId: ref(net) } };
    }
    return undefined;
  },
  vary: {},
};

const natted = (ctx: Ctx, vm: Res) =>
  ctx.of("StaticNat", (n) => ctx.target(n.inputs.instanceId)?.name === vm.name).length > 0;

const lbRule: Recipe = {
  kind: "LoadBalancerRule",
  weight: 1.5,
  parents: ["PublicIp", "Instance"],
  create(ctx) {
    const ips = ctx.of("PublicIp", (ip) => !usedBy(ctx, ip, "StaticNat").length);
    for (const ip of ctx.rng.some(ips, 3)) {
      const net = networkFor(ctx, ip, true);
      if (!net) continue;
      const port = ctx.freeInt(
        80,
        9000,
        usedBy(ctx, ip, "LoadBalancerRule").map((r) => r.inputs.publicPort),
      );
      if (port === undefined) continue;
      return {
        inputs: {
          name: `lb-${ctx.fresh()}`,
          publicIpId: ref(ip),
          networkId: ref(net),
          publicPort: port,
          privatePort: ctx.rng.int(80, 9000),
          algorithm: ctx.rng.pick(ALGORITHMS),
          memberIds: members(ctx, net.name),
          tags: ctx.tags(),
        },
      };
    }
    return undefined;
  },
  vary: {
    algorithm: (ctx) => ({ algorithm: ctx.rng.pick(ALGORITHMS) }),
    memberIds: (ctx, res) => ({ memberIds: members(ctx, ctx.target(res.inputs.networkId)!.name) }),
    description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }),
    tags: (ctx) => ({ tags: ctx.tags() }),
    privatePort: (ctx) => ({ privatePort: ctx.rng.int(80, 9000) }),
  },
};

const internalLb: Recipe = {
  kind: "InternalLoadBalancer",
  weight: 1,
  parents: ["Network"],
  create(ctx) {
    const net = ctx.pickOr(ctx.of("Network", (n) => n.meta.ilb === true));
    if (!net) return undefined;
    const port = ctx.freeInt(
      80,
      9000,
      ctx
        .of("InternalLoadBalancer", (l) => ctx.target(l.inputs.networkId)?.name === net.name)
        .map((l) => l.inputs.sourcePort),
    );
    if (port === undefined) return undefined;
    return {
      inputs: {
        name: `ilb-${ctx.fresh()}`,
        networkId: ref(net),
        sourcePort: port,
        instancePort: ctx.rng.int(80, 9000),
        algorithm: ctx.rng.pick(ALGORITHMS),
        memberIds: members(ctx, net.name),
      },
    };
  },
  vary: {
    algorithm: (ctx) => ({ algorithm: ctx.rng.pick(ALGORITHMS) }),
    memberIds: (ctx, res) => ({ memberIds: members(ctx, ctx.target(res.inputs.networkId)!.name) }),
    description: (ctx) => ({ description: `soak ${ctx.rng.word()}` }),
    instancePort: (ctx) => ({ instancePort: ctx.rng.int(80, 9000) }),
  },
};

/** An ed25519 public key line of 32 drawn bytes (the platform keeps one pair per key: each is new). */
function publicKey(ctx: Ctx): string {
  const type = Buffer.from("ssh-ed25519");
  const key = Buffer.from(Array.from({ length: 32 }, () => ctx.rng.int(0, 255)));
  const len = (b: Buffer) => Buffer.from([0, 0, 0, b.length]);
  return `ssh-ed25519 ${Buffer.concat([len(type), type, len(key), key]).toString("base64")} soak@${ctx.rng.word()}`;
}

const named = (
  kind: "SshKeyPair" | "InstanceGroup" | "Project" | "MultiRegionGroup",
  prefix: string,
): Recipe => ({
  kind,
  weight: 1,
  parents: [],
  create: (ctx) => ({
    inputs: {
      name: `${prefix}-${ctx.fresh()}`,
      ...(kind === "SshKeyPair" ? { publicKey: publicKey(ctx) } : {}),
      ...(kind === "Project" ? { displayText: `soak ${ctx.rng.word()}` } : {}),
      ...(kind === "MultiRegionGroup" ? { description: `soak ${ctx.rng.word()}` } : {}),
    },
  }),
  vary: {
    name: (ctx) => ({ name: `${prefix}-${ctx.fresh()}` }),
    ...(kind === "Project" ? { displayText: (ctx: Ctx) => ({ displayText: `soak ${ctx.rng.word()}` }) } : {}),
    ...(kind === "MultiRegionGroup"
      ? { description: (ctx: Ctx) => ({ description: `soak ${ctx.rng.word()}` }) }
      : {}),
  },
});

const groupVpc: Recipe = {
  kind: "MultiRegionGroupVpc",
  weight: 1,
  parents: ["MultiRegionGroup", "Vpc"],
  create(ctx) {
    for (const g of ctx.rng.some(ctx.of("MultiRegionGroup"), 3)) {
      const inGroup = new Set(
        ctx
          .of("MultiRegionGroupVpc", (m) => ctx.target(m.inputs.groupId)?.name === g.name)
          .map((m) => ctx.target(m.inputs.vpcId)?.name),
      );
      // a VPC is in one group at most
      const member = ctx.of("MultiRegionGroupVpc").map((m) => ctx.target(m.inputs.vpcId)?.name);
      const v = ctx.pickOr(ctx.of("Vpc", (x) => !inGroup.has(x.name) && !member.includes(x.name)));
      if (v) return { inputs: { groupId: ref(g), vpcId: ref(v) } };
    }
    return undefined;
  },
  vary: {},
};

const comment: Recipe = {
  kind: "Comment",
  weight: 1,
  parents: ["Vpc"],
  create(ctx) {
    const on = ctx.rng.pick(["Vpc", "Volume", "Network", "PublicIp"] as const);
    const target = ctx.pickOr(ctx.of(on));
    if (!target) return undefined;
    const field = { Vpc: "vpcId", Volume: "volumeId", Network: "networkId", PublicIp: "publicIpId" }[on];
    return { inputs: { [field]: ref(target), text: `soak note ${ctx.rng.word(8)}` } };
  },
  vary: { text: (ctx) => ({ text: `soak note ${ctx.rng.word(8)}` }) },
};

const instanceSchedule: Recipe = {
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

const backupSchedule: Recipe = {
  kind: "BackupSchedule",
  weight: 1,
  parents: ["Instance"],
  create(ctx) {
    const taken = new Set(ctx.of("BackupSchedule").map((b) => ctx.target(b.inputs.instanceId)?.name));
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

const fileSystem: Recipe = {
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

const cluster: Recipe = {
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

export const RECIPES: Recipe[] = [
  vpc,
  network,
  aclList,
  aclRule,
  instance,
  volume,
  volumeSnapshot,
  instanceSnapshot,
  publicIp,
  staticNat,
  lbRule,
  internalLb,
  named("SshKeyPair", "key"),
  named("InstanceGroup", "grp"),
  named("Project", "prj"),
  named("MultiRegionGroup", "mrg"),
  groupVpc,
  comment,
  instanceSchedule,
  backupSchedule,
  fileSystem,
  cluster,
];

export const recipeOf = (kind: string) => RECIPES.find((r) => r.kind === kind);
