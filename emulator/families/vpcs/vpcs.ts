// VPCs: create, read, list, update by query parameters, delete, restart; each has two default ACL lists.
import { randomUUID } from "node:crypto";
import type { Data } from "../../family";
import { catalogueRef, isoNow, recordJob, requestedEntry } from "../../handlers/common";
import { body, reqStr, str } from "../../handlers/input";
import { deleteEffect, dropAnnotations, restoreEffect } from "../../handlers/lifecycle";
import { namedHandlers } from "../../handlers/named";
import { badRequest, type Ctx } from "../../http";
import type { JobEffect } from "../../jobs";
import { containsCidr, parseCidr } from "../../net";
import { seedId } from "../../seed";
import { dropVpcMemberships } from "../multiRegions/multiRegions";
import { dropAclList } from "../networkAcls/networkAcls";
import { dropVpcGateways } from "../privateGateways/privateGateways";
import { allocateSourceNat, createWithSourceNat, releaseAddressesOf } from "../publicIps/publicIps";
import type { VpcRec } from "./records";

export type VpcData = Data<
  | "vpcs"
  | "networks"
  | "annotations"
  | "networkAclLists"
  | "networkAclRules"
  | "publicIps"
  | "privateGateways"
  | "staticRoutes"
  | "loadBalancerRules"
  | "multiRegionMembers"
>;
type VCtx = Ctx<VpcData>;

const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((c) => parseCidr(c)!);

/** What a VPC shows of its own (namedHandlers shows the rest). */
const vpcFields = (ctx: Ctx, r: VpcRec) => ({ cidr: r.cidr, ...catalogueRef(ctx.store, "vpcOfferings", r) });

export function create(ctx: VCtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const zoneId = reqStr(b, "zoneId");
  const cidrText = reqStr(b, "cidr");
  const vpcOfferingId = reqStr(b, "vpcOfferingId");
  requestedEntry(ctx, "zones", zoneId, "zoneId");
  requestedEntry(ctx, "vpcOfferings", vpcOfferingId, "vpcOfferingId");
  const cidr = parseCidr(cidrText);
  if (!cidr || cidr.prefix < 8 || cidr.prefix > 28 || !PRIVATE_RANGES.some((p) => containsCidr(p, cidr))) {
    throw badRequest(
      `cidr ${cidrText} is not a valid VPC range`,
      "Use a private IPv4 network address with a prefix from /8 to /28, e.g. 10.1.0.0/16",
    );
  }
  const id = randomUUID();
  const failDetail = ctx.quota.failure(ctx.user.sub, "vpc");
  const fields = {
    tags: {},
    hasAnnotations: false,
    name,
    displayText: str(b, "displayText") || name,
    zoneId,
    cidr: cidrText,
    vpcOfferingId,
    networkDomain: str(b, "networkDomain") || "cim.internal",
    state: "Implementing",
    aclLists: ["default_allow", "default_deny"].map((n) => ({
      id: seedId(id, "acl", n),
      name: n,
      description: n === "default_allow" ? "Allow all traffic" : "Deny all traffic",
    })),
  };
  const rec = ctx.data.vpcs.insert(ctx.owner, fields, isoNow(ctx), id);
  allocateSourceNat(ctx, { zoneId, vpcId: id });
  return recordJob(ctx, ctx.data.vpcs, rec, { command: "createVPC", failDetail });
}

/** Read, list (filter zoneId), rename, delete (its job fails while a tier is in it) and restart. */
const named = namedHandlers<VpcData, VpcRec>({
  listKey: "vpcs",
  repo: (ctx) => ctx.data.vpcs,
  shows: vpcFields,
  filters: ["zoneId"],
  // VpcManagerImpl.destroyVpc throws this in the job (VpcVO.toString names the VPC by its database id and name;
  // the emulator has no database id and gives the VPC's id)
  heldBy: (ctx, r) => {
    const n = ctx.data.networks.where((x) => x.vpcId === r.id).length;
    return n ? `Can't delete VPC [VPC [${r.id}-${r.name}] as its used by ${n} networks` : undefined;
  },
  commands: { delete: "deleteVPC", restart: "restartVPC" },
  restartParam: "vpcId",
});
export const { get, list, update, remove, restart } = named;

/**
 * The VPC's network ACL lists and their rules go with it (VpcManagerImpl.cleanupVpcResources deletes the
 * VPC's ACLs; NetworkACLManagerImpl.deleteNetworkACL revokes their rules).
 */
function dropVpcAcls(data: VpcData, vpcId: string): void {
  for (const l of data.networkAclLists.where((x) => x.vpcId === vpcId)) dropAclList(data, l.id);
}

export const vpcJobEffects: Record<string, JobEffect<VpcData>> = {
  createVPC: createWithSourceNat("vpcs", "vpcId"),
  // its ACL lists and their rules, its private gateways and their static routes go with it, and its addresses
  // (the source-NAT one included) are released, and it leaves the multi-region groups it was in
  deleteVPC: deleteEffect("vpcs", (data: VpcData, id: string) => {
    dropAnnotations(data, id);
    dropVpcMemberships(data, id);
    dropVpcGateways(data, id);
    dropVpcAcls(data, id);
    releaseAddressesOf(data, (ip) => ip.vpcId === id);
  }),
  restartVPC: restoreEffect("vpcs"),
};
