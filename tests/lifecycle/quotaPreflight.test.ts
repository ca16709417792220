// The quota preflight (provider/lifecycle/quotaPreflight.ts) against the emulator: creates are counted per kind
// and account, my-limits is read once, one warning per kind when the allowance would be exceeded; updates,
// replacements and adoptions do not count; failures of the read never reach the check. The plugin processes of one
// deployment count together.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { kinds } from "../../provider/kinds";
import { shareWithDeployment, stopSharing } from "../../provider/lifecycle/deploymentShared";
import { aboutResource } from "../../provider/lifecycle/engineLog";
import { overLimit, quotaPreflight, resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { UNKNOWN } from "../../provider/lifecycle/values";

let emu: Emulator;
let control: EmulatorControl;
let warnings: string[];
const saved = { ...process.env };

beforeAll(async () => {
  emu = await startEmulator({ jobLatencyMs: 0 });
  control = await EmulatorControl.of(emu);
  // The provider's config falls back to the environment when configure() has not run.
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = await emu.token();
  delete process.env.CIM_REGION;
  delete process.env.CIM_QUOTA_PREFLIGHT;
});

afterAll(async () => {
  process.env = saved;
  resetQuotaPreflight();
  await emu?.close();
});

beforeEach(async () => {
  warnings = [];
  resetQuotaPreflight((m) => void warnings.push(m));
  await control.clearFaults();
  await control.resetRequests();
  await control.limits({
    instanceLimit: 2,
    volumeLimit: 5,
    vpcLimit: 100,
    networkLimit: 500,
    publicIpLimit: 500,
  });
});

const auth = () => ({ authorization: `Bearer ${process.env.CIM_TOKEN}` });

const create = (
  kind: "Instance" | "Volume" | "Vpc" | "Network" | "PublicIp",
  inputs: Record<string, unknown> = {},
) => quotaPreflight(kinds[kind], {}, { zoneId: "z", ...inputs });

describe("quota preflight", () => {
  it("warns once per kind when the creates pass the allowance, reading my-limits once", async () => {
    await create("Instance");
    await create("Instance");
    expect(warnings).toEqual([]);
    await create("Instance");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("cim quota: this program creates at least 3 new instances");
    expect(warnings[0]).toContain(
      "the account has 2 of 2 instances left (0 in use, GET /api/v1/tenants/my-limits)",
    );
    expect(warnings[0]).toContain("instanceLimit");
    await create("Instance");
    expect(warnings).toHaveLength(1);

    // the four instances' root disks are volumes: the second volume is the sixth
    await create("Volume");
    expect(warnings).toHaveLength(1);
    await create("Volume");
    expect(warnings).toHaveLength(2);
    // said of the root disks: the program may declare no volume at all
    expect(warnings[1]).toContain(
      "at least 6 new volumes (the root disk of each new instance is one), but the account has 5 of 5 volumes left",
    );
    expect(warnings[1]).toContain("remove volumes or instances, or ask for a higher volumeLimit");

    await Promise.all([create("Vpc"), create("Network"), create("Network")]);
    expect(warnings).toHaveLength(2);

    const counters = await control.requests();
    expect(counters["GET /api/v1/tenants/my-limits"]).toBe(1);
  });

  it("on the plugin, the processes of an operation count together: one reading, each resource once, one warning", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-quota-"));
    const urn = (name: string) => `urn:pulumi:dev::app::cim:index:Instance::${name}`;
    /** A plugin process (a provider) of the operation the engine's server `operation` runs: nothing in memory. */
    const processOf = (operation: string) => {
      resetQuotaPreflight((m) => void warnings.push(m));
      shareWithDeployment(dir, process.pid, operation);
      return (name: string) => aboutResource(urn(name), () => create("Instance"));
    };
    try {
      await control.limits({ instanceLimit: 3, volumeLimit: 100 });
      // `pulumi up`'s preview: the default provider's process, then an explicit provider's
      const fra = processOf("127.0.0.1:40001");
      await fra("fra-0");
      await fra("fra-1");
      // the allowance moves after the first reading: the operation keeps that reading (it is not read again), so
      // what it counts is judged against one account's figures
      await control.limits({ instanceLimit: 2, volumeLimit: 100 });
      const ams = processOf("127.0.0.1:40001");
      await ams("ams-0");
      await ams("ams-0"); // checked twice (a replacement's second check): one resource
      expect(warnings).toEqual([]);
      await ams("ams-1");
      await fra("fra-2");
      expect(warnings).toEqual([
        expect.stringContaining(
          "this program creates at least 4 new instances, but the account has 3 of 3 instances left (0 in use",
        ),
      ]);
      expect((await control.requests())["GET /api/v1/tenants/my-limits"]).toBe(1);
      // written: the account's digest (not its token's subject, nor the API's address), URNs, allowances, counts
      const text = fs
        .readdirSync(dir)
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("");
      expect(text).toContain(urn("fra-0"));
      expect(text).not.toContain("user-1");
      expect(text).not.toContain(emu.url);
      // the update after the preview: another operation (another server address), which counts and reads anew
      warnings.length = 0;
      const update = processOf("127.0.0.1:40002");
      await update("fra-0");
      await update("fra-1");
      expect(warnings).toEqual([]);
      await update("ams-0");
      expect(warnings).toEqual([
        expect.stringContaining(
          "creates at least 3 new instances, but the account has 2 of 2 instances left",
        ),
      ]);
    } finally {
      stopSharing();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("counts an instance's root disk against the volume allowance", async () => {
    await control.limits({ instanceLimit: 100, volumeLimit: 1 });
    await create("Instance");
    expect(warnings).toEqual([]);
    await create("Instance");
    expect(warnings).toEqual([
      expect.stringContaining(
        "creates at least 2 new volumes (the root disk of each new instance is one), but the account has 1 of 1 volume left",
      ),
    ]);
  });

  it("counts each node of a new Kubernetes cluster as an instance, and its root disk as a volume", async () => {
    await control.limits({ instanceLimit: 7, volumeLimit: 100 });
    const cluster = (inputs: Record<string, unknown>) =>
      quotaPreflight(kinds.KubernetesCluster, {}, { zoneId: "z", ...inputs });
    await cluster({ size: 3 }); // and the control node: 4
    await cluster({ autoscaling: { minSize: 2, maxSize: 5 } }); // created with minSize workers: 3
    expect(warnings).toEqual([]);
    // not known yet at preview: the defaults, one control node and one worker, the least it will be
    await cluster({ controlNodes: UNKNOWN, size: UNKNOWN });
    expect(warnings).toEqual([
      expect.stringContaining(
        "this program creates at least 9 new instances (each node of a new Kubernetes cluster, control or worker, is one), but the account has 7 of 7 instances left",
      ),
    ]);
    expect(warnings[0]).toContain(
      "remove instances or Kubernetes clusters, or ask for a higher instanceLimit",
    );

    warnings = [];
    resetQuotaPreflight((m) => void warnings.push(m));
    await control.limits({ instanceLimit: 100, volumeLimit: 4 });
    await create("Instance");
    await cluster({ controlNodes: 3, size: 1 });
    expect(warnings).toEqual([
      expect.stringContaining(
        "creates at least 5 new volumes (the root disk of each new instance is one; the root disk of each node of a new Kubernetes cluster is one), but the account has 4 of 4 volumes left",
      ),
    ]);
  });

  it("counts a new shared file system's VM as an instance, with its root disk and data volume as two volumes", async () => {
    await control.limits({ instanceLimit: 1, volumeLimit: 3 });
    const share = () => quotaPreflight(kinds.FileSystem, {}, { zoneId: "z", networkId: "n" });
    await share();
    expect(warnings).toEqual([]);
    await share();
    expect(warnings).toEqual([
      expect.stringContaining(
        "creates at least 2 new instances (the VM serving each new shared file system is one), but the account has 1 of 1 instance left",
      ),
      expect.stringContaining(
        "creates at least 4 new volumes (each new shared file system uses two, its VM's root disk and its data volume), but the account has 3 of 3 volumes left",
      ),
    ]);
    expect(warnings[1]).toContain("remove volumes or shared file systems");
  });

  it("on the plugin, a warning says how another process's creates use up the allowance", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-quota-"));
    const urn = (kind: string, name: string) => `urn:pulumi:dev::app::cim:index:${kind}::${name}`;
    const processOf = () => {
      resetQuotaPreflight((m) => void warnings.push(m));
      shareWithDeployment(dir, process.pid, "127.0.0.1:40003");
      return (kind: "Instance" | "Volume", name: string) =>
        aboutResource(urn(kind, name), () => create(kind));
    };
    try {
      await control.limits({ instanceLimit: 100, volumeLimit: 2 });
      const fra = processOf();
      await fra("Instance", "web-0");
      await fra("Instance", "web-1");
      // another provider's process: its volume is the third, and the two before it were root disks of instances
      const ams = processOf();
      await ams("Volume", "data");
      expect(warnings).toEqual([
        expect.stringContaining(
          "creates at least 3 new volumes (the root disk of each new instance is one), but the account has 2 of 2 volumes left",
        ),
      ]);
      expect(warnings[0]).toContain("remove volumes or instances, or ask");
    } finally {
      stopSharing();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("counts volume snapshots against the snapshot allowance (CloudStack's resource type snapshot)", async () => {
    await control.limits({ snapshotLimit: 1 });
    await quotaPreflight(kinds.VolumeSnapshot, {}, { volumeId: "v" });
    expect(warnings).toEqual([]);
    await quotaPreflight(kinds.VolumeSnapshot, {}, { volumeId: "v" });
    expect(warnings).toEqual([
      expect.stringContaining(
        "creates at least 2 new volume snapshots, but the account has 1 of 1 volume snapshot left",
      ),
    ]);
    expect(warnings[0]).toContain("snapshotLimit");
    await control.limits({ snapshotLimit: 20 });
  });

  it("an instance booted from a volume makes no new volume: its root disk is counted already", async () => {
    await control.limits({ instanceLimit: 100, volumeLimit: 1 });
    await create("Instance", { imageType: "volume", volumeId: "v" });
    await create("Instance", { imageType: "volume", volumeId: "w" });
    expect(warnings).toEqual([]);
    await create("Instance", { imageType: "snapshot", snapshotId: "s" });
    await create("Instance");
    expect(warnings).toEqual([expect.stringContaining("creates at least 2 new volumes")]);
  });

  it("counts what is already in use", async () => {
    await control.limits({ instanceLimit: 0 });
    await create("Instance");
    expect(warnings).toEqual([
      expect.stringContaining("creates at least 1 new instance, but the account has 0 of 0 instances left"),
    ]);
  });

  it("does not count updates, replacements or adoptions", async () => {
    for (let i = 0; i < 5; i++)
      await quotaPreflight(kinds.Instance, { zoneId: "z", name: `old-${i}` }, { zoneId: "z" });
    for (let i = 0; i < 5; i++) await create("Instance", { adoptId: `9f0c…${i}` });
    expect(warnings).toEqual([]);
    await create("Instance");
    await create("Instance");
    expect(warnings).toEqual([]);
  });

  it("stays silent when my-limits cannot be read, and never throws", async () => {
    await control.fault({ method: "GET", route: "/api/v1/tenants/my-limits", status: 404 });
    for (let i = 0; i < 4; i++) await expect(create("Instance")).resolves.toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("can be turned off with CIM_QUOTA_PREFLIGHT=off", async () => {
    process.env.CIM_QUOTA_PREFLIGHT = "off";
    try {
      for (let i = 0; i < 4; i++) await create("Instance");
      expect(warnings).toEqual([]);
      expect((await control.requests())["GET /api/v1/tenants/my-limits"]).toBeUndefined();
    } finally {
      delete process.env.CIM_QUOTA_PREFLIGHT;
    }
  });

  it("counts public IPs against publicIpLimit, with what is in use (the source-NAT addresses of VPCs count)", async () => {
    await control.limits({ publicIpLimit: 2 });
    const first = async (path: string): Promise<string> => {
      const rows = (await (await fetch(`${emu.url}/api/v1${path}`, { headers: auth() })).json()) as {
        id: string;
      }[];
      return rows[0].id;
    };
    const zoneId = await first("/zones");
    const vpcOfferingId = await first("/offerings/vpc");
    const made = await fetch(`${emu.url}/api/v1/vpcs`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ name: "q", displayText: "q", zoneId, cidr: "10.60.0.0/16", vpcOfferingId }),
    });
    expect(made.status).toBe(200);
    await quotaPreflight(kinds.PublicIp, {}, { vpcId: "v" });
    expect(warnings).toEqual([]);
    await quotaPreflight(kinds.PublicIp, {}, { vpcId: "v" });
    expect(warnings).toEqual([
      expect.stringContaining(
        "creates at least 2 new public IPs, but the account has 1 of 2 public IPs left (1 in use",
      ),
    ]);
    expect(warnings[0]).toContain("publicIpLimit");
  });

  /** The public IPs the account holds now (the source-NAT addresses of VPCs other tests made). */
  const publicIpsInUse = async () =>
    (
      (await (await fetch(`${emu.url}/api/v1/tenants/my-limits`, { headers: auth() })).json()) as {
        publicIpCount: number;
      }
    ).publicIpCount;

  it("counts the source-NAT address of each new VPC and isolated network ahead, not of a tier", async () => {
    // 18 VPCs and 3 addresses of one of them: the platform gives each VPC an address as it makes it, so the third
    // cim.PublicIp is the 21st address and its acquire fails at up
    const used = await publicIpsInUse();
    await control.limits({ publicIpLimit: used + 20 });
    for (let i = 0; i < 18; i++) await create("Vpc");
    await create("PublicIp", { vpcId: UNKNOWN });
    await create("PublicIp", { vpcId: UNKNOWN });
    expect(warnings).toEqual([]);
    // tiers, given a VPC known or not yet, use their VPC's address
    await create("Network", { vpcId: UNKNOWN });
    await create("Network", { vpcId: "9f0c0000-0000-4000-8000-000000000001" });
    expect(warnings).toEqual([]);
    await create("PublicIp", { vpcId: UNKNOWN });
    expect(warnings).toEqual([
      expect.stringContaining(
        `creates at least 21 new public IPs, but the account has 20 of ${used + 20} public IPs left (${used} in use`,
      ),
    ]);
    expect(warnings[0]).toContain(
      "18 of the 21 are the source-NAT addresses of new VPCs and isolated networks, which the platform makes whatever the allowance: the creates it refuses are the others.",
    );
  });

  it("warns of nothing when only source-NAT addresses pass the public IP allowance: the platform makes them", async () => {
    await control.limits({ publicIpLimit: await publicIpsInUse() });
    await create("Vpc");
    await create("Network");
    expect(warnings).toEqual([]);
  });

  it("counts an isolated network's source-NAT address against the public IP allowance", async () => {
    await control.limits({ publicIpLimit: (await publicIpsInUse()) + 1 });
    await create("Network");
    expect(warnings).toEqual([]);
    await create("PublicIp", { networkId: UNKNOWN });
    expect(warnings).toEqual([expect.stringContaining("creates at least 2 new public IPs")]);
  });

  it("counts multi-region groups against maxMultiRegions of GET /multi-regions/quota, groups of every region in use", async () => {
    await control.limits({ maxMultiRegions: 2 });
    const made = await fetch(`${emu.url}/api/v1/multi-regions`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ name: "in-use" }),
    });
    expect(made.status).toBe(200);
    await quotaPreflight(kinds.MultiRegionGroup, {}, { name: "a" });
    expect(warnings).toEqual([]);
    await quotaPreflight(kinds.MultiRegionGroup, {}, { name: "b", region: emu.regions[1].id });
    expect(warnings).toEqual([
      expect.stringContaining(
        "creates at least 2 new multi-region groups, but the account has 1 of 2 multi-region groups left (1 in use, GET /api/v1/multi-regions/quota)",
      ),
    ]);
    expect(warnings[0]).toContain("a higher maxMultiRegions");
    // a member adds no group; my-limits was never needed
    await quotaPreflight(kinds.MultiRegionGroupVpc, {}, { groupId: "g", vpcId: "v" });
    const counters = await control.requests();
    expect(counters["GET /api/v1/multi-regions/quota"]).toBe(1);
    expect(counters["GET /api/v1/tenants/my-limits"]).toBeUndefined();
    await control.limits({ maxMultiRegions: 5 });
  });

  it("phrases the warning from the limits record", () => {
    const limits = { vpcLimit: 10, vpcCount: 9 };
    expect(overLimit(kinds.Vpc, 1, limits)).toBeUndefined();
    expect(overLimit(kinds.Vpc, 2, limits)).toContain(
      "creates at least 2 new VPCs, but the account has 1 of 10 VPCs left",
    );
    expect(overLimit(kinds.Network, 5, {})).toBeUndefined(); // no limit reported: nothing to compare
  });
});
