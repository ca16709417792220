// The pulumi-cim quickstart: a VPC, a network tier in it, two instances with tags, a data volume attached
// to one of them and a nightly backup schedule of it (under a backup offering, which the platform requires). `npm run demo` deploys it to the local emulator.
//
// Ids of the zone, template and offerings are looked up by name in the region the stack deploys to
// (cim:region, else the API default). Every name can be changed through stack config, e.g.
//   pulumi config set template "Debian 12"
// This file uses only erasable TypeScript, so Node runs it as it is (type stripping).
import * as pulumi from "@pulumi/pulumi";
import * as cim from "pulumi-cim";

const config = new pulumi.Config();
const env = config.get("env") ?? "demo";
const zone = cim.getZone(config.get("zone") ?? "de-fra-1a");
const zoneId = zone.then((z) => z.id);
const templateId = cim.getTemplate(config.get("template") ?? "Ubuntu 22.04 LTS").then((t) => t.id);
const smallOffering = cim.getComputeOffering(config.get("webOffering") ?? "Small").then((o) => o.id);
const mediumOffering = cim.getComputeOffering(config.get("dbOffering") ?? "Medium").then((o) => o.id);
// Backup offerings are per zone: the db's zone's.
const backupOffering = zone
  .then((z) => cim.getBackupOffering({ name: config.get("backupOffering") ?? "Standard", zoneId: z.id }))
  .then((o) => o.id);

const vpc = new cim.Vpc("main", {
  zoneId,
  cidr: "10.10.0.0/16",
  vpcOfferingId: cim.getVpcOffering(config.get("vpcOffering") ?? "Default VPC").then((o) => o.id),
  displayText: "pulumi-cim quickstart",
  tags: { env },
});

const tier = new cim.Network("app", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim
    .getNetworkOffering({ name: config.get("tierOffering") ?? "VPC Tier" })
    .then((o) => o.id),
  gateway: "10.10.1.1",
  netmask: "255.255.255.0",
  tags: { env },
});

const web = new cim.Instance("web", {
  zoneId,
  templateId,
  serviceOfferingId: smallOffering,
  networkIds: [tier.id],
  displayName: config.get("webDisplayName") ?? "web",
  tags: { env, role: "web" },
});

const db = new cim.Instance("db", {
  zoneId,
  templateId,
  serviceOfferingId: mediumOffering,
  networkIds: [tier.id],
  displayName: "db",
  backupOfferingId: backupOffering,
  tags: { env, role: "db" },
});

const data = new cim.Volume("db-data", {
  zoneId,
  diskOfferingId: cim.getDiskOffering(config.get("dataOffering") ?? "Custom").then((o) => o.id),
  size: config.getNumber("dataSizeGb") ?? 50,
  instanceId: db.id,
  tags: { env, role: "db" },
});

const nightly = new cim.BackupSchedule("db-nightly", {
  instanceId: db.id,
  intervalType: "DAILY",
  schedule: "30:02",
  timezone: "UTC",
});

export const region = web.region;
export const vpcId = vpc.id;
export const vpcCidr = vpc.cidr;
export const networkId = tier.id;
export const networkCidr = tier.cidr;
export const webId = web.id;
export const webName = web.name;
export const webAddress = web.ipAddress;
export const webState = web.state;
export const dbId = db.id;
export const dbAddress = db.ipAddress;
export const volumeId = data.id;
export const volumeDevice = data.deviceId;
export const backupScheduleId = nightly.id;
