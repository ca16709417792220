// What each lookup's example says that its shape does not (functionExamples.ts makes the program): the record a
// catalogue lookup names (one the emulator seeds) and the resource its id feeds; a list's filter and the field it
// is mapped to; the declared resource whose record a lookup reads back. Plus the declarations examples stand on,
// each spelled once for TypeScript and Pulumi YAML (examples.ts; the same program on both of a page's examples).
// A list of an account's records is read through an output of a resource that names the parent (a schedule's
// `instanceId`): the lookup then runs once that resource exists, so it finds it.

import type { lookupRegistry } from "../../sdk/lookups/registry";
import {
  type ExampleSetup,
  goldenTemplate,
  lookupId,
  lookupVariable,
  outputOf,
  resource,
  type Shared,
  shared,
  templateInstance,
  together,
  variable,
  variables,
  vpcTier,
  type YamlParts,
} from "./examples";

export type LookupName = keyof typeof lookupRegistry;

/** An argument: a plain value, a setup's promise (`zoneId`), or an output of a declared resource. */
type Arg = string | number | boolean | { promise: string } | { output: string; needs: string };

export interface Spec {
  /** The constant that holds what the example keeps of the answer. */
  as: string;
  /** The constant is an id a resource input takes (not exported); examples needing it declare it this way. */
  feeds?: boolean;
  /** The value of the field a bare string stands for (`name`, `version`, `address`). */
  named?: string;
  args?: Record<string, Arg>;
  /** The argument given first, on its own (a lookup that takes an id and then options). */
  positional?: string;
  /** Of one record: the field kept (default `id`); of a list: the field each is mapped to (default `name`). */
  keep?: string;
  /** Of a list: which ones, as a condition on the item variable. */
  filter?: (item: string) => string;
  /** What is done with the answer, when not a field (an arrow function's text, plain JavaScript). */
  handle?: string;
  /** Declarations after the call: what the answer feeds. */
  after?: string[];
}

export type Setup =
  | { shared: ExampleSetup; needs: string[] }
  | { code: string; yaml: YamlParts; needs: string[] };

const p = (name: string) => ({ promise: name });
/** An output of a declared resource: `out("nightStop", "instanceId")` is `nightStop.instanceId`. */
const out = (needs: string, field = "id") => ({ output: `${needs}.${field}`, needs });

/**
 * Declarations of the examples' own (examples.ts's `resource`, each spelled once for both languages), standing on
 * the setups `needs`. A YAML resource is keyed by the TypeScript constant's name and given the TypeScript program's
 * Pulumi name, so `out("nightStop")` is `${nightStop.id}` in YAML (functionExamples.ts finds the key by the
 * resource's type).
 */
const declared = (needs: string[], ...pieces: Shared[]): Setup => {
  const { ts, yaml } = together(...pieces);
  return { needs, code: ts, yaml };
};
const fromWeb = ["zoneId", "templateId", "serviceOfferingId"];

/** Declarations the examples stand on, by name (the ids catalogue lookups compute are their examples). */
export const SETUPS: Record<string, Setup> = {
  vpc: { shared: "vpc", needs: ["zoneId"] },
  tier: { shared: "tier", needs: ["zoneId", "vpc"] },
  db: { shared: "db", needs: fromWeb },
  mainVpc: declared(
    ["zoneId", "vpcOfferingId"],
    resource(
      "Vpc",
      "main",
      { ...variables("zoneId"), cidr: "10.1.0.0/16", ...variables("vpcOfferingId") },
      { as: "vpc" },
    ),
  ),
  webTier: declared(
    ["zoneId", "vpc", "networkOfferingId"],
    vpcTier("web", variable("networkOfferingId"), "10.1.1.1"),
  ),
  golden: declared(["zoneId", "osTypeId"], goldenTemplate(variable("osTypeId"))),
  rescue: declared(
    ["zoneId", "serviceOfferingId", "diskOfferingId", "isoId"],
    resource("Instance", "rescue", {
      ...variables("zoneId", "serviceOfferingId"),
      imageType: "iso",
      ...variables("isoId", "diskOfferingId"),
      rootDiskSize: 20,
    }),
  ),
  backedUpDb: declared(
    [...fromWeb, "backupOfferingId"],
    templateInstance("db", variables("backupOfferingId"), { as: "db" }),
  ),
  backup: declared(
    ["backedUpDb"],
    resource(
      "Backup",
      "db-before-upgrade",
      { instanceId: outputOf("db.id"), description: "before the upgrade" },
      { as: "backup" },
    ),
  ),
  cluster: declared(
    ["zoneId", "tier", "kubernetesVersionId"],
    resource(
      "KubernetesCluster",
      "apps",
      {
        ...variables("zoneId", "kubernetesVersionId"),
        serviceOfferingId: lookupId("getComputeOffering", { name: "Medium" }),
        networkId: outputOf("tier.id"),
        size: 2,
      },
      { as: "cluster" },
    ),
  ),
  // attached to the db instance: a volume never attached has no storage yet, and no snapshot can be taken of it
  data: { shared: "data", needs: ["zoneId", "diskOfferingId", "db"] },
  note: declared(
    ["data"],
    resource(
      "Comment",
      "data-owner",
      { volumeId: outputOf("data.id"), text: "owned by the payments team" },
      { as: "note" },
    ),
  ),
  dataSnapshot: declared(
    ["data"],
    resource(
      "VolumeSnapshot",
      "data-before-upgrade",
      { volumeId: outputOf("data.id") },
      { as: "dataSnapshot" },
    ),
  ),
  dbSnapshot: declared(
    ["db"],
    resource(
      "InstanceSnapshot",
      "db-before-upgrade",
      { instanceId: outputOf("db.id") },
      { as: "dbSnapshot" },
    ),
  ),
  nightStop: declared(
    ["db"],
    resource(
      "InstanceSchedule",
      "db-stop-at-night",
      {
        instanceId: outputOf("db.id"),
        action: "stop",
        schedule: "0 22 * * MON-FRI",
        timezone: "Europe/Berlin",
      },
      { as: "nightStop" },
    ),
  ),
  group: declared([], resource("InstanceGroup", "web-servers", {}, { as: "group" })),
  share: { shared: "share", needs: ["zoneId", "tier", "diskOfferingId"] },
  web: declared(
    [...fromWeb, "tier"],
    templateInstance("web", { networkIds: [outputOf("tier.id")] }, { as: "web" }),
  ),
  ip: declared(["vpc"], resource("PublicIp", "web", { vpcId: outputOf("vpc.id") }, { as: "ip" })),
  nat: declared(
    ["ip", "web", "tier"],
    resource(
      "StaticNat",
      "web",
      { publicIpId: outputOf("ip.id"), instanceId: outputOf("web.id"), networkId: outputOf("tier.id") },
      { as: "nat" },
    ),
  ),
  lbRule: declared(
    ["ip", "tier", "web"],
    resource(
      "LoadBalancerRule",
      "web",
      {
        publicIpId: outputOf("ip.id"),
        networkId: outputOf("tier.id"),
        publicPort: 80,
        privatePort: 8080,
        memberIds: [outputOf("web.id")],
      },
      { as: "lbRule" },
    ),
  ),
  ilb: declared(
    ["zoneId", "vpc"],
    shared("app"),
    resource(
      "InternalLoadBalancer",
      "db",
      { networkId: outputOf("app.id"), sourcePort: 5432, instancePort: 5432 },
      { as: "ilb" },
    ),
  ),
  webAcl: { shared: "webAcl", needs: ["vpc"] },
  https: declared(
    ["webAcl"],
    resource(
      "NetworkAclRule",
      "https",
      { aclId: outputOf("webAcl.id"), number: 10, protocol: "tcp", startPort: 443, cidrList: ["0.0.0.0/0"] },
      { as: "https" },
    ),
  ),
  link: declared(
    ["vpc"],
    resource(
      "VpcGateway",
      "dc-link",
      {
        vpcId: outputOf("vpc.id"),
        ipAddress: "172.16.0.2",
        gateway: "172.16.0.1",
        netmask: "255.255.255.0",
        vlan: 100,
      },
      { as: "link" },
    ),
  ),
  mesh: { shared: "mesh", needs: [] },
  meshMember: declared(
    ["mesh", "vpc"],
    resource(
      "MultiRegionGroupVpc",
      "mesh-fra",
      { groupId: outputOf("mesh.id"), vpcId: outputOf("vpc.id") },
      { as: "meshMember" },
    ),
  ),
  shop: declared([], resource("Project", "shop", { displayText: "the web shop" }, { as: "shop" })),
  acmeId: declared([], lookupVariable("acmeId", "getTenant", { name: "acme" })),
};

const equals = (field: string, value: string) => (v: string) => `${v}.${field} === ${JSON.stringify(value)}`;

/** Every lookup's example (the type says every one has one). */
export const TABLE: Record<LookupName, Spec> = {
  // the catalogue: a record by name, its id fed to the resource that takes it
  getZone: { as: "zoneId", feeds: true, named: "de-fra-1a", after: ["vpc"] },
  getTemplate: { as: "templateId", feeds: true, named: "Ubuntu 22.04 LTS", after: ["db"] },
  getIso: { as: "isoId", feeds: true, named: "Alpine 3.20", after: ["rescue"] },
  getOsType: { as: "osTypeId", feeds: true, named: "Ubuntu 22.04 (64-bit)", after: ["golden"] },
  getComputeOffering: { as: "serviceOfferingId", feeds: true, named: "Small", after: ["db"] },
  getDiskOffering: { as: "diskOfferingId", feeds: true, named: "Custom", after: ["data"] },
  getNetworkOffering: { as: "networkOfferingId", feeds: true, named: "VPC Tier", after: ["webTier"] },
  getVpcOffering: { as: "vpcOfferingId", feeds: true, named: "Default VPC", after: ["mainVpc"] },
  getBackupOffering: {
    as: "backupOfferingId",
    feeds: true,
    named: "Standard",
    args: { zoneId: p("zoneId") },
    after: ["backedUpDb"],
  },
  getKubernetesVersion: { as: "kubernetesVersionId", feeds: true, named: "1.28.4", after: ["cluster"] },
  getRegion: { as: "amsterdamId", named: "nl-ams-1" },
  getDefaultRegion: { as: "defaultRegion", keep: "name" },
  getMyLimits: { as: "instanceLimit", keep: "instanceLimit" },
  getMultiRegionQuota: {
    as: "multiRegionGroupsLeft",
    handle: "(quota) => quota.maxMultiRegions - quota.currentMultiRegions",
  },
  // the catalogue's lists, filtered and mapped
  getZones: { as: "amsterdamZones", args: { region: "nl-ams-1" } },
  getTemplates: { as: "readyTemplates", filter: equals("state", "Ready") },
  getIsos: { as: "isoNames" },
  getOsTypes: { as: "ubuntuVersions", filter: equals("osCategory", "Ubuntu"), keep: "description" },
  getComputeOfferings: {
    as: "offeringsWith4Gb",
    args: { zoneId: p("zoneId") },
    filter: (v) => `(${v}.memory ?? 0) >= 4096`,
  },
  getDiskOfferings: { as: "fixedSizeDisks", filter: (v) => `!${v}.customized` },
  getNetworkOfferings: { as: "vpcTierOfferings", args: { forVpc: true } },
  getVpcOfferings: { as: "vpcOfferingNames" },
  getBackupOfferings: { as: "backupOfferingNames", args: { zoneId: p("zoneId") } },
  getKubernetesVersions: {
    as: "enabledVersions",
    filter: equals("state", "Enabled"),
    keep: "semanticVersion",
  },
  getRegions: { as: "regionNames" },
  // the account's records: read back by id (or another key) of a resource the example declares
  getInstance: { as: "dbMemory", args: { id: out("db") }, keep: "memory" },
  getBackup: { as: "backupSize", args: { id: out("backup") }, keep: "size" },
  getComment: { as: "dataOwner", args: { volumeId: out("data"), id: out("note") }, keep: "annotation" },
  getFileSystem: { as: "shareAddress", args: { id: out("share") }, keep: "ipAddress" },
  getInstanceGroup: { as: "groupRegion", args: { id: out("group") }, keep: "regionName" },
  getInstanceSchedule: { as: "nightStopSchedule", args: { id: out("nightStop") }, keep: "schedule" },
  getInstanceSnapshot: { as: "dbSnapshotState", args: { id: out("dbSnapshot") }, keep: "state" },
  getVolumeSnapshot: { as: "dataSnapshotSize", args: { id: out("dataSnapshot") }, keep: "size" },
  getKubernetesCluster: { as: "clusterState", args: { id: out("cluster") }, keep: "state" },
  getMultiRegionGroup: { as: "meshMembers", args: { id: out("mesh") }, keep: "memberCount" },
  getNetworkAclList: {
    as: "webAclDescription",
    args: { vpcId: out("vpc"), id: out("webAcl") },
    keep: "description",
  },
  getNetworkAclRule: {
    as: "httpsPort",
    args: { aclId: out("https", "aclId"), number: 10 },
    keep: "startPort",
  },
  getPublicIp: { as: "webAddressState", args: { address: out("ip", "ipAddress") }, keep: "state" },
  getStaticNat: {
    as: "webPrivateAddress",
    args: { publicIpId: out("nat", "publicIpId") },
    keep: "vmIpAddress",
  },
  getVpcGateway: {
    as: "linkState",
    args: { vpcId: out("link", "vpcId"), address: "172.16.0.2" },
    keep: "state",
  },
  getLoadBalancerRule: { as: "webMembers", args: { id: out("lbRule") }, keep: "memberIds" },
  getInternalLoadBalancer: { as: "dbAddress", args: { id: out("ilb") }, keep: "sourceIpAddress" },
  getProject: { as: "shopState", args: { id: out("shop") }, keep: "state" },
  // the account's lists: of a parent, read once a child that names it exists
  getBackups: { as: "backupNames", args: { instanceId: out("backup", "instanceId") } },
  getComments: { as: "dataNotes", args: { volumeId: out("note", "volumeId") }, keep: "annotation" },
  getFileSystems: { as: "shareNames", args: { networkId: out("share", "networkId") } },
  getInstanceSchedules: { as: "dbSchedules", args: { instanceId: out("nightStop", "instanceId") } },
  getInstanceSnapshots: { as: "dbSnapshots", args: { instanceId: out("dbSnapshot", "instanceId") } },
  getVolumeSnapshots: { as: "dataSnapshots", args: { volumeId: out("dataSnapshot", "volumeId") } },
  getMultiRegionGroupVpcs: {
    as: "meshVpcs",
    args: { groupId: out("meshMember", "groupId") },
    keep: "vpcName",
  },
  getNetworkAclLists: { as: "aclNames", args: { vpcId: out("webAcl", "vpcId") } },
  getNetworkAclRules: { as: "ruleNumbers", args: { aclId: out("https", "aclId") }, keep: "number" },
  getPublicIps: { as: "vpcAddresses", args: { vpcId: out("ip", "vpcId") }, keep: "ipAddress" },
  getStaticNats: { as: "webAddresses", args: { instanceId: out("nat", "instanceId") }, keep: "ipAddress" },
  getVpcGateways: { as: "gatewayAddresses", args: { vpcId: out("link", "vpcId") }, keep: "ipAddress" },
  getLoadBalancerRules: { as: "webRules", args: { networkId: out("lbRule", "networkId") }, keep: "publicIp" },
  getInternalLoadBalancers: {
    as: "internalAddresses",
    args: { networkId: out("ilb", "networkId") },
    keep: "sourceIpAddress",
  },
  getInstances: { as: "runningInstances", filter: equals("state", "Running") },
  getKubernetesClusters: { as: "clusterNames" },
  getMultiRegionGroups: { as: "multiRegionGroupNames" },
  getInstanceGroups: { as: "groupNames", handle: "(list) => list.groups.map((g) => g.name)" },
  getProjects: { as: "projectNames" },
  getAuditEntries: { as: "recentDeletes", args: { method: "DELETE", maxEntries: 20 }, keep: "path" },
  // organizations and the user's own settings
  getTenants: { as: "organizations" },
  getTenant: { as: "acmeMemberCount", named: "acme", keep: "memberCount" },
  getTenantMembers: {
    as: "acmeMembers",
    positional: "tenantId",
    args: { tenantId: p("acmeId") },
    keep: "user",
  },
  getMemberships: { as: "myOrganizations", keep: "tenantName" },
  getInvitations: { as: "pendingInvitations", args: { activeOnly: true }, keep: "tenantName" },
  getPreferences: { as: "preferenceNames", handle: "(preferences) => Object.keys(preferences)" },
};
