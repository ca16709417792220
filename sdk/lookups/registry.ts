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

/** A lookup's entry; `lookup` and `lookupPair` check its input schema and shorthand against the function. */
function entry<F extends AnyLookup>(
  fn: F,
  input: z.ZodObject,
  output: LookupResult,
  shorthand?: Shorthand,
): LookupEntry<F> {
  return {
    name: fn.name,
    doc: LOOKUP_DOCS[fn.name] ?? "",
    fn,
    input,
    output,
    shorthand,
    call: (args) => fn(args) as ReturnType<F>,
    argsOf: (params) => invokeArgs(params[0]),
  };
}

function lookup<F extends AnyLookup, I extends z.ZodObject>(
  fn: F,
  input: I & Fits<F, I>,
  output: LookupResult,
  ...shorthand: StringForm<F, I>
): LookupEntry<F> {
  return entry(fn, input, output, shorthand[0]);
}

const one = (schema: z.ZodType, type: string): LookupResult => ({ schema, type });
const list = (schema: z.ZodType, type: string): LookupResult => ({ schema, type, wrap: "items" });
const byName = { id: "id", name: "name" } as const;

/** A list lookup that takes no bare string (so it needs no shorthand). */
type NoStringForm<F extends AnyLookup, I extends z.ZodObject> =
  StringForm<F, I> extends [] ? unknown : { "the list lookup takes a bare string": never };

/** The two entries of a pair: `get<N>s`, which lists records of type N, and `get<N>`, which finds one. */
type LookupPair<N extends string, L extends AnyLookup, O extends AnyLookup> = {
  [K in `get${N}s`]: LookupEntry<L>;
} & { [K in `get${N}`]: LookupEntry<O> };

/**
 * The list lookup `get<N>s` and the one-record lookup `get<N>` of the record type N (its name in the package
 * schema, and `schema` its record), in that order, each checked as `lookup` checks it.
 */
function lookupPair<
  N extends string,
  L extends AnyLookup,
  LI extends z.ZodObject,
  O extends AnyLookup,
  OI extends z.ZodObject,
>(
  type: N,
  schema: z.ZodType,
  listFn: L,
  listInput: LI & Fits<L, LI> & NoStringForm<L, LI>,
  oneFn: O,
  oneInput: OI & Fits<O, OI>,
  ...shorthand: StringForm<O, OI>
): LookupPair<N, L, O> {
  return {
    [`get${type}s`]: entry(listFn, listInput, list(schema, type)),
    [`get${type}`]: entry(oneFn, oneInput, one(schema, type), shorthand[0]),
  } as LookupPair<N, L, O>;
}

/** The records whose `state` a transform adds (the platform's word for it, or the download's progress). */
const withState = (schema: z.ZodType, doc: string) =>
  z.intersection(schema, z.object({ state: z.string().describe(doc).optional() }));
const Template = withState(TemplateSchema, "Ready, Downloading, or Error when the download failed.");
const Iso = withState(IsoSchema, "Ready, Downloading, or Error when the download failed.");
const Backup = withState(BackupSchema, "The backup's status (BackingUp, BackedUp, Error, …).");
const withMembers = (schema: z.ZodType) =>
  z.intersection(schema, z.object({ memberIds: z.array(z.string()).describe("The members' instance ids.") }));
const InstanceGroup = z
  .intersection(
    InstanceGroupSchema,
    z.object({ id: z.string().describe(InstanceGroupSchema.shape.id.description!) }),
  )
  .meta({ title: "InstanceGroup" });
const InstanceGroupList = z
  .object({
    groups: z.array(InstanceGroup).describe("The groups of every region that answered."),
    failedRegions: z
      .array(A.RegionFailureSchema)
      .describe("The regions that did not; empty when every one did."),
  })
  .describe("The instance groups of every region, and the regions that could not be read.");

const c = catalogue;
/** Every lookup, by its function's name. */
export const lookupRegistry = {
  getAuditEntries: lookup(getAuditEntries, A.AuditArgs, list(AuditEntrySchema, "AuditEntry")),
  ...lookupPair("Backup", Backup, getBackups, A.OfInstanceArgs, getBackup, A.OfInstanceQueryArgs, byName),
  ...lookupPair("Zone", ZoneSchema, c.getZones, A.RegionArgs, c.getZone, A.QueryArgs, byName),
  ...lookupPair("Template", Template, c.getTemplates, A.ImagesArgs, c.getTemplate, A.ImageQueryArgs, byName),
  ...lookupPair("Iso", Iso, c.getIsos, A.ImagesArgs, c.getIso, A.ImageQueryArgs, byName),
  ...lookupPair("OsType", OsTypeSchema, c.getOsTypes, A.RegionArgs, c.getOsType, A.QueryArgs, byName),
  ...lookupPair(
    "ComputeOffering",
    ComputeOfferingSchema,
    c.getComputeOfferings,
    A.ZoneOfferingsArgs,
    c.getComputeOffering,
    A.ZoneOfferingQueryArgs,
    byName,
  ),
  ...lookupPair(
    "DiskOffering",
    DiskOfferingSchema,
    c.getDiskOfferings,
    A.RegionArgs,
    c.getDiskOffering,
    A.QueryArgs,
    byName,
  ),
  ...lookupPair(
    "NetworkOffering",
    NetworkOfferingSchema,
    c.getNetworkOfferings,
    A.NetworkOfferingsArgs,
    c.getNetworkOffering,
    A.NetworkOfferingQueryArgs,
    byName,
  ),
  ...lookupPair(
    "VpcOffering",
    VpcOfferingSchema,
    c.getVpcOfferings,
    A.RegionArgs,
    c.getVpcOffering,
    A.QueryArgs,
    byName,
  ),
  ...lookupPair(
    "BackupOffering",
    BackupOfferingSchema,
    c.getBackupOfferings,
    A.ZoneOfferingsArgs,
    c.getBackupOffering,
    A.ZoneOfferingQueryArgs,
    byName,
  ),
  ...lookupPair(
    "KubernetesVersion",
    KubernetesVersionSchema,
    c.getKubernetesVersions,
    A.RegionArgs,
    c.getKubernetesVersion,
    A.KubernetesVersionQueryArgs,
    { id: "id", name: "version" },
  ),
  getMyLimits: lookup(c.getMyLimits, A.RegionArgs, one(MyLimitsSchema, "MyLimits")),
  getMultiRegionQuota: lookup(
    c.getMultiRegionQuota,
    A.NoArgs,
    one(MultiRegionQuotaSchema, "MultiRegionQuota"),
  ),
  ...lookupPair("Comment", CommentSchema, getComments, A.CommentsArgs, getComment, A.CommentQueryArgs),
  ...lookupPair(
    "FileSystem",
    FileSystemSchema,
    getFileSystems,
    A.FileSystemsArgs,
    getFileSystem,
    A.FileSystemQueryArgs,
    byName,
  ),
  getInstanceGroups: {
    ...lookup(getInstanceGroups, A.RegionArgs, one(InstanceGroupList, "InstanceGroupList")),
    answered: (list: InstanceGroupListValue) => warnOfFailedRegions(list.failedRegions),
  },
  getInstanceGroup: lookup(getInstanceGroup, A.QueryArgs, one(InstanceGroup, "InstanceGroup"), byName),
  ...lookupPair(
    "InstanceSchedule",
    InstanceScheduleSchema,
    getInstanceSchedules,
    A.OfInstanceArgs,
    getInstanceSchedule,
    A.OfInstanceQueryArgs,
    byName,
  ),
  ...lookupPair("Instance", InstanceSchema, getInstances, A.RegionArgs, getInstance, A.QueryArgs, byName),
  ...lookupPair(
    "KubernetesCluster",
    KubernetesClusterSchema,
    getKubernetesClusters,
    A.RegionArgs,
    getKubernetesCluster,
    A.QueryArgs,
    byName,
  ),
  ...lookupPair(
    "MultiRegionGroup",
    MultiRegionGroupSchema,
    getMultiRegionGroups,
    A.RegionArgs,
    getMultiRegionGroup,
    A.QueryArgs,
    byName,
  ),
  getMultiRegionGroupVpcs: lookup(
    getMultiRegionGroupVpcs,
    A.MultiRegionVpcsArgs,
    list(MultiRegionMemberSchema, "MultiRegionMember"),
  ),
  getNetworkAclLists: lookup(net.getNetworkAclLists, A.VpcArgs, list(AclListSchema, "AclList")),
  getNetworkAclList: lookup(net.getNetworkAclList, A.VpcQueryArgs, one(AclListSchema, "AclList")),
  ...lookupPair(
    "NetworkAclRule",
    NetworkAclRuleSchema,
    net.getNetworkAclRules,
    A.AclRulesArgs,
    net.getNetworkAclRule,
    A.AclRuleQueryArgs,
  ),
  ...lookupPair(
    "PublicIp",
    PublicIpSchema,
    net.getPublicIps,
    A.PublicIpsArgs,
    net.getPublicIp,
    A.PublicIpQueryArgs,
    { id: "id", name: "address" },
  ),
  ...lookupPair(
    "StaticNat",
    A.StaticNatSchema,
    net.getStaticNats,
    A.StaticNatsArgs,
    net.getStaticNat,
    A.StaticNatQueryArgs,
    { id: "publicIpId", name: "address" },
  ),
  getVpcGateways: lookup(net.getVpcGateways, A.VpcArgs, list(PrivateGatewaySchema, "PrivateGateway")),
  getVpcGateway: lookup(
    net.getVpcGateway,
    A.VpcGatewayQueryArgs,
    one(PrivateGatewaySchema, "PrivateGateway"),
  ),
  ...lookupPair(
    "LoadBalancerRule",
    withMembers(LoadBalancerRuleSchema),
    net.getLoadBalancerRules,
    A.LoadBalancerRulesArgs,
    net.getLoadBalancerRule,
    A.LoadBalancerRuleQueryArgs,
    byName,
  ),
  ...lookupPair(
    "InternalLoadBalancer",
    withMembers(InternalLoadBalancerSchema),
    net.getInternalLoadBalancers,
    A.InternalLoadBalancersArgs,
    net.getInternalLoadBalancer,
    A.InternalLoadBalancerQueryArgs,
    byName,
  ),
  ...lookupPair(
    "Tenant",
    TenantSchema,
    org.getTenants,
    A.TenantContextArgs,
    org.getTenant,
    A.TenantQueryArgs,
    byName,
  ),
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
  ...lookupPair("Project", ProjectSchema, getProjects, A.RegionArgs, getProject, A.QueryArgs, byName),
  ...lookupPair("Region", RegionSchema, getRegions, A.NoArgs, getRegion, A.QueryArgs, byName),
  getDefaultRegion: lookup(getDefaultRegion, A.NoArgs, one(RegionSchema, "Region")),
  ...lookupPair(
    "VolumeSnapshot",
    VolumeSnapshotSchema,
    snap.getVolumeSnapshots,
    A.VolumeSnapshotsArgs,
    snap.getVolumeSnapshot,
    A.VolumeSnapshotQueryArgs,
    byName,
  ),
  ...lookupPair(
    "InstanceSnapshot",
    InstanceSnapshotSchema,
    snap.getInstanceSnapshots,
    A.OfInstanceArgs,
    snap.getInstanceSnapshot,
    A.OfInstanceQueryArgs,
    byName,
  ),
};
