// The seeded world: two regions (one primary), their zones and catalogue, their shared zone networks, two
// users and their limits. The store is handed it; nothing here knows the store.
import { createHash } from "node:crypto";
import type { NetworkRec } from "./families/networks/records";
import type { BaseState, Limits, User } from "./records";

/** Deterministic UUID (v5 layout) so seeded ids are the same in every data dir. */
export function seedId(...parts: string[]): string {
  const h = createHash("sha1")
    .update(`cim-emulator:${parts.join("/")}`)
    .digest("hex");
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const ZONE_CAPACITY = 2000;
const EPOCH = "2024-01-01T00:00:00.000Z";

const REGIONS = [
  { name: "de-fra-1", primary: true, zones: ["de-fra-1a", "de-fra-1b"] },
  { name: "nl-ams-1", primary: false, zones: ["nl-ams-1a"] },
];

/** `scalable`: the image has the tools to scale while running (the Windows image has none installed). */
const TEMPLATES = [
  { name: "Ubuntu 22.04 LTS", min: 10, os: "Ubuntu 22.04 (64-bit)", password: false, scalable: true },
  { name: "Debian 12", min: 8, os: "Debian GNU/Linux 12 (64-bit)", password: false, scalable: true },
  {
    name: "Windows Server 2022",
    min: 40,
    os: "Windows Server 2022 (64-bit)",
    password: true,
    scalable: false,
  },
];

const ISOS = [
  { name: "Alpine 3.20", os: "Other Linux (64-bit)" },
  { name: "Ubuntu 24.04 Live Server", os: "Ubuntu 24.04 (64-bit)" },
];

/**
 * Guest OS types (CloudStack's listOsTypes), global as the platform's guest_os table: those of the seeded images,
 * and a few more for registered ones. Ids are the seeded images' osTypeId.
 */
const OS_TYPES = [
  { description: "Ubuntu 22.04 (64-bit)", osCategory: "Ubuntu" },
  { description: "Ubuntu 24.04 (64-bit)", osCategory: "Ubuntu" },
  { description: "Debian GNU/Linux 12 (64-bit)", osCategory: "Debian" },
  { description: "Rocky Linux 9 (64-bit)", osCategory: "CentOS" },
  { description: "Windows Server 2022 (64-bit)", osCategory: "Windows" },
  { description: "Other Linux (64-bit)", osCategory: "Other" },
  { description: "Other (64-bit)", osCategory: "Other" },
];

const COMPUTE = [
  { name: "Small", cpuNumber: 1, cpuSpeed: 500, memory: 512, dynamicScalingEnabled: true },
  { name: "Medium", cpuNumber: 2, cpuSpeed: 2000, memory: 4096, dynamicScalingEnabled: true },
  { name: "Large", cpuNumber: 4, cpuSpeed: 2000, memory: 8192, dynamicScalingEnabled: true },
];

const DISKS = [
  { name: "Small 20 GB", diskSizeGb: 20, customized: false },
  { name: "Medium 50 GB", diskSizeGb: 50, customized: false },
  { name: "Custom", diskSizeGb: 0, customized: true },
];

/**
 * Backup offerings, in every zone (CloudStack's are per zone). Both allow user-driven backups: an account that
 * is not an admin sees only those (BackupManagerImpl.listBackupOfferings).
 */
const BACKUP_OFFERINGS = [
  { name: "Standard", description: "Daily backups kept 7 days" },
  { name: "Gold", description: "Hourly backups kept 30 days" },
];

/**
 * Kubernetes versions (CloudStack's listKubernetesSupportedVersions): every one needs 2 vCPUs and 2 GB per node
 * (CloudStack's floor), so the Small offering is refused; 1.26.15 is Disabled (no new cluster, no upgrade to it).
 */
const KUBERNETES_VERSIONS = [
  { semanticVersion: "1.26.15", state: "Disabled" },
  { semanticVersion: "1.27.3", state: "Enabled" },
  { semanticVersion: "1.27.8", state: "Enabled" },
  { semanticVersion: "1.28.4", state: "Enabled" },
  { semanticVersion: "1.29.2", state: "Enabled" },
];

/** The world as it starts: the base state plus the zone default networks (the networks collection). */
export function seedWorld(limits: Limits): BaseState & { networks: Record<string, NetworkRec> } {
  const s: BaseState & { networks: Record<string, NetworkRec> } = {
    schema: 1,
    regions: [],
    zones: [],
    templates: [],
    isos: [],
    computeOfferings: [],
    diskOfferings: [],
    networkOfferings: [],
    vpcOfferings: [],
    backupOfferings: [],
    kubernetesVersions: [],
    osTypes: OS_TYPES.map((o) => ({ id: seedId("ostype", o.description), ...o })),
    users: {},
    limits: {},
    networks: {},
    genericTags: {},
    jobs: {},
    audit: [],
    instanceSeq: 0,
  };
  REGIONS.forEach((r, regionIndex) => {
    const regionId = seedId("region", r.name);
    s.regions.push({ id: regionId, name: r.name, primary: r.primary, active: true });
    r.zones.forEach((zoneName, zoneIndex) => {
      const zoneId = seedId(r.name, "zone", zoneName);
      const net = sharedNetwork(regionId, zoneId, zoneName, `100.${64 + regionIndex * 8 + zoneIndex}`);
      s.networks[net.id] = net;
      s.zones.push({
        id: zoneId,
        name: zoneName,
        regionId,
        capacity: ZONE_CAPACITY,
        defaultNetworkId: net.id,
      });
      for (const b of BACKUP_OFFERINGS) {
        const id = seedId(r.name, zoneName, "backupoffering", b.name);
        s.backupOfferings.push({ id, regionId, zoneId, ...b, provider: "nas", allowUserDrivenBackups: true });
      }
    });
    for (const t of TEMPLATES) {
      s.templates.push({
        id: seedId(r.name, "template", t.name),
        regionId,
        name: t.name,
        displayText: t.name,
        minRootDiskSizeGb: t.min,
        osTypeId: seedId("ostype", t.os),
        osDisplayName: t.os,
        format: "QCOW2",
        templateType: "USER",
        passwordEnabled: t.password,
        isDynamicallyScalable: t.scalable,
      });
    }
    for (const i of ISOS) {
      s.isos.push({
        id: seedId(r.name, "iso", i.name),
        regionId,
        name: i.name,
        displayText: i.name,
        osTypeId: seedId("ostype", i.os),
        osDisplayName: i.os,
      });
    }
    for (const c of COMPUTE)
      s.computeOfferings.push({ id: seedId(r.name, "compute", c.name), regionId, ...c });
    for (const d of DISKS) s.diskOfferings.push({ id: seedId(r.name, "disk", d.name), regionId, ...d });
    s.networkOfferings.push(
      { id: seedId(r.name, "netoffering", "Isolated"), regionId, name: "Isolated", forVpc: false },
      { id: seedId(r.name, "netoffering", "VPC Tier"), regionId, name: "VPC Tier", forVpc: true },
      {
        id: seedId(r.name, "netoffering", "VPC Tier with Internal LB"),
        regionId,
        name: "VPC Tier with Internal LB",
        forVpc: true,
        internalLb: true,
      },
    );
    s.vpcOfferings.push({ id: seedId(r.name, "vpcoffering", "Default VPC"), regionId, name: "Default VPC" });
    for (const k of KUBERNETES_VERSIONS) {
      s.kubernetesVersions.push({
        id: seedId(r.name, "kubernetes", k.semanticVersion),
        regionId,
        name: `v${k.semanticVersion}`,
        semanticVersion: k.semanticVersion,
        minimumCpuNumber: 2,
        minimumRamSize: 2048,
        state: k.state,
        supportsHa: true,
        supportsAutoscaling: true,
      });
    }
  });
  const allRegions = s.regions.map((r) => r.id);
  for (const [sub, active] of [
    ["user-1", true],
    ["user-inactive", false],
  ] as const) {
    s.users[sub] = newUser(sub, active, allRegions);
    s.limits[sub] = { ...limits };
  }
  return s;
}

export function newUser(sub: string, active: boolean, regionIds: string[]): User {
  return {
    sub,
    userId: seedId("user", sub),
    username: sub,
    domainId: seedId("domain", "ROOT"),
    active,
    regionIds,
  };
}

function sharedNetwork(regionId: string, zoneId: string, zoneName: string, prefix: string): NetworkRec {
  return {
    id: seedId("network", zoneName, "default"),
    regionId,
    account: "system",
    created: EPOCH,
    lastUpdated: EPOCH,
    tags: {},
    hasAnnotations: false,
    name: `${zoneName}-default`,
    displayText: `Default shared network of ${zoneName}`,
    zoneId,
    networkOfferingId: "",
    gateway: `${prefix}.0.1`,
    netmask: "255.255.0.0",
    cidr: `${prefix}.0.0/16`,
    state: "Implemented",
    shared: true,
    networkDomain: "cim.internal",
  };
}
