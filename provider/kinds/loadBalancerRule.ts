// cim.LoadBalancerRule: a public load-balancer rule (the spec's /api/v1/loadbalancer/rules; CloudStack's
// createLoadBalancerRule): one public port of a public IP forwarded to one private port of its member
// instances on the rule's network, by an algorithm. What CloudStack's updateLoadBalancerRule takes (name,
// description, algorithm) changes in place; the members change in place too, by assign and remove jobs; the
// address, network, ports and protocol replace. Check holds the platform's rules on ports, protocol and
// algorithm so a bad rule fails at preview; the API judges the rest (an address with static NAT, a port
// another rule of the address holds, a member off the rule's network) and its refusals are passed on.

import { z } from "zod";
import type { LoadBalancerRule } from "../client";
import { id, optionalId } from "../lifecycle/check";
import { containsUnknown } from "../lifecycle/values";
import { applyBalancer, balancerFields, lower, port, word } from "./balancer";
import { commonFields, field, tags } from "./common";
import { defineKind } from "./define";

export const LB_PROTOCOLS = ["tcp", "udp", "tcp-proxy"] as const;

const shared = balancerFields("rule", "the member instances, each on the rule's network");

export const loadBalancerRule = defineKind({
  name: "LoadBalancerRule",
  noun: "load-balancer rule",
  summary: "A public load-balancer rule: a port of a public IP balanced over member instances.",
  nameFromResource: true,
  tags: "loadBalancerRule",
  states: { busy: ["Add"], deleting: "Revoke" },
  fields: {
    ...commonFields,
    name: shared.name,
    description: shared.description,
    /** The public IP (a cim.PublicIp's id) whose port is balanced; not one with static NAT. Replaces on change. */
    publicIpId: field(id("the public IP whose port is balanced (a cim.PublicIp's id)"), {
      change: "replace",
      live: true,
      ref: "PublicIp",
    }),
    /**
     * The network of the members: required for a VPC address (the tier); for an isolated network's address,
     * that network (the default). Replaces on change.
     */
    networkId: field(
      optionalId("the network of the member instances; required for a VPC address (the tier they are on)"),
      { change: "replace", live: true, ref: "Network", present: true },
    ),
    /** The public port (1–65535), unique among the address's rules. Replaces on change. */
    publicPort: field(port("the public port of the address"), { change: "replace", live: true }),
    /** The port on the members (1–65535). Replaces on change. */
    privatePort: field(port("the port on the member instances"), { change: "replace", live: true }),
    /** `tcp` (default), `udp` or `tcp-proxy`. Replaces on change. */
    protocol: field(word(LB_PROTOCOLS, "one of tcp, udp, tcp-proxy").optional(), {
      change: "replace",
      unset: () => "tcp",
      live: (r: LoadBalancerRule) => lower(r.protocol),
    }),
    algorithm: shared.algorithm,
    memberIds: shared.memberIds,
    /** Tags; the program's map is authoritative. Changed in place. */
    tags,
  },
  outputs: {
    /** The public address, e.g. `198.18.0.7`. */
    publicIp: { schema: z.string().optional(), from: (r: LoadBalancerRule) => r.publicIp || undefined },
    zoneId: { schema: z.string().optional(), from: (r: LoadBalancerRule) => r.zoneId || undefined },
    /** The API's rule state (Add while a change is applied, Active, Revoke while being removed). */
    state: { schema: z.string().optional(), from: (r: LoadBalancerRule) => r.state },
  },
  // An address's port is held by one rule: a replacement that keeps the address and the public port deletes first.
  deleteBeforeReplace: (olds, news) =>
    containsUnknown(news.publicIpId) ||
    containsUnknown(news.publicPort) ||
    (news.publicIpId === olds.publicIpId && news.publicPort === olds.publicPort),
  api: {
    get: (s, id) => s.client.loadBalancers.get(id, { region: s.region }),
    list: (s) => s.client.loadBalancers.listAll({ region: s.region }),
    create: (s, i) =>
      s.client.loadBalancers.create(
        {
          name: i.name!,
          description: i.description,
          publicIpId: i.publicIpId,
          networkId: i.networkId,
          publicPort: i.publicPort,
          privatePort: i.privatePort,
          protocol: i.protocol ?? "tcp",
          algorithm: i.algorithm ?? "roundrobin",
        },
        { region: s.region },
      ),
    apply: applyBalancer((s) => s.client.loadBalancers),
    delete: (s, live) => s.client.loadBalancers.delete(live.id, { region: s.region }),
  },
  importer: {
    order: 38,
    prefix: "lbRule",
  },
});
