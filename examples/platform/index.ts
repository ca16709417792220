// The pulumi-cim platform example: a VPC and a network tier, a Kubernetes cluster on that tier (its worker count
// from config `workers`, default 2; the admin kubeconfig is a secret output), and a database instance with a
// backup offering, a nightly backup schedule and a schedule that stops it at night. The db has a data volume;
// a snapshot of that volume is taken and a new volume is restored from it.
//
// Ids of the zone, template, offerings and Kubernetes version are looked up by name in the region the stack
// deploys to (cim:region, else the API default). Every name can be changed through stack config, e.g.
//   pulumi config set workers 4
// This file uses only erasable TypeScript, so Node runs it as it is (type stripping).
import * as pulumi from "@pulumi/pulumi";
import * as cim from "pulumi-cim";

const config = new pulumi.Config();
const env = config.get("env") ?? "platform";
const zone = cim.getZone(config.get("zone") ?? "de-fra-1a");
const zoneId = zone.then((z) => z.id);
const templateId = cim.getTemplate(config.get("template") ?? "Ubuntu 22.04 LTS").then((t) => t.id);
// Every node of the cluster needs at least the version's minimum (2 vCPUs, 2 GB): "Small" is too small.
const clusterOffering = cim.getComputeOffering(config.get("clusterOffering") ?? "Medium").then((o) => o.id);
const dbOffering = cim.getComputeOffering(config.get("dbOffering") ?? "Medium").then((o) => o.id);
const kubernetesVersionId = cim
  .getKubernetesVersion(config.get("kubernetesVersion") ?? "1.28.4")
  .then((v) => v.id);
// Backup offerings are per zone: the db's zone's.
const backupOfferingId = zone
  .then((z) => cim.getBackupOffering({ name: config.get("backupOffering") ?? "Standard", zoneId: z.id }))
  .then((o) => o.id);
const dataOffering = cim.getDiskOffering(config.get("dataOffering") ?? "Custom").then((o) => o.id);

const vpc = new cim.Vpc("platform", {
  zoneId,
  cidr: "10.20.0.0/16",
  vpcOfferingId: cim.getVpcOffering(config.get("vpcOffering") ?? "Default VPC").then((o) => o.id),
  displayText: "pulumi-cim platform",
  tags: { env },
});

const tier = new cim.Network("platform-tier", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim
    .getNetworkOffering({ name: config.get("tierOffering") ?? "VPC Tier" })
    .then((o) => o.id),
  gateway: "10.20.1.1",
  netmask: "255.255.255.0",
  tags: { env },
});

// Workers scale in place (a scale job): `pulumi config set workers 4 && pulumi up`.
const cluster = new cim.KubernetesCluster("platform-k8s", {
  zoneId,
  kubernetesVersionId,
  serviceOfferingId: clusterOffering,
  networkId: tier.id,
  size: config.getNumber("workers") ?? 2,
  tags: { env },
});

const db = new cim.Instance("db", {
  zoneId,
  templateId,
  serviceOfferingId: dbOffering,
  networkIds: [tier.id],
  displayName: "db",
  backupOfferingId,
  tags: { env, role: "db" },
});

const nightly = new cim.BackupSchedule("db-nightly", {
  instanceId: db.id,
  intervalType: "DAILY",
  schedule: "30:02", // MM:HH, 02:30
  timezone: config.get("timezone") ?? "Europe/Berlin",
});

// Stops the db at 22:00 on weekdays (start it again with a second schedule, or by hand).
const nightStop = new cim.InstanceSchedule("db-night-stop", {
  instanceId: db.id,
  action: "stop",
  schedule: config.get("stopSchedule") ?? "0 22 * * MON-FRI",
  timezone: config.get("timezone") ?? "Europe/Berlin",
  description: "stop the db at night",
});

// A snapshot needs a volume on storage, i.e. attached to an instance once: this one is attached to the db.
const data = new cim.Volume("db-data", {
  zoneId,
  diskOfferingId: dataOffering,
  size: config.getNumber("dataSizeGb") ?? 20,
  instanceId: db.id,
  tags: { env, role: "db" },
});

const snapshot = new cim.VolumeSnapshot("db-data-snap", { volumeId: data.id });

// A new volume made from the snapshot (once it is BackedUp, which create waits for): its size by default.
const restored = new cim.Volume("db-data-restored", {
  zoneId,
  diskOfferingId: dataOffering,
  snapshotId: snapshot.id,
  tags: { env, role: "restore" },
});

export const vpcId = vpc.id;
export const networkId = tier.id;
export const clusterId = cluster.id;
export const clusterState = cluster.state;
export const clusterEndpoint = cluster.endpoint;
export const clusterSize = cluster.size;
export const kubeconfig = cluster.kubeconfig; // a secret output: encrypted in state, `[secret]` in the CLI
export const dbId = db.id;
export const dbAddress = db.ipAddress;
export const backupScheduleId = nightly.id;
export const instanceScheduleId = nightStop.id;
export const volumeId = data.id;
export const snapshotId = snapshot.id;
export const snapshotState = snapshot.state;
export const restoredVolumeId = restored.id;
export const restoredVolumeSize = restored.size;
