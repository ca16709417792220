// The SDK classes (sdk/kinds.ts, made from the kinds' declarations) wired to the real providers: Pulumi's mocks
// hand each registration to the kind's provider (check, then create, in-process against the emulator), so what
// is asserted is what a user notices: the type token, names defaulted from the resource name, inputs the
// provider accepts, outputs the provider returns on the class's properties, secrets kept secret, misspelt keys
// named at check.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { userDataDigest } from "../../provider/families/instances/instanceRules";
import { kindList, kinds } from "../../provider/kinds";
import { givenOnlyOutputs, PLAIN_REFERENCES, secretOutputs } from "../../provider/kinds/define";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { ROOMY_LIMITS } from "../fixtures/limits";
import { kindOfType, providerInputs } from "../fixtures/mockEngine";
import { ED25519, ED25519_MD5 } from "../fixtures/sshKeys";

let emu: Emulator;
const saved = { ...process.env };
const registered: {
  type: string;
  name: string;
  inputs: Record<string, any>;
  secrets: string[];
  failures?: string[];
  outs?: Record<string, unknown>;
}[] = [];
const cat: Record<string, string> = {};

async function list(path: string): Promise<Record<string, any>[]> {
  const res = await fetch(`${emu.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` },
  });
  const body: any = await res.json();
  return Array.isArray(body) ? body : (body.content ?? Object.values(body).find(Array.isArray) ?? []);
}

beforeAll(async () => {
  // every class's program in one account: more instances and volumes (file-system VMs among them) than a default one holds
  emu = await startEmulator({ port: 0, jobLatencyMs: 0, limits: ROOMY_LIMITS });
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = await emu.token();
  // jobs end at once here: the spec's 0.5-3 s between job checks would be most of this file's time
  process.env.CIM_POLL_INTERVAL_MS = "5";
  delete process.env.CIM_REGION;
  resetQuotaPreflight(() => undefined);
  cat.zone = (await list("/zones"))[0].id;
  cat.offering = (await list("/offerings/compute"))[0].id;
  cat.template = (await list("/templates"))[0].id;
  cat.disk = (await list("/offerings/disk")).find((d) => d.customized)!.id;
  cat.vpcOffering = (await list("/offerings/vpc"))[0].id;

  pulumi.runtime.setMocks(
    {
      async newResource(args) {
        const kind = kindOfType(args.type);
        // The engine hands providers plain values; the program marked these secret (state encrypts them).
        const { inputs, secrets } = providerInputs(args.inputs);
        const provider = providerFor(kind);
        const checked = await provider.check!({}, inputs);
        const entry: (typeof registered)[number] = {
          type: args.type,
          name: args.name,
          inputs,
          secrets,
          failures: checked.failures?.map((f) => f.reason),
        };
        registered.push(entry);
        if (checked.failures?.length) return { id: `${args.name}-refused`, state: {} };
        const { id, outs } = await provider.create(checked.inputs);
        entry.outs = outs;
        return { id, state: outs };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
});

afterAll(async () => {
  process.env = saved;
  resetQuotaPreflight();
  await emu?.close();
});

/** A list of a region's catalogue (the other region's ids differ). */
async function listIn(path: string, region: string): Promise<Record<string, any>[]> {
  const res = await fetch(`${emu.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${process.env.CIM_TOKEN}`, "x-region-context": region },
  });
  return (await res.json()) as Record<string, any>[];
}

/** What an instance of the catalogue's first zone, offering and template needs. */
const vmArgs = () => ({ zoneId: cat.zone, serviceOfferingId: cat.offering, templateId: cat.template });

const value = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));

describe("SDK resource classes", () => {
  it("one class per kind of the registry, under pulumi-nodejs:dynamic/cim:<Kind>", async () => {
    const cim: Record<string, any> = await import("../../sdk");
    for (const kind of kindList) {
      expect(cim[kind.name]?.__pulumiType, kind.name).toBe(`pulumi-nodejs:dynamic/cim:${kind.name}`);
    }
    // a fixture, not a user resource
    expect(cim.Probe).toBeUndefined();
  });

  it("exports the classes, the lookups and what a program handles of them, and nothing of the machinery", async () => {
    const cim: Record<string, unknown> = await import("../../sdk");
    const others = Object.keys(cim).filter((k) => !(k in kinds) && !/^get[A-Z]/.test(k));
    // a program clears the lookups' cache and catches their error; the module the serialized provider loads
    // and the instance groups' warning (the native lookup's) are not a program's to call
    expect(others.sort()).toEqual(["LookupError", "clearLookupCache"]);
  });

  it("outputs are what the provider returned; names default to the resource name", async () => {
    const cim = await import("../../sdk");
    const vpc = new cim.Vpc("main-net", {
      zoneId: cat.zone,
      cidr: "10.9.0.0/16",
      vpcOfferingId: cat.vpcOffering,
    });
    const disk = new cim.Volume("data", {
      zoneId: cat.zone,
      diskOfferingId: cat.disk,
      size: 12,
      tags: { env: "dev" },
    });
    expect(await value(vpc.name)).toBe("main-net");
    expect(await value(vpc.state)).toBe("Implemented");
    expect(await value(vpc.zoneId)).toBe(cat.zone);
    expect(await value(disk.size)).toBe(12);
    expect(await value(disk.tags)).toEqual({ env: "dev" });
    expect(await value(disk.state)).toBe("Allocated");
    expect(cim.Volume.isInstance(disk)).toBe(true);
    expect(cim.Vpc.isInstance(disk)).toBe(false);
    const id = await value(disk.id);
    expect((await list("/volumes")).find((v) => v.id === id)).toMatchObject({ name: "data", size: 12 });
  });

  it("outputs state keeps as a null read as their default or as undefined; the others as the provider returned them", async () => {
    const cim = await import("../../sdk");
    const plain = new cim.Instance("plain-vm", vmArgs());
    const own = new cim.Instance("own-vm", {
      ...vmArgs(),
      displayName: "Own label",
      haEnabled: true,
      deleteProtection: true,
      timeouts: { create: "5m" },
    });
    await value(own.id);
    const stored = (name: string) => registered.find((r) => r.name === name)!.outs!;
    // what the provider returned, which the engine keeps in state: the defaults are nulls, and so is what the
    // instance lacks (no group), so a preview knows them
    for (const k of ["haEnabled", "deleteProtection", "imageType", "powerState", "displayName", "hypervisor"])
      expect(stored("plain-vm"), k).toHaveProperty(k, null);
    expect(stored("plain-vm")).toHaveProperty("group", null);
    expect(await value(plain.group)).toBeUndefined();
    // an output that is only an input the program left out is not kept at all: the class knows it is absent
    for (const k of ["timeouts", "adoptId", "allowPasswordSsh", "expunge", "userDataHash"]) {
      expect(stored("plain-vm"), k).not.toHaveProperty(k);
      const out = (plain as unknown as Record<string, pulumi.Output<unknown>>)[k];
      expect(await value(out), k).toBeUndefined();
      expect(await (out as any).isKnown, k).toBe(true);
    }
    expect(stored("own-vm").timeouts).toEqual({ create: "5m" });
    expect(await value(own.timeouts)).toEqual({ create: "5m" });
    expect(stored("own-vm")).toMatchObject({
      displayName: "Own label",
      haEnabled: true,
      deleteProtection: true,
    });
    expect(await value(plain.haEnabled)).toBe(false);
    expect(await value(plain.deleteProtection)).toBe(false);
    expect(await value(plain.imageType)).toBe("template");
    expect(await value(plain.powerState)).toBe("running");
    expect(await value(plain.hypervisor)).toBe("KVM");
    // the platform's label is the host name (the provider names an unnamed instance vm-…)
    expect(await value(plain.displayName)).toBe(await value(plain.name));
    expect(await value(plain.name)).toMatch(/^vm-/);
    expect(await value(own.displayName)).toBe("Own label");
    expect(await value(own.haEnabled)).toBe(true);
    expect(await value(own.deleteProtection)).toBe(true);
    // the same Output each time it is read
    expect(plain.haEnabled).toBe(plain.haEnabled);
    // deletion protection on: take it off so the emulator can be closed cleanly
    const off = await fetch(
      `${emu.url}/api/v1/compute/instances/${await value(own.id)}?displayName=Own%20label&deleteProtection=false`,
      { method: "PUT", headers: { authorization: `Bearer ${process.env.CIM_TOKEN}` } },
    );
    expect(off.status).toBe(200);
  });

  it("an instance under a backup offering looked up by name, its schedule and a backup named after the resource", async () => {
    const cim = await import("../../sdk");
    const standard = await cim.getBackupOffering({ name: "Standard", zoneId: cat.zone });
    const db = new cim.Instance("backed-up", {
      zoneId: cat.zone,
      templateId: cat.template,
      serviceOfferingId: cat.offering,
      backupOfferingId: standard.id,
    });
    const nightly = new cim.BackupSchedule("nightly", {
      instanceId: db.id,
      intervalType: "DAILY",
      schedule: "30:02",
    });
    const once = new cim.Backup("before-upgrade", { instanceId: db.id, description: "before 2.0" });
    expect(cim.Backup.__pulumiType).toBe("pulumi-nodejs:dynamic/cim:Backup");
    expect(await value(db.backupOfferingId)).toBe(standard.id);
    expect(await value(nightly.intervalType)).toBe("DAILY");
    expect(await value(once.name)).toBe("before-upgrade");
    expect(await value(once.state)).toBe("BackedUp");
    expect(await value(once.backupOfferingId)).toBe(standard.id);
    expect(await value(once.instanceId)).toBe(await value(db.id));
    // the instance came from an output: not read at check (it may get its offering in the same run)
    expect(registered.find((r) => r.name === "before-upgrade")?.inputs[PLAIN_REFERENCES]).toEqual([]);
  });

  it("an instance schedule: the action as given, enabled by default; a bad cron is named at check", async () => {
    const cim = await import("../../sdk");
    const vm = new cim.Instance("scheduled", vmArgs());
    const night = new cim.InstanceSchedule("night", {
      instanceId: vm.id,
      action: "STOP",
      schedule: "0 22 * * MON-FRI",
      timezone: "Europe/Berlin",
    });
    expect(cim.InstanceSchedule.__pulumiType).toBe("pulumi-nodejs:dynamic/cim:InstanceSchedule");
    expect(await value(night.action)).toBe("stop");
    expect(await value(night.enabled)).toBe(true);
    expect(await value(night.instanceId)).toBe(await value(vm.id));
    const bad = new cim.InstanceSchedule("bad-cron", {
      instanceId: vm.id,
      action: "start",
      schedule: "0 6 * *",
      timezone: "Europe/Berlin",
    });
    await value(bad.id).catch(() => undefined);
    expect(registered.find((r) => r.name === "bad-cron")?.failures?.join(" ")).toContain(
      "schedule must be a cron schedule of five fields",
    );
  });

  it("a Kubernetes cluster on a network of the program, its version looked up; endpoint and kubeconfig on the class", async () => {
    const cim = await import("../../sdk");
    // what the class asks the engine to keep secret in state, as the engine receives it
    const monitor = pulumi.runtime.getMonitor() as any;
    const register = monitor.registerResource.bind(monitor);
    const secretOuts = new Map<string, string[]>();
    monitor.registerResource = (req: any, cb: unknown) => {
      secretOuts.set(req.getName(), req.getAdditionalsecretoutputsList());
      return register(req, cb);
    };
    onTestFinished(() => {
      monitor.registerResource = register;
    });
    const offering = (await list("/offerings/network")).find((o) => !o.forVpc)!.id;
    const net = new cim.Network("kube-net", { zoneId: cat.zone, networkOfferingId: offering });
    const version = await cim.getKubernetesVersion("1.28.4");
    const medium = await cim.getComputeOffering("Medium");
    const kube = new cim.KubernetesCluster("kube", {
      zoneId: cat.zone,
      kubernetesVersionId: version.id,
      serviceOfferingId: medium.id,
      networkId: net.id,
      size: 2,
    });
    expect(cim.KubernetesCluster.__pulumiType).toBe("pulumi-nodejs:dynamic/cim:KubernetesCluster");
    expect(await value(kube.name)).toBe("kube");
    expect(await value(kube.size)).toBe(2);
    expect(await value(kube.controlNodes)).toBe(1);
    expect(await value(kube.state)).toBe("Running");
    expect(await value(kube.endpoint)).toMatch(/^https:\/\//);
    // the class asks the engine to keep it secret (additionalSecretOutputs); only the engine applies that
    expect(secretOutputs(kinds.KubernetesCluster)).toEqual(["kubeconfig"]);
    expect(secretOuts.get("kube")).toEqual(["kubeconfig"]);
    expect(secretOuts.get("kube-net")).toEqual([]);
    expect(await value(kube.kubeconfig)).toContain("kind: Config");
  });

  // (That state keeps userDataHash secret, through additionalSecretOutputs, only the engine shows:
  // tests/security and tests/e2e/protection.test.ts check it in real state.)
  it("a VPC with its own ACL list and rule, a tier on it, and a default list looked up by name", async () => {
    const cim = await import("../../sdk");
    const vpc = new cim.Vpc("acl-net", {
      zoneId: cat.zone,
      cidr: "10.19.0.0/16",
      vpcOfferingId: cat.vpcOffering,
    });
    const web = new cim.NetworkAclList("web-acl", { vpcId: vpc.id, description: "web tier" });
    const https = new cim.NetworkAclRule("https", {
      aclId: web.id,
      protocol: "TCP",
      startPort: 443,
      cidrList: ["0.0.0.0/0"],
    });
    const tier = new cim.Network("web-tier", {
      zoneId: cat.zone,
      networkOfferingId: (await list("/offerings/network")).find((o) => o.forVpc)!.id,
      vpcId: vpc.id,
      gateway: "10.19.1.1",
      netmask: "255.255.255.0",
      aclId: web.id,
    });
    expect(await value(web.name)).toBe("web-acl");
    expect(await value(https.protocol)).toBe("tcp");
    expect(await value(https.endPort)).toBe(443);
    expect(await value(https.number)).toBe(1);
    expect(await value(https.aclName)).toBe("web-acl");
    expect(await value(tier.aclId)).toBe(await value(web.id));
    const deny = await value(vpc.id.apply((vpcId) => cim.getNetworkAclList({ vpcId, name: "default_deny" })));
    expect(deny).toMatchObject({ name: "default_deny", vpcId: await value(vpc.id) });
  });

  it("a volume snapshot of an attached volume and an instance snapshot with memory, then looked up by name", async () => {
    const cim = await import("../../sdk");
    const base = { zoneId: cat.zone, templateId: cat.template, serviceOfferingId: cat.offering };
    const db = new cim.Instance("snap-db", base);
    const data = new cim.Volume("snap-data", {
      zoneId: cat.zone,
      diskOfferingId: cat.disk,
      size: 8,
      instanceId: db.id,
    });
    const snap = new cim.VolumeSnapshot("data-nightly", { volumeId: data.id });
    expect(await value(snap.name)).toBe("data-nightly");
    expect(await value(snap.volumeName)).toBe("snap-data");
    expect(await value(snap.size)).toBe(8);
    expect(await value(snap.state)).toBe("BackedUp");
    const app = new cim.Instance("snap-app", base);
    const state = new cim.InstanceSnapshot("app-state", { instanceId: app.id, memory: true });
    expect(await value(state.memory)).toBe(true);
    expect(await value(state.type)).toBe("DiskAndMemory");
    expect(await value(state.instanceName)).toBe(await value(app.name));
    expect((await cim.getVolumeSnapshot({ name: "data-nightly" })).id).toBe(await value(snap.id));
    expect((await cim.getInstanceSnapshot({ name: "app-state" })).id).toBe(await value(state.id));
  });

  it("userData goes to the provider, outputs carry only its digest", async () => {
    const cim = await import("../../sdk");
    const vm = new cim.Instance(
      "web",
      {
        zoneId: cat.zone,
        serviceOfferingId: cat.offering,
        templateId: cat.template,
        name: "web",
        userData: "YWJj",
      },
      { additionalSecretOutputs: ["tags"] },
    );
    expect(await value(vm.userDataHash)).toBe(userDataDigest("YWJj"));
    expect(await value(vm.powerState)).toBe("running");
    const reg = registered.find((r) => r.name === "web")!;
    expect(reg.failures).toEqual([]);
    expect(reg.inputs.userData).toBe("YWJj");
    expect(reg.secrets).toEqual(["userData"]);
    expect(JSON.stringify(reg.outs)).not.toContain("YWJj"); // no output carries the payload
  });

  it("sshKeyNames written as text is looked up at check; taken from a key pair's output it is not", async () => {
    const cim = await import("../../sdk");
    const vm = (name: string, sshKeyNames: pulumi.Input<pulumi.Input<string>[]>) =>
      new cim.Instance(name, {
        zoneId: cat.zone,
        serviceOfferingId: cat.offering,
        templateId: cat.template,
        name,
        sshKeyNames,
      });
    await value(vm("plain-ghost", ["ghost"]).id).catch(() => undefined);
    expect(registered.find((r) => r.name === "plain-ghost")?.failures?.join(" ")).toContain(
      'sshKeyNames names no SSH key pair named "ghost"',
    );
    expect(registered.find((r) => r.name === "plain-ghost")?.inputs[PLAIN_REFERENCES]).toEqual([
      "sshKeyNames",
    ]);
    // the usual way: the key pair's name output (the key pair is registered first). An output's value is not
    // looked up at check (it may name a key pair the same run creates: tests/kinds/compute.test.ts shows the
    // provider side)
    const key = new cim.SshKeyPair("ops", { publicKey: ED25519 });
    const withKey = vm("with-key", [key.name]);
    expect(await value(withKey.sshKeyNames)).toEqual(["ops"]);
    expect(await value(key.fingerprint)).toBe(ED25519_MD5);
    const reg = registered.find((r) => r.name === "with-key")!;
    expect(reg.failures).toEqual([]);
    expect(reg.inputs[PLAIN_REFERENCES]).toEqual([]);
    const wrapped = vm("wrapped", pulumi.output([key.name]));
    await value(wrapped.id);
    expect(registered.find((r) => r.name === "wrapped")?.inputs[PLAIN_REFERENCES]).toEqual([]);
    // a resource that gives no reference says nothing: state keeps no empty list for it
    expect(registered.find((r) => r.name === "ops")?.inputs).not.toHaveProperty(PLAIN_REFERENCES);
  });

  it("a public IP and a static NAT wired by outputs: the address, its flags and the mapping on the classes", async () => {
    const cim = await import("../../sdk");
    const offering = (await list("/offerings/network")).find((o) => !o.forVpc)!.id;
    const net = new cim.Network("edge", { zoneId: cat.zone, networkOfferingId: offering });
    const vm = new cim.Instance("bastion", {
      zoneId: cat.zone,
      serviceOfferingId: cat.offering,
      templateId: cat.template,
      networkIds: [net.id],
    });
    const ip = new cim.PublicIp("bastion", { networkId: net.id, tags: { role: "bastion" } });
    const nat = new cim.StaticNat("bastion", { publicIpId: ip.id, instanceId: vm.id });
    const address = await value(ip.ipAddress);
    expect(address).toMatch(/^198\.1[89]\./);
    expect(await value(ip.isSourceNat)).toBe(false);
    expect(await value(ip.tags)).toEqual({ role: "bastion" });
    expect(await value(nat.ipAddress)).toBe(address);
    expect(await value(nat.state)).toBe("Enabled");
    expect(await value(nat.networkId)).toBe(await value(net.id)); // the address's network, given by the API
    expect(await value(nat.id)).toBe(await value(ip.id)); // a static NAT is named by its address
    const live = (await list("/public-ips")).find((r) => r.ipAddress === address)!;
    expect(live).toMatchObject({ isStaticNat: true, virtualMachineId: await value(vm.id) });
  });

  it("a VPC private gateway wired to its VPC and ACL list: addresses, VLAN and list name on the class", async () => {
    const cim = await import("../../sdk");
    const vpc = new cim.Vpc("gw-net", {
      zoneId: cat.zone,
      cidr: "10.29.0.0/16",
      vpcOfferingId: cat.vpcOffering,
    });
    const acl = new cim.NetworkAclList("gw-acl", { vpcId: vpc.id });
    const gw = new cim.VpcGateway("dc-link", {
      vpcId: vpc.id,
      ipAddress: "172.16.40.2",
      gateway: "172.16.40.1",
      netmask: "255.255.255.0",
      vlan: 440,
      aclId: acl.id,
    });
    expect(await value(gw.state)).toBe("Ready");
    expect(await value(gw.vlan)).toBe(440);
    expect(await value(gw.sourceNatSupported)).toBe(false);
    expect(await value(gw.aclName)).toBe("gw-acl");
    expect(await value(gw.vpcName)).toBe("gw-net");
    const found = await value(vpc.id.apply((vpcId) => cim.getVpcGateway({ vpcId, address: "172.16.40.2" })));
    expect(found.id).toBe(await value(gw.id));
  });

  it("an internal load balancer in a VPC tier: its name from the resource, members from instances, the address allocated", async () => {
    const cim = await import("../../sdk");
    const vpc = new cim.Vpc("ilb-net", {
      zoneId: cat.zone,
      cidr: "10.39.0.0/16",
      vpcOfferingId: cat.vpcOffering,
    });
    const tier = new cim.Network("ilb-tier", {
      zoneId: cat.zone,
      networkOfferingId: (await list("/offerings/network")).find((o) => o.internalLb)!.id,
      vpcId: vpc.id,
      gateway: "10.39.1.1",
      netmask: "255.255.255.0",
    });
    const app = [1, 2].map(
      (n) =>
        new cim.Instance(`ilb-app-${n}`, {
          zoneId: cat.zone,
          serviceOfferingId: cat.offering,
          templateId: cat.template,
          networkIds: [tier.id],
        }),
    );
    const lb = new cim.InternalLoadBalancer("inside", {
      networkId: tier.id,
      sourcePort: 5432,
      instancePort: 5432,
      algorithm: "LeastConn",
      memberIds: app.map((a) => a.id),
    });
    expect(await value(lb.name)).toBe("inside");
    expect(await value(lb.sourceIpAddress)).toMatch(/^10\.39\.1\.\d+$/);
    expect(await value(lb.sourceIpAddressNetworkId)).toBe(await value(tier.id));
    expect(await value(lb.vpcId)).toBe(await value(vpc.id));
    expect(await value(lb.algorithm)).toBe("leastconn");
    // in the program's order, not the API's
    expect(await value(lb.memberIds)).toEqual(await Promise.all(app.map((a) => value(a.id))));
    expect(await value(lb.state)).toBe("Active");
    const live = (await list("/loadbalancer/internal")).find((r) => r.name === "inside")!;
    expect(live).toMatchObject({ scheme: "Internal", sourcePort: "5432", instancePort: "5432" });
  });

  it("a load-balancer rule wired by outputs: its name from the resource, members from instances, the address shown", async () => {
    const cim = await import("../../sdk");
    const offering = (await list("/offerings/network")).find((o) => !o.forVpc)!.id;
    const net = new cim.Network("lb-net", { zoneId: cat.zone, networkOfferingId: offering });
    const web = [1, 2].map(
      (n) =>
        new cim.Instance(`lb-web-${n}`, {
          zoneId: cat.zone,
          serviceOfferingId: cat.offering,
          templateId: cat.template,
          networkIds: [net.id],
        }),
    );
    const ip = new cim.PublicIp("lb-front", { networkId: net.id });
    const rule = new cim.LoadBalancerRule("front", {
      publicIpId: ip.id,
      publicPort: 80,
      privatePort: 8080,
      memberIds: web.map((w) => w.id),
      tags: { tier: "web" },
    });
    expect(await value(rule.name)).toBe("front");
    expect(await value(rule.publicIp)).toBe(await value(ip.ipAddress));
    expect(await value(rule.networkId)).toBe(await value(net.id)); // the address's network, given by the API
    expect(await value(rule.algorithm)).toBe("roundrobin");
    expect(await value(rule.protocol)).toBe("tcp");
    expect(await value(rule.memberIds)).toEqual(await Promise.all(web.map((w) => value(w.id))));
    expect(await value(rule.state)).toBe("Active");
    const live = (await list("/loadbalancer/rules")).find((r) => r.name === "front")!;
    expect(live).toMatchObject({ publicPort: "80", privatePort: "8080", tags: { tier: "web" } });
  });

  it("a file system on a network of the program and an instance joining a group by its name output", async () => {
    const cim = await import("../../sdk");
    const offering = (await list("/offerings/network")).find((o) => !o.forVpc)!.id;
    const medium = (await list("/offerings/compute")).find((o) => o.name === "Medium")!.id;
    const net = new cim.Network("files", { zoneId: cat.zone, networkOfferingId: offering });
    const share = new cim.FileSystem("assets", {
      zoneId: cat.zone,
      networkId: net.id,
      diskOfferingId: cat.disk,
      size: 8,
      serviceOfferingId: medium,
    });
    expect(await value(share.name)).toBe("assets");
    expect(await value(share.size)).toBe(8);
    expect(await value(share.filesystem)).toBe("XFS");
    expect(await value(share.state)).toBe("Ready");
    expect(await value(share.mountSource)).toBe(`${await value(share.ipAddress)}:/mnt/fs/share`);
    const web = new cim.InstanceGroup("web-servers", {});
    const vm = new cim.Instance("grouped", {
      zoneId: cat.zone,
      serviceOfferingId: cat.offering,
      templateId: cat.template,
      group: web.name,
    });
    expect(await value(web.name)).toBe("web-servers");
    expect(await value(vm.group)).toBe("web-servers");
    expect((await list("/compute/instances")).find((i) => i.group === "web-servers")?.groupId).toBe(
      await value(web.id),
    );
  });

  it("adopting without a name keeps the live name; a misspelt key is named at check", async () => {
    const cim = await import("../../sdk");
    const adopted = new cim.Volume("adopted", {
      zoneId: cat.zone,
      diskOfferingId: cat.disk,
      adoptId: "0b1c",
    });
    await value(adopted.id).catch(() => undefined);
    const reg = registered.find((r) => r.name === "adopted")!;
    expect(reg.inputs.name).toBeUndefined();

    const typo = new cim.Volume("typo", { zoneId: cat.zone, diskOfferingId: cat.disk, sizee: 5 } as never);
    await value(typo.id).catch(() => undefined);
    expect(registered.find((r) => r.name === "typo")?.failures?.join(" ")).toContain(
      "sizee is not an input of this resource (did you mean size?)",
    );
  });

  it("a comment on a volume of the program: its text, visibility and author on the class", async () => {
    const cim = await import("../../sdk");
    const data = new cim.Volume("commented", { zoneId: cat.zone, diskOfferingId: cat.disk, size: 6 });
    const note = new cim.Comment("data-note", { volumeId: data.id, text: "restore tests run weekly" });
    expect(cim.Comment.__pulumiType).toBe("pulumi-nodejs:dynamic/cim:Comment");
    expect(await value(note.text)).toBe("restore tests run weekly");
    expect(await value(note.adminsOnly)).toBe(false);
    expect(await value(note.username)).toBe("user-1");
    expect(await value(note.volumeId)).toBe(await value(data.id));
    expect(await value(note.networkId)).toBeUndefined();
    const [live] = await list(`/volumes/${await value(data.id)}/annotations`);
    expect(live).toMatchObject({ id: await value(note.id), annotation: "restore tests run weekly" });
  });

  it("a multi-region group with a VPC of each region: the members take the VPCs' regions from their outputs", async () => {
    const cim = await import("../../sdk");
    const ams = emu.regions.find((r) => !r.primary)!.id;
    const amsZone = (await listIn("/zones", ams))[0].id;
    const amsOffering = (await listIn("/offerings/vpc", ams))[0].id;
    const fra = new cim.Vpc("fra", {
      zoneId: cat.zone,
      cidr: "10.51.0.0/16",
      vpcOfferingId: cat.vpcOffering,
    });
    const far = new cim.Vpc("ams", {
      region: ams,
      zoneId: amsZone,
      cidr: "10.52.0.0/16",
      vpcOfferingId: amsOffering,
    });
    const group = new cim.MultiRegionGroup("mesh", { description: "both sites" });
    const here = new cim.MultiRegionGroupVpc("mesh-fra", { groupId: group.id, vpcId: fra.id });
    const there = new cim.MultiRegionGroupVpc("mesh-ams", {
      groupId: group.id,
      vpcId: far.id,
      vpcRegion: far.region,
    });
    expect(await value(group.name)).toBe("mesh");
    expect(await value(group.state)).toBe("Active");
    expect(await value(there.vpcRegion)).toBe(ams);
    expect(await value(there.vpcName)).toBe("ams");
    expect(await value(there.state)).toBe("Active");
    expect(await value(here.vpcRegion)).toBe(await value(here.region));
    expect(await value(there.region)).toBe(await value(group.region)); // the group's region, where it was sent
    const project = new cim.Project("shop", {});
    expect(await value(project.displayText)).toBe("shop"); // the API's default: the name
  });
});

describe("templates and ISOs", () => {
  it("a template looked up by OS type, its permissions and an instance wired by outputs: ready before the instance", async () => {
    const cim = await import("../../sdk");
    const os = await cim.getOsType("Ubuntu 22.04 (64-bit)");
    const golden = new cim.Template("golden", {
      url: "https://images.example.com/golden.qcow2",
      zoneId: cat.zone,
      format: "qcow2",
      hypervisor: "kvm",
      osTypeId: os.id,
    });
    const shared = new cim.TemplatePermissions("golden-shared", {
      templateId: golden.id,
      isExtractable: true,
    });
    const vm = new cim.Instance("from-golden", {
      zoneId: cat.zone,
      serviceOfferingId: cat.offering,
      templateId: golden.id,
    });
    // the SDK defaults the name; check writes format and hypervisor as the platform spells them
    expect(await value(golden.name)).toBe("golden");
    expect(await value(golden.format)).toBe("QCOW2");
    expect(await value(golden.hypervisor)).toBe("KVM");
    expect(await value(golden.state)).toBe("Ready");
    expect(await value(golden.isReady)).toBe(true);
    expect(await value(shared.isExtractable)).toBe(true);
    expect(await value(shared.owner)).toBe("user-1");
    // the platform's view of the instance (not kept in state) names the template it booted from
    const live = await cim.getInstance({ id: await value(vm.id) });
    expect(live.templateName).toBe("golden");
    expect((await cim.getInstance(String(live.name))).id).toBe(live.id);
    const iso = new cim.Iso("rescue", {
      url: "https://images.example.com/rescue.iso",
      zoneId: cat.zone,
      osTypeId: os.id,
    });
    expect(await value(iso.bootable)).toBe(true);
    expect(await value(iso.status)).toBe("Successfully Installed");
  });
});

describe("registration under Pulumi's runtime", () => {
  // Pulumi's runtime keeps every promise a registration makes, with the stack trace of its creation, to name
  // leaked promises at exit (`_debugStackTrace`, printed only under PULUMI_DEBUG_PROMISE_LEAKS).
  const { getStore } = require("@pulumi/pulumi/runtime/state");
  const debugStacksOf = (make: () => unknown) => {
    const before = new Set<Promise<unknown>>(getStore().leakCandidates);
    make();
    return [...getStore().leakCandidates]
      .filter((p) => !before.has(p))
      .map((p) => String((p as { _debugStackTrace?: unknown })._debugStackTrace));
  };
  const frames = (stack: string) => stack.split("\n").filter((l) => l.trimStart().startsWith("at ")).length;
  /** No args: check refuses them, so nothing is made. */
  const noArgs = {} as never;

  it("each kind registers without a stack trace per promise, and leaves the program's stack trace limit as it was", async () => {
    const cim: Record<string, any> = await import("../../sdk");
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 23;
    onTestFinished(() => {
      Error.stackTraceLimit = limit;
    });
    for (const kind of kindList) {
      const stacks = debugStacksOf(() => new cim[kind.name](`quiet-${kind.name}`, noArgs));
      // four promises a registered property; one only an input left out is not registered (givenOnlyOutputs)
      const registeredFields = Object.keys(kind.fields).filter((k) => !givenOnlyOutputs(kind).has(k));
      expect(stacks.length, kind.name).toBeGreaterThan(4 * registeredFields.length);
      expect(
        stacks.filter((s) => frames(s) > 0),
        kind.name,
      ).toEqual([]);
      expect(Error.stackTraceLimit, kind.name).toBe(23);
    }
  });

  it("under PULUMI_DEBUG_PROMISE_LEAKS every promise keeps the stack trace of its creation", async () => {
    const cim = await import("../../sdk");
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
    onTestFinished(() => {
      delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
    });
    const stacks = debugStacksOf(() => new cim.Volume("debugged", noArgs));
    expect(stacks.length).toBeGreaterThan(0);
    expect(stacks.filter((s) => frames(s) === 0)).toEqual([]);
    expect(stacks.every((s) => s.includes("classes.test.ts"))).toBe(true);
  });

  it("an error thrown while registering has a stack trace that names the program's line", async () => {
    const cim = await import("../../sdk");
    const limit = Error.stackTraceLimit;
    let thrown: unknown;
    try {
      // Pulumi refuses a resource without a name before it registers anything
      new cim.Volume(undefined as unknown as string, noArgs);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/Missing resource name/);
    expect((thrown as Error).stack).toContain("classes.test.ts");
    expect(Error.stackTraceLimit).toBe(limit);
  });
});

describe("the stack's cim:* settings", () => {
  it("a key that is no setting (a misspelt cim:baseURL) stops the program naming the setting meant", async () => {
    const cim = await import("../../sdk");
    const saved = pulumi.runtime.allConfig();
    onTestFinished(() => pulumi.runtime.setAllConfig(saved));
    pulumi.runtime.setAllConfig({ ...saved, "cim:baseURL": "http://x", "cim:region": "r" });
    expect(
      () => new cim.Volume("misconfigured", { zoneId: cat.zone, diskOfferingId: cat.disk, size: 5 }),
    ).toThrow(
      "cim:baseURL is not a setting of pulumi-cim (did you mean cim:baseUrl?); the settings: baseUrl, token, region, audience, requestTimeout, maxRetries, maxConcurrentRequests.",
    );
  });
});
