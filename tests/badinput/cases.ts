// The bad-input table: invalid programs and settings, each of which `pulumi preview` must reject with a message
// that names the resource and the field, before any call that changes something. Every check rule of
// provider/kinds/*.ts has a row, plus wrong types, ids of another region, catalogue lookups,
// misspelt fields, bad region ids and bad provider settings (base URL, token, region, audience).
import type { KindName } from "../../provider/kinds";
import { ED25519, PRIVATE_KEY_SHAPE } from "../fixtures/sshKeys";
import type { CatalogueIds } from "../reliability/support";

/** The kinds of the registry (provider/kinds). */
export type Kind = KindName;

export interface Ids extends CatalogueIds {
  /** The same catalogue in the other region (nl-ams-1). */
  other: CatalogueIds;
  /** A well-formed uuid that names nothing. */
  unknown: string;
  /** Another one. */
  unknown2: string;
  /** The default region's id. */
  regionId: string;
  /** An isolated network of the lane's emulator (file systems are served on one). */
  networkId: string;
  /** A VPC tier of the lane's emulator, 10.61.1.0/24, whose offering serves the internal LB. */
  internalLbTierId: string;
  /** That tier's VPC, 10.61.0.0/16, in zone de-fra-1a. */
  vpcId: string;
  /** A public IP of that VPC, serving no tier yet (not its source-NAT address). */
  vpcPublicIpId: string;
  /** An instance named badinput-vm on `networkId`, in zone de-fra-1a. */
  instanceId: string;
}

/** The primary region's other zone (de-fra-1b): `networkId`, the VPC and the instance are in de-fra-1a. */
const otherZone = (i: Ids) =>
  (i.zones as { id: string; name: string }[]).find((z) => z.name === "de-fra-1b")!.id;

/** A tier of the world's VPC (10.61.0.0/16), with `over` changed. */
const tier = (i: Ids, over: Record<string, unknown> = {}) => ({
  zoneId: i.zoneId,
  networkOfferingId: i.vpcTier,
  vpcId: i.vpcId,
  gateway: "10.61.2.1",
  netmask: "255.255.255.0",
  ...over,
});

export interface Settings {
  /** Overrides of the provider's environment (CIM_BASE_URL, CIM_TOKEN, CIM_REGION, CIM_AUDIENCE). */
  env: (ids: Ids, tokens: Tokens) => Record<string, string>;
}

export interface Tokens {
  valid: string;
  expired: string;
  otherAudience: string;
}

/**
 * A load-balancer rule whose ids name nothing, with `over` changed: for rules judged before the lookups (a row that
 * reaches them names records of the world, or it is refused for those ids too).
 */
const lbRule = (i: Ids, over: Record<string, unknown>) => ({
  publicIpId: i.unknown,
  publicPort: 80,
  privatePort: 8080,
  memberIds: [i.unknown2],
  ...over,
});

/** An internal load balancer whose ids name nothing, with `over` changed (see lbRule). */
const internalLb = (i: Ids, over: Record<string, unknown>) => ({
  networkId: i.unknown,
  sourcePort: 5432,
  instancePort: 5432,
  memberIds: [i.unknown2],
  ...over,
});

export interface BadCase {
  name: string;
  kind: Kind;
  args: (ids: Ids) => Record<string, unknown>;
  /** The field the message must name (a config key for settings cases). */
  field: string;
  /** What the message must say. */
  message: RegExp;
  /** Provider settings of this preview (cases about configuration). */
  settings?: Settings;
  /** Deploy these args first (mutations allowed), then preview `args` against the existing resource. */
  existing?: (ids: Ids) => Record<string, unknown>;
  /** Text that must not appear in the output (secret inputs). */
  mustNotShow?: string;
  /** How many rules the row breaks at once, each refused once (default 1). */
  causes?: number;
}

const vm = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  zoneId: ids.zoneId,
  templateId: ids.templateId,
  serviceOfferingId: ids.small,
  ...extra,
});
/** A valid template (check only: the URL is never fetched), with `over` changed. */
const template = (ids: Ids, over: Record<string, unknown> = {}) => ({
  url: "https://images.example.com/golden.qcow2",
  zoneId: ids.zoneId,
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId: ids.template.osTypeId,
  ...over,
});
const without = (o: Record<string, unknown>, key: string) => {
  const { [key]: _drop, ...rest } = o;
  return rest;
};
const gateway = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  vpcId: ids.unknown,
  ipAddress: "172.16.0.2",
  gateway: "172.16.0.1",
  netmask: "255.255.255.0",
  vlan: 100,
  ...extra,
});
const volume = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  zoneId: ids.zoneId,
  diskOfferingId: ids.customDisk,
  size: 10,
  ...extra,
});
const vpc = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  zoneId: ids.zoneId,
  cidr: "10.1.0.0/16",
  vpcOfferingId: ids.vpcOffering,
  ...extra,
});
const network = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  zoneId: ids.zoneId,
  networkOfferingId: ids.isolated,
  ...extra,
});
const fileSystem = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  zoneId: ids.zoneId,
  networkId: ids.networkId,
  diskOfferingId: ids.customDisk,
  size: 10,
  serviceOfferingId: ids.medium,
  ...extra,
});
const aclRule = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  aclId: ids.unknown,
  protocol: "tcp",
  startPort: 22,
  cidrList: ["10.0.0.0/8"],
  ...extra,
});
const schedule = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  instanceId: ids.unknown,
  intervalType: "DAILY",
  schedule: "30:02",
  timezone: "UTC",
  ...extra,
});
const powerSchedule = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  instanceId: ids.unknown,
  action: "stop",
  schedule: "0 22 * * MON-FRI",
  timezone: "Europe/Berlin",
  ...extra,
});
/** A cluster on ids that name nothing (check only), with `extra` changed. */
const cluster = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  zoneId: ids.zoneId,
  kubernetesVersionId: ids.unknown,
  serviceOfferingId: ids.medium,
  networkId: ids.networkId,
  size: 2,
  ...extra,
});
const CLOUD_INIT = "#cloud-config\npackages: [nginx]\n";

export const CASES: BadCase[] = [
  // ------------------------------------------------------------------------------------------ Instance
  {
    name: "instance without zoneId",
    kind: "Instance",
    args: (i) => without(vm(i), "zoneId"),
    field: "zoneId",
    message: /zoneId is required/,
  },
  {
    name: "instance zoneId is a zone name, not an id",
    kind: "Instance",
    args: (i) => vm(i, { zoneId: "de-fra-1a" }),
    field: "zoneId",
    message: /zoneId must be an id \(a UUID\), not a name/,
  },
  {
    name: "instance zone of another region",
    kind: "Instance",
    args: (i) => vm(i, { zoneId: i.other.zoneId }),
    field: "zoneId",
    message: /zoneId \S+ is not a zone of/,
  },
  {
    name: "instance unknown backup offering",
    kind: "Instance",
    args: (i) => vm(i, { backupOfferingId: i.unknown }),
    field: "backupOfferingId",
    message: /backupOfferingId \S+ is not a backup offering of/,
  },
  {
    name: "instance backup offering given by name",
    kind: "Instance",
    args: (i) => vm(i, { backupOfferingId: "Standard" }),
    field: "backupOfferingId",
    message: /backupOfferingId must be an id \(a UUID\), not a name/,
  },
  {
    name: "instance unknown compute offering",
    kind: "Instance",
    args: (i) => vm(i, { serviceOfferingId: i.unknown }),
    field: "serviceOfferingId",
    message: /serviceOfferingId \S+ is not a compute offering/,
  },
  {
    name: "instance compute offering of another region",
    kind: "Instance",
    args: (i) => vm(i, { serviceOfferingId: i.other.small }),
    field: "serviceOfferingId",
    message: /serviceOfferingId \S+ is not a compute offering/,
  },
  {
    name: "instance serviceOfferingId of the wrong type (number)",
    kind: "Instance",
    args: (i) => vm(i, { serviceOfferingId: 42 }),
    field: "serviceOfferingId",
    message: /serviceOfferingId must be a string/,
  },
  {
    name: "instance without templateId",
    kind: "Instance",
    args: (i) => without(vm(i), "templateId"),
    field: "templateId",
    message: /templateId is required/,
  },
  {
    name: "instance unknown template",
    kind: "Instance",
    args: (i) => vm(i, { templateId: i.unknown }),
    field: "templateId",
    message: /templateId \S+ is not a template/,
  },
  {
    name: "instance imageType snapshot without snapshotId",
    kind: "Instance",
    args: (i) => vm(i, { imageType: "snapshot" }),
    field: "snapshotId",
    message: /snapshotId is required when imageType is "snapshot"/,
  },
  {
    name: "instance imageType volume without volumeId",
    kind: "Instance",
    args: (i) => vm(i, { imageType: "volume" }),
    field: "volumeId",
    message: /volumeId is required when imageType is "volume"/,
  },
  {
    name: "instance imageType volume with rootDiskSize",
    kind: "Instance",
    args: (i) => vm(i, { imageType: "volume", volumeId: i.unknown, rootDiskSize: 40 }),
    field: "rootDiskSize",
    message: /rootDiskSize does not apply with imageType "volume"/,
  },
  {
    name: "instance imageType unknown",
    kind: "Instance",
    args: (i) => vm(i, { imageType: "container" }),
    field: "imageType",
    message: /imageType must be "template" \(the default\), "iso", "volume" or "snapshot"/,
  },
  {
    name: "instance ISO image without isoId",
    kind: "Instance",
    args: (i) => vm(i, { templateId: undefined, imageType: "iso", diskOfferingId: i.customDisk }),
    field: "isoId",
    message: /isoId is required when imageType is "iso"/,
  },
  {
    name: "instance ISO image without disk offering",
    kind: "Instance",
    args: (i) => vm(i, { templateId: undefined, imageType: "iso", isoId: i.isoId }),
    field: "diskOfferingId",
    message: /diskOfferingId is required when imageType is "iso": an ISO carries no disk/,
  },
  {
    name: "instance isoId with a template image",
    kind: "Instance",
    args: (i) => vm(i, { isoId: i.isoId }),
    field: "isoId",
    message: /isoId is only used with imageType "iso"/,
  },
  {
    name: "instance unknown ISO",
    kind: "Instance",
    args: (i) =>
      vm(i, {
        templateId: undefined,
        imageType: "iso",
        isoId: i.unknown,
        diskOfferingId: i.customDisk,
        rootDiskSize: 20,
      }),
    field: "isoId",
    message: /isoId \S+ is not an ISO/,
  },
  {
    name: "instance ISO image with a customized disk offering and no rootDiskSize",
    kind: "Instance",
    args: (i) =>
      vm(i, { templateId: undefined, imageType: "iso", isoId: i.isoId, diskOfferingId: i.customDisk }),
    field: "rootDiskSize",
    message: /rootDiskSize is required: root disk offering Custom is customized/,
  },
  {
    name: "instance root disk smaller than the template needs",
    kind: "Instance",
    args: (i) => vm(i, { rootDiskSize: 5 }),
    field: "rootDiskSize",
    message: /rootDiskSize 5 GB is smaller than the 10 GB/,
  },
  {
    name: "instance root disk not a whole number",
    kind: "Instance",
    args: (i) => vm(i, { rootDiskSize: 10.5 }),
    field: "rootDiskSize",
    message: /rootDiskSize must be a whole number of GB/,
  },
  {
    name: "instance root disk as text",
    kind: "Instance",
    args: (i) => vm(i, { rootDiskSize: "20" }),
    field: "rootDiskSize",
    message:
      /rootDiskSize must be a whole number of GB \(it is given as text: give a number; a stack config value is read as one with config\.requireNumber\)/,
  },
  {
    name: "instance flag as text",
    kind: "Instance",
    args: (i) => vm(i, { haEnabled: "true" }),
    field: "haEnabled",
    message:
      /haEnabled .*\(it is given as text: give a boolean; a stack config value is read as one with config\.requireBoolean\)$/,
  },
  {
    name: "instance name with an underscore",
    kind: "Instance",
    args: (i) => vm(i, { name: "web_1" }),
    field: "name",
    message: /name must be a host name/,
  },
  {
    name: "instance name starting with a digit",
    kind: "Instance",
    args: (i) => vm(i, { name: "1web" }),
    field: "name",
    message: /name must be a host name/,
  },
  {
    name: "instance name of 64 characters",
    kind: "Instance",
    args: (i) => vm(i, { name: `w${"e".repeat(63)}` }),
    field: "name",
    message: /name must be a host name: 1-63/,
  },
  {
    name: "instance empty displayName",
    kind: "Instance",
    args: (i) => vm(i, { displayName: "" }),
    field: "displayName",
    message: /displayName must not be empty/,
  },
  {
    name: "instance empty networkIds",
    kind: "Instance",
    args: (i) => vm(i, { networkIds: [] }),
    field: "networkIds",
    message: /networkIds must name at least one network/,
  },
  {
    name: "instance network named twice",
    kind: "Instance",
    args: (i) => vm(i, { networkIds: [i.unknown, i.unknown] }),
    field: "networkIds",
    message: /networkIds must not name a network twice/,
  },
  {
    name: "instance networkIds as comma-separated text",
    kind: "Instance",
    args: (i) => vm(i, { networkIds: `${i.unknown},${i.unknown2}` }),
    field: "networkIds",
    message: /networkIds must be a list of network ids/,
  },
  {
    name: "instance network given by name",
    kind: "Instance",
    args: (i) => vm(i, { networkIds: ["default"] }),
    field: "networkIds",
    message: /networkIds\[0\] must be an id \(a UUID\)/,
  },
  {
    name: "instance on a network that does not exist (plain id)",
    kind: "Instance",
    args: (i) => vm(i, { networkIds: [i.networkId, i.unknown] }),
    field: "networkIds",
    message: /networkIds names no network with id "\S+" in .*\. Create it first \(declare a cim\.Network /,
  },
  {
    name: "instance fixed address on a network not in networkIds",
    kind: "Instance",
    args: (i) =>
      vm(i, {
        networkIds: [i.unknown],
        ipToNetworkList: [{ networkId: i.unknown2, ipAddress: "10.1.1.20" }],
      }),
    field: "ipToNetworkList",
    message:
      /ipToNetworkList names network \S+, which is not among networkIds: the instance is put on networkIds alone, so add the network to networkIds/,
  },
  {
    name: "instance fixed address not IPv4",
    kind: "Instance",
    args: (i) =>
      vm(i, {
        networkIds: [i.unknown],
        ipToNetworkList: [{ networkId: i.unknown, ipAddress: "10.1.1.300" }],
      }),
    field: "ipToNetworkList",
    message: /ipToNetworkList\[0\]\.ipAddress must be an IPv4 address/,
  },
  {
    name: "instance two fixed addresses on one network",
    kind: "Instance",
    args: (i) =>
      vm(i, {
        networkIds: [i.unknown],
        ipToNetworkList: [
          { networkId: i.unknown, ipAddress: "10.1.1.20" },
          { networkId: i.unknown, ipAddress: "10.1.1.21" },
        ],
      }),
    field: "ipToNetworkList",
    message: /ipToNetworkList must fix at most one address per network/,
  },
  {
    name: "instance userData not base64",
    kind: "Instance",
    args: (i) => vm(i, { userData: CLOUD_INIT }),
    field: "userData",
    message: /userData must be base64-encoded/,
    mustNotShow: "packages: [nginx]",
  },
  {
    name: "instance empty userData",
    kind: "Instance",
    args: (i) => vm(i, { userData: "" }),
    field: "userData",
    message: /userData must not be empty/,
  },
  {
    name: "instance userData at the request's ceiling",
    kind: "Instance",
    args: (i) => vm(i, { userData: "QUJD".repeat(262_144) }),
    field: "userData",
    message:
      /userData must be under 1,048,576 characters of base64, the most the platform takes in a request \(its own limit, vm\.userdata\.max\.length, is 32,768 unless raised\); this is 1,048,576: gzip/,
    // no mustNotShow: a megabyte of text cannot go through the CLI's arguments; the message shows its length alone
  },
  {
    name: "instance several SSH keys",
    kind: "Instance",
    args: (i) => vm(i, { sshKeyNames: ["ops", "deploy"] }),
    field: "sshKeyNames",
    message: /sshKeyNames may name one SSH key pair only/,
  },
  {
    name: "instance powerState paused",
    kind: "Instance",
    args: (i) => vm(i, { powerState: "paused" }),
    field: "powerState",
    message: /powerState must be "running" \(the default\) or "stopped"/,
  },
  {
    name: "instance haEnabled as text",
    kind: "Instance",
    args: (i) => vm(i, { haEnabled: "yes" }),
    field: "haEnabled",
    message: /haEnabled must be true or false/,
  },
  {
    name: "instance hypervisor of 65 characters",
    kind: "Instance",
    args: (i) => vm(i, { hypervisor: "k".repeat(65) }),
    field: "hypervisor",
    message: /hypervisor must be at most 64 characters/,
  },
  {
    name: "instance tag value not text",
    kind: "Instance",
    args: (i) => vm(i, { tags: { env: 1 } }),
    field: "tags",
    message: /tags\.env values must be strings/,
  },
  {
    name: "instance tag key of 129 characters",
    kind: "Instance",
    args: (i) => vm(i, { tags: { ["k".repeat(129)]: "v" } }),
    field: "tags",
    message: /keys must be at most 128 characters/,
  },
  {
    name: "instance tags as a list",
    kind: "Instance",
    args: (i) => vm(i, { tags: ["env=prod"] }),
    field: "tags",
    message: /tags must be a map of text keys to text values/,
  },
  {
    name: "instance timeout that is not a duration",
    kind: "Instance",
    args: (i) => vm(i, { timeouts: { create: "soon" } }),
    field: "timeouts",
    message: /timeouts\.create must be a positive number of milliseconds or a duration/,
  },
  {
    name: "instance timeout for an unknown operation",
    kind: "Instance",
    args: (i) => vm(i, { timeouts: { creat: "5m" } }),
    field: "timeouts",
    message: /timeouts\.creat is not an operation: use create, update or delete/,
  },
  {
    name: "instance timeouts as text",
    kind: "Instance",
    args: (i) => vm(i, { timeouts: "10m" }),
    field: "timeouts",
    message: /timeouts must be an object/,
  },
  {
    name: "instance region given by name",
    kind: "Instance",
    args: (i) => vm(i, { region: "de-fra-1" }),
    field: "region",
    message: /region must be an id \(a UUID\), not a name/,
  },
  {
    name: "instance region that does not exist",
    kind: "Instance",
    args: (i) => vm(i, { region: i.unknown }),
    field: "region",
    message: /region .*(unknown|not a region|no region|does not exist)/i,
  },
  {
    name: "instance adoptId not an id",
    kind: "Instance",
    args: (i) => vm(i, { adoptId: "web-1" }),
    field: "adoptId",
    message: /adoptId must be an id \(a UUID\)/,
  },
  {
    name: "instance misspelt required field (zoneID)",
    kind: "Instance",
    args: (i) => ({ ...without(vm(i), "zoneId"), zoneID: i.zoneId }),
    field: "zoneID",
    // one message: the misspelling, naming the input it was meant as (not also "zoneId is required")
    message: /zoneID is not an input of this resource \(did you mean zoneId\?\)/,
  },
  {
    name: "instance misspelt optional field (displayNmae)",
    kind: "Instance",
    args: (i) => vm(i, { displayNmae: "web" }),
    field: "displayNmae",
    message: /displayNmae.*(unknown|not an input|misspelt|did you mean)/i,
  },
  {
    name: "instance misspelt optional field (deleteProtecton)",
    kind: "Instance",
    args: (i) => vm(i, { deleteProtecton: true }),
    field: "deleteProtecton",
    message: /deleteProtecton.*(unknown|not an input|misspelt|did you mean)/i,
  },

  // -------------------------------------------------------------------------------------------- Volume
  {
    name: "volume attached to an instance that does not exist (plain id)",
    kind: "Volume",
    args: (i) => volume(i, { instanceId: i.unknown }),
    field: "instanceId",
    message: /instanceId names no instance with id "\S+" in .*cim\.Instance/,
  },
  {
    name: "volume restored from a snapshot that does not exist (plain id)",
    kind: "Volume",
    args: (i) => volume(i, { snapshotId: i.unknown }),
    field: "snapshotId",
    message: /snapshotId names no volume snapshot with id "\S+" in .*cim\.VolumeSnapshot/,
  },
  {
    name: "volume size 0",
    kind: "Volume",
    args: (i) => volume(i, { size: 0 }),
    field: "size",
    message: /size must be at least 1 GB/,
  },
  {
    name: "volume size as text",
    kind: "Volume",
    args: (i) => volume(i, { size: "10" }),
    field: "size",
    message: /size must be a whole number of GB/,
  },
  {
    name: "volume customized offering without size",
    kind: "Volume",
    args: (i) => without(volume(i), "size"),
    field: "size",
    message: /size is required: disk offering Custom is customized/,
  },
  {
    name: "volume size against a fixed-size offering",
    kind: "Volume",
    args: (i) => volume(i, { diskOfferingId: i.fixedDisk.id, size: i.fixedDisk.diskSizeGb + 10 }),
    field: "size",
    message: /size \d+ GB does not match disk offering/,
  },
  {
    name: "volume unknown disk offering",
    kind: "Volume",
    args: (i) => volume(i, { diskOfferingId: i.unknown }),
    field: "diskOfferingId",
    message: /diskOfferingId \S+ is not a disk offering/,
  },
  {
    name: "volume larger than the platform makes",
    kind: "Volume",
    args: (i) => volume(i, { size: 20_000 }),
    field: "size",
    message: /size must be at most 16384 GB/,
  },
  {
    name: "volume empty name",
    kind: "Volume",
    args: (i) => volume(i, { name: "" }),
    field: "name",
    message: /name must not be empty/,
  },
  {
    name: "volume instanceId not an id",
    kind: "Volume",
    args: (i) => volume(i, { instanceId: "db" }),
    field: "instanceId",
    message: /instanceId must be an id \(a UUID\)/,
  },
  {
    name: "volume zone of another region",
    kind: "Volume",
    args: (i) => volume(i, { zoneId: i.other.zoneId }),
    field: "zoneId",
    message: /zoneId \S+ is not a zone of/,
  },
  // ------------------------------------------------- what the API would refuse, judged on live records
  {
    name: "instance on a network of another zone",
    kind: "Instance",
    args: (i) => vm(i, { zoneId: otherZone(i), networkIds: [i.networkId] }),
    field: "networkIds",
    message:
      /which is in zone de-fra-1a, not in the instance's zone \S+: an instance's networks must be in its zone/,
  },
  {
    name: "instance moved to a zone its network is not in",
    kind: "Instance",
    existing: (i) => vm(i, { name: "badinput-mover", networkIds: [i.networkId] }),
    args: (i) => vm(i, { name: "badinput-mover", networkIds: [i.networkId], zoneId: otherZone(i) }),
    field: "networkIds",
    message: /not in the instance's zone \S+: an instance's networks must be in its zone/,
  },
  {
    name: "instance with a fixed address outside its network's range",
    kind: "Instance",
    args: (i) =>
      vm(i, {
        networkIds: [i.networkId],
        ipToNetworkList: [{ networkId: i.networkId, ipAddress: "10.9.9.9" }],
      }),
    field: "ipToNetworkList",
    message:
      /ipToNetworkList fixes 10\.9\.9\.9 on network badinput-net \(\S+\), whose range is 10\.1\.1\.0\/24: a fixed address must be a host address of its network's range/,
  },
  {
    name: "instance host name another instance has",
    kind: "Instance",
    args: (i) => vm(i, { name: "BadInput-VM" }),
    field: "name",
    message:
      /name "BadInput-VM" is taken: instance \S+ \(state Running\) has that host name, and host names are unique in a region \(the API refuses a second\)\. If another cim\.Instance of this stack holds it \(a rename\), give this one the old name in its `aliases` option \(in Pulumi YAML, the old resource's URN\), or remove the old one in an up of its own first; for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next \(or `pulumi destroy --target` it first, which deletes what depends on it too\); if a `pulumi up` stopped while making this one, `npx pulumi-cim recover` records what it made; else choose another name, or adopt that instance with adoptId/,
  },
  {
    name: "instance adoption whose zone differs from the program's",
    kind: "Instance",
    args: (i) => vm(i, { zoneId: otherZone(i), adoptId: i.instanceId }),
    field: "zoneId",
    message: /zoneId "\S+" differs from the adopted instance \S+'s "\S+": zoneId cannot change in place/,
  },
  {
    name: "file system on a network of another zone",
    kind: "FileSystem",
    args: (i) => fileSystem(i, { zoneId: otherZone(i) }),
    field: "networkId",
    message:
      /which is in zone de-fra-1a, not in the file system's zone \S+: a file system's network must be in its zone/,
  },
  {
    name: "Kubernetes cluster on a network of another zone",
    kind: "KubernetesCluster",
    args: (i) =>
      cluster(i, {
        zoneId: otherZone(i),
        kubernetesVersionId: i.kubernetesVersionId,
        networkId: i.networkId,
      }),
    field: "networkId",
    message: /not in the cluster's zone \S+: a cluster's network must be in its zone/,
  },
  {
    name: "SSH key pair name another key pair has",
    kind: "SshKeyPair",
    args: () => ({ name: "badinput-key", publicKey: ED25519 }),
    field: "name",
    message:
      /name "badinput-key" is taken: SSH key pair \S+ has that name, and key pair names are unique per account in a region \(the API refuses a second\)\. If another cim\.SshKeyPair of this stack holds it \(a rename\), give this one the old name in its `aliases` option \(in Pulumi YAML, the old resource's URN\), or remove the old one in an up of its own first; for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next \(or `pulumi destroy --target` it first, which deletes what depends on it too\); if a `pulumi up` stopped while making this one, `npx pulumi-cim recover` records what it made; else choose another name, adopt that key pair with adoptId if it holds this publicKey, or delete it first if it is a stray \(DELETE \/api\/v1\/ssh-keypairs\/\{id\}, with the id above\)/,
  },
  {
    name: "instance group name another group has",
    kind: "InstanceGroup",
    args: () => ({ name: "badinput-group" }),
    field: "name",
    message:
      /name "badinput-group" is taken: instance group \S+ has that name, .*\. If another cim\.InstanceGroup of this stack holds it \(a rename\), give this one the old name in its `aliases` option \(in Pulumi YAML, the old resource's URN\), or remove the old one in an up of its own first; for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next \(or `pulumi destroy --target` it first, which deletes what depends on it too\); if a `pulumi up` stopped while making this one, `npx pulumi-cim recover` records what it made; else choose another name, or adopt that instance group with adoptId/,
  },
  {
    name: "VPC tier overlapping another tier of its VPC",
    kind: "Network",
    args: (i) => tier(i, { gateway: "10.61.1.129", netmask: "255.255.255.128" }),
    field: "gateway",
    message:
      /range 10\.61\.1\.128\/25, which overlaps tier badinput-ilb-tier \(\S+, 10\.61\.1\.0\/24\) of VPC \S+: the tiers of a VPC may not overlap\. If another cim\.Network of this stack holds it \(a rename\), give this one the old name in its `aliases` option \(in Pulumi YAML, the old resource's URN\), or remove the old one in an up of its own first; for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next \(or `pulumi destroy --target` it first, which deletes what depends on it too\); if a `pulumi up` stopped while making this one, `npx pulumi-cim recover` records what it made; else pick a free range of the VPC/,
  },
  {
    name: "VPC tier whose aclId names no network ACL list (plain id)",
    kind: "Network",
    args: (i) => tier(i, { aclId: i.zoneId }),
    field: "aclId",
    message: /aclId names no network ACL list with id "\S+" in .*cim\.NetworkAclList/,
  },
  {
    name: "VPC tier outside its VPC's range",
    kind: "Network",
    args: (i) => tier(i, { gateway: "10.62.0.1" }),
    field: "gateway",
    message:
      /has the range 10\.61\.0\.0\/16: the tier's range 10\.62\.0\.0\/24 \(gateway and netmask\) is not inside it/,
  },
  {
    name: "VPC tier in another zone than its VPC",
    kind: "Network",
    args: (i) => tier(i, { zoneId: otherZone(i) }),
    field: "zoneId",
    message: /which is in zone de-fra-1a, not in zone \S+: a tier is in its VPC's zone/,
  },
  {
    name: "volume shrinking an existing volume",
    kind: "Volume",
    existing: (i) => volume(i, { size: 20 }),
    args: (i) => volume(i, { size: 10 }),
    field: "size",
    message: /size cannot shrink \(20 GB → 10 GB\)/,
  },
  {
    name: "volume moved to a smaller fixed disk offering",
    kind: "Volume",
    existing: (i) => volume(i, { size: 30 }),
    args: (i) => without(volume(i, { diskOfferingId: i.fixedDisk.id }), "size"),
    field: "diskOfferingId",
    message: /a fixed \d+ GB\) would shrink the volume \(30 GB → \d+ GB\): volumes only grow/,
  },

  // ----------------------------------------------------------------------------------------------- VPC
  {
    name: "vpc without cidr",
    kind: "Vpc",
    args: (i) => without(vpc(i), "cidr"),
    field: "cidr",
    message: /cidr is required/,
  },
  {
    name: "vpc cidr prefix /33",
    kind: "Vpc",
    args: (i) => vpc(i, { cidr: "10.1.0.0/33" }),
    field: "cidr",
    message: /cidr must be an IPv4 range in CIDR notation/,
  },
  {
    name: "vpc cidr with host bits set",
    kind: "Vpc",
    args: (i) => vpc(i, { cidr: "10.1.2.3/16" }),
    field: "cidr",
    message: /cidr must be written as its network address: 10\.1\.0\.0\/16/,
  },
  {
    name: "vpc cidr without prefix",
    kind: "Vpc",
    args: (i) => vpc(i, { cidr: "10.1.0.0" }),
    field: "cidr",
    message: /cidr must be an IPv4 range in CIDR notation/,
  },
  {
    name: "vpc cidr that is not an address",
    kind: "Vpc",
    args: (i) => vpc(i, { cidr: "ten.one.zero.zero/16" }),
    field: "cidr",
    message: /cidr must be an IPv4 range in CIDR notation/,
  },
  {
    name: "vpc unknown VPC offering",
    kind: "Vpc",
    args: (i) => vpc(i, { vpcOfferingId: i.unknown }),
    field: "vpcOfferingId",
    message: /vpcOfferingId \S+ is not a VPC offering/,
  },
  {
    name: "vpc empty networkDomain",
    kind: "Vpc",
    args: (i) => vpc(i, { networkDomain: "" }),
    field: "networkDomain",
    message: /networkDomain must not be empty/,
  },
  {
    name: "vpc cidr outside the private ranges",
    kind: "Vpc",
    args: (i) => vpc(i, { cidr: "8.8.0.0/16" }),
    field: "cidr",
    message:
      /cidr must be a private range \(inside 10\.0\.0\.0\/8, 172\.16\.0\.0\/12 or 192\.168\.0\.0\/16\)/,
  },

  // ------------------------------------------------------------------------------------------- Network
  {
    name: "network gateway without netmask",
    kind: "Network",
    args: (i) => network(i, { gateway: "10.1.1.1" }),
    field: "netmask",
    message: /gateway and netmask go together: give both or neither/,
  },
  {
    name: "network netmask as a prefix length",
    kind: "Network",
    args: (i) => network(i, { gateway: "10.1.1.1", netmask: "24" }),
    field: "netmask",
    message: /netmask must be an IPv4 address/,
  },
  {
    name: "VPC tier whose vpcId names no VPC (plain id)",
    kind: "Network",
    args: (i) => tier(i, { vpcId: i.unknown }),
    field: "vpcId",
    message: /vpcId names no VPC with id "\S+" in .*cim\.Vpc/,
  },
  {
    name: "network netmask that is not contiguous",
    kind: "Network",
    args: (i) => network(i, { gateway: "10.1.1.1", netmask: "255.0.255.0" }),
    field: "netmask",
    message: /netmask must be a contiguous netmask/,
  },
  {
    name: "network gateway that is the network address",
    kind: "Network",
    args: (i) => network(i, { gateway: "10.1.1.0", netmask: "255.255.255.0" }),
    field: "gateway",
    message: /gateway 10\.1\.1\.0 is not a host address of 10\.1\.1\.0\/24/,
  },
  {
    name: "network gateway not IPv4",
    kind: "Network",
    args: (i) => network(i, { gateway: "10.1.1.999", netmask: "255.255.255.0" }),
    field: "gateway",
    message: /gateway must be an IPv4 address/,
  },
  {
    name: "network VPC-tier offering without vpcId",
    kind: "Network",
    args: (i) => network(i, { networkOfferingId: i.vpcTier }),
    field: "networkOfferingId",
    message: /network offering VPC Tier is for VPC tiers: set vpcId/,
  },
  {
    name: "network isolated offering for a VPC tier",
    kind: "Network",
    args: (i) => network(i, { vpcId: i.vpcId, gateway: "10.61.3.1", netmask: "255.255.255.0" }),
    field: "networkOfferingId",
    message: /cannot be used for a VPC tier/,
  },
  {
    name: "network vpcId not an id",
    kind: "Network",
    args: (i) => tier(i, { vpcId: "main" }),
    field: "vpcId",
    message: /vpcId must be an id \(a UUID\)/,
  },
  {
    name: "network unknown network offering",
    kind: "Network",
    args: (i) => network(i, { networkOfferingId: i.unknown }),
    field: "networkOfferingId",
    message: /networkOfferingId \S+ is not a network offering/,
  },
  {
    name: "network range smaller than /29",
    kind: "Network",
    args: (i) => network(i, { gateway: "10.1.1.1", netmask: "255.255.255.252" }),
    field: "netmask",
    message: /netmask 255\.255\.255\.252 \(\/30\) is outside what the platform takes for a network/,
  },
  {
    name: "network VPC tier without gateway and netmask",
    kind: "Network",
    args: (i) => network(i, { networkOfferingId: i.vpcTier, vpcId: i.vpcId }),
    field: "gateway",
    message: /gateway and netmask are required for a VPC tier/,
  },

  // ---------------------------------------------------------------------------------------------- Tags
  {
    name: "tags resourceType with a space",
    kind: "Tags",
    args: (i) => ({ resourceType: "Public IP", resourceId: i.unknown, tags: { env: "prod" } }),
    field: "resourceType",
    message:
      /resourceType is no resource type the API knows .*"Invalid resource type Public IP".* PublicIpAddress/,
  },
  {
    name: "tags resourceType the API takes no tags on",
    kind: "Tags",
    args: (i) => ({ resourceType: "NetworkACLList", resourceId: i.unknown, tags: { env: "prod" } }),
    field: "resourceType",
    message:
      /resourceType names a resource type the API takes no tags on .*"The resource type NetworkACLList doesn't support resource tags"/,
  },
  {
    name: "tags without resourceId",
    kind: "Tags",
    args: () => ({ resourceType: "Template", tags: { env: "prod" } }),
    field: "resourceId",
    message: /resourceId is required/,
  },
  {
    name: "tags given as text",
    kind: "Tags",
    args: (i) => ({ resourceType: "Template", resourceId: i.unknown, tags: "env=prod" }),
    field: "tags",
    message: /tags must be a map of text keys to text values/,
  },

  // ------------------------------------------------------------------------------------ BackupSchedule
  {
    name: "backup schedule instanceId not an id",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { instanceId: "db" }),
    field: "instanceId",
    message: /instanceId must be an id \(a UUID\)/,
  },
  {
    name: "backup schedule empty intervalType",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { intervalType: "" }),
    field: "intervalType",
    message: /intervalType must be one of HOURLY, DAILY, WEEKLY, MONTHLY/,
  },
  {
    name: "backup schedule intervalType the platform has not",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { instanceId: i.instanceId, intervalType: "fortnightly" }),
    field: "intervalType",
    message: /intervalType must be one of HOURLY, DAILY, WEEKLY, MONTHLY/,
  },
  {
    name: "backup schedule WEEKLY with a day of the week out of range",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { instanceId: i.instanceId, intervalType: "WEEKLY", schedule: "00:03:9" }),
    field: "schedule",
    message:
      /schedule "00:03:9" does not fit intervalType WEEKLY \(the day field "9" is not a number from 1 to 7\): it takes MM:HH:D \(minute:hour:day of the week, 1 = Sunday to 7\), e\.g\. "30:02:1"/,
  },
  {
    name: "backup schedule DAILY at hour 25",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { instanceId: i.instanceId, intervalType: "DAILY", schedule: "30:25" }),
    field: "schedule",
    message:
      /schedule "30:25" does not fit intervalType DAILY \(the hour field "25" is not a number from 0 to 23\)/,
  },
  {
    name: "backup schedule MONTHLY without its day",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { instanceId: i.instanceId, intervalType: "monthly", schedule: "00:03" }),
    field: "schedule",
    message: /schedule "00:03" does not fit intervalType MONTHLY \(it has 2 field\(s\)\): it takes MM:HH:DD/,
  },
  {
    name: "backup schedule without schedule",
    kind: "BackupSchedule",
    args: (i) => without(schedule(i), "schedule"),
    field: "schedule",
    message: /schedule is required/,
  },
  {
    name: "backup schedule timezone that is no IANA name",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { timezone: "Europe/Atlantis" }),
    field: "timezone",
    message: /timezone must be an IANA time zone name, e\.g\. "Europe\/Berlin" or "UTC"/,
  },
  {
    name: "backup schedule timezone of 65 characters",
    kind: "BackupSchedule",
    args: (i) => schedule(i, { timezone: "Z".repeat(65) }),
    field: "timezone",
    message: /timezone must be at most 64 characters/,
  },

  {
    name: "backup schedule of an instance that does not exist (plain id)",
    kind: "BackupSchedule",
    args: (i) => schedule(i),
    field: "instanceId",
    message: /instanceId names no instance with id "\S+" in .*cim\.Instance/,
  },

  // -------------------------------------------------------------------------------------------- Backup
  {
    name: "backup instanceId not an id",
    kind: "Backup",
    args: () => ({ instanceId: "db" }),
    field: "instanceId",
    message: /instanceId must be an id \(a UUID\)/,
  },
  {
    name: "backup without instanceId",
    kind: "Backup",
    args: () => ({ description: "nightly" }),
    field: "instanceId",
    message: /instanceId is required/,
  },
  {
    name: "backup of an instance that does not exist (plain id)",
    kind: "Backup",
    args: (i) => ({ instanceId: i.unknown }),
    field: "instanceId",
    message: /instanceId names no instance with id/,
  },
  {
    name: "backup description of 1025 characters",
    kind: "Backup",
    args: (i) => ({ instanceId: i.unknown, description: "d".repeat(1025) }),
    field: "description",
    message: /description must be at most 1024 characters/,
  },

  // ---------------------------------------------------------------------------------- InstanceSchedule
  {
    name: "instance schedule cron of four fields",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { schedule: "0 22 * *" }),
    field: "schedule",
    message: /schedule must be a cron schedule of five fields: expected minute hour/,
  },
  {
    name: "instance schedule hour 25",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { schedule: "0 25 * * *" }),
    field: "schedule",
    message: /the hour field "25" is not a value or range of 0-23/,
  },
  {
    name: "instance schedule unknown time zone",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { timezone: "Europe/Atlantis" }),
    field: "timezone",
    message: /timezone must be an IANA time zone name/,
  },
  {
    name: "instance schedule end before start",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { startDate: "2099-02-01T00:00:00Z", endDate: "2099-01-01T00:00:00Z" }),
    field: "endDate",
    message: /endDate \S+ is before startDate \S+: a schedule must end after it starts/,
  },
  {
    name: "instance schedule unknown action",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { action: "hibernate" }),
    field: "action",
    message: /action must be one of start, stop, reboot, force_stop, force_reboot/,
  },
  {
    name: "instance schedule starting in the past",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { instanceId: i.instanceId, startDate: "2024-01-01T00:00:00Z" }),
    field: "startDate",
    message:
      /startDate 2024-01-01T00:00:00Z is in the past, and the API refuses a new schedule that starts before now/,
  },
  {
    name: "instance schedule start date not a date",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i, { startDate: "next monday" }),
    field: "startDate",
    message: /startDate must be when the schedule starts: an ISO 8601 date and time/,
  },
  {
    name: "instance schedule of an instance that does not exist (plain id)",
    kind: "InstanceSchedule",
    args: (i) => powerSchedule(i),
    field: "instanceId",
    message: /instanceId names no instance with id/,
  },

  // ---------------------------------------------------------------------------------------- SshKeyPair
  {
    name: "ssh key pair malformed public key",
    kind: "SshKeyPair",
    args: () => ({ publicKey: "ssh-ed25519 AAAA-not-a-key" }),
    field: "publicKey",
    message: /publicKey has key data that is not a ssh-ed25519 key/,
  },
  {
    name: "ssh key pair of an unknown key type",
    kind: "SshKeyPair",
    args: () => ({ publicKey: "ssh-foo AAAAC3NzaC1lZDI1NTE5 me@host" }),
    field: "publicKey",
    message: /publicKey must be an OpenSSH public key line/,
  },
  {
    name: "ssh key pair given a private key",
    kind: "SshKeyPair",
    args: () => ({ publicKey: PRIVATE_KEY_SHAPE }),
    field: "publicKey",
    message: /publicKey is a private key: give the public key/,
    mustNotShow: "bm90IGEga2V5LCBqdXN0IGl0cyBzaGFwZQ",
  },
  {
    name: "ssh key pair without publicKey",
    kind: "SshKeyPair",
    args: () => ({ name: "ops" }),
    field: "publicKey",
    message: /publicKey is required/,
  },
  {
    name: "ssh key pair empty name",
    kind: "SshKeyPair",
    args: () => ({ name: "", publicKey: ED25519 }),
    field: "name",
    message: /name must not be empty/,
  },
  {
    name: "ssh key pair name of 256 characters",
    kind: "SshKeyPair",
    args: () => ({ name: "k".repeat(256), publicKey: ED25519 }),
    field: "name",
    message: /name must be at most 255 characters/,
  },
  {
    name: "instance sshKeyNames naming a key pair that is not registered",
    kind: "Instance",
    args: (i) => vm(i, { sshKeyNames: ["no-such-key"] }),
    field: "sshKeyNames",
    message: /sshKeyNames names no SSH key pair named "no-such-key"/,
  },

  // ------------------------------------------------------------------------- NetworkAclList, NetworkAclRule
  {
    name: "network ACL list named as a default list",
    kind: "NetworkAclList",
    args: (i) => ({ name: "default_allow", vpcId: i.unknown }),
    field: "name",
    message: /name is the name of one of the VPC's default lists .* cim.getNetworkAclList/,
  },
  {
    name: "network ACL list without vpcId",
    kind: "NetworkAclList",
    args: () => ({ name: "web" }),
    field: "vpcId",
    message: /vpcId is required: the VPC the list belongs to/,
  },
  {
    name: "network ACL rule in a list that does not exist (plain id)",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i),
    field: "aclId",
    message: /aclId names no network ACL list with id "\S+" in .*cim\.NetworkAclList/,
  },
  {
    name: "network ACL rule port above 65535",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { startPort: 22, endPort: 70000 }),
    field: "endPort",
    message: /endPort must be from 1 to 65535/,
  },
  {
    name: "network ACL rule start port above end port",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { startPort: 443, endPort: 80 }),
    field: "endPort",
    message: /endPort 80 is below startPort 443/,
  },
  {
    name: "network ACL rule ports on an icmp rule",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { protocol: "icmp", startPort: 22 }),
    field: "startPort",
    message: /startPort applies to tcp and udp rules only \(protocol is icmp\)/,
  },
  {
    name: "network ACL rule ICMP type on a tcp rule",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { icmpType: 8 }),
    field: "icmpType",
    message: /icmpType applies to icmp rules only \(protocol is tcp\)/,
  },
  {
    name: "network ACL rule ICMP code out of range",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { protocol: "icmp", icmpType: 3, icmpCode: 99 }),
    field: "icmpCode",
    message: /icmpCode must be from -1 to 16/,
  },
  {
    name: "network ACL rule unknown protocol",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { protocol: "gre" }),
    field: "protocol",
    message: /protocol must be one of tcp, udp, icmp, all/,
  },
  {
    name: "network ACL rule protocol number above 255",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { protocol: "256", startPort: undefined }),
    field: "protocol",
    message: /protocol must be from 0 to 255 as a protocol number/,
  },
  {
    name: "network ACL rule CIDR not written as its network address",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { cidrList: ["10.0.0.7/8"] }),
    field: "cidrList",
    message: /cidrList.*must be written as its network address: 10.0.0.0\/8/,
  },
  {
    name: "network ACL rule without CIDRs",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { cidrList: [] }),
    field: "cidrList",
    message: /cidrList must name at least one CIDR/,
  },
  {
    name: "network ACL rule unknown action",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { action: "reject" }),
    field: "action",
    message: /action must be allow or deny/,
  },
  {
    name: "network ACL rule unknown traffic type",
    kind: "NetworkAclRule",
    args: (i) => aclRule(i, { trafficType: "inbound" }),
    field: "trafficType",
    message: /trafficType must be ingress or egress/,
  },
  {
    name: "network ACL on an isolated network",
    kind: "Network",
    args: (i) => network(i, { aclId: i.unknown }),
    field: "aclId",
    message: /a network ACL list applies to VPC tiers only/,
  },
  // ------------------------------------------------------------------------------------------ PublicIp
  {
    name: "public IP for neither a network nor a VPC",
    kind: "PublicIp",
    args: () => ({ tags: { role: "web" } }),
    field: "networkId",
    message: /networkId or vpcId is required: an address is acquired for an isolated network or a VPC/,
  },
  {
    name: "public IP for both a network and a VPC",
    kind: "PublicIp",
    args: (i) => ({ networkId: i.unknown, vpcId: i.unknown2 }),
    field: "vpcId",
    message: /give exactly one of networkId and vpcId/,
  },
  {
    name: "public IP naming its network by name",
    kind: "PublicIp",
    args: () => ({ networkId: "web-tier" }),
    field: "networkId",
    message: /networkId must be an id \(a UUID\), not a name/,
  },
  {
    name: "public IP in a zone of another region",
    kind: "PublicIp",
    args: (i) => ({ vpcId: i.vpcId, zoneId: i.other.zoneId }),
    // the VPC is not in that zone either
    causes: 2,
    field: "zoneId",
    message: /zoneId \S+ is not a zone of/,
  },

  // ----------------------------------------------------------------------------------------- StaticNat
  {
    name: "static NAT without an instance",
    kind: "StaticNat",
    args: (i) => ({ publicIpId: i.unknown }),
    field: "instanceId",
    message: /instanceId is required: the instance the address maps onto/,
  },
  {
    name: "static NAT naming its public IP by address",
    kind: "StaticNat",
    args: (i) => ({ publicIpId: "198.18.0.7", instanceId: i.unknown }),
    field: "publicIpId",
    message: /publicIpId must be an id \(a UUID\), not a name/,
  },
  {
    name: "static NAT with a network name",
    kind: "StaticNat",
    args: (i) => ({ publicIpId: i.unknown, instanceId: i.unknown2, networkId: "web" }),
    field: "networkId",
    message: /networkId must be an id \(a UUID\), not a name/,
  },

  // ------------------------------------------------------------------------ VolumeSnapshot, InstanceSnapshot
  {
    name: "volume snapshot without volumeId",
    kind: "VolumeSnapshot",
    args: () => ({ name: "nightly" }),
    field: "volumeId",
    message: /volumeId is required/,
  },
  {
    name: "volume snapshot naming its volume by name",
    kind: "VolumeSnapshot",
    args: () => ({ volumeId: "data" }),
    field: "volumeId",
    message: /volumeId must be an id \(a UUID\), not a name/,
  },
  {
    name: "volume snapshot of a volume that does not exist (plain id)",
    kind: "VolumeSnapshot",
    args: (i) => ({ name: "nightly", volumeId: i.unknown }),
    field: "volumeId",
    message: /volumeId names no volume with id "\S+" in .*cim\.Volume/,
  },
  {
    name: "volume snapshot name of 256 characters",
    kind: "VolumeSnapshot",
    args: (i) => ({ name: "s".repeat(256), volumeId: i.unknown }),
    field: "name",
    message: /name must be at most 255 characters/,
  },
  {
    name: "instance snapshot without instanceId",
    kind: "InstanceSnapshot",
    args: () => ({ memory: true }),
    field: "instanceId",
    message: /instanceId is required/,
  },
  {
    name: "instance snapshot memory as text",
    kind: "InstanceSnapshot",
    args: (i) => ({ instanceId: i.unknown, memory: "yes" }),
    field: "memory",
    message: /memory must be true or false/,
  },
  {
    name: "instance snapshot of an instance that does not exist (plain id)",
    kind: "InstanceSnapshot",
    args: (i) => ({ instanceId: i.unknown }),
    field: "instanceId",
    message: /instanceId names no instance with id "\S+" in .*cim\.Instance/,
  },
  {
    name: "instance snapshot description of 256 characters",
    kind: "InstanceSnapshot",
    args: (i) => ({ instanceId: i.unknown, description: "d".repeat(256) }),
    field: "description",
    message: /description must be at most 255 characters/,
  },
  // ---------------------------------------------------------------------------------------- VpcGateway
  {
    name: "VPC gateway with an address outside the gateway's subnet",
    kind: "VpcGateway",
    args: (i) => gateway(i, { ipAddress: "172.16.1.2" }),
    field: "ipAddress",
    message:
      /ipAddress 172\.16\.1\.2 is not a host address of 172\.16\.0\.0\/24, the subnet of gateway 172\.16\.0\.1/,
  },
  {
    name: "VPC gateway whose address is the gateway's",
    kind: "VpcGateway",
    args: (i) => gateway(i, { ipAddress: "172.16.0.1" }),
    field: "ipAddress",
    message: /is the gateway's own address/,
  },
  {
    name: "VPC gateway with a netmask that is not contiguous",
    kind: "VpcGateway",
    args: (i) => gateway(i, { netmask: "255.0.255.0" }),
    field: "netmask",
    message: /must be a contiguous netmask/,
  },
  {
    name: "VPC gateway with a gateway that is not an IPv4 address",
    kind: "VpcGateway",
    args: (i) => gateway(i, { gateway: "172.16.0" }),
    field: "gateway",
    message: /must be an IPv4 address/,
  },
  {
    name: "VPC gateway on VLAN 4095",
    kind: "VpcGateway",
    args: (i) => gateway(i, { vlan: 4095 }),
    field: "vlan",
    message: /must be from 1 to 4094/,
  },
  {
    name: "VPC gateway without a VLAN",
    kind: "VpcGateway",
    args: (i) => without(gateway(i), "vlan"),
    field: "vlan",
    message: /vlan .*(required|must be a whole number)/,
  },
  // ---------------------------------------------------------------------------------- LoadBalancerRule
  {
    name: "load-balancer rule with public port 0",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { publicPort: 0 }),
    field: "publicPort",
    message: /publicPort must be from 1 to 65535: the public port of the address/,
  },
  {
    name: "load-balancer rule on a tier whose offering serves only the internal LB",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { publicIpId: i.vpcPublicIpId, networkId: i.internalLbTierId, memberIds: [] }),
    field: "networkId",
    message:
      /whose load balancing serves the Internal scheme only \(internalLb\): the platform refuses a public load-balancer rule/,
  },
  {
    name: "load-balancer rule with private port 70000",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { privatePort: 70000 }),
    field: "privatePort",
    message: /privatePort must be from 1 to 65535: the port on the member instances/,
  },
  {
    name: "load-balancer rule with an unknown algorithm",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { algorithm: "random" }),
    field: "algorithm",
    message: /algorithm must be one of roundrobin, leastconn, source/,
  },
  {
    name: "load-balancer rule with protocol icmp",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { protocol: "icmp" }),
    field: "protocol",
    message: /protocol must be one of tcp, udp, tcp-proxy/,
  },
  {
    name: "load-balancer rule naming a member twice",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { memberIds: [i.unknown2, i.unknown2] }),
    field: "memberIds",
    message: /memberIds must not name an id twice/,
  },
  {
    name: "load-balancer rule naming a member by name",
    kind: "LoadBalancerRule",
    args: (i) => lbRule(i, { memberIds: ["web-1"] }),
    field: "memberIds",
    message: /memberIds\[0\] must be an id \(a UUID\), not a name/,
  },
  // ---------------------------------------------------------------------------------- InternalLoadBalancer
  {
    name: "internal load balancer with source port 0",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { sourcePort: 0 }),
    field: "sourcePort",
    message: /sourcePort must be from 1 to 65535: the balanced port of the source address/,
  },
  {
    name: "internal load balancer with instance port 70000",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { instancePort: 70000 }),
    field: "instancePort",
    message: /instancePort must be from 1 to 65535: the port on the member instances/,
  },
  {
    name: "internal load balancer with an unknown algorithm",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { algorithm: "random" }),
    field: "algorithm",
    message: /algorithm must be one of roundrobin, leastconn, source/,
  },
  {
    name: "internal load balancer with a source address that is no IPv4 address",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { sourceIpAddress: "10.1.2" }),
    field: "sourceIpAddress",
    message: /sourceIpAddress must be an IPv4 address: the balanced address/,
  },
  {
    name: "internal load balancer naming its tier by name",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { networkId: "app-tier" }),
    field: "networkId",
    message: /networkId must be an id \(a UUID\), not a name/,
  },
  {
    name: "internal load balancer on a network whose offering does not serve it",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { networkId: i.networkId, memberIds: [] }),
    field: "networkId",
    message:
      /networkId names network badinput-net .*which is no VPC tier: the platform balances internally only/,
  },
  {
    name: "internal load balancer with a source address outside its tier (plain id)",
    kind: "InternalLoadBalancer",
    args: (i) =>
      internalLb(i, { networkId: i.internalLbTierId, sourceIpAddress: "10.99.0.5", memberIds: [] }),
    field: "sourceIpAddress",
    message:
      /networkId names network \S+ in .*which has the range 10\.61\.1\.0\/24: sourceIpAddress 10\.99\.0\.5 lies outside it/,
  },
  {
    name: "internal load balancer naming a member twice",
    kind: "InternalLoadBalancer",
    args: (i) => internalLb(i, { memberIds: [i.unknown2, i.unknown2] }),
    field: "memberIds",
    message: /memberIds must not name an id twice/,
  },

  // ---------------------------------------------------------------------------------- provider settings
  {
    name: "settings: http base URL of a remote host",
    kind: "Instance",
    args: (i) => vm(i),
    settings: { env: () => ({ CIM_BASE_URL: "http://cloud.example.com" }) },
    field: "cim:baseUrl",
    message: /https/i,
  },
  {
    name: "settings: malformed token",
    kind: "Instance",
    args: (i) => vm(i),
    settings: { env: () => ({ CIM_TOKEN: "not-a-jwt" }) },
    field: "cim:token",
    message: /not a usable JWT/,
  },
  {
    name: "settings: expired token",
    kind: "Instance",
    args: (i) => vm(i),
    settings: { env: (_i, t) => ({ CIM_TOKEN: t.expired }) },
    field: "cim:token",
    message: /expired/,
  },
  // ------------------------------------------------------------------------------------ KubernetesCluster
  {
    name: "cluster without workers",
    kind: "KubernetesCluster",
    args: (i) => cluster(i, { size: 0 }),
    field: "size",
    message: /size must be at least 1: the worker nodes/,
  },
  {
    name: "cluster version given by its semantic version",
    kind: "KubernetesCluster",
    args: (i) => cluster(i, { kubernetesVersionId: "1.28.4" }),
    field: "kubernetesVersionId",
    message: /kubernetesVersionId must be an id \(a UUID\), not a name: .*cim\.getKubernetesVersion/,
  },
  {
    name: "cluster version that does not exist",
    kind: "KubernetesCluster",
    args: (i) => cluster(i),
    field: "kubernetesVersionId",
    message: /kubernetesVersionId \S+ is not a Kubernetes version of/,
  },
  {
    name: "cluster autoscaling with equal bounds",
    kind: "KubernetesCluster",
    args: (i) => cluster(i, { autoscaling: { minSize: 3, maxSize: 3 } }),
    field: "autoscaling",
    message: /autoscaling\.maxSize must be greater than minSize/,
  },
  {
    name: "cluster without control nodes",
    kind: "KubernetesCluster",
    args: (i) => cluster(i, { controlNodes: 0 }),
    field: "controlNodes",
    message: /controlNodes must be at least 1: the control-plane nodes/,
  },
  {
    name: "cluster control nodes as text",
    kind: "KubernetesCluster",
    args: (i) => cluster(i, { controlNodes: "3" }),
    field: "controlNodes",
    message: /controlNodes must be a number/,
  },
  // ------------------------------------------------------------------- multi-region groups, projects
  {
    name: "multi-region member with the VPC's region given by name",
    kind: "MultiRegionGroupVpc",
    args: (i) => ({ groupId: i.unknown, vpcId: i.unknown2, vpcRegion: "nl-ams-1" }),
    field: "vpcRegion",
    message: /vpcRegion must be an id \(a UUID\), not a name/,
  },
  {
    name: "multi-region member naming a VPC its vpcRegion does not have",
    kind: "MultiRegionGroupVpc",
    // looked up in vpcRegion (the other region), not in the member's own (the default)
    args: (i) => ({ groupId: i.unknown, vpcId: i.unknown2, vpcRegion: i.other.zones[0].regionId }),
    // the world has no group, so the group is refused too
    causes: 2,
    field: "vpcId",
    message: /vpcId names no VPC with id "[0-9a-f-]+" in region \S+ \([0-9a-f]{8}-/,
  },
  {
    name: "multi-region member without vpcRegion, naming a VPC the member's region does not have",
    kind: "MultiRegionGroupVpc",
    // the VPC may be of another region: the message says which input gives that region
    args: (i) => ({ groupId: i.unknown, vpcId: i.unknown2 }),
    causes: 2,
    field: "vpcId",
    message:
      /vpcId names no VPC with id "[0-9a-f-]+" in .*, or give vpcRegion \(the VPC's region\) if it is in another region$/m,
  },
  {
    name: "multi-region group name of 256 characters",
    kind: "MultiRegionGroup",
    args: () => ({ name: "g".repeat(256) }),
    field: "name",
    message: /name must be at most 255 characters/,
  },
  {
    name: "project with an empty display text",
    kind: "Project",
    args: () => ({ name: "web", displayText: " " }),
    field: "displayText",
    message: /displayText must not be empty/,
  },
  {
    name: "settings: token for another audience",
    kind: "Instance",
    args: (i) => vm(i),
    settings: { env: (_i, t) => ({ CIM_TOKEN: t.otherAudience, CIM_AUDIENCE: "cim-api" }) },
    field: "cim:token",
    message: /audience/,
  },
  {
    name: "settings: cim:region given by name",
    kind: "Instance",
    args: (i) => vm(i),
    settings: { env: () => ({ CIM_REGION: "de-fra-1" }) },
    field: "region",
    message: /region .*(UUID|id)/,
  },
  {
    name: "settings: cim:region that does not exist",
    kind: "Instance",
    args: (i) => vm(i),
    settings: { env: (i) => ({ CIM_REGION: i.unknown }) },
    field: "region",
    message: /region .*(unknown|not a region|no region|does not exist)/i,
  },
  {
    name: "comment on no resource",
    kind: "Comment",
    args: () => ({ text: "owned by team a" }),
    field: "volumeId",
    message: /a comment needs the resource it is on: give exactly one of volumeId, networkId/,
  },
  {
    name: "comment on two resources",
    kind: "Comment",
    args: (i) => ({ volumeId: i.unknown, networkId: i.unknown2, text: "x" }),
    field: "networkId",
    message: /give exactly one of .*: volumeId and networkId are given/,
  },
  {
    name: "comment longer than 255 characters",
    kind: "Comment",
    args: (i) => ({ networkId: i.unknown, text: "x".repeat(256) }),
    field: "text",
    message: /text must be at most 255 characters/,
  },
  {
    name: "comment on a volume that does not exist",
    kind: "Comment",
    args: (i) => ({ volumeId: i.unknown, text: "x" }),
    field: "volumeId",
    message: /volumeId names no volume with id "[0-9a-f-]+" in the default region/,
  },
  // ---------------------------------------------------------------------------- FileSystem, InstanceGroup
  {
    name: "file system in an unknown format",
    kind: "FileSystem",
    args: (i) => fileSystem(i, { filesystem: "NTFS" }),
    field: "filesystem",
    message: /filesystem must be "XFS" \(the default\) or "EXT4"/,
  },
  {
    name: "file system shrinking an existing one",
    kind: "FileSystem",
    existing: (i) => fileSystem(i, { size: 10 }),
    args: (i) => fileSystem(i, { size: 5 }),
    field: "size",
    message: /size cannot shrink \(10 GB → 5 GB\): shared file systems only grow/,
  },
  {
    name: "file system moved to a smaller fixed disk offering",
    kind: "FileSystem",
    existing: (i) => fileSystem(i, { size: 30 }),
    args: (i) => without(fileSystem(i, { diskOfferingId: i.fixedDisk.id }), "size"),
    field: "diskOfferingId",
    message:
      /a fixed \d+ GB\) would shrink the file system \(30 GB → \d+ GB\): shared file systems only grow/,
  },
  {
    name: "file system with a size on a fixed disk offering",
    kind: "FileSystem",
    args: (i) => fileSystem(i, { diskOfferingId: i.fixedDisk.id }),
    field: "size",
    message: /size does not apply to disk offering .*fixed/,
  },
  {
    name: "file system served by an offering below the VM's minimum",
    kind: "FileSystem",
    args: (i) => fileSystem(i, { serviceOfferingId: i.small }),
    field: "serviceOfferingId",
    message: /too small for the file-system VM: it needs at least 2 vCPUs and 1024 MB/,
  },
  {
    name: "file system on a network given by name",
    kind: "FileSystem",
    args: (i) => fileSystem(i, { networkId: "backend" }),
    field: "networkId",
    message: /networkId must be an id \(a UUID\), not a name/,
  },
  {
    name: "instance in a group the region does not have",
    kind: "Instance",
    args: (i) => vm(i, { group: "no-such-group" }),
    field: "group",
    message: /group names no instance group named "no-such-group" in .*cim\.InstanceGroup/,
  },
  {
    name: "instance group with an empty name",
    kind: "InstanceGroup",
    args: () => ({ name: " " }),
    field: "name",
    message: /name must not be empty/,
  },
  {
    name: "template URL of another scheme",
    kind: "Template",
    args: (i) => template(i, { url: "ftp://images.example.com/golden.qcow2" }),
    field: "url",
    message: /url must be an http or https URL: the platform downloads the image from it/,
  },
  {
    name: "template URL on this machine",
    kind: "Template",
    args: (i) => template(i, { url: "http://localhost:8000/golden.qcow2" }),
    field: "url",
    message: /url must name a host the cloud can reach, not localhost/,
  },
  {
    name: "template URL that does not end as the format's files",
    kind: "Template",
    args: (i) => template(i, { url: "https://images.example.com/golden.vhd" }),
    field: "url",
    message: /url must end as a QCOW2 file does \(\.qcow2, \.qcow2\.zip/,
  },
  {
    name: "template format unknown",
    kind: "Template",
    args: (i) => template(i, { format: "vdi" }),
    field: "format",
    message: /format must be one of QCOW2, RAW, VHD, VHDX, OVA, VMDK, TAR/,
  },
  {
    name: "template hypervisor unknown",
    kind: "Template",
    args: (i) => template(i, { hypervisor: "qemu" }),
    field: "hypervisor",
    message: /hypervisor must be one of KVM, XenServer, VMware/,
  },
  {
    name: "template OS type of nothing",
    kind: "Template",
    args: (i) => template(i, { osTypeId: i.unknown }),
    field: "osTypeId",
    message: /osTypeId \S+ is not an OS type of/,
  },
  {
    name: "bootable ISO without an OS type",
    kind: "Iso",
    args: (i) => ({ url: "https://images.example.com/rescue.iso", zoneId: i.zoneId }),
    field: "osTypeId",
    message: /osTypeId is required for a bootable ISO/,
  },
  {
    name: "template permissions on the platform's featured template",
    kind: "TemplatePermissions",
    args: (i) => ({ templateId: i.templateId, isPublic: false }),
    field: "templateId",
    message: /only its owner can change who may use it/,
  },
  {
    name: "template permissions with accounts and projects",
    kind: "TemplatePermissions",
    args: (i) => ({ templateId: i.unknown, accounts: ["team-b"], projectIds: [i.unknown2] }),
    field: "projectIds",
    message: /projectIds cannot be given together with accounts/,
  },
];
