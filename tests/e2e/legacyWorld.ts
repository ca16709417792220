// A legacy world made straight through the API, as another tool (or the console) would: resources of every kind
// `pulumi-cim import` adopts, in one region, with tags, references between them and values other than their
// defaults, and one VPC in another region. The import command's round trip (import.test.ts) and the plugin's
// import of each record (tests/native/importEvery.test.ts) start from it.
import type { AcceptedMutation, AclRuleInput } from "../../provider/client";
import { ED25519 } from "../fixtures/sshKeys";
import type { TestApi } from "./support";

const fast = { firstDelayMs: 0, minIntervalMs: 10, maxIntervalMs: 20 };

/** Live ids by kind, each kind the world makes empty to begin with. */
function emptyMade(): Record<string, string[]> {
  return {
    SshKeyPair: [],
    Vpc: [],
    Network: [],
    NetworkAclList: [],
    NetworkAclRule: [],
    Instance: [],
    Volume: [],
    BackupSchedule: [],
    PublicIp: [],
    StaticNat: [],
    VolumeSnapshot: [],
    InstanceSnapshot: [],
    VpcGateway: [],
    Backup: [],
    Comment: [],
    InstanceSchedule: [],
    LoadBalancerRule: [],
    InternalLoadBalancer: [],
    KubernetesCluster: [],
    FileSystem: [],
    InstanceGroup: [],
    Template: [],
    TemplatePermissions: [],
    Iso: [],
  };
}

/** The existing infrastructure, made through the API as another tool (or the console) would. */
export async function makeLegacyWorld(
  api: TestApi,
  primary: { id: string },
): Promise<{ made: Record<string, string[]>; foreignVpc: string }> {
  const made = emptyMade();
  const c = api.client;
  const region = { region: primary.id };
  const wait = async (a: AcceptedMutation) => {
    await c.jobs.wait(a, fast);
    return a.id!;
  };
  const byName = <T extends { id: string; name?: string }>(rows: T[], name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no ${name} in the emulator's catalogue`);
    return row.id;
  };
  const zoneId = byName(await c.catalogue.zones(region), "de-fra-1a");
  const templateId = byName(await c.catalogue.templates(region), "Ubuntu 22.04 LTS");
  const offerings = await c.catalogue.computeOfferings({}, region);
  const custom = byName(await c.catalogue.diskOfferings(region), "Custom");
  const netOfferings = await c.catalogue.networkOfferings(region);
  const tierOffering = netOfferings.find((o) => o.forVpc === true && !o.internalLb)!.id;
  const internalLbOffering = netOfferings.find((o) => o.internalLb === true)!.id;
  const isolatedOffering = netOfferings.find((o) => o.forVpc === false)!.id;
  const vpcOfferingId = (await c.catalogue.vpcOfferings(region))[0].id;

  const key = await c.sshKeyPairs.register({ name: "legacy-ops", publicKey: ED25519 }, region);

  const vpc = await wait(
    await c.vpcs.create(
      { name: "legacy", displayText: "legacy VPC", zoneId, cidr: "10.20.0.0/16", vpcOfferingId },
      region,
    ),
  );
  await c.tags.add({ kind: "vpc", id: vpc }, { env: "legacy", owner: "ops" }, region);
  // The web tier's own ACL list with two rules; the VPC's default lists are the platform's (not adopted).
  const acl = await wait(
    await c.networkAcls.createList({ name: "legacy-web", description: "web", vpcId: vpc }, region),
  );
  const rule = (r: Omit<AclRuleInput, "aclId">) =>
    c.networkAcls.createRule({ aclId: acl, ...r }, region).then(wait);
  const https = await rule({
    number: 10,
    protocol: "tcp",
    startPort: 443,
    endPort: 443,
    cidrList: ["0.0.0.0/0"],
    action: "allow",
    trafficType: "ingress",
  });
  const noPing = await rule({
    number: 20,
    protocol: "icmp",
    icmpType: 8,
    icmpCode: 0,
    cidrList: ["0.0.0.0/0"],
    action: "deny",
    trafficType: "egress",
    reason: "no ping out",
  });
  /** A tier of the legacy VPC, `10.20.<octet>.0/24`. */
  const vpcTier = async (
    name: string,
    displayText: string,
    octet: number,
    offering: string,
    aclId?: string,
  ) =>
    wait(
      await c.networks.create(
        {
          name,
          displayText,
          zoneId,
          networkOfferingId: offering,
          vpcId: vpc,
          gateway: `10.20.${octet}.1`,
          netmask: "255.255.255.0",
          aclId,
        },
        region,
      ),
    );
  const tier = await vpcTier("legacy-app", "app tier", 1, tierOffering, acl);
  // A second tier whose offering serves the internal load balancer below.
  const inside = await vpcTier("legacy-inside", "internal services", 2, internalLbOffering);
  const isolated = await wait(
    await c.networks.create(
      { name: "legacy-backend", displayText: "backend", zoneId, networkOfferingId: isolatedOffering },
      region,
    ),
  );
  await c.tags.add({ kind: "network", id: isolated }, { env: "legacy" }, region);

  const web = await wait(
    await c.instances.create(
      {
        zoneId,
        templateId,
        serviceOfferingId: byName(offerings, "Small"),
        name: "legacy-web",
        displayName: "web",
        networkIds: [tier],
        sshKeyNames: ["legacy-ops"],
      },
      region,
    ),
  );
  await c.tags.add({ kind: "instance", id: web }, { env: "legacy", role: "web" }, region);
  const db = await wait(
    await c.instances.create(
      {
        zoneId,
        templateId,
        serviceOfferingId: byName(offerings, "Medium"),
        name: "legacy-db",
        displayName: "db",
        networkIds: [tier, isolated],
        rootDiskSize: 40,
        startVm: false,
      },
      region,
    ),
  );
  await c.instances.update(db, { haEnabled: true }, region);
  // The account's own template, shared (its permissions), and an ISO: the jump host is made from the template.
  const osTypeId = byName(await c.catalogue.osTypes(region), "Ubuntu 22.04 (64-bit)");
  const image = { zoneId, osTypeId, isDynamicallyScalable: true };
  const golden = await wait(
    await c.templates.register(
      {
        ...image,
        name: "legacy-golden",
        url: "https://images.example.com/golden.qcow2",
        format: "QCOW2",
        hypervisor: "KVM",
      },
      region,
    ),
  );
  await c.templates.updatePermissions(golden, { isExtractable: true }, region);
  const rescue = await wait(
    await c.isos.register(
      { ...image, name: "legacy-rescue", url: "https://images.example.com/rescue.iso" },
      region,
    ),
  );
  // On the zone's shared network (no networkIds), protected from deletion.
  const jump = await wait(
    await c.instances.create(
      { zoneId, templateId: golden, serviceOfferingId: byName(offerings, "Small"), displayName: "jump host" },
      region,
    ),
  );
  await c.instances.update(jump, { deleteProtection: true }, region);

  const data = await wait(
    await c.volumes.create({ name: "db-data", zoneId, diskOfferingId: custom, size: 20 }, region),
  );
  await c.jobs.wait(await c.volumes.attach(data, db, region), fast);
  await c.tags.add({ kind: "volume", id: data }, { env: "legacy" }, region);
  const spare = await wait(
    await c.volumes.create({ name: "spare", zoneId, diskOfferingId: custom, size: 5 }, region),
  );
  // schedules and backups need the instance's backup offering
  const [standard] = await c.catalogue.backupOfferings({ zoneId }, region);
  await c.jobs.wait(await c.instances.assignBackupOffering(db, standard.id, region), fast);
  const nightly = await c.backupSchedules.create(
    { vmId: db, intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
    region,
  );
  const beforeUpgrade = await wait(await c.backups.create({ vmId: db, name: "db-before-upgrade" }, region));
  // The db starts on weekday mornings (synchronous, no job).
  const mornings = await c.instanceSchedules.create(
    db,
    { name: "db-mornings", action: "start", schedule: "0 6 * * MON-FRI", timezone: "Europe/Berlin" },
    region,
  );

  // A VPC address mapped onto the web instance, and an isolated network's spare address. The VPC and the
  // isolated network have their source-NAT addresses too: those go with them and are not adopted.
  const front = await wait(await c.publicIps.acquire({ vpcId: vpc }, region));
  await c.tags.add({ kind: "publicIp", id: front }, { role: "front" }, region);
  await c.jobs.wait(
    await c.publicIps.enableStaticNat(front, { virtualMachineId: web, networkId: tier }, region),
    fast,
  );
  const spareIp = await wait(await c.publicIps.acquire({ networkId: isolated }, region));
  // A public rule on the spare address balancing over the db (its NIC on the isolated network), an internal load
  // balancer on the inside tier, and a Kubernetes cluster on the isolated network with the ops key pair.
  const lbRule = await wait(
    await c.loadBalancers.create(
      { name: "legacy-lb", publicIpId: spareIp, publicPort: 80, privatePort: 8080, algorithm: "leastconn" },
      region,
    ),
  );
  await c.jobs.wait(await c.loadBalancers.assign(lbRule, [db], region), fast);
  const internalLb = await wait(
    await c.internalLoadBalancers.create(
      {
        name: "legacy-pg",
        networkId: inside,
        sourceIpAddress: "10.20.2.10",
        sourcePort: 5432,
        instancePort: 5432,
        algorithm: "source",
      },
      region,
    ),
  );
  const version = (await c.catalogue.kubernetesVersions(region)).find((v) => v.semanticVersion === "1.28.4")!;
  const cluster = await wait(
    await c.kubernetesClusters.create(
      {
        name: "legacy-k8s",
        zoneId,
        kubernetesVersionId: version.id,
        serviceOfferingId: byName(offerings, "Medium"),
        networkId: isolated,
        size: 1,
        keyPair: "legacy-ops",
      },
      region,
    ),
  );
  // Comments on the data volume and the isolated network, adopted referring to them.
  const notes = [
    await c.comments.add({ kind: "volume", id: data }, { annotation: "restore tested weekly" }, region),
    await c.comments.add({ kind: "network", id: isolated }, { annotation: "legacy: do not extend" }, region),
  ];
  // A snapshot of the database's data volume, and the web instance's disks and memory.
  const dataSnap = await wait(
    await c.volumeSnapshots.create({ volumeId: data, name: "db-data-nightly" }, region),
  );
  const webState = await wait(
    await c.instanceSnapshots.create(
      { virtualMachineId: web, name: "web-before-upgrade", description: "before 2.0", snapshotMemory: true },
      region,
    ),
  );
  // A private gateway of the VPC on its own ACL list (the VLAN read back as text, adopted as a number).
  const link = await wait(
    await c.privateGateways.create(
      {
        vpcId: vpc,
        ipAddress: "172.16.0.2",
        gateway: "172.16.0.1",
        netmask: "255.255.255.0",
        vlan: 100,
        aclId: acl,
      },
      region,
    ),
  );

  // The web instance's group, and a shared file system on the backend network.
  const webServers = await c.instanceGroups.create({ name: "legacy-web" }, region);
  await c.instances.update(web, { group: "legacy-web" }, region);
  const files = await wait(
    await c.fileSystems.create(
      {
        name: "legacy-files",
        description: "shared files",
        zoneId,
        networkId: isolated,
        diskOfferingId: custom,
        size: 10,
        serviceOfferingId: byName(offerings, "Medium"),
        filesystem: "EXT4",
      },
      region,
    ),
  );

  made.InstanceGroup.push(webServers.id!);
  made.FileSystem.push(files);
  made.SshKeyPair.push(key.id!);
  made.PublicIp.push(front, spareIp);
  made.StaticNat.push(front);
  made.VpcGateway.push(link);
  made.Vpc.push(vpc);
  made.Network.push(tier, inside, isolated);
  made.NetworkAclList.push(acl);
  made.NetworkAclRule.push(https, noPing);
  made.Instance.push(web, db, jump);
  made.Volume.push(data, spare);
  made.BackupSchedule.push(nightly.id!);
  made.VolumeSnapshot.push(dataSnap);
  made.InstanceSnapshot.push(webState);
  made.Backup.push(beforeUpgrade);
  made.Comment.push(...notes.map((n) => n.id!));
  made.InstanceSchedule.push(mornings.id!);
  made.LoadBalancerRule.push(lbRule);
  made.InternalLoadBalancer.push(internalLb);
  made.KubernetesCluster.push(cluster);
  made.Template.push(golden);
  made.TemplatePermissions.push(golden);
  made.Iso.push(rescue);

  // Another region's VPC: not part of the import of this region.
  const secondary = api.emu.regions.find((r) => !r.primary)!;
  const other = { region: secondary.id };
  const foreignVpc = await wait(
    await c.vpcs.create(
      {
        name: "elsewhere",
        displayText: "other region",
        zoneId: (await c.catalogue.zones(other))[0].id,
        cidr: "10.30.0.0/16",
        vpcOfferingId: (await c.catalogue.vpcOfferings(other))[0].id,
      },
      other,
    ),
  );
  return { made, foreignVpc };
}
