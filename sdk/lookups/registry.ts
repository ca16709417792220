// Every lookup of sdk/lookups as data: its function, its argument as a zod schema (lookupSchemas.ts), what it
// answers (a record of the client's schemas, or a list or map of them, wrapped in an object because a provider
// function answers an object), its doc comment (docs.ts), and, for lookups that take a bare string, which
// fields that string stands for. The provider plugin runs lookups from it (provider/lookups), and the native
// SDK's lookups (sdk/native/lookups.ts) are made from it, so the three cannot drift apart.

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
import {
  InternalLoadBalancerSchema,
  LoadBalancerRuleSchema,
} from "../../provider/families/loadBalancers/records";
import {
  MultiRegionGroupSchema,
  MultiRegionMemberSchema,
} from "../../provider/families/multiRegions/records";
import { AclListSchema, NetworkAclRuleSchema } from "../../provider/families/networkAcls/records";
import {
  InvitationSchema,
  MembershipSchema,
  TenantSchema,
} from "../../provider/families/organizations/records";
import { PreferencesSchema } from "../../provider/families/preferences/records";
import { PrivateGatewaySchema } from "../../provider/families/privateGateways/records";
import { ProjectSchema } from "../../provider/families/projects/records";
import { PublicIpSchema } from "../../provider/families/publicIps/records";
import { InstanceSnapshotSchema, VolumeSnapshotSchema } from "../../provider/families/snapshots/records";
import { getAuditEntries } from "./audit";
import { getBackup, getBackups } from "./backups";
import * as catalogue from "./catalogue";
import { getComment, getComments } from "./comments";
import { getRegions } from "./core";
import { LOOKUP_DOCS } from "./docs";
import { getFileSystem, getFileSystems } from "./fileSystems";
import {
  getInstanceGroup,
  getInstanceGroups,
  type InstanceGroupList as InstanceGroupListValue,
  warnOfFailedRegions,
} from "./instanceGroups";
import { getInstanceSchedule, getInstanceSchedules } from "./instanceSchedules";
import { getInstance, getInstances } from "./instances";
import { getKubernetesCluster, getKubernetesClusters } from "./kubernetes";
import * as A from "./lookupSchemas";
import { getMultiRegionGroup, getMultiRegionGroups, getMultiRegionGroupVpcs } from "./multiRegions";
import * as net from "./networking";
import * as org from "./organizations";
import { getProject, getProjects } from "./projects";
import { getDefaultRegion, getRegion } from "./regions";
import * as snap from "./snapshots";

// A lookup function of any arguments (`any`: a function type whose parameters are unknown accepts no function).
type AnyLookup = (...args: any[]) => Promise<unknown>;

/** What a lookup answers: the record itself, or `{ items: [...] }` for a list, `{ values: {...} }` for a map. */
export interface LookupResult {
  schema: z.ZodType;
  /** The record's type name in the package schema (e.g. `Zone`). */
  type: string;
  wrap?: "items" | "values";
}

/** The query fields a bare string stands for: an id when a record has it, else a name (or address, version). */
export interface Shorthand {
  id: string;
  name: string;
}

export interface LookupEntry<F extends AnyLookup = AnyLookup> {
  /** The function's name, e.g. `getZone`; the provider function's token is `cim:index:<name>`. */
  name: string;
  /** The function's doc comment. */
  doc: string;
  fn: F;
  /** The argument the provider function takes (no string shorthand: that is SDK sugar). */
  input: z.ZodObject;
  output: LookupResult;
  shorthand?: Shorthand;
  /** Runs the function from arguments the input schema has accepted. */
  call(args: Record<string, unknown>): ReturnType<F>;
  /** The provider function's arguments from the arguments of a call of the function (strings aside). */
  argsOf(params: unknown[]): Record<string, unknown>;
  /** What the program says of an answer the plugin gave (a warning the function gives in a program). */
  answered?(value: Awaited<ReturnType<F>>): void;
}

/** The function's argument, bare string and absence aside. */
type ArgOf<F> = F extends (a: infer A, ...rest: never[]) => unknown ? Exclude<A, string | undefined> : never;
type Mismatch = { "the input schema differs from the lookup's argument type": never };
/** The schema's output is an argument the function takes, and has exactly the argument type's fields. */
type Fits<F extends AnyLookup, I extends z.ZodObject> =
  Parameters<F> extends []
    ? [keyof I["shape"]] extends [never]
      ? unknown
      : Mismatch
    : [z.output<I>] extends [ArgOf<F>]
      ? [keyof ArgOf<F>] extends [keyof I["shape"]]
        ? [keyof I["shape"]] extends [keyof ArgOf<F>]
          ? unknown
          : Mismatch
        : Mismatch
      : Mismatch;
/** A lookup that takes a bare string must say what it stands for. */
type StringForm<F extends AnyLookup, I extends z.ZodObject> =
  Parameters<F> extends []
    ? []
    : F extends (a: infer A, ...rest: never[]) => unknown
      ? string extends A
        ? [shorthand: { id: keyof I["shape"] & string; name: keyof I["shape"] & string }]
        : []
      : [];

/** An argument as it goes into a provider function: no `provider` option, Dates as ISO text, no undefined. */
export function invokeArgs(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (k === "provider" || v === undefined) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

function lookup<F extends AnyLookup, I extends z.ZodObject>(
  fn: F,
  input: I & Fits<F, I>,
  output: LookupResult,
  ...shorthand: StringForm<F, I>
): LookupEntry<F> {
  return {
    name: fn.name,
    doc: LOOKUP_DOCS[fn.name] ?? "",
    fn,
    input,
    output,
    shorthand: shorthand[0],
    call: (args) => fn(args) as ReturnType<F>,
    argsOf: (params) => invokeArgs(params[0]),
  };
}

const one = (schema: z.ZodType, type: string): LookupResult => ({ schema, type });
const list = (schema: z.ZodType, type: string): LookupResult => ({ schema, type, wrap: "items" });
const byName = { id: "id", name: "name" } as const;

/** The records whose `state` a transform adds (the platform's word for it, or the download's progress). */
const withState = (schema: z.ZodType, doc: string) =>
  z.intersection(schema, z.object({ state: z.string().describe(doc).optional() }));
const Template = withState(TemplateSchema, "Ready, Downloading, or Error when the download failed.");
const Iso = withState(IsoSchema, "Ready, Downloading, or Error when the download failed.");
const Backup = withState(BackupSchema, "The backup's status (BackingUp, BackedUp, Error, …).");
const withMembers = (schema: z.ZodType) =>
  z.intersection(schema, z.object({ memberIds: z.array(z.string()).describe("The members' instance ids.") }));
const InstanceGroup = z
  .intersection(InstanceGroupSchema, z.object({ id: z.string() }))
  .meta({ title: "InstanceGroup" });
const InstanceGroupList = z.object({
  groups: z.array(InstanceGroup).describe("The groups of every region that answered."),
  failedRegions: z
    .array(A.RegionFailureSchema)
    .describe("The regions that did not; empty when every one did."),
});

const c = catalogue;
/** Every lookup, by its function's name. */
export const lookupRegistry = {
  getAuditEntries: lookup(getAuditEntries, A.AuditArgs, list(AuditEntrySchema, "AuditEntry")),
  getBackups: lookup(getBackups, A.OfInstanceArgs, list(Backup, "Backup")),
  getBackup: lookup(getBackup, A.OfInstanceQueryArgs, one(Backup, "Backup"), byName),
  getZones: lookup(c.getZones, A.RegionArgs, list(ZoneSchema, "Zone")),
  getZone: lookup(c.getZone, A.QueryArgs, one(ZoneSchema, "Zone"), byName),
  getTemplates: lookup(c.getTemplates, A.ImagesArgs, list(Template, "Template")),
  getTemplate: lookup(c.getTemplate, A.ImageQueryArgs, one(Template, "Template"), byName),
  getIsos: lookup(c.getIsos, A.ImagesArgs, list(Iso, "Iso")),
  getIso: lookup(c.getIso, A.ImageQueryArgs, one(Iso, "Iso"), byName),
  getOsTypes: lookup(c.getOsTypes, A.RegionArgs, list(OsTypeSchema, "OsType")),
  getOsType: lookup(c.getOsType, A.QueryArgs, one(OsTypeSchema, "OsType"), byName),
  getComputeOfferings: lookup(
    c.getComputeOfferings,
    A.ZoneOfferingsArgs,
    list(ComputeOfferingSchema, "ComputeOffering"),
  ),
  getComputeOffering: lookup(
    c.getComputeOffering,
    A.ZoneOfferingQueryArgs,
    one(ComputeOfferingSchema, "ComputeOffering"),
    byName,
  ),
  getDiskOfferings: lookup(c.getDiskOfferings, A.RegionArgs, list(DiskOfferingSchema, "DiskOffering")),
  getDiskOffering: lookup(c.getDiskOffering, A.QueryArgs, one(DiskOfferingSchema, "DiskOffering"), byName),
  getNetworkOfferings: lookup(
    c.getNetworkOfferings,
    A.NetworkOfferingsArgs,
    list(NetworkOfferingSchema, "NetworkOffering"),
  ),
  getNetworkOffering: lookup(
    c.getNetworkOffering,
    A.NetworkOfferingQueryArgs,
    one(NetworkOfferingSchema, "NetworkOffering"),
    byName,
  ),
  getVpcOfferings: lookup(c.getVpcOfferings, A.RegionArgs, list(VpcOfferingSchema, "VpcOffering")),
  getVpcOffering: lookup(c.getVpcOffering, A.QueryArgs, one(VpcOfferingSchema, "VpcOffering"), byName),
  getBackupOfferings: lookup(
    c.getBackupOfferings,
    A.ZoneOfferingsArgs,
    list(BackupOfferingSchema, "BackupOffering"),
  ),
  getBackupOffering: lookup(
    c.getBackupOffering,
    A.ZoneOfferingQueryArgs,
    one(BackupOfferingSchema, "BackupOffering"),
    byName,
  ),
  getKubernetesVersions: lookup(
    c.getKubernetesVersions,
    A.RegionArgs,
    list(KubernetesVersionSchema, "KubernetesVersion"),
  ),
  getKubernetesVersion: lookup(
    c.getKubernetesVersion,
    A.KubernetesVersionQueryArgs,
    one(KubernetesVersionSchema, "KubernetesVersion"),
    {
      id: "id",
      name: "version",
    },
  ),
  getMyLimits: lookup(c.getMyLimits, A.RegionArgs, one(MyLimitsSchema, "MyLimits")),
  getMultiRegionQuota: lookup(
    c.getMultiRegionQuota,
    A.NoArgs,
    one(MultiRegionQuotaSchema, "MultiRegionQuota"),
  ),
  getComments: lookup(getComments, A.CommentsArgs, list(CommentSchema, "Comment")),
  getComment: lookup(getComment, A.CommentQueryArgs, one(CommentSchema, "Comment")),
  getFileSystems: lookup(getFileSystems, A.FileSystemsArgs, list(FileSystemSchema, "FileSystem")),
  getFileSystem: lookup(getFileSystem, A.FileSystemQueryArgs, one(FileSystemSchema, "FileSystem"), byName),
  getInstanceGroups: {
    ...lookup(getInstanceGroups, A.RegionArgs, one(InstanceGroupList, "InstanceGroupList")),
    answered: (list: InstanceGroupListValue) => warnOfFailedRegions(list.failedRegions),
  },
  getInstanceGroup: lookup(getInstanceGroup, A.QueryArgs, one(InstanceGroup, "InstanceGroup"), byName),
  getInstanceSchedules: lookup(
    getInstanceSchedules,
    A.OfInstanceArgs,
    list(InstanceScheduleSchema, "InstanceSchedule"),
  ),
  getInstanceSchedule: lookup(
    getInstanceSchedule,
    A.OfInstanceQueryArgs,
    one(InstanceScheduleSchema, "InstanceSchedule"),
    byName,
  ),
  getInstances: lookup(getInstances, A.RegionArgs, list(InstanceSchema, "Instance")),
  getInstance: lookup(getInstance, A.QueryArgs, one(InstanceSchema, "Instance"), byName),
  getKubernetesClusters: lookup(
    getKubernetesClusters,
    A.RegionArgs,
    list(KubernetesClusterSchema, "KubernetesCluster"),
  ),
  getKubernetesCluster: lookup(
    getKubernetesCluster,
    A.QueryArgs,
    one(KubernetesClusterSchema, "KubernetesCluster"),
    byName,
  ),
  getMultiRegionGroups: lookup(
    getMultiRegionGroups,
    A.RegionArgs,
    list(MultiRegionGroupSchema, "MultiRegionGroup"),
  ),
  getMultiRegionGroup: lookup(
    getMultiRegionGroup,
    A.QueryArgs,
    one(MultiRegionGroupSchema, "MultiRegionGroup"),
    byName,
  ),
  getMultiRegionGroupVpcs: lookup(
    getMultiRegionGroupVpcs,
    A.MultiRegionVpcsArgs,
    list(MultiRegionMemberSchema, "MultiRegionMember"),
  ),
  getNetworkAclLists: lookup(net.getNetworkAclLists, A.VpcArgs, list(AclListSchema, "AclList")),
  getNetworkAclList: lookup(net.getNetworkAclList, A.VpcQueryArgs, one(AclListSchema, "AclList")),
  getNetworkAclRules: lookup(
    net.getNetworkAclRules,
    A.AclRulesArgs,
    list(NetworkAclRuleSchema, "NetworkAclRule"),
  ),
  getNetworkAclRule: lookup(
    net.getNetworkAclRule,
    A.AclRuleQueryArgs,
    one(NetworkAclRuleSchema, "NetworkAclRule"),
  ),
  getPublicIps: lookup(net.getPublicIps, A.PublicIpsArgs, list(PublicIpSchema, "PublicIp")),
  getPublicIp: lookup(net.getPublicIp, A.PublicIpQueryArgs, one(PublicIpSchema, "PublicIp"), {
    id: "id",
    name: "address",
  }),
  getStaticNats: lookup(net.getStaticNats, A.StaticNatsArgs, list(A.StaticNatSchema, "StaticNat")),
  getStaticNat: lookup(net.getStaticNat, A.StaticNatQueryArgs, one(A.StaticNatSchema, "StaticNat"), {
    id: "publicIpId",
    name: "address",
  }),
  getVpcGateways: lookup(net.getVpcGateways, A.VpcArgs, list(PrivateGatewaySchema, "PrivateGateway")),
  getVpcGateway: lookup(
    net.getVpcGateway,
    A.VpcGatewayQueryArgs,
    one(PrivateGatewaySchema, "PrivateGateway"),
  ),
  getLoadBalancerRules: lookup(
    net.getLoadBalancerRules,
    A.LoadBalancerRulesArgs,
    list(withMembers(LoadBalancerRuleSchema), "LoadBalancerRule"),
  ),
  getLoadBalancerRule: lookup(
    net.getLoadBalancerRule,
    A.LoadBalancerRuleQueryArgs,
    one(withMembers(LoadBalancerRuleSchema), "LoadBalancerRule"),
    byName,
  ),
  getInternalLoadBalancers: lookup(
    net.getInternalLoadBalancers,
    A.InternalLoadBalancersArgs,
    list(withMembers(InternalLoadBalancerSchema), "InternalLoadBalancer"),
  ),
  getInternalLoadBalancer: lookup(
    net.getInternalLoadBalancer,
    A.InternalLoadBalancerQueryArgs,
    one(withMembers(InternalLoadBalancerSchema), "InternalLoadBalancer"),
    byName,
  ),
  getTenants: lookup(org.getTenants, A.TenantContextArgs, list(TenantSchema, "Tenant")),
  getTenant: lookup(org.getTenant, A.TenantQueryArgs, one(TenantSchema, "Tenant"), byName),
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
  getProjects: lookup(getProjects, A.RegionArgs, list(ProjectSchema, "Project")),
  getProject: lookup(getProject, A.QueryArgs, one(ProjectSchema, "Project"), byName),
  getRegions: lookup(getRegions, A.NoArgs, list(RegionSchema, "Region")),
  getRegion: lookup(getRegion, A.QueryArgs, one(RegionSchema, "Region"), byName),
  getDefaultRegion: lookup(getDefaultRegion, A.NoArgs, one(RegionSchema, "Region")),
  getVolumeSnapshots: lookup(
    snap.getVolumeSnapshots,
    A.VolumeSnapshotsArgs,
    list(VolumeSnapshotSchema, "VolumeSnapshot"),
  ),
  getVolumeSnapshot: lookup(
    snap.getVolumeSnapshot,
    A.VolumeSnapshotQueryArgs,
    one(VolumeSnapshotSchema, "VolumeSnapshot"),
    byName,
  ),
  getInstanceSnapshots: lookup(
    snap.getInstanceSnapshots,
    A.OfInstanceArgs,
    list(InstanceSnapshotSchema, "InstanceSnapshot"),
  ),
  getInstanceSnapshot: lookup(
    snap.getInstanceSnapshot,
    A.OfInstanceQueryArgs,
    one(InstanceSnapshotSchema, "InstanceSnapshot"),
    byName,
  ),
};
