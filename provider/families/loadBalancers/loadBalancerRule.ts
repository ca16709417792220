// cim.LoadBalancerRule: a public load-balancer rule (the spec's /api/v1/loadbalancer/rules; CloudStack's
// createLoadBalancerRule): one public port of a public IP forwarded to one private port of its member
// instances on the rule's network, by an algorithm. What CloudStack's updateLoadBalancerRule takes (name,
// description, algorithm) changes in place; the members change in place too, by assign and remove jobs; the
// address, network, ports and protocol replace. Check holds the platform's rules on ports, protocol and
// algorithm, and refuses an address that is its VPC's source NAT or has static NAT, so a bad rule fails at
// preview, as it does a port another rule of the address holds, a member off the rule's network (also a new
// instance, by its networkIds) and two rules of the program on one address onto two networks; the API judges the
// rest and its refusals are passed on.

import { z } from "zod";
import type { LoadBalancerRule } from "../../client";
import { commonFields, field, output, tags, word, zoneId } from "../../kinds/common";
import { defineKind, type Exclusive } from "../../kinds/define";
import { examples, outputOf, resource, templateInstance } from "../../kinds/examples";
import { id, optionalId } from "../../lifecycle/check";
import { addressUse } from "../publicIps/addressUse";
import {
  balancerCalls,
  balancerCreate,
  balancerFields,
  balancerNetworks,
  deletesFirst,
  lower,
  port,
} from "./balancer";

export const LB_PROTOCOLS = ["tcp", "udp", "tcp-proxy"] as const;

const shared = balancerFields("rule", "the member instances, each on the rule's network");

/** A rule's address and the network it balances onto. */
type AddressNetwork = { address: string; network: string };

/**
 * The rules of one address balance onto one network: the first rule puts the address on its network, and the
 * platform makes every later rule of the address on that network, whatever networkId asks (CloudStack's
 * createPublicLoadBalancer takes the address's network), so the second would be made on the wrong tier (kept as
 * failed, replaced at every up). A live rule of the address puts it on its network, and the check of the network
 * the address serves judges that (balancerNetworks); this judges two rules of the program on an address that
 * serves none yet (a new one).
 * Only a rule that names its network claims: one that leaves it out balances on whatever the address serves.
 */
const oneNetworkAnAddress: Exclusive<AddressNetwork> = {
  property: "networkId",
  needs: ["publicIpId", "networkId"],
  claimed: (i) =>
    typeof i.publicIpId === "string" && typeof i.networkId === "string"
      ? { address: i.publicIpId, network: i.networkId }
      : undefined,
  clash: (a, b) => a.address === b.address && a.network !== b.network,
  buckets: (v) => [v.address],
  shown: (v) => v.network,
  twice: (mine, theirs) =>
    `public IP ${mine.address} for network ${theirs.network}, and the platform balances the rules of one address onto one network (it makes the second on the first's network, not the one asked). Balance both onto one network, or give one of the two another address (a cim.PublicIp)`,
};

export const loadBalancerRule = defineKind({
  name: "LoadBalancerRule",
  noun: "load-balancer rule",
  summary: "A public load-balancer rule: a port of a public IP balanced over member instances.",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "vpc", "tier"],
    [
      // by hand: TypeScript's loop, written out in YAML
      {
        ts: `const servers = [1, 2].map((n) => new cim.Instance("web-" + n, { zoneId, templateId, serviceOfferingId, networkIds: [tier.id] }));`,
        yaml: {
          resources: [1, 2]
            .map((n) => templateInstance(`web-${n}`, { networkIds: [outputOf("tier.id")] }).yaml.resources)
            .join("\n"),
        },
      },
      resource("PublicIp", "web", { vpcId: outputOf("vpc.id") }, { as: "ip" }),
      // by hand: its members, TypeScript's servers mapped
      {
        ts: `new cim.LoadBalancerRule("web", {
  publicIpId: ip.id,
  networkId: tier.id,
  publicPort: 80,
  privatePort: 8080,
  algorithm: "leastconn",
  memberIds: servers.map((s) => s.id),
});`,
        yaml: {
          resources: `
web:
  type: cim:index:LoadBalancerRule
  properties:
    publicIpId: \${ip.id}
    networkId: \${tier.id}
    publicPort: 80
    privatePort: 8080
    algorithm: leastconn
    memberIds: ["\${web-1.id}", "\${web-2.id}"]
`,
        },
      },
    ],
  ),

  nameFromResource: true,
  tags: "loadBalancerRule",
  states: { busy: ["Add"], deleting: "Revoke" },
  fields: {
    ...commonFields,
    name: shared.name,
    description: shared.description,
    publicIpId: field(id("the public IP whose port is balanced (a cim.PublicIp's id)"), {
      doc: "The public IP (a cim.PublicIp's id) whose port is balanced; not one with static NAT.",
      change: "replace",
      live: true,
      ref: {
        kind: "PublicIp",
        mustExist: true,
        requires: [
          // the platform keeps a VPC's source-NAT address for the VPC router
          {
            stable: true,
            holds: (ip) =>
              !((ip as { isSourceNat?: unknown }).isSourceNat === true && (ip as { vpcId?: unknown }).vpcId),
            reason:
              "is the source-NAT address of its VPC: the platform keeps it for the VPC's router and balances no port on it. Acquire another address for the VPC (cim.PublicIp with vpcId) and balance on that",
          },
          // CloudStack's createLoadBalancerRule: "Can't do load balance on ip address". Static NAT changes in
          // place, yet judged on every known value: the only change of a run that could free the address is the
          // delete of its cim.StaticNat, and Pulumi deletes after every create, so the rule's create would meet
          // the static NAT still on, at every up.
          {
            stable: true,
            holds: (ip) => (ip as { isStaticNat?: unknown }).isStaticNat !== true,
            reason: (ip) =>
              `has static NAT to instance ${(ip as { virtualMachineId?: unknown }).virtualMachineId ?? "(unknown)"}: the API balances no port on such an address. Pulumi deletes a removed cim.StaticNat only after every create, so remove the static NAT in an up of its own first, then add the rule; or balance on another address`,
          },
        ],
      },
    }),
    networkId: field(
      optionalId("the network of the member instances; required for a VPC address (the tier they are on)"),
      {
        doc: "The network of the members: required for a VPC address (the tier); for an isolated network's address, that network (the default).",
        change: "replace",
        live: true,
        ref: { kind: "Network", mustExist: true },
        present: true,
      },
    ),
    publicPort: field(port("the public port of the address"), {
      doc: "The public port (1–65535), unique among the address's rules.",
      change: "replace",
      live: true,
    }),
    privatePort: shared.memberPort,
    protocol: field(word(LB_PROTOCOLS, "one of tcp, udp, tcp-proxy").optional(), {
      doc: "`tcp` (default), `udp` or `tcp-proxy`.",
      change: "replace",
      unset: () => "tcp",
      live: (r: LoadBalancerRule) => lower(r.protocol),
    }),
    algorithm: shared.algorithm,
    memberIds: shared.memberIds,
    tags,
  },
  outputs: {
    publicIp: {
      doc: "The public address, e.g. `198.18.0.7`.",
      schema: z.string().optional(),
      from: (r: LoadBalancerRule) => r.publicIp || undefined,
    },
    zoneId,
    state: output(
      "The API's rule state (Add while a change is applied, Active, Revoke while being removed).",
    ),
  },
  // An address's port is held by one rule: a replacement that keeps the address and the public port deletes first.
  liveRules: balancerNetworks("Public"),
  // ... and a second rule on it, whatever its protocol, is refused (CloudStack's detectRulesConflict)
  exclusive: [
    addressUse("load balancing"),
    oneNetworkAnAddress,
    {
      property: "publicPort",
      needs: ["publicIpId", "publicPort"],
      claimed: (i) =>
        typeof i.publicIpId === "string" && typeof i.publicPort === "number"
          ? `${i.publicIpId}/${i.publicPort}`
          : undefined,
      held: (r: LoadBalancerRule) =>
        r.publicIpId && r.publicPort !== undefined && r.state !== "Error"
          ? `${r.publicIpId}/${r.publicPort}`
          : undefined,
      shown: (v: string) =>
        `port ${v.slice(v.lastIndexOf("/") + 1)} of public IP ${v.slice(0, v.lastIndexOf("/"))}`,
      reason: (i, r: LoadBalancerRule) =>
        `publicPort ${String(i.publicPort)}: load-balancer rule ${r.name ?? ""} (${r.id}) balances port ${String(r.publicPort)} of this address already (${r.protocol ?? "tcp"}), and the platform takes one rule per public port of an address, whatever the protocol`,
      otherwise: "choose another publicPort, or adopt that rule with adoptId",
    },
  ],
  deleteBeforeReplace: deletesFirst("publicIpId", "publicPort"),
  api: {
    ...balancerCalls((c) => c.loadBalancers),
    create: (s, i) =>
      s.client.loadBalancers.create(
        {
          ...balancerCreate(i),
          publicIpId: i.publicIpId,
          networkId: i.networkId,
          publicPort: i.publicPort,
          privatePort: i.privatePort,
          protocol: i.protocol ?? "tcp",
        },
        { region: s.region },
      ),
  },
  importer: {
    order: 38,
    prefix: "lbRule",
  },
});
