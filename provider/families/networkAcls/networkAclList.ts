// cim.NetworkAclList: a network ACL list of a VPC, which VPC tiers (cim.Network aclId) use and rules
// (cim.NetworkAclRule) fill. Created and deleted by jobs, renamed in place by a synchronous PUT (the platform's
// createNetworkACLList, updateNetworkACLList, deleteNetworkACLList). Every VPC has two default lists,
// default_allow and default_deny: they are the platform's, looked up (cim.getNetworkAclList), never created,
// adopted or deleted here.

import type { AclList } from "../../client";
import { commonFields, descriptionField, field } from "../../kinds/common";
import { defineKind, type Requirement } from "../../kinds/define";
import { examples, exported } from "../../kinds/examples";
import { applyChanged } from "../../kinds/named";
import { id, text } from "../../lifecycle/check";

/** The platform's two default lists, present in every VPC. */
export const DEFAULT_ACL_LISTS = ["default_allow", "default_deny"] as const;

export const isDefaultAclList = (name: unknown) =>
  typeof name === "string" && (DEFAULT_ACL_LISTS as readonly string[]).includes(name.trim().toLowerCase());

const DEFAULT_REFUSAL =
  'is the name of one of the VPC\'s default lists (default_allow, default_deny), which the platform makes and keeps: look it up with cim.getNetworkAclList({ vpcId, name: "default_deny" }) instead of declaring it';

type ListRecord = { name?: unknown; vpcId?: unknown };

/** A rule goes into a list made in the VPC, never a default list (the platform: "Default ACL cannot be modified"). */
export const notADefaultList: Requirement = {
  stable: true,
  holds: (l) => !isDefaultAclList((l as ListRecord).name),
  reason: (l) =>
    `is the VPC's default list ${String((l as ListRecord).name)}, which the platform keeps as it is (it refuses rules in it). Make a cim.NetworkAclList in the VPC and put the rule there`,
};

/** The list a tier or a private gateway uses is one of its own VPC (the platform refuses another VPC's). */
export function listOfSameVpc(noun: string): Requirement {
  return {
    stable: true,
    needs: ["vpcId"],
    planned: ["vpcId"],
    holds: (l, i) => typeof (l as ListRecord).vpcId !== "string" || (l as ListRecord).vpcId === i.vpcId,
    reason: (l, i) =>
      `is a list of VPC ${String((l as ListRecord).vpcId)}, not of the ${noun}'s VPC ${String(i.vpcId)}: a ${noun} uses a network ACL list of its own VPC`,
  };
}

export const networkAclList = defineKind({
  name: "NetworkAclList",
  noun: "network ACL list",
  summary: "A network ACL list of a VPC, for its tiers (the two default lists are looked up, not made).",
  ...examples(["zoneId", "vpc", "webAcl"], [exported("aclId", "webAcl.id")]),
  nameFromResource: true,
  fields: {
    ...commonFields,
    name: field(
      text("the list's name (the SDK defaults it to the resource name)")
        .refine((s) => !isDefaultAclList(s), DEFAULT_REFUSAL)
        .optional(),
      {
        doc: "The list's name; not `default_allow` or `default_deny` (the VPC's own lists).",
        change: "update",
        live: true,
        requiredUnlessAdopting: "the list's name",
        present: true,
      },
    ),
    description: descriptionField("what the list is for", "update"),
    vpcId: field(id("the VPC the list belongs to"), {
      doc: "The VPC the list belongs to; only that VPC's tiers can use it.",
      change: "replace",
      live: true,
      ref: { kind: "Vpc", mustExist: true },
    }),
  },
  outputs: {},
  adoptable: (l: AclList) =>
    isDefaultAclList(l.name)
      ? `${l.name} is one of the VPC's default lists, which the platform keeps: look it up with cim.getNetworkAclList instead of adopting it.`
      : undefined,
  api: {
    get: (s, id) => s.client.networkAcls.getList(id, { region: s.region }),
    list: (s) => s.client.networkAcls.lists({ region: s.region }),
    create: (s, i) =>
      s.client.networkAcls.createList(
        { name: i.name ?? "", description: i.description, vpcId: i.vpcId },
        { region: s.region },
      ),
    apply: applyChanged(["name", "description"], (s, id, put) =>
      s.client.networkAcls.updateList(id, put, { region: s.region }),
    ),
    delete: (s, live) => s.client.networkAcls.deleteList(live.id, { region: s.region }),
  },
  importer: {
    order: 15,
    prefix: "acl",
    skip: (l: AclList) =>
      isDefaultAclList(l.name)
        ? "a VPC's default list (the platform's; look it up with getNetworkAclList)"
        : undefined,
  },
});
