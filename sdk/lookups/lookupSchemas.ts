// The lookups' arguments as zod schemas, for running a lookup from data (a provider function's inputs): one
// schema per argument type of sdk/lookups, built from the same shared pieces those types are (region, name or
// id, an instance's records). Strict: a field a lookup does not take is an error, not silently ignored. The
// registry (registry.ts) proves at compile time that each schema has exactly its function's fields, of types
// the function takes. And the few records that have no schema in the client (they are made here, not read).

import { z } from "zod";
import type { StaticNat } from "../../provider/client";
import type { RegionFailure } from "./instanceGroups";

const text = (doc: string) => z.string().describe(doc).optional();

const region = {
  region: text("Region uuid, or a region name such as `de-fra-1`. Default: `cim:region` (on the native path, the provider's `region`), else `CIM_REGION`, else the API's default region."),
};
const nameOrId = {
  name: text("The record's name (exact, then case-insensitive)."),
  id: text("The record's id."),
};
const ofInstance = { instanceId: text("Only the records of this instance (its id).") };

export const RegionArgs = z.strictObject(region);
export const QueryArgs = z.strictObject({ ...region, ...nameOrId });
export const NoArgs = z.strictObject({});

export const OfInstanceArgs = z.strictObject({ ...region, ...ofInstance });
export const OfInstanceQueryArgs = z.strictObject({ ...region, ...nameOrId, ...ofInstance });

const ofVolume = { volumeId: text("Only the snapshots of this volume (its id).") };
export const VolumeSnapshotsArgs = z.strictObject({ ...region, ...ofVolume });
export const VolumeSnapshotQueryArgs = z.strictObject({ ...region, ...nameOrId, ...ofVolume });

const imageFilter = {
  filter: z.enum(["featured", "self", "selfexecutable", "sharedexecutable", "executable", "community"]).describe("Which images (CloudStack's listTemplates / listIsos filter); default `executable`.").optional(),
};
export const ImagesArgs = z.strictObject({ ...region, ...imageFilter });
export const ImageQueryArgs = z.strictObject({ ...region, ...nameOrId, ...imageFilter });

const zone = { zoneId: text("Only the offerings of this zone.") };
export const ZoneOfferingsArgs = z.strictObject({ ...region, ...zone });
export const ZoneOfferingQueryArgs = z.strictObject({ ...region, ...nameOrId, ...zone });

const vpcTiers = {
  forVpc: z.boolean().describe("true: only offerings for VPC tiers; false: only offerings for isolated networks.").optional(),
};
export const NetworkOfferingsArgs = z.strictObject({ ...region, ...vpcTiers });
export const NetworkOfferingQueryArgs = z.strictObject({ ...region, ...nameOrId, ...vpcTiers });

export const KubernetesVersionQueryArgs = z.strictObject({
  ...region,
  version: text("The semantic version, e.g. `1.28.4` (or `v1.28.4`)."),
  id: nameOrId.id,
});

const when = z.union([z.string(), z.number()]);
export const AuditArgs = z.strictObject({
  since: when.describe("Rows at or after this moment: ISO text (with an offset: an instant), or epoch ms.").optional(),
  until: when.describe("Rows at or before this moment.").optional(),
  resourceType: text("Only rows of this resource type."),
  resourceId: text("Only rows of this resource."),
  user: text("Only the changes of this user."),
  method: text("POST, PUT or DELETE."),
  keyword: text("Part of the request path."),
  maxEntries: z.number().int().min(1).describe("Stop after this many rows (newest first).").optional(),
});

const commentTarget = {
  volumeId: text("The volume whose comments to read."),
  networkId: text("The network whose comments to read."),
  publicIpId: text("The public IP whose comments to read."),
  vpcId: text("The VPC whose comments to read."),
  kubernetesClusterId: text("The Kubernetes cluster whose comments to read."),
};
export const CommentsArgs = z.strictObject({ ...region, ...commentTarget });
export const CommentQueryArgs = z.strictObject({
  ...region,
  ...commentTarget,
  id: nameOrId.id,
  text: text("The comment's text (exact, then case-insensitive)."),
});

const onNetwork = { networkId: text("Only those of this network.") };
export const FileSystemsArgs = z.strictObject({ ...region, ...onNetwork });
export const FileSystemQueryArgs = z.strictObject({ ...region, ...nameOrId, ...onNetwork });

export const MultiRegionVpcsArgs = z.strictObject({
  ...region,
  groupId: text("Only the members of this group."),
  vpcId: text("Only the memberships of this VPC."),
  vpcRegion: text("Only the VPCs of this region (its id)."),
});

const vpc = { vpcId: z.string().describe("The VPC (its id).") };
export const VpcArgs = z.strictObject({ ...region, ...vpc });
export const VpcQueryArgs = z.strictObject({ ...region, ...vpc, ...nameOrId });
export const VpcGatewayQueryArgs = z.strictObject({
  ...region,
  ...vpc,
  address: text("The VPC's address on the gateway, e.g. `172.16.0.2`."),
  id: nameOrId.id,
});

const acl = { aclId: z.string().describe("The network ACL list (its id).") };
export const AclRulesArgs = z.strictObject({ ...region, ...acl });
export const AclRuleQueryArgs = z.strictObject({
  ...region,
  ...acl,
  number: z.number().int().describe("The rule's number (its place in the list).").optional(),
  id: nameOrId.id,
});

const publicIpFilter = {
  vpcId: text("Only the addresses of this VPC."),
  networkId: text("Only the addresses of this (isolated) network."),
  isStaticNat: z.boolean().describe("true: only addresses with static NAT; false: only the others.").optional(),
};
const address = { address: text("The public address, e.g. `198.18.0.7`.") };
export const PublicIpsArgs = z.strictObject({ ...region, ...publicIpFilter });
export const PublicIpQueryArgs = z.strictObject({
  ...region,
  ...publicIpFilter,
  ...address,
  id: nameOrId.id,
});

const staticNatFilter = {
  vpcId: publicIpFilter.vpcId,
  networkId: publicIpFilter.networkId,
  instanceId: text("Only the addresses mapped onto this instance (its id)."),
};
export const StaticNatsArgs = z.strictObject({ ...region, ...staticNatFilter });
export const StaticNatQueryArgs = z.strictObject({
  ...region,
  ...staticNatFilter,
  ...address,
  publicIpId: text("The public address's id."),
});

const lbFilter = { publicIpId: text("Only the rules of this public IP."), networkId: onNetwork.networkId };
export const LoadBalancerRulesArgs = z.strictObject({ ...region, ...lbFilter });
export const LoadBalancerRuleQueryArgs = z.strictObject({ ...region, ...lbFilter, ...nameOrId });

const ilbFilter = {
  networkId: onNetwork.networkId,
  sourceIpAddress: text("Only those of this source address."),
};
export const InternalLoadBalancersArgs = z.strictObject({ ...region, ...ilbFilter });
export const InternalLoadBalancerQueryArgs = z.strictObject({ ...region, ...ilbFilter, ...nameOrId });

const tenantContext = { tenantContext: text("The organization context: one of the user's membership ids.") };
export const TenantContextArgs = z.strictObject(tenantContext);
export const TenantQueryArgs = z.strictObject({ ...region, ...nameOrId, ...tenantContext });
export const TenantMembersArgs = z.strictObject({
  tenantId: z.string().describe("The organization (its id)."),
  ...tenantContext,
});
export const InvitationsArgs = z.strictObject({
  ...tenantContext,
  state: text("Pending, Completed, Declined or Expired."),
  tenantId: text("Only the invitations of this organization."),
  activeOnly: z.boolean().describe("Pending ones only.").optional(),
});

// ------------------------------------------------------------------------- records the client makes itself

export const StaticNatSchema = z
  .object({
    id: z.string().describe("The public address's id (a static NAT has none of its own)."),
    state: z.enum(["Enabled", "Disabled"]).describe("Enabled while static NAT maps the address onto an instance, else Disabled."),
    ipAddress: z.string().describe("The public address, e.g. `198.18.0.7`.").optional(),
    virtualMachineId: z.string().describe("The id of the instance the address maps onto (`cim.Instance`); only when Enabled.").optional(),
    virtualMachineName: z.string().describe("The name of that instance, as the platform reports it; only when Enabled.").optional(),
    networkId: z.string().describe("The network of the instance's NIC the address maps onto.").optional(),
    vmIpAddress: z.string().describe("The instance's NIC address the public address maps onto; only when Enabled.").optional(),
    zoneId: z.string().describe("The id of the zone the address belongs to (`cim.getZone`).").optional(),
  })
  .describe("A public address's static NAT: whether it maps one to one onto an instance's NIC, and which (`cim.StaticNat`).") satisfies z.ZodType<StaticNat>;

export const RegionFailureSchema = z
  .object({
    regionId: z.string().describe("The id (uuid) of the region the API could not read."),
    regionName: z.string().describe("The region's name, when the API's region list has it.").optional(),
    reason: z.string().describe("The API's reason (its regionErrors entry)."),
  })
  .meta({ title: "RegionFailure", description: "A region whose records a list across regions could not read, and why." }) satisfies z.ZodType<RegionFailure>;
