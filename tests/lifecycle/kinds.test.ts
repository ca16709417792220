// Every kind's provider called in-process (check, diff, create, read, update, delete) against the emulator, no
// CLI: the lifecycle engine (provider/lifecycle/engine.ts) as each kind's declaration shapes it. Partial
// state, adoption, converge, gone-on-read, busy-then-settled and delete of something already gone, in seconds.
// The CLI suites (tests/e2e) keep what only the engine shows: serialization, state, refresh, destroy.
// Every output a provider returns here (create, read, update, partial state) is parsed strictly with its kind's
// outputs schema (provider/kinds/outputSchema.ts), the runtime twin of the SDK class's outputs type.
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type Emulator, EmulatorControl, EXPUNGE_DELAY_MS, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { Jobs } from "../../provider/client/jobs";
import { IsoSchema, TemplateSchema } from "../../provider/client/schemas";
import { type Kind, type KindName, kinds } from "../../provider/kinds";
import { commonFields } from "../../provider/kinds/common";
import { defineKind, PLAIN_REFERENCES, secretOutputs, stateDefaults } from "../../provider/kinds/define";
import { imageStates } from "../../provider/kinds/image";
import { outputSchema } from "../../provider/kinds/outputSchema";
import { providerOf } from "../../provider/lifecycle/engine";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { compactOutputs, fullOutputs } from "../../provider/lifecycle/fields";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { resetBatches } from "../../provider/lifecycle/readBatch";
import { GIVEN } from "../../provider/lifecycle/readInputs";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { apiCaller } from "../fixtures/apiCall";
import { freshEd25519 } from "../fixtures/sshKeys";

type Rec = Record<string, any>;

let emu: Emulator;
let token: string;
let ctl: EmulatorControl;
const saved = { ...process.env };

/** A call of the API as the user (for changes behind the program's back), in a region when given. */
const call = apiCaller(() => ({ url: emu.url, token }));
/** Rows of a list answer, whatever its envelope. */
const rows = (body: any): Rec[] =>
  Array.isArray(body) ? body : (body.content ?? Object.values(body).find((v) => Array.isArray(v)) ?? []);
const first = async (path: string, pick: (r: Rec) => boolean = () => true) => {
  const row = rows(await call("GET", path)).find(pick);
  if (!row) throw new Error(`no row of ${path} matches`);
  return row;
};

const cat: Rec = {};

beforeAll(async () => {
  emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
  token = await emu.token();
  ctl = await EmulatorControl.of(emu);
  process.env.CIM_BASE_URL = emu.url;
  process.env.CIM_TOKEN = token;
  // Jobs end at once here or when a test's job timing says; the spec's cadence (a first check after 0.5-1 s,
  // then every 2-3 s) made this file wait about 150 s. The waiter's schedule has its own tests (tests/client).
  process.env.CIM_POLL_INTERVAL_MS = "5";
  delete process.env.CIM_REGION;
  resetQuotaPreflight(() => undefined);
  // every multi-region member row makes its own group (one VPC per region in a group)
  await ctl.limits({ maxMultiRegions: 100 });
  cat.zone = (await first("/zones")).id;
  cat.zone2 = (await first("/zones", (z) => z.id !== cat.zone)).id;
  cat.offering = (await first("/offerings/compute")).id;
  const offerings = rows(await call("GET", "/offerings/compute"));
  cat.offering2 = offerings.find((o) => o.id !== cat.offering)?.id;
  cat.template = (await first("/templates")).id;
  // An image without the tools to scale while running (CloudStack's template flag isdynamicallyscalable).
  cat.fixedSize = (await first("/templates", (t) => t.isDynamicallyScalable === false)).id;
  cat.custom = (await first("/offerings/disk", (d) => d.customized)).id;
  cat.vpcOffering = (await first("/offerings/vpc")).id;
  cat.isolated = (await first("/offerings/network", (n) => !n.forVpc)).id;
  cat.tier = (await first("/offerings/network", (n) => n.forVpc)).id;
  // an isolated network for public IPs and the instances static NAT maps them onto
  cat.net = (await job(await call("POST", "/networks", isolatedBody("ip-net")))).resourceId;
  cat.medium = (await first("/offerings/compute", (o) => o.name === "Medium")).id;
  cat.large = (await first("/offerings/compute", (o) => o.name === "Large")).id;
  for (const v of rows(await call("GET", "/compute/kubernetes/versions")))
    cat[`k8s-${v.semanticVersion}`] = v.id;
  const backupOfferings = rows(await call("GET", `/offerings/backup?zoneId=${cat.zone}`));
  cat.backupOffering = backupOfferings[0].id;
  cat.backupOffering2 = backupOfferings[1].id;
  cat.osType = (await first("/os-types", (o) => o.description === "Ubuntu 22.04 (64-bit)")).id;
  cat.osType2 = (await first("/os-types", (o) => o.description === "Debian GNU/Linux 12 (64-bit)")).id;
  await ctl.user("user-2");
});

/** An accepted mutation's job, once it has ended (jobs end at their first read here). */
async function job(accepted: { jobId: string }): Promise<Rec> {
  for (;;) {
    const j = await call("GET", `/jobs/${accepted.jobId}`);
    if (j.status !== "running") return j;
    await new Promise((r) => setTimeout(r, 10));
  }
}

function isolatedBody(name: string) {
  return { name, displayText: name, zoneId: cat.zone, networkOfferingId: cat.isolated };
}

/** Both instances made for a load-balancer rule's address, by address. */
const lbMembers = new Map<string, string[]>();

/** A fresh public IP of the shared isolated network and two fresh instances on it: a load-balancer rule's parts. */
async function balanced() {
  const { publicIpId, instanceId: a } = await addressAndInstance();
  const { instanceId: b } = await addressAndInstance();
  lbMembers.set(publicIpId, [a, b].sort());
  return { publicIpId, members: [a, b].sort() };
}

/** A VPC `10.<octet>.0.0/16` and its tier `10.<octet>.1.0/24` of the network offering given, made through the API. */
async function vpcTier(name: string, octet: number, networkOfferingId: string): Promise<string> {
  const vpc = await call("POST", "/vpcs", {
    name,
    displayText: name,
    zoneId: cat.zone,
    cidr: `10.${octet}.0.0/16`,
    vpcOfferingId: cat.vpcOffering,
  });
  await job(vpc);
  const tier = await call("POST", "/networks", {
    name: `${name}-tier`,
    displayText: `${name}-tier`,
    zoneId: cat.zone,
    networkOfferingId,
    vpcId: vpc.id,
    gateway: `10.${octet}.1.1`,
    netmask: "255.255.255.0",
  });
  await job(tier);
  return tier.id as string;
}

/** A VPC tier whose offering serves the internal LB, made once and shared. */
let ilbTier: string | undefined;
async function internalTier(): Promise<string> {
  ilbTier ??= await vpcTier("ilb", 77, (await first("/offerings/network", (n) => n.internalLb === true)).id);
  return ilbTier;
}

/** A fresh instance on the internal-LB tier, made through the API. */
async function tierInstance(): Promise<string> {
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    networkIds: await internalTier(),
  });
  await job(vm);
  return vm.id as string;
}

/** Both instances made for an internal load balancer, by its name. */
const ilbMembers = new Map<string, string[]>();

/** A public IP of the shared isolated network and a fresh instance on it, made through the API. */
async function addressAndInstance(networkId: string = cat.net) {
  const ip = await call("POST", "/public-ips", { networkId });
  await job(ip);
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    networkIds: networkId,
  });
  await job(vm);
  return { publicIpId: ip.id as string, instanceId: vm.id as string };
}

afterAll(async () => {
  process.env = saved;
  resetQuotaPreflight();
  await emu?.close();
});

beforeEach(() => {
  resetLookups();
  resetBatches();
});
afterEach(async () => {
  await ctl.clearFaults();
  await ctl.jobTiming({ mode: "timed", latencyMs: 0, jitterMs: 0 });
});

/** "<kind> <create|read|update|partial>" for each kind and operation whose outputs were parsed. */
const parsed = new Set<string>();

/**
 * Outputs as the kind declares them: no key it does not declare, none it declares always present missing, once
 * those state leaves out at their default are read back (as the SDK class reads them).
 */
function expectDeclared(kind: KindName, op: string, outs: Record<string, unknown>) {
  const declared: Kind = kinds[kind];
  // the hidden values read turns outputs back into inputs with (lifecycle/readInputs.ts) are not the kind's
  const { [GIVEN]: given, ...own } = outs;
  if (op === "create" || op === "update")
    expect(typeof given, `${kind} ${op} records the inputs the program gave`).toBe("string");
  const r = outputSchema(declared).safeParse(fullOutputs(declared, own));
  const issues = r.error?.issues.map((i) => `${i.path.join(".") || "(outputs)"}: ${i.message}`) ?? [];
  expect(issues, `${kind} ${op} outputs against the kind's declaration`).toEqual([]);
  parsed.add(`${kind} ${op}`);
}

/** An instance's outputs as a program reads them: those state leaves out at their default, read back. */
const shown = (outs: Record<string, unknown>) => fullOutputs(kinds.Instance, outs);

/** A kind's provider whose every output is checked against the kind's declaration. */
function p(kind: KindName): pulumi.dynamic.ResourceProvider {
  const provider = providerFor(kind);
  return {
    ...provider,
    async create(inputs) {
      try {
        const made = await provider.create(inputs);
        expectDeclared(kind, "create", made.outs);
        return made;
      } catch (err) {
        if (err instanceof PartialStateError) {
          // __provider is the dynamic-provider host's (the serialized provider), not an output of the kind
          const { __provider: _, ...outs } = err.properties;
          expectDeclared(kind, "partial", outs);
        }
        throw err;
      }
    },
    async read(id, props) {
      const got = await provider.read!(id, props);
      if (got.props !== undefined) expectDeclared(kind, "read", got.props);
      return got;
    },
    async update(id, olds, news) {
      const done = await provider.update!(id, olds, news);
      expectDeclared(kind, "update", done.outs);
      return done;
    },
  };
}

/** check, then create: what the engine does for a new resource. */
async function make(kind: KindName, news: Rec) {
  const checked = await p(kind).check!({}, news);
  expect(checked.failures ?? []).toEqual([]);
  return p(kind).create(checked.inputs);
}

/** check + diff + update from old outputs to new inputs, as `pulumi up` of a changed program does. */
async function change(kind: KindName, id: string, olds: Rec, news: Rec) {
  const checked = await p(kind).check!(olds, news);
  expect(checked.failures ?? []).toEqual([]);
  const d = await p(kind).diff!(id, olds, checked.inputs);
  return { diff: d, run: () => p(kind).update!(id, olds, checked.inputs) };
}

/** A well-formed id that names nothing. */
const OTHER_ID = "0b5c6f9e-1d2a-4e3b-8c7d-6e5f4a3b2c1d";

let unique = 0;
const nameOf = (prefix: string) => `${prefix}-${++unique}`;

/** What each kind needs to be made, changed in place, replaced, and refused at check. */
interface Case {
  kind: KindName;
  /** Valid inputs of a new resource (each call a fresh name). */
  inputs(): Promise<Rec> | Rec;
  /** An in-place change and how outputs show it. */
  inPlace: (olds: Rec) => { news: Rec; expect: Rec };
  /** A change that replaces. */
  replace: (olds: Rec) => { news: Rec; field: string };
  /** An input check refuses, and the field it names. */
  bad: (inputs: Rec) => { news: Rec; field: string };
  /** The route of the create (a job fault there fails the create after the API accepted it). */
  createRoute?: string;
  /** The API path of one resource (to delete it behind the program's back). */
  path: (id: string) => string;
  /** Where to delete it behind the program's back, when not at `path`. */
  deletePath?: (id: string, outs: Rec) => string;
  /** The state a live record read from `path` shows (default: its `state`). */
  liveState?: (live: Rec) => string;
  /** What a read shows after delete when delete resets rather than removes (default: gone, `{}`). */
  afterDelete?: Rec;
}

const instanceInputs = () => ({
  zoneId: cat.zone,
  serviceOfferingId: cat.offering,
  templateId: cat.template,
  name: nameOf("vm"),
  tags: { env: "test" },
});

const cases: Case[] = [
  {
    kind: "Instance",
    inputs: instanceInputs,
    inPlace: (o) => ({
      news: {
        ...o,
        displayName: "renamed",
        powerState: "stopped",
        tags: { env: "prod" },
        backupOfferingId: cat.backupOffering,
      },
      expect: {
        displayName: "renamed",
        powerState: "stopped",
        tags: { env: "prod" },
        backupOfferingId: cat.backupOffering,
      },
    }),
    replace: (o) => ({ news: { ...o, rootDiskSize: 99 }, field: "rootDiskSize" }),
    bad: (i) => ({ news: { ...i, name: "not_a_host" }, field: "name" }),
    createRoute: "/api/v1/compute/instances",
    path: (id) => `/compute/instances/${id}`,
  },
  {
    kind: "Volume",
    inputs: () => ({
      name: nameOf("disk"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      size: 10,
      tags: { a: "1" },
    }),
    inPlace: (o) => ({ news: { ...o, size: 20, tags: { a: "2" } }, expect: { size: 20, tags: { a: "2" } } }),
    replace: (o) => ({ news: { ...o, name: `${o.name}-x` }, field: "name" }),
    bad: (i) => ({ news: { ...i, size: -5 }, field: "size" }),
    createRoute: "/api/v1/volumes",
    path: (id) => `/volumes/${id}`,
  },
  {
    kind: "Vpc",
    inputs: () => ({
      name: nameOf("vpc"),
      zoneId: cat.zone,
      cidr: `10.${unique % 250}.0.0/16`,
      vpcOfferingId: cat.vpcOffering,
    }),
    inPlace: (o) => ({
      news: { ...o, displayText: "changed", tags: { t: "x" } },
      expect: { displayText: "changed", tags: { t: "x" } },
    }),
    replace: (o) => ({ news: { ...o, cidr: "172.16.0.0/16" }, field: "cidr" }),
    bad: (i) => ({ news: { ...i, cidr: "10.0.0.0/33" }, field: "cidr" }),
    createRoute: "/api/v1/vpcs",
    path: (id) => `/vpcs/${id}`,
  },
  {
    kind: "Network",
    inputs: () => ({ name: nameOf("net"), zoneId: cat.zone, networkOfferingId: cat.isolated }),
    inPlace: (o) => ({ news: { ...o, name: `${o.name}-r` }, expect: { name: `${o.name}-r` } }),
    replace: (o) => ({ news: { ...o, networkDomain: "other.internal" }, field: "networkDomain" }),
    bad: (i) => ({ news: { ...i, gateway: "10.1.1.1" }, field: "netmask" }),
    createRoute: "/api/v1/networks",
    path: (id) => `/networks/${id}`,
  },
  {
    // Nothing changes in place through the API: timeouts are the in-place (state only) change.
    kind: "SshKeyPair",
    inputs: () => ({ name: nameOf("key"), publicKey: freshEd25519() }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, publicKey: freshEd25519() }, field: "publicKey" }),
    bad: (i) => ({ news: { ...i, publicKey: "ssh-ed25519 AAAA-cut-short" }, field: "publicKey" }),
    path: (id) => `/ssh-keypairs/${id}`,
  },
  {
    kind: "NetworkAclList",
    inputs: async () => ({ name: nameOf("acl"), description: "web tier", vpcId: await aclVpc() }),
    inPlace: (o) => ({
      news: { ...o, name: `${o.name}-r`, description: "changed" },
      expect: { name: `${o.name}-r`, description: "changed" },
    }),
    replace: (o) => ({ news: { ...o, vpcId: OTHER_ID }, field: "vpcId" }),
    bad: (i) => ({ news: { ...i, name: "default_deny" }, field: "name" }),
    path: (id) => `/network-acls/${id}`,
  },
  {
    kind: "NetworkAclRule",
    inputs: async () => ({
      aclId: await aclList(),
      number: 10,
      protocol: "tcp",
      startPort: 443,
      endPort: 443,
      cidrList: ["10.0.0.0/8", "192.168.0.0/16"],
      action: "allow",
      trafficType: "ingress",
      description: "https",
    }),
    // every field of the rule changes in place (one updateNetworkACLItem): tcp 443 becomes icmp echo, denied
    inPlace: (o) => ({
      news: {
        ...o,
        protocol: "icmp",
        startPort: undefined,
        endPort: undefined,
        icmpType: 8,
        icmpCode: 0,
        action: "deny",
      },
      expect: { protocol: "icmp", icmpType: 8, icmpCode: 0, action: "deny", number: 10 },
    }),
    replace: (o) => ({ news: { ...o, aclId: OTHER_ID }, field: "aclId" }),
    bad: (i) => ({ news: { ...i, startPort: 70000 }, field: "startPort" }),
    path: (id) => `/network-acls/rules/${id}`,
  },
  {
    kind: "PublicIp",
    inputs: () => ({ networkId: cat.net, tags: { role: "web" } }),
    inPlace: (o) => ({ news: { ...o, tags: { role: "api" } }, expect: { tags: { role: "api" } } }),
    replace: (o) => ({ news: { ...o, networkId: OTHER_ID }, field: "networkId" }),
    bad: (i) => ({ news: { ...i, vpcId: OTHER_ID }, field: "vpcId" }),
    createRoute: "/api/v1/public-ips",
    path: (id) => `/public-ips/${id}`,
  },
  {
    // Every field replaces: timeouts are the in-place (state only) change.
    kind: "StaticNat",
    inputs: () => addressAndInstance(),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, instanceId: OTHER_ID }, field: "instanceId" }),
    bad: (i) => ({ news: { ...i, publicIpId: "web-ip" }, field: "publicIpId" }),
    path: (id) => `/public-ips/${id}/static-nat`,
  },
  {
    // Nothing changes in place through the API: timeouts are the in-place (state only) change.
    kind: "VolumeSnapshot",
    inputs: async () => ({ name: nameOf("snap"), volumeId: (await snapVm()).rootId }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, name: `${o.name}-x` }, field: "name" }),
    bad: (i) => ({ news: { ...i, volumeId: "data-disk" }, field: "volumeId" }),
    createRoute: "/api/v1/snapshots",
    path: (id) => `/snapshots/${id}`,
  },
  {
    kind: "InstanceSnapshot",
    inputs: async () => ({
      name: nameOf("vs"),
      instanceId: (await snapVm()).id,
      description: "before the upgrade",
      memory: true,
    }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, memory: false }, field: "memory" }),
    bad: (i) => ({ news: { ...i, memory: "yes" }, field: "memory" }),
    createRoute: "/api/v1/vm-snapshots",
    path: (id) => `/vm-snapshots/${id}`,
  },
  {
    // A failed create is not kept by the platform (applyVpcPrivateGateway destroys it): no partial-state row.
    kind: "VpcGateway",
    inputs: async () => {
      const vpcId = await gatewayVpc();
      return {
        vpcId,
        ipAddress: "192.168.200.2",
        gateway: "192.168.200.1",
        netmask: "255.255.255.0",
        vlan: 1000 + unique++,
        aclId: await aclList(vpcId),
      };
    },
    // the ACL list changes in place (replaceNetworkACLList with the gateway's id, a job)
    inPlace: (o) => ({
      news: { ...o, aclId: gatewayAcls.get(o.vpcId) },
      expect: { aclId: gatewayAcls.get(o.vpcId) },
    }),
    replace: (o) => ({ news: { ...o, vlan: o.vlan + 1 }, field: "vlan" }),
    bad: (i) => ({ news: { ...i, ipAddress: "192.168.201.2" }, field: "ipAddress" }),
    path: (id) => `/vpcs/private-gateways/${id}`,
  },
  {
    kind: "LoadBalancerRule",
    inputs: async () => {
      const { publicIpId, members } = await balanced();
      return {
        name: nameOf("lb"),
        publicIpId,
        publicPort: 80,
        privatePort: 8080,
        memberIds: [members[0]],
        tags: { tier: "web" },
      };
    },
    // one more member (the address's second instance), another name and algorithm, no tags
    inPlace: (o) => {
      const more = {
        name: `${o.name}-2`,
        algorithm: "leastconn",
        memberIds: lbMembers.get(o.publicIpId),
        tags: {},
      };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, publicPort: 81 }, field: "publicPort" }),
    bad: (i) => ({ news: { ...i, privatePort: 70000 }, field: "privatePort" }),
    path: (id) => `/loadbalancer/rules/${id}`,
  },
  {
    kind: "InternalLoadBalancer",
    inputs: async () => {
      const name = nameOf("ilb");
      const members = [await tierInstance(), await tierInstance()].sort();
      ilbMembers.set(name, members);
      return {
        name,
        networkId: await internalTier(),
        sourcePort: 80,
        instancePort: 8080,
        memberIds: [members[0]],
        tags: { tier: "app" },
      };
    },
    // the second instance joins, the algorithm changes, the tags go; the name stays (it keys the members)
    inPlace: (o) => {
      const more = {
        algorithm: "source",
        memberIds: ilbMembers.get(o.name),
        description: "inside",
        tags: {},
      };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, instancePort: 8081 }, field: "instancePort" }),
    bad: (i) => ({ news: { ...i, sourcePort: 0 }, field: "sourcePort" }),
    path: (id) => `/loadbalancer/internal/${id}`,
  },
  {
    kind: "KubernetesCluster",
    inputs: () => clusterInputs(),
    // the workers scale through the nodes route, the version upgrades one minor step, the tags change
    inPlace: (o) => {
      const more = { size: 2, kubernetesVersionId: cat["k8s-1.28.4"], tags: { env: "prod" } };
      return { news: { ...o, ...more }, expect: more };
    },
    // back down from 1.28.4: the platform never downgrades, so the diff replaces
    replace: (o) => ({
      news: { ...o, kubernetesVersionId: cat["k8s-1.27.3"] },
      field: "kubernetesVersionId",
    }),
    bad: (i) => ({ news: { ...i, size: 0 }, field: "size" }),
    createRoute: "/api/v1/compute/kubernetes/clusters",
    path: (id) => `/compute/kubernetes/clusters/${id}`,
  },
  {
    // Nothing changes in place through the API: timeouts are the in-place (state only) change.
    kind: "Backup",
    inputs: async () => ({
      instanceId: await backedUpInstance(),
      name: nameOf("bk"),
      description: "nightly",
    }),
    inPlace: (o) => ({
      news: { ...o, timeouts: { create: "30m" } },
      expect: { timeouts: { create: "30m" } },
    }),
    replace: (o) => ({ news: { ...o, description: "another" }, field: "description" }),
    bad: (i) => ({ news: { ...i, instanceId: 42 }, field: "instanceId" }),
    createRoute: "/api/v1/backups",
    path: (id) => `/backups/${id}`,
    liveState: (b) => b.status,
  },
  {
    kind: "InstanceSchedule",
    inputs: async () => ({
      instanceId: await scheduledInstance(),
      action: "stop",
      schedule: "0 22 * * MON-FRI",
      timezone: "Europe/Berlin",
      name: nameOf("night"),
    }),
    // every field but the instance changes in place (the spec's PUT with query parameters)
    inPlace: (o) => ({
      news: {
        ...o,
        action: "start",
        schedule: "30 6 * * *",
        timezone: "UTC",
        enabled: false,
        endDate: "2099-01-01T00:00:00.000Z",
      },
      expect: {
        action: "start",
        schedule: "30 6 * * *",
        timezone: "UTC",
        enabled: false,
        endDate: "2099-01-01T00:00:00.000Z",
      },
    }),
    replace: (o) => ({ news: { ...o, instanceId: OTHER_ID }, field: "instanceId" }),
    bad: (i) => ({ news: { ...i, schedule: "0 25 * * *" }, field: "schedule" }),
    path: (id) => `/compute/instances/schedules/${id}`,
    deletePath: (id, outs) => `/compute/instances/${outs.instanceId}/schedules/${id}`,
  },
  {
    // A volume's comment (the one kind of comment the API deletes). Visibility, its in-place field, is tested in
    // "comments" below; here timeouts are the in-place (state only) change.
    kind: "Comment",
    inputs: async () => ({ volumeId: await apiVolume(), text: `note ${nameOf("c")}` }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, text: `${o.text} (edited)` }, field: "text" }),
    bad: (i) => ({ news: { ...i, text: "x".repeat(256) }, field: "text" }),
    path: (id) => `/volumes/annotations/${id}`,
  },
  {
    kind: "FileSystem",
    inputs: () => fsInputs(),
    // grows in place (changeSharedFileSystemDiskOffering, a job) and is described anew (updateSharedFileSystem)
    inPlace: (o) => ({
      news: { ...o, size: 20, description: "grown" },
      expect: { size: 20, description: "grown" },
    }),
    replace: (o) => ({ news: { ...o, filesystem: "EXT4" }, field: "filesystem" }),
    bad: (i) => ({ news: { ...i, filesystem: "NTFS" }, field: "filesystem" }),
    createRoute: "/api/v1/filesystems",
    path: (id) => `/filesystems/${id}`,
    // a Ready one is destroyed only when forced; left Destroyed (not expunged), it reads as gone
    deletePath: (id) => `/filesystems/${id}?forced=true`,
    liveState: (body) => body.fileSystems[0].state,
  },
  {
    // Synchronous in the API (no job): no partial-state row.
    kind: "InstanceGroup",
    inputs: () => ({ name: nameOf("grp") }),
    inPlace: (o) => ({ news: { ...o, name: `${o.name}-r` }, expect: { name: `${o.name}-r` } }),
    replace: (o) => ({ news: { ...o, region: emu.regions.find((r) => !r.primary)!.id }, field: "region" }),
    bad: (i) => ({ news: { ...i, name: " " }, field: "name" }),
    path: (id) => `/instance-groups/${id}`,
  },
  {
    kind: "MultiRegionGroup",
    inputs: () => ({ name: nameOf("mesh"), description: "both sites" }),
    inPlace: (o) => ({
      news: { ...o, name: `${o.name}-r`, description: "changed" },
      expect: { name: `${o.name}-r`, description: "changed" },
    }),
    replace: (o) => ({ news: { ...o, region: secondaryRegion() }, field: "region" }),
    bad: (i) => ({ news: { ...i, name: "x".repeat(300) }, field: "name" }),
    path: (id) => `/multi-regions/${id}`,
  },
  {
    // A group of the primary region and a VPC of the other one: the member's region is the group's,
    // vpcRegion the VPC's. Nothing changes in place through the API: timeouts are the in-place change.
    kind: "MultiRegionGroupVpc",
    inputs: async () => ({
      groupId: (await call("POST", "/multi-regions", { name: nameOf("grp") })).id,
      vpcId: await vpcIn(secondaryRegion()),
      vpcRegion: secondaryRegion(),
    }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({
      news: { ...o, vpcRegion: emu.regions.find((r) => r.primary)!.id },
      field: "vpcRegion",
    }),
    bad: (i) => ({ news: { ...i, vpcRegion: "nl-ams-1" }, field: "vpcRegion" }),
    createRoute: "/api/v1/multi-regions/{id}/vpcs",
    path: (id) => `/multi-regions/members/${id}`,
  },
  {
    kind: "Project",
    inputs: () => ({ name: nameOf("proj"), displayText: "the shop" }),
    inPlace: (o) => ({
      news: { ...o, name: `${o.name}-r`, displayText: "changed" },
      expect: { name: `${o.name}-r`, displayText: "changed" },
    }),
    replace: (o) => ({ news: { ...o, region: secondaryRegion() }, field: "region" }),
    bad: (i) => ({ news: { ...i, displayText: "" }, field: "displayText" }),
    path: (id) => `/projects/${id}`,
  },
  {
    kind: "Template",
    inputs: () => templateInputs(),
    // names, description, OS type and the flags change in place (updateTemplate)
    inPlace: (o) => {
      const more = {
        displayText: "golden image",
        osTypeId: cat.osType2,
        passwordEnabled: true,
        isDynamicallyScalable: true,
      };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, url: o.url.replace(".qcow2", "-2.qcow2") }, field: "url" }),
    bad: (i) => ({ news: { ...i, url: "https://images.example.com/golden.vhd" }, field: "url" }),
    createRoute: "/api/v1/templates",
    path: (id) => `/templates/${id}`,
    liveState: (t) => TemplateSchema.parse(t).state ?? "",
  },
  {
    // Synchronous in the API (no job): no partial-state row. Its id is the template's.
    kind: "TemplatePermissions",
    inputs: async () => {
      const [templateId, other] = [await registeredTemplate(), await registeredTemplate()];
      otherTemplate.set(templateId, other);
      return { templateId, accounts: ["user-2"], isExtractable: true };
    },
    inPlace: (o) => {
      const more = { isPublic: true, isFeatured: true, accounts: [] };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, templateId: otherTemplate.get(o.templateId) }, field: "templateId" }),
    bad: (i) => ({ news: { ...i, accounts: ["user-2,user-3"] }, field: "accounts" }),
    path: (id) => `/templates/${id}/permissions`,
    // they go with their template; deleting them resets the template (CloudStack's op reset)
    deletePath: (id) => `/templates/${id}?forced=true`,
    afterDelete: { isPublic: false, isFeatured: false, isExtractable: false, accounts: [] },
  },
  {
    kind: "Iso",
    inputs: () => ({
      name: nameOf("iso"),
      url: `https://images.example.com/${unique}/rescue.iso`,
      zoneId: cat.zone,
      osTypeId: cat.osType,
    }),
    inPlace: (o) => ({
      news: { ...o, displayText: "rescue", bootable: false },
      expect: { displayText: "rescue", bootable: false },
    }),
    replace: (o) => ({ news: { ...o, zoneId: cat.zone2 }, field: "zoneId" }),
    bad: (i) => ({ news: { ...i, url: "ftp://images.example.com/rescue.iso" }, field: "url" }),
    createRoute: "/api/v1/isos",
    path: (id) => `/isos/${id}`,
    liveState: (i) => IsoSchema.parse(i).state ?? "",
  },
];

const secondaryRegion = () => emu.regions.find((r) => !r.primary)!.id;

/** A VPC made through the API in a region (its job waited for there), for multi-region group members. */
async function vpcIn(region: string): Promise<string> {
  const zoneId = rows(await call("GET", "/zones", undefined, region))[0].id;
  const vpcOfferingId = rows(await call("GET", "/offerings/vpc", undefined, region))[0].id;
  const v = await call(
    "POST",
    "/vpcs",
    { name: nameOf("mrvpc"), zoneId, cidr: `10.${unique % 250}.0.0/16`, vpcOfferingId },
    region,
  );
  for (let i = 0; i < 200; i++) {
    if ((await call("GET", `/jobs/${v.jobId}`, undefined, region)).status !== "running") return v.id;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`VPC job ${v.jobId} still running`);
}

/** A data volume made through the API (a comment's target). */
async function apiVolume(): Promise<string> {
  const q = new URLSearchParams({
    name: nameOf("cvol"),
    zoneId: cat.zone,
    diskOfferingId: cat.custom,
    size: "5",
  });
  const v = await call("POST", `/volumes?${q}`);
  await job(v);
  return v.id;
}

/** A shared file system of 10 GB on the shared isolated network, served by a Medium VM. */
const fsInputs = (extra: Rec = {}) => ({
  name: nameOf("fs"),
  zoneId: cat.zone,
  networkId: cat.net,
  diskOfferingId: cat.custom,
  size: 10,
  serviceOfferingId: cat.medium,
  description: "shared assets",
  ...extra,
});

const templateInputs = (extra: Rec = {}) => ({
  name: nameOf("tpl"),
  url: `https://images.example.com/${unique}/golden.qcow2`,
  zoneId: cat.zone,
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId: cat.osType,
  ...extra,
});

/** A template registered through the API, once downloaded. */
async function registeredTemplate(): Promise<string> {
  const t = await call("POST", "/templates", templateInputs());
  await waitJob(t.jobId);
  return t.id;
}
/** A second template for each TemplatePermissions row's replacement. */
const otherTemplate = new Map<string, string>();

/** A cluster of one worker on the shared isolated network, Kubernetes 1.27.3 on the Medium offering. */
const clusterInputs = (extra: Rec = {}) => ({
  name: nameOf("kube"),
  zoneId: cat.zone,
  kubernetesVersionId: cat["k8s-1.27.3"],
  serviceOfferingId: cat.medium,
  networkId: cat.net,
  size: 1,
  tags: { env: "test" },
  ...extra,
});

/** A running instance made through the API, and its root disk, for the snapshot kinds. */
async function snapVm(extra: Rec = {}): Promise<{ id: string; rootId: string }> {
  const vm = await call("POST", "/compute/instances", { ...instanceInputs(), tags: undefined, ...extra });
  for (let i = 0; i < 200; i++) {
    const { state } = await call("GET", `/compute/instances/${vm.id}`);
    if (state === "Running" || state === "Stopped") break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const root = await first(`/volumes?virtualMachineId=${vm.id}`, (v) => v.type === "ROOT");
  return { id: vm.id, rootId: root.id };
}

/** A second list of each gateway's VPC, for the in-place change of a gateway's aclId. */
const gatewayAcls = new Map<string, string>();

let scheduledVm: string | undefined;
/** One instance for the schedule rows (made through the API once). */
async function scheduledInstance(): Promise<string> {
  if (scheduledVm) return scheduledVm;
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    name: nameOf("svm"),
  });
  await waitJob(vm.jobId);
  scheduledVm = vm.id;
  return vm.id;
}

/** An instance under a backup offering, made through the API (for backups and their schedules). */
async function backedUpInstance(): Promise<string> {
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    name: nameOf("bvm"),
  });
  await waitJob(vm.jobId);
  const job = await call(
    "POST",
    `/compute/instances/${vm.id}/backup-offering?backupOfferingId=${cat.backupOffering}`,
  );
  await waitJob(job.jobId);
  return vm.id;
}

async function waitJob(jobId: string) {
  for (let i = 0; i < 200; i++) {
    const job = await call("GET", `/jobs/${jobId}`);
    if (job.status !== "running") return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`job ${jobId} still running`);
}

let aclOctet = 0;
/** A VPC made through the API, for the ACL kinds. */
async function aclVpc(): Promise<string> {
  const v = await call("POST", "/vpcs", {
    name: nameOf("aclvpc"),
    zoneId: cat.zone,
    cidr: `172.${16 + (aclOctet++ % 16)}.0.0/16`,
    vpcOfferingId: cat.vpcOffering,
  });
  await job(v);
  return v.id;
}
/** A VPC for a gateway, with a second list for its in-place change. */
async function gatewayVpc(): Promise<string> {
  const vpcId = await aclVpc();
  gatewayAcls.set(vpcId, await aclList(vpcId));
  return vpcId;
}
/** A list made through the API in a new VPC. */
async function aclList(vpcId?: string): Promise<string> {
  return (await call("POST", "/network-acls", { name: nameOf("list"), vpcId: vpcId ?? (await aclVpc()) })).id;
}

describe.each(cases)("$kind, in-process against the emulator", (c) => {
  it("check names the field and the rule; diff shows nothing for the same program", async () => {
    const inputs = await c.inputs();
    const bad = c.bad(inputs);
    const refused = await p(c.kind).check!({}, bad.news);
    expect(refused.failures?.map((f) => f.property)).toContain(bad.field);
    expect(refused.failures?.find((f) => f.property === bad.field)?.reason).toMatch(new RegExp(bad.field));
  });

  it("create, read, update in place, replace-diff, delete, delete again, read after delete", async () => {
    const inputs = await c.inputs();
    const { id, outs } = await make(c.kind, inputs);
    expect(outs.region).toBe(emu.regions.find((r) => r.primary)!.id);
    for (const [k, v] of Object.entries(inputs)) expect(outs[k], k).toEqual(v);

    // refresh: the same outputs back
    const read = await p(c.kind).read!(id, outs);
    expect(read.id).toBe(id);
    expect(read.props).toEqual(outs);

    // the same program: no changes
    const same = await p(c.kind).diff!(id, outs, (await p(c.kind).check!(outs, inputs)).inputs);
    expect(same.changes).toBe(false);

    // in place
    const ip = c.inPlace(inputs);
    const upd = await change(c.kind, id, outs, ip.news);
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    const updated = (await upd.run()).outs;
    expect(updated).toMatchObject(ip.expect);
    // what the API now reports, read back
    expect((await p(c.kind).read!(id, updated)).props).toMatchObject(ip.expect);

    // a replacement is a diff, not an update
    const rep = c.replace(ip.news);
    const replaced = await change(c.kind, id, updated, rep.news);
    expect(replaced.diff.replaces).toContain(rep.field);

    await p(c.kind).delete!(id, updated);
    if (c.afterDelete) expect((await p(c.kind).read!(id, updated)).props).toMatchObject(c.afterDelete);
    else expect(await p(c.kind).read!(id, updated)).toEqual({}); // gone on read: refresh drops it
    await p(c.kind).delete!(id, updated); // already gone: success
  });

  it("adopts a live resource: no second one, outputs as if created", async () => {
    const inputs = await c.inputs();
    const made = await make(c.kind, inputs);
    const adopted = await make(c.kind, { ...inputs, adoptId: made.id });
    expect(adopted.id).toBe(made.id);
    const { adoptId: _a, [GIVEN]: adoptedGiven, ...rest } = adopted.outs;
    const { adoptId: _b, [GIVEN]: madeGiven, ...base } = made.outs;
    expect(rest).toEqual(base);
    // the inputs the program gave, for a refresh's inputs: adoptId among them
    const names = (v: unknown) => String(v).split(",").filter(Boolean);
    expect(names(adoptedGiven).sort()).toEqual([...names(madeGiven), "adoptId"].sort());
    await p(c.kind).delete!(made.id, made.outs);
  });

  it("deleted behind the program's back: read drops it, delete succeeds", async () => {
    const { id, outs } = await make(c.kind, await c.inputs());
    await call("DELETE", c.deletePath?.(id, outs) ?? c.path(id));
    await new Promise((r) => setTimeout(r, 20));
    expect(await p(c.kind).read!(id, outs)).toEqual({});
    await p(c.kind).delete!(id, outs);
  });

  it.runIf(c.createRoute)(
    "a create the API accepted but whose job failed is kept as partial state, never lost",
    async () => {
      await ctl.fault({
        method: "POST",
        route: c.createRoute ?? "",
        times: 1,
        jobFail: { detail: "simulated platform failure" },
      });
      const inputs = await c.inputs();
      const err = await make(c.kind, inputs).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PartialStateError);
      const partial = err as PartialStateError;
      expect(partial.message).toContain("simulated platform failure");
      expect(partial.id).toMatch(/^[0-9a-f-]{36}$/);
      // the resource exists in the cloud, in a failed state, and state records it with the program's inputs
      const live = await call("GET", c.path(partial.id));
      const state = c.liveState?.(live) ?? live.state;
      expect(state).toBe(kinds[c.kind].states?.failed);
      expect(partial.properties).toMatchObject({ state });
      // the next up replaces it, as the engine does: deleting it first when the diff says so, else after the
      // replacement is made (a kind whose names are unique must say so, or the replacement is refused)
      const news = (await p(c.kind).check!({}, inputs)).inputs;
      const d = await p(c.kind).diff!(partial.id, partial.properties, news);
      expect(d.replaces).toContain("state");
      if (d.deleteBeforeReplace) await p(c.kind).delete!(partial.id, partial.properties);
      const replacement = await p(c.kind).create(news);
      if (!d.deleteBeforeReplace) await p(c.kind).delete!(partial.id, partial.properties);
      await p(c.kind).delete!(replacement.id, replacement.outs);
    },
  );
});

describe("network ACLs: a tier's list, the default lists, the rules' own rules", () => {
  it("a VPC tier takes aclId at create and changes it in place (the platform's replace-ACL-list job)", async () => {
    const vpcId = await aclVpc();
    const [web, app] = [await aclList(vpcId), await aclList(vpcId)];
    const { cidr } = await call("GET", `/vpcs/${vpcId}`);
    const [a, b] = cidr.split(".");
    const inputs = {
      name: nameOf("tier"),
      zoneId: cat.zone,
      networkOfferingId: cat.tier,
      vpcId,
      gateway: `${a}.${b}.1.1`,
      netmask: "255.255.255.0",
      aclId: web,
    };
    const { id, outs } = await make("Network", inputs);
    expect(outs.aclId).toBe(web);
    const upd = await change("Network", id, outs, { ...inputs, aclId: app });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await upd.run()).outs.aclId).toBe(app);
    expect((await call("GET", `/networks/${id}`)).aclId).toBe(app);
    expect(await jobsOn(id)).toEqual(["createNetwork:success", "replaceNetworkACLList:success"]);
    // left out: the API's choice stays, no change
    const { aclId: _, ...without } = inputs;
    expect(
      (await p("Network").diff!(id, { ...outs, aclId: app }, (await p("Network").check!({}, without)).inputs))
        .changes,
    ).toBe(false);
    // a list in use cannot go (the platform's refusal, passed on)
    const listDelete = await p("NetworkAclList").delete!(app, { region: outs.region, name: "x" }).catch(
      (e) => e,
    );
    expect(String(listDelete?.message)).toContain("ACL is still associated with 1 tier(s)");
    await p("Network").delete!(id, outs);
    const refused = await p("Network").check!(
      {},
      { name: "iso", zoneId: cat.zone, networkOfferingId: cat.isolated, aclId: web },
    );
    expect(refused.failures).toEqual([
      expect.objectContaining({ property: "aclId", reason: expect.stringMatching(/VPC tiers only/) }),
    ]);
  });

  it("the default lists are looked up, never adopted; a rule on one is refused at preview as by the API", async () => {
    const vpcId = await aclVpc();
    const deny = (await call("GET", `/vpcs/${vpcId}/acl-lists`)).find((l: Rec) => l.name === "default_deny");
    // refused at preview (check reads the adopted record), and by create the same way
    const adopt = await p("NetworkAclList").check!({}, { adoptId: deny.id, vpcId });
    expect(adopt.failures).toEqual([
      {
        property: "adoptId",
        reason: expect.stringMatching(/cannot adopt: .*default_deny is one of the VPC's default lists/),
      },
    ]);
    const err = await p("NetworkAclList")
      .create(adopt.inputs)
      .catch((e) => e);
    expect(String(err.message)).toMatch(/default_deny is one of the VPC's default lists/);
    const rule = { aclId: deny.id, protocol: "all", cidrList: ["0.0.0.0/0"] };
    const checked = await p("NetworkAclRule").check!({}, rule);
    expect(checked.failures).toEqual([
      { property: "aclId", reason: expect.stringMatching(/which is the VPC's default list default_deny/) },
    ]);
    const onDefault = await p("NetworkAclRule")
      .create(checked.inputs)
      .catch((e) => e);
    expect(String(onDefault.message)).toContain("Default ACL cannot be modified");
  });

  it("icmp gets type and code -1 from the API (no diff); a rule without number gets the next one", async () => {
    const aclId = await aclList();
    const inputs = { aclId, protocol: "icmp", cidrList: ["0.0.0.0/0"] };
    const { id, outs } = await make("NetworkAclRule", inputs);
    expect(outs).toMatchObject({
      number: 1,
      icmpType: -1,
      icmpCode: -1,
      action: "allow",
      trafficType: "ingress",
    });
    const again = await p("NetworkAclRule").diff!(
      id,
      outs,
      (await p("NetworkAclRule").check!(outs, inputs)).inputs,
    );
    expect(again.changes).toBe(false);
    await p("NetworkAclRule").delete!(id, outs);
  });
});

describe("busy, then settled", () => {
  it("an instance update waits out a running stop, then converges", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    await ctl.jobTiming({ latencyMs: 400 });
    await call("POST", `/compute/instances/${id}/stop`);
    expect((await call("GET", `/compute/instances/${id}`)).state).toBe("Stopping");
    const upd = await change("Instance", id, outs, {
      ...instanceInputs(),
      name: outs.name,
      displayName: "after stop",
      powerState: "running",
    });
    const { outs: after } = await upd.run();
    expect(shown(after)).toMatchObject({
      displayName: "after stop",
      powerState: "running",
      state: "Running",
    });
    await ctl.jobTiming({ latencyMs: 0 });
    await p("Instance").delete!(id, after);
  });

  it("a volume resize waits while another resize runs", async () => {
    const inputs = cases[1].inputs() as Rec;
    const { id, outs } = await make("Volume", inputs);
    await ctl.jobTiming({ latencyMs: 400 });
    await call("POST", `/volumes/${id}/resize`, { size: 15 });
    const upd = await change("Volume", id, outs, { ...inputs, size: 30 });
    const { outs: after } = await upd.run();
    expect(after.size).toBe(30);
    await ctl.jobTiming({ latencyMs: 0 });
    await p("Volume").delete!(id, after);
  });

  it("a delete of a resource already being deleted waits for it to go", async () => {
    const { id, outs } = await make("Vpc", { ...((await cases[2].inputs()) as Rec) });
    await ctl.jobTiming({ latencyMs: 300 });
    await call("DELETE", `/vpcs/${id}`);
    await p("Vpc").delete!(id, outs);
    await expect(call("GET", `/vpcs/${id}`)).rejects.toThrow(/404/);
  });
});

/** What the platform did to one resource, oldest first: `command:status` of the user's jobs on it. */
async function jobsOn(id: string): Promise<string[]> {
  const { jobs } = await call("GET", "/jobs/recent?limit=200");
  return (jobs as Rec[])
    .filter((j) => j.resourceId === id)
    .reverse()
    .map((j) => `${j.command}:${j.status}`);
}

describe("outputs state leaves out at their default", () => {
  it("an instance keeps only outputs off their default; diff and update read the rest back, drift included", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const defaulted = [
      "haEnabled",
      "deleteProtection",
      "imageType",
      "powerState",
      "displayName",
      "hypervisor",
    ];
    for (const k of defaulted) expect(outs, k).not.toHaveProperty(k);
    expect(shown(outs)).toMatchObject({
      haEnabled: false,
      deleteProtection: false,
      imageType: "template",
      powerState: "running",
      displayName: inputs.name,
      hypervisor: "KVM",
    });
    // refresh reads the same (and leaves the engine's inputs as they are), and the same program has nothing to do
    const same = await p("Instance").read!(id, outs);
    expect(same.props).toEqual(outs);
    expect(same.inputs).toBeUndefined();
    expect((await change("Instance", id, outs, inputs)).diff.changes).toBe(false);

    // changed behind the program's back: refresh keeps what is off its default, and the next up puts back
    // what the program has an opinion on (HA off by default), not what it leaves to the platform (the label)
    await call("PUT", `/compute/instances/${id}?displayName=console%20label&haEnabled=true`);
    const read = await p("Instance").read!(id, outs);
    const drifted = read.props as Rec;
    expect(drifted).toMatchObject({ haEnabled: true, displayName: "console label" });
    // the inputs the live values stand for: the program's, and HA, whose absence means off; not the label,
    // which the program leaves to the platform
    const { __provider: _, ...given } = inputs as Rec;
    expect(read.inputs).toEqual({ ...given, haEnabled: true });
    const back = await change("Instance", id, drifted, inputs);
    expect(back.diff).toMatchObject({ changes: true, replaces: [] });
    const after = (await back.run()).outs as Rec;
    expect(after).not.toHaveProperty("haEnabled");
    expect(after.displayName).toBe("console label");
    expect((await call("GET", `/compute/instances/${id}`)).haEnabled).toBe(false);

    // a value the program asks for that is off the default is kept; back to the default, left out again
    const stopped = await change("Instance", id, after, { ...inputs, powerState: "stopped" });
    const off = (await stopped.run()).outs as Rec;
    expect(off.powerState).toBe("stopped");
    const started = await change("Instance", id, off, inputs);
    expect(started.diff.changes).toBe(true);
    expect((await started.run()).outs).not.toHaveProperty("powerState");
    await p("Instance").delete!(id, off);
  });

  it("every kind's defaults read back what they left out, and a default may only stand for an output without one", () => {
    for (const kind of Object.values(kinds) as Kind[]) {
      const defaults = stateDefaults(kind);
      if (!defaults.length) continue;
      // every output at its default: state keeps none of them, and reads each back
      const outs: Rec = { other: 1 };
      for (const [, d] of defaults) if ("sameAs" in d) outs[d.sameAs] = `${d.sameAs}-value`;
      for (const [k, d] of defaults) outs[k] = "sameAs" in d ? outs[d.sameAs] : d.value;
      const kept = compactOutputs(kind, outs);
      for (const [k] of defaults) expect(kept, `${kind.name}.${k}`).not.toHaveProperty(k);
      expect(kept.other).toBe(1);
      expect(fullOutputs(kind, kept), kind.name).toEqual(outs);
      // one off its default: kept as it is
      for (const [k] of defaults) {
        const off = { ...outs, [k]: "off the default" };
        expect(compactOutputs(kind, off)[k], `${kind.name}.${k}`).toBe("off the default");
        expect(fullOutputs(kind, compactOutputs(kind, off)), `${kind.name}.${k}`).toEqual(off);
      }
    }
    expect(() =>
      defineKind({
        ...kinds.Instance,
        fields: {
          ...kinds.Instance.fields,
          name: { ...kinds.Instance.fields.name, stateDefault: { value: "x" } },
        },
      } as never),
    ).toThrow(
      /displayName defaults to name, which must be a field always in outputs without a default of its own/,
    );
  });
});

describe("the platform's instance lifecycle (CloudStack's)", () => {
  it("a running scale refused as a failed job (no dynamic scaling): stop, scale, start", async () => {
    const inputs = { ...instanceInputs(), templateId: cat.fixedSize };
    const { id, outs } = await make("Instance", inputs);
    const upd = await change("Instance", id, outs, { ...inputs, serviceOfferingId: cat.offering2 });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    const { outs: after } = await upd.run();
    expect(shown(after)).toMatchObject({
      serviceOfferingId: cat.offering2,
      powerState: "running",
      state: "Running",
    });
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "scaleVirtualMachine:error",
      "stopVirtualMachine:success",
      "scaleVirtualMachine:success",
      "startVirtualMachine:success",
    ]);
    await p("Instance").delete!(id, after);
  });

  it("a running scale refused at once (409): the same stop, scale, start", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    await ctl.fault({ method: "POST", route: "/api/v1/compute/instances/{id}/scale", status: 409, times: 1 });
    const upd = await change("Instance", id, outs, {
      ...instanceInputs(),
      name: outs.name,
      serviceOfferingId: cat.offering2,
    });
    const { outs: after } = await upd.run();
    expect(after).toMatchObject({ serviceOfferingId: cat.offering2, state: "Running" });
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "stopVirtualMachine:success",
      "scaleVirtualMachine:success",
      "startVirtualMachine:success",
    ]);
    await p("Instance").delete!(id, after);
  });

  it("an instance's root disk is listed as a ROOT volume that cim.Volume refuses to adopt", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    const root = (await call("GET", `/volumes?virtualMachineId=${id}`)).volumes[0];
    expect(root).toMatchObject({ type: "ROOT", deviceId: 0 });
    const checked = await p("Volume").check!(
      {},
      { name: root.name, zoneId: cat.zone, diskOfferingId: cat.custom, adoptId: root.id },
    );
    await expect(p("Volume").create(checked.inputs)).rejects.toThrow(/root disk of an instance/);
    await p("Instance").delete!(id, outs);
  });

  it("a Destroyed instance waiting to be expunged is gone: with expunge false, delete ends there, read drops it, delete again sends nothing", async () => {
    await ctl.user("user-1", { allowUserViewDestroyedVm: true });
    await ctl.jobTiming({ expungeDelayMs: 3_600_000 });
    try {
      const { id, outs } = await make("Instance", { ...instanceInputs(), expunge: false });
      expect(outs.expunge).toBe(false);
      await p("Instance").delete!(id, outs);
      expect((await call("GET", `/compute/instances/${id}`)).state).toBe("Destroyed");
      expect(await p("Instance").read!(id, outs)).toEqual({});
      await p("Instance").delete!(id, outs);
      expect(await jobsOn(id)).toEqual(["deployVirtualMachine:success", "destroyVirtualMachine:success"]);

      // destroyed behind the program's back: the same
      const other = await make("Instance", instanceInputs());
      await call("DELETE", `/compute/instances/${other.id}`);
      await new Promise((r) => setTimeout(r, 20));
      expect((await call("GET", `/compute/instances/${other.id}`)).state).toBe("Destroyed");
      expect(await p("Instance").read!(other.id, other.outs)).toEqual({});
    } finally {
      await ctl.user("user-1", { allowUserViewDestroyedVm: false });
      await ctl.jobTiming({ expungeDelayMs: EXPUNGE_DELAY_MS });
    }
  });

  it("by default a delete expunges the instance at once, and expunges one destroyed behind the program's back", async () => {
    const { id, outs } = await make("Instance", instanceInputs());
    expect(outs.expunge).toBeUndefined();
    await p("Instance").delete!(id, outs);
    expect((await ctl.state()).instances[id]).toBeUndefined();
    expect(await jobsOn(id)).toEqual(["deployVirtualMachine:success", "destroyVirtualMachine:success"]);

    const other = await make("Instance", instanceInputs());
    await call("DELETE", `/compute/instances/${other.id}`);
    await new Promise((r) => setTimeout(r, 20));
    expect((await ctl.state()).instances[other.id].state).toBe("Destroyed");
    await p("Instance").delete!(other.id, other.outs);
    expect((await ctl.state()).instances[other.id]).toBeUndefined();
    // the same again: nothing left to expunge, and no error
    await p("Instance").delete!(other.id, other.outs);
  });
});

describe("converge after create", () => {
  it("an instance created stopped with HA and delete protection is verified as asked", async () => {
    const inputs = { ...instanceInputs(), powerState: "stopped", haEnabled: true, deleteProtection: true };
    const { id, outs } = await make("Instance", inputs);
    const live = await call("GET", `/compute/instances/${id}`);
    expect(live).toMatchObject({ state: "Stopped", haEnabled: true, deleteProtection: true });
    expect(outs).toMatchObject({ powerState: "stopped", haEnabled: true, deleteProtection: true });
    // delete protection refuses the delete, naming the way out; nothing is deleted
    await expect(p("Instance").delete!(id, outs)).rejects.toThrow(/deleteProtection is on/);
    const off = await change("Instance", id, outs, { ...inputs, deleteProtection: false });
    const { outs: unprotected } = await off.run();
    await p("Instance").delete!(id, unprotected);
  });

  it("a volume attaches to an instance, and delete detaches first", async () => {
    const vm = await make("Instance", instanceInputs());
    const inputs = { ...(cases[1].inputs() as Rec), instanceId: vm.id };
    const { id, outs } = await make("Volume", inputs);
    expect(outs.instanceId).toBe(vm.id);
    expect((await call("GET", `/volumes/${id}`)).virtualMachineId).toBe(vm.id);
    await p("Volume").delete!(id, outs);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("a VPC tier network, a backup schedule and generic tags", async () => {
    const vpc = await make("Vpc", (await cases[2].inputs()) as Rec);
    const tier = await make("Network", {
      name: nameOf("tier"),
      zoneId: cat.zone,
      networkOfferingId: cat.tier,
      vpcId: vpc.id,
      gateway: `${vpc.outs.cidr.split(".").slice(0, 2).join(".")}.1.1`,
      netmask: "255.255.255.0",
    });
    expect(tier.outs).toMatchObject({
      vpcId: vpc.id,
      cidr: `${vpc.outs.cidr.split(".").slice(0, 2).join(".")}.1.0/24`,
    });

    const vm = await make("Instance", { ...instanceInputs(), backupOfferingId: cat.backupOffering });
    const sched = await make("BackupSchedule", {
      instanceId: vm.id,
      intervalType: "daily",
      schedule: "30:02",
    });
    expect(sched.outs).toMatchObject({ instanceId: vm.id, intervalType: "DAILY", schedule: "30:02" });
    const moved = await change("BackupSchedule", sched.id, sched.outs, {
      instanceId: vm.id,
      intervalType: "WEEKLY",
      schedule: "00:03:1",
    });
    expect(moved.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await moved.run()).outs).toMatchObject({ intervalType: "WEEKLY", schedule: "00:03:1" });
    expect((await p("BackupSchedule").read!(sched.id, sched.outs)).props).toMatchObject({
      intervalType: "WEEKLY",
    });

    const template = cat.template;
    await call("POST", "/tags", {
      resourceType: "Template",
      resourceIds: [template],
      tags: [{ key: "other", value: "kept" }],
    }).catch(() => undefined);
    const tags = await make("Tags", {
      resourceType: "Template",
      resourceId: template,
      tags: { owner: "team-a" },
    });
    expect(tags.outs.tags).toEqual({ owner: "team-a" });
    expect((await p("Tags").read!(tags.id, tags.outs)).props).toEqual(tags.outs);
    const retagged = await change("Tags", tags.id, tags.outs, {
      resourceType: "Template",
      resourceId: template,
      tags: { owner: "team-b" },
    });
    expect(retagged.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await retagged.run()).outs.tags).toEqual({ owner: "team-b" });
    await p("Tags").delete!(tags.id, tags.outs);

    await p("BackupSchedule").delete!(sched.id, sched.outs);
    await p("BackupSchedule").delete!(sched.id, sched.outs); // already gone
    await p("Instance").delete!(vm.id, vm.outs);
    await p("Network").delete!(tier.id, tier.outs);
    await p("Vpc").delete!(vpc.id, vpc.outs);
  });
});

describe("backups: an instance's offering, its schedules and backups", () => {
  it("a schedule or backup of an instance given as plain id without an offering fails at check; an output is not read", async () => {
    const bare = await make("Instance", instanceInputs());
    const plain = { [PLAIN_REFERENCES]: ["instanceId"] };
    const sched = { instanceId: bare.id, intervalType: "DAILY", schedule: "30:02" };
    const refused = await p("BackupSchedule").check!({}, { ...sched, ...plain });
    expect(refused.failures).toEqual([
      expect.objectContaining({
        property: "instanceId",
        reason: expect.stringMatching(
          new RegExp(`instanceId names instance ${bare.id} in .*has no backup offering.*backupOfferingId`),
        ),
      }),
    ]);
    const backupRefused = await p("Backup").check!({}, { instanceId: bare.id, name: "b", ...plain });
    expect(backupRefused.failures?.map((f) => f.property)).toEqual(["instanceId"]);
    // from an output (the instance may get its offering in the same run): not read; the API refuses at create
    expect((await p("BackupSchedule").check!({}, sched)).failures ?? []).toEqual([]);
    const atCreate = await p("BackupSchedule")
      .create(sched)
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(atCreate?.message).toContain(
      "Cannot configure backup schedule for the VM without having any backup offering",
    );
    // an id of no instance at all
    const none = await p("BackupSchedule").check!({}, { ...sched, ...plain, instanceId: OTHER_ID });
    expect(none.failures?.[0].reason).toMatch(/names no instance with id/);
    // with an offering (in place), both pass check
    const given = await change("Instance", bare.id, bare.outs, {
      ...instanceInputs(),
      name: bare.outs.name,
      tags: bare.outs.tags,
      backupOfferingId: cat.backupOffering,
    });
    expect(given.diff).toMatchObject({ changes: true, replaces: [] });
    const withOffering = (await given.run()).outs;
    expect(withOffering.backupOfferingId).toBe(cat.backupOffering);
    expect((await p("BackupSchedule").check!({}, { ...sched, ...plain })).failures ?? []).toEqual([]);
    await p("Instance").delete!(bare.id, withOffering);
  });

  it("the offering changes in place (remove, then assign) and the platform drops the schedules; left out, it is kept", async () => {
    const vm = await make("Instance", { ...instanceInputs(), backupOfferingId: cat.backupOffering });
    expect(vm.outs.backupOfferingId).toBe(cat.backupOffering);
    const sched = await make("BackupSchedule", {
      instanceId: vm.id,
      intervalType: "DAILY",
      schedule: "30:02",
    });
    const bk = await make("Backup", { instanceId: vm.id, name: nameOf("bk") });
    expect(bk.outs).toMatchObject({
      state: "BackedUp",
      backupOfferingId: cat.backupOffering,
      instanceId: vm.id,
    });
    expect(bk.outs.size).toBeGreaterThan(0);
    const moved = await change("Instance", vm.id, vm.outs, {
      ...instanceInputs(),
      name: vm.outs.name,
      tags: vm.outs.tags,
      backupOfferingId: cat.backupOffering2,
    });
    expect(moved.diff).toMatchObject({ changes: true, replaces: [] });
    const gold = (await moved.run()).outs;
    expect(gold.backupOfferingId).toBe(cat.backupOffering2);
    // the platform's removal took the schedule with it: refresh drops it; the backup stays
    expect(await p("BackupSchedule").read!(sched.id, sched.outs)).toEqual({});
    expect((await p("Backup").read!(bk.id, bk.outs)).props).toMatchObject({ state: "BackedUp" });
    // left out: the offering stays (a removal would delete schedules); no change, nothing sent
    const leftOut = await change("Instance", vm.id, gold, {
      ...instanceInputs(),
      name: vm.outs.name,
      tags: vm.outs.tags,
    });
    expect(leftOut.diff.changes).toBe(false);
    expect((await call("GET", `/compute/instances/${vm.id}`)).backupOfferingId).toBe(cat.backupOffering2);
    // taken away behind the program's back: refresh shows none, and the next up assigns it again
    await waitJob((await call("DELETE", `/compute/instances/${vm.id}/backup-offering`)).jobId);
    const none = (await p("Instance").read!(vm.id, gold)).props as Rec;
    expect(none.backupOfferingId).toBeUndefined();
    const again = await change("Instance", vm.id, none, {
      ...instanceInputs(),
      name: vm.outs.name,
      tags: vm.outs.tags,
      backupOfferingId: cat.backupOffering,
    });
    expect(again.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await again.run()).outs.backupOfferingId).toBe(cat.backupOffering);
    await p("Backup").delete!(bk.id, bk.outs);
    await p("Instance").delete!(vm.id, none);
  });

  it("an offering of another zone or region fails the instance's check", async () => {
    const [otherZone] = rows(await call("GET", "/offerings/backup")).filter((o) => o.zoneId !== cat.zone);
    const wrongZone = await p("Instance").check!({}, { ...instanceInputs(), backupOfferingId: otherZone.id });
    expect(wrongZone.failures).toEqual([
      expect.objectContaining({
        property: "backupOfferingId",
        reason: expect.stringMatching(/not of the instance's zone/),
      }),
    ]);
    const unknown = await p("Instance").check!({}, { ...instanceInputs(), backupOfferingId: OTHER_ID });
    expect(unknown.failures?.[0]).toMatchObject({
      property: "backupOfferingId",
      reason: expect.stringMatching(/is not a backup offering of/),
    });
  });
});

describe("SSH key pairs and the instances that name them", () => {
  const keyInputs = () => ({ name: nameOf("key"), publicKey: freshEd25519("me@laptop") });

  it("the key is compared by fingerprint: a new comment is no change; a key re-registered behind the program's back replaces", async () => {
    const inputs = keyInputs();
    const { id, outs } = await make("SshKeyPair", inputs);
    expect(outs.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    const recommented = await change("SshKeyPair", id, outs, {
      ...inputs,
      publicKey: inputs.publicKey.replace("me@laptop", "me@desktop"),
    });
    expect(recommented.diff.changes).toBe(false);
    // out of band: deleted and registered again under the same name with another key
    await call("DELETE", `/ssh-keypairs/${id}`);
    const again = await call("POST", "/ssh-keypairs", { name: inputs.name, publicKey: freshEd25519() });
    expect((await p("SshKeyPair").read!(id, outs)).props).toBeUndefined(); // the old id is gone
    const refreshed = (await p("SshKeyPair").read!(again.id, outs)).props as Rec;
    expect(refreshed.fingerprint).not.toBe(outs.fingerprint);
    const d = await change("SshKeyPair", again.id, refreshed, inputs);
    expect(d.diff).toMatchObject({ changes: true, replaces: ["publicKey"], deleteBeforeReplace: true });
    await p("SshKeyPair").delete!(again.id, refreshed);
  });

  it("a replacement deletes first unless both the name and the key change (the API refuses either twice)", async () => {
    const inputs = keyInputs();
    const { id, outs } = await make("SshKeyPair", inputs);
    const newKey = await change("SshKeyPair", id, outs, { ...inputs, publicKey: freshEd25519() });
    expect(newKey.diff).toMatchObject({ replaces: ["publicKey"], deleteBeforeReplace: true });
    const newName = await change("SshKeyPair", id, outs, { ...inputs, name: `${inputs.name}-b` });
    expect(newName.diff).toMatchObject({ replaces: ["name"], deleteBeforeReplace: true });
    const both = await change("SshKeyPair", id, outs, {
      name: `${inputs.name}-c`,
      publicKey: freshEd25519(),
    });
    expect(both.diff.deleteBeforeReplace).toBe(false);
    await p("SshKeyPair").delete!(id, outs);
  });

  it("adoption checks the program's key against the live fingerprint; without publicKey it keeps the live one", async () => {
    const inputs = keyInputs();
    const made = await make("SshKeyPair", inputs);
    const wrong = { ...inputs, publicKey: freshEd25519(), adoptId: made.id };
    // refused at preview (check reads the adopted record), and by create the same way
    const checked = await p("SshKeyPair").check!({}, wrong);
    expect(checked.failures?.map((f) => f.property)).toEqual(["publicKey"]);
    expect(checked.failures?.[0].reason).toMatch(
      /differs from the adopted SSH key pair .*cannot change in place/,
    );
    await expect(p("SshKeyPair").create(checked.inputs)).rejects.toThrow(/cannot adopt: .*publicKey/);
    const bare = await make("SshKeyPair", { adoptId: made.id });
    expect(bare.outs).toMatchObject({ name: inputs.name, fingerprint: made.outs.fingerprint });
    expect(bare.outs.publicKey).toBeUndefined();
    await p("SshKeyPair").delete!(made.id, made.outs);
  });

  it("a taken name fails the register with the API's reason, and nothing is recorded", async () => {
    const inputs = keyInputs();
    const made = await make("SshKeyPair", inputs);
    const err = await make("SshKeyPair", { ...inputs, publicKey: freshEd25519() }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(/register failed: .*already exists/);
    await p("SshKeyPair").delete!(made.id, made.outs);
  });

  it("an instance's sshKeyNames given as plain text must name a key pair of its region at check; an output is not looked up", async () => {
    const key = await make("SshKeyPair", keyInputs());
    const other = emu.regions.find((r) => !r.primary)!.id;
    const elsewhere = await call("POST", "/ssh-keypairs", { name: "elsewhere", publicKey: freshEd25519() });
    // what the SDK sends for sshKeyNames written as text in the program (sdk/resource.ts)
    const plain = { [PLAIN_REFERENCES]: ["sshKeyNames"] };
    const vm = { ...instanceInputs(), sshKeyNames: [key.outs.name] };
    expect((await p("Instance").check!({}, { ...vm, ...plain })).failures ?? []).toEqual([]);
    const missing = await p("Instance").check!({}, { ...vm, ...plain, sshKeyNames: ["no-such-key"] });
    expect(missing.failures).toEqual([
      expect.objectContaining({
        property: "sshKeyNames",
        reason: expect.stringMatching(
          /sshKeyNames names no SSH key pair named "no-such-key" in .*region.*cim\.SshKeyPair/,
        ),
      }),
    ]);
    // "elsewhere" is a key pair of the primary region, not of the other one
    const inOther = await p("Instance").check!(
      {},
      { ...vm, ...plain, region: other, sshKeyNames: ["elsewhere"] },
    );
    expect(inOther.failures?.map((f) => f.property)).toContain("sshKeyNames");
    // taken from another resource's output (known at preview, yet maybe still to be created): not looked up
    expect((await p("Instance").check!({}, { ...vm, sshKeyNames: ["no-such-key"] })).failures ?? []).toEqual(
      [],
    );
    // unknown at preview: not looked up either
    const unknown = { ...vm, ...plain, sshKeyNames: [UNKNOWN] };
    expect((await p("Instance").check!({}, unknown)).failures ?? []).toEqual([]);
    // deployed with it: recorded, verified against the live keyPair, and adopted the same way
    const made = await make("Instance", vm);
    expect(made.outs.sshKeyNames).toEqual([key.outs.name]);
    const wrongKey = { ...vm, name: made.outs.name, sshKeyNames: ["elsewhere"], adoptId: made.id };
    const refused = await p("Instance").check!({}, wrongKey);
    expect(refused.failures?.map((f) => f.property)).toEqual(["sshKeyNames"]);
    await expect(p("Instance").create(refused.inputs)).rejects.toThrow(/cannot adopt: .*sshKeyNames/);
    await p("Instance").delete!(made.id, made.outs);
    await p("SshKeyPair").delete!(key.id, key.outs);
    await call("DELETE", `/ssh-keypairs/${elsewhere.id}`);
  });
});

describe("public IPs and static NAT", () => {
  it("the network's source-NAT address can be adopted but not released: delete refuses it, naming why", async () => {
    const nat = await first("/public-ips?isSourceNat=true", (r) => r.associatedNetworkId === cat.net);
    const { id, outs } = await make("PublicIp", { networkId: cat.net, adoptId: nat.id });
    expect(outs).toMatchObject({ isSourceNat: true, ipAddress: nat.ipAddress, state: "Allocated" });
    await expect(p("PublicIp").delete!(id, outs)).rejects.toThrow(
      /is the source-NAT address of its network: the platform never releases it/,
    );
    expect((await call("GET", `/public-ips/${id}`)).state).toBe("Allocated");
    expect(await jobsOn(id)).toEqual([]); // nothing was sent
  });

  it("a VPC address mapped onto a tier instance: the address shows no drift while its static NAT lasts", async () => {
    const vpc = await job(
      await call("POST", "/vpcs", {
        name: nameOf("vpc"),
        displayText: "v",
        zoneId: cat.zone,
        cidr: "10.77.0.0/16",
        vpcOfferingId: cat.vpcOffering,
      }),
    );
    const tier = await job(
      await call("POST", "/networks", {
        ...isolatedBody(nameOf("tier")),
        networkOfferingId: cat.tier,
        vpcId: vpc.resourceId,
        gateway: "10.77.1.1",
        netmask: "255.255.255.0",
      }),
    );
    const ipInputs = { vpcId: vpc.resourceId };
    const ip = await make("PublicIp", ipInputs);
    expect(ip.outs).toMatchObject({ vpcId: vpc.resourceId, isSourceNat: false });
    expect(ip.outs.networkId ?? null).toBeNull();
    const vm = await job(
      await call("POST", "/compute/instances", {
        zoneId: cat.zone,
        serviceOfferingId: cat.offering,
        templateId: cat.template,
        networkIds: tier.resourceId,
      }),
    );
    // a VPC address needs the tier: check cannot know that, the API says so
    await expect(make("StaticNat", { publicIpId: ip.id, instanceId: vm.resourceId })).rejects.toThrow(
      /enable failed: .*no networkId is passed in/,
    );
    const nat = await make("StaticNat", {
      publicIpId: ip.id,
      instanceId: vm.resourceId,
      networkId: tier.resourceId,
    });
    expect(nat.id).toBe(ip.id);
    expect(nat.outs).toMatchObject({
      ipAddress: ip.outs.ipAddress,
      state: "Enabled",
      networkId: tier.resourceId,
    });
    const refreshed = (await p("PublicIp").read!(ip.id, ip.outs)).props as Rec;
    expect(refreshed).toEqual(ip.outs); // the mapping is the static NAT's, not a change of the address
    expect((await change("PublicIp", ip.id, refreshed, ipInputs)).diff.changes).toBe(false);
    await p("StaticNat").delete!(nat.id, nat.outs);
    await p("PublicIp").delete!(ip.id, refreshed);
  });

  it("static NAT on a source-NAT address is refused at preview, as the API refuses it at enable; nothing is recorded", async () => {
    const { instanceId } = await addressAndInstance();
    const nat = await first("/public-ips?isSourceNat=true", (r) => r.associatedNetworkId === cat.net);
    const checked = await p("StaticNat").check!({}, { publicIpId: nat.id, instanceId });
    expect(checked.failures).toEqual([
      {
        property: "publicIpId",
        reason: expect.stringMatching(/which is the source-NAT address of its network/),
      },
    ]);
    const err = await p("StaticNat")
      .create(checked.inputs)
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /enable failed: .*Can't enable static, ip address .* is a sourceNat ip address/,
    );
  });

  it("static NAT on an address with load-balancer rules is the API's refusal at enable: no partial state, no job", async () => {
    const { publicIpId, members } = await balanced();
    const rule = await make("LoadBalancerRule", {
      name: nameOf("lb"),
      publicIpId,
      publicPort: 80,
      privatePort: 8080,
      memberIds: members,
    });
    const jobsBefore = await jobsOn(publicIpId);
    const err = await make("StaticNat", { publicIpId, instanceId: members[0] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /enable failed: .*Failed to enable static nat for the ip address [\d.]+ as it already has LoadBalancing rules assigned/,
    );
    const address = await call("GET", `/public-ips/${publicIpId}`);
    expect(address).toMatchObject({ isStaticNat: false });
    expect(address.virtualMachineId || undefined).toBeUndefined(); // the platform shows "" for none
    expect(await jobsOn(publicIpId)).toEqual(jobsBefore); // no enable job was started
    expect(rows(await call("GET", "/jobs/recent?limit=200")).filter((j) => j.status === "running")).toEqual(
      [],
    );
    await p("LoadBalancerRule").delete!(rule.id, rule.outs);
  });

  it("an enable whose job failed left no static NAT: a plain error, nothing kept in state", async () => {
    const inputs = await addressAndInstance();
    await ctl.fault({
      method: "POST",
      route: "/api/v1/public-ips/{id}/static-nat",
      times: 1,
      jobFail: { detail: "simulated platform failure" },
    });
    const err = await make("StaticNat", inputs).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /enable failed: .*simulated platform failure.* Nothing was enabled/,
    );
    expect((await call("GET", `/public-ips/${inputs.publicIpId}`)).isStaticNat).toBe(false);
    // the next up creates it
    const made = await make("StaticNat", inputs);
    expect(made.outs.state).toBe("Enabled");
    await p("StaticNat").delete!(made.id, made.outs);
  });

  it("a replacement that keeps the address or the instance disables first", async () => {
    const olds = { publicIpId: OTHER_ID, instanceId: cat.net, networkId: cat.net };
    const diff = (news: Rec) => p("StaticNat").diff!(OTHER_ID, olds, news);
    expect(await diff({ ...olds, instanceId: OTHER_ID })).toMatchObject({
      replaces: ["instanceId"],
      deleteBeforeReplace: true,
    });
    expect(await diff({ ...olds, publicIpId: cat.net, instanceId: OTHER_ID })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });
});

describe("VPC private gateways", () => {
  it("a gateway static routes still use is not deleted: the API's reason, and it stays; the default list when aclId is left out", async () => {
    const vpcId = await gatewayVpc();
    const { aclId: _, ...inputs } = await cases.find((c) => c.kind === "VpcGateway")!.inputs();
    const { id, outs } = await make("VpcGateway", { ...inputs, vpcId });
    expect(outs).toMatchObject({ state: "Ready", aclName: "default_deny" });
    const route = await call("POST", "/vpcs/static-routes", { gatewayId: id, cidr: "192.0.2.0/24" });
    await job(route);
    const err = await p("VpcGateway").delete!(id, outs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/as it has 1 static routes applied\. Remove the routes first/);
    expect((await p("VpcGateway").read!(id, outs)).id).toBe(id);
    await job(await call("DELETE", `/vpcs/static-routes/${route.id}`));
    await p("VpcGateway").delete!(id, outs);
    expect(await p("VpcGateway").read!(id, outs)).toEqual({});
  });
});

describe("load-balancer rules", () => {
  it("members change in place: one removal job, then one assign job; the same set in another order is no change", async () => {
    const { publicIpId, members } = await balanced();
    const { instanceId: third } = await addressAndInstance();
    const inputs = { name: nameOf("lb"), publicIpId, publicPort: 80, privatePort: 80, memberIds: members };
    const { id, outs } = await make("LoadBalancerRule", inputs);
    expect(await jobsOn(id)).toEqual(["createLoadBalancerRule:success", "assignToLoadBalancerRule:success"]);
    const reordered = await change("LoadBalancerRule", id, outs, {
      ...inputs,
      memberIds: [...members].reverse(),
    });
    expect(reordered.diff.changes).toBe(false);
    // outputs keep the program's order (the API lists members in its own), so a change shows no reorder
    const given = [members[0], third].sort().reverse();
    const swapped = await change("LoadBalancerRule", id, outs, { ...inputs, memberIds: given });
    expect(swapped.diff).toMatchObject({ changes: true, replaces: [] });
    const after = (await swapped.run()).outs as Rec;
    expect(after.memberIds).toEqual(given);
    expect((await jobsOn(id)).slice(2)).toEqual([
      "removeFromLoadBalancerRule:success",
      "assignToLoadBalancerRule:success",
    ]);
    // a member removed behind the program's back shows after refresh, and the next up adds it again
    await job(await call("DELETE", `/loadbalancer/rules/${id}/instances`, { virtualMachineIds: [third] }));
    const refreshed = (await p("LoadBalancerRule").read!(id, after)).props as Rec;
    expect(refreshed.memberIds).toEqual([members[0]]);
    const repaired = await change("LoadBalancerRule", id, refreshed, { ...inputs, memberIds: given });
    const again = (await repaired.run()).outs as Rec;
    expect(again.memberIds).toEqual(given);
    expect(((await p("LoadBalancerRule").read!(id, again)).props as Rec).memberIds).toEqual(given);
    // a replacement that keeps the address and the public port deletes first (the port is the address's once)
    expect(
      (await p("LoadBalancerRule").diff!(id, after, { ...after, privatePort: 81 })).deleteBeforeReplace,
    ).toBe(true);
    expect(
      (await p("LoadBalancerRule").diff!(id, after, { ...after, publicPort: 81 })).deleteBeforeReplace,
    ).toBe(false);
    await p("LoadBalancerRule").delete!(id, after);
  });

  it("a member off the rule's network: the rule is made and kept in state as failed, naming the API's reason", async () => {
    const { publicIpId } = await balanced();
    const other = (await job(await call("POST", "/networks", isolatedBody(nameOf("elsewhere"))))).resourceId;
    const { instanceId: stranger } = await addressAndInstance(other);
    const err = await make("LoadBalancerRule", {
      name: nameOf("lb"),
      publicIpId,
      publicPort: 80,
      privatePort: 80,
      memberIds: [stranger],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    const partial = err as PartialStateError;
    expect(partial.message).toContain("doesn't belong in the same network");
    expect((await call("GET", `/loadbalancer/rules/${partial.id}`)).state).toBe("Active");
    await p("LoadBalancerRule").delete!(partial.id, partial.properties);
  });

  it("a create whose job failed left no rule (the platform removes it): a plain error, nothing kept in state", async () => {
    const { publicIpId } = await balanced();
    await ctl.fault({
      method: "POST",
      route: "/api/v1/loadbalancer/rules",
      times: 1,
      jobFail: { detail: "simulated platform failure" },
    });
    const inputs = { name: nameOf("lb"), publicIpId, publicPort: 80, privatePort: 80 };
    const err = await make("LoadBalancerRule", inputs).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain("simulated platform failure");
    expect(String((err as Error).message)).toContain("Nothing was created");
    expect(rows(await call("GET", `/loadbalancer/rules?publicIpId=${publicIpId}`))).toEqual([]);
    // the next up makes it
    const made = await make("LoadBalancerRule", inputs);
    await p("LoadBalancerRule").delete!(made.id, made.outs);
  });

  it("an address with static NAT takes no rule: the API's refusal at create, nothing recorded", async () => {
    const { publicIpId, instanceId } = await addressAndInstance();
    await make("StaticNat", { publicIpId, instanceId });
    const err = await make("LoadBalancerRule", {
      name: nameOf("lb"),
      publicIpId,
      publicPort: 80,
      privatePort: 80,
    }).catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain("Can't do load balance on ip address");
    expect(rows(await call("GET", `/loadbalancer/rules?publicIpId=${publicIpId}`))).toEqual([]);
  });
});

describe("internal load balancers", () => {
  it("members change in place by delta jobs; the allocated address is kept; a replacement naming it deletes first", async () => {
    const networkId = await internalTier();
    const [a, b, c] = [await tierInstance(), await tierInstance(), await tierInstance()];
    const inputs = { name: nameOf("ilb"), networkId, sourcePort: 443, instancePort: 8443, memberIds: [a, b] };
    const { id, outs } = await make("InternalLoadBalancer", inputs);
    expect(await jobsOn(id)).toEqual(["createLoadBalancer:success", "assignToLoadBalancerRule:success"]);
    expect(outs).toMatchObject({
      sourceIpAddressNetworkId: networkId,
      algorithm: "roundrobin",
      state: "Active",
    });
    expect(outs.sourceIpAddress).toMatch(/^10\.77\.1\.\d+$/);
    // the address the API chose is no diff when the program leaves it out
    const same = await change("InternalLoadBalancer", id, outs, { ...inputs, memberIds: [b, a] });
    expect(same.diff.changes).toBe(false);
    const given = [a, c].sort().reverse();
    const swapped = await change("InternalLoadBalancer", id, outs, { ...inputs, memberIds: given });
    expect(swapped.diff).toMatchObject({ changes: true, replaces: [] });
    const after = (await swapped.run()).outs as Rec;
    expect(after.memberIds).toEqual(given);
    expect((await jobsOn(id)).slice(2)).toEqual([
      "removeFromLoadBalancerRule:success",
      "assignToLoadBalancerRule:success",
    ]);
    const p2 = p("InternalLoadBalancer");
    const keep = { ...after, sourceIpAddress: after.sourceIpAddress };
    expect((await p2.diff!(id, after, { ...keep, instancePort: 81 })).deleteBeforeReplace).toBe(true);
    expect((await p2.diff!(id, after, { ...keep, sourcePort: 81 })).deleteBeforeReplace).toBe(false);
    const { sourceIpAddress: _s, ...fresh } = keep;
    const moved = await p2.diff!(id, after, { ...fresh, instancePort: 81 });
    expect(moved).toMatchObject({ replaces: ["instancePort"], deleteBeforeReplace: false });
    await p2.delete!(id, after);
  });

  it("a source address outside a tier given as a plain id fails at check, naming the field and the tier's range", async () => {
    const networkId = await internalTier();
    const inputs = { name: nameOf("ilb"), networkId, sourcePort: 80, instancePort: 80 };
    const check = (news: Rec) => p("InternalLoadBalancer").check!({}, news);
    const plain = { [PLAIN_REFERENCES]: ["networkId"] };
    const outside = await check({ ...inputs, ...plain, sourceIpAddress: "10.99.0.5" });
    expect(outside.failures).toEqual([
      {
        property: "sourceIpAddress",
        reason: expect.stringMatching(
          new RegExp(
            `^networkId names network ${networkId} in .*, which has the range 10\\.77\\.1\\.0/24: sourceIpAddress 10\\.99\\.0\\.5 lies outside it\\. Give a free address inside 10\\.77\\.1\\.0/24, or leave sourceIpAddress out`,
          ),
        ),
      },
    ]);
    expect((await check({ ...inputs, ...plain, sourceIpAddress: "10.77.1.50" })).failures ?? []).toEqual([]);
    expect((await check({ ...inputs, ...plain })).failures ?? []).toEqual([]);
    // the address is taken from sourceIpAddressNetworkId when given: judged once, against that tier
    const both = await check({
      ...inputs,
      [PLAIN_REFERENCES]: ["networkId", "sourceIpAddressNetworkId"],
      sourceIpAddressNetworkId: networkId,
      sourceIpAddress: "10.99.0.5",
    });
    expect(
      both.failures?.map((f) => `${f.property}: ${f.reason.slice(0, f.reason.indexOf(" in "))}`),
    ).toEqual([`sourceIpAddress: sourceIpAddressNetworkId names network ${networkId}`]);
    // a tier taken from an output (it may be made in the same run) is not read: the API refuses at create
    expect((await check({ ...inputs, sourceIpAddress: "10.99.0.5" })).failures ?? []).toEqual([]);
    const err = await p("InternalLoadBalancer")
      .create({ ...inputs, sourceIpAddress: "10.99.0.5" })
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain("The requested IP is not in the network's CIDR subnet.");
    expect(rows(await call("GET", `/loadbalancer/internal?networkId=${networkId}`))).toEqual([]);
  });

  it("a tier without the internal LB: refused at check, as the API refuses it at create (nothing recorded)", async () => {
    const tier = { id: await vpcTier("plain", 78, cat.tier) };
    const news = { name: nameOf("ilb"), networkId: tier.id, sourcePort: 80, instancePort: 80 };
    const checked = await p("InternalLoadBalancer").check!({}, news);
    expect(checked.failures).toEqual([
      {
        property: "networkId",
        reason: expect.stringMatching(/, whose load balancing does not serve the Internal scheme: /),
      },
    ]);
    // the create preview now spares the user
    const err = await p("InternalLoadBalancer")
      .create(checked.inputs)
      .catch((e: Error) => e);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect(String((err as Error).message)).toContain(
      "Scheme Internal is not supported by the network offering",
    );
    expect(rows(await call("GET", `/loadbalancer/internal?networkId=${tier.id}`))).toEqual([]);
  });

  it("a member off the tier: the balancer is made and kept in state as failed, naming the API's reason", async () => {
    const networkId = await internalTier();
    const { instanceId: stranger } = await addressAndInstance();
    const err = await make("InternalLoadBalancer", {
      name: nameOf("ilb"),
      networkId,
      sourcePort: 80,
      instancePort: 80,
      memberIds: [stranger],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    const partial = err as PartialStateError;
    expect(partial.message).toContain("doesn't belong in the same network");
    await p("InternalLoadBalancer").delete!(partial.id, partial.properties);
  });
});

describe("Kubernetes clusters", () => {
  it("the kubeconfig is a secret output: in outputs once Running, never in a message", async () => {
    expect(secretOutputs(kinds.KubernetesCluster)).toEqual(["kubeconfig"]);
    const { id, outs } = await make("KubernetesCluster", clusterInputs());
    expect(outs.kubeconfig).toContain("kind: Config");
    expect(outs.endpoint).toMatch(/^https:\/\/[\d.]+:6443\/$/);
    // a scale the platform fails: the error names the cluster and the reason, never the kubeconfig
    await ctl.fault({
      method: "POST",
      route: "/api/v1/compute/kubernetes/clusters/{id}/nodes",
      times: 1,
      jobFail: { detail: "worker did not join" },
    });
    const upd = await change("KubernetesCluster", id, outs, { ...clusterInputs(), name: outs.name, size: 3 });
    const err: any = await upd.run().catch((e: unknown) => e);
    expect(String(err?.message)).toContain("worker did not join");
    const token = /token: (\S+)/.exec(outs.kubeconfig)![1];
    expect(JSON.stringify({ message: err.message, stack: err.stack })).not.toContain(token);
    await p("KubernetesCluster").delete!(id, outs);
  });

  it("the engine waits on a cluster's jobs 60 minutes at create and 30 at delete, unless timeouts says otherwise", async () => {
    // the deadline each job wait was given, by the command of the job (the waiter itself is tested apart)
    const deadlines = async (run: () => Promise<unknown>) => {
      const wait = vi.spyOn(Jobs.prototype, "wait");
      try {
        await run();
        return wait.mock.calls.map(([, o]) => o?.timeoutMs);
      } finally {
        wait.mockRestore();
      }
    };
    let made: Awaited<ReturnType<typeof make>> | undefined;
    expect(await deadlines(async () => (made = await make("KubernetesCluster", clusterInputs())))).toEqual([
      60 * 60_000,
    ]);
    expect(await deadlines(() => p("KubernetesCluster").delete!(made!.id, made!.outs))).toEqual([
      30 * 60_000,
    ]);
    const given = { ...clusterInputs(), timeouts: { create: "90m", delete: 120_000 } };
    expect(await deadlines(async () => (made = await make("KubernetesCluster", given)))).toEqual([
      90 * 60_000,
    ]);
    expect(made!.outs?.timeouts).toEqual({ create: "90m", delete: 120_000 });
    expect(await deadlines(() => p("KubernetesCluster").delete!(made!.id, made!.outs))).toEqual([120_000]);
    // a kind without defaults of its own waits the provider's 20 minutes
    const volume = { name: nameOf("disk"), zoneId: cat.zone, diskOfferingId: cat.custom, size: 5 };
    expect(await deadlines(async () => (made = await make("Volume", volume)))).toEqual([20 * 60_000]);
    await p("Volume").delete!(made!.id, made!.outs);
  });

  it("version changes: a patch or the next minor upgrades in place; a skipped minor or a downgrade replaces", async () => {
    const olds = { ...clusterInputs(), controlNodes: 1, region: emu.regions.find((r) => r.primary)!.id };
    const diff = async (to: string) => {
      const news = (await p("KubernetesCluster").check!(olds, { ...olds, kubernetesVersionId: cat[to] }))
        .inputs;
      return p("KubernetesCluster").diff!("k", olds, news);
    };
    expect(await diff("k8s-1.27.8")).toMatchObject({ changes: true, replaces: [] });
    expect(await diff("k8s-1.28.4")).toMatchObject({ changes: true, replaces: [] });
    expect((await diff("k8s-1.29.2")).replaces).toEqual(["kubernetesVersionId"]);
    const down = { ...olds, kubernetesVersionId: cat["k8s-1.28.4"] };
    const news = (
      await p("KubernetesCluster").check!(down, { ...down, kubernetesVersionId: cat["k8s-1.27.8"] })
    ).inputs;
    expect((await p("KubernetesCluster").diff!("k", down, news)).replaces).toEqual(["kubernetesVersionId"]);
    // names are unique among the account's clusters: a replacement keeping the name deletes the old one first
    expect((await p("KubernetesCluster").diff!("k", down, news)).deleteBeforeReplace).toBe(true);
    const renamed = (await p("KubernetesCluster").check!(down, { ...news, name: `${down.name}-2` })).inputs;
    expect((await p("KubernetesCluster").diff!("k", down, renamed)).deleteBeforeReplace).toBe(false);
  });

  it("check refuses an offering below the version's minimum and a Disabled version, at preview", async () => {
    const small = (await first("/offerings/compute", (o) => o.name === "Small")).id;
    const weak = await p("KubernetesCluster").check!({}, clusterInputs({ serviceOfferingId: small }));
    expect(weak.failures?.find((f) => f.property === "serviceOfferingId")?.reason).toMatch(
      /needs at least 2 vCPUs and 2048 MB RAM per node/,
    );
    const off = await p("KubernetesCluster").check!(
      {},
      clusterInputs({ kubernetesVersionId: cat["k8s-1.26.15"] }),
    );
    expect(off.failures?.find((f) => f.property === "kubernetesVersionId")?.reason).toMatch(/Disabled/);
  });

  it("autoscaling changes in place; while it is on, the worker count the autoscaler sets is no drift", async () => {
    const { id, outs } = await make("KubernetesCluster", clusterInputs());
    const on = await change("KubernetesCluster", id, outs, {
      ...clusterInputs(),
      name: outs.name,
      autoscaling: { minSize: 1, maxSize: 4 },
      serviceOfferingId: cat.large,
    });
    expect(on.diff).toMatchObject({ changes: true, replaces: [] });
    const scaled = (await on.run()).outs;
    expect(scaled).toMatchObject({ autoscaling: { minSize: 1, maxSize: 4 }, serviceOfferingId: cat.large });
    const news = { ...clusterInputs(), name: outs.name, autoscaling: { minSize: 1, maxSize: 4 } };
    const same = await change(
      "KubernetesCluster",
      id,
      { ...scaled, size: 3 },
      { ...news, serviceOfferingId: cat.large, size: 1 },
    );
    expect(same.diff.changes).toBe(false);
    const off = await change("KubernetesCluster", id, scaled, {
      ...news,
      autoscaling: undefined,
      serviceOfferingId: cat.large,
      size: 2,
    });
    const done = (await off.run()).outs;
    expect(done.autoscaling).toBeUndefined();
    expect(done.size).toBe(2);
    await p("KubernetesCluster").delete!(id, done);
  });
});

describe("outputs", () => {
  it("every kind's create, read and update outputs (and partial state's) were parsed with its declaration", () => {
    const ops = ["create", "read", "update"];
    const expected = Object.keys(kinds).flatMap((k) => ops.map((op) => `${k} ${op}`));
    for (const c of cases) if (c.createRoute) expected.push(`${c.kind} partial`);
    expect([...parsed]).toEqual(expect.arrayContaining(expected));
  });
});

describe("snapshots: what only the platform can decide fails the create with its reason, nothing recorded", () => {
  it("memory of a stopped instance, and an instance snapshot while a volume of the instance has a snapshot", async () => {
    const cold = await snapVm({ startVm: false });
    const err = await make("InstanceSnapshot", {
      name: nameOf("vs"),
      instanceId: cold.id,
      memory: true,
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PartialStateError);
    expect((err as Error).message).toMatch(
      /take failed: .*Can not snapshot memory when VM is in stopped state/,
    );
    // disk only of the stopped instance is fine; memory of a running one makes DiskAndMemory
    const disk = await make("InstanceSnapshot", { name: nameOf("vs"), instanceId: cold.id });
    expect(disk.outs).toMatchObject({ memory: false, type: "Disk", state: "Ready" });
    await p("InstanceSnapshot").delete!(disk.id, disk.outs);

    const vm = await snapVm();
    const snap = await make("VolumeSnapshot", { name: nameOf("snap"), volumeId: vm.rootId });
    expect(snap.outs).toMatchObject({ volumeType: "ROOT", state: "BackedUp" });
    // adopted with nothing but its id: the live name and volume are kept
    const bare = await make("VolumeSnapshot", { adoptId: snap.id });
    expect(bare.outs).toMatchObject({ name: snap.outs.name, volumeId: vm.rootId, volumeType: "ROOT" });
    const refused = await make("InstanceSnapshot", { name: nameOf("vs"), instanceId: vm.id }).catch(
      (e: Error) => e,
    );
    expect((refused as Error).message).toMatch(/This VM has volumes attached which has snapshots/);
    await p("VolumeSnapshot").delete!(snap.id, snap.outs);
    const now = await make("InstanceSnapshot", { name: nameOf("vs"), instanceId: vm.id, memory: true });
    expect(now.outs).toMatchObject({ memory: true, type: "DiskAndMemory" });
    await p("InstanceSnapshot").delete!(now.id, now.outs);
  });
});

describe("a volume restored from a volume snapshot (cim.Volume snapshotId)", () => {
  it("takes the snapshot's size when none is given, even with a customized offering; another snapshot replaces", async () => {
    const vm = await snapVm();
    const disk = await make("Volume", {
      name: nameOf("data"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      size: 14,
      instanceId: vm.id,
    });
    const snap = await make("VolumeSnapshot", { name: nameOf("snap"), volumeId: disk.id });
    expect(snap.outs.size).toBe(14);
    const inputs = {
      name: nameOf("restored"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      snapshotId: snap.id,
    };
    const restored = await make("Volume", inputs);
    expect(restored.outs).toMatchObject({ snapshotId: snap.id, size: 14, state: "Allocated" });
    expect((await p("Volume").read!(restored.id, restored.outs)).props).toEqual(restored.outs);
    const same = await change("Volume", restored.id, restored.outs, inputs);
    expect(same.diff.changes).toBe(false);
    const other = await change("Volume", restored.id, restored.outs, { ...inputs, snapshotId: OTHER_ID });
    expect(other.diff.replaces).toEqual(["snapshotId"]);
    // without a snapshot, the customized offering still needs a size
    const { snapshotId: _, ...plain } = inputs;
    const refused = await p("Volume").check!({}, plain);
    expect(refused.failures?.map((f) => f.property)).toContain("size");
    // the snapshot stays usable after its volume goes
    await p("Volume").delete!(restored.id, restored.outs);
    await p("Volume").delete!(disk.id, disk.outs);
    const again = await make("Volume", { ...inputs, name: nameOf("restored"), size: 20 });
    expect(again.outs).toMatchObject({ snapshotId: snap.id, size: 20 });
    await p("Volume").delete!(again.id, again.outs);
    await p("VolumeSnapshot").delete!(snap.id, snap.outs);
  });
});

describe("an instance from a volume or a volume snapshot (imageType volume, snapshot)", () => {
  it("boots from a snapshot's copy and from a detached volume; refresh shows no change; the source replaces", async () => {
    const vm = await snapVm();
    const snap = await make("VolumeSnapshot", { name: nameOf("snap"), volumeId: vm.rootId });
    const fromSnap = { ...instanceInputs(), imageType: "snapshot", snapshotId: snap.id };
    const a = await make("Instance", fromSnap);
    expect(a.outs).toMatchObject({
      imageType: "snapshot",
      snapshotId: snap.id,
      rootDiskSize: snap.outs.size,
    });
    expect((await p("Instance").read!(a.id, a.outs)).props).toEqual(a.outs);
    const same = await change("Instance", a.id, a.outs, fromSnap);
    expect(same.diff.changes).toBe(false);
    expect(
      (await change("Instance", a.id, a.outs, { ...fromSnap, snapshotId: OTHER_ID })).diff.replaces,
    ).toEqual(["snapshotId"]);

    const disk = await make("Volume", {
      name: nameOf("boot"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      size: 11,
    });
    const fromVolume = { ...instanceInputs(), imageType: "volume", volumeId: disk.id };
    const b = await make("Instance", fromVolume);
    expect(shown(b.outs)).toMatchObject({
      imageType: "volume",
      volumeId: disk.id,
      rootDiskSize: 11,
      powerState: "running",
    });
    expect((await change("Instance", b.id, b.outs, fromVolume)).diff.changes).toBe(false);
    expect((await call("GET", `/volumes/${disk.id}`)).type).toBe("ROOT");
    // check: the source each image type needs, and nothing it does not use
    const missing = await p("Instance").check!({}, { ...instanceInputs(), imageType: "volume" });
    expect(missing.failures?.map((f) => f.property)).toContain("volumeId");
    const stray = await p("Instance").check!({}, { ...instanceInputs(), snapshotId: snap.id });
    expect(stray.failures?.map((f) => f.property)).toContain("snapshotId");
    const sized = await p("Instance").check!({}, { ...fromVolume, rootDiskSize: 40 });
    expect(sized.failures?.map((f) => f.property)).toContain("rootDiskSize");
    await p("Instance").delete!(a.id, a.outs);
    await p("Instance").delete!(b.id, b.outs);
    await p("VolumeSnapshot").delete!(snap.id, snap.outs);
  });
});

describe("comments", () => {
  it("visibility changes in place with a user's token, and an admins-only comment reads back (whole-account)", async () => {
    expect(process.env.CIM_TOKEN).toBe(token); // a user's token: no service:admin
    const inputs = { networkId: cat.net, text: "for the on-call team" };
    const marked = await p("Comment").check!({}, { ...inputs, adminsOnly: true });
    expect(marked.failures ?? []).toEqual([]);
    const { id, outs } = await make("Comment", inputs);
    expect(outs).toMatchObject({ adminsOnly: false, username: "user-1", text: inputs.text });
    const back = await p("Comment").check!(outs, { ...inputs, adminsOnly: true });
    expect(back.failures ?? []).toEqual([]);
    const upd = await change("Comment", id, outs, { ...inputs, adminsOnly: true });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    const { outs: flagged } = await upd.run();
    expect(flagged.adminsOnly).toBe(true);
    const listed = await call("GET", `/networks/${cat.net}/annotations`);
    expect(listed.find((c: Rec) => c.id === id)).toMatchObject({ adminsOnly: true });
    expect((await p("Comment").read!(id, flagged)).props).toMatchObject({ adminsOnly: true });
    const again = await change("Comment", id, flagged, { ...inputs, adminsOnly: false });
    expect((await again.run()).outs.adminsOnly).toBe(false);
  });

  it("a comment the API cannot delete leaves the stack, stays in the cloud, and a warning says so", async () => {
    const warnings: string[] = [];
    captureWarnings((m) => warnings.push(m));
    try {
      const vpc = await aclVpc();
      const ip = await call("POST", "/public-ips", { networkId: cat.net });
      await job(ip);
      const cluster = await call("POST", "/compute/kubernetes/clusters", {
        ...clusterInputs(),
        tags: undefined,
      });
      await job(cluster);
      const targets: [string, string, string, string][] = [
        ["networkId", cat.net, "networks", "network"],
        ["publicIpId", ip.id, "public-ips", "public IP"],
        ["vpcId", vpc, "vpcs", "VPC"],
        ["kubernetesClusterId", cluster.id, "compute/kubernetes/clusters", "Kubernetes cluster"],
      ];
      for (const [field, target, collection, noun] of targets) {
        const { id, outs } = await make("Comment", { [field]: target, text: "kept" });
        expect((await call("GET", `/${collection}/${target}`)).hasAnnotations, noun).toBe(true);
        // a text change replaces: the engine makes the new comment, then deletes the old one
        expect((await change("Comment", id, outs, { [field]: target, text: "new" })).diff.replaces).toEqual([
          "text",
        ]);
        await p("Comment").delete!(id, outs);
        expect(warnings.pop()).toMatch(
          new RegExp(
            `^cim:Comment "on ${noun} .+" \\(id ${id}\\) in region .+: removed from the stack but kept in the cloud: the API cannot delete a comment on a ${noun} \\(only comments on volumes can be deleted\\)\\. It stays on ${noun} ${target} until the ${noun} itself is deleted\\.$`,
          ),
        );
        expect((await call("GET", `/${collection}/annotations/${id}`)).annotation).toBe("kept");
      }
      // a volume's comment is deleted, without a warning
      const vol = await make("Comment", { volumeId: await apiVolume(), text: "goes" });
      await p("Comment").delete!(vol.id, vol.outs);
      expect(warnings).toEqual([]);
      await expect(call("GET", `/volumes/annotations/${vol.id}`)).rejects.toThrow(/404/);
    } finally {
      captureWarnings();
    }
  });

  it("check: exactly one target, and a plain id must name a resource of the region", async () => {
    const both = await p("Comment").check!({}, { volumeId: OTHER_ID, networkId: cat.net, text: "x" });
    expect(both.failures?.map((f) => f.property)).toEqual(["networkId"]);
    const missing = await p("Comment").check!(
      {},
      { networkId: OTHER_ID, text: "x", [PLAIN_REFERENCES]: ["networkId"] },
    );
    expect(missing.failures).toEqual([
      expect.objectContaining({ property: "networkId", reason: expect.stringContaining(OTHER_ID) }),
    ]);
  });
});

describe("shared file systems: size, the VM's offering, busy then settled", () => {
  it("never shrinks: check refuses a smaller size against the old inputs, diff against the old outputs", async () => {
    const inputs = fsInputs();
    const { id, outs } = await make("FileSystem", inputs);
    expect(outs).toMatchObject({ size: 10, filesystem: "XFS", state: "Ready", path: "/mnt/fs/share" });
    expect(outs.mountSource).toBe(`${outs.ipAddress}:/mnt/fs/share`);
    const smaller = await p("FileSystem").check!(inputs, { ...inputs, size: 5 });
    expect(smaller.failures).toEqual([
      expect.objectContaining({
        property: "size",
        reason: expect.stringMatching(/cannot shrink \(10 GB → 5 GB\)/),
      }),
    ]);
    await expect(p("FileSystem").diff!(id, outs, { ...inputs, size: 5 })).rejects.toThrow(/only grow/);
    // the platform's rules at preview: a fixed offering takes no size, the VM needs 2 vCPUs and 1024 MB
    const fixed = (await first("/offerings/disk", (d) => !d.customized)).id;
    const small = (await first("/offerings/compute", (o) => o.name === "Small")).id;
    const refused = await p("FileSystem").check!(
      {},
      { ...inputs, diskOfferingId: fixed, serviceOfferingId: small },
    );
    expect(refused.failures?.map((f) => f.property).sort()).toEqual(["serviceOfferingId", "size"]);
    await p("FileSystem").delete!(id, outs);
    await expect(call("GET", `/filesystems/${id}`)).rejects.toThrow(/404/); // destroyed and expunged at once
  });

  it("an update waits out a stop under way, then grows it; the VM's offering is changed stopped, then started", async () => {
    const inputs = fsInputs();
    const { id, outs } = await make("FileSystem", inputs);
    await ctl.jobTiming({ latencyMs: 400 });
    await call("POST", `/filesystems/${id}/stop`);
    expect((await call("GET", `/filesystems/${id}`)).fileSystems[0].state).toBe("Stopping");
    const grown = await (await change("FileSystem", id, outs, { ...inputs, size: 15 })).run();
    expect(grown.outs).toMatchObject({ size: 15, state: "Stopped" });
    await ctl.jobTiming({ latencyMs: 0 });
    await call("POST", `/filesystems/${id}/start`).then(job);
    const ready = (await p("FileSystem").read!(id, grown.outs)).props as Rec;
    const bigger = await change("FileSystem", id, ready, {
      ...inputs,
      size: 15,
      serviceOfferingId: cat.large,
    });
    expect(bigger.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await bigger.run()).outs).toMatchObject({ serviceOfferingName: "Large", state: "Ready" });
    expect(await jobsOn(id)).toEqual([
      "createSharedFileSystem:success",
      "stopSharedFileSystem:success",
      "changeSharedFileSystemDiskOffering:success",
      "startSharedFileSystem:success",
      "stopSharedFileSystem:success",
      "changeSharedFileSystemServiceOffering:success",
      "startSharedFileSystem:success",
    ]);
    await p("FileSystem").delete!(id, ready);
  });
});

describe("instance groups: an instance joins one by name", () => {
  it("group in place after the deploy; a renamed group is no drift; a plain name must exist at check", async () => {
    const group = await make("InstanceGroup", { name: nameOf("web") });
    const inputs = { ...instanceInputs(), group: group.outs.name };
    const vm = await make("Instance", inputs);
    expect(vm.outs.group).toBe(group.outs.name);
    expect((await call("GET", `/compute/instances/${vm.id}`)).groupId).toBe(group.id);
    // the group renamed in place: the program passes the new name, the instance already shows it
    const renamed = await (
      await change("InstanceGroup", group.id, group.outs, { name: `${group.outs.name}-2` })
    ).run();
    const after = (await p("Instance").read!(vm.id, vm.outs)).props as Rec;
    expect(after.group).toBe(renamed.outs.name);
    expect(
      (await change("Instance", vm.id, after, { ...inputs, group: renamed.outs.name })).diff.changes,
    ).toBe(false);
    // left out: no change, the instance stays in its group
    const { group: _, ...without } = inputs;
    expect((await change("Instance", vm.id, after, without)).diff.changes).toBe(false);
    // written as text in the program: looked up in the instance's region at preview
    const plain = { [PLAIN_REFERENCES]: ["group"] };
    const missing = await p("Instance").check!({}, { ...inputs, group: "no-such-group", ...plain });
    expect(missing.failures).toEqual([
      expect.objectContaining({
        property: "group",
        reason: expect.stringMatching(
          /group names no instance group named "no-such-group" in .*cim\.InstanceGroup/,
        ),
      }),
    ]);
    // deleting the group leaves the instance in none; refresh shows it and the next up would join it again
    await p("InstanceGroup").delete!(group.id, renamed.outs);
    const orphan = (await p("Instance").read!(vm.id, after)).props as Rec;
    expect(orphan.group).toBeUndefined();
    await p("Instance").delete!(vm.id, orphan);
  });

  it("a name no group of the region has is refused before the platform makes an empty group of it", async () => {
    const name = nameOf("typo");
    // a value taken from an output is not looked up at preview: the update refuses it instead
    const err = await make("Instance", { ...instanceInputs(), group: name }).catch((e) => e);
    expect(err).toBeInstanceOf(PartialStateError);
    expect(err.message).toMatch(
      new RegExp(`no instance group named "${name}" in region .*would make a new, empty one`),
    );
    const groups = rows(await call("GET", `/instance-groups?name=${name}`));
    expect(groups).toEqual([]);
    await p("Instance").delete!(err.id, err.properties);
  });

  it("a group whose region the API cannot read is a refresh failure, not a group that is gone", async () => {
    const group = await make("InstanceGroup", { name: nameOf("east") });
    await ctl.fault({ route: "/instance-groups", region: group.outs.region, status: 503 });
    await expect(p("InstanceGroup").read!(group.id, group.outs)).rejects.toThrow(/refresh failed: .*503/);
    await ctl.clearFaults();
    expect((await p("InstanceGroup").read!(group.id, group.outs)).props).toEqual(group.outs);
    await p("InstanceGroup").delete!(group.id, group.outs);
  });
});

describe("multi-region groups: a member's VPC is looked up in its own region; the ceiling is said plainly", () => {
  it("check finds a plain vpcId in vpcRegion, and names the region where it is not", async () => {
    const groupId = (await call("POST", "/multi-regions", { name: nameOf("grp") })).id;
    const vpcId = await vpcIn(secondaryRegion());
    const plain = { [PLAIN_REFERENCES]: ["groupId", "vpcId"] };
    const there = await p("MultiRegionGroupVpc").check!(
      {},
      { groupId, vpcId, vpcRegion: secondaryRegion(), ...plain },
    );
    expect(there.failures ?? []).toEqual([]);
    // left out, vpcRegion is the member's own region (the primary one here), where the VPC is not
    const here = await p("MultiRegionGroupVpc").check!({}, { groupId, vpcId, ...plain });
    expect(here.failures).toEqual([
      expect.objectContaining({ property: "vpcId", reason: expect.stringMatching(/names no VPC with id/) }),
    ]);
    // the group is looked up in the member's region: a member routed to the other region does not find it
    const away = await p("MultiRegionGroupVpc").check!(
      {},
      { groupId, vpcId, vpcRegion: secondaryRegion(), region: secondaryRegion(), ...plain },
    );
    expect(away.failures).toEqual([
      expect.objectContaining({
        property: "groupId",
        reason: expect.stringMatching(
          new RegExp(`names no multi-region group with id "${groupId}" in region ${secondaryRegion()}`),
        ),
      }),
    ]);
  });

  it("a group create past maxMultiRegions fails naming the allowance and the quota route", async () => {
    const { currentMultiRegions } = await call("GET", "/multi-regions/quota");
    await ctl.limits({ maxMultiRegions: currentMultiRegions });
    try {
      const err: unknown = await make("MultiRegionGroup", { name: nameOf("full") }).catch((e: Error) => e);
      expect(String((err as Error)?.message)).toMatch(
        new RegExp(
          `cim:MultiRegionGroup "full-\\d+" in region .*: create failed: the account has ${currentMultiRegions} of ${currentMultiRegions} multi-region groups in use \\(maxMultiRegions, GET /api/v1/multi-regions/quota\\)`,
        ),
      );
    } finally {
      await ctl.limits({ maxMultiRegions: 100 });
    }
  });
});

describe("templates and ISOs: registered, ready, shared, booted from", () => {
  it("a template's create waits for its download: the id reaches the program once the platform says it is ready", async () => {
    await ctl.jobMode("clock", { latencyMs: 1000 });
    let done = false;
    const made = make("Template", templateInputs()).finally(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(false);
    const [row] = rows(await call("GET", "/templates?templateFilter=self")).slice(-1);
    expect(row).toMatchObject({ isReady: false, status: expect.stringMatching(/% Downloaded$/) });
    await ctl.advanceClock(1000);
    const { id, outs } = await made;
    expect(outs).toMatchObject({
      state: "Ready",
      isReady: true,
      status: "Download Complete",
      minRootDiskSizeGb: 10,
    });
    await ctl.jobMode("timed", { latencyMs: 0 });
    await p("Template").delete!(id, outs);
  });

  it("the engine waits out a state that is still busy after the create job ended (a download the job did not wait for)", async () => {
    let reads = 0;
    const kind = defineKind({
      name: "Template",
      noun: "template",
      summary: "a stub whose record stays Downloading for two reads after its create",
      states: imageStates,
      fields: { ...commonFields },
      outputs: { state: { schema: z.string().optional(), from: (r: Rec) => r.state } },
      api: {
        get: async (_s, id) => ({ id, state: ++reads <= 2 ? "Downloading" : "Ready" }),
        create: async () => ({ id: OTHER_ID }),
        delete: async () => ({}),
      },
    });
    process.env.CIM_POLL_INTERVAL_MS = "10";
    try {
      const made = await providerOf(kind).create({ region: emu.regions[0].id });
      // without the wait, the record read after the job (Downloading) would be what state records
      expect(made.outs).toMatchObject({ state: "Ready" });
      expect(reads).toBeGreaterThan(2);
    } finally {
      process.env.CIM_POLL_INTERVAL_MS = saved.CIM_POLL_INTERVAL_MS;
      if (saved.CIM_POLL_INTERVAL_MS === undefined) delete process.env.CIM_POLL_INTERVAL_MS;
    }
  });

  it("an instance's check refuses a template still downloading (the platform would), then finds it ready", async () => {
    await ctl.jobMode("clock", { latencyMs: 1000 });
    const t = await call("POST", "/templates", templateInputs());
    const vm = { ...instanceInputs(), templateId: t.id };
    const early = await p("Instance").check!({}, vm);
    expect(early.failures).toEqual([
      {
        property: "templateId",
        reason: expect.stringContaining(`names template "${templateInputs().name.replace(/\d+$/, "")}`),
      },
    ]);
    expect(early.failures?.[0].reason).toMatch(
      /which is not ready \(\d+% Downloaded\): the platform deploys only from a downloaded template/,
    );
    await ctl.advanceClock(1000);
    await waitJob(t.jobId);
    await ctl.jobMode("timed", { latencyMs: 0 });
    // the cached list said "not ready": read again, not trusted
    const { id, outs } = await make("Instance", vm);
    expect(outs).toMatchObject({ templateId: t.id });
    expect((await call("GET", `/compute/instances/${id}`)).templateName).toMatch(/^tpl-/);
    await p("Instance").delete!(id, outs);
  });

  it("an instance boots from a registered ISO (imageType iso, with a root disk offering)", async () => {
    const iso = await make("Iso", {
      name: nameOf("iso"),
      url: "https://images.example.com/boot.iso.gz",
      zoneId: cat.zone,
      osTypeId: cat.osType,
    });
    const disk = (await first("/offerings/disk", (d) => !d.customized)).id;
    const vm = await make("Instance", {
      zoneId: cat.zone,
      serviceOfferingId: cat.offering,
      imageType: "iso",
      isoId: iso.id,
      diskOfferingId: disk,
    });
    expect(vm.outs).toMatchObject({ imageType: "iso", isoId: iso.id });
    expect((await call("GET", `/compute/instances/${vm.id}`)).templateName).toBe(iso.outs.name);
    // the ISO cannot go while the instance uses it (the platform's refusal, passed on)
    await expect(p("Iso").delete!(iso.id, iso.outs)).rejects.toThrow(
      /Unable to delete ISO, as it's used by other instances/,
    );
    await p("Instance").delete!(vm.id, vm.outs);
    await p("Iso").delete!(iso.id, iso.outs);
  });

  it("permissions: the program's account list is authoritative; check refuses the owner and a template not the account's own", async () => {
    const templateId = await registeredTemplate();
    const { id, outs } = await make("TemplatePermissions", { templateId, accounts: ["user-2"] });
    expect(id).toBe(templateId);
    expect(outs).toMatchObject({ accounts: ["user-2"], isPublic: false, owner: "user-1" });
    // an account added behind the program's back shows after refresh; the next up takes it away again
    await ctl.user("user-3");
    await call("PUT", `/templates/${templateId}/permissions`, { op: "add", accounts: "user-3" });
    const read = (await p("TemplatePermissions").read!(id, outs)).props as Rec;
    expect([...read.accounts].sort()).toEqual(["user-2", "user-3"]);
    const upd = await change("TemplatePermissions", id, read, { templateId, accounts: ["user-2"] });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await upd.run()).outs.accounts).toEqual(["user-2"]);
    expect((await call("GET", `/templates/${templateId}/permissions`)).account).toEqual(["user-2", "user-1"]);
    const owner = await p("TemplatePermissions").check!({}, { templateId, accounts: ["user-1"] });
    expect(owner.failures?.[0]).toMatchObject({
      property: "accounts",
      reason: expect.stringContaining("the template's owner"),
    });
    const system = await p("TemplatePermissions").check!({}, { templateId: cat.template, isPublic: true });
    expect(system.failures?.[0]).toMatchObject({
      property: "templateId",
      reason: expect.stringContaining("only its owner"),
    });
    await p("TemplatePermissions").delete!(id, outs);
    expect(await call("GET", `/templates/${templateId}/permissions`)).toMatchObject({
      isPublic: false,
      account: ["user-1"],
    });
  });
});
