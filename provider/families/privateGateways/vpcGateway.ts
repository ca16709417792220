// cim.VpcGateway: a VPC private gateway, the gateway the spec lists among the asynchronous work: the VPC
// router's address (ipAddress) on a private network (gateway, netmask) carried by a VLAN of the zone's physical
// network, through which static routes reach networks beyond the VPC (the platform's createPrivateGateway /
// deletePrivateGateway, jobs). Its ACL list changes in place (replaceNetworkACLList with the gateway's id, a
// job); everything else replaces. A replacement on the same VLAN deletes first: a VLAN carries one network.

import { z } from "zod";
import type { PrivateGateway } from "../../client";
import {
  commonFields,
  created,
  field,
  output,
  recordCalls,
  uniqueTogether,
  zoneName,
} from "../../kinds/common";
import {
  defineKind,
  type Exclusive,
  type LiveRecord,
  type LiveRules,
  type LookupFailure,
  type Recorded,
  type Requirement,
} from "../../kinds/define";
import { examples, exported, noted, outputOf, resource } from "../../kinds/examples";
import { bool, id, optionalId, whenKnown } from "../../lifecycle/check";
import { formatIpv4, isHostOf, overlaps, parseCidr, parseIpv4, rangeOf } from "../../lifecycle/net";
import { waitFor } from "../../lifecycle/session";
import { listOfSameVpc } from "../networkAcls/networkAclList";
import { ipv4, netmask, sameNetmask } from "../networks/network";

const vlan = z
  .number({ error: "must be a whole number: the VLAN tag of the private network, 1–4094" })
  .int("must be a whole number: the VLAN tag of the private network, 1–4094")
  .min(1, "must be from 1 to 4094: a VLAN tag (0 and 4095 are reserved)")
  .max(4094, "must be from 1 to 4094: a VLAN tag (0 and 4095 are reserved)");

/** The private network lies outside the VPC's range (createPrivateGateway refuses an overlap). */
const outsideVpcRange: Requirement = {
  stable: true,
  needs: ["gateway", "netmask"],
  planned: ["cidr"],
  holds: (v, i) => {
    const cidr = (v as { cidr?: unknown }).cidr;
    const vpc = typeof cidr === "string" ? parseCidr(cidr, false) : undefined;
    const own =
      typeof i.gateway === "string" && typeof i.netmask === "string"
        ? rangeOf(i.gateway, i.netmask)
        : undefined;
    return !vpc || !own || !overlaps(vpc, own);
  },
  property: "gateway",
  reason: (v, i) =>
    `has the range ${String((v as { cidr?: unknown }).cidr)}, and the private network of gateway ${String(i.gateway)} and netmask ${String(i.netmask)} overlaps it: a private gateway's network lies outside its VPC's range. Pick a range outside it`,
};

/**
 * A VLAN of the zone's physical network carries one network (CloudStack's NetworkServiceImpl: "Network with vlan …
 * already exists or overlaps with other network vlans in zone …"): a new gateway's VLAN must not be another
 * gateway's of the VPC's zone, judged on the account's gateways (another account's are not listed to it). The
 * gateway a replacement replaces is not another: a replacement that keeps the VLAN deletes it first.
 */
async function vlanFree(
  i: Recorded,
  read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
  { creating, find, ownRecordHolds }: LiveRules,
): Promise<LookupFailure[]> {
  if (!creating || typeof i.vlan !== "number") return [];
  const vpc = (await read("Vpc", i.vpcId)) as (LiveRecord & { zoneId?: string }) | undefined;
  if (!vpc?.zoneId) return [];
  const taken = await find("VpcGateway", (row) => {
    const g = row as PrivateGateway;
    // the value as oneGatewayAVlan claims it
    const own = ownRecordHolds("vlan", { vpcId: g.vpcId, vlan: Number(g.vlan) });
    return g.zoneId === vpc.zoneId && Number(g.vlan) === i.vlan && !own;
  });
  const other = taken?.[0] as PrivateGateway | undefined;
  if (!other) return [];
  return [
    {
      property: "vlan",
      reason: `vlan ${i.vlan}: private gateway ${other.ipAddress ?? ""} (${other.id}) of VPC ${other.vpcId ?? ""} is on that VLAN in zone ${other.zoneName ?? other.zoneId}, and a VLAN of the zone carries one network (the API refuses a second). Give another VLAN`,
    },
  ];
}

/**
 * Two gateways of the program on one VLAN of one VPC: no live gateway holds it yet (vlanFree judges those), and the
 * API refuses whichever it makes second. Judged between the program's resources where both name the same VPC,
 * whatever is known of its zone; gateways of two VPCs, by the zones their VPCs are in (oneVlanAZone).
 */
const oneGatewayAVlan: Exclusive<{ vpcId: string; vlan: number }> = {
  property: "vlan",
  needs: ["vpcId", "vlan"],
  claimed: (i) =>
    typeof i.vpcId === "string" && typeof i.vlan === "number" ? { vpcId: i.vpcId, vlan: i.vlan } : undefined,
  clash: (a, b) => a.vpcId === b.vpcId && a.vlan === b.vlan,
  buckets: (v) => [`${v.vpcId}\u0000${v.vlan}`],
  // a VLAN is the zone's: both gateways are of one VPC, so of its zone
  shown: (v) => `VLAN ${v.vlan}, in the zone of VPC ${v.vpcId}`,
};

/** A gateway's VLAN in its VPC's zone. */
type ZoneVlan = { zone: string; vpcId: string; vlan: number };

/**
 * Two gateways of the program of two VPCs on one VLAN of one zone (the zones their VPCs' records say, or the new
 * VPCs' inputs): the API refuses whichever it makes second, as for one VPC (oneGatewayAVlan, which judges gateways
 * of one VPC, whatever is known of its zone).
 */
const oneVlanAZone: Exclusive<ZoneVlan> = {
  property: "vlan",
  // a pool of its own: the kind's rule of vlan is oneGatewayAVlan
  among: "VpcGateway VLAN of a zone",
  needs: ["vpcId", "vlan"],
  reads: { from: "vpcId", field: "zoneId", as: "vpcZoneId" },
  claimed: (i) =>
    typeof i.vpcZoneId === "string" && typeof i.vpcId === "string" && typeof i.vlan === "number"
      ? { zone: i.vpcZoneId, vpcId: i.vpcId, vlan: i.vlan }
      : undefined,
  clash: (a, b) => a.zone === b.zone && a.vlan === b.vlan && a.vpcId !== b.vpcId,
  buckets: (v) => [`${v.zone}\u0000${v.vlan}`],
  twice: (mine, theirs) =>
    `VLAN ${theirs.vlan} for VPC ${theirs.vpcId}, in zone ${theirs.zone} as this one's VPC ${mine.vpcId} is, and a VLAN of the zone carries one network (the API would refuse whichever gateway it makes second). Give one of the two another vlan`,
};

export const vpcGateway = defineKind({
  name: "VpcGateway",
  noun: "VPC private gateway",
  summary: "A VPC private gateway: the VPC's address on a private network (a VLAN) beyond the VPC.",
  ...examples(
    ["zoneId", "vpc"],
    [
      resource(
        "VpcGateway",
        "dc-link",
        {
          vpcId: outputOf("vpc.id"),
          ipAddress: noted("172.16.0.2", "the VPC's side"),
          gateway: noted("172.16.0.1", "the next hop beyond it"),
          netmask: "255.255.255.0",
          vlan: 100,
        },
        { as: "link" },
      ),
      exported("gatewayState", "link.state"),
    ],
  ),
  label: (rec) => (typeof rec.ipAddress === "string" ? rec.ipAddress : undefined),
  // VpcGateway.State
  states: { busy: ["Creating", "Deleting"], deleting: "Deleting" },
  fields: {
    ...commonFields,
    vpcId: field(id("the VPC the gateway belongs to"), {
      doc: "The VPC the gateway belongs to.",
      change: "replace",
      live: true,
      ref: { kind: "Vpc", mustExist: true, requires: outsideVpcRange },
    }),
    ipAddress: field(ipv4("the VPC's address on the private network, e.g. 172.16.0.2"), {
      doc: "The VPC router's address on the private network, e.g. `172.16.0.2`.",
      change: "replace",
      live: true,
    }),
    gateway: field(ipv4("the private network's gateway, e.g. 172.16.0.1"), {
      doc: "The private network's gateway (the next hop beyond the VPC), e.g. `172.16.0.1`.",
      change: "replace",
      live: true,
    }),
    netmask: field(netmask("the private network's netmask, e.g. 255.255.255.0"), {
      doc: "The private network's netmask, e.g. `255.255.255.0`.",
      change: "replace",
      same: sameNetmask,
      live: true,
    }),
    vlan: field(vlan, {
      doc: "The VLAN tag of the private network, 1–4094, unused in the zone.",
      change: "replace",
      live: (g: PrivateGateway) => (g.vlan === undefined ? undefined : Number(g.vlan)),
    }),
    sourceNatSupported: field(bool("whether traffic leaving through the gateway is source-NATed"), {
      doc: "Whether traffic leaving through the gateway is source-NATed (default false).",
      change: "replace",
      unset: () => false,
      same: (a, b) => Boolean(a) === Boolean(b),
      live: (g: PrivateGateway) => g.sourceNatSupported,
    }),
    aclId: field(optionalId("a network ACL list of the gateway's VPC"), {
      doc: "The gateway's network ACL list (a `cim.NetworkAclList` of the same VPC, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the VPC's default_deny).",
      change: "update",
      live: (g: PrivateGateway) => g.aclId || undefined,
      ref: { kind: "NetworkAclList", mustExist: true, requires: listOfSameVpc("private gateway") },
    }),
  },
  outputs: {
    vpcName: output("The name of its VPC (`vpcId`)."),
    zoneId: output("The zone it is in (a zone uuid), as the API reports it."),
    zoneName,
    aclName: {
      ...output("The name of the gateway's ACL list (default_deny unless aclId says otherwise)."),
      follows: ["aclId"],
    },
    state: {
      doc: "The API's gateway state (Creating, Ready, Deleting).",
      schema: z.string(),
      from: (g: PrivateGateway) => g.state ?? "",
    },
    created,
  },
  liveRules: vlanFree,
  exclusive: [oneGatewayAVlan, oneVlanAZone],
  rules(values, fail) {
    whenKnown(values, ["ipAddress", "gateway", "netmask"], () => {
      const { ipAddress, gateway, netmask: mask } = values as Record<string, string | undefined>;
      if (!ipAddress || !gateway || !mask) return;
      const range = rangeOf(gateway, mask);
      const gw = parseIpv4(gateway);
      const ip = parseIpv4(ipAddress);
      if (!range || gw === undefined || ip === undefined) return;
      const cidr = `${formatIpv4(range.base)}/${range.prefix}`;
      if (!isHostOf(gw, range.base, range.prefix)) {
        fail(
          "gateway",
          `gateway ${gateway} is not a host address of ${cidr} (the range gateway and netmask make)`,
        );
      } else if (!isHostOf(ip, range.base, range.prefix)) {
        fail(
          "ipAddress",
          `ipAddress ${ipAddress} is not a host address of ${cidr}, the subnet of gateway ${gateway}`,
        );
      } else if (ip === gw) {
        fail(
          "ipAddress",
          `ipAddress ${ipAddress} is the gateway's own address: the VPC needs another one in ${cidr}`,
        );
      }
    });
  },
  // a VLAN carries one network in the zone: a replacement on the same VLAN deletes the old gateway first
  deleteBeforeReplace: uniqueTogether("vlan"),
  api: {
    ...recordCalls((c) => c.privateGateways),
    // the client sends the fields of a gateway create and nothing else
    create: (s, i) => s.client.privateGateways.create(i, { region: s.region }),
    async apply(s, live, want, changed, op) {
      if (changed.has("aclId") && want.aclId) {
        await waitFor(
          s,
          await s.client.privateGateways.replaceAcl(live.id, want.aclId, { region: s.region }),
          op,
        );
      }
    },
  },
  importer: {
    order: 22,
    prefix: "gateway",
    name: (g, nameOf) => `${nameOf(g.vpcId) ?? "vpc"}-gw-${String(g.ipAddress ?? g.id).replace(/\./g, "-")}`,
  },
});
