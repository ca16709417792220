// What each lookup's example says that its shape does not (functionExamples.ts makes the program): the record a
// catalogue lookup names (one the emulator seeds) and the resource its id feeds; a list's filter and the field it
// is mapped to; the declared resource whose record a lookup reads back. Plus the declarations examples stand on,
// each in TypeScript and in Pulumi YAML (the same program on both of a page's examples).
// A list of an account's records is read through an output of a resource that names the parent (a schedule's
// `instanceId`): the lookup then runs once that resource exists, so it finds it.

import type { lookupRegistry } from "../../sdk/lookups/registry";
import {
  type ExampleSetup,
  goldenTemplate,
  indent,
  invokeId,
  type YamlParts,
  yamlInstance,
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
 * A declaration of the examples' own, in TypeScript and in Pulumi YAML (entries of its sections, at their level).
 * A YAML resource is keyed by the TypeScript constant's name and given the TypeScript program's Pulumi name, so
 * `out("nightStop")` is `${nightStop.id}` in YAML (functionExamples.ts finds the key by the resource's type).
 */
const code = (needs: string[], text: string, yaml: YamlParts): Setup => ({ needs, code: text, yaml });
const fromWeb = ["zoneId", "templateId", "serviceOfferingId"];

/**
 * A resource whose one input is another declaration's id (`const dbSnapshot = new cim.InstanceSnapshot(
 * "db-before-upgrade", { instanceId: db.id })`), in both languages from one spelling; the declaration it stands
 * on has the same name in both.
 */
const ofOne = (constant: string, kind: string, name: string, field: string, on: string): Setup =>
  code([on], `const ${constant} = new cim.${kind}("${name}", { ${field}: ${on}.id });`, {
    resources: `${constant}:
  type: cim:index:${kind}
  name: ${name}
  properties:
    ${field}: \${${on}.id}`,
  });

/** The template the getOsType page feeds, its osTypeId the lookup's. */
const golden = goldenTemplate({ ts: "osTypeId", yaml: `\${osTypeId}` });

/** Declarations the examples stand on, by name (the ids catalogue lookups compute are their examples). */
export const SETUPS: Record<string, Setup> = {
  vpc: { shared: "vpc", needs: ["zoneId"] },
  tier: { shared: "tier", needs: ["zoneId", "vpc"] },
  db: { shared: "db", needs: fromWeb },
  mainVpc: code(
    ["zoneId", "vpcOfferingId"],
    `const vpc = new cim.Vpc("main", { zoneId, cidr: "10.1.0.0/16", vpcOfferingId });`,
    {
      resources: `main:
  type: cim:index:Vpc
  properties:
    zoneId: \${zoneId}
    cidr: 10.1.0.0/16
    vpcOfferingId: \${vpcOfferingId}`,
    },
  ),
  webTier: code(
    ["zoneId", "vpc", "networkOfferingId"],
    `new cim.Network("web", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId,
  gateway: "10.1.1.1",
  netmask: "255.255.255.0",
});`,
    {
      resources: `web:
  type: cim:index:Network
  properties:
    zoneId: \${zoneId}
    vpcId: \${main.id}
    networkOfferingId: \${networkOfferingId}
    gateway: 10.1.1.1
    netmask: 255.255.255.0`,
    },
  ),
  golden: code(["zoneId", "osTypeId"], golden.ts, golden.yaml),
  rescue: code(
    ["zoneId", "serviceOfferingId", "diskOfferingId", "isoId"],
    `new cim.Instance("rescue", { zoneId, serviceOfferingId, imageType: "iso", isoId, diskOfferingId, rootDiskSize: 20 });`,
    {
      resources: `rescue:
  type: cim:index:Instance
  properties:
    zoneId: \${zoneId}
    serviceOfferingId: \${serviceOfferingId}
    imageType: iso
    isoId: \${isoId}
    diskOfferingId: \${diskOfferingId}
    rootDiskSize: 20`,
    },
  ),
  backedUpDb: code(
    [...fromWeb, "backupOfferingId"],
    `const db = new cim.Instance("db", { zoneId, templateId, serviceOfferingId, backupOfferingId });`,
    { resources: yamlInstance("db", `backupOfferingId: \${backupOfferingId}`) },
  ),
  backup: code(
    ["backedUpDb"],
    `const backup = new cim.Backup("db-before-upgrade", { instanceId: db.id, description: "before the upgrade" });`,
    {
      resources: `backup:
  type: cim:index:Backup
  name: db-before-upgrade
  properties:
    instanceId: \${db.id}
    description: before the upgrade`,
    },
  ),
  cluster: code(
    ["zoneId", "tier", "kubernetesVersionId"],
    `const cluster = new cim.KubernetesCluster("apps", {
  zoneId,
  kubernetesVersionId,
  serviceOfferingId: cim.getComputeOffering({ name: "Medium" }).then((o) => o.id),
  networkId: tier.id,
  size: 2,
});`,
    {
      resources: `cluster:
  type: cim:index:KubernetesCluster
  name: apps
  properties:
    zoneId: \${zoneId}
    kubernetesVersionId: \${kubernetesVersionId}
    serviceOfferingId:
${indent(invokeId("getComputeOffering", "{ name: Medium }"), 6)}
    networkId: \${tier.id}
    size: 2`,
    },
  ),
  // attached to the db instance: a volume never attached has no storage yet, and no snapshot can be taken of it
  data: { shared: "data", needs: ["zoneId", "diskOfferingId", "db"] },
  note: code(
    ["data"],
    `const note = new cim.Comment("data-owner", { volumeId: data.id, text: "owned by the payments team" });`,
    {
      resources: `note:
  type: cim:index:Comment
  name: data-owner
  properties:
    volumeId: \${data.id}
    text: owned by the payments team`,
    },
  ),
  dataSnapshot: ofOne("dataSnapshot", "VolumeSnapshot", "data-before-upgrade", "volumeId", "data"),
  dbSnapshot: ofOne("dbSnapshot", "InstanceSnapshot", "db-before-upgrade", "instanceId", "db"),
  nightStop: code(
    ["db"],
    `const nightStop = new cim.InstanceSchedule("db-stop-at-night", {
  instanceId: db.id,
  action: "stop",
  schedule: "0 22 * * MON-FRI",
  timezone: "Europe/Berlin",
});`,
    {
      resources: `nightStop:
  type: cim:index:InstanceSchedule
  name: db-stop-at-night
  properties:
    instanceId: \${db.id}
    action: stop
    schedule: "0 22 * * MON-FRI"
    timezone: Europe/Berlin`,
    },
  ),
  group: code([], `const group = new cim.InstanceGroup("web-servers", {});`, {
    resources: `group:
  type: cim:index:InstanceGroup
  name: web-servers`,
  }),
  // the file-system VM needs at least 2 vCPUs and 1024 MB: a Medium offering, not the Small the others use
  share: code(
    ["zoneId", "tier", "diskOfferingId"],
    `const share = new cim.FileSystem("assets", {
  zoneId,
  networkId: tier.id,
  diskOfferingId,
  size: 50,
  serviceOfferingId: cim.getComputeOffering({ name: "Medium" }).then((o) => o.id),
});`,
    {
      resources: `share:
  type: cim:index:FileSystem
  name: assets
  properties:
    zoneId: \${zoneId}
    networkId: \${tier.id}
    diskOfferingId: \${diskOfferingId}
    size: 50
    serviceOfferingId:
${indent(invokeId("getComputeOffering", "{ name: Medium }"), 6)}`,
    },
  ),
  web: code(
    [...fromWeb, "tier"],
    `const web = new cim.Instance("web", { zoneId, templateId, serviceOfferingId, networkIds: [tier.id] });`,
    { resources: yamlInstance("web", `networkIds: ["\${tier.id}"]`) },
  ),
  ip: code(["vpc"], `const ip = new cim.PublicIp("web", { vpcId: vpc.id });`, {
    resources: `ip:
  type: cim:index:PublicIp
  name: web
  properties:
    vpcId: \${main.id}`,
  }),
  nat: code(
    ["ip", "web", "tier"],
    `const nat = new cim.StaticNat("web", { publicIpId: ip.id, instanceId: web.id, networkId: tier.id });`,
    {
      resources: `nat:
  type: cim:index:StaticNat
  name: web
  properties:
    publicIpId: \${ip.id}
    instanceId: \${web.id}
    networkId: \${tier.id}`,
    },
  ),
  lbRule: code(
    ["ip", "tier", "web"],
    `const lbRule = new cim.LoadBalancerRule("web", {
  publicIpId: ip.id,
  networkId: tier.id,
  publicPort: 80,
  privatePort: 8080,
  memberIds: [web.id],
});`,
    {
      resources: `lbRule:
  type: cim:index:LoadBalancerRule
  name: web
  properties:
    publicIpId: \${ip.id}
    networkId: \${tier.id}
    publicPort: 80
    privatePort: 8080
    memberIds: ["\${web.id}"]`,
    },
  ),
  ilb: code(
    ["zoneId", "vpc"],
    `const app = new cim.Network("app", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim.getNetworkOffering({ name: "VPC Tier with Internal LB" }).then((o) => o.id),
  gateway: "10.1.2.1",
  netmask: "255.255.255.0",
});
const ilb = new cim.InternalLoadBalancer("db", { networkId: app.id, sourcePort: 5432, instancePort: 5432 });`,
    {
      resources: `app:
  type: cim:index:Network
  properties:
    zoneId: \${zoneId}
    vpcId: \${main.id}
    networkOfferingId:
${indent(invokeId("getNetworkOffering", "{ name: VPC Tier with Internal LB }"), 6)}
    gateway: 10.1.2.1
    netmask: 255.255.255.0
ilb:
  type: cim:index:InternalLoadBalancer
  name: db
  properties:
    networkId: \${app.id}
    sourcePort: 5432
    instancePort: 5432`,
    },
  ),
  webAcl: code(
    ["vpc"],
    `const webAcl = new cim.NetworkAclList("web", { vpcId: vpc.id, description: "web tier" });`,
    {
      resources: `webAcl:
  type: cim:index:NetworkAclList
  name: web
  properties:
    vpcId: \${main.id}
    description: web tier`,
    },
  ),
  https: code(
    ["webAcl"],
    `const https = new cim.NetworkAclRule("https", {
  aclId: webAcl.id,
  number: 10,
  protocol: "tcp",
  startPort: 443,
  cidrList: ["0.0.0.0/0"],
});`,
    {
      resources: `https:
  type: cim:index:NetworkAclRule
  properties:
    aclId: \${webAcl.id}
    number: 10
    protocol: tcp
    startPort: 443
    cidrList: [0.0.0.0/0]`,
    },
  ),
  link: code(
    ["vpc"],
    `const link = new cim.VpcGateway("dc-link", {
  vpcId: vpc.id,
  ipAddress: "172.16.0.2",
  gateway: "172.16.0.1",
  netmask: "255.255.255.0",
  vlan: 100,
});`,
    {
      resources: `link:
  type: cim:index:VpcGateway
  name: dc-link
  properties:
    vpcId: \${main.id}
    ipAddress: 172.16.0.2
    gateway: 172.16.0.1
    netmask: 255.255.255.0
    vlan: 100`,
    },
  ),
  mesh: code([], `const mesh = new cim.MultiRegionGroup("mesh", { description: "both sites" });`, {
    resources: `mesh:
  type: cim:index:MultiRegionGroup
  properties:
    description: both sites`,
  }),
  meshMember: code(
    ["mesh", "vpc"],
    `const meshMember = new cim.MultiRegionGroupVpc("mesh-fra", { groupId: mesh.id, vpcId: vpc.id });`,
    {
      resources: `meshMember:
  type: cim:index:MultiRegionGroupVpc
  name: mesh-fra
  properties:
    groupId: \${mesh.id}
    vpcId: \${main.id}`,
    },
  ),
  shop: code([], `const shop = new cim.Project("shop", { displayText: "the web shop" });`, {
    resources: `shop:
  type: cim:index:Project
  properties:
    displayText: the web shop`,
  }),
  acmeId: code([], `const acmeId = cim.getTenant({ name: "acme" }).then((tenant) => tenant.id);`, {
    variables: `acmeId:
${indent(invokeId("getTenant", "{ name: acme }"), 2)}`,
  }),
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
