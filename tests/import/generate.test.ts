// provider/import/generate.ts: the adopting program written from an inventory of live resources.
import { describe, expect, it } from "vitest";
import { generateProgram, literal, resourceName, variableName } from "../../provider/import/generate";
import type { Inventory } from "../../provider/import/inventory";
import { kinds } from "../../provider/kinds";

const ZONE = "11111111-0000-0000-0000-000000000001";
const TEMPLATE = "11111111-0000-0000-0000-000000000002";
const SMALL = "11111111-0000-0000-0000-000000000003";
const CUSTOM = "11111111-0000-0000-0000-000000000004";
const TIER = "11111111-0000-0000-0000-000000000005";
const VPC_OFFERING = "11111111-0000-0000-0000-000000000006";
const ISO = "11111111-0000-0000-0000-000000000007";
const SHARED = "22222222-0000-0000-0000-00000000000a";
const STANDARD = "11111111-0000-0000-0000-000000000008";
const K128 = "11111111-0000-0000-0000-000000000009";

function inventory(): Inventory {
  return {
    region: { id: "99999999-0000-0000-0000-000000000000", name: "de-fra" },
    baseUrl: "https://cloud.example.com",
    records: {
      Vpc: [
        {
          id: "vpc-1",
          name: "main",
          displayText: "the main VPC",
          zoneId: ZONE,
          cidr: "10.1.0.0/16",
          vpcOfferingId: VPC_OFFERING,
          networkDomain: "cim.internal",
          state: "Enabled",
          tags: { env: "prod" },
        },
      ],
      Network: [
        {
          id: "net-1",
          name: "app tier",
          displayText: "app",
          zoneId: ZONE,
          networkOfferingId: TIER,
          vpcId: "vpc-1",
          gateway: "10.1.1.1",
          netmask: "255.255.255.0",
          networkDomain: "app.internal",
          state: "Implemented",
          tags: {},
        },
      ],
      Instance: [
        {
          id: "vm-1",
          name: "vm-4c1c4b45",
          displayName: "web",
          state: "Running",
          zoneId: ZONE,
          templateId: TEMPLATE,
          templateType: "USER",
          serviceOfferingId: SMALL,
          diskOfferingId: "",
          details: { rootDiskSize: "20" },
          haEnabled: true,
          deleteProtection: false,
          networkIds: ["net-1", SHARED],
          keyPair: "ops",
          backupOfferingId: STANDARD,
          tags: { env: "prod", "team/name": "web" },
        },
        {
          id: "vm-2",
          name: "vm-2",
          displayName: "web",
          state: "Stopped",
          zoneId: ZONE,
          templateId: ISO,
          templateType: "ISO",
          serviceOfferingId: SMALL,
          diskOfferingId: CUSTOM,
          details: { rootDiskSize: "30" },
          deleteProtection: true,
          networkIds: [SHARED],
          tags: {},
        },
      ],
      Volume: [
        {
          id: "vol-1",
          name: "data",
          zoneId: ZONE,
          diskOfferingId: CUSTOM,
          size: 50,
          state: "Ready",
          virtualMachineId: "vm-1",
          deviceId: 1,
          tags: { env: "prod" },
        },
        {
          id: "vol-2",
          name: "spare",
          zoneId: ZONE,
          diskOfferingId: CUSTOM,
          size: 5,
          state: "Ready",
          tags: {},
        },
      ],
      BackupSchedule: [
        { id: "bs-1", vmId: "vm-1", intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
      ],
      Backup: [
        {
          id: "bk-1",
          name: "before-upgrade",
          description: "kept until the upgrade is done",
          virtualMachineId: "vm-1",
          backupOfferingId: STANDARD,
          status: "BackedUp",
          state: "BackedUp",
        },
      ],
      InstanceSchedule: [
        {
          id: "vs-1",
          virtualMachineId: "vm-1",
          action: "STOP",
          schedule: "0 22 * * MON-FRI",
          timezone: "Europe/Berlin",
          enabled: true,
          startDate: "2026-11-23T10:00:00.000Z",
          name: "",
          description: "",
        },
      ],
      KubernetesCluster: [
        {
          id: "k8s-1",
          name: "kube",
          description: "",
          zoneId: ZONE,
          kubernetesVersionId: K128,
          serviceOfferingId: SMALL,
          networkId: "net-1",
          keyPair: "ops",
          controlNodes: 3,
          size: 4,
          nodeRootDiskSize: 8,
          autoscalingEnabled: true,
          minSize: 2,
          maxSize: 6,
          state: "Running",
          endpoint: "https://198.18.1.7:6443/",
          tags: { team: "platform" },
        },
      ],
      SshKeyPair: [
        { id: "key-1", name: "ops", fingerprint: "be:b1:5c:09:89:6a:44:42:50:a9:ef:58:34:32:a0:5e" },
      ],
      PublicIp: [
        {
          id: "ip-1",
          ipAddress: "198.18.0.7",
          zoneId: ZONE,
          vpcId: "vpc-1",
          associatedNetworkId: "net-1",
          isSourceNat: false,
          isStaticNat: true,
          state: "Allocated",
          tags: { role: "web" },
        },
        {
          id: "ip-2",
          ipAddress: "198.18.0.8",
          zoneId: ZONE,
          vpcId: "vpc-1",
          associatedNetworkId: "net-1",
          isSourceNat: false,
          isStaticNat: false,
          state: "Allocated",
          tags: {},
        },
      ],
      LoadBalancerRule: [
        {
          id: "lb-1",
          name: "front",
          description: "",
          publicIpId: "ip-2",
          networkId: "net-1",
          publicPort: 80,
          privatePort: 8080,
          protocol: "tcp",
          algorithm: "leastconn",
          memberIds: ["vm-1", "vm-2"],
          state: "Active",
          tags: { tier: "web" },
        },
      ],
      InternalLoadBalancer: [
        {
          id: "ilb-1",
          name: "db",
          description: "",
          scheme: "Internal",
          networkId: "net-1",
          sourceIpAddressNetworkId: "net-1",
          sourceIpAddress: "10.1.1.50",
          vpcId: "vpc-1",
          sourcePort: 5432,
          instancePort: 5432,
          algorithm: "roundrobin",
          memberIds: ["vm-2"],
          state: "Active",
          tags: {},
        },
      ],
      StaticNat: [
        {
          id: "ip-1",
          state: "Enabled",
          ipAddress: "198.18.0.7",
          virtualMachineId: "vm-1",
          networkId: "net-1",
          vmIpAddress: "10.1.1.2",
        },
      ],
    },
    names: {
      [ZONE]: "de-fra-1a",
      [TEMPLATE]: "Ubuntu 22.04 LTS",
      [SMALL]: "Small",
      [CUSTOM]: "Custom",
      [TIER]: "VPC Tier",
      [VPC_OFFERING]: "Default VPC",
      [ISO]: "Rescue ISO",
      [SHARED]: "default (shared zone network)",
      [STANDARD]: "Standard",
      [K128]: "v1.28.4",
    },
    skipped: [{ kind: "Instance", id: "vm-9", name: "broken", reason: "state Error" }],
  } as Inventory;
}

const options = {
  project: "imported",
  versions: { pulumiCim: "^0.1.0", pulumi: "3.259.0" },
  scheduleAdoption: true,
};

describe("generateProgram", () => {
  const { files, resources } = generateProgram(inventory(), options);
  const index = files["index.ts"];

  it("plans one resource per live one, in dependency order, with unique names and variables", () => {
    expect(resources.map((r) => `${r.kind} ${r.name} ${r.variable} ${r.id}`)).toEqual([
      "SshKeyPair ops sshKeyOps key-1",
      "Vpc main vpcMain vpc-1",
      "Network app-tier networkAppTier net-1",
      "PublicIp ip-198-18-0-7 publicIpIp1981807 ip-1",
      "PublicIp ip-198-18-0-8 publicIpIp1981808 ip-2",
      "Instance web instanceWeb vm-1",
      "Instance web-2 instanceWeb2 vm-2",
      "StaticNat web-198-18-0-7 staticNatWeb1981807 ip-1",
      "KubernetesCluster kube clusterKube k8s-1",
      "LoadBalancerRule front lbRuleFront lb-1",
      "InternalLoadBalancer db internalLbDb ilb-1",
      "Volume data volumeData vol-1",
      "Volume spare volumeSpare vol-2",
      "BackupSchedule web-daily backupWebDaily bs-1",
      "InstanceSchedule web-stop powerScheduleWebStop vs-1",
      "Backup before-upgrade vmBackupBeforeUpgrade bk-1",
    ]);
  });

  it("adopts each resource with inputs equal to its live state", () => {
    // the API shows a key pair's fingerprint, not its key: publicKey is left out (and named in the header)
    expect(index).toContain(`const sshKeyOps = new cim.SshKeyPair("ops", {
  adoptId: "key-1",
  region,
  name: "ops",
});`);
    expect(index).not.toContain("be:b1:5c");
    expect(index).toContain(`const vpcMain = new cim.Vpc("main", {
  adoptId: "vpc-1",
  region,
  name: "main",
  displayText: "the main VPC",
  zoneId: "${ZONE}", // de-fra-1a
  cidr: "10.1.0.0/16",
  vpcOfferingId: "${VPC_OFFERING}", // Default VPC
  networkDomain: "cim.internal",
  tags: { env: "prod" },
});`);
    expect(index).toContain(`const networkAppTier = new cim.Network("app-tier", {
  adoptId: "net-1",
  region,
  name: "app tier",
  displayText: "app",
  zoneId: "${ZONE}", // de-fra-1a
  networkOfferingId: "${TIER}", // VPC Tier
  vpcId: vpcMain.id,
  gateway: "10.1.1.1",
  netmask: "255.255.255.0",
  networkDomain: "app.internal",
});`);
    expect(index).toContain(`const instanceWeb = new cim.Instance("web", {
  adoptId: "vm-1",
  region,
  zoneId: "${ZONE}", // de-fra-1a
  templateId: "${TEMPLATE}", // Ubuntu 22.04 LTS
  serviceOfferingId: "${SMALL}", // Small
  rootDiskSize: 20,
  name: "vm-4c1c4b45",
  displayName: "web",
  networkIds: [
    networkAppTier.id,
    "${SHARED}", // network default (shared zone network)
  ],
  sshKeyNames: [sshKeyOps.name],
  haEnabled: true,
  backupOfferingId: "${STANDARD}", // Standard
  tags: { env: "prod", "team/name": "web" },
});`);
    expect(index).toContain(`const instanceWeb2 = new cim.Instance("web-2", {
  adoptId: "vm-2",
  region,
  zoneId: "${ZONE}", // de-fra-1a
  imageType: "iso",
  isoId: "${ISO}", // Rescue ISO
  diskOfferingId: "${CUSTOM}", // Custom
  serviceOfferingId: "${SMALL}", // Small
  rootDiskSize: 30,
  name: "vm-2",
  displayName: "web",
  networkIds: [
    "${SHARED}", // network default (shared zone network)
  ],
  powerState: "stopped",
  deleteProtection: true,
});`);
    expect(index).toContain(`const volumeData = new cim.Volume("data", {
  adoptId: "vol-1",
  region,
  name: "data",
  zoneId: "${ZONE}", // de-fra-1a
  diskOfferingId: "${CUSTOM}", // Custom
  size: 50,
  instanceId: instanceWeb.id,
  tags: { env: "prod" },
});`);
    expect(index).toContain(`const volumeSpare = new cim.Volume("spare", {
  adoptId: "vol-2",
  region,
  name: "spare",
  zoneId: "${ZONE}", // de-fra-1a
  diskOfferingId: "${CUSTOM}", // Custom
  size: 5,
});`);
    // its time zone, UTC, is the input's default: left out
    expect(index).toContain(`const backupWebDaily = new cim.BackupSchedule("web-daily", {
  adoptId: "bs-1",
  region,
  instanceId: instanceWeb.id,
  intervalType: "DAILY",
  schedule: "30:02",
});`);
    // a cluster refers to its network and key pair; its version and offering are named in comments; the
    // autoscaler's bounds, not the worker count it set
    expect(index).toContain(`const clusterKube = new cim.KubernetesCluster("kube", {
  adoptId: "k8s-1",
  region,
  name: "kube",
  zoneId: "${ZONE}", // de-fra-1a
  kubernetesVersionId: "${K128}", // v1.28.4
  serviceOfferingId: "${SMALL}", // Small
  networkId: networkAppTier.id,
  controlNodes: 3,
  autoscaling: { minSize: 2, maxSize: 6 },
  keyPair: sshKeyOps.name,
  nodeRootDiskSize: 8,
  tags: { team: "platform" },
});`);
    // a backup refers to its instance, which adopts its backup offering (named in a comment)
    expect(index).toContain(`const vmBackupBeforeUpgrade = new cim.Backup("before-upgrade", {
  adoptId: "bk-1",
  region,
  instanceId: instanceWeb.id,
  name: "before-upgrade",
  description: "kept until the upgrade is done",
});`);
    expect(index).toContain(`  backupOfferingId: "${STANDARD}", // Standard\n`);
    // an instance schedule refers to its instance; the platform's defaults (enabled) are left out
    expect(index).toContain(`const powerScheduleWebStop = new cim.InstanceSchedule("web-stop", {
  adoptId: "vs-1",
  region,
  instanceId: instanceWeb.id,
  action: "stop",
  schedule: "0 22 * * MON-FRI",
  timezone: "Europe/Berlin",
  startDate: "2026-11-23T10:00:00.000Z",
});`);
  });

  it("names the region, the source and what was left out, and imports only pulumi-cim", () => {
    expect(index).toContain('const region = "99999999-0000-0000-0000-000000000000"; // de-fra');
    expect(index).toContain(
      "of region de-fra (99999999-0000-0000-0000-000000000000) of https://cloud.example.com.",
    );
    expect(index).toContain("//   Instance broken vm-9: state Error");
    expect(index).toContain("userData, allowPasswordSsh, disableRootCompletely, ipToNetworkList");
    expect(index).toContain(
      "// The API does not return these SSH key pair inputs, so they are left out (which keeps what was deployed):\n// publicKey.",
    );
    expect(index).toContain(
      "network ACL rules, backup schedules, backups, instance schedules, SSH key pairs, public IPs, static NATs, volume snapshots, instance snapshots, VPC private gateways, load-balancer rules, internal load balancers, Kubernetes clusters, comments, shared file systems, instance groups, multi-region groups, multi-region group members, projects, templates, template permission sets and ISOs of region de-fra",
    );
    expect(index.match(/^import .*$/gm)).toEqual(['import * as cim from "pulumi-cim";']);
    // what the API does not return is said only of kinds the program adopts any of
    const inv = inventory();
    const noKeys = generateProgram({ ...inv, records: { ...inv.records, SshKeyPair: [] } }, options);
    expect(noKeys.files["index.ts"]).not.toContain("SSH key pair inputs");
  });

  it("writes package.json, Pulumi.yaml and tsconfig.json for the usual Pulumi TypeScript setup", () => {
    expect(JSON.parse(files["package.json"])).toMatchObject({
      name: "imported",
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": "3.259.0", "pulumi-cim": "^0.1.0" },
    });
    expect(files["Pulumi.yaml"]).toBe(
      "name: imported\ndescription: Infrastructure of region de-fra, adopted by pulumi-cim import\nruntime: nodejs\n",
    );
    expect(JSON.parse(files["tsconfig.json"]).files).toEqual(["index.ts"]);
  });

  it("shows a schedule commented out when cim.BackupSchedule cannot adopt", () => {
    const without = generateProgram(inventory(), { ...options, scheduleAdoption: false });
    expect(without.resources.map((r) => r.kind)).not.toContain("BackupSchedule");
    const text = without.files["index.ts"];
    expect(text).toContain(
      "// Backup schedule bs-1 is not adopted: cim.BackupSchedule of this pulumi-cim version has no",
    );
    expect(text).toContain(`// const backupWebDaily = new cim.BackupSchedule("web-daily", {
//   region,
//   instanceId: instanceWeb.id,
//   intervalType: "DAILY",`);
    expect(text).not.toMatch(/^const backupWebDaily/m);
  });

  it("writes a valid program for an empty region", () => {
    const empty = generateProgram({ ...inventory(), records: {}, skipped: [] }, options);
    expect(empty.resources).toEqual([]);
    expect(empty.files["index.ts"]).toContain("// Nothing to adopt");
  });

  it("leaves out what the live resource does not have and refers to resources it does not adopt by id", () => {
    const inv = inventory();
    inv.records.Instance = [
      {
        ...inv.records.Instance[0],
        displayName: "",
        name: "Not_a_host_name",
        networkIds: undefined,
        keyPair: "",
        haEnabled: false,
        tags: {},
        details: {},
      },
    ];
    inv.records.Volume = [{ ...inv.records.Volume[0], virtualMachineId: "vm-elsewhere" }];
    inv.names["vm-elsewhere"] = "vm-x";
    const text = generateProgram(inv, options).files["index.ts"];
    const block = text.slice(
      text.indexOf("new cim.Instance"),
      text.indexOf("});", text.indexOf("new cim.Instance")),
    );
    expect(block).toContain('new cim.Instance("Not_a_host_name"');
    for (const absent of [
      "name:",
      "displayName",
      "networkIds",
      "sshKeyNames",
      "haEnabled",
      "tags",
      "rootDiskSize",
    ]) {
      expect(block).not.toContain(absent);
    }
    expect(text).toContain('instanceId: "vm-elsewhere", // instance vm-x');
  });

  it("a public IP refers to its VPC; a static NAT to its address, instance and network, though it shares the address's id", () => {
    // the VPC's address: its tier (associatedNetworkId, while its static NAT lasts) is not an input
    expect(index).toContain(`const publicIpIp1981807 = new cim.PublicIp("ip-198-18-0-7", {
  adoptId: "ip-1",
  region,
  vpcId: vpcMain.id,
  zoneId: "${ZONE}", // de-fra-1a
  tags: { role: "web" },
});`);
    expect(index).toContain(`const staticNatWeb1981807 = new cim.StaticNat("web-198-18-0-7", {
  adoptId: "ip-1",
  region,
  publicIpId: publicIpIp1981807.id,
  instanceId: instanceWeb.id,
  networkId: networkAppTier.id,
});`);
  });

  it("a load-balancer rule refers to its address, network and member instances; API defaults left out", () => {
    // protocol tcp and the empty description are the API's defaults: left out, as a program would
    expect(index).toContain(`const lbRuleFront = new cim.LoadBalancerRule("front", {
  adoptId: "lb-1",
  region,
  name: "front",
  publicIpId: publicIpIp1981808.id,
  networkId: networkAppTier.id,
  publicPort: 80,
  privatePort: 8080,
  algorithm: "leastconn",
  memberIds: [instanceWeb.id, instanceWeb2.id],
  tags: { tier: "web" },
});`);
  });

  it("an internal load balancer refers to its tier and member instances; its address kept, API defaults left out", () => {
    // algorithm roundrobin, the empty description and no tags are the API's defaults: left out
    expect(index).toContain(`const internalLbDb = new cim.InternalLoadBalancer("db", {
  adoptId: "ilb-1",
  region,
  name: "db",
  networkId: networkAppTier.id,
  sourceIpAddressNetworkId: networkAppTier.id,
  sourceIpAddress: "10.1.1.50",
  sourcePort: 5432,
  instancePort: 5432,
  memberIds: [instanceWeb2.id],
});`);
  });

  it("names a key pair it does not adopt by its name", () => {
    const inv = inventory();
    delete inv.records.SshKeyPair;
    const text = generateProgram(inv, options).files["index.ts"];
    expect(text).toContain('  sshKeyNames: ["ops"],');
    expect(text).not.toContain("cim.SshKeyPair");
  });
});

describe("names and literals", () => {
  it("makes resource names and variables", () => {
    expect(resourceName("db data/1", "x")).toBe("db-data-1");
    expect(resourceName("  ", "volume-1234")).toBe("volume-1234");
    expect(variableName("network", "app-tier.2")).toBe("networkAppTier2");
  });

  it("writes TypeScript literals", () => {
    expect(literal({ a: 1, "b-c": [true, "x"], d: {} })).toBe('{ a: 1, "b-c": [true, "x"], d: {} }');
    expect(literal('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
  });
});

describe("network ACLs", () => {
  const DENY = "9b1e6a70-3c2d-4e5f-8a9b-0c1d2e3f4a5b";
  function withAcls(tierAcl: string): Inventory {
    const inv = inventory();
    const net = inv.records.Network[0] as Record<string, unknown>;
    net.aclId = tierAcl;
    inv.records.NetworkAclList = [{ id: "acl-1", name: "web", description: "web tier", vpcId: "vpc-1" }];
    inv.records.NetworkAclRule = [
      {
        id: "rule-2",
        aclId: "acl-1",
        aclName: "web",
        number: 20,
        protocol: "icmp",
        icmpType: -1,
        icmpCode: -1,
        cidrList: ["10.0.0.0/8", "::/0"],
        action: "Deny",
        trafficType: "Egress",
        reason: "no ping out",
        state: "Active",
      },
      {
        id: "rule-1",
        aclId: "acl-1",
        aclName: "web",
        number: 10,
        protocol: "tcp",
        startPort: 443,
        endPort: 443,
        cidrList: ["0.0.0.0/0"],
        action: "Allow",
        trafficType: "Ingress",
        state: "Active",
      },
    ];
    inv.names[DENY] = "default_deny";
    inv.skipped.push({
      kind: "NetworkAclList",
      id: DENY,
      name: "default_deny",
      reason: "a VPC's default list (the platform's; look it up with getNetworkAclList)",
    });
    return inv;
  }

  it("adopts lists (referring to their VPC) and rules (referring to their list), API defaults left out", () => {
    const { files, resources } = generateProgram(withAcls("acl-1"), options);
    const index = files["index.ts"];
    const order = resources.map((r) => `${r.kind} ${r.name}`);
    expect(order.indexOf("NetworkAclList web")).toBeGreaterThan(order.indexOf("Vpc main"));
    expect(order.indexOf("NetworkAclRule web-10")).toBeGreaterThan(order.indexOf("NetworkAclList web"));
    expect(order.indexOf("Network app-tier")).toBeGreaterThan(order.indexOf("NetworkAclList web"));
    expect(index).toContain(`const aclWeb = new cim.NetworkAclList("web", {
  adoptId: "acl-1",
  region,
  name: "web",
  description: "web tier",
  vpcId: vpcMain.id,
});`);
    // allow, ingress, the end port equal to the start port: the API's defaults, left out
    expect(index).toContain(`const aclRuleWeb10 = new cim.NetworkAclRule("web-10", {
  adoptId: "rule-1",
  region,
  aclId: aclWeb.id,
  number: 10,
  protocol: "tcp",
  startPort: 443,
  cidrList: ["0.0.0.0/0"],
});`);
    // icmp type and code -1 are the API's defaults too
    expect(index).toContain(`const aclRuleWeb20 = new cim.NetworkAclRule("web-20", {
  adoptId: "rule-2",
  region,
  aclId: aclWeb.id,
  number: 20,
  protocol: "icmp",
  cidrList: ["10.0.0.0/8", "::/0"],
  action: "deny",
  trafficType: "egress",
  description: "no ping out",
});`);
    expect(index).toContain('  networkDomain: "app.internal",\n  aclId: aclWeb.id,\n});');
  });

  it("a tier on a default list names it by id, with its name; the default list is not adopted", () => {
    const index = generateProgram(withAcls(DENY), options).files["index.ts"];
    expect(index).toContain(`  aclId: "${DENY}", // network ACL list default_deny`);
    expect(index).not.toContain(`adoptId: "${DENY}"`);
    expect(index).toContain(`NetworkAclList default_deny ${DENY}`);
  });

  it("a private gateway refers to its VPC and its ACL list, or names a default list by id", () => {
    const gw = (aclId: string) => ({
      id: "gw-1",
      vpcId: "vpc-1",
      ipAddress: "172.16.0.2",
      gateway: "172.16.0.1",
      netmask: "255.255.255.0",
      vlan: "100",
      sourceNatSupported: false,
      aclId,
      state: "Ready",
    });
    const inv = withAcls("acl-1");
    inv.records.VpcGateway = [gw("acl-1")];
    const { files, resources } = generateProgram(inv, options);
    const order = resources.map((r) => `${r.kind} ${r.name}`);
    expect(order.indexOf("VpcGateway main-gw-172-16-0-2")).toBeGreaterThan(
      order.indexOf("NetworkAclList web"),
    );
    // the VLAN is read back as text and written as the number the input takes; sourceNatSupported false is the default
    expect(
      files["index.ts"],
    ).toContain(`const gatewayMainGw1721602 = new cim.VpcGateway("main-gw-172-16-0-2", {
  adoptId: "gw-1",
  region,
  vpcId: vpcMain.id,
  ipAddress: "172.16.0.2",
  gateway: "172.16.0.1",
  netmask: "255.255.255.0",
  vlan: 100,
  aclId: aclWeb.id,
});`);
    const onDefault = withAcls("acl-1");
    onDefault.records.VpcGateway = [gw(DENY)];
    expect(generateProgram(onDefault, options).files["index.ts"]).toContain(
      `  aclId: "${DENY}", // network ACL list default_deny\n});`,
    );
  });
});

describe("snapshots", () => {
  function withSnapshots(): Inventory {
    const inv = inventory();
    inv.records.VolumeSnapshot = [
      { id: "snap-1", name: "nightly", volumeId: "vol-1", volumeName: "data", state: "BackedUp" },
      // of a root disk, which is not adopted (it goes with its instance): named by id
      { id: "snap-2", name: "root-before", volumeId: "root-9", volumeName: "ROOT-9", state: "BackedUp" },
    ];
    inv.records.InstanceSnapshot = [
      {
        id: "vs-1",
        name: "pre-upgrade",
        description: "before 2.0",
        virtualMachineId: "vm-1",
        type: "DiskAndMemory",
        state: "Ready",
      },
      { id: "vs-2", name: "cold", virtualMachineId: "vm-2", type: "Disk", state: "Ready" },
    ];
    return inv;
  }

  it("adopts volume snapshots referring to their volume and instance snapshots referring to their instance", () => {
    const { files, resources } = generateProgram(withSnapshots(), options);
    const index = files["index.ts"];
    const order = resources.map((r) => `${r.kind} ${r.name}`);
    expect(order.indexOf("VolumeSnapshot nightly")).toBeGreaterThan(order.indexOf("Volume data"));
    expect(order.indexOf("InstanceSnapshot pre-upgrade")).toBeGreaterThan(order.indexOf("Instance web"));
    expect(index).toContain(`const snapshotNightly = new cim.VolumeSnapshot("nightly", {
  adoptId: "snap-1",
  region,
  name: "nightly",
  volumeId: volumeData.id,
});`);
    expect(index).toContain('  volumeId: "root-9",');
    expect(index).toContain(`const instanceSnapshotPreUpgrade = new cim.InstanceSnapshot("pre-upgrade", {
  adoptId: "vs-1",
  region,
  name: "pre-upgrade",
  instanceId: instanceWeb.id,
  description: "before 2.0",
  memory: true,
});`);
    // an instance booted from a snapshot says so, referring to the adopted snapshot's id literal (snapshots
    // are declared after instances, which they refer to)
    const inv = withSnapshots();
    (inv.records.Instance[0] as Record<string, unknown>).snapshotId = "snap-1";
    const fromSnap = generateProgram(inv, options).files["index.ts"];
    expect(fromSnap).toMatch(
      /imageType: "snapshot",\n(.*\n)*? {2}snapshotId: "snap-1", \/\/ volume snapshot/,
    );
    // memory false is the default: left out
    expect(index).toMatch(
      /new cim\.InstanceSnapshot\("cold", \{\n {2}adoptId: "vs-2",\n {2}region,\n {2}name: "cold",\n {2}instanceId: \w+\.id,\n\}\);/,
    );
  });
});

describe("comments", () => {
  it("adopts the comments of adopted resources, referring to them; visibility only when admins-only", () => {
    const inv = inventory();
    inv.records.Comment = [
      {
        id: "note-2",
        on: "volume",
        entityId: "vol-1",
        entityType: "VOLUME",
        annotation: "restore tested weekly",
        adminsOnly: true,
        created: "2026-11-02T10:00:00Z",
      },
      {
        id: "note-1",
        on: "network",
        entityId: "net-1",
        entityType: "NETWORK",
        annotation: 'owned by "team a"',
        adminsOnly: false,
        created: "2026-11-01T10:00:00Z",
      },
      {
        id: "note-3",
        on: "network",
        entityId: "net-1",
        entityType: "NETWORK",
        annotation: "second note",
        adminsOnly: false,
        created: "2026-11-03T10:00:00Z",
      },
    ];
    const { files, resources } = generateProgram(inv, options);
    const index = files["index.ts"];
    const comments = resources.filter((r) => r.kind === "Comment");
    expect(comments.map((r) => `${r.name} ${r.id}`)).toEqual([
      "app-tier-comment note-1",
      "app-tier-comment-2 note-3",
      "data-comment note-2",
    ]);
    // after what they refer to
    const order = resources.map((r) => r.kind);
    expect(order.indexOf("Comment")).toBeGreaterThan(order.lastIndexOf("Volume"));
    expect(index).toContain(`const commentAppTierComment = new cim.Comment("app-tier-comment", {
  adoptId: "note-1",
  region,
  networkId: networkAppTier.id,
  text: "owned by \\"team a\\"",
});`);
    expect(index).toContain(`const commentDataComment = new cim.Comment("data-comment", {
  adoptId: "note-2",
  region,
  volumeId: volumeData.id,
  text: "restore tested weekly",
  adminsOnly: true,
});`);
  });
});

describe("shared file systems and instance groups", () => {
  function withFilesAndGroups(): Inventory {
    const inv = inventory();
    inv.records.InstanceGroup = [
      { id: "grp-1", name: "web-servers", regionId: "99999999-0000-0000-0000-000000000000" },
    ];
    (inv.records.Instance[0] as Record<string, unknown>).group = "web-servers";
    // in a group the program does not adopt (another region's, say): named as it is
    (inv.records.Instance[1] as Record<string, unknown>).group = "batch";
    inv.records.FileSystem = [
      {
        id: "fs-1",
        name: "assets",
        description: "shared assets",
        zoneId: ZONE,
        networkId: "net-1",
        diskOfferingId: CUSTOM,
        serviceOfferingId: SMALL,
        size: 20 * 1024 ** 3,
        filesystem: "XFS",
        state: "Ready",
      },
      {
        id: "fs-2",
        name: "scratch",
        zoneId: ZONE,
        networkId: "net-1",
        diskOfferingId: CUSTOM,
        state: "Error",
      },
    ];
    return inv;
  }

  it("adopts groups before instances, which name them by the group's name output; file systems refer to their network", () => {
    const { files, resources } = generateProgram(withFilesAndGroups(), options);
    const index = files["index.ts"];
    const order = resources.map((r) => `${r.kind} ${r.name}`);
    expect(order.indexOf("InstanceGroup web-servers")).toBeLessThan(order.indexOf("Instance web"));
    expect(order.indexOf("FileSystem assets")).toBeGreaterThan(order.indexOf("Network app-tier"));
    expect(index).toContain(`const groupWebServers = new cim.InstanceGroup("web-servers", {
  adoptId: "grp-1",
  region,
  name: "web-servers",
});`);
    expect(index).toMatch(/new cim\.Instance\("web", \{\n(.*\n)*? {2}group: groupWebServers\.name,\n/);
    expect(index).toContain('  group: "batch",');
    // size in GiB from the API's bytes; XFS is the default, left out
    expect(index).toContain(`const fileSystemAssets = new cim.FileSystem("assets", {
  adoptId: "fs-1",
  region,
  name: "assets",
  description: "shared assets",
  zoneId: "${ZONE}", // de-fra-1a
  networkId: networkAppTier.id,
  diskOfferingId: "${CUSTOM}", // Custom
  size: 20,
  serviceOfferingId: "${SMALL}", // Small
});`);
    // a file system in Error is read but not adopted (the inventory skips it)
    expect(kinds.FileSystem.importer?.skip?.({ id: "fs-2", state: "Error" })).toMatch(/failed/);
  });
});

describe("multi-region groups and projects", () => {
  const AMS = "88888888-0000-0000-0000-000000000000";
  function withGroups(): Inventory {
    const inv = inventory();
    const here = inv.region.id;
    inv.records.MultiRegionGroup = [{ id: "mr-1", name: "mesh", description: "both sites", state: "Active" }];
    inv.records.MultiRegionGroupVpc = [
      { id: "m-1", groupId: "mr-1", vpcId: "vpc-1", vpcName: "main", regionId: here, state: "Active" },
      // a VPC of another region: not adopted by this region's import, named by id with its region
      { id: "m-2", groupId: "mr-1", vpcId: "vpc-ams", vpcName: "ams", regionId: AMS, state: "Active" },
    ];
    inv.records.Project = [{ id: "p-1", name: "shop", displayText: "the shop", state: "Active" }];
    return inv;
  }

  it("adopts a group, its members referring to it and to the VPCs adopted here, and a project", () => {
    const { files, resources } = generateProgram(withGroups(), options);
    const index = files["index.ts"];
    const order = resources.map((r) => `${r.kind} ${r.name}`);
    expect(order.indexOf("MultiRegionGroupVpc mesh-main")).toBeGreaterThan(
      order.indexOf("MultiRegionGroup mesh"),
    );
    expect(order.indexOf("MultiRegionGroupVpc mesh-main")).toBeGreaterThan(order.indexOf("Vpc main"));
    expect(index).toContain(`const multiRegionMesh = new cim.MultiRegionGroup("mesh", {
  adoptId: "mr-1",
  region,
  name: "mesh",
  description: "both sites",
});`);
    expect(index).toContain(`const multiRegionVpcMeshMain = new cim.MultiRegionGroupVpc("mesh-main", {
  adoptId: "m-1",
  region,
  groupId: multiRegionMesh.id,
  vpcId: vpcMain.id,
  vpcRegion: "${withGroups().region.id}",
});`);
    expect(index).toContain(`  groupId: multiRegionMesh.id,
  vpcId: "vpc-ams", // VPC
  vpcRegion: "${AMS}",
});`);
    expect(index).toContain(`const projectShop = new cim.Project("shop", {
  adoptId: "p-1",
  region,
  name: "shop",
  displayText: "the shop",
});`);
  });
});

describe("templates and ISOs", () => {
  const UBUNTU = "11111111-0000-0000-0000-00000000000b";
  function withImages(): Inventory {
    const inv = inventory();
    const image = {
      zoneId: ZONE,
      osTypeId: UBUNTU,
      isReady: true,
      status: "Download Complete",
      state: "Ready",
      account: "user-1",
      isDynamicallyScalable: false,
    };
    inv.records.Template = [
      {
        ...image,
        id: "tpl-1",
        name: "golden",
        displayText: "golden image",
        url: "https://images.example.com/golden.qcow2",
        format: "QCOW2",
        hypervisor: "KVM",
        passwordEnabled: true,
      },
    ];
    inv.records.TemplatePermissions = [
      {
        id: "tpl-1",
        isPublic: false,
        isFeatured: false,
        isExtractable: true,
        accounts: ["team-b"],
        projectIds: [],
        account: "user-1",
      },
    ];
    inv.records.Iso = [
      {
        ...image,
        id: "iso-1",
        name: "rescue",
        displayText: "rescue",
        url: "https://images.example.com/rescue.iso",
        format: "ISO",
        bootable: true,
      },
    ];
    // an instance of the adopted template, another booted from the adopted ISO
    inv.records.Instance[0].templateId = "tpl-1";
    inv.records.Instance[1].templateId = "iso-1";
    inv.records.Instance[1].isoId = "iso-1";
    return inv;
  }

  it("adopts the account's images before the instances that refer to them; permissions refer to their template", () => {
    const { files, resources } = generateProgram(withImages(), options);
    const index = files["index.ts"];
    const order = resources.map((r) => `${r.kind} ${r.name}`);
    expect(order.indexOf("Template golden")).toBeLessThan(
      order.indexOf("TemplatePermissions golden-permissions"),
    );
    expect(order.indexOf("TemplatePermissions golden-permissions")).toBeLessThan(
      order.indexOf("Instance web"),
    );
    expect(index).toContain(`const templateGolden = new cim.Template("golden", {
  adoptId: "tpl-1",
  region,
  name: "golden",
  displayText: "golden image",
  url: "https://images.example.com/golden.qcow2",
  zoneId: "${ZONE}", // de-fra-1a
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId: "${UBUNTU}",
  passwordEnabled: true,
});`);
    // API defaults (private, not featured) left out
    expect(index).toContain(`new cim.TemplatePermissions("golden-permissions", {
  adoptId: "tpl-1",
  region,
  templateId: templateGolden.id,
  isExtractable: true,
  accounts: ["team-b"],
});`);
    expect(index).toMatch(
      /new cim\.Iso\("rescue", \{\n {2}adoptId: "iso-1",(.*\n)*? {2}url: "https:\/\/images\.example\.com\/rescue\.iso",/,
    );
    expect(index).toMatch(/templateId: templateGolden\.id,/);
    expect(index).toMatch(/imageType: "iso",\n {2}isoId: isoRescue\.id,/);
  });
});
