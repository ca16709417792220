// cim.PublicIp: a public address acquired for an isolated network or a VPC (a job), tagged, released by a job.
// Every VPC and isolated network also has a source-NAT address the platform made with it: it is read (outputs
// say isSourceNat) and can be adopted, but never released, so delete refuses it clearly before the API does.
// What a static NAT does to the address (isStaticNat, the VPC tier it then serves) is not an output here: it is
// cim.StaticNat's, and would otherwise show as a change of this resource on every refresh after one is made.

import { z } from "zod";
import type { PublicIp } from "../../client";
import {
  commonFields,
  created,
  field,
  noneIsNull,
  notShared,
  tags,
  zoneField,
  zoneName,
} from "../../kinds/common";
import { defineKind, type Requirement } from "../../kinds/define";
import { examples, exported } from "../../kinds/examples";
import { optionalId, whenKnown } from "../../lifecycle/check";
import { ResourceError } from "../../lifecycle/errors";

type Zoned = { zoneId?: string; zoneName?: string; vpcId?: string };

/** A zoneId given must be the network's or the VPC's zone (the API refuses another). */
const inAddressZone: Requirement = {
  stable: true,
  needs: ["zoneId"],
  planned: ["zoneId"],
  holds: (r, i) =>
    i.zoneId === undefined || (r as Zoned).zoneId === undefined || (r as Zoned).zoneId === i.zoneId,
  property: "zoneId",
  reason: (r, i) =>
    `is in zone ${(r as Zoned).zoneName ?? (r as Zoned).zoneId}, not in zoneId ${String(i.zoneId)}: an address is acquired in its network's or VPC's zone. Leave zoneId out (the API takes theirs), or give that zone`,
};

/** An address is acquired for a VPC, not for one of its tiers (the API refuses a tier's networkId). */
const notATier: Requirement = {
  stable: true,
  planned: ["vpcId"],
  holds: (n) => !(n as Zoned).vpcId,
  reason: (n) =>
    `is a tier of VPC ${String((n as Zoned).vpcId)}: an address is acquired for the VPC (vpcId), not for one of its tiers. Give vpcId instead of networkId`,
};

export const publicIp = defineKind({
  name: "PublicIp",
  noun: "public IP",
  summary: "A public IP address acquired for an isolated network or a VPC.",
  ...examples(["zoneId", "vpc", "ip"], [exported("bastionAddress", "ip.ipAddress")]),
  createVerb: "acquire",
  label: (rec) => (typeof rec.ipAddress === "string" ? rec.ipAddress : undefined),
  tags: "publicIp",
  quota: { limit: "publicIpLimit", count: "publicIpCount" },
  states: { busy: ["Allocating", "Releasing"], gone: ["Free"], deleting: "Releasing", failed: "Error" },
  fields: {
    ...commonFields,
    networkId: field(optionalId("the isolated network to acquire the address for; give networkId or vpcId"), {
      doc: "The isolated network to acquire the address for (exactly one of networkId and vpcId).",
      change: "replace",
      unset: () => null,
      same: noneIsNull,
      // a VPC address serves a tier only while a rule points into it: that is not this input
      live: (ip: PublicIp) => (ip.vpcId ? null : ip.associatedNetworkId || null),
      ref: {
        kind: "Network",
        mustExist: true,
        requires: [
          inAddressZone,
          notATier,
          notShared(
            "an address is acquired for an isolated network or a VPC, not for it",
            "Give an isolated network's id (a cim.Network), or vpcId for a VPC",
          ),
        ],
      },
    }),
    vpcId: field(optionalId("the VPC to acquire the address for; give networkId or vpcId"), {
      doc: "The VPC to acquire the address for (exactly one of networkId and vpcId).",
      change: "replace",
      unset: () => null,
      same: noneIsNull,
      live: (ip: PublicIp) => ip.vpcId || null,
      ref: { kind: "Vpc", mustExist: true, requires: inAddressZone },
    }),
    zoneId: zoneField(
      "The zone (the network's or VPC's; the API's choice when left out).",
      optionalId("the zone of the address: the network's or the VPC's (left out: the API takes theirs)"),
    ),
    tags,
  },
  outputs: {
    ipAddress: {
      doc: "The address, e.g. `198.18.0.7`.",
      schema: z.string(),
      from: (ip: PublicIp) => ip.ipAddress ?? "",
    },
    zoneName,
    isSourceNat: {
      doc: "Whether it is the source-NAT address of its network or VPC (such an address cannot be released).",
      schema: z.boolean(),
      from: (ip: PublicIp) => ip.isSourceNat === true,
    },
    state: {
      doc: "The API's address state (Allocating, Allocated, Releasing, …).",
      schema: z.string(),
      from: (ip: PublicIp) => ip.state ?? "",
    },
    created,
  },
  rules(values, fail) {
    whenKnown(values, ["networkId", "vpcId", "adoptId"], () => {
      if (values.adoptId) return;
      if (!values.networkId === !values.vpcId) {
        fail(
          values.networkId ? "vpcId" : "networkId",
          values.networkId
            ? "give exactly one of networkId and vpcId: an address is acquired for an isolated network or a VPC, not both"
            : "networkId or vpcId is required: an address is acquired for an isolated network or a VPC",
        );
      }
    });
  },
  api: {
    get: (s, id) => s.client.publicIps.get(id, { region: s.region }),
    list: async (s) => (await s.client.publicIps.listAll({ region: s.region })).items,
    create: (s, i) =>
      s.client.publicIps.acquire(
        { networkId: i.networkId ?? undefined, vpcId: i.vpcId ?? undefined, zoneId: i.zoneId },
        { region: s.region },
      ),
    async beforeDelete(_s, live) {
      if (live.isSourceNat) {
        throw new ResourceError(
          `cim:PublicIp ${live.ipAddress ?? live.id} (id ${live.id}) is the source-NAT address of its ${live.vpcId ? "VPC" : "network"}: the platform never releases it ("ip address is used for source nat purposes and can not be disassociated."). It goes when its ${live.vpcId ? "VPC" : "network"} is deleted. To stop managing it, give it the retainOnDelete resource option, run pulumi up, then remove it from the program.`,
        );
      }
    },
    delete: (s, live) => s.client.publicIps.release(live.id, { region: s.region }),
  },
  importer: {
    order: 25,
    prefix: "publicIp",
    name: (ip) => `ip-${String(ip.ipAddress ?? ip.id).replace(/\./g, "-")}`,
    skip: (ip) =>
      ip.isSourceNat
        ? "source-NAT address (made and released with its network or VPC)"
        : ip.state === "Error"
          ? "state Error (its acquisition failed)"
          : undefined,
  },
});
