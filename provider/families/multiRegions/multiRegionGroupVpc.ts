// cim.MultiRegionGroupVpc: one VPC in a multi-region group (the spec's POST /multi-regions/{id}/vpcs with
// {regionId, vpcId}, a job). Its `region` is the group's, where the request is routed and its job polled; the
// VPC may live in any region of the account, named by `vpcRegion` (the body's regionId): an id is valid only in
// its own region, so check looks the VPC up there. Membership is a resource of its own rather than a list of
// the group so that each VPC's join and leave shows in the diff, and a join that fails is kept as this
// member's partial state (state Error, replaced by the next up) while the group and its other members stay.
// Nothing changes in place. The API takes one VPC per region in a group, each once: a replacement leaves
// before it joins again.

import { z } from "zod";
import type { MultiRegionMember } from "../../client";
import { commonFields, created, field } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, lookupVariable, outputOf, resource } from "../../kinds/examples";
import { id, optionalId } from "../../lifecycle/check";

export const multiRegionGroupVpc = defineKind({
  name: "MultiRegionGroupVpc",
  noun: "multi-region group member",
  summary: "A VPC of any region in a multi-region group; its region is the group's, vpcRegion the VPC's.",
  ...examples(
    ["mesh"],
    [
      // by hand: TypeScript keeps the zones the lookups answer and reads their ids off them, YAML keeps the ids
      {
        ts: `const fraZone = cim.getZone("de-fra-1a");`,
        yaml: {
          variables: `
fraZoneId:
  fn::invoke:
    function: cim:index:getZone
    arguments: { name: de-fra-1a }
    return: id
`,
        },
      },
      lookupVariable("amsRegion", "getRegion", { name: "nl-ams-1" }),
      {
        ts: `const amsZone = cim.getZone({ name: "nl-ams-1a", region: "nl-ams-1" });
const fra = new cim.Vpc("fra", {
  zoneId: fraZone.then((z) => z.id),
  cidr: "10.1.0.0/16",
  vpcOfferingId: cim.getVpcOffering("Default VPC").then((o) => o.id),
});
const ams = new cim.Vpc("ams", {
  region: amsRegion,
  zoneId: amsZone.then((z) => z.id),
  cidr: "10.2.0.0/16",
  vpcOfferingId: cim.getVpcOffering({ name: "Default VPC", region: "nl-ams-1" }).then((o) => o.id),
});`,
        yaml: {
          variables: `
amsZoneId:
  fn::invoke:
    function: cim:index:getZone
    arguments: { name: nl-ams-1a, region: nl-ams-1 }
    return: id
`,
          resources: `
fra:
  type: cim:index:Vpc
  properties:
    zoneId: \${fraZoneId}
    cidr: 10.1.0.0/16
    vpcOfferingId:
      fn::invoke:
        function: cim:index:getVpcOffering
        arguments: { name: Default VPC }
        return: id
ams:
  type: cim:index:Vpc
  properties:
    region: \${amsRegion}
    zoneId: \${amsZoneId}
    cidr: 10.2.0.0/16
    vpcOfferingId:
      fn::invoke:
        function: cim:index:getVpcOffering
        arguments: { name: Default VPC, region: nl-ams-1 }
        return: id
`,
        },
      },
      resource("MultiRegionGroupVpc", "mesh-fra", {
        groupId: outputOf("mesh.id"),
        vpcId: outputOf("fra.id"),
      }),
      resource("MultiRegionGroupVpc", "mesh-ams", {
        groupId: outputOf("mesh.id"),
        vpcId: outputOf("ams.id"),
        vpcRegion: outputOf("ams.region"),
      }),
    ],
  ),
  createVerb: "add",
  label: (rec) => (typeof rec.vpcName === "string" && rec.vpcName ? rec.vpcName : undefined),
  // Add while it joins, Revoke while it leaves; a join that failed leaves it in Error
  states: { busy: ["Add", "Revoke"], deleting: "Revoke", failed: "Error" },
  fields: {
    ...commonFields,
    groupId: field(id("the multi-region group, in this resource's region (the group's region)"), {
      doc: "The group (`cim.MultiRegionGroup`), in this resource's region: give the group's `region` here too.",
      change: "replace",
      live: true,
      ref: { kind: "MultiRegionGroup", mustExist: true },
    }),
    vpcId: field(id("the VPC to add to the group, a VPC of vpcRegion"), {
      doc: "The VPC to add, a VPC of `vpcRegion`.",
      change: "replace",
      live: true,
      ref: { kind: "Vpc", mustExist: true, regionFrom: "vpcRegion" },
    }),
    vpcRegion: field(
      optionalId("the region uuid of the VPC; leave it out when the VPC is in this resource's region"),
      {
        doc: "The region the VPC lives in (a region uuid, e.g. the `cim.Vpc`'s `region` output); default: this resource's region.",
        change: "replace",
        live: (m: MultiRegionMember) => m.regionId,
      },
    ),
  },
  outputs: {
    groupName: {
      doc: "The name of the multi-region group (`groupId`).",
      schema: z.string().optional(),
      from: (m: MultiRegionMember) => m.groupName || undefined,
    },
    vpcName: {
      doc: "The name of its VPC (`vpcId`).",
      schema: z.string().optional(),
      from: (m: MultiRegionMember) => m.vpcName || undefined,
    },
    cidr: {
      doc: "The VPC's range, as the API shows it.",
      schema: z.string().optional(),
      from: (m: MultiRegionMember) => m.cidr || undefined,
    },
    vpcRegionName: {
      doc: "The name of the VPC's region.",
      schema: z.string().optional(),
      from: (m: MultiRegionMember) => m.regionName || undefined,
    },
    state: {
      doc: "Add, Active, Revoke, or Error when the join failed.",
      schema: z.string(),
      from: (m: MultiRegionMember) => m.state ?? "",
    },
    created,
  },
  // the API takes a VPC once per group, and one VPC per region in a group (a member whose join failed holds neither)
  exclusive: [
    {
      property: "vpcId",
      needs: ["groupId", "vpcId"],
      claimed: (i) =>
        typeof i.groupId === "string" && typeof i.vpcId === "string" ? `${i.groupId}/${i.vpcId}` : undefined,
      held: (m: MultiRegionMember) =>
        m.state !== "Error" && m.groupId && m.vpcId ? `${m.groupId}/${m.vpcId}` : undefined,
      reason: (i, m: MultiRegionMember) =>
        `vpcId ${String(i.vpcId)} is in multi-region group ${String(i.groupId)} already (member ${m.id}): a group takes a VPC once`,
      otherwise: "adopt that member with adoptId, or leave this one out",
    },
    {
      property: "vpcRegion",
      needs: ["groupId", "vpcId", "vpcRegion", "region"],
      claimed: (i) => {
        const region = i.vpcRegion ?? i.region;
        return typeof i.groupId === "string" && typeof region === "string"
          ? { group: i.groupId, region, vpc: i.vpcId }
          : undefined;
      },
      held: (m: MultiRegionMember) =>
        m.state !== "Error" && m.groupId && m.regionId
          ? { group: m.groupId, region: m.regionId, vpc: m.vpcId }
          : undefined,
      // the same VPC again is the vpcId rule's
      clash: (a, b) => a.group === b.group && a.region === b.region && a.vpc !== b.vpc,
      buckets: (v) => [`${String(v.group)}\u0000${String(v.region)}`],
      shown: (v) => `region ${String(v.region)} of group ${String(v.group)} (for VPC ${String(v.vpc)})`,
      reason: (i, m: MultiRegionMember) =>
        `${i.vpcRegion === undefined ? `the VPC's region ${String(i.region)} (vpcRegion left out: the member's own)` : `vpcRegion ${String(i.vpcRegion)}`}: multi-region group ${String(m.groupId)} has VPC ${String(m.vpcId)} of region ${String(m.regionName || m.regionId)} already (member ${m.id}), and a group takes one VPC per region`,
      // a VPC of another region given without vpcRegion meets this rule first: its id is not looked up in the
      // member's region when it comes from an output
      otherwise:
        "if this VPC is of another region, give that region as vpcRegion; if not, give another region's VPC, or take that one out first",
    },
  ],
  deleteBeforeReplace: () => "a group takes one VPC per region",
  api: {
    get: (s, id) => s.client.multiRegions.member(id, { region: s.region }),
    list: async (s) => (await s.client.multiRegions.listAllMembers({ region: s.region })).items,
    create(s, i) {
      const regionId = i.vpcRegion ?? s.region;
      if (!regionId)
        throw new Error(
          "vpcRegion is needed: the API lists no regions, so the VPC's region cannot be defaulted",
        );
      return s.client.multiRegions.addVpc(i.groupId, { regionId, vpcId: i.vpcId }, { region: s.region });
    },
    delete: (s, live) => s.client.multiRegions.removeMember(live.id, { region: s.region }),
  },
  importer: {
    order: 41,
    prefix: "multiRegionVpc",
    skip: (m: MultiRegionMember) =>
      m.state === "Error" ? "failed to join (state Error): remove it" : undefined,
    name: (m, nameOf) => `${nameOf(m.groupId) ?? m.groupName ?? "group"}-${m.vpcName ?? m.vpcId}`,
  },
});
