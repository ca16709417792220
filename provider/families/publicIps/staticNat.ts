// cim.StaticNat: a public address mapped one to one onto an instance's NIC (enableStaticNat, a job), removed by
// disableStaticNat (a job). It is not a record of its own in the API: it is read from its address (the client's
// staticNatOf), so its id is the address's, and an address without static NAT shows it gone. Every field
// replaces. The API refuses a source-NAT address and one that carries load-balancer rules, a network other than the
// one the address serves, and an instance without a NIC on the network: preview says so first (mapsOnto; a new
// instance by its networkIds), and of an instance's NIC that another address maps onto (oneAddressANic).

import { z } from "zod";
import { type StaticNat, staticNatOf } from "../../client";
import { commonFields, field, instanceField, output } from "../../kinds/common";
import {
  defineKind,
  type Exclusive,
  type LiveRecord,
  type LiveRules,
  type LookupFailure,
  type Recorded,
} from "../../kinds/define";
import { examples, exported, outputOf, resource, templateInstance } from "../../kinds/examples";
import { id, optionalId } from "../../lifecycle/check";
import { containsUnknown } from "../../lifecycle/values";
import { offNetwork, plannedOnNetwork } from "../instances/instanceRules";
import { addressUse, servedWhenMade } from "./addressUse";

type Row = LiveRecord & Record<string, unknown>;

/**
 * What enableStaticNat refuses of the records the inputs name, said at preview: an address that load-balancer
 * rules balance ("… already has LoadBalancing rules assigned", judged when the mapping is to be made), and an
 * instance without a NIC on the address's network, or on `networkId` for a VPC address ("Vm doesn't belong to the
 * network with specified id"; an instance's networks change only by its replacement).
 */
async function mapsOnto(
  i: Recorded,
  read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
  live: LiveRules,
): Promise<LookupFailure[]> {
  const { creating, find } = live;
  const out: LookupFailure[] = [];
  // the address and the network as the records the ids name, or as the resources of the run they come from
  const t = live.traced;
  const ip = (await read("PublicIp", t.publicIpId)) as Row | undefined;
  if (creating && ip) {
    const rules = await find("LoadBalancerRule", (r) => (r as Row).publicIpId === ip.id);
    if (rules?.length)
      out.push({
        property: "publicIpId",
        reason: `publicIpId ${ip.id} (${String(ip.ipAddress ?? "")}) is balanced by load-balancer rule ${rules.map((r) => `${String((r as Row).name ?? "")} (${r.id})`).join(", ")}, and the platform maps no static NAT onto an address with load-balancer rules: remove the rules in an up of their own first, or acquire another address`,
      });
  }
  if (creating && ip) {
    // what this one's replacement deletes first: the static NAT of the same address (deleteBeforeReplace)
    const nat = ip.isStaticNat === true && live.ownRecordHolds("publicIpId", ip.id);
    out.push(...(await networkOfAddress(t, ip, read, await servedWhenMade(ip, live, { nat }))));
  }
  const network =
    typeof i.networkId === "string" ? i.networkId : (ip?.associatedNetworkId as string | undefined);
  const vm = (await read("Instance", i.instanceId)) as Row | undefined;
  if (vm && network && !containsUnknown(network) && offNetwork(vm, network))
    out.push({
      property: "instanceId",
      reason: `instanceId names instance ${String(vm.name ?? "")} (${vm.id}), which has no NIC on network ${network}${i.networkId === undefined ? " (the address's)" : ""}: static NAT maps the address onto the instance's NIC on that network. Give the instance a NIC there (its networkIds)${i.networkId === undefined ? ", or give networkId for a VPC address" : ", or name the network its NIC is on"}`,
    });
  return out;
}

/**
 * The network the mapping is on, against the one the address serves when it is made (`serves`, servedWhenMade;
 * enableStaticNat): an address that serves a network already
 * (an isolated network's, or a VPC's on the tier a rule put it on) is mapped on that one ("IP is associated with a
 * different network than passed network id"); a VPC's address that serves none needs `networkId` ("ip is not
 * associated with any network and no networkId is passed in"), a tier of its own VPC ("is not assigned to the
 * network").
 */
async function networkOfAddress(
  i: Recorded,
  ip: Row,
  read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
  serves: string,
): Promise<LookupFailure[]> {
  const vpc = typeof ip.vpcId === "string" && ip.vpcId ? ip.vpcId : "";
  // an address the run acquires has no ipAddress yet
  const address = `publicIpId ${ip.id}${ip.ipAddress ? ` (${String(ip.ipAddress)})` : ""}`;
  if (i.networkId === undefined) {
    if (serves || !vpc) return [];
    return [
      {
        property: "networkId",
        reason: `networkId is required: ${address} is an address of VPC ${vpc} that serves no tier yet, and static NAT maps it onto the instance's NIC on the tier it names. Give the instance's tier (a cim.Network of that VPC)`,
      },
    ];
  }
  if (typeof i.networkId !== "string" || containsUnknown(i.networkId)) return [];
  if (serves && serves !== i.networkId)
    return [
      {
        property: "networkId",
        reason: `networkId ${i.networkId} is not the network ${address} serves, ${serves}${vpc ? " (the tier a rule of the address put it on)" : " (its network)"}: the platform maps an address only on the network it serves. Name that network, or acquire another address`,
      },
    ];
  if (serves || !vpc) return [];
  const net = (await read("Network", i.networkId)) as Row | undefined;
  if (!net || net.vpcId === vpc) return [];
  return [
    {
      property: "networkId",
      reason: `networkId names network ${String(net.name ?? "")} (${net.id}), which is not a tier of VPC ${vpc}, the VPC of ${address}: an address maps onto a NIC on a tier of its own VPC`,
    },
  ];
}

/**
 * An instance's NIC on a network has one public address mapped onto it (CloudStack's enableStaticNat: "… as the vm …
 * is already associated with another public ip"): another address's static NAT onto the same instance on the same
 * network is refused when another cim.StaticNat of the program claims it. Judged where `networkId` is given (an
 * instance may have a static NAT on each of its networks, and without it the network is the address's, which a
 * claim does not read). Not judged against live mappings: the platform refuses a second mapping of the same guest
 * address, and one made outside the program may be onto a secondary address of the NIC, which this mapping (of the
 * NIC's primary address) does not clash with.
 */
const oneAddressANic: Exclusive<string> = {
  property: "instanceId",
  needs: ["instanceId", "networkId"],
  claimed: (i) =>
    typeof i.instanceId === "string" && typeof i.networkId === "string"
      ? `${i.instanceId}/${i.networkId}`
      : undefined,
  shown: (v) => `instance ${v.slice(0, v.lastIndexOf("/"))} on network ${v.slice(v.lastIndexOf("/") + 1)}`,
  twice: (mine) =>
    `static NAT of another address onto the same instance on network ${mine.slice(mine.lastIndexOf("/") + 1)}, and the platform maps one public address onto an instance's NIC (it refuses the second). Map one of the two addresses onto another instance, or remove the one not meant to be there`,
};

export const staticNat = defineKind({
  name: "StaticNat",
  noun: "static NAT",
  summary: "A public IP mapped one to one onto an instance's NIC (every port).",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId", "vpc", "tier", "ip"],
    [
      templateInstance("bastion", { networkIds: [outputOf("tier.id")] }, { as: "bastion" }),
      // held in `nat`: the name bastion keys the instance in YAML
      resource(
        "StaticNat",
        "bastion",
        { publicIpId: outputOf("ip.id"), instanceId: outputOf("bastion.id"), networkId: outputOf("tier.id") },
        { as: "nat" },
      ),
      exported("bastionAddress", "ip.ipAddress"),
    ],
  ),
  createVerb: "enable",
  label: (rec) =>
    typeof rec.ipAddress === "string" ? `${rec.ipAddress} → ${String(rec.instanceId)}` : undefined,
  states: { gone: ["Disabled"] },
  fields: {
    ...commonFields,
    publicIpId: field(id("the public IP to map onto the instance (a cim.PublicIp's id)"), {
      doc: "The public IP (a cim.PublicIp's id) to map; not a source-NAT address.",
      change: "replace",
      live: (n: StaticNat) => n.id,
      ref: {
        kind: "PublicIp",
        mustExist: true,
        requires: {
          stable: true,
          holds: (ip) => (ip as { isSourceNat?: unknown }).isSourceNat !== true,
          reason:
            "is the source-NAT address of its network or VPC: the platform maps no static NAT onto it. Acquire another address (cim.PublicIp) for the static NAT",
        },
      },
    }),
    // the mapping is what the resource is: one moved to another instance outside Pulumi shows at refresh (and
    // the next up maps it back), rather than keeping the recorded instance beside the other's address
    instanceId: instanceField(
      "the instance the address maps onto",
      "The instance whose NIC the address maps onto.",
      (n: StaticNat) => n.virtualMachineId,
      plannedOnNetwork(
        "the static NAT maps the address onto (it maps onto the instance's NIC on that network)",
        "Add that network to the instance's networkIds, or name the network its NIC is on",
      ),
    ),
    networkId: field(
      optionalId(
        "the network of the instance's NIC; required for a VPC address (the tier the instance is on)",
      ),
      {
        doc: "The network of the instance's NIC: required for a VPC address (the tier), else the address's network.",
        change: "replace",
        live: (n: StaticNat) => n.networkId,
        ref: { kind: "Network", mustExist: true },
        present: true,
      },
    ),
  },
  outputs: {
    ipAddress: output("The public address, e.g. `198.18.0.7`."),
    vmIpAddress: output("The instance's address on that network, which the public address maps onto."),
    state: output("Enabled while the mapping exists.", z.string()),
  },
  liveRules: mapsOnto,
  // An address maps onto one instance. A static NAT the stack does not hold for this resource (another
  // cim.StaticNat the same up removes, as a rename without an alias does: Pulumi creates before it deletes, and
  // the delete would then take away the mapping the create found in place) is refused at preview.
  exclusive: [
    addressUse("static NAT"),
    {
      property: "publicIpId",
      needs: ["publicIpId"],
      claimed: (i) => (typeof i.publicIpId === "string" ? i.publicIpId : undefined),
      held: (n: StaticNat) => n.id,
      reason: (_i, n: StaticNat) =>
        `publicIpId ${n.id} (${n.ipAddress ?? "an address"}) has static NAT already, onto instance ${n.virtualMachineId ?? "(unknown)"}, and an address maps onto one instance`,
      otherwise: "adopt the mapping with adoptId",
    },
    oneAddressANic,
  ],
  // One address maps onto one NIC, and one NIC address has one public address: a replacement that keeps the
  // address or the instance disables first (its id is the address's, so the same address cannot be held twice).
  deleteBeforeReplace: (olds, news) =>
    (containsUnknown(news.publicIpId) ||
      containsUnknown(news.instanceId) ||
      news.publicIpId === olds.publicIpId ||
      news.instanceId === olds.instanceId) &&
    "the new one may keep the address or the instance, and each maps one to one",
  api: {
    get: async (s, id) => staticNatOf(await s.client.publicIps.get(id, { region: s.region })),
    list: async (s) =>
      (await s.client.publicIps.listAll({ region: s.region, isStaticNat: true })).items.map(staticNatOf),
    async create(s, i) {
      const accepted = await s.client.publicIps.enableStaticNat(
        i.publicIpId,
        { virtualMachineId: i.instanceId, networkId: i.networkId },
        { region: s.region },
      );
      // the mapping is named by its address
      return { ...accepted, id: accepted.id ?? i.publicIpId };
    },
    delete: (s, live) => s.client.publicIps.disableStaticNat(live.id, { region: s.region }),
  },
  importer: {
    order: 35,
    prefix: "staticNat",
    name: (n, nameOf) =>
      `${nameOf(n.virtualMachineId) ?? "instance"}-${String(n.ipAddress ?? n.id).replace(/\./g, "-")}`,
  },
});
