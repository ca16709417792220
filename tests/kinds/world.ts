// The in-process lifecycle tests' world: one emulator per test file, its catalogue (`cat`), the API as the user
// (`call`), each kind's provider called in-process (check, diff, create, read, update, delete, no CLI) with every
// output it returns (create, read, update, partial state) parsed strictly with its kind's outputs schema
// (provider/kinds/outputSchema.ts, the runtime twin of the SDK class's outputs type), and the table every kind's
// row runs through. Each family file (tests/kinds/<family>.test.ts) calls useEmulator() and describeCases() with
// its rows; the engine's in-process tests (tests/lifecycle/inProcess.test.ts) share the same helpers; what the
// tests make through the API is in ./parts.ts. The CLI suites (tests/e2e) keep what only the engine shows:
// serialization, state, refresh, destroy.
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import { type Kind, type KindName, kinds } from "../../provider/kinds";
import { outputSchema } from "../../provider/kinds/outputSchema";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { givenOnlyOutputs, outputNames, PLAIN_REFERENCES } from "../../provider/lifecycle/fieldSpec";
import { fullOutputs } from "../../provider/lifecycle/fields";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { resetBatches } from "../../provider/lifecycle/readBatch";
import { GIVEN } from "../../provider/lifecycle/readInputs";
import { resetDefaultRegion } from "../../provider/lifecycle/session";
import { apiCaller } from "../fixtures/apiCall";
import { ROOMY_LIMITS } from "../fixtures/limits";

export type Rec = Record<string, any>;

export let emu: Emulator;
export let token: string;
export let ctl: EmulatorControl;
export const saved = { ...process.env };

/** A call of the API as the user (for changes behind the program's back), in a region when given. */
export const call = apiCaller(() => ({ url: emu.url, token }));
/** Rows of a list answer, whatever its envelope. */
export const rows = (body: any): Rec[] =>
  Array.isArray(body) ? body : (body.content ?? Object.values(body).find((v) => Array.isArray(v)) ?? []);
export const first = async (path: string, pick: (r: Rec) => boolean = () => true) => {
  const row = rows(await call("GET", path)).find(pick);
  if (!row) throw new Error(`no row of ${path} matches`);
  return row;
};

export const cat: Rec = {};

/** An accepted mutation's job, once it has ended (jobs end at their first read here). */
export async function job(accepted: { jobId: string }): Promise<Rec> {
  for (;;) {
    const j = await call("GET", `/jobs/${accepted.jobId}`);
    if (j.status !== "running") return j;
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function isolatedBody(name: string) {
  return { name, displayText: name, zoneId: cat.zone, networkOfferingId: cat.isolated };
}

/** "<kind> <create|read|update|partial>" for each kind and operation whose outputs were parsed. */
export const parsed = new Set<string>();

/**
 * Outputs as the kind declares them: no key it does not declare, none it declares always present missing, once
 * those state leaves out at their default are read back (as the SDK class reads them).
 */
export function expectDeclared(kind: KindName, op: string, outs: Record<string, unknown>) {
  const declared: Kind = kinds[kind];
  // the hidden values read turns outputs back into inputs with (lifecycle/readInputs.ts) are not the kind's
  const { [GIVEN]: given, ...own } = outs;
  if (op === "create" || op === "update")
    expect(typeof given, `${kind} ${op} records the inputs the program gave`).toBe("string");
  // each output the kind declares is in state, a null when the resource lacks it (what a preview then knows),
  // but one that is only an input the program left out (the SDK class knows it absent)
  const givenOnly = givenOnlyOutputs(declared);
  const lacking = outputNames(declared).filter((k) => !Object.hasOwn(own, k) && !givenOnly.has(k));
  expect(lacking, `${kind} ${op} outputs state leaves out`).toEqual([]);
  for (const [k, input] of givenOnly) {
    if (Object.hasOwn(own, k)) expect(own[k], `${kind} ${op} keeps ${k} only with a value`).not.toBeNull();
    else if (typeof given === "string")
      expect(given.split(","), `${kind} ${op} leaves out ${k} only without ${input}`).not.toContain(input);
  }
  const r = outputSchema(declared).safeParse(fullOutputs(declared, own));
  const issues = r.error?.issues.map((i) => `${i.path.join(".") || "(outputs)"}: ${i.message}`) ?? [];
  expect(issues, `${kind} ${op} outputs against the kind's declaration`).toEqual([]);
  parsed.add(`${kind} ${op}`);
}

/** An instance's outputs as a program reads them: those state leaves out at their default, read back. */
export const shown = (outs: Record<string, unknown>) => fullOutputs(kinds.Instance, outs);

/**
 * A kind's provider whose every output is checked against the kind's declaration. Its check is given the inputs
 * as the SDK's classes send them: the list of references given as plain values, empty (all taken from outputs)
 * where the inputs carry none; `unlisted` leaves the list out, as a Pulumi YAML program on the plugin does.
 */
export function p(kind: KindName): pulumi.dynamic.ResourceProvider {
  const provider = providerFor(kind);
  return {
    ...provider,
    check: (olds, news) =>
      provider.check!(olds, PLAIN_REFERENCES in news ? news : { ...news, [PLAIN_REFERENCES]: [] }),
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

/** Inputs as a program whose SDK does not list its plain references sends them (Pulumi YAML on the plugin). */
export const unlisted = (news: Rec): Rec => ({ ...news, [PLAIN_REFERENCES]: undefined });

/** check, then create: what the engine does for a new resource. */
export async function make(kind: KindName, news: Rec) {
  const checked = await p(kind).check!({}, news);
  expect(checked.failures ?? []).toEqual([]);
  return p(kind).create(checked.inputs);
}

/** check + diff + update from old outputs to new inputs, as `pulumi up` of a changed program does. */
export async function change(kind: KindName, id: string, olds: Rec, news: Rec) {
  const checked = await p(kind).check!(olds, news);
  expect(checked.failures ?? []).toEqual([]);
  const d = await p(kind).diff!(id, olds, checked.inputs);
  return { diff: d, run: () => p(kind).update!(id, olds, checked.inputs) };
}

/** A well-formed id that names nothing. */
export const OTHER_ID = "0b5c6f9e-1d2a-4e3b-8c7d-6e5f4a3b2c1d";

export let unique = 0;
export const nameOf = (prefix: string) => `${prefix}-${++unique}`;
/** The counter's next value, for a number that must differ per resource (an import cannot be assigned to). */
export const nextUnique = () => unique++;

/** What each kind needs to be made, changed in place, replaced, and refused at check. */
export interface Case {
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

/** What the platform did to one resource, oldest first: `command:status` of the user's jobs on it. */
export async function jobsOn(id: string): Promise<string[]> {
  const { jobs } = await call("GET", "/jobs/recent?limit=200");
  return (jobs as Rec[])
    .filter((j) => j.resourceId === id)
    .reverse()
    .map((j) => `${j.command}:${j.status}`);
}

/** The emulator and its catalogue for the calling test file, the caches and faults reset around each test. */
export function useEmulator() {
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, jobLatencyMs: 0, limits: ROOMY_LIMITS }); // every kind's suite, one account
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
    cat.template2 = (await first("/templates", (t) => t.id !== cat.template)).id;
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
  afterAll(async () => {
    process.env = saved;
    resetQuotaPreflight();
    await emu?.close();
  });

  beforeEach(newProcess);
  afterEach(async () => {
    await ctl.clearFaults();
    await ctl.jobTiming({ mode: "timed", latencyMs: 0, jitterMs: 0 });
  });
}

/**
 * What the next `pulumi preview` or `up` starts with: a new provider process, with no list read and no value
 * claimed by the checks of an earlier run. Each case starts so; a case that runs the program again calls it.
 */
export function newProcess(): void {
  resetLookups();
  resetBatches();
  resetDefaultRegion();
}

/** Every row of a family run through the lifecycle: check, create, read, update, replace, adopt, delete. */
export function describeCases(cases: Case[]) {
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
        // one piece of advice, the partial state's, not the failed job's generic one before it
        expect(partial.message).not.toContain("Read the detail, fix the cause, then run again");
        expect(partial.message).toContain("is kept in state as failed");
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
}

/**
 * The kinds whose outputs each in-process test file parses: a family's rows, and for the engine's file the kinds
 * only its tests make. Every kind is in exactly one (tests/kinds/families.test.ts).
 */
export const FAMILIES = {
  compute: ["Instance", "SshKeyPair", "InstanceSchedule", "InstanceGroup"],
  storage: ["Volume", "VolumeSnapshot", "InstanceSnapshot", "FileSystem", "Backup"],
  network: ["Vpc", "Network", "NetworkAclList", "NetworkAclRule", "VpcGateway"],
  addresses: ["PublicIp", "StaticNat"],
  balancers: ["LoadBalancerRule", "InternalLoadBalancer"],
  kubernetes: ["KubernetesCluster"],
  images: ["Template", "TemplatePermissions", "Iso"],
  organisation: ["Comment", "MultiRegionGroup", "MultiRegionGroupVpc", "Project"],
  engine: ["BackupSchedule", "Tags"],
} satisfies Record<string, KindName[]>;

/** Last in a file: every output its kinds returned (create, read, update, partial state) was parsed. */
export function describeOutputsParsed(family: keyof typeof FAMILIES, cases: Case[]) {
  describe("outputs", () => {
    it("every kind's create, read and update outputs (and partial state's) were parsed with its declaration", () => {
      const ops = ["create", "read", "update"];
      const expected = (FAMILIES[family] as KindName[]).flatMap((k) => ops.map((op) => `${k} ${op}`));
      for (const c of cases) if (c.createRoute) expected.push(`${c.kind} partial`);
      expect([...parsed]).toEqual(expect.arrayContaining(expected));
    });
  });
}
