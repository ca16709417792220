// Both adapters give the engine the same calls: the dynamic provider (provider/index.ts providerFor, what
// Pulumi's dynamic-provider host calls) and the native plugin's adapter (provider/native/adapter.ts, what the
// engine calls over gRPC) driven in-process with the same inputs, one kind at a time, through the same steps a
// resource's life takes: check with a bad input, check, diff in place and replacing, create, update, read after an
// out-of-band change, delete. Each path keeps what its own engine would keep in state (the dynamic path the
// compacted outputs create returns, the native path the full outputs it answers) and passes that back as the old
// outputs of the next step, so a difference in what state keeps shows up as a different call. Every API request
// goes through a proxy that keeps them in order: the two paths must send the same requests in the same order
// (ids as placeholders by first appearance, a run of identical job polls as one), and answer the same:
// check failures equal, diff replaces equal to the detailed diff's *_REPLACE keys, outputs equal once each path's
// are read as its classes read them (fullOutputs: the dynamic path's compacted outputs filled in, and on both the
// nulls for outputs a resource lacks read as absent), with the same outputs kept on both, and the dynamic path's
// hidden list of the given inputs left out (the native path reads them from the old inputs the engine sends with each read: the read after
// drift must derive the same inputs from them).
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { kindNamed } from "../../provider/kinds";
import type { Recorded } from "../../provider/kinds/define";
import { fullOutputs } from "../../provider/lifecycle/fields";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { resetBatches } from "../../provider/lifecycle/readBatch";
import { GIVEN } from "../../provider/lifecycle/readInputs";
import { resetCircuit } from "../../provider/lifecycle/session";
import { Adapter } from "../../provider/native/adapter";
import { configure } from "../../provider/native/config";
import { type Props, plain, SECRET_SIG, SIG } from "../../provider/native/wire";
import { countingProxy } from "../client/countingProxy";
import { startApi, type TestApi } from "../e2e/support";
import { freshEd25519 } from "../fixtures/sshKeys";

const S = (v: Props) => Struct.fromJavaScript(v as Parameters<typeof Struct.fromJavaScript>[0]);
const K = provproto.PropertyDiff.Kind;
const REPLACING = new Set([K.ADD_REPLACE, K.DELETE_REPLACE, K.UPDATE_REPLACE]);
/** An API date-time: when a record was made differs between the two lives. */
const INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

let api: TestApi;
const saved = process.env.CIM_POLL_INTERVAL_MS;
const catalogue: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi({ jobLatencyMs: 50 });
  // a fixed poll cadence: the adaptive first poll would learn from the first path's jobs
  process.env.CIM_POLL_INTERVAL_MS = "25";
  const zones = await api.client.catalogue.zones();
  catalogue.zoneId = zones.find((z) => z.name === "de-fra-1a")!.id;
  catalogue.otherZoneId = zones.find((z) => z.name === "de-fra-1b")!.id;
  catalogue.diskOfferingId = (await api.client.catalogue.diskOfferings()).find((o) => o.customized)!.id;
  catalogue.vpcOfferingId = (await api.client.catalogue.vpcOfferings())[0].id;
}, 60_000);

afterAll(async () => {
  if (saved === undefined) delete process.env.CIM_POLL_INTERVAL_MS;
  else process.env.CIM_POLL_INTERVAL_MS = saved;
  await api?.close();
});

/** One kind's life: the inputs of each step, and the change made behind the provider's back before the read. */
interface Life {
  kind: string;
  bad: () => Props;
  inputs: () => Props;
  /** News that update in place (left out: the kind has no in-place change). */
  inPlace?: () => Props;
  replacing: () => Props;
  drift(id: string): Promise<void>;
  /** What the read after the drift must show in state (left out: the kind has nothing to drift). */
  drifted?: Props;
}

const LIVES: Life[] = [
  {
    kind: "Volume",
    // a zone the catalogue does not have: check reads the zones to say so
    bad: () => ({ ...LIVES[0].inputs(), zoneId: "00000000-0000-4000-8000-000000000000" }),
    inputs: () => ({
      name: "eq-vol",
      zoneId: catalogue.zoneId,
      diskOfferingId: catalogue.diskOfferingId,
      size: 5,
    }),
    inPlace: () => ({ ...LIVES[0].inputs(), size: 8, tags: { env: "eq" } }),
    replacing: () => ({ ...LIVES[0].inputs(), zoneId: catalogue.otherZoneId }),
    drift: async (id) => {
      await api.client.jobs.wait(await api.client.volumes.resize(id, { size: 12 }), { firstDelayMs: 0 });
    },
    drifted: { size: 12 },
  },
  {
    kind: "Vpc",
    bad: () => ({ ...LIVES[1].inputs(), cidr: "10.9.0.0/33" }),
    inputs: () => ({
      name: "eq-vpc",
      zoneId: catalogue.zoneId,
      cidr: "10.9.0.0/16",
      vpcOfferingId: catalogue.vpcOfferingId,
    }),
    inPlace: () => ({ ...LIVES[1].inputs(), displayText: "equivalent", tags: { env: "eq" } }),
    replacing: () => ({ ...LIVES[1].inputs(), cidr: "10.8.0.0/16" }),
    drift: async (id) => {
      await api.client.vpcs.update(id, { name: "eq-vpc-renamed" });
    },
    drifted: { name: "eq-vpc-renamed" },
  },
  {
    kind: "SshKeyPair",
    bad: () => ({ name: "eq-key", publicKey: "ssh-ed25519 not-a-key" }),
    inputs: () => ({ name: "eq-key", publicKey: KEY }),
    replacing: () => ({ name: "eq-key-2", publicKey: KEY }),
    drift: async () => {},
  },
];
const KEY = freshEd25519("eq");

/** What one step sent and answered. */
interface Step {
  step: string;
  requests: string[];
  answer: unknown;
}

/** The two paths behind one interface: the engine's calls, each path's state kept its own way. */
interface Path {
  check(olds: Props, news: Props): Promise<{ inputs: Props; failures: [string, string][] }>;
  diff(
    id: string,
    olds: Props,
    news: Props,
    oldInputs: Props,
  ): Promise<{ replaces: string[]; changed: string[] }>;
  create(inputs: Props): Promise<{ id: string; state: Props }>;
  update(id: string, olds: Props, news: Props, oldInputs: Props): Promise<Props>;
  read(id: string, olds: Props, oldInputs: Props): Promise<{ id: string; state: Props; inputs?: Props }>;
  delete(id: string, olds: Props): Promise<void>;
}

function dynamicPath(kind: string): Path {
  const p = providerFor(kind);
  return {
    check: async (olds, news) => {
      const r = await p.check!(olds, news);
      return { inputs: r.inputs as Props, failures: (r.failures ?? []).map((f) => [f.property, f.reason]) };
    },
    diff: async (id, olds, news) => {
      const d = (await p.diff!(id, olds, news)) as { replaces?: string[]; updates?: string[] };
      const replaces = d.replaces ?? [];
      return { replaces, changed: [...replaces, ...(d.updates ?? []).filter((k) => !replaces.includes(k))] };
    },
    create: async (inputs) => {
      const r = await p.create(inputs);
      return { id: r.id, state: r.outs as Props };
    },
    update: async (id, olds, news) => (await p.update!(id, olds, news)).outs as Props,
    read: async (id, olds, oldInputs) => {
      const r = (await p.read!(id, olds)) as { id?: string; props?: Props; inputs?: Props };
      // the dynamic-provider host sends inputs only when read gives some; the engine then keeps the old ones
      return { id: r.id ?? "", state: r.props ?? {}, inputs: r.inputs ?? oldInputs };
    },
    delete: (id, olds) => p.delete!(id, olds),
  };
}

function nativePath(kind: string): Path {
  const adapter = new Adapter();
  const type = `cim:index:${kind}`;
  const urn = `urn:pulumi:eq::eq::${type}::eq`;
  const base = <T extends { setType(t: string): unknown; setUrn(u: string): unknown }>(r: T) => {
    r.setType(type);
    r.setUrn(urn);
    return r;
  };
  /** A Diff or Update request: the resource's id, its old outputs and inputs, the new inputs. */
  const change = <T extends provproto.DiffRequest | provproto.UpdateRequest>(
    r: T,
    id: string,
    olds: Props,
    news: Props,
    oldInputs: Props,
  ) => {
    base(r).setId(id);
    r.setOlds(S(olds));
    r.setNews(S(news));
    r.setOldInputs(S(oldInputs));
    return r;
  };
  return {
    check: async (olds, news) => {
      const r = base(new provproto.CheckRequest());
      r.setOlds(S(olds));
      r.setNews(S(news));
      const res = await adapter.check(r);
      const failures = res.getFailuresList().map((f): [string, string] => [f.getProperty(), f.getReason()]);
      return { inputs: plain(res.getInputs()), failures };
    },
    diff: async (id, olds, news, oldInputs) => {
      const res = await adapter.diff(change(new provproto.DiffRequest(), id, olds, news, oldInputs));
      const detailed: [string, number][] = [];
      res.getDetaileddiffMap().forEach((d, k) => {
        detailed.push([k, d.getKind()]);
      });
      // the engine replaces on the detailed diff: its *_REPLACE keys are the replaces
      expect(detailed.filter(([, k]) => REPLACING.has(k)).map(([f]) => f)).toEqual(res.getReplacesList());
      return { replaces: res.getReplacesList(), changed: detailed.map(([f]) => f) };
    },
    create: async (inputs) => {
      const r = base(new provproto.CreateRequest());
      r.setProperties(S(inputs));
      const res = await adapter.create(r);
      return { id: res.getId(), state: plain(res.getProperties()) };
    },
    update: async (id, olds, news, oldInputs) => {
      const r = change(new provproto.UpdateRequest(), id, olds, news, oldInputs);
      return plain((await adapter.update(r)).getProperties());
    },
    read: async (id, olds, oldInputs) => {
      const r = base(new provproto.ReadRequest());
      r.setId(id);
      r.setProperties(S(olds));
      r.setInputs(S(oldInputs));
      const res = await adapter.read(r);
      // as on the dynamic path, inputs only where the live values moved them; the engine then keeps the old ones
      const inputs = res.hasInputs() ? plain(res.getInputs()) : oldInputs;
      return { id: res.getId(), state: plain(res.getProperties()), inputs };
    },
    delete: async (id, olds) => {
      const r = base(new provproto.DeleteRequest());
      r.setId(id);
      r.setProperties(S(olds));
      await adapter.delete(r);
    },
  };
}

/** JSON with every object's keys sorted: a Struct orders them, a plain object keeps its own order. */
const canonical = (v: unknown) =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : x,
  );

/**
 * A life on one path: each step's requests (ids as <n> by first appearance in the life, a run of the same
 * request as one: job polls depend on timing) and answer. `full` fills in compacted outputs.
 */
async function live(life: Life, path: Path, full: (state: Props) => Props): Promise<Step[]> {
  const ids = new Map<string, string>();
  const placeholders = (text: string) =>
    text.replace(INSTANT, "<instant>").replace(UUID, (u) => {
      if (!ids.has(u)) ids.set(u, `<${ids.size + 1}>`);
      return ids.get(u)!;
    });
  const steps: Step[] = [];
  // A life starts as in a new provider process: what the other path's life left in the per-process caches (the
  // catalogue, quota readings, shared read lists, the default region per API address) would spare this one
  // reads. Its own proxy is its own API address; the configuration (process-wide, provider/config.ts) is the
  // native Configure's, which the dynamic path reads too.
  resetLookups();
  resetQuotaPreflight();
  resetCircuit();
  resetBatches();
  const proxy = await countingProxy(api.emu.url);
  const c = new provproto.ConfigureRequest();
  c.setArgs(S({ baseUrl: proxy.url, token: { [SIG]: SECRET_SIG, value: api.token } }));
  configure(c);
  const step = async <T>(name: string, run: () => Promise<T>, answer: (t: T) => unknown = (t) => t) => {
    proxy.reset();
    const result = await run();
    const requests = proxy.log().map(placeholders);
    steps.push({
      step: name,
      requests: requests.filter((r, i) => r !== requests[i - 1]),
      answer: JSON.parse(placeholders(canonical(answer(result) ?? null))),
    });
    return result;
  };
  const bad = await step("check a bad input", () => path.check({}, life.bad()));
  expect(bad.failures.length, `${life.kind}: the bad input fails check`).toBeGreaterThan(0);
  const { inputs, failures } = await step("check", () => path.check({}, life.inputs()));
  expect(failures).toEqual([]);
  const made = await step(
    "create",
    () => path.create(inputs),
    (m) => ({ id: m.id, state: full(m.state) }),
  );
  let state = made.state;
  let given = inputs;
  const replacing = await step("diff replacing", () => path.diff(made.id, state, life.replacing(), given));
  expect(replacing.replaces.length, `${life.kind}: the replacing change replaces`).toBeGreaterThan(0);
  if (life.inPlace) {
    const news = (await step("check the change", () => path.check(given, life.inPlace!()))).inputs;
    const d = await step("diff the change", () => path.diff(made.id, state, news, given));
    expect(d.replaces).toEqual([]);
    expect(d.changed.length, `${life.kind}: the in-place change changes`).toBeGreaterThan(0);
    state = await step("update", () => path.update(made.id, state, news, given), full);
    given = news;
  }
  await life.drift(made.id);
  const read = await step(
    "read after drift",
    () => path.read(made.id, state, given),
    (r) => ({ id: r.id, state: full(r.state), inputs: r.inputs }),
  );
  if (life.drifted) expect(read.state).toMatchObject(life.drifted);
  await step("delete", () => path.delete(made.id, read.state));
  await proxy.close();
  return steps;
}

describe("the dynamic provider and the native adapter make the same calls", () => {
  for (const life of LIVES) {
    it(`${life.kind}: check, diff, create, update, read with drift and delete`, async () => {
      const kind = kindNamed(life.kind)!;
      const full = (state: Props) => {
        const { [GIVEN]: _, ...outs } = fullOutputs(kind, { ...state } as Recorded);
        return outs as Props;
      };
      // which outputs state keeps (a value or a null): every output the kind declares, on both paths
      const kept = new Map<string, string[]>();
      const keys = (path: string) => (state: Props) => {
        kept.set(
          path,
          Object.keys(state)
            .filter((k) => k !== GIVEN)
            .sort(),
        );
        return full(state);
      };
      const dynamic = await live(life, dynamicPath(life.kind), keys("dynamic"));
      const native = await live(life, nativePath(life.kind), keys("native"));
      expect(kept.get("native"), `${life.kind}: the outputs state keeps`).toEqual(kept.get("dynamic"));
      // step by step, for a readable failure
      for (const [i, d] of dynamic.entries()) {
        expect(native[i]?.step).toBe(d.step);
        expect(native[i].requests, `${life.kind}, ${d.step}: the API requests`).toEqual(d.requests);
        expect(native[i].answer, `${life.kind}, ${d.step}: the answer`).toEqual(d.answer);
      }
      expect(native).toHaveLength(dynamic.length);
      // the steps did reach the API: a create, and the life's reads
      expect(dynamic.find((s) => s.step === "create")!.requests.some((r) => r.startsWith("POST "))).toBe(
        true,
      );
    }, 60_000);
  }
});
