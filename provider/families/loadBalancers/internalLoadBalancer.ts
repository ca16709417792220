// cim.InternalLoadBalancer: a load balancer inside a VPC (the spec's POST /api/v1/loadbalancer/internal; CloudStack's
// createLoadBalancer with scheme Internal): a port of a guest address of a VPC tier (given, or allocated from the
// tier) balanced over member instances on that tier, by an algorithm. Name, description, algorithm and members
// change in place, as for the public rule (balancer.ts); the tier, the source address and the ports replace.
// Check holds the platform's rules on ports and algorithm, and reads a tier given as a plain id for its range: a
// source address outside it, or one a live instance's NIC holds on the tier, is refused at preview, as are a member
// off the tier (a new instance, by its networkIds) and a tier whose offering does not serve the internal LB; a tier the
// same run makes is judged on the range its inputs give. The API judges the rest and its refusals pass on.

import { z } from "zod";
import type { InternalLoadBalancer, Network } from "../../client";
import { commonFields, field, output, tags, zoneId } from "../../kinds/common";
import {
  defineKind,
  type LiveRecord,
  type LiveRules,
  type LookupFailure,
  type Recorded,
  type Requirement,
} from "../../kinds/define";
import { examples, exported, outputOf, templateInstance } from "../../kinds/examples";
import { id, optionalId } from "../../lifecycle/check";
import { inRange, parseCidr, parseIpv4 } from "../../lifecycle/net";
import { containsUnknown } from "../../lifecycle/values";
import { ipv4, networkCidr } from "../networks/network";
import {
  balancerCalls,
  balancerCreate,
  balancerFields,
  balancerNetworks,
  deletesFirst,
  port,
} from "./balancer";

const shared = balancerFields("load balancer", "the member instances, each with a NIC on the tier");

/** A balancer's source address (its tier and address) and the network it balances onto. */
type SourceUse = { source: string; network: string };

/** The range of a tier as its record shows it ("10.1.2.0/24"). */
const rangeText = (tier: Partial<Network>) => tier.cidr || networkCidr(tier.gateway, tier.netmask);

/**
 * The source address lies in the tier it is taken from: `sourceIpAddressNetworkId` when given, else `networkId`
 * (CloudStack refuses it otherwise: "The requested IP is not in the network's CIDR subnet."), and is not the
 * tier's gateway ("The requested IP … is already in use on network …").
 */
function sourceAddressIn(field: "networkId" | "sourceIpAddressNetworkId"): Requirement {
  const judged = (i: Recorded) =>
    typeof i.sourceIpAddress === "string" &&
    !containsUnknown(i.sourceIpAddress) &&
    (field === "sourceIpAddressNetworkId" || i.sourceIpAddressNetworkId === undefined);
  return {
    property: "sourceIpAddress",
    // a tier's range changes only by its replacement: judged whatever gave the tier's id, when it is known, and on
    // the range a tier the same run makes is given (one left out is the platform's to choose: not judged)
    stable: true,
    needs: ["sourceIpAddress", "sourceIpAddressNetworkId"],
    planned: ["gateway", "netmask"],
    holds(tier, i) {
      const range = parseCidr(rangeText(tier as Partial<Network>) ?? "", false);
      const ip = parseIpv4(String(i.sourceIpAddress));
      if (!judged(i) || !range || ip === undefined) return true;
      return inRange(ip, range) && ip !== parseIpv4(String((tier as Partial<Network>).gateway));
    },
    reason: (tier, i) => {
      const cidr = rangeText(tier as Partial<Network>);
      const free = `Give a free address inside ${cidr}, or leave sourceIpAddress out and the API allocates one`;
      // the gateway is in the range, and the tier's router holds it (CloudStack hands it to nothing else)
      return parseIpv4(String(i.sourceIpAddress)) === parseIpv4(String((tier as Partial<Network>).gateway))
        ? `has its gateway at ${i.sourceIpAddress}, the tier's router's address: sourceIpAddress cannot be it. ${free}`
        : `has the range ${cidr}: sourceIpAddress ${i.sourceIpAddress} lies outside it. ${free}`;
    },
  };
}

type Row = LiveRecord & Record<string, unknown>;

/**
 * The addresses an instance's record shows it holds on each network: its NICs (`nics`, where the API gives them),
 * else its default interface's address on the first of its networks (`networkIds`); none where it shows neither.
 */
function nicAddresses(vm: Row): { networkId: string; ipAddress: string }[] {
  if (Array.isArray(vm.nics))
    return (vm.nics as Record<string, unknown>[]).flatMap((n) =>
      typeof n?.networkId === "string" && typeof n.ipAddress === "string"
        ? [{ networkId: n.networkId, ipAddress: n.ipAddress }]
        : [],
    );
  const first = Array.isArray(vm.networkIds) ? vm.networkIds[0] : undefined;
  return typeof first === "string" && typeof vm.ipAddress === "string" && vm.ipAddress
    ? [{ networkId: first, ipAddress: vm.ipAddress }]
    : [];
}

/**
 * A source address a live instance's NIC holds on the tier it is taken from is not handed to a balancer
 * (CloudStack's acquireGuestIpAddress: "The requested IP … is already in use on network …", after the preview):
 * judged on a new balancer's known address, on the instances the region lists (another internal balancer's address
 * is shared with it, and the port rule judges that).
 */
async function sourceAddressFree(i: Recorded, { creating, find }: LiveRules): Promise<LookupFailure[]> {
  const tier = i.sourceIpAddressNetworkId ?? i.networkId;
  const address = i.sourceIpAddress;
  if (
    !creating ||
    typeof address !== "string" ||
    typeof tier !== "string" ||
    containsUnknown([address, tier])
  )
    return [];
  const holders = await find("Instance", (vm) =>
    nicAddresses(vm as Row).some((n) => n.networkId === tier && n.ipAddress === address),
  );
  const vm = holders?.[0] as Row | undefined;
  if (!vm) return [];
  const from = i.sourceIpAddressNetworkId === undefined ? "networkId" : "sourceIpAddressNetworkId";
  return [
    {
      property: "sourceIpAddress",
      reason: `sourceIpAddress ${address}: instance ${String(vm.name ?? "")} (${vm.id}) has that address on network ${tier} (${from}), and the platform hands a balancer no address a NIC holds. Give a free address of the tier, or leave sourceIpAddress out and the API allocates one`,
    },
  ];
}

const internalRules = balancerNetworks("Internal");

export const internalLoadBalancer = defineKind({
  name: "InternalLoadBalancer",
  noun: "internal load balancer",
  summary: "A load balancer inside a VPC tier: a port of a tier address balanced over member instances.",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "vpc", "app"],
    [
      // by hand: TypeScript's loop, written out in YAML
      {
        ts: `const dbs = [1, 2].map((n) => new cim.Instance("db-" + n, { zoneId, templateId, serviceOfferingId, networkIds: [app.id] }));
const lb = new cim.InternalLoadBalancer("db", {
  networkId: app.id,
  sourcePort: 5432,
  instancePort: 5432,
  memberIds: dbs.map((d) => d.id),
});`,
        yaml: {
          resources: `
${[1, 2].map((n) => templateInstance(`db-${n}`, { networkIds: [outputOf("app.id")] }).yaml.resources).join("\n")}
lb:
  type: cim:index:InternalLoadBalancer
  name: db
  properties:
    networkId: \${app.id}
    sourcePort: 5432
    instancePort: 5432
    memberIds: ["\${db-1.id}", "\${db-2.id}"]
`,
        },
      },
      exported("dbAddress", "lb.sourceIpAddress"),
    ],
  ),
  nameFromResource: true,
  tags: "internalLoadBalancer",
  states: { busy: ["Add"], deleting: "Revoke" },
  fields: {
    ...commonFields,
    name: shared.name,
    description: shared.description,
    networkId: field(id("the VPC tier of the member instances (a cim.Network's id)"), {
      doc: "The VPC tier (a cim.Network's id) of the members; its network offering must serve the internal load balancer.",
      change: "replace",
      live: true,
      ref: { kind: "Network", mustExist: true, requires: sourceAddressIn("networkId") },
    }),
    sourceIpAddressNetworkId: field(optionalId("the tier the source address is taken from"), {
      doc: "The tier the source address is taken from (default: networkId).",
      change: "replace",
      live: true,
      ref: { kind: "Network", mustExist: true, requires: sourceAddressIn("sourceIpAddressNetworkId") },
      present: true,
    }),
    sourceIpAddress: field(ipv4("the balanced address, inside the tier's CIDR, e.g. 10.1.2.10").optional(), {
      doc: "A free address inside the tier's CIDR (checked at preview once the tier's id is known); left out, the API allocates one (shown as an output).",
      change: "replace",
      live: true,
      present: true,
    }),
    sourcePort: field(port("the balanced port of the source address"), {
      doc: "The balanced port of the source address (1–65535).",
      change: "replace",
      live: true,
    }),
    instancePort: shared.memberPort,
    algorithm: shared.algorithm,
    memberIds: shared.memberIds,
    tags,
  },
  outputs: {
    vpcId: {
      doc: "The VPC of its tier (`networkId`), as the API reports it.",
      schema: z.string().optional(),
      from: (r: InternalLoadBalancer) => r.vpcId || undefined,
    },
    zoneId,
    state: output("The API's state (Add while a change is applied, Active, Revoke while being removed)."),
  },
  // A source address serves each port once: a replacement that names the same address and port deletes first
  // (one that leaves the address out gets a fresh one).
  liveRules: async (i, read, live) => [
    ...(await internalRules(i, read, live)),
    ...(await sourceAddressFree(i, live)),
  ],
  // ... and another balancer on it is refused (CloudStack's detectInternalLbRulesConflict)
  exclusive: [
    {
      property: "sourcePort",
      needs: ["networkId", "sourceIpAddressNetworkId", "sourceIpAddress", "sourcePort"],
      claimed: (i) =>
        typeof i.sourceIpAddress === "string" && typeof i.sourcePort === "number"
          ? `${String(i.sourceIpAddressNetworkId ?? i.networkId)}/${i.sourceIpAddress}/${i.sourcePort}`
          : undefined,
      held: (r: InternalLoadBalancer) =>
        r.sourceIpAddress && r.sourcePort !== undefined && r.state !== "Error"
          ? `${r.sourceIpAddressNetworkId || r.networkId}/${r.sourceIpAddress}/${r.sourcePort}`
          : undefined,
      reason: (i, r: InternalLoadBalancer) =>
        `sourcePort ${String(i.sourcePort)}: internal load balancer ${r.name ?? ""} (${r.id}) serves port ${String(r.sourcePort)} of ${String(r.sourceIpAddress)} already, and the platform balances a port of an address once`,
      otherwise: "choose another sourcePort or sourceIpAddress, or adopt that balancer with adoptId",
    },
    // the balancers of one source address serve one network (CloudStack's detectInternalLbRulesConflict)
    {
      property: "networkId",
      needs: ["networkId", "sourceIpAddressNetworkId", "sourceIpAddress"],
      claimed: (i) =>
        typeof i.sourceIpAddress === "string" && typeof i.networkId === "string"
          ? {
              source: `${String(i.sourceIpAddressNetworkId ?? i.networkId)}/${i.sourceIpAddress}`,
              network: i.networkId,
            }
          : undefined,
      clash: (a: SourceUse, b: SourceUse) => a.source === b.source && a.network !== b.network,
      buckets: (v: SourceUse) => [v.source],
      shown: (v: SourceUse) => v.network,
      held: (r: InternalLoadBalancer) =>
        r.sourceIpAddress && r.networkId && r.state !== "Error"
          ? {
              source: `${r.sourceIpAddressNetworkId || r.networkId}/${r.sourceIpAddress}`,
              network: r.networkId,
            }
          : undefined,
      reason: (i, r: InternalLoadBalancer) =>
        `networkId ${String(i.networkId)}: internal load balancer ${r.name ?? ""} (${r.id}) balances source address ${String(r.sourceIpAddress)} onto network ${String(r.networkId)}, and the platform balances one source address onto one network`,
      twice: (mine: SourceUse, theirs: SourceUse) =>
        `the same source address (${mine.source.split("/")[1]}) onto network ${theirs.network}, and the platform balances one source address onto one network. Give one of the two another sourceIpAddress (or leave it out: the API allocates one)`,
      otherwise:
        "give this balancer another sourceIpAddress (or leave it out: the API allocates one), or balance onto that balancer's network",
    },
  ],
  deleteBeforeReplace: deletesFirst("sourceIpAddress", "sourcePort"),
  api: {
    ...balancerCalls((c) => c.internalLoadBalancers),
    create: (s, i) =>
      s.client.internalLoadBalancers.create(
        {
          ...balancerCreate(i),
          networkId: i.networkId,
          sourceIpAddressNetworkId: i.sourceIpAddressNetworkId,
          sourceIpAddress: i.sourceIpAddress,
          sourcePort: i.sourcePort,
          instancePort: i.instancePort,
        },
        { region: s.region },
      ),
  },
  importer: {
    order: 39,
    prefix: "internalLb",
  },
});
