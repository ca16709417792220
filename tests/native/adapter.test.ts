// The native plugin's adapter (provider/native/adapter.ts) driven directly, without the CLI, against the emulator:
// the engine's diff as a detailed diff per property, preview creates that change nothing, the request's timeout as
// the wait limit (partial state carried for ErrorResourceInitFailed), imports whose inputs check and diff clean,
// the provider's settings checked like the dynamic path's, and invokes of unknown functions refused.
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { userDataDigest } from "../../provider/families/instances/instanceRules";
import { RECOVERED } from "../../provider/lifecycle/readInputs";
import { Adapter, InitFailedError } from "../../provider/native/adapter";
import { checkConfig, configure, diffConfig } from "../../provider/native/config";
import { grpcError } from "../../provider/native/server";
import { plain, SECRET_SIG, SIG, UNKNOWN } from "../../provider/native/wire";
import { mutating, startApi, type TestApi } from "../e2e/support";

const K = provproto.PropertyDiff.Kind;
const S = (v: Record<string, unknown>) => Struct.fromJavaScript(v as any);
const secret = (value: unknown) => ({ [SIG]: SECRET_SIG, value });

let api: TestApi;
let zoneId: string;
let diskOfferingId: string;
const adapter = new Adapter({
  schemas: () => ({ "cim:index:getZone": {} }),
  types: () => ({}),
  run: async (_t, args) => ({ echoed: args }),
});

beforeAll(async () => {
  api = await startApi();
  const c = new provproto.ConfigureRequest();
  c.setArgs(S({ baseUrl: api.emu.url, token: secret(api.token) }));
  expect(configure(c).getAcceptsecrets()).toBe(true);
  zoneId = (await api.client.catalogue.zones())[0].id;
  diskOfferingId = (await api.client.catalogue.diskOfferings()).find((o) => o.name === "Custom")!.id;
}, 60_000);

afterAll(async () => {
  await api?.close();
});

function diffReq(type: string, olds: object, news: object, oldInputs: object) {
  const r = new provproto.DiffRequest();
  r.setType(type);
  r.setId("id-1");
  r.setOlds(S(olds as any));
  r.setNews(S(news as any));
  r.setOldInputs(S(oldInputs as any));
  return r;
}

function detailed(res: provproto.DiffResponse): Record<string, number> {
  const out: Record<string, number> = {};
  res.getDetaileddiffMap().forEach((d, k) => {
    out[k] = d.getKind();
  });
  return out;
}

describe("diff", () => {
  const vol = {
    region: "r-1",
    name: "data",
    zoneId: "z-1",
    diskOfferingId: "d-1",
    size: 10,
    tags: {},
    state: "Ready",
  };
  const volIn = { name: "data", zoneId: "z-1", diskOfferingId: "d-1", size: 10 };

  it("maps in-place and replacing fields to UPDATE and UPDATE_REPLACE, with replaces and stables", async () => {
    const none = await adapter.diff(diffReq("cim:index:Volume", vol, volIn, volIn));
    expect(none.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
    expect(none.getHasdetaileddiff()).toBe(true);
    expect(none.getStablesList()).toEqual(expect.arrayContaining(["region", "name", "zoneId"]));

    const res = await adapter.diff(
      diffReq("cim:index:Volume", vol, { ...volIn, size: 20, tags: { env: "a" } }, volIn),
    );
    expect(res.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(detailed(res)).toEqual({ size: K.UPDATE, tags: K.UPDATE });
    expect(res.getReplacesList()).toEqual([]);

    const rep = await adapter.diff(
      diffReq("cim:index:Volume", vol, { ...volIn, zoneId: "z-2", instanceId: "i-1" }, volIn),
    );
    expect(detailed(rep)).toEqual({ zoneId: K.UPDATE_REPLACE, instanceId: K.ADD });
    expect(rep.getReplacesList()).toEqual(["zoneId"]);
    expect(rep.getStablesList()).toEqual([]);
  });

  it("names a changed secret input (never an output) from the old inputs, as replacing", async () => {
    const [a, b] = ["#cloud-config\n", "#other\n"].map((t) => Buffer.from(t).toString("base64"));
    const common = { name: "vm", zoneId: "z", templateId: "t", serviceOfferingId: "o" };
    const olds = { ...common, region: "r-1", tags: {}, userDataHash: userDataDigest(a) };
    const oldIn = { ...common, userData: a };
    expect(detailed(await adapter.diff(diffReq("cim:index:Instance", olds, oldIn, oldIn)))).toEqual({});
    const res = await adapter.diff(
      diffReq("cim:index:Instance", olds, { ...oldIn, userData: b, tags: { env: "x" } }, oldIn),
    );
    expect(detailed(res)).toEqual({ userData: K.UPDATE_REPLACE, tags: K.UPDATE });
    expect(res.getDetaileddiffMap().get("userData")!.getInputdiff()).toBe(true);
    expect(res.getReplacesList()).toEqual(["userData"]);
  });

  it("a record a failed create left is replaced for its state; besides, it names what the program changed since, not what the record lacks", async () => {
    const vmIn = {
      name: "web",
      zoneId: "z",
      templateId: "t",
      serviceOfferingId: "o",
      group: "web-servers",
      tags: { env: "a" },
    };
    // the create's job failed: the record never joined its group nor got its tags
    const { group: _, ...noGroup } = vmIn;
    const failed = {
      ...noGroup,
      region: "r-1",
      tags: {},
      powerState: "PowerOff",
      state: "Error",
    };
    const same = await adapter.diff(diffReq("cim:index:Instance", failed, vmIn, vmIn));
    expect(detailed(same)).toEqual({ state: K.DELETE_REPLACE });
    expect(same.getReplacesList()).toEqual(["state"]);
    const changed = await adapter.diff(
      diffReq("cim:index:Instance", failed, { ...vmIn, tags: { env: "b" } }, vmIn),
    );
    expect(detailed(changed)).toEqual({ state: K.DELETE_REPLACE, tags: K.UPDATE });
  });

  it("leaves out what ignoreChanges covers", async () => {
    const r = diffReq("cim:index:Volume", vol, { ...volIn, size: 20, tags: { env: "a" } }, volIn);
    r.setIgnorechangesList(["tags.env"]);
    expect(detailed(await adapter.diff(r))).toEqual({ size: K.UPDATE });
  });
});

describe("check", () => {
  it("gives the dynamic path's failures, naming the field, and keeps secret inputs secret", async () => {
    const news = { name: "v", zoneId, diskOfferingId, size: 0 };
    const r = new provproto.CheckRequest();
    r.setType("cim:index:Volume");
    r.setNews(S(news));
    const res = await adapter.check(r);
    const dynamic = await providerFor("Volume").check!({}, news);
    expect(res.getFailuresList().map((f) => [f.getProperty(), f.getReason()])).toEqual(
      dynamic.failures!.map((f) => [f.property, f.reason]),
    );
    expect(res.getFailuresList()[0].getProperty()).toBe("size");

    const vm = new provproto.CheckRequest();
    vm.setType("cim:index:Instance");
    const userData = Buffer.from("#cloud-config\n").toString("base64");
    vm.setNews(S({ userData: secret(userData), tags: {} }));
    expect((await adapter.check(vm)).getInputs()!.toJavaScript().userData).toEqual(secret(userData));
  });

  it("names a new resource the program leaves unnamed after its resource name, an existing one by its own name", async () => {
    const check = async (news: Record<string, unknown>, olds: Record<string, unknown> = {}) => {
      const r = new provproto.CheckRequest();
      r.setType("cim:index:Volume");
      r.setUrn("urn:pulumi:dev::yaml-project::cim:index:Volume::data");
      r.setOlds(S(olds));
      r.setNews(S({ zoneId, diskOfferingId, size: 10, ...news }));
      const res = await adapter.check(r);
      return {
        failures: res.getFailuresList().map((f) => f.getProperty()),
        inputs: res.getInputs()!.toJavaScript(),
      };
    };
    // what a YAML program or a generated SDK sends: no name
    expect(await check({})).toMatchObject({ failures: [], inputs: { name: "data" } });
    expect((await check({ name: "given" })).inputs.name).toBe("given");
    // adopting takes the adopted resource's name: none is made up
    expect((await check({ adoptId: "vol-1" })).inputs.name).toBeUndefined();
    // the old inputs the engine passes: an import's (what it read), an update's (what was recorded)
    const recorded = { zoneId, diskOfferingId, size: 10, name: "legacy-data" };
    expect((await check({}, recorded)).inputs.name).toBe("legacy-data");
    expect((await check({ name: "renamed" }, recorded)).inputs.name).toBe("renamed");
  });

  it("a refusal of the name it gave is the resource's, not a property the program wrote", async () => {
    const group = await providerFor("InstanceGroup").create({ name: "taken-team" });
    const r = new provproto.CheckRequest();
    r.setType("cim:index:InstanceGroup");
    r.setUrn("urn:pulumi:dev::yaml-project::cim:index:InstanceGroup::taken-team");
    r.setNews(S({}));
    const refused = (await adapter.check(r)).getFailuresList();
    // the engine shows a property the program did not send as `name value {<nil>}`
    expect(refused.map((f) => [f.getProperty(), f.getReason()])).toEqual([
      ["", expect.stringMatching(/^name "taken-team" is taken: instance group /)],
    ]);
    r.setNews(S({ name: "taken-team" }));
    expect((await adapter.check(r)).getFailuresList().map((f) => f.getProperty())).toEqual(["name"]);
    await providerFor("InstanceGroup").delete!(group.id, group.outs);
  });
});

describe("create, read, import", () => {
  it("a preview create changes nothing and answers with the inputs and unknown outputs", async () => {
    await api.control.resetRequests();
    const r = new provproto.CreateRequest();
    r.setType("cim:index:Volume");
    r.setPreview(true);
    r.setProperties(S({ name: "p", zoneId, diskOfferingId, size: 5 }));
    const props = (await adapter.create(r)).getProperties()!.toJavaScript();
    expect(props).toMatchObject({ name: "p", size: 5, state: UNKNOWN, region: UNKNOWN });
    expect(mutating(await api.control.requests())).toEqual({});
  });

  it("takes the request's timeout as the create's wait limit, and keeps what the API accepted", async () => {
    await api.control.jobTiming({ latencyMs: 4_000 });
    try {
      const r = new provproto.CreateRequest();
      r.setType("cim:index:Volume");
      r.setTimeout(1);
      r.setProperties(S({ name: "slow", zoneId, diskOfferingId, size: 5 }));
      const err = await adapter.create(r).catch((e) => e);
      expect(err).toBeInstanceOf(InitFailedError);
      expect(err.message).toMatch(/was still \w+ after 1 s/);
      expect(err.id).toMatch(/^[0-9a-f-]{36}$/);
      const props = err.properties.toJavaScript();
      expect(props.name).toBe("slow");
      expect(props).not.toHaveProperty("timeouts"); // the limit is not recorded
      expect(err.inputs.toJavaScript()).toMatchObject({ name: "slow", size: 5 });
      const status = grpcError(err);
      expect(status.details).toBe(err.message);
      expect(status.metadata!.get("grpc-status-details-bin")).toHaveLength(1);
    } finally {
      await api.control.jobTiming({ latencyMs: 0 });
    }
  }, 30_000);

  it("an import read gives inputs that check and diff clean against the outputs", async () => {
    const made = await api.client.volumes.create({ name: "legacy-data", zoneId, diskOfferingId, size: 10 });
    await api.client.jobs.wait(made, { firstDelayMs: 0 });
    const r = new provproto.ReadRequest();
    r.setType("cim:index:Volume");
    r.setId(made.id!);
    const got = await adapter.read(r);
    expect(got.getId()).toBe(made.id);
    const props = plain(got.getProperties());
    const inputs = plain(got.getInputs());
    expect(inputs).toMatchObject({ name: "legacy-data", zoneId, diskOfferingId, size: 10 });
    expect(props).toMatchObject({ name: "legacy-data", size: 10, state: "Allocated" });

    const c = new provproto.CheckRequest();
    c.setType("cim:index:Volume");
    c.setNews(S(inputs));
    const checked = await adapter.check(c);
    expect(checked.getFailuresList()).toEqual([]);
    const d = diffReq("cim:index:Volume", props, checked.getInputs()!.toJavaScript(), inputs);
    const diff = await adapter.diff(d);
    expect(detailed(diff)).toEqual({});
    expect(diff.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);

    const missing = new provproto.ReadRequest();
    missing.setType("cim:index:Volume");
    missing.setId("00000000-0000-4000-8000-000000000000");
    // none: refused naming where it looked (the engine's own words would be "resource '<id>' does not exist")
    await expect(adapter.read(missing)).rejects.toThrow(
      /import failed: there is no volume of this id in this region/,
    );
  });

  it("a refresh answers inputs only where the live values moved them, keeping the hidden list older state has", async () => {
    const made = await api.client.volumes.create({ name: "drifting", zoneId, diskOfferingId, size: 10 });
    await api.client.jobs.wait(made, { firstDelayMs: 0 });
    const c = new provproto.CreateRequest();
    c.setType("cim:index:Volume");
    c.setProperties(
      S({ adoptId: made.id, name: "drifting", zoneId, diskOfferingId, size: 10, tags: { env: "a" } }),
    );
    const created = plain((await adapter.create(c)).getProperties());
    expect(created).not.toHaveProperty("__given");
    const given = { name: "drifting", zoneId, diskOfferingId, size: 10, tags: { env: "a" } };
    const refresh = (props: Record<string, unknown>) => {
      const r = new provproto.ReadRequest();
      r.setType("cim:index:Volume");
      r.setId(made.id!);
      r.setProperties(S(props));
      r.setInputs(S(given));
      return adapter.read(r);
    };
    // nothing moved: no inputs in the answer, so the engine keeps the old ones (nothing more to write or read)
    const same = await refresh(created);
    expect(same.hasInputs()).toBe(false);
    expect(plain(same.getProperties())).toMatchObject({ name: "drifting", size: 10 });
    await api.client.tags.add({ kind: "volume", id: made.id! }, { owner: "ops" });
    // the tags the program gave moved: the inputs they now stand for, from the old inputs' list of given fields
    const now = await refresh(created);
    expect(plain(now.getInputs()).tags).toEqual({ env: "a", owner: "ops" });
    expect(plain(now.getProperties())).not.toHaveProperty("__given");
    // state an older plugin wrote keeps its list as it is, so a refresh shows no change of outputs for it
    const older = await refresh({ ...created, __given: "name,size,tags" });
    expect(plain(older.getProperties()).__given).toBe("name,size,tags");
    expect(plain(older.getInputs()).tags).toEqual({ env: "a", owner: "ops" });
    // recorded by recover from an interrupted create (its outputs its inputs): the inputs stay the create's, so
    // the next up applies what the record lacks (also under ignoreChanges, which the diff then does not leave
    // out), and the mark stays while the record lacks some of it
    const recovered = await refresh({ ...given, [RECOVERED]: true });
    expect(recovered.hasInputs()).toBe(false);
    expect(plain(recovered.getProperties())).toMatchObject({
      tags: { env: "a", owner: "ops" },
      [RECOVERED]: true,
    });
    const ignoring = diffReq("cim:index:Volume", plain(recovered.getProperties()), given, given);
    ignoring.setIgnorechangesList(["tags"]);
    expect(detailed(await adapter.diff(ignoring))).toEqual({ tags: K.UPDATE });
    await api.client.tags.remove({ kind: "volume", id: made.id! }, { owner: "ops" });
    const complete = await refresh({ ...given, [RECOVERED]: true });
    expect(plain(complete.getProperties())).not.toHaveProperty(RECOVERED);
  });
});

describe("preview update", () => {
  it("answers with the new inputs over the old outputs, changing nothing", async () => {
    await api.control.resetRequests();
    const r = new provproto.UpdateRequest();
    r.setType("cim:index:Volume");
    r.setId("id-1");
    r.setPreview(true);
    r.setOlds(S({ region: "r-1", name: "v", zoneId, diskOfferingId, size: 5, state: "Ready", tags: {} }));
    r.setNews(S({ name: "v", zoneId, diskOfferingId, size: 8, tags: { env: "b" } }));
    const props = (await adapter.update(r)).getProperties()!.toJavaScript();
    expect(props).toMatchObject({ region: "r-1", size: 8, tags: { env: "b" }, state: "Ready" });
    expect(mutating(await api.control.requests())).toEqual({});
  });
});

describe("config and invoke", () => {
  it("diffs the provider's settings in place", () => {
    const r = new provproto.DiffRequest();
    r.setOlds(S({ region: "a", token: secret("t"), version: "0.1.0" }));
    r.setNews(S({ region: "b", token: secret("t"), maxRetries: "2", version: "0.1.0" }));
    const res = diffConfig(r);
    expect(detailed(res)).toEqual({ region: K.UPDATE, maxRetries: K.ADD });
    expect(res.getReplacesList()).toEqual([]);
    r.setNews(S({ region: "a", token: secret("t"), version: "0.1.1" }));
    expect(diffConfig(r).getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
  });

  it("checks settings as the dynamic path does and returns the token as a secret", () => {
    const r = new provproto.CheckRequest();
    r.setNews(S({ baseUrl: "http://x", token: "tkn-123456789", maxRetries: "99" }));
    const res = checkConfig(r);
    const [f] = res.getFailuresList();
    expect(f.getProperty()).toBe("maxRetries");
    expect(f.getReason()).toMatch(/^cim:maxRetries must be a whole number from 0/);
    expect(f.getReason()).not.toContain("tkn-123456789");
    expect(res.getInputs()!.toJavaScript().token).toEqual(secret("tkn-123456789"));
  });

  it("refuses a setting that is none (a stack's misspelt cim:baseURL), naming the one meant", () => {
    const r = new provproto.CheckRequest();
    r.setNews(S({ baseURL: "http://x", version: "0.1.0" }));
    const failures = checkConfig(r)
      .getFailuresList()
      .map((f) => [f.getProperty(), f.getReason()]);
    expect(failures).toEqual([
      [
        "baseURL",
        "cim:baseURL is not a setting of pulumi-cim (did you mean cim:baseUrl?); the settings: baseUrl, token, region, audience, requestTimeout, maxRetries, maxConcurrentRequests",
      ],
    ]);
  });

  it("runs an injected function, and refuses an unknown one naming those it has", async () => {
    const r = new provproto.InvokeRequest();
    r.setTok("cim:index:getZone");
    r.setArgs(S({ name: "a" }));
    expect((await adapter.invoke(r)).getReturn()!.toJavaScript()).toEqual({ echoed: { name: "a" } });
    r.setTok("cim:index:getNothing");
    await expect(adapter.invoke(r)).rejects.toThrow(
      'pulumi-cim has no function "cim:index:getNothing"; its functions are cim:index:getZone.',
    );
  });

  it("starts no mutation after cancel", async () => {
    const a = new Adapter();
    a.cancel();
    const r = new provproto.DeleteRequest();
    r.setType("cim:index:Volume");
    r.setId("x");
    await expect(a.delete(r)).rejects.toThrow(/cancelled; the delete was not started/);
  });
});
