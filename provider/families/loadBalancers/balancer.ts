// What the two load-balancer kinds (cim.LoadBalancerRule, cim.InternalLoadBalancer) declare alike, because the
// platform treats them alike (CloudStack's updateLoadBalancerRule, assignToLoadBalancerRule and
// removeFromLoadBalancerRule serve both schemes): the name, description and algorithm, changed in place by one
// update job; the members, changed in place by remove and add jobs; the port and algorithm rules of check.

import { z } from "zod";
import type { AcceptedMutation, CallOptions, CimClient, UpdateLoadBalancerRuleInput } from "../../client";
import { descriptionField, field, nameField, type RecordFamily, recordCalls, word } from "../../kinds/common";
import type { LiveRecord, LiveRules, LookupFailure, Recorded } from "../../kinds/define";
import { convergeMembers, membersField } from "../../lifecycle/members";
import { type Session, waitFor } from "../../lifecycle/session";
import type { Operation } from "../../lifecycle/timeouts";
import { containsUnknown } from "../../lifecycle/values";
import { offNetwork, plannedOnNetwork } from "../instances/instanceRules";
import { servedWhenMade } from "../publicIps/addressUse";

export const LB_ALGORITHMS = ["roundrobin", "leastconn", "source"] as const;

/** The algorithm the API applies when none is given. */
const DEFAULT_ALGORITHM = "roundrobin";

/** A port, 1–65535. */
export const port = (rule: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? `is required: ${rule}` : `must be a number: ${rule}`) })
    .int(`must be a whole number from 1 to 65535: ${rule}`)
    .min(1, `must be from 1 to 65535: ${rule}`)
    .max(65535, `must be from 1 to 65535: ${rule}`);

export const lower = (v: string | undefined) => v?.toLowerCase();

/** What every balancer record shows of the shared fields. */
export interface BalancerRecord {
  description?: string;
  algorithm?: string;
  memberIds: string[];
}

/**
 * The shared fields: `noun` names the balancer in the rules ("rule", "load balancer"); `members` says where the
 * member instances must be.
 */
export function balancerFields(noun: string, members: string) {
  return {
    name: nameField(noun, "update"),
    description: descriptionField(`what the ${noun} is for`, "update", 4096),
    algorithm: field(word(LB_ALGORITHMS, "one of roundrobin, leastconn, source").optional(), {
      doc: "`roundrobin` (default), `leastconn` or `source`.",
      change: "update",
      unset: () => DEFAULT_ALGORITHM,
      live: (r: BalancerRecord) => lower(r.algorithm),
    }),
    /** The port the members serve, to which the balanced port forwards. */
    memberPort: field(port("the port on the member instances"), {
      doc: "The port on the members (1–65535).",
      change: "replace",
      live: true,
    }),
    memberIds: {
      doc: "The member instances (ids); order does not matter.",
      changeNote: "one job removes those that left, one adds those that came",
      // the platform refuses a member that names no instance ("Invalid instance id specified")
      ...membersField(
        members,
        {
          kind: "Instance",
          mustExist: true,
          requires: plannedOnNetwork(
            `the ${noun} serves: the platform balances only instances on that network (it refuses such a member after making the ${noun})`,
            "Add that network to the instance's networkIds, or balance it from that network's own balancer",
          ),
        },
        (r: BalancerRecord) => r.memberIds,
      ),
    },
  };
}

/** The client calls of a balancer family that change it in place, each a job. */
export interface BalancerCalls {
  update(id: string, input: UpdateLoadBalancerRuleInput, o?: CallOptions): Promise<AcceptedMutation>;
  assign(id: string, ids: readonly string[], o?: CallOptions): Promise<AcceptedMutation>;
  remove(id: string, ids: readonly string[], o?: CallOptions): Promise<AcceptedMutation>;
}

export interface BalancerWant {
  name?: string;
  description?: string;
  algorithm?: string;
  memberIds?: string[];
}

/** The kind's `apply`: one update job for name, description and algorithm, then the member jobs. */
export function applyBalancer(calls: (s: Session) => BalancerCalls) {
  return async (
    s: Session,
    live: { id: string; memberIds: string[] },
    want: BalancerWant,
    changed: ReadonlySet<string>,
    op: Operation,
  ): Promise<void> => {
    const family = calls(s);
    const o = { region: s.region };
    if (changed.has("name") || changed.has("description") || changed.has("algorithm")) {
      const update = {
        name: changed.has("name") ? want.name : undefined,
        description: changed.has("description") ? want.description : undefined,
        algorithm: changed.has("algorithm") ? (want.algorithm ?? DEFAULT_ALGORITHM) : undefined,
      };
      await waitFor(s, await family.update(live.id, update, o), op);
    }
    if (changed.has("memberIds")) {
      await convergeMembers(s, op, live.memberIds, want.memberIds ?? [], {
        add: (ids) => family.assign(live.id, ids, o),
        remove: (ids) => family.remove(live.id, ids, o),
      });
    }
  };
}

/** A balancer family of the client: the usual calls on its records, and the in-place jobs. */
interface BalancerFamily<R> extends RecordFamily<R>, BalancerCalls {}

/**
 * A balancer kind's calls (KindApi) through its client family, but its create: the usual reads and delete,
 * and applyBalancer. The create sends balancerCreate's fields and the kind's own.
 */
export function balancerCalls<R extends LiveRecord & { memberIds: string[] }>(
  family: (client: CimClient) => BalancerFamily<R>,
) {
  return { ...recordCalls(family), apply: applyBalancer((s) => family(s.client)) };
}

/** What every balancer's create sends of the shared fields: the name, the description, the algorithm or its default. */
export const balancerCreate = (want: BalancerWant) => ({
  name: want.name!,
  description: want.description,
  algorithm: want.algorithm ?? DEFAULT_ALGORITHM,
});

type Row = LiveRecord & Record<string, unknown>;
type Read = (kind: string, id: unknown) => Promise<LiveRecord | undefined>;

/**
 * The members must each have a NIC on the balancer's network (CloudStack's assignToLoadBalancer: "VM with id
 * specified cannot be added because it doesn't belong in the same network."): judged on the members the list
 * names whose record shows its networks (`networkIds`, where the API gives them). The platform refuses such a
 * member only after it made the rule, so preview says it instead.
 */
async function membersOn(
  net: Row,
  netName: string,
  memberIds: unknown,
  read: (kind: string, id: unknown) => Promise<Row | undefined>,
): Promise<LookupFailure[]> {
  const out: LookupFailure[] = [];
  for (const id of Array.isArray(memberIds) ? memberIds : []) {
    if (typeof id !== "string" || containsUnknown(id)) continue;
    const vm = await read("Instance", id);
    if (!vm || !offNetwork(vm, net.id)) continue;
    out.push({
      property: "memberIds",
      reason: `memberIds names instance ${String(vm.name ?? "")} (${vm.id}), which has no NIC on ${netName}, the network the balancer serves: the platform balances only instances on that network (it refuses such a member after making the rule). Give the instance a NIC there (its networkIds), or balance it from that network's own rule`,
    });
  }
  return out;
}

/**
 * A balancer's replacement deletes the old one first when it keeps the address (`address`, left out: a fresh one is
 * taken) and either its port (`port`: one rule per port of an address) or not its network (the platform serves an
 * address on one network, and moves it only once nothing points into the old one). Unknown values count as kept.
 */
export const deletesFirst =
  (address: string, port: string) =>
  (olds: Recorded, news: Recorded): false | string =>
    news[address] !== undefined &&
    (containsUnknown(news[address]) ||
      containsUnknown(news[port]) ||
      (news[address] === olds[address] &&
        (news[port] === olds[port] ||
          containsUnknown(news.networkId) ||
          (news.networkId !== undefined && news.networkId !== olds.networkId)))) &&
    `the new one may take the old one's ${address} and ${port}, or serve its address on another network, which the platform allows one at a time`;

/** A new rule's network against the one its address serves: the platform makes the rule there, whatever it is asked. */
function servedNetwork(i: Recorded, serves: string): LookupFailure[] {
  if (!serves || typeof i.networkId !== "string" || containsUnknown(i.networkId) || i.networkId === serves)
    return [];
  return [
    {
      property: "networkId",
      reason: `networkId ${i.networkId} is not the network publicIpId's address serves, ${serves}: the platform makes an address's rules on the network it serves and balances only members on it. Name that network; to move the address to another tier, remove its other rules and its static NAT in an up of their own first; or balance from another address of the VPC (a cim.PublicIp)`,
    },
  ];
}

/**
 * What the platform requires of a balancer's networks, judged at check (KindSpec.liveRules) on the records they
 * name and the catalogue: the network serves the balancer's scheme (CloudStack's isLbServiceSupportedInNetwork):
 * an internal balancer needs a VPC tier whose offering serves the Internal scheme (the catalogue's `internalLb`), a
 * public rule a network whose offering does not (without networkId, it balances on its address's network); an
 * internal balancer's source network is in its tier's VPC; a public rule on a VPC's address names a tier of that
 * VPC.
 */
export function balancerNetworks(scheme: "Public" | "Internal") {
  return async (i: Recorded, readRecord: Read, live: LiveRules): Promise<LookupFailure[]> => {
    const read = (kind: string, id: unknown) => readRecord(kind, id) as Promise<Row | undefined>;
    const out: LookupFailure[] = [];
    const vpcOf = (r: Row | undefined) =>
      typeof r?.vpcId === "string" && r.vpcId !== "" ? r.vpcId : undefined;
    // the address and the networks as the records the ids name, or as the resources of the run they come from
    const t = live.traced;
    let property = "networkId";
    let net = await read("Network", t.networkId);
    const ip = scheme === "Public" ? await read("PublicIp", t.publicIpId) : undefined;
    // what this rule's replacement deletes first: the rule of the same port of the address (deletesFirst)
    const ownRule = (r: Row) =>
      live.ownRecordHolds("publicPort", `${String(r.publicIpId)}/${String(r.publicPort)}`);
    const serves = ip ? await servedWhenMade(ip, live, { rule: ownRule }) : "";
    if (!net && ip && i.networkId === undefined) {
      property = "publicIpId";
      net = serves ? await read("Network", serves) : undefined;
    }
    if (ip && live.creating) out.push(...servedNetwork(t, serves));
    // a VPC's address serves no tier until a rule names one
    if (ip && vpcOf(ip) && !serves && i.networkId === undefined)
      out.push({
        property: "networkId",
        reason: `networkId is required: publicIpId names an address of VPC ${vpcOf(ip)} that serves no tier yet, and the platform balances a VPC's address onto the tier the rule names. Give the members' tier (a cim.Network of that VPC)`,
      });
    if (!net) return out;
    const netName = `network ${String(net.name ?? "")} (${net.id})`;
    out.push(...(await membersOn(net, netName, i.memberIds, read)));
    if (scheme === "Internal" && i.sourceIpAddressNetworkId !== undefined) {
      const source = await read("Network", t.sourceIpAddressNetworkId);
      if (source && vpcOf(source) !== vpcOf(net))
        out.push({
          property: "sourceIpAddressNetworkId",
          reason: `sourceIpAddressNetworkId names network ${String(source.name ?? "")} (${source.id}), which is not in the VPC of ${netName}: the source address is taken from a tier of the balancer's VPC`,
        });
    }
    const ipVpc = vpcOf(ip);
    if (ip && ipVpc && !serves && vpcOf(net) !== ipVpc)
      out.push({
        property,
        reason: `${property} names ${netName}, which is not a tier of VPC ${ipVpc}, the VPC of publicIpId's address: a VPC's address balances members on a tier of that VPC`,
      });
    const offering = await read("networkOfferings", net.networkOfferingId);
    if (!offering) return out;
    const internal = offering.internalLb === true;
    const which = `${netName}, of network offering ${String(offering.name ?? offering.id)}`;
    if (scheme === "Internal" && !(vpcOf(net) && internal)) {
      const why = vpcOf(net)
        ? "whose load balancing does not serve the Internal scheme"
        : "which is no VPC tier";
      out.push({
        property,
        reason: `${property} names ${which}, ${why}: the platform balances internally only on a VPC tier whose offering serves the internal load balancer (internalLb, e.g. "VPC Tier with Internal LB"). Put the members on such a tier`,
      });
    }
    if (scheme === "Public" && internal) {
      const via = property === "networkId" ? "" : `, the network of publicIpId's address`;
      out.push({
        property,
        reason: `${property} names ${which}${via}, whose load balancing serves the Internal scheme only (internalLb): the platform refuses a public load-balancer rule on it. Balance these members with a cim.InternalLoadBalancer, or name a network whose offering serves public load balancing`,
      });
    }
    return out;
  };
}
