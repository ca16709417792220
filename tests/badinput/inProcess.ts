// A bad-input row through the provider the engine would call, in this process: the kind's SDK class registers the
// row's args under Pulumi's mocks, and the registration goes to the kind's provider `check` with what the engine
// would hand it (tests/fixtures/mockEngine.ts), the provider configured from the row's environment as a fresh
// provider process is (configure() with no stack config, empty caches), against the emulator. What a CLI preview
// adds on top (the engine's wording, state, the provider process) is previewed for a sample (enginePaths.ts).
import * as pulumi from "@pulumi/pulumi";
import { configure, providerFor } from "../../provider";
import { type AcceptedMutation, CimClient } from "../../provider/client";
import type { CheckFailure } from "../../provider/lifecycle/check";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { resetBatches } from "../../provider/lifecycle/readBatch";
import * as cim from "../../sdk";
import { kindOfType, providerInputs } from "../fixtures/mockEngine";
import { freshEd25519 } from "../fixtures/sshKeys";
import { catalogueIds, mutating, type TestEmulator } from "../reliability/support";
import type { BadCase, Ids, Tokens } from "./cases";

/** What a row's check did. */
export interface CheckOutcome {
  /** What check received. */
  inputs: Record<string, unknown>;
  failures: CheckFailure[];
  /** Why check itself failed, when it threw instead of answering with failures. */
  thrown?: string;
  /** The API reads the check made (lookups), by route. */
  reads: Record<string, number>;
  /** Requests that change something, by route: none may reach the API. */
  mutations: Record<string, number>;
}

/** The emulator, its tokens and the ids the rows are written with. */
export interface World {
  emu: TestEmulator;
  ids: Ids;
  tokens: Tokens;
  /** The environment of every provider: the emulator and a valid token. */
  env: Record<string, string>;
}

export async function worldOf(emu: TestEmulator, pollMs: string): Promise<World> {
  const valid = await emu.token();
  const tokens: Tokens = {
    valid,
    expired: await emu.token({ ttlSeconds: -120 }),
    otherAudience: await emu.token({ aud: "another-app" }),
  };
  const here = await catalogueIds(emu, valid);
  const ids: Ids = {
    ...here,
    other: await catalogueIds(emu, valid, emu.regions.find((r) => !r.primary)!.id),
    unknown: "0b7e2a41-5f0c-4d8e-9a43-7c1d2e3f4a5b",
    unknown2: "5c9d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
    regionId: emu.regions.find((r) => r.primary)!.id,
    ...(await networksOf(emu.url, valid, here)),
  };
  return { emu, ids, tokens, env: { CIM_BASE_URL: emu.url, CIM_TOKEN: valid, CIM_POLL_INTERVAL_MS: pollMs } };
}

/**
 * What rows look up at check, made once through the API: an isolated network (file systems are served on one),
 * a VPC 10.61.0.0/16 with a tier 10.61.1.0/24 whose offering serves the internal LB and a public IP (not its
 * source-NAT address), an instance `badinput-vm` on the isolated network, an SSH key pair `badinput-key` and an
 * instance group `badinput-group`.
 */
async function networksOf(
  baseUrl: string,
  token: string,
  ids: { zoneId: string; isolated: string; vpcOffering: string; templateId: string; small: string },
): Promise<{
  networkId: string;
  internalLbTierId: string;
  vpcId: string;
  vpcPublicIpId: string;
  instanceId: string;
}> {
  const c = new CimClient({ baseUrl, token });
  const made = async (a: AcceptedMutation) => {
    await c.jobs.wait(a, { firstDelayMs: 0, minIntervalMs: 10, maxIntervalMs: 50 });
    return a.id!;
  };
  const { zoneId } = ids;
  const network = async (name: string, networkOfferingId: string, tier: Record<string, string> = {}) =>
    made(await c.networks.create({ name, displayText: name, zoneId, networkOfferingId, ...tier }));
  const networkId = await network("badinput-net", ids.isolated);
  const internalLb = (await c.catalogue.networkOfferings()).find((o) => o.internalLb === true)!;
  const vpcId = await made(
    await c.vpcs.create({
      name: "badinput-vpc",
      displayText: "for internal load balancers",
      zoneId,
      cidr: "10.61.0.0/16",
      vpcOfferingId: ids.vpcOffering,
    }),
  );
  const internalLbTierId = await network("badinput-ilb-tier", internalLb.id, {
    vpcId,
    gateway: "10.61.1.1",
    netmask: "255.255.255.0",
  });
  const vpcPublicIpId = await made(await c.publicIps.acquire({ vpcId }));
  const instanceId = await made(
    await c.instances.create({
      name: "badinput-vm",
      zoneId,
      templateId: ids.templateId,
      serviceOfferingId: ids.small,
      networkIds: [networkId],
    }),
  );
  // names other resources of the rows may not take
  await c.sshKeyPairs.register({ name: "badinput-key", publicKey: freshEd25519("badinput") });
  await c.instanceGroups.create({ name: "badinput-group" });
  return { networkId, internalLbTierId, vpcId, vpcPublicIpId, instanceId };
}

/** The provider's environment for a row (`null`: unset): the world's, then the row's settings. */
export function rowEnv(c: BadCase, w: World): Record<string, string | null> {
  return { ...w.env, CIM_REGION: null, CIM_AUDIENCE: null, ...(c.settings?.env(w.ids, w.tokens) ?? {}) };
}

/** The resource's name in the program: the row's name, as a Pulumi name. */
export const logicalName = (c: BadCase) =>
  c.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 48);

type Registered = { outcome: CheckOutcome; made?: { id: string; outs: Record<string, unknown> } };

/**
 * The engine's side, for one row at a time: each registration is checked against the inputs recorded for the
 * same name (a resource deployed first has old inputs) and, when `deploy` is set, created as `pulumi up` would.
 */
class MockEngine {
  private waiting?: { name: string; deploy: boolean; resolve(r: Registered): void };
  private readonly recorded = new Map<string, Record<string, unknown>>();

  constructor() {
    pulumi.runtime.setMocks(
      {
        newResource: async (args) => {
          const w = this.waiting;
          const registered = await this.check(kindOfType(args.type), args.name, args.inputs, w?.deploy);
          if (w?.name === args.name) w.resolve(registered);
          return { id: registered.made?.id ?? `${args.name}-refused`, state: {} };
        },
        call: () => ({}),
      },
      "badinput",
      "stack",
      true,
    );
  }

  /**
   * Registers `new cim[kind](name, args)` and answers what its check did; fails when the registration never
   * reaches the engine (the SDK class or Pulumi's serialization refused the args).
   */
  register(kind: string, name: string, args: Record<string, unknown>, deploy = false): Promise<Registered> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${kind} ${name} was never registered`)), 30_000);
      this.waiting = {
        name,
        deploy,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      new (cim as unknown as Record<string, new (n: string, a: unknown) => unknown>)[kind](name, args);
    });
  }

  forget(name: string): void {
    this.recorded.delete(name);
  }

  private async check(
    kind: string,
    name: string,
    registered: Record<string, any>,
    deploy = false,
  ): Promise<Registered> {
    const { inputs } = providerInputs(registered);
    const provider = providerFor(kind);
    const outcome: CheckOutcome = { inputs, failures: [], reads: {}, mutations: {} };
    try {
      const checked = await provider.check!(this.recorded.get(name) ?? {}, inputs);
      outcome.failures = checked.failures ?? [];
      if (!deploy || outcome.failures.length) return { outcome };
      const made = await provider.create(checked.inputs);
      this.recorded.set(name, checked.inputs);
      return { outcome, made: { id: made.id, outs: made.outs ?? {} } };
    } catch (err) {
      outcome.thrown = err instanceof Error ? err.message : String(err);
      return { outcome };
    }
  }
}

let engine: MockEngine | undefined;

/** Applies `env` to this process (`null` unsets); returns what puts it back. */
function withEnv(env: Record<string, string | null>): () => void {
  const saved = { ...process.env };
  for (const [k, v] of Object.entries(env)) {
    if (v === null) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    process.env = saved;
  };
}

/** A provider process as the engine starts one for a preview: configured from its environment, caches empty. */
async function freshProvider(): Promise<void> {
  resetLookups();
  resetBatches();
  // a passing check would count the create; the warning it might print has no engine to go to here
  resetQuotaPreflight(() => undefined);
  await configure({ config: { get: () => undefined, require: (k) => `${k} is not set` } });
}

/**
 * Checks a row in-process: deploys its `existing` args first when it has them (and deletes that resource after,
 * as the CLI run's destroy does), then registers its args and records the check's failures and API requests.
 * Rows run one at a time: each sets this process's environment.
 */
export async function checkInProcess(c: BadCase, w: World): Promise<CheckOutcome> {
  engine ??= new MockEngine();
  const name = logicalName(c);
  const restore = withEnv(rowEnv(c, w));
  let existing: Registered["made"];
  try {
    await freshProvider();
    if (c.existing) {
      const first = await engine.register(c.kind, name, c.existing(w.ids), true);
      if (!first.made)
        throw new Error(`the existing resource was not made: ${JSON.stringify(first.outcome)}`);
      existing = first.made;
      await freshProvider();
    }
    await w.emu.control.resetRequests();
    const { outcome } = await engine.register(c.kind, name, c.args(w.ids));
    const requests = await w.emu.control.requests();
    outcome.mutations = mutating(requests);
    outcome.reads = Object.fromEntries(Object.entries(requests).filter(([k]) => k.startsWith("GET ")));
    return outcome;
  } finally {
    engine.forget(name);
    if (existing) await providerFor(c.kind).delete!(existing.id, existing.outs);
    restore();
  }
}

/**
 * What the engine prints for the outcome's failures, one line each, without its own prefix: the property and its
 * value (the engine prints the value of a failure that names a property), then the reason.
 */
export function printed(o: CheckOutcome): string {
  const lines = o.failures.map((f) =>
    f.property
      ? `property ${f.property} value ${JSON.stringify(o.inputs[f.property])}: ${f.reason}`
      : f.reason,
  );
  return [...lines, ...(o.thrown ? [o.thrown] : [])].join("\n");
}
