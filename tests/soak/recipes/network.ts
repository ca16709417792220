// Recipes of the network kinds: VPCs and their tiers, ACL lists and rules, addresses, static NAT, load balancers,
// private gateways.
import { type Ctx, type Inputs, type Recipe, type Res, ref } from "../model";
import {
  ALGORITHMS,
  instancesOn,
  isolatedNets,
  members,
  tiers,
  usedBy,
  usedNowOrBefore,
  vpcOf,
} from "./common";

export const vpc: Recipe = {
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

export const network: Recipe = {
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

export const aclList: Recipe = {
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
export function ruleTraffic(ctx: Ctx): Inputs {
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

export const aclRule: Recipe = {
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

export function ruleNumber(ctx: Ctx, list: Res): number | undefined {
  // a number is the list's once, counting a rule the round removes (deleted only after every create)
  const inList = (r: Res) => (r.inputs.aclId as { $ref?: string } | undefined)?.$ref === list.name;
  const taken = [
    ...ctx.of("NetworkAclRule", inList),
    ...ctx.before.filter((r) => r.kind === "NetworkAclRule" && inList(r)),
  ];
  return ctx.freeInt(
    1,
    400,
    taken.map((r) => r.inputs.number),
  );
}

export const publicIp: Recipe = {
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
export function networkFor(ctx: Ctx, ip: Res, lb: boolean): Res | undefined {
  if (ip.meta.network) return ctx.named(ip.meta.network as string);
  // Balancers of one address share its tier; public balancing is not on the internal balancer's tier.
  const rules = usedBy(ctx, ip, "LoadBalancerRule");
  if (lb && rules.length) return ctx.target(rules[0].inputs.networkId);
  return ctx.pickOr(tiers(ctx, vpcOf(ip)).filter((t) => !(lb && t.meta.ilb)));
}

export const staticNat: Recipe = {
  kind: "StaticNat",
  weight: 1.5,
  parents: ["PublicIp", "Instance"],
  create(ctx) {
    // an address and an instance a static NAT the round removes still holds are not free yet (finding 20)
    const ips = ctx.of(
      "PublicIp",
      (ip) => !usedNowOrBefore(ctx, ip, "StaticNat") && !usedNowOrBefore(ctx, ip, "LoadBalancerRule"),
    );
    const nattedVms = ctx.heldNowOrBefore("StaticNat", "instanceId");
    for (const ip of ctx.rng.some(ips, 3)) {
      const net = networkFor(ctx, ip, false);
      const vm = net && ctx.pickOr(instancesOn(ctx, net.name).filter((i) => !nattedVms.has(i.name)));
      if (net && vm) return { inputs: { publicIpId: ref(ip), instanceId: ref(vm), networkId: ref(net) } };
    }
    return undefined;
  },
  vary: {},
};

export const lbRule: Recipe = {
  kind: "LoadBalancerRule",
  weight: 1.5,
  parents: ["PublicIp", "Instance"],
  create(ctx) {
    const ips = ctx.of("PublicIp", (ip) => !usedNowOrBefore(ctx, ip, "StaticNat"));
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

export const internalLb: Recipe = {
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

export const vpcGateway: Recipe = {
  kind: "VpcGateway",
  weight: 0.6,
  parents: ["Vpc"],
  create(ctx) {
    const v = ctx.pickOr(ctx.of("Vpc"));
    if (!v) return undefined;
    const gateways = ctx.of("VpcGateway");
    const third = ctx.freeInt(
      1,
      250,
      gateways.map((g) => g.meta.third),
    );
    const vlan = ctx.freeInt(
      100,
      4000,
      gateways.map((g) => g.inputs.vlan),
    );
    if (third === undefined || vlan === undefined) return undefined;
    return {
      inputs: {
        vpcId: ref(v),
        ipAddress: `172.16.${third}.2`,
        gateway: `172.16.${third}.1`,
        netmask: "255.255.255.0",
        vlan,
      },
      meta: { vpc: v.name, third },
    };
  },
  vary: {
    aclId(ctx, res) {
      const acl = ctx.pickOr(ctx.of("NetworkAclList", (a) => vpcOf(a) === vpcOf(res)));
      return acl ? { aclId: ref(acl) } : undefined;
    },
  },
};
