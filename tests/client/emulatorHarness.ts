// Emulator-backed test harness: one in-process emulator per test file, its control client (faults, state,
// counters, limits, users, job timing), and a client factory.

import { afterAll, beforeAll, beforeEach } from "vitest";
import { type Emulator, EmulatorControl, type StartOptions, startEmulator } from "../../emulator";
import { CimClient, type CimClientOptions, type CreateInstanceInput } from "../../provider/client";
import type { AclRuleInput } from "../../provider/families/networkAcls/client";

export interface Harness {
  emu: Emulator;
  primary: string;
  secondary: string;
  control: EmulatorControl;
  client(extra?: Partial<CimClientOptions>): Promise<CimClient>;
  /** The emulator reset to its seed, and a new client: `beforeEach(async () => { client = await h.fresh(); })`. */
  fresh(extra?: Partial<CimClientOptions>): Promise<CimClient>;
  close(): Promise<void>;
}

/** An emulator with instant jobs (and whatever else `options` sets: time zone, clock skew, …). */
export async function harness(options: StartOptions = {}): Promise<Harness> {
  const emu = await startEmulator({ jobLatencyMs: 0, ...options });
  const control = await EmulatorControl.of(emu);
  const primary = emu.regions.find((r) => r.primary)!.id;
  const secondary = emu.regions.find((r) => !r.primary)!.id;
  const client = async (extra: Partial<CimClientOptions> = {}) =>
    new CimClient({
      baseUrl: emu.url,
      token: extra.token ?? (await emu.token()),
      region: primary,
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
      recovery: { graceMs: 2_000 },
      ...extra,
    });
  return {
    emu,
    primary,
    secondary,
    control,
    client,
    async fresh(extra = {}) {
      await control.reset();
      return client(extra);
    },
    close: () => emu.close(),
  };
}

/** Fast polling for tests: the emulator finishes jobs at the first read (job latency 0). */
export const fastWait = { firstDelayMs: 5, minIntervalMs: 10, maxIntervalMs: 20, timeoutMs: 10_000 };

/** The catalogue ids a create needs, from the emulator's seed (the disk offering is a fixed-size one). */
export interface CatalogueIds {
  zoneId: string;
  templateId: string;
  serviceOfferingId: string;
  diskOfferingId: string;
}

export async function catalogueIds(client: CimClient): Promise<CatalogueIds> {
  const [zones, templates, offerings, disks] = await Promise.all([
    client.catalogue.zones(),
    client.catalogue.templates(),
    client.catalogue.computeOfferings(),
    client.catalogue.diskOfferings(),
  ]);
  return {
    zoneId: zones[0].id,
    templateId: templates[0].id,
    serviceOfferingId: offerings[0].id,
    diskOfferingId: disks.find((d) => !d.customized)!.id,
  };
}

/** An instance create of the seed's template and compute offering in its first zone, with `extra`. */
export function instanceInput(
  cat: Pick<CatalogueIds, "zoneId" | "templateId" | "serviceOfferingId">,
  extra: Partial<CreateInstanceInput> = {},
): CreateInstanceInput {
  return {
    zoneId: cat.zoneId,
    templateId: cat.templateId,
    serviceOfferingId: cat.serviceOfferingId,
    ...extra,
  };
}

/** A network ACL rule of list `aclId` that lets SSH in from 10.0.0.0/8. */
export const sshFromPrivate = (aclId: string): AclRuleInput => ({
  aclId,
  protocol: "tcp",
  startPort: 22,
  endPort: 22,
  cidrList: ["10.0.0.0/8"],
  action: "allow",
  trafficType: "ingress",
});

/** An instance of the seed's template and compute offering named `name`, its deploy job waited for. */
export async function deployed(client: CimClient, name: string) {
  const made = await client.instances.create(instanceInput(await catalogueIds(client), { name }));
  await client.jobs.wait(made, fastWait);
  return made;
}

/**
 * Puts an instance under its zone's first backup offering and waits for the job: backup schedules and backups
 * need one (the platform refuses them otherwise). Waits for the instance's own job first when given.
 */
export async function withBackupOffering(
  client: CimClient,
  vm: { id: string; jobId?: string },
): Promise<string> {
  if (vm.jobId) await client.jobs.wait(vm.jobId, fastWait);
  const { zoneId } = await client.instances.get(vm.id);
  const [offering] = await client.catalogue.backupOfferings({ zoneId });
  await client.jobs.wait(await client.instances.assignBackupOffering(vm.id, offering.id), fastWait);
  return offering.id;
}

/** The harness of a test file or `describe` block, through its hooks: `useHarness`. */
export interface HarnessUse {
  /** The running harness (between the hooks). */
  readonly h: Harness;
  /** The seed's catalogue ids (read once, when the harness starts). */
  readonly cat: CatalogueIds;
  /** How often a route (e.g. "POST /api/v1/volumes") was called since the last reset. */
  hits(route: string): Promise<number>;
}

/**
 * One emulator for the tests of a file or `describe` block: started (and `setup` run on it) before them,
 * closed after them, reset to its seed before each, which hands `fresh` a new client.
 */
export function useHarness(
  fresh: (client: CimClient) => void,
  setup?: (h: Harness) => Promise<void>,
  options: StartOptions = {},
): HarnessUse {
  let current: Harness | undefined;
  let cat: CatalogueIds | undefined;
  const use: HarnessUse = {
    get h() {
      if (!current) throw new Error("the harness runs only between its hooks");
      return current;
    },
    get cat() {
      if (!cat) throw new Error("the harness runs only between its hooks");
      return cat;
    },
    hits: async (route) => (await use.h.control.requests())[route] ?? 0,
  };
  beforeAll(async () => {
    current = await harness(options);
    cat = await catalogueIds(await current.client());
    await setup?.(current);
  });
  afterAll(() => current?.close());
  beforeEach(async () => fresh(await use.h.fresh()));
  return use;
}

/** A VPC of `cidr` in the client's region (the seed's first zone and VPC offering), its create job waited for. */
export async function vpcOf(client: CimClient, cidr: string, name = "v"): Promise<string> {
  const [zones, offerings] = await Promise.all([client.catalogue.zones(), client.catalogue.vpcOfferings()]);
  const made = await client.vpcs.create({
    name,
    displayText: name,
    zoneId: zones[0].id,
    cidr,
    vpcOfferingId: offerings[0].id,
  });
  await client.jobs.wait(made, fastWait);
  return made.id!;
}

/**
 * The emulator drops the answer of the next `method route` call after the request has landed (a drop-after
 * fault, once): the client sees a lost answer to a request that did its work.
 */
export function dropNextAnswer(control: EmulatorControl, method: string, route: string) {
  return control.fault({ method, route, action: "drop-after", times: 1 });
}

/** An isolated network (the seed's first non-VPC offering) in the catalogue's zone, its create job waited for. */
export async function isolatedNetwork(client: CimClient, cat: CatalogueIds, name = "app"): Promise<string> {
  const offering = (await client.catalogue.networkOfferings()).find((o) => !o.forVpc)!;
  const net = await client.networks.create({
    name,
    displayText: name,
    zoneId: cat.zoneId,
    networkOfferingId: offering.id,
  });
  await client.jobs.wait(net, fastWait);
  return net.id!;
}

/** `count` instances of the catalogue's template and offering on a network, each deploy job waited for. */
export async function instancesOn(
  client: CimClient,
  cat: CatalogueIds,
  networkId: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const vm = await client.instances.create(instanceInput(cat, { networkIds: [networkId] }));
    await client.jobs.wait(vm, fastWait);
    ids.push(vm.id!);
  }
  return ids;
}
