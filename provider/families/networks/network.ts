// cim.Network: an isolated network or a VPC tier; created by a job, renamed in place, tagged, deleted by a
// job. A tier must be in its VPC's zone, inside its VPC's range and overlap no other tier of the VPC (judged
// at preview on the live VPC and tiers); a tier replaced in the same VPC by one whose range overlaps its own
// deletes first.

import { z } from "zod";
import { JobFailedError, type Network, type Vpc } from "../../client";
import {
  catalogueField,
  created,
  field,
  isSharedNetwork,
  output,
  recordCalls,
  tags,
  zoneName,
} from "../../kinds/common";
import { defineKind, type Exclusive, type Recorded, type Requirement } from "../../kinds/define";
import { examples, exported, withInputs } from "../../kinds/examples";
import { namedCreate, namedFields, namedKind, renameApply } from "../../kinds/named";
import { id, optionalId, text, whenKnown } from "../../lifecycle/check";
import {
  type Cidr,
  formatIpv4,
  isHostOf,
  overlaps,
  parseCidr,
  parseIpv4,
  prefixOfNetmask,
  rangeOf,
  within,
} from "../../lifecycle/net";
import { deletesRunning, leftOn, type PassingRefusal, recordLabel } from "../../lifecycle/passingRefusal";
import { type Session, waitFor } from "../../lifecycle/session";
import { containsUnknown } from "../../lifecycle/values";
import { liveNetworks } from "../instances/instanceRules";
import { listOfSameVpc } from "../networkAcls/networkAclList";

/** An IPv4 address in dotted form (also the private gateway's addresses). */
export const ipv4 = (rule: string) =>
  z
    .string({ error: `must be a string: ${rule}` })
    .trim()
    // abort: a rule chained after it (a netmask's) judges only an address, not the same text twice
    .refine((s) => parseIpv4(s) !== undefined, { error: `must be an IPv4 address: ${rule}`, abort: true });

/** A contiguous netmask such as 255.255.255.0. */
export const netmask = (rule: string) =>
  ipv4(rule).refine(
    (s) => prefixOfNetmask(s) !== undefined,
    "must be a contiguous netmask such as 255.255.255.0",
  );

/** Two netmasks are the same when they make the same prefix. */
export const sameNetmask = (a: unknown, b: unknown) =>
  prefixOfNetmask(String(a)) === prefixOfNetmask(String(b ?? ""));

/** "10.1.1.0/24" from gateway and netmask, for outputs and comparisons. */
export function networkCidr(gateway: unknown, netmask: unknown): string | undefined {
  if (typeof gateway !== "string" || typeof netmask !== "string") return undefined;
  const r = rangeOf(gateway, netmask);
  return r ? `${formatIpv4(r.base)}/${r.prefix}` : undefined;
}

/** The range gateway and netmask make, when both are given and valid. */
const rangeOfInputs = (i: Recorded): Cidr | undefined =>
  typeof i.gateway === "string" && typeof i.netmask === "string" ? rangeOf(i.gateway, i.netmask) : undefined;

/** A VPC tier replaced in the same VPC by one whose range overlaps its own would overlap the tier it replaces. */
export function networkWouldOverlap(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): false | string {
  if (!news.vpcId || news.vpcId !== olds.vpcId) return false;
  if (containsUnknown(news.gateway) || containsUnknown(news.netmask))
    return "the new tier's range is not known yet and may overlap the old one's, and tiers of a VPC may not overlap";
  const before = rangeOfInputs(olds);
  const after = rangeOfInputs({
    gateway: news.gateway ?? olds.gateway,
    netmask: news.netmask ?? olds.netmask,
  });
  return (
    before !== undefined &&
    after !== undefined &&
    overlaps(before, after) &&
    "the new tier's range overlaps the old one's, and tiers of a VPC may not overlap"
  );
}

/** What to do about destroyed instances the platform has yet to expunge: `known` when the message names them. */
const expungeAdvice = (known: boolean) =>
  `A destroyed instance keeps its place on its networks until the platform expunges it, after its expunge delay (CloudStack's expunge.delay, a day by default). Run pulumi destroy again after that, or expunge ${known ? "them now with DELETE /api/v1/compute/instances/<each id above>?expunge=true" : "them now with DELETE /api/v1/compute/instances/<id>?expunge=true (GET /api/v1/jobs?hoursBack=48 lists the destroyVirtualMachine jobs and the ids they destroyed)"}. A cim.Instance is expunged as it is deleted unless it says expunge: false; to have one destroy wait for the expunge, raise the network's timeouts.delete before it.`;

/** What the reads show on a network: its instances and file systems, and whether the instance records say their networks. */
async function seenOn(s: Session, network: string): Promise<{ on: string[]; blind: boolean }> {
  try {
    const [instances, shares] = await Promise.all([
      s.client.instances.listAll({ region: s.region }),
      s.client.fileSystems.listAll({ region: s.region, networkId: network }),
    ]);
    return {
      on: [
        ...instances.items
          .filter((v) => liveNetworks(v)?.includes(network))
          .map((v) => recordLabel("instance", v.id, v.name)),
        ...shares.items
          .filter((f) => f.networkId === network)
          .map((f) => recordLabel("file system", f.id, f.name)),
      ],
      blind: instances.items.some((v) => liveNetworks(v) === undefined),
    };
  } catch {
    return { on: [], blind: true }; // naming them is a courtesy: the failure stands without it
  }
}

/**
 * The platform fails a network's delete job while an instance or a shared file system is on it, a destroyed
 * instance included until the platform expunges it (CloudStack's deleteNetwork: NetworkOrchestrator.destroyNetwork
 * logs why, and the job says only "Failed to delete network"). The reads never show a destroyed instance, so what
 * holds the network is what the reads show and what this deployment knows:
 * - instances or file systems on it that the same run is deleting: Pulumi sends the deletes of resources with no
 *   dependency between them at once (a program that gave the network's id as text, not its output). It waits while
 *   such a delete runs in the deployment (under this provider or another);
 * - instances on it that this deployment destroyed without expunge, while the reads show nothing else on it: that
 *   passes when the platform expunges them, after its expunge delay;
 * - the first failure is tried again once (the deletes of the instances on it may be about to begin);
 * - else the failure stands, naming what the reads show on the network, and what to do.
 */
export async function heldOnNetwork(
  err: unknown,
  tries: number,
  s: Session,
  live: Network,
): Promise<PassingRefusal | undefined> {
  if (!(err instanceof JobFailedError) || !/^Failed to delete network\.?$/i.test(err.detail?.trim() ?? ""))
    return undefined;
  const thisRun = {
    waitsFor: "the instances and file systems on the network that this run is deleting",
    advice:
      "Their deletes did not end in time. Run pulumi destroy again; to have Pulumi delete them before the network, give them the network's id output (networkIds: [network.id]) rather than its id as text.",
  };
  if (deletesRunning(["Instance", "FileSystem"])) return thisRun;
  const seen = await seenOn(s, live.id);
  const left = leftOn(live.id);
  if (left.length && !seen.on.length)
    return {
      waitsFor: `the platform to expunge ${left.join(", ")}, destroyed without expunge and still on the network`,
      advice: expungeAdvice(true),
    };
  if (tries === 1) return thisRun;
  return {
    waitsFor: "what is on the network",
    advice: seen.on.length
      ? `On it: ${seen.on.join(", ")}. Delete them first: if this stack holds them, pulumi destroy --target with their URNs (pulumi stack --show-urns lists them), then pulumi destroy again; to have Pulumi delete them before the network, give them the network's id output (networkIds: [network.id]) rather than its id as text.`
      : `The platform gives no reason, and ${seen.blind ? "its instance records do not say which networks they are on" : "its reads show nothing on the network"}. A network cannot be deleted while an instance is on it, a destroyed one included. ${expungeAdvice(false)}`,
    stands: true,
  };
}

const cidrText = (r: Cidr) => `${formatIpv4(r.base)}/${r.prefix}`;

/** What the platform requires of a tier's VPC (CloudStack's VpcManagerImpl.validateNewVpcGuestNetwork). */
const tierInVpc: Requirement[] = [
  {
    stable: true,
    needs: ["zoneId"],
    planned: ["zoneId"],
    property: "zoneId",
    holds: (vpc, i) => (vpc as Vpc).zoneId === undefined || (vpc as Vpc).zoneId === i.zoneId,
    reason: (vpc, i) =>
      `is in zone ${(vpc as Vpc).zoneName ?? (vpc as Vpc).zoneId}, not in zone ${String(i.zoneId)}: a tier is in its VPC's zone`,
  },
  {
    stable: true,
    needs: ["gateway", "netmask"],
    planned: ["cidr"],
    property: "gateway",
    holds: (vpc, i) => {
      const range = rangeOfInputs(i);
      const outer = typeof (vpc as Vpc).cidr === "string" ? parseCidr((vpc as Vpc).cidr!, false) : undefined;
      return range === undefined || outer === undefined || within(range, outer);
    },
    reason: (vpc, i) =>
      `has the range ${(vpc as Vpc).cidr}: the tier's range ${cidrText(rangeOfInputs(i)!)} (gateway and netmask) is not inside it, and a tier's range must lie inside its VPC's`,
  },
];

/** A tier's VPC and range, as the inputs claim them and a live network holds them. */
type TierRange = { vpcId: string; range: Cidr };

/** No two tiers of a VPC overlap (CloudStack: "Network cidr … crosses other network cidr …"). */
const tierRange: Exclusive<TierRange> = {
  property: "gateway",
  needs: ["vpcId", "gateway", "netmask"],
  claimed: (i) => {
    const range = rangeOfInputs(i);
    return typeof i.vpcId === "string" && range ? { vpcId: i.vpcId, range } : undefined;
  },
  held: (n: Network) => {
    const range = typeof n.cidr === "string" ? parseCidr(n.cidr, false) : undefined;
    return n.vpcId && range && n.state !== "Error" ? { vpcId: n.vpcId, range } : undefined;
  },
  clash: (a, b) => a.vpcId === b.vpcId && overlaps(a.range, b.range),
  buckets: (v) => [v.vpcId],
  shown: (v) => `the range ${cidrText(v.range)} of VPC ${v.vpcId}`,
  reason: (i, n: Network) =>
    `gateway and netmask make the range ${cidrText(rangeOfInputs(i)!)}, which overlaps tier ${n.name} (${n.id}, ${n.cidr}) of VPC ${String(i.vpcId)}: the tiers of a VPC may not overlap`,
  otherwise: "pick a free range of the VPC",
};

const rename = renameApply((s) => s.client.networks.update.bind(s.client.networks));

export const network = defineKind({
  name: "Network",
  noun: "network",
  summary: "An isolated network, or a tier of a VPC.",
  ...examples(
    ["zoneId", "vpc"],
    [withInputs("tier", { tags: { tier: "web" } }), exported("cidr", "tier.cidr")],
  ),
  ...namedKind("network"),
  fields: {
    ...namedFields("network"),
    networkOfferingId: {
      doc: "Network offering (a VPC tier needs one made for VPCs).",
      ...catalogueField(
        id("the network offering, from GET /api/v1/offerings/network (a VPC tier needs one made for VPCs)"),
        "replace",
        "networkOfferings",
        "a network offering",
      ),
    },
    vpcId: field(optionalId("the VPC this network is a tier of; leave it out for an isolated network"), {
      doc: "The VPC this network is a tier of; leave it out for an isolated network.",
      change: "replace",
      unset: () => null,
      same: (a, b) => (a || null) === (b || null),
      live: (n: Network) => n.vpcId || null,
      ref: { kind: "Vpc", mustExist: true, requires: tierInVpc },
    }),
    gateway: field(ipv4("the network's gateway, e.g. 10.1.1.1").optional(), {
      doc: "Gateway, e.g. `10.1.1.1` (with `netmask`; the API chooses when both are left out).",
      change: "replace",
      live: true,
    }),
    netmask: field(netmask("the network's netmask, e.g. 255.255.255.0").optional(), {
      doc: "Netmask, e.g. `255.255.255.0` (with `gateway`).",
      change: "replace",
      same: sameNetmask,
      live: true,
    }),
    networkDomain: field(text("the network's DNS domain; the API's default when left out").optional(), {
      doc: "DNS domain (the API's default when left out).",
      changeNote: "PUT takes only the names",
      change: "replace",
      live: true,
    }),
    aclId: field(optionalId("a network ACL list of the tier's VPC"), {
      doc: "A VPC tier's network ACL list (a `cim.NetworkAclList` id, or a default list from `cim.getNetworkAclList`); left out, the API's choice stays (the platform gives a new tier its VPC's default_deny).",
      changeNote: "the platform's replace-ACL-list, a job",
      change: "update",
      live: (n: Network) => n.aclId || undefined,
      ref: { kind: "NetworkAclList", mustExist: true, requires: listOfSameVpc("tier") },
    }),
    tags,
  },
  outputs: {
    zoneName,
    networkOfferingName: output("The name of its network offering (`networkOfferingId`)."),
    cidr: {
      doc: "The network's range, e.g. `10.1.1.0/24`.",
      schema: z.string().optional(),
      from: (n: Network, rec) => n.cidr ?? networkCidr(rec.gateway ?? n.gateway, rec.netmask ?? n.netmask),
    },
    state: output("The API's network state (Allocated, Implemented, …).", z.string()),
    created,
  },
  rules(values, fail) {
    whenKnown(values, ["aclId", "vpcId"], () => {
      if (values.aclId !== undefined && values.vpcId === undefined)
        fail("aclId", "a network ACL list applies to VPC tiers only: set vpcId, or leave out aclId");
    });
    // a new tier's range is the program's to choose inside its VPC's (an isolated network has a default one); a
    // value not known yet is there all the same
    const tier = values.vpcId !== undefined && !values.adoptId;
    if (tier && values.gateway === undefined && values.netmask === undefined)
      fail(
        "gateway",
        "gateway and netmask are required for a VPC tier (vpcId is set): they give the tier's range inside the VPC's, e.g. gateway 10.1.1.1 with netmask 255.255.255.0",
      );
    whenKnown(values, ["gateway", "netmask"], () => {
      const { gateway, netmask } = values as { gateway?: string; netmask?: string };
      if ((gateway === undefined) !== (netmask === undefined)) {
        fail(
          gateway === undefined ? "gateway" : "netmask",
          "gateway and netmask go together: give both or neither",
        );
        return;
      }
      if (gateway === undefined || netmask === undefined) return;
      // createNetwork takes /8 to /29: a smaller range leaves no host for an instance after the gateway
      const prefix = prefixOfNetmask(netmask);
      if (prefix !== undefined && (prefix < 8 || prefix > 29)) {
        fail(
          "netmask",
          `netmask ${netmask} (/${prefix}) is outside what the platform takes for a network: from 255.0.0.0 (/8) to 255.255.255.248 (/29)`,
        );
        return;
      }
      const range = rangeOf(gateway, netmask);
      const gw = parseIpv4(gateway);
      if (range && gw !== undefined && !isHostOf(gw, range.base, range.prefix)) {
        fail(
          "gateway",
          `gateway ${gateway} is not a host address of ${formatIpv4(range.base)}/${range.prefix} (the range gateway and netmask make)`,
        );
      }
    });
  },
  lookups(i, rows) {
    // forVpc is the emulator's offering flag; real offerings without it are not judged here. A vpcId not known
    // until deploy (the VPC is made by the same run) is still a VPC's id: the network is a tier either way.
    const offering = rows.networkOfferingId;
    const forVpc = offering?.forVpc;
    const tier = containsUnknown(i.vpcId) || Boolean(i.vpcId);
    if (typeof forVpc !== "boolean" || forVpc === tier) return [];
    const name = String(offering?.name ?? i.networkOfferingId);
    return [
      {
        property: "networkOfferingId",
        reason: forVpc
          ? `network offering ${name} is for VPC tiers: set vpcId, or pick an offering for isolated networks`
          : `network offering ${name} cannot be used for a VPC tier: pick an offering made for VPCs`,
      },
    ];
  },
  exclusive: [tierRange],
  deleteBeforeReplace: networkWouldOverlap,
  api: {
    ...recordCalls((c) => c.networks),
    deleteRefusalPasses: heldOnNetwork,
    create: (s, i) =>
      s.client.networks.create(
        // the client sends the fields of a network create and nothing else
        namedCreate(i),
        { region: s.region },
      ),
    async apply(s, live, want, changed, op) {
      await rename(s, live, want, changed);
      if (changed.has("aclId") && want.aclId) {
        const o = { region: s.region };
        await waitFor(s, await s.client.networkAcls.replaceOnNetwork(live.id, want.aclId, o), op);
      }
    },
  },
  importer: {
    order: 20,
    prefix: "network",
    // gateway and netmask go together: one without the other is left out
    inputs(values) {
      if (values.gateway && values.netmask) return values;
      const { gateway: _g, netmask: _m, ...rest } = values;
      return rest;
    },
    skip: (n: Network) => (isSharedNetwork(n) ? "shared zone network (not owned by the account)" : undefined),
  },
});
