// Lookup functions (sdk/lookups/) against the emulator: by name and id, region-aware, client-side zone
// filtering, failures that list the candidates, and no token in any message.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import * as cim from "../../sdk";
import { clearLookupCache, LookupError } from "../../sdk/lookups";
import { apiCaller } from "../fixtures/apiCall";

let emu: Emulator;
let dataDir: string;
let token: string;
let primary: { id: string; name: string };
let secondary: { id: string; name: string };
const saved = { ...process.env };

async function failure(p: Promise<unknown>): Promise<LookupError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(LookupError);
  return e as LookupError;
}

/** A call of the API as the user, which must succeed (records a lookup then finds); waits for its job. */
async function userCall(method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`${emu.url}/api/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${p}`).toBe(200);
  const out: any = await res.json();
  for (let job: any = out; job?.jobId && job.status !== "success"; ) {
    job = await (
      await fetch(`${emu.url}/api/v1/jobs/${out.jobId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    if (job.status === "error") throw new Error(`${method} ${p}: job failed: ${job.detail}`);
  }
  return out;
}

beforeAll(async () => {
  // A duplicate template name in the secondary region, written into the data dir between two starts.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-lookups-"));
  const first = await startEmulator({ dataDir });
  await first.close();
  const file = path.join(dataDir, "state.json");
  const state = JSON.parse(fs.readFileSync(file, "utf8"));
  const second = state.regions.find((r: any) => !r.primary);
  const debian = state.templates.find((t: any) => t.regionId === second.id && t.name === "Debian 12");
  state.templates.push({ ...debian, id: "0b6c6f0e-1d7a-4a3e-9a55-2d6f6f0f0001" });
  fs.writeFileSync(file, JSON.stringify(state));

  emu = await startEmulator({ dataDir, jobLatencyMs: 0 });
  token = await emu.token();
  primary = emu.regions.find((r) => r.primary)!;
  secondary = emu.regions.find((r) => !r.primary)!;
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = token;
  delete process.env.CIM_REGION;
  delete process.env.CIM_AUDIENCE;
});

afterEach(() => {
  delete process.env.CIM_REGION;
  clearLookupCache();
});

afterAll(async () => {
  process.env = saved;
  await emu?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("regions", () => {
  it("lists the regions and finds one by name or id", async () => {
    const regions = await cim.getRegions();
    expect(regions.map((r) => r.name).sort()).toEqual(["de-fra-1", "nl-ams-1"]);
    expect((await cim.getRegion("nl-ams-1")).id).toBe(secondary.id);
    expect((await cim.getRegion({ id: primary.id })).name).toBe(primary.name);
    expect((await cim.getRegion(secondary.id)).name).toBe("nl-ams-1");
  });

  it("the default region is the API's primary, or cim:region / CIM_REGION when set", async () => {
    expect((await cim.getDefaultRegion()).id).toBe(primary.id);
    process.env.CIM_REGION = secondary.id;
    expect((await cim.getDefaultRegion()).id).toBe(secondary.id);
  });

  it("an inactive primary region is not the default: the first active one is, where the API routes a request naming none", async () => {
    const ctl = await EmulatorControl.of(emu);
    await ctl.region(primary.id, { active: false });
    try {
      clearLookupCache();
      expect((await cim.getDefaultRegion()).id).toBe(secondary.id);
      // the API's own routing of a request without X-Region-Context
      const zones = await userCall("GET", "/zones");
      expect(zones.map((z: any) => z.regionId ?? z.region)).toContain(secondary.id);
    } finally {
      await ctl.region(primary.id, { active: true });
    }
  });

  it("an unknown region fails listing the regions", async () => {
    const e = await failure(cim.getRegion("mars-1"));
    expect(e.message).toContain('no region named "mars-1"');
    expect(e.message).toContain(`de-fra-1 (${primary.id})`);
    expect(e.candidates).toHaveLength(2);
  });
});

describe("region-scoped catalogues", () => {
  it("finds a zone by name in the default region and by name in another region", async () => {
    const a = await cim.getZone("de-fra-1a");
    expect(a.regionId).toBe(primary.id);
    const b = await cim.getZone({ name: "nl-ams-1a", region: "nl-ams-1" });
    expect(b.regionId).toBe(secondary.id);
    const c = await cim.getZone({ name: "nl-ams-1a", region: secondary.id });
    expect(c.id).toBe(b.id);
    expect((await cim.getZone({ id: a.id })).name).toBe("de-fra-1a");
    expect((await cim.getZones({ region: "de-fra-1" })).map((z) => z.name).sort()).toEqual([
      "de-fra-1a",
      "de-fra-1b",
    ]);
  });

  it("follows CIM_REGION when no region is given", async () => {
    process.env.CIM_REGION = "nl-ams-1";
    expect((await cim.getZone("nl-ams-1a")).regionId).toBe(secondary.id);
  });

  it("a name that matches nothing fails with the candidates of that region", async () => {
    const e = await failure(cim.getZone("nl-ams-1a"));
    expect(e.message).toContain('no zone named "nl-ams-1a" in the default region');
    expect(e.message).toContain("de-fra-1a (");
    expect(e.message).toContain("de-fra-1b (");
    expect(e.candidates.map((c) => c.name).sort()).toEqual(["de-fra-1a", "de-fra-1b"]);
  });

  it("an id of another region is not found: ids are valid only in their own region", async () => {
    const other = await cim.getTemplate({ name: "Ubuntu 22.04 LTS", region: "nl-ams-1" });
    const e = await failure(cim.getTemplate({ id: other.id }));
    expect(e.message).toContain(`no template with id ${other.id}`);
    expect(e.message).toContain("valid only in their own region");
    expect(e.candidates.length).toBeGreaterThan(0);
  });

  it("a name matching several records fails listing them, and the id picks one", async () => {
    const e = await failure(cim.getTemplate({ name: "Debian 12", region: "nl-ams-1" }));
    expect(e.message).toContain('more than one template named "Debian 12"');
    expect(e.message).toContain("Look it up by id");
    expect(e.candidates).toHaveLength(2);
    const picked = await cim.getTemplate({ id: e.candidates[1].id, region: "nl-ams-1" });
    expect(picked.name).toBe("Debian 12");
  });

  it("names match exactly first, then case-insensitively", async () => {
    const t = await cim.getTemplate("ubuntu 22.04 lts");
    expect(t.name).toBe("Ubuntu 22.04 LTS");
    expect(t.minRootDiskSizeGb).toBe(10);
  });

  it("ISOs, disk, network and VPC offerings", async () => {
    expect((await cim.getIso("Alpine 3.20")).name).toBe("Alpine 3.20");
    expect((await cim.getIsos()).length).toBe(2);
    const custom = await cim.getDiskOffering("Custom");
    expect(custom.customized).toBe(true);
    expect((await cim.getDiskOfferings()).length).toBe(3);
    const tier = await cim.getNetworkOffering({ name: "VPC Tier" });
    expect(tier.forVpc).toBe(true);
    expect((await cim.getNetworkOffering("VPC Tier with Internal LB")).internalLb).toBe(true);
    expect((await cim.getNetworkOfferings({ forVpc: false })).map((o) => o.name)).toEqual(["Isolated"]);
    const e = await failure(cim.getNetworkOffering({ name: "Isolated", forVpc: true }));
    expect(e.candidates.map((c) => c.name)).toEqual(["VPC Tier", "VPC Tier with Internal LB"]);
    expect((await cim.getVpcOffering("Default VPC")).name).toBe("Default VPC");
    expect((await cim.getVpcOfferings({ region: "nl-ams-1" })).length).toBe(1);
  });

  it("backup offerings are per zone: a name alone is ambiguous, with zoneId it is one", async () => {
    const zone = await cim.getZone("de-fra-1a");
    const standard = await cim.getBackupOffering({ name: "Standard", zoneId: zone.id });
    expect(standard).toMatchObject({ name: "Standard", zoneId: zone.id, allowUserDrivenBackups: true });
    expect((await cim.getBackupOfferings({ zoneId: zone.id })).map((o) => o.name)).toEqual([
      "Standard",
      "Gold",
    ]);
    const e = await failure(cim.getBackupOffering("Standard"));
    expect(e.message).toContain('more than one backup offering named "Standard"');
    expect(e.candidates).toHaveLength(2); // one per zone of the default region
    const miss = await failure(cim.getBackupOffering({ name: "Platinum", zoneId: zone.id }));
    expect(miss.message).toContain(`zone ${zone.id}`);
    expect(miss.candidates.map((c) => c.name)).toEqual(["Standard", "Gold"]);
  });

  it("compute offerings are filtered by zone on the client", async () => {
    const zone = await cim.getZone("de-fra-1a");
    const medium = await cim.getComputeOffering({ name: "Medium", zoneId: zone.id });
    expect(medium.cpuNumber).toBe(2);
    expect(medium.memory).toBe(4096);
    const all = await cim.getComputeOfferings();
    expect(all.map((o) => o.name).sort()).toEqual(["Large", "Medium", "Small"]);
    // Rows that name a zone are kept only for that zone; rows without a zone are available everywhere.
    const inZone = await cim.getComputeOfferings({ zoneId: zone.id });
    expect(inZone.every((o) => o.zoneId === undefined || o.zoneId === zone.id)).toBe(true);
  });

  it("reads each list once per region per process", async () => {
    const control = await EmulatorControl.of(emu);
    const count = async () => {
      const counters = await control.requests();
      return Object.entries(counters)
        .filter(([k]) => k.includes("/zones"))
        .reduce((n, [, v]) => n + v, 0);
    };
    const before = await count();
    await Promise.all([cim.getZone("de-fra-1a"), cim.getZone("de-fra-1b"), cim.getZones()]);
    expect((await count()) - before).toBe(1);
  });
});

describe("templates, ISOs and OS types", () => {
  it("the account's own images are found beside the platform's; filter narrows; OS types by description", async () => {
    const os = await cim.getOsType("Ubuntu 22.04 (64-bit)");
    expect(os.description).toBe("Ubuntu 22.04 (64-bit)");
    expect((await cim.getOsTypes()).length).toBeGreaterThan(3);
    const zone = await cim.getZone("de-fra-1a");
    const made = await userCall("POST", "/templates", {
      name: "golden",
      url: "https://images.example.com/golden.qcow2",
      zoneId: zone.id,
      format: "QCOW2",
      hypervisor: "KVM",
      osTypeId: os.id,
    });
    clearLookupCache();
    expect(await cim.getTemplate("golden")).toMatchObject({ id: made.id, isReady: true, account: "user-1" });
    expect((await cim.getTemplates({ filter: "self" })).map((t) => t.name)).toEqual(["golden"]);
    const e = await failure(cim.getTemplate({ name: "golden", filter: "featured" }));
    expect(e.message).toContain("filter featured");
    expect((await cim.getTemplate({ name: "Ubuntu 22.04 LTS", filter: "featured" })).isFeatured).toBe(true);
    expect((await cim.getIsos({ filter: "self" })).length).toBe(0);
    await userCall("DELETE", `/templates/${made.id}`);
  });
});

/** A VPC of the default region's first zone with the CIDR given, made through the API: its id. */
async function newVpc(cidr: string): Promise<string> {
  const zone = await cim.getZone("de-fra-1a");
  const vpcOffering = (await cim.getVpcOfferings())[0];
  return (
    await userCall("POST", "/vpcs", { name: "v", zoneId: zone.id, cidr, vpcOfferingId: vpcOffering.id })
  ).id;
}

/** An isolated network of the default region's first zone, made through the API. */
async function isolatedNetwork(name: string): Promise<string> {
  const zone = await cim.getZone("de-fra-1a");
  const offering = (await cim.getNetworkOfferings({ forVpc: false }))[0];
  return (
    await userCall("POST", "/networks", {
      name,
      displayText: name,
      zoneId: zone.id,
      networkOfferingId: offering.id,
    })
  ).id;
}

/** A running instance of the default region (on `networkId` when given), made through the API. */
async function instanceOn(networkId?: string): Promise<string> {
  const zone = await cim.getZone("de-fra-1a");
  const template = await cim.getTemplate("Ubuntu 22.04 LTS");
  const offering = await cim.getComputeOffering("Small");
  const made = await userCall("POST", "/compute/instances", {
    zoneId: zone.id,
    templateId: template.id,
    serviceOfferingId: offering.id,
    ...(networkId ? { networkIds: [networkId] } : {}),
  });
  return made.id;
}

describe("public IPs", () => {
  it("finds an address by address or id, reads afresh, filters by network, lists candidates on a miss", async () => {
    const zone = await cim.getZone("de-fra-1a");
    const offering = (await cim.getNetworkOfferings({ forVpc: false }))[0];
    const net = await userCall("POST", "/networks", {
      name: "lookup-net",
      displayText: "n",
      zoneId: zone.id,
      networkOfferingId: offering.id,
    });
    const acquired = await userCall("POST", "/public-ips", { networkId: net.id });
    const all = await cim.getPublicIps({ networkId: net.id });
    expect(all).toHaveLength(2); // with the network's source-NAT address
    const ip = all.find((r) => r.id === acquired.id)!;
    expect((await cim.getPublicIp(ip.ipAddress!)).id).toBe(ip.id);
    expect((await cim.getPublicIp({ id: ip.id })).ipAddress).toBe(ip.ipAddress);
    const miss = await failure(cim.getPublicIp("203.0.113.9"));
    expect(miss.message).toMatch(/no public IP named "203\.0\.113\.9" in the default region\. Candidates: /);
    expect(miss.message).toContain(`${ip.ipAddress} (${ip.id})`);
    // not cached: a released address is gone from the next lookup
    await userCall("DELETE", `/public-ips/${ip.id}`);
    await failure(cim.getPublicIp(ip.ipAddress!));
    expect(await cim.getPublicIps({ region: secondary.name })).toEqual([]);
  });

  it("finds a VPC's private gateway by address or id, and lists the VPC's gateways on a miss", async () => {
    const vpc = { id: await newVpc("10.77.0.0/16") };
    const made = await userCall("POST", "/vpcs/private-gateways", {
      vpcId: vpc.id,
      ipAddress: "172.16.9.2",
      gateway: "172.16.9.1",
      netmask: "255.255.255.0",
      vlan: 909,
    });
    expect((await cim.getVpcGateway({ vpcId: vpc.id, address: "172.16.9.2" })).id).toBe(made.id);
    const byId = await cim.getVpcGateway({ vpcId: vpc.id, id: made.id });
    expect(byId).toMatchObject({ ipAddress: "172.16.9.2", vlan: "909", aclName: "default_deny" });
    const miss = await failure(cim.getVpcGateway({ vpcId: vpc.id, address: "172.16.9.3" }));
    expect(miss.message).toMatch(
      /no VPC gateway named "172\.16\.9\.3" in VPC \S+, the default region\. Candidates: /,
    );
    expect(miss.message).toContain(`172.16.9.2 (${made.id})`);
    expect(await cim.getVpcGateways({ vpcId: vpc.id, region: secondary.name })).toEqual([]);
  });

  it("finds a load-balancer rule by name or id with its members, filters by address, lists candidates on a miss", async () => {
    const zone = await cim.getZone("de-fra-1a");
    const offering = (await cim.getNetworkOfferings({ forVpc: false }))[0];
    const net = await userCall("POST", "/networks", {
      name: "lb-net",
      displayText: "n",
      zoneId: zone.id,
      networkOfferingId: offering.id,
    });
    const ip = await userCall("POST", "/public-ips", { networkId: net.id });
    const rule = await userCall("POST", "/loadbalancer/rules", {
      name: "front",
      publicIpId: ip.id,
      publicPort: 80,
      privatePort: 8080,
      algorithm: "roundrobin",
    });
    const found = await cim.getLoadBalancerRule("front");
    expect(found).toMatchObject({ id: rule.id, publicIpId: ip.id, publicPort: 80, memberIds: [] });
    expect((await cim.getLoadBalancerRule({ id: rule.id })).name).toBe("front");
    expect((await cim.getLoadBalancerRules({ publicIpId: ip.id })).map((r) => r.id)).toEqual([rule.id]);
    const miss = await failure(cim.getLoadBalancerRule("back"));
    expect(miss.message).toMatch(/no load-balancer rule named "back" in the default region\. Candidates: /);
    expect(miss.message).toContain(`front (${rule.id})`);
    // not cached: a deleted rule is gone from the next lookup
    await userCall("DELETE", `/loadbalancer/rules/${rule.id}`);
    expect(await cim.getLoadBalancerRules({ publicIpId: ip.id })).toEqual([]);
  });

  it("finds an internal load balancer by name or id with its members, filters by tier, lists candidates on a miss", async () => {
    const zone = await cim.getZone("de-fra-1a");
    const tierOffering = await cim.getNetworkOffering("VPC Tier with Internal LB");
    const vpcOffering = (await cim.getVpcOfferings())[0];
    const vpc = await userCall("POST", "/vpcs", {
      name: "ilb-vpc",
      displayText: "v",
      zoneId: zone.id,
      cidr: "10.90.0.0/16",
      vpcOfferingId: vpcOffering.id,
    });
    const tier = await userCall("POST", "/networks", {
      name: "ilb-tier",
      displayText: "t",
      zoneId: zone.id,
      networkOfferingId: tierOffering.id,
      vpcId: vpc.id,
      gateway: "10.90.1.1",
      netmask: "255.255.255.0",
    });
    const q = new URLSearchParams({
      name: "inside",
      networkId: tier.id,
      sourcePort: "80",
      instancePort: "8080",
      algorithm: "source",
    });
    const lb = await userCall("POST", `/loadbalancer/internal?${q}`);
    const found = await cim.getInternalLoadBalancer("inside");
    expect(found).toMatchObject({
      id: lb.id,
      networkId: tier.id,
      sourcePort: 80,
      algorithm: "source",
      memberIds: [],
    });
    expect((await cim.getInternalLoadBalancer({ id: lb.id })).name).toBe("inside");
    expect((await cim.getInternalLoadBalancers({ networkId: tier.id })).map((r) => r.id)).toEqual([lb.id]);
    expect(await cim.getLoadBalancerRules({ networkId: tier.id })).toEqual([]);
    const miss = await failure(cim.getInternalLoadBalancer("outside"));
    expect(miss.message).toMatch(
      /no internal load balancer named "outside" in the default region\. Candidates: /,
    );
    expect(miss.message).toContain(`inside (${lb.id})`);
    await userCall("DELETE", `/loadbalancer/internal/${lb.id}`);
    expect(await cim.getInternalLoadBalancers({ networkId: tier.id })).toEqual([]);
  });

  it("finds a Kubernetes version by semantic version or id, and a cluster by name or id; misses list candidates", async () => {
    const v = await cim.getKubernetesVersion("1.28.4");
    expect(v).toMatchObject({ semanticVersion: "1.28.4", minimumCpuNumber: 2, state: "Enabled" });
    expect((await cim.getKubernetesVersion({ version: "v1.28.4" })).id).toBe(v.id);
    expect((await cim.getKubernetesVersion(v.id)).semanticVersion).toBe("1.28.4");
    const vMiss = await failure(cim.getKubernetesVersion("1.30.0"));
    expect(vMiss.message).toMatch(
      /no Kubernetes version named "1\.30\.0" in the default region\. Candidates: /,
    );
    expect(vMiss.message).toContain(`1.28.4 (${v.id})`);
    const zone = await cim.getZone("de-fra-1a");
    const offering = (await cim.getNetworkOfferings({ forVpc: false }))[0];
    const net = await userCall("POST", "/networks", {
      name: "k8s-net",
      displayText: "n",
      zoneId: zone.id,
      networkOfferingId: offering.id,
    });
    const medium = await cim.getComputeOffering("Medium");
    const k = await userCall("POST", "/compute/kubernetes/clusters", {
      name: "kube",
      zoneId: zone.id,
      kubernetesVersionId: v.id,
      serviceOfferingId: medium.id,
      networkId: net.id,
      size: 1,
    });
    expect((await cim.getKubernetesCluster("kube")).id).toBe(k.id);
    expect((await cim.getKubernetesCluster({ id: k.id })).name).toBe("kube");
    const miss = await failure(cim.getKubernetesCluster("other"));
    expect(miss.message).toMatch(/no Kubernetes cluster named "other" in the default region\. Candidates: /);
    expect(miss.message).toContain(`kube (${k.id})`);
    expect(await cim.getKubernetesClusters({ region: secondary.name })).toEqual([]);
  });
});

describe("allowances", () => {
  it("reads my limits and the multi-region quota", async () => {
    const limits = await cim.getMyLimits();
    expect(limits.instanceLimit).toBe(20); // CloudStack's max.account.user.vms default
    // no instance of its own: each node of its Kubernetes clusters is one (the platform deploys them as instances)
    const clusters = await cim.getKubernetesClusters();
    const nodes = clusters.reduce((n, c) => n + (c.controlNodes ?? 0) + (c.size ?? 0), 0);
    expect(limits.instanceCount).toBe(nodes);
    expect(limits.vpcLimit).toBe(20);
    const quota = await cim.getMultiRegionQuota();
    expect(quota.maxMultiRegions).toBe(5);
    expect(quota.currentMultiRegions).toBe(0);
  });
});

describe("configuration", () => {
  it("fails clearly without an address or token, and never prints the token", async () => {
    delete process.env.CIM_TOKEN;
    try {
      await expect(cim.getZones()).rejects.toThrow(/cim:token \(or CIM_TOKEN\)/);
    } finally {
      process.env.CIM_TOKEN = token;
    }
    const other = await emu.token({ sub: "user-inactive" });
    process.env.CIM_TOKEN = other;
    try {
      const e = await cim.getZones().then(
        () => undefined,
        (err: Error) => err,
      );
      expect(e).toBeInstanceOf(Error);
      expect(String(e?.message)).not.toContain(other);
      expect(String(e?.stack)).not.toContain(other);
    } finally {
      process.env.CIM_TOKEN = token;
    }
  });

  it("applies the client settings: a broken one fails naming it, a short requestTimeout fails a slow read", async () => {
    process.env.CIM_MAX_RETRIES = "many";
    try {
      await expect(cim.getZones()).rejects.toThrow(
        /^pulumi-cim lookup: cim:maxRetries must be a whole number from 0 .* got "many" from CIM_MAX_RETRIES\.$/,
      );
    } finally {
      delete process.env.CIM_MAX_RETRIES;
      clearLookupCache();
    }
    const control = await EmulatorControl.of(emu);
    await control.fault({ method: "GET", route: "/api/v1/isos", latencyMs: 1_000, times: 1 });
    Object.assign(process.env, { CIM_REQUEST_TIMEOUT: "200ms", CIM_MAX_RETRIES: "0" });
    try {
      const e = await cim.getIsos().then(
        () => undefined,
        (err: Error) => err,
      );
      expect(e?.message).toMatch(
        /no answer within 200 ms .*raise cim:requestTimeout \(CIM_REQUEST_TIMEOUT\)/,
      );
      expect(e?.message).not.toContain(token);
    } finally {
      delete process.env.CIM_REQUEST_TIMEOUT;
      delete process.env.CIM_MAX_RETRIES;
      await control.clearFaults();
    }
  });
});

describe("a cause many lookups share is met once", () => {
  it("concurrent lookups wait for the first answer: one request, one error object, no stack", async () => {
    const http = await import("node:http");
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests++;
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Token signature or format is invalid" }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    process.env.CIM_BASE_URL = `http://127.0.0.1:${port}`;
    clearLookupCache();
    try {
      const lookups = [
        cim.getZone("a"),
        cim.getTemplate("b"),
        cim.getComputeOffering("c"),
        cim.getComputeOffering("d"),
        cim.getDiskOffering("e"),
        cim.getVpcOffering("f"),
        // reads of the moment (not cached) report the shared cause the same way
        cim.getMyLimits(),
        cim.getTenants(),
      ];
      const errors = await Promise.all(
        lookups.map((p) =>
          p.then(
            () => undefined,
            (e: unknown) => e,
          ),
        ),
      );
      expect(new Set(errors).size, "one error object for all eight").toBe(1);
      const err = errors[0] as Error;
      const pulumi = await import("@pulumi/pulumi");
      expect(pulumi.RunError.isInstance(err)).toBe(true);
      expect(err.message).toContain("401");
      expect(err.stack).not.toMatch(/^\s*at /m);
      expect(requests, "the first lookup asked; the others waited for its answer").toBe(1);
      // Pulumi prefixes messages of errors that reach resource inputs; the cause keeps its words
      err.message = `error serializing property "zoneId": ${err.message}`;
      expect(err.message).not.toContain("error serializing");
    } finally {
      server.close();
      process.env.CIM_BASE_URL = emu.url;
      clearLookupCache();
    }
  });

  it("missing settings fail every lookup with the same error, naming the keys", async () => {
    delete process.env.CIM_TOKEN;
    clearLookupCache();
    try {
      const errors = await Promise.all(
        [cim.getZone("a"), cim.getTemplate("b")].map((p) =>
          p.then(
            () => undefined,
            (e: unknown) => e,
          ),
        ),
      );
      expect(errors[0]).toBe(errors[1]);
      expect((errors[0] as Error).message).toContain("cim:token (or CIM_TOKEN)");
    } finally {
      process.env.CIM_TOKEN = token;
      clearLookupCache();
    }
  });
});

describe("network ACL lists", () => {
  const call = userCall;

  it("finds a VPC's default list or its own by name or id; a miss lists the VPC's lists", async () => {
    const vpcId = await newVpc("10.91.0.0/16");
    const web = await call("POST", "/network-acls", { name: "web", vpcId });
    const deny = await cim.getNetworkAclList({ vpcId, name: "default_deny" });
    expect(deny).toMatchObject({ name: "default_deny", vpcId });
    expect((await cim.getNetworkAclList({ vpcId, name: "WEB" })).id).toBe(web.id);
    expect((await cim.getNetworkAclList({ vpcId, id: deny.id })).name).toBe("default_deny");
    expect((await cim.getNetworkAclLists({ vpcId })).map((l) => l.name).sort()).toEqual([
      "default_allow",
      "default_deny",
      "web",
    ]);
    // another VPC's list is not a candidate
    const other = await newVpc("10.92.0.0/16");
    await call("POST", "/network-acls", { name: "app", vpcId: other });
    const miss = await failure(cim.getNetworkAclList({ vpcId, name: "app" }));
    expect(miss.message).toMatch(
      new RegExp(
        `no network ACL list named "app" in VPC ${vpcId}, the default region. Candidates: default_allow`,
      ),
    );
    expect(miss.candidates.map((c) => c.name)).toEqual(["default_allow", "default_deny", "web"]);
  });
});

describe("static NAT", () => {
  it("finds an address's static NAT (instance and network) by address or id; a miss lists the mapped addresses", async () => {
    const networkId = await isolatedNetwork("nat-net");
    const vmId = await instanceOn(networkId);
    const mapped = await userCall("POST", "/public-ips", { networkId });
    await userCall("POST", `/public-ips/${mapped.id}/static-nat`, { virtualMachineId: vmId });
    const ip = await cim.getPublicIp({ id: mapped.id });
    const nat = await cim.getStaticNat(ip.ipAddress!);
    expect(nat).toMatchObject({
      id: mapped.id,
      state: "Enabled",
      ipAddress: ip.ipAddress,
      virtualMachineId: vmId,
      networkId,
    });
    expect(nat.vmIpAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await cim.getStaticNat({ publicIpId: mapped.id })).virtualMachineId).toBe(vmId);
    expect((await cim.getStaticNats({ instanceId: vmId })).map((n) => n.id)).toEqual([mapped.id]);
    // the filter on addresses: with static NAT, and without (the network's source-NAT address)
    expect((await cim.getPublicIps({ networkId, isStaticNat: true })).map((r) => r.id)).toEqual([mapped.id]);
    const plain = await cim.getPublicIps({ networkId, isStaticNat: false });
    expect(plain.map((r) => r.isSourceNat)).toEqual([true]);
    // an address without static NAT is a miss that lists the addresses that have one
    const miss = await failure(cim.getStaticNat({ address: plain[0].ipAddress, networkId }));
    expect(miss.message).toMatch(/no static NAT named "[\d.]+" in the default region\. Candidates: /);
    expect(miss.candidates).toEqual([{ name: ip.ipAddress, id: mapped.id }]);
    await userCall("DELETE", `/public-ips/${mapped.id}/static-nat`);
    expect(await cim.getStaticNats({ networkId })).toEqual([]);
  });
});

describe("network ACL rules", () => {
  it("finds a rule of a list by number or id, in number order; a miss lists the list's rules", async () => {
    const list = await userCall("POST", "/network-acls", {
      name: "web",
      vpcId: await newVpc("10.93.0.0/16"),
    });
    const rule = (number: number, startPort: number) =>
      userCall("POST", "/network-acls/rules", {
        aclId: list.id,
        number,
        protocol: "tcp",
        startPort,
        endPort: startPort,
        cidrList: ["0.0.0.0/0"],
        action: "allow",
        trafficType: "ingress",
      });
    const ssh = await rule(20, 22);
    const https = await rule(10, 443);
    expect((await cim.getNetworkAclRules({ aclId: list.id })).map((r) => [r.number, r.startPort])).toEqual([
      [10, 443],
      [20, 22],
    ]);
    expect((await cim.getNetworkAclRule({ aclId: list.id, number: 20 })).id).toBe(ssh.id);
    expect(await cim.getNetworkAclRule({ aclId: list.id, id: https.id })).toMatchObject({
      number: 10,
      protocol: "tcp",
      cidrList: ["0.0.0.0/0"],
    });
    const miss = await failure(cim.getNetworkAclRule({ aclId: list.id, number: 30 }));
    expect(miss.message).toMatch(
      new RegExp(
        `no network ACL rule named "30" in list ${list.id}, the default region\\. Candidates: 10 \\(`,
      ),
    );
    expect(miss.candidates).toEqual([
      { name: "10", id: https.id },
      { name: "20", id: ssh.id },
    ]);
    // not cached: a deleted rule is gone from the next lookup
    await userCall("DELETE", `/network-acls/rules/${ssh.id}`);
    expect((await cim.getNetworkAclRules({ aclId: list.id })).map((r) => r.id)).toEqual([https.id]);
  });
});

describe("backups and instance schedules", () => {
  it("finds a backup by name or id, optionally of one instance; a miss lists the candidates", async () => {
    const vmId = await instanceOn();
    const zone = await cim.getZone("de-fra-1a");
    const standard = await cim.getBackupOffering({ name: "Standard", zoneId: zone.id });
    await userCall("POST", `/compute/instances/${vmId}/backup-offering?backupOfferingId=${standard.id}`);
    const made = await userCall("POST", "/backups", { vmId, name: "db-before-upgrade" });
    const found = await cim.getBackup("db-before-upgrade");
    expect(found).toMatchObject({ id: made.id, virtualMachineId: vmId, backupOfferingId: standard.id });
    expect((await cim.getBackup({ id: made.id, instanceId: vmId })).name).toBe("db-before-upgrade");
    expect((await cim.getBackups({ instanceId: vmId })).map((b) => b.id)).toEqual([made.id]);
    const miss = await failure(cim.getBackup({ name: "db-after-upgrade", instanceId: vmId }));
    expect(miss.message).toMatch(
      new RegExp(
        `no backup named "db-after-upgrade" in instance ${vmId}, the default region\\. Candidates: `,
      ),
    );
    expect(miss.candidates).toEqual([{ name: "db-before-upgrade", id: made.id }]);
    expect(await cim.getBackups({ region: secondary.name })).toEqual([]);
  });

  it("finds an instance schedule by name or id, optionally of one instance; a miss lists the candidates", async () => {
    const vmId = await instanceOn();
    const q = new URLSearchParams({
      name: "night-stop",
      action: "stop",
      schedule: "0 22 * * MON-FRI",
      timezone: "Europe/Berlin",
    });
    const made = await userCall("POST", `/compute/instances/${vmId}/schedules?${q}`);
    const found = await cim.getInstanceSchedule({ name: "night-stop", instanceId: vmId });
    expect(found).toMatchObject({
      id: made.id,
      virtualMachineId: vmId,
      schedule: "0 22 * * MON-FRI",
      timezone: "Europe/Berlin",
    });
    expect((await cim.getInstanceSchedule(made.id)).name).toBe("night-stop");
    expect((await cim.getInstanceSchedules({ instanceId: vmId })).map((s) => s.id)).toEqual([made.id]);
    const miss = await failure(cim.getInstanceSchedule({ name: "morning-start", instanceId: vmId }));
    expect(miss.message).toMatch(
      new RegExp(
        `no instance schedule named "morning-start" in instance ${vmId}, the default region\\. Candidates: night-stop`,
      ),
    );
    expect(miss.candidates).toEqual([{ name: "night-stop", id: made.id }]);
    await userCall("DELETE", `/compute/instances/${vmId}/schedules/${made.id}`);
    expect(await cim.getInstanceSchedules({ instanceId: vmId })).toEqual([]);
  });
});

describe("snapshots", () => {
  const call = userCall;
  async function settled(path: string, ready: string) {
    for (let i = 0; i < 200 && (await call("GET", path)).state !== ready; i++)
      await new Promise((r) => setTimeout(r, 10));
  }
  async function vm() {
    const [zone] = await call("GET", "/zones");
    const [template] = await call("GET", "/templates");
    const [offering] = await call("GET", "/offerings/compute");
    const made = await call("POST", "/compute/instances", {
      zoneId: zone.id,
      templateId: template.id,
      serviceOfferingId: offering.id,
    });
    await settled(`/compute/instances/${made.id}`, "Running");
    const root = (await call("GET", `/volumes?virtualMachineId=${made.id}`)).volumes[0];
    return { id: made.id as string, rootId: root.id as string };
  }

  it("finds a volume snapshot or an instance snapshot by name or id; a miss lists the candidates", async () => {
    const a = await vm();
    const snap = await call("POST", "/snapshots", { volumeId: a.rootId, name: "root-nightly" });
    await settled(`/snapshots/${snap.id}`, "BackedUp");
    const b = await vm();
    const vs = await call("POST", "/vm-snapshots", { virtualMachineId: b.id, name: "pre-upgrade" });
    await settled(`/vm-snapshots/${vs.id}`, "Ready");
    expect((await cim.getVolumeSnapshot({ name: "ROOT-NIGHTLY" })).id).toBe(snap.id);
    expect((await cim.getVolumeSnapshot(snap.id)).name).toBe("root-nightly");
    expect((await cim.getVolumeSnapshots({ volumeId: a.rootId })).map((s) => s.id)).toEqual([snap.id]);
    expect((await cim.getInstanceSnapshot({ name: "pre-upgrade", instanceId: b.id })).id).toBe(vs.id);
    const miss = await failure(cim.getVolumeSnapshot({ name: "weekly" }));
    expect(miss.message).toMatch(
      /no volume snapshot named "weekly" in the default region\. Candidates: root-nightly/,
    );
    expect(miss.candidates.map((c) => c.name)).toContain("root-nightly");
    const other = await failure(cim.getInstanceSnapshot({ name: "pre-upgrade", instanceId: a.id }));
    expect(other.message).toMatch(new RegExp(`no instance snapshot named "pre-upgrade" in instance ${a.id}`));
    expect(other.candidates).toEqual([]);
    // a name the instance's snapshots do not have: its snapshots are the candidates
    const wrong = await failure(cim.getInstanceSnapshot({ name: "post-upgrade", instanceId: b.id }));
    expect(wrong.message).toMatch(
      new RegExp(
        `no instance snapshot named "post-upgrade" in instance ${b.id}, the default region\\. Candidates: pre-upgrade \\(${vs.id}\\)`,
      ),
    );
    expect(wrong.candidates).toEqual([{ name: "pre-upgrade", id: vs.id }]);
  });
});

describe("comments", () => {
  it("reads the comments on one resource, and one of them by id or text; a miss lists the resource's comments", async () => {
    const [zone] = await userCall("GET", "/zones");
    const [disk] = await userCall("GET", "/offerings/disk");
    const vol = await userCall("POST", `/volumes?name=notes&zoneId=${zone.id}&diskOfferingId=${disk.id}`);
    const add = (text: string) =>
      userCall("POST", `/volumes/${vol.id}/annotations?annotation=${encodeURIComponent(text)}`);
    const first = await add("Backed up nightly");
    const second = await add("owner: team a");
    const all = await cim.getComments({ volumeId: vol.id });
    expect(all.map((c) => [c.id, c.annotation, c.entityType])).toEqual([
      [first.id, "Backed up nightly", "VOLUME"],
      [second.id, "owner: team a", "VOLUME"],
    ]);
    expect((await cim.getComment({ volumeId: vol.id, text: "backed up nightly" })).id).toBe(first.id);
    expect((await cim.getComment({ volumeId: vol.id, id: second.id })).annotation).toBe("owner: team a");
    const miss = await failure(cim.getComment({ volumeId: vol.id, text: "gone" }));
    expect(miss.message).toContain(`in volume ${vol.id}, the default region`);
    expect(miss.candidates).toEqual([
      { id: first.id, name: "Backed up nightly" },
      { id: second.id, name: "owner: team a" },
    ]);
    // comments are read on exactly one resource
    const both = await failure(cim.getComments({ volumeId: vol.id, vpcId: vol.id }));
    expect(both.message).toContain(
      "give exactly one of volumeId, networkId, publicIpId, vpcId, kubernetesClusterId",
    );
    // an id of no volume of the region: the API's 404, passed on
    await expect(cim.getComments({ volumeId: "0b7e2a41-5f0c-4d8e-9a43-7c1d2e3f4a5b" })).rejects.toThrow(
      /404/,
    );
  });
});

describe("shared file systems and instance groups", () => {
  async function call(method: string, p: string, body?: unknown, region?: string): Promise<any> {
    const res = await fetch(`${emu.url}/api/v1${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(region ? { "x-region-context": region } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${p}`).toBe(200);
    return res.json();
  }
  const control = () => EmulatorControl.of(emu);

  it("finds a file system by name or id, filters by network, lists candidates on a miss", async () => {
    const [zone] = await call("GET", "/zones");
    const isolated = (await call("GET", "/offerings/network")).find((o: any) => !o.forVpc);
    const net = await call("POST", "/networks", {
      name: "fs-lookup",
      displayText: "n",
      zoneId: zone.id,
      networkOfferingId: isolated.id,
    });
    const custom = (await call("GET", "/offerings/disk")).find((d: any) => d.customized);
    const medium = (await call("GET", "/offerings/compute")).find((o: any) => o.name === "Medium");
    const fs = await call("POST", "/filesystems", {
      name: "assets",
      zoneId: zone.id,
      networkId: net.id,
      diskOfferingId: custom.id,
      size: 5,
      serviceOfferingId: medium.id,
      filesystem: "XFS",
    });
    expect((await cim.getFileSystem("assets")).id).toBe(fs.id);
    expect((await cim.getFileSystem({ id: fs.id })).name).toBe("assets");
    expect((await cim.getFileSystems({ networkId: net.id })).map((f) => f.id)).toEqual([fs.id]);
    const miss = await failure(cim.getFileSystem("media"));
    expect(miss.message).toMatch(
      /no shared file system named "media" in the default region\. Candidates: assets/,
    );
    expect(await cim.getFileSystems({ region: secondary.name })).toEqual([]);
  });

  it("instance groups of every region; a region that fails is named with its reason, never hidden", async () => {
    const here = await call("POST", "/instance-groups", { name: "lookup-web" });
    const there = await call("POST", "/instance-groups", { name: "lookup-web" }, secondary.id);
    const all = await cim.getInstanceGroups();
    expect(all.failedRegions).toEqual([]);
    expect(
      all.groups
        .filter((g) => g.name === "lookup-web")
        .map((g) => g.regionId)
        .sort(),
    ).toEqual([primary.id, secondary.id].sort());
    // by name in every region: ambiguous, the candidates' regions named; with region: the one there
    const twice = await failure(cim.getInstanceGroup("lookup-web"));
    expect(twice.message).toMatch(
      /more than one instance group named "lookup-web".*different regions.*give region/,
    );
    expect((await cim.getInstanceGroup({ name: "lookup-web", region: secondary.name })).id).toBe(there.id);
    // a name no group has is a miss, not an ambiguity: no advice about regions
    const none = await failure(cim.getInstanceGroup("lookup-nope"));
    expect(none.message).toMatch(/no instance group named "lookup-nope" in any region/);
    expect(none.message).not.toMatch(/different regions/);
    expect((await cim.getInstanceGroup(here.id)).regionId).toBe(primary.id);

    const ctl = await control();
    await ctl.fault({ route: "/instance-groups", region: secondary.id, status: 503 });
    try {
      const partial = await cim.getInstanceGroups();
      expect(partial.failedRegions).toEqual([
        { regionId: secondary.id, regionName: secondary.name, reason: expect.stringMatching(/503/) },
      ]);
      expect(partial.groups.map((g) => g.id)).toContain(here.id);
      expect(partial.groups.map((g) => g.id)).not.toContain(there.id);
      // a partial answer is an error for a lookup by name: the failed region may hold the group (or a second one)
      const byName = await failure(cim.getInstanceGroup({ name: "lookup-web" }));
      expect(byName.message).toMatch(
        new RegExp(
          `cannot look up instance group "lookup-web" in any region: 1 region\\(s\\) could not be read.*${secondary.name}.*503.*give region`,
        ),
      );
      // not for an id found elsewhere (ids are unique), nor in the region asked for
      expect((await cim.getInstanceGroup({ id: here.id })).name).toBe("lookup-web");
      expect((await cim.getInstanceGroup({ name: "lookup-web", region: primary.name })).id).toBe(here.id);
      // an id the answering regions do not have: it may be in the failed one
      await failure(cim.getInstanceGroup({ id: there.id }));
    } finally {
      await ctl.clearFaults();
    }
  });
});

/** A call of the API as user-1, in a region when given (organizations and groups are made in the console). */
const api = apiCaller(() => ({ url: emu.url, token }));

describe("organizations, projects, preferences", () => {
  it("reads tenants, memberships, members and invitations; a membership id narrows them as X-Tenant-Context", async () => {
    const { id: acme } = await api("POST", "/tenants", { name: "acme" });
    await api("POST", "/tenants", { name: "beta" });
    const control = await EmulatorControl.of(emu);
    await control.user("erin");
    await api("POST", `/tenants/${acme}/invitations`, { user: "erin" });
    const tenants = await cim.getTenants();
    expect(tenants.map((t) => t.name).sort()).toEqual(["acme", "beta"]);
    const found = await cim.getTenant("acme");
    expect(found).toMatchObject({ id: acme, role: "Admin" });
    expect((await cim.getTenants({ tenantContext: found.membershipId })).map((t) => t.id)).toEqual([acme]);
    expect((await cim.getMemberships()).map((m) => m.tenantName).sort()).toEqual(["acme", "beta"]);
    expect((await cim.getTenantMembers(acme)).map((m) => [m.user, m.role])).toEqual([["user-1", "Admin"]]);
    const sent = await cim.getInvitations({ tenantContext: found.membershipId, state: "Pending" });
    expect(sent.map((i) => i.user)).toEqual(["erin"]);
    expect(await cim.getInvitations()).toEqual([]); // none to user-1
    const e = await failure(cim.getTenant("gamma"));
    expect(e.message).toContain('no tenant named "gamma"');
    expect(e.message).toContain(`acme (${acme})`);
  });

  it("finds a project by name or id in its region; reads the preferences", async () => {
    const { id } = await api("POST", "/projects", { name: "shop" }, secondary.id);
    expect((await cim.getProject({ name: "shop", region: "nl-ams-1" })).id).toBe(id);
    expect((await cim.getProjects({ region: secondary.id })).map((p) => p.name)).toEqual(["shop"]);
    const miss = await failure(cim.getProject("shop")); // the default region has none
    expect(miss.message).toContain('no project named "shop" in the default region');
    await api("PUT", "/preferences", { theme: "dark" });
    expect(await cim.getPreferences()).toEqual({ theme: "dark" });
  });
});

describe("multi-region groups", () => {
  it("finds a group by name in its region and lists its VPCs with their own regions", async () => {
    const { id: group } = await api("POST", "/multi-regions", { name: "mesh" });
    const zone = (await api("GET", "/zones", undefined, secondary.id))[0].id;
    const offering = (await api("GET", "/offerings/vpc", undefined, secondary.id))[0].id;
    const vpc = await api(
      "POST",
      "/vpcs",
      { name: "ams", zoneId: zone, cidr: "10.77.0.0/16", vpcOfferingId: offering },
      secondary.id,
    );
    for (
      let i = 0;
      i < 100 && (await api("GET", `/jobs/${vpc.jobId}`, undefined, secondary.id)).status === "running";
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    await api("POST", `/multi-regions/${group}/vpcs`, { regionId: secondary.id, vpcId: vpc.id });
    expect((await cim.getMultiRegionGroup("mesh")).id).toBe(group);
    const members = await cim.getMultiRegionGroupVpcs({ groupId: group });
    expect(members.map((m) => [m.vpcId, m.regionId])).toEqual([[vpc.id, secondary.id]]);
    expect(await cim.getMultiRegionGroupVpcs({ vpcRegion: primary.id })).toEqual([]);
    const miss = await failure(cim.getMultiRegionGroup({ name: "mesh", region: "nl-ams-1" }));
    expect(miss.message).toContain('no multi-region group named "mesh" in region nl-ams-1');
    expect((await cim.getMultiRegionQuota()).currentMultiRegions).toBe(1);
  });
});

describe("audit trail", () => {
  it("reads the rows of a window of this process's clock, newest first, filtered by resource", async () => {
    const since = new Date();
    await new Promise((r) => setTimeout(r, 20));
    const { id } = await api("POST", "/projects", { name: "audited" });
    await api("PUT", `/projects/${id}?displayText=changed`);
    const rows = await cim.getAuditEntries({ since, resourceId: id });
    expect(rows.map((r) => r.method)).toEqual(["PUT", "POST"]);
    expect(rows[0]).toMatchObject({
      user: "user-1",
      resourceType: "Project",
      route: "/api/v1/projects/{id}",
    });
    expect(await cim.getAuditEntries({ until: since, resourceId: id })).toEqual([]);
    expect(await cim.getAuditEntries({ resourceId: id, maxEntries: 1 })).toHaveLength(1);
  });
});

// Last: the instance it makes would change the counts earlier tests read (limits, audit rows).
describe("instances", () => {
  it("by id reads that instance alone; by name lists the region; a missing id lists the candidates", async () => {
    const id = await instanceOn();
    const control = await EmulatorControl.of(emu);
    const count = async (route: string) => (await control.requests())[route] ?? 0;
    const [gets, lists] = ["GET /api/v1/compute/instances/{id}", "GET /api/v1/compute/instances"];
    const before = { gets: await count(gets), lists: await count(lists) };
    const vm = await cim.getInstance({ id });
    expect(vm).toMatchObject({ id, templateName: "Ubuntu 22.04 LTS", serviceOfferingName: "Small" });
    expect({ gets: await count(gets), lists: await count(lists) }).toEqual({
      gets: before.gets + 1,
      lists: before.lists,
    });
    expect((await cim.getInstance(String(vm.name))).id).toBe(id);
    expect(await count(lists)).toBe(before.lists + 1);
    expect((await cim.getInstances()).some((i) => i.id === id)).toBe(true);
    const miss = await failure(cim.getInstance({ id: "00000000-0000-4000-8000-000000000000" }));
    expect(miss.message).toContain("no instance with id 00000000-0000-4000-8000-000000000000");
    expect(miss.message).toContain(id);
  });
});
