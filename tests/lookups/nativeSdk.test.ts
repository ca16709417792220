// The native SDK's lookups (sdk/native/lookups.ts) through Pulumi's runtime: each call is an invoke of
// `cim:index:<name>` (with the package's version and the provider given), which Pulumi's mocks hand to the
// plugin's functions as the engine would, and answers the same values the SDK's own lookups give.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import { lookupFunctions } from "../../provider/lookups";
import * as dynamic from "../../sdk/lookups";
import { clearLookupCache } from "../../sdk/lookups";
import { useLookupSettings } from "../../sdk/lookups/core";
import * as native from "../../sdk/native/lookups";
import { startApi, type TestApi } from "../e2e/support";
import { apiCaller } from "../fixtures/apiCall";

let api: TestApi;
const saved = { ...process.env };
const invokes: { token: string; args: Record<string, unknown>; version: string; provider: string }[] = [];
const version = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, "..", "..", "package.json"), "utf8"),
).version;

class CimProvider extends pulumi.ProviderResource {
  constructor(name: string) {
    super("cim", name, {}, {});
  }
}

beforeAll(async () => {
  api = await startApi();
  for (const k of Object.keys(process.env)) if (k.startsWith("CIM_")) delete process.env[k];
  const settings = (key: string) =>
    ({ "cim:baseUrl": api.emu.url, "cim:token": api.token })[key] as string | undefined;
  const fns = lookupFunctions(settings);
  const invoke = MockMonitor.prototype.invoke;
  vi.spyOn(MockMonitor.prototype, "invoke").mockImplementation(function (
    this: MockMonitor,
    req: any,
    cb: any,
  ) {
    const args = pulumi.runtime.deserializeProperties(req.getArgs());
    invokes.push({ token: req.getTok(), args, version: req.getVersion(), provider: req.getProvider() });
    return invoke.call(this, req, cb);
  });
  await pulumi.runtime.setMocks(
    {
      // a failure reaches the program as gRPC carries it: its text, as the error's details
      call: ({ token, inputs }) =>
        fns
          .run(token, inputs)
          .catch((e: Error) => Promise.reject(Object.assign(new Error(e.message), { details: e.message }))),
      newResource: ({ name, inputs }) => ({ id: `${name}-id`, state: inputs }),
    },
    "project",
    "stack",
    false,
  );
  // the SDK's own lookups, for comparison, read the same settings
  useLookupSettings(settings);
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  process.env = saved;
  useLookupSettings(undefined);
  clearLookupCache();
  await api?.close();
});

const last = () => invokes[invokes.length - 1];

describe("native lookups", () => {
  it("a list: an invoke of cim:index:getZones with the package's version, answering the same zones", async () => {
    const zones = await native.getZones({ region: "nl-ams-1" });
    expect(last()).toMatchObject({ token: "cim:index:getZones", args: { region: "nl-ams-1" }, version });
    expect(zones).toEqual(await dynamic.getZones({ region: "nl-ams-1" }));
    expect(zones.length).toBeGreaterThan(0);
  });

  it("one record by query, by a bare name and by a bare id: the same record as the SDK's lookup", async () => {
    const byName = await native.getZone("de-fra-1a");
    expect(last().args).toEqual({ name: "de-fra-1a" });
    expect(byName).toEqual(await dynamic.getZone("de-fra-1a"));
    const before = invokes.length;
    expect(await native.getZone(byName.id)).toEqual(byName);
    expect(invokes.slice(before).map((i) => i.args)).toEqual([{ id: byName.id }]);
    expect(await native.getZone({ id: byName.id })).toEqual(byName);
    const t = await native.getTemplate({ name: "Ubuntu 22.04 LTS" });
    expect(t).toEqual(await dynamic.getTemplate({ name: "Ubuntu 22.04 LTS" }));
    expect(t.state).toBe("Ready");
  });

  it("a miss fails with the lookup's message and candidates; a bare string that is neither id nor name asks both", async () => {
    const e = await native.getZone("nope").then(
      () => undefined,
      (err: Error) => err,
    );
    expect(e?.message).toContain('cim: no zone named "nope" in the default region. Candidates: de-fra-1a (');
    expect(invokes.slice(-2).map((i) => i.args)).toEqual([{ name: "nope" }, { id: "nope" }]);
  });

  it("a map and a lookup of two arguments; options without values; Dates as instants", async () => {
    expect(await native.getPreferences()).toEqual(await dynamic.getPreferences());
    expect(last().args).toEqual({});
    const regions = await native.getRegions();
    expect(regions).toEqual(await dynamic.getRegions());
    const since = new Date(Date.now() - 60_000);
    const entries = await native.getAuditEntries({ since, maxEntries: 5 });
    expect(last().args).toEqual({ since: since.toISOString(), maxEntries: 5 });
    expect(entries).toEqual(await dynamic.getAuditEntries({ since, maxEntries: 5 }));
    await native.getTenantMembers("00000000-0000-4000-8000-000000000001", {}).catch(() => undefined);
    expect(last()).toMatchObject({
      token: "cim:index:getTenantMembers",
      args: { tenantId: "00000000-0000-4000-8000-000000000001" },
    });
  });

  it("an explicit provider goes with the invoke, and is not an argument", async () => {
    const provider = new CimProvider("explicit");
    await native.getZones({ provider });
    expect(last().args).toEqual({});
    expect(last().provider).toMatch(/::pulumi:providers:cim::explicit::explicit-id$/);
    await native.getMultiRegionQuota({ provider });
    expect(last()).toMatchObject({ token: "cim:index:getMultiRegionQuota", args: {} });
    expect(last().provider).toMatch(/::explicit-id$/);
  });

  it("a region the instance-group list could not read: in the answer, and warned of in the program once", async () => {
    const call = apiCaller(() => ({ url: api.emu.url, token: api.token }));
    const secondary = api.emu.regions.find((r) => !r.primary)!;
    const here = await call("POST", "/instance-groups", { name: "native-web" });
    await call("POST", "/instance-groups", { name: "native-web" }, secondary.id);
    await api.control.fault({ route: "/instance-groups", region: secondary.id, status: 503 });
    const warn = vi.spyOn(pulumi.log, "warn");
    try {
      const partial = await native.getInstanceGroups();
      expect(partial.failedRegions).toEqual([
        { regionId: secondary.id, regionName: secondary.name, reason: expect.stringMatching(/503/) },
      ]);
      expect(partial.groups.map((g) => g.id)).toContain(here.id);
      // the plugin's side (settings of its own) says nothing; the program's side says it once
      expect(warn.mock.calls.map((c) => c[0])).toEqual([
        expect.stringMatching(
          new RegExp(
            `^cim: getInstanceGroups: region ${secondary.name} \\(${secondary.id}\\): .*503.*missing from the answer`,
          ),
        ),
      ]);
    } finally {
      warn.mockRestore();
      await api.control.clearFaults();
    }
  });

  it("keeps each lookup's types: the same parameters (options with provider) and the same answer", () => {
    type Options = native.NativeLookupOptions;
    expectTypeOf(native.getZone).parameters.toEqualTypeOf<
      [query: (dynamic.LookupQuery & Options) | string]
    >();
    expectTypeOf(native.getZone).returns.toEqualTypeOf<Promise<dynamic.Zone>>();
    expectTypeOf(native.getZones).parameters.toEqualTypeOf<[opts?: dynamic.LookupRegionOptions & Options]>();
    expectTypeOf(native.getZones).returns.toEqualTypeOf<Promise<dynamic.Zone[]>>();
    expectTypeOf(native.getTenantMembers).parameters.toEqualTypeOf<
      [tenantId: string, opts?: dynamic.TenantContextOptions & Options]
    >();
    expectTypeOf(native.getPreferences).parameters.toEqualTypeOf<[opts?: Options]>();
    expectTypeOf(native.getPreferences).returns.toEqualTypeOf<Promise<dynamic.Preferences>>();
    expectTypeOf(native.getInstanceGroups).returns.toEqualTypeOf<Promise<dynamic.InstanceGroupList>>();
    expectTypeOf(native.getNetworkAclList).parameters.toEqualTypeOf<
      [query: dynamic.NetworkAclListQuery & Options]
    >();
    // and every one: the native variant of the SDK's own function of that name
    type Sdk = typeof dynamic;
    type Expected = {
      readonly [N in keyof Sdk as N extends `get${string}` ? N : never]: native.NativeLookup<Sdk[N]>;
    };
    expectTypeOf<Pick<typeof native, keyof Expected>>().toEqualTypeOf<Expected>();
  });
});
