// The pulumi-cim team services: what one team keeps as code beside its application. A golden template registered
// from a URL and the team's SSH key; an app server deployed from them on a VPC tier, with a data volume; a shared
// file system on the tier; comments for the team on the data volume, the tier and the VPC; a VPC in a second
// region joined with the first in a multi-region group; and the audit trail of everything the stack made, read
// back through the API (who did what, when) and exported for the pipeline's report.
//
// Ids of the zone, OS type, offerings and regions are looked up by name (cim:region, else the API default, is
// the home region). Names can be changed through stack config, e.g.
//   pulumi config set team payments
//   pulumi config set sshPublicKey "$(cat ~/.ssh/ops.pub)"   # the public key only: the private key stays put
// This file uses only erasable TypeScript, so Node runs it as it is (type stripping).
import * as pulumi from "@pulumi/pulumi";
import * as cim from "pulumi-cim";

const config = new pulumi.Config();
const team = config.get("team") ?? "payments";
const env = config.get("env") ?? "demo";
const zoneId = cim.getZone(config.get("zone") ?? "de-fra-1a").then((z) => z.id);
const appOffering = cim.getComputeOffering(config.get("appOffering") ?? "Small").then((o) => o.id);
// The file system's VM needs at least 2 vCPUs and 1024 MB: "Small" is too small.
const filesOffering = cim.getComputeOffering(config.get("filesOffering") ?? "Medium").then((o) => o.id);
const customDisk = cim.getDiskOffering(config.get("diskOffering") ?? "Custom").then((o) => o.id);
const vpcOfferingId = cim.getVpcOffering(config.get("vpcOffering") ?? "Default VPC").then((o) => o.id);

// ------------------------------------------------------------------------------------ image and access

const golden = new cim.Template("golden", {
  name: `${team}-golden`,
  displayText: `${team} golden image`,
  url: config.get("imageUrl") ?? "https://images.example.com/golden-2026-11.qcow2",
  zoneId,
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId: cim.getOsType(config.get("osType") ?? "Ubuntu 22.04 (64-bit)").then((o) => o.id),
  timeouts: { create: "1h" }, // a big image downloads for a while
});

const ops = new cim.SshKeyPair("ops", {
  name: `${team}-ops`,
  publicKey:
    config.get("sshPublicKey") ??
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMj+Z95qjDlVsd155q2L8M8zifUxVLavt4nnnAvPq9hR ops@example",
});

// ------------------------------------------------------------------------------------ the home region

const vpc = new cim.Vpc("team", {
  zoneId,
  cidr: "10.30.0.0/16",
  vpcOfferingId,
  displayText: `${team} services`,
  tags: { env, team },
});

const tier = new cim.Network("app", {
  zoneId,
  vpcId: vpc.id,
  networkOfferingId: cim
    .getNetworkOffering({ name: config.get("tierOffering") ?? "VPC Tier", forVpc: true })
    .then((o) => o.id),
  gateway: "10.30.1.1",
  netmask: "255.255.255.0",
  tags: { env, team },
});

// The template's id output and the key's name output: the instance is deployed once the template is ready and
// the key registered.
const app = new cim.Instance("app", {
  zoneId,
  templateId: golden.id,
  serviceOfferingId: appOffering,
  networkIds: [tier.id],
  sshKeyNames: [ops.name],
  displayName: `${team} app`,
  tags: { env, team, role: "app" },
});

const data = new cim.Volume("app-data", {
  zoneId,
  diskOfferingId: customDisk,
  size: config.getNumber("dataSizeGb") ?? 20,
  instanceId: app.id,
  tags: { env, team },
});

const files = new cim.FileSystem("shared", {
  name: `${team}-shared`,
  description: `${team}: files shared by the app servers`,
  zoneId,
  networkId: tier.id,
  diskOfferingId: customDisk,
  size: config.getNumber("filesSizeGb") ?? 50, // grows in place
  serviceOfferingId: filesOffering,
});

// Notes for the team. Only a volume's comment can be deleted through the API: on destroy the other two leave the
// stack with a warning and stay on their tier and VPC until those are deleted (which takes them along).
const dataNote = new cim.Comment("app-data-note", {
  volumeId: data.id,
  text: `${team} app data: restore tested weekly`,
});
const tierNote = new cim.Comment("app-tier-note", {
  networkId: tier.id,
  text: pulumi.interpolate`shared files of ${team}: mount -t nfs ${files.mountSource}`,
});
const vpcNote = new cim.Comment("team-vpc-note", {
  vpcId: vpc.id,
  text: `owned by team ${team}: ask them before changing routes or tiers`,
});

// ------------------------------------------------------------------------------------ the second region

// `peerRegion` (a name or id), else the first other active region the API lists.
const peerRegion = (
  config.get("peerRegion")
    ? cim.getRegion(config.require("peerRegion"))
    : Promise.all([cim.getDefaultRegion(), cim.getRegions()]).then(([home, all]) => {
        const other = all.find((r) => r.id !== home.id && r.active !== false);
        if (!other) throw new Error(`team-services: the API lists no region besides ${home.name}`);
        return other;
      })
).then((r) => r.id);

const peer = new cim.Vpc("team-peer", {
  region: peerRegion,
  zoneId: peerRegion.then((region) => cim.getZones({ region })).then((zs) => zs[0].id),
  cidr: "10.31.0.0/16",
  vpcOfferingId: peerRegion.then((region) =>
    cim.getVpcOffering({ region, name: config.get("vpcOffering") ?? "Default VPC" }).then((o) => o.id),
  ),
  displayText: `${team} services, second region`,
  tags: { env, team },
});

// The group lives in the home region, as do its memberships; the peer's membership names the VPC's region.
const mesh = new cim.MultiRegionGroup("mesh", {
  name: `${team}-mesh`,
  description: `${team}: both regions`,
});
const homeMember = new cim.MultiRegionGroupVpc("mesh-home", { groupId: mesh.id, vpcId: vpc.id });
const peerMember = new cim.MultiRegionGroupVpc("mesh-peer", {
  groupId: mesh.id,
  vpcId: peer.id,
  vpcRegion: peer.region,
});

// ------------------------------------------------------------------------------------ the audit trail

// What the stack made, by the name the report gives it.
const made: Record<string, pulumi.Output<string>> = {
  "template golden": golden.id,
  "SSH key pair ops": ops.id,
  "VPC team": vpc.id,
  "tier app": tier.id,
  "instance app": app.id,
  "volume app-data": data.id,
  "file system shared": files.id,
  "comment app-data-note": dataNote.id,
  "comment app-tier-note": tierNote.id,
  "comment team-vpc-note": vpcNote.id,
  "VPC team-peer": peer.id,
  "multi-region group mesh": mesh.id,
  "membership mesh-home": homeMember.id,
  "membership mesh-peer": peerMember.id,
};

// Read once every id is known, so after the stack's changes: the audit rows that name one of the stack's
// resources, oldest first. The API audits accepted changes only, never reads, so a run that changes nothing
// (a second preview or up) reads the same rows and the output stays as it is.
export const auditTrail = pulumi.all(made).apply(async (ids) => {
  const nameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  const rows = (
    await Promise.all([...nameOf.keys()].map((resourceId) => cim.getAuditEntries({ resourceId })))
  )
    .flat()
    // the server's own times, one format: text order is time order (the row id orders rows of one millisecond)
    .sort((a, b) => `${a.timestamp} ${a.id}`.localeCompare(`${b.timestamp} ${b.id}`));
  return rows.map((r) => ({
    at: r.timestamp,
    user: r.user,
    request: `${r.method} ${r.path}`,
    resource: nameOf.get(r.resourceId ?? "") ?? r.resourceId,
    resourceId: r.resourceId,
  }));
});

export const templateId = golden.id;
export const templateState = golden.state;
export const sshKeyName = ops.name;
export const sshKeyFingerprint = ops.fingerprint;
export const vpcId = vpc.id;
export const tierId = tier.id;
export const appId = app.id;
export const appAddress = app.ipAddress;
export const volumeId = data.id;
export const fileSystemId = files.id;
export const filesMount = files.mountSource;
export const commentIds = { data: dataNote.id, tier: tierNote.id, vpc: vpcNote.id };
export const peerRegionId = peer.region;
export const peerVpcId = peer.id;
export const groupId = mesh.id;
export const memberIds = { home: homeMember.id, peer: peerMember.id };
