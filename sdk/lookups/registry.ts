// Every lookup of sdk/lookups as data: its function, its argument as a zod schema (lookupSchemas.ts), what it
// answers (a record of the client's schemas, or a list or map of them, wrapped in an object because a provider
// function answers an object), its doc comment (docs.ts), and, for lookups that take a bare string, which
// fields that string stands for. The provider plugin runs lookups from it (provider/lookups), and the native
// SDK's lookups (sdk/native/lookups.ts) are made from it, so the three cannot drift apart.

import { z } from "zod";
import * as S from "../../provider/client/schemas";
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
const Template = withState(S.TemplateSchema, "Ready, Downloading, or Error when the download failed.");
const Iso = withState(S.IsoSchema, "Ready, Downloading, or Error when the download failed.");
const Backup = withState(S.BackupSchema, "The backup's status (BackingUp, BackedUp, Error, …).");
const withMembers = (schema: z.ZodType) =>
  z.intersection(schema, z.object({ memberIds: z.array(z.string()).describe("The members' instance ids.") }));
const InstanceGroup = z
  .intersection(S.InstanceGroupSchema, z.object({ id: z.string() }))
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
  getAuditEntries: lookup(getAuditEntries, A.AuditArgs, list(S.AuditEntrySchema, "AuditEntry")),
  getBackups: lookup(getBackups, A.OfInstanceArgs, list(Backup, "Backup")),
  getBackup: lookup(getBackup, A.OfInstanceQueryArgs, one(Backup, "Backup"), byName),
  getZones: lookup(c.getZones, A.RegionArgs, list(S.ZoneSchema, "Zone")),
  getZone: lookup(c.getZone, A.QueryArgs, one(S.ZoneSchema, "Zone"), byName),
  getTemplates: lookup(c.getTemplates, A.ImagesArgs, list(Template, "Template")),
  getTemplate: lookup(c.getTemplate, A.ImageQueryArgs, one(Template, "Template"), byName),
  getIsos: lookup(c.getIsos, A.ImagesArgs, list(Iso, "Iso")),
  getIso: lookup(c.getIso, A.ImageQueryArgs, one(Iso, "Iso"), byName),
  getOsTypes: lookup(c.getOsTypes, A.RegionArgs, list(S.OsTypeSchema, "OsType")),
  getOsType: lookup(c.getOsType, A.QueryArgs, one(S.OsTypeSchema, "OsType"), byName),
  getComputeOfferings: lookup(
    c.getComputeOfferings,
    A.ZoneOfferingsArgs,
    list(S.ComputeOfferingSchema, "ComputeOffering"),
  ),
  getComputeOffering: lookup(
    c.getComputeOffering,
    A.ZoneOfferingQueryArgs,
    one(S.ComputeOfferingSchema, "ComputeOffering"),
    byName,
  ),
  getDiskOfferings: lookup(c.getDiskOfferings, A.RegionArgs, list(S.DiskOfferingSchema, "DiskOffering")),
  getDiskOffering: lookup(c.getDiskOffering, A.QueryArgs, one(S.DiskOfferingSchema, "DiskOffering"), byName),
  getNetworkOfferings: lookup(
    c.getNetworkOfferings,
    A.NetworkOfferingsArgs,
    list(S.NetworkOfferingSchema, "NetworkOffering"),
  ),
  getNetworkOffering: lookup(
    c.getNetworkOffering,
    A.NetworkOfferingQueryArgs,
    one(S.NetworkOfferingSchema, "NetworkOffering"),
    byName,
  ),
  getVpcOfferings: lookup(c.getVpcOfferings, A.RegionArgs, list(S.VpcOfferingSchema, "VpcOffering")),
  getVpcOffering: lookup(c.getVpcOffering, A.QueryArgs, one(S.VpcOfferingSchema, "VpcOffering"), byName),
  getBackupOfferings: lookup(
    c.getBackupOfferings,
    A.ZoneOfferingsArgs,
    list(S.BackupOfferingSchema, "BackupOffering"),
  ),
  getBackupOffering: lookup(
    c.getBackupOffering,
    A.ZoneOfferingQueryArgs,
    one(S.BackupOfferingSchema, "BackupOffering"),
    byName,
  ),
  getKubernetesVersions: lookup(
    c.getKubernetesVersions,
    A.RegionArgs,
    list(S.KubernetesVersionSchema, "KubernetesVersion"),
  ),
  getKubernetesVersion: lookup(
    c.getKubernetesVersion,
    A.KubernetesVersionQueryArgs,
    one(S.KubernetesVersionSchema, "KubernetesVersion"),
    {
      id: "id",
      name: "version",
    },
  ),
  getMyLimits: lookup(c.getMyLimits, A.RegionArgs, one(S.MyLimitsSchema, "MyLimits")),
  getMultiRegionQuota: lookup(
    c.getMultiRegionQuota,
    A.NoArgs,
    one(S.MultiRegionQuotaSchema, "MultiRegionQuota"),
  ),
  getComments: lookup(getComments, A.CommentsArgs, list(S.CommentSchema, "Comment")),
  getComment: lookup(getComment, A.CommentQueryArgs, one(S.CommentSchema, "Comment")),
  getFileSystems: lookup(getFileSystems, A.FileSystemsArgs, list(S.FileSystemSchema, "FileSystem")),
  getFileSystem: lookup(getFileSystem, A.FileSystemQueryArgs, one(S.FileSystemSchema, "FileSystem"), byName),
  getInstanceGroups: {
    ...lookup(getInstanceGroups, A.RegionArgs, one(InstanceGroupList, "InstanceGroupList")),
    answered: (list: InstanceGroupListValue) => warnOfFailedRegions(list.failedRegions),
  },
  getInstanceGroup: lookup(getInstanceGroup, A.QueryArgs, one(InstanceGroup, "InstanceGroup"), byName),
  getInstanceSchedules: lookup(
    getInstanceSchedules,
    A.OfInstanceArgs,
    list(S.InstanceScheduleSchema, "InstanceSchedule"),
  ),
  getInstanceSchedule: lookup(
    getInstanceSchedule,
    A.OfInstanceQueryArgs,
    one(S.InstanceScheduleSchema, "InstanceSchedule"),
    byName,
  ),
  getInstances: lookup(getInstances, A.RegionArgs, list(S.InstanceSchema, "Instance")),
  getInstance: lookup(getInstance, A.QueryArgs, one(S.InstanceSchema, "Instance"), byName),
  getKubernetesClusters: lookup(
    getKubernetesClusters,
    A.RegionArgs,
    list(S.KubernetesClusterSchema, "KubernetesCluster"),
  ),
  getKubernetesCluster: lookup(
    getKubernetesCluster,
    A.QueryArgs,
    one(S.KubernetesClusterSchema, "KubernetesCluster"),
    byName,
  ),
  getMultiRegionGroups: lookup(
    getMultiRegionGroups,
    A.RegionArgs,
    list(S.MultiRegionGroupSchema, "MultiRegionGroup"),
  ),
  getMultiRegionGroup: lookup(
    getMultiRegionGroup,
    A.QueryArgs,
    one(S.MultiRegionGroupSchema, "MultiRegionGroup"),
    byName,
  ),
  getMultiRegionGroupVpcs: lookup(
    getMultiRegionGroupVpcs,
    A.MultiRegionVpcsArgs,
    list(S.MultiRegionMemberSchema, "MultiRegionMember"),
  ),
  getNetworkAclLists: lookup(net.getNetworkAclLists, A.VpcArgs, list(S.AclListSchema, "AclList")),
  getNetworkAclList: lookup(net.getNetworkAclList, A.VpcQueryArgs, one(S.AclListSchema, "AclList")),
  getNetworkAclRules: lookup(
    net.getNetworkAclRules,
    A.AclRulesArgs,
    list(S.NetworkAclRuleSchema, "NetworkAclRule"),
  ),
  getNetworkAclRule: lookup(
    net.getNetworkAclRule,
    A.AclRuleQueryArgs,
    one(S.NetworkAclRuleSchema, "NetworkAclRule"),
  ),
  getPublicIps: lookup(net.getPublicIps, A.PublicIpsArgs, list(S.PublicIpSchema, "PublicIp")),
  getPublicIp: lookup(net.getPublicIp, A.PublicIpQueryArgs, one(S.PublicIpSchema, "PublicIp"), {
    id: "id",
    name: "address",
  }),
  getStaticNats: lookup(net.getStaticNats, A.StaticNatsArgs, list(A.StaticNatSchema, "StaticNat")),
  getStaticNat: lookup(net.getStaticNat, A.StaticNatQueryArgs, one(A.StaticNatSchema, "StaticNat"), {
    id: "publicIpId",
    name: "address",
  }),
  getVpcGateways: lookup(net.getVpcGateways, A.VpcArgs, list(S.PrivateGatewaySchema, "PrivateGateway")),
  getVpcGateway: lookup(
    net.getVpcGateway,
    A.VpcGatewayQueryArgs,
    one(S.PrivateGatewaySchema, "PrivateGateway"),
  ),
  getLoadBalancerRules: lookup(
    net.getLoadBalancerRules,
    A.LoadBalancerRulesArgs,
    list(withMembers(S.LoadBalancerRuleSchema), "LoadBalancerRule"),
  ),
  getLoadBalancerRule: lookup(
    net.getLoadBalancerRule,
    A.LoadBalancerRuleQueryArgs,
    one(withMembers(S.LoadBalancerRuleSchema), "LoadBalancerRule"),
    byName,
  ),
  getInternalLoadBalancers: lookup(
    net.getInternalLoadBalancers,
    A.InternalLoadBalancersArgs,
    list(withMembers(S.InternalLoadBalancerSchema), "InternalLoadBalancer"),
  ),
  getInternalLoadBalancer: lookup(
    net.getInternalLoadBalancer,
    A.InternalLoadBalancerQueryArgs,
    one(withMembers(S.InternalLoadBalancerSchema), "InternalLoadBalancer"),
    byName,
  ),
  getTenants: lookup(org.getTenants, A.TenantContextArgs, list(S.TenantSchema, "Tenant")),
  getTenant: lookup(org.getTenant, A.TenantQueryArgs, one(S.TenantSchema, "Tenant"), byName),
  getMemberships: lookup(org.getMemberships, A.TenantContextArgs, list(S.MembershipSchema, "Membership")),
  getTenantMembers: {
    // the organization's id comes first, then the options
    name: "getTenantMembers",
    doc: LOOKUP_DOCS.getTenantMembers ?? "",
    fn: org.getTenantMembers,
    input: A.TenantMembersArgs,
    output: list(S.MembershipSchema, "Membership"),
    call: (args) => {
      const { tenantId, ...opts } = args as z.output<typeof A.TenantMembersArgs>;
      return org.getTenantMembers(tenantId, opts);
    },
    argsOf: ([tenantId, opts]) => ({ ...invokeArgs(opts), tenantId }),
  } satisfies LookupEntry<typeof org.getTenantMembers>,
  getInvitations: lookup(org.getInvitations, A.InvitationsArgs, list(S.InvitationSchema, "Invitation")),
  getPreferences: lookup(org.getPreferences, A.NoArgs, {
    schema: S.PreferencesSchema,
    type: "Preferences",
    wrap: "values",
  }),
  getProjects: lookup(getProjects, A.RegionArgs, list(S.ProjectSchema, "Project")),
  getProject: lookup(getProject, A.QueryArgs, one(S.ProjectSchema, "Project"), byName),
  getRegions: lookup(getRegions, A.NoArgs, list(S.RegionSchema, "Region")),
  getRegion: lookup(getRegion, A.QueryArgs, one(S.RegionSchema, "Region"), byName),
  getDefaultRegion: lookup(getDefaultRegion, A.NoArgs, one(S.RegionSchema, "Region")),
  getVolumeSnapshots: lookup(
    snap.getVolumeSnapshots,
    A.VolumeSnapshotsArgs,
    list(S.VolumeSnapshotSchema, "VolumeSnapshot"),
  ),
  getVolumeSnapshot: lookup(
    snap.getVolumeSnapshot,
    A.VolumeSnapshotQueryArgs,
    one(S.VolumeSnapshotSchema, "VolumeSnapshot"),
    byName,
  ),
  getInstanceSnapshots: lookup(
    snap.getInstanceSnapshots,
    A.OfInstanceArgs,
    list(S.InstanceSnapshotSchema, "InstanceSnapshot"),
  ),
  getInstanceSnapshot: lookup(
    snap.getInstanceSnapshot,
    A.OfInstanceQueryArgs,
    one(S.InstanceSnapshotSchema, "InstanceSnapshot"),
    byName,
  ),
};
