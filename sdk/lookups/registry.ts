// Every lookup of sdk/lookups as data: its function, its argument as a zod schema (lookupSchemas.ts), what it
// answers (a record of the client's schemas, or a list or map of them, wrapped in an object because a provider
// function answers an object), its doc comment (docs.ts), and, for lookups that take a bare string, which
// fields that string stands for (entries.ts makes and checks each entry; a pair of `get<N>s` and `get<N>` is found
// by those names in its module). The provider plugin runs lookups from it (provider/lookups), and the native
// SDK's lookups (sdk/native/lookups.ts) are made from it, so the three cannot drift apart. One line a lookup.

import { z } from "zod";
import { AuditEntrySchema } from "../../provider/families/audit/records";
import { BackupSchema } from "../../provider/families/backups/records";
import {
  BackupOfferingSchema,
  ComputeOfferingSchema,
  DiskOfferingSchema,
  KubernetesVersionSchema,
  MultiRegionQuotaSchema,
  MyLimitsSchema,
  NetworkOfferingSchema,
  OsTypeSchema,
  RegionSchema,
  VpcOfferingSchema,
  ZoneSchema,
} from "../../provider/families/catalogue/records";
import { CommentSchema } from "../../provider/families/comments/records";
import { FileSystemSchema } from "../../provider/families/fileSystems/records";
import { IsoSchema, TemplateSchema } from "../../provider/families/images/records";
import { InstanceGroupSchema } from "../../provider/families/instanceGroups/records";
import { InstanceScheduleSchema } from "../../provider/families/instanceSchedules/records";
import { InstanceSchema } from "../../provider/families/instances/records";
import { KubernetesClusterSchema } from "../../provider/families/kubernetes/records";
import { InternalLoadBalancerSchema, LoadBalancerRuleSchema } from "../../provider/families/loadBalancers/records";
import { MultiRegionGroupSchema, MultiRegionMemberSchema } from "../../provider/families/multiRegions/records";
import { AclListSchema, NetworkAclRuleSchema } from "../../provider/families/networkAcls/records";
import { InvitationSchema, MembershipSchema, TenantSchema } from "../../provider/families/organizations/records";
import { PreferencesSchema } from "../../provider/families/preferences/records";
import { PrivateGatewaySchema } from "../../provider/families/privateGateways/records";
import { ProjectSchema } from "../../provider/families/projects/records";
import { PublicIpSchema } from "../../provider/families/publicIps/records";
import { InstanceSnapshotSchema, VolumeSnapshotSchema } from "../../provider/families/snapshots/records";
import { getAuditEntries } from "./audit";
import * as backups from "./backups";
import * as catalogue from "./catalogue";
import * as comments from "./comments";
import { getRegions } from "./core";
import { LOOKUP_DOCS } from "./docs";
import { byName, invokeArgs, type LookupEntry, list, lookup, lookupPair, one } from "./entries";
import * as fileSystems from "./fileSystems";
import { getInstanceGroup, getInstanceGroups, type InstanceGroupList as InstanceGroupListValue, warnOfFailedRegions } from "./instanceGroups";
import * as instanceSchedules from "./instanceSchedules";
import * as instances from "./instances";
import * as kubernetes from "./kubernetes";
import * as A from "./lookupSchemas";
import * as multiRegions from "./multiRegions";
import * as net from "./networking";
import * as org from "./organizations";
import * as projects from "./projects";
import { getDefaultRegion, getRegion } from "./regions";
import * as snap from "./snapshots";

/** The records whose `state` a transform adds (the platform's word for it, or the download's progress). */
const withState = (schema: z.ZodType, doc: string) => z.intersection(schema, z.object({ state: z.string().describe(doc).optional() }));
const Template = withState(TemplateSchema, "Ready, Downloading, or Error when the download failed.");
const Iso = withState(IsoSchema, "Ready, Downloading, or Error when the download failed.");
const Backup = withState(BackupSchema, "The backup's status (BackingUp, BackedUp, Error, …).");
const withMembers = (schema: z.ZodType) => z.intersection(schema, z.object({ memberIds: z.array(z.string()).describe("The members' instance ids.") }));
const InstanceGroup = z.intersection(InstanceGroupSchema, z.object({ id: z.string().describe(InstanceGroupSchema.shape.id.description!) })).meta({ title: "InstanceGroup" });
const InstanceGroupList = z
  .object({
    groups: z.array(InstanceGroup).describe("The groups of every region that answered."),
    failedRegions: z.array(A.RegionFailureSchema).describe("The regions that did not; empty when every one did."),
  })
  .describe("The instance groups of every region, and the regions that could not be read.");

const c = catalogue;
/** Every lookup, by its function's name. */
export const lookupRegistry = {
  getAuditEntries: lookup(getAuditEntries, A.AuditArgs, list(AuditEntrySchema, "AuditEntry")),
  ...lookupPair("Backup", Backup, backups, A.OfInstanceArgs, A.OfInstanceQueryArgs, byName),
  ...lookupPair("Zone", ZoneSchema, c, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("Template", Template, c, A.ImagesArgs, A.ImageQueryArgs, byName),
  ...lookupPair("Iso", Iso, c, A.ImagesArgs, A.ImageQueryArgs, byName),
  ...lookupPair("OsType", OsTypeSchema, c, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("ComputeOffering", ComputeOfferingSchema, c, A.ZoneOfferingsArgs, A.ZoneOfferingQueryArgs, byName),
  ...lookupPair("DiskOffering", DiskOfferingSchema, c, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("NetworkOffering", NetworkOfferingSchema, c, A.NetworkOfferingsArgs, A.NetworkOfferingQueryArgs, byName),
  ...lookupPair("VpcOffering", VpcOfferingSchema, c, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("BackupOffering", BackupOfferingSchema, c, A.ZoneOfferingsArgs, A.ZoneOfferingQueryArgs, byName),
  ...lookupPair("KubernetesVersion", KubernetesVersionSchema, c, A.RegionArgs, A.KubernetesVersionQueryArgs, {
    id: "id",
    name: "version",
  }),
  getMyLimits: lookup(c.getMyLimits, A.RegionArgs, one(MyLimitsSchema, "MyLimits")),
  getMultiRegionQuota: lookup(c.getMultiRegionQuota, A.NoArgs, one(MultiRegionQuotaSchema, "MultiRegionQuota")),
  ...lookupPair("Comment", CommentSchema, comments, A.CommentsArgs, A.CommentQueryArgs),
  ...lookupPair("FileSystem", FileSystemSchema, fileSystems, A.FileSystemsArgs, A.FileSystemQueryArgs, byName),
  getInstanceGroups: {
    ...lookup(getInstanceGroups, A.RegionArgs, one(InstanceGroupList, "InstanceGroupList")),
    answered: (list: InstanceGroupListValue) => warnOfFailedRegions(list.failedRegions),
  },
  getInstanceGroup: lookup(getInstanceGroup, A.QueryArgs, one(InstanceGroup, "InstanceGroup"), byName),
  ...lookupPair("InstanceSchedule", InstanceScheduleSchema, instanceSchedules, A.OfInstanceArgs, A.OfInstanceQueryArgs, byName),
  ...lookupPair("Instance", InstanceSchema, instances, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("KubernetesCluster", KubernetesClusterSchema, kubernetes, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("MultiRegionGroup", MultiRegionGroupSchema, multiRegions, A.RegionArgs, A.QueryArgs, byName),
  getMultiRegionGroupVpcs: lookup(multiRegions.getMultiRegionGroupVpcs, A.MultiRegionVpcsArgs, list(MultiRegionMemberSchema, "MultiRegionMember")),
  getNetworkAclLists: lookup(net.getNetworkAclLists, A.VpcArgs, list(AclListSchema, "AclList")),
  getNetworkAclList: lookup(net.getNetworkAclList, A.VpcQueryArgs, one(AclListSchema, "AclList")),
  ...lookupPair("NetworkAclRule", NetworkAclRuleSchema, net, A.AclRulesArgs, A.AclRuleQueryArgs),
  ...lookupPair("PublicIp", PublicIpSchema, net, A.PublicIpsArgs, A.PublicIpQueryArgs, {
    id: "id",
    name: "address",
  }),
  ...lookupPair("StaticNat", A.StaticNatSchema, net, A.StaticNatsArgs, A.StaticNatQueryArgs, {
    id: "publicIpId",
    name: "address",
  }),
  getVpcGateways: lookup(net.getVpcGateways, A.VpcArgs, list(PrivateGatewaySchema, "PrivateGateway")),
  getVpcGateway: lookup(net.getVpcGateway, A.VpcGatewayQueryArgs, one(PrivateGatewaySchema, "PrivateGateway")),
  ...lookupPair("LoadBalancerRule", withMembers(LoadBalancerRuleSchema), net, A.LoadBalancerRulesArgs, A.LoadBalancerRuleQueryArgs, byName),
  ...lookupPair("InternalLoadBalancer", withMembers(InternalLoadBalancerSchema), net, A.InternalLoadBalancersArgs, A.InternalLoadBalancerQueryArgs, byName),
  ...lookupPair("Tenant", TenantSchema, org, A.TenantContextArgs, A.TenantQueryArgs, byName),
  getMemberships: lookup(org.getMemberships, A.TenantContextArgs, list(MembershipSchema, "Membership")),
  getTenantMembers: {
    // the organization's id comes first, then the options
    name: "getTenantMembers",
    doc: LOOKUP_DOCS.getTenantMembers ?? "",
    fn: org.getTenantMembers,
    input: A.TenantMembersArgs,
    output: list(MembershipSchema, "Membership"),
    call: (args) => {
      const { tenantId, ...opts } = args as z.output<typeof A.TenantMembersArgs>;
      return org.getTenantMembers(tenantId, opts);
    },
    argsOf: ([tenantId, opts]) => ({ ...invokeArgs(opts), tenantId }),
  } satisfies LookupEntry<typeof org.getTenantMembers>,
  getInvitations: lookup(org.getInvitations, A.InvitationsArgs, list(InvitationSchema, "Invitation")),
  getPreferences: lookup(org.getPreferences, A.NoArgs, {
    schema: PreferencesSchema,
    type: "Preferences",
    wrap: "values",
  }),
  ...lookupPair("Project", ProjectSchema, projects, A.RegionArgs, A.QueryArgs, byName),
  ...lookupPair("Region", RegionSchema, { getRegions, getRegion }, A.NoArgs, A.QueryArgs, byName),
  getDefaultRegion: lookup(getDefaultRegion, A.NoArgs, one(RegionSchema, "Region")),
  ...lookupPair("VolumeSnapshot", VolumeSnapshotSchema, snap, A.VolumeSnapshotsArgs, A.VolumeSnapshotQueryArgs, byName),
  ...lookupPair("InstanceSnapshot", InstanceSnapshotSchema, snap, A.OfInstanceArgs, A.OfInstanceQueryArgs, byName),
};
