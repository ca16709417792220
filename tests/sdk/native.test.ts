// `pulumi-cim/native` (sdk/native/): what its classes and `cim.Provider` ask of the engine, read from the requests
// Pulumi's runtime sends its resource monitor (here the mock monitor of pulumi.runtime.setMocks): the type token,
// the plugin version, the inputs and which are secret, and the options the engine applies itself on this path.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import { SETTINGS, type SettingName } from "../../provider/config";
import { kindList } from "../../provider/kinds";
import { PLAIN_REFERENCES, REPLACE_ON_CHANGES } from "../../provider/kinds/define";
import * as dynamic from "../../sdk";
import * as cim from "../../sdk/native";
import { providerInputs } from "../fixtures/mockEngine";

const version: string = JSON.parse(
  fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8"),
).version;

/** What the runtime asked of the engine for one resource: the request and the inputs as the mock saw them. */
interface Registered {
  type: string;
  /** The inputs as the engine gets them (the serialized provider included), secrets unwrapped. */
  inputs: Record<string, unknown>;
  secrets: string[];
  provider: string;
  version: string;
  customTimeouts: { create: string; update: string; delete: string };
  replaceOnChanges: string[];
  importId: string;
  additionalSecretOutputs: string[];
}
const requests = new Map<string, any>();
const inputsOf = new Map<string, Record<string, any>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        inputsOf.set(args.name, args.inputs);
        return { id: `${args.name}-id`, state: {} };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    true,
  );
  // the mock monitor hands mocks only a part of the request: keep the whole of it
  const monitor = pulumi.runtime.getMonitor() as any;
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req: any, callback: unknown) => {
    requests.set(req.getName(), req);
    return register(req, callback);
  };
});

afterAll(() => {
  vi.restoreAllMocks();
});

/** Waits for a resource's registration and returns what was registered. */
async function registered(res: pulumi.Resource, name: string): Promise<Registered> {
  await new Promise((resolve) => res.urn.apply(resolve));
  const req = requests.get(name);
  const raw = inputsOf.get(name)!;
  const { inputs, secrets } = providerInputs(raw);
  if ("__provider" in raw) inputs.__provider = raw.__provider;
  const t = req.getCustomtimeouts();
  return {
    type: req.getType(),
    inputs,
    secrets,
    provider: req.getProvider(),
    version: req.getVersion(),
    customTimeouts: {
      create: t?.getCreate() ?? "",
      update: t?.getUpdate() ?? "",
      delete: t?.getDelete() ?? "",
    },
    replaceOnChanges: req.getReplaceonchangesList(),
    importId: req.getImportid(),
    additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
  };
}

const vmArgs = { zoneId: "zone-1", serviceOfferingId: "offering-1", templateId: "template-1" };

describe("the classes of pulumi-cim/native", () => {
  it("one per kind, named as on the dynamic path, under cim:index:<Kind>; isInstance tells the paths apart", () => {
    const classes = cim as unknown as Record<string, dynamic.KindClass<never>>;
    for (const kind of kindList) {
      expect(classes[kind.name]?.__pulumiType, kind.name).toBe(`cim:index:${kind.name}`);
      expect(classes[kind.name].name, kind.name).toBe(kind.name);
    }
    const native = new cim.Vpc("which-vpc", { zoneId: "z", cidr: "10.0.0.0/16", vpcOfferingId: "o" });
    const dyn = new dynamic.Vpc("which-vpc-dyn", { zoneId: "z", cidr: "10.0.0.0/16", vpcOfferingId: "o" });
    expect(cim.Vpc.isInstance(native)).toBe(true);
    expect(cim.Vpc.isInstance(dyn)).toBe(false);
    expect(dynamic.Vpc.isInstance(native)).toBe(false);
    expect(cim.Volume.isInstance(native)).toBe(false);
  });

  it("registers cim:index:<Kind> with the package's version and no serialized provider; secret inputs stay secret", async () => {
    const vm = new cim.Instance("native-vm", {
      ...vmArgs,
      userData: "I2Nsb3VkLWNvbmZpZw==",
      sshKeyNames: ["ops"],
    });
    const r = await registered(vm, "native-vm");
    expect(r.type).toBe("cim:index:Instance");
    expect(r.version).toBe(version);
    expect(r.inputs).not.toHaveProperty("__provider");
    expect(r.secrets).toEqual(["userData"]);
    expect(r.inputs.userData).toBe("I2Nsb3VkLWNvbmZpZw==");
    // shared with the dynamic path: plain references named for check
    expect(r.inputs[PLAIN_REFERENCES]).toEqual(["sshKeyNames"]);
    // not the secret outputs: the plugin marks them itself (tests/native/secrets.test.ts registers without the
    // list and finds userDataHash encrypted in state), so state does not carry the list for every resource
    expect(r.additionalSecretOutputs).toEqual([]);
    // no explicit provider: the engine's default cim provider
    expect(r.provider).toBe("");

    // no name made up here: the plugin's check gives the live one or, to a new resource, the resource's
    // (tests/native/importName.test.ts), as for every language; the dynamic path's provider has no URN to name from
    const vol = new cim.Volume("native-data", { zoneId: "z", diskOfferingId: "d", size: 10 });
    expect((await registered(vol, "native-data")).inputs).not.toHaveProperty("name");
    const dyn = new dynamic.Volume("dynamic-data", { zoneId: "z", diskOfferingId: "d", size: 10 });
    expect((await registered(dyn, "dynamic-data")).inputs.name).toBe("dynamic-data");
  });

  it("get(name, id, opts?) reads by id on both paths, typed as the class's resource, with no made-up name", async () => {
    const provider = new cim.Provider("get-region", { region: "r-1" });
    const got = cim.Vpc.get("got-vpc", "vpc-1", { provider });
    // typed as the class's resource, so a strict program reads its outputs without a cast
    const typed: cim.Vpc = got;
    expectTypeOf(typed.cidr).toEqualTypeOf<cim.Vpc["cidr"]>();
    expectTypeOf(dynamic.Volume.get).parameters.toEqualTypeOf<
      [string, pulumi.Input<pulumi.ID>, pulumi.CustomResourceOptions?]
    >();
    expect(cim.Vpc.isInstance(got)).toBe(true);
    const dyn = dynamic.Volume.get("got-volume", pulumi.output("vol-1"));
    expect(dynamic.Volume.isInstance(dyn)).toBe(true);
    // read resources (the engine's ReadResource: no registration), without a name input on either path
    await Promise.all([got, dyn].map((r) => new Promise((resolve) => r.id.apply(resolve))));
    expect(requests.has("got-vpc")).toBe(false);
    expect(inputsOf.get("got-vpc")).toEqual({});
    expect(Object.keys(inputsOf.get("got-volume")!)).toEqual(["__provider"]);
  });

  it("on the dynamic path, a secret output absent without an input is asked for secret only with that input", async () => {
    const secretOuts = async (
      name: string,
      args: Record<string, unknown>,
      opts?: pulumi.CustomResourceOptions,
    ) =>
      (await registered(new dynamic.Instance(name, { ...vmArgs, ...args }, opts), name))
        .additionalSecretOutputs;
    expect(await secretOuts("dyn-user-data", { userData: "I2Nsb3VkLWNvbmZpZw==" })).toEqual(["userDataHash"]);
    // without userData state keeps a plain null for userDataHash: the engine would encrypt a null it was asked for
    expect(await secretOuts("dyn-no-user-data", {})).toEqual([]);
    // nor does an adoption without it (the digest is of the program's userData, which the API never shows)
    expect(await secretOuts("dyn-adopted", {}, { import: "vm-1" })).toEqual([]);
    expect(
      await secretOuts("dyn-adopted-user-data", { userData: "I2Nsb3VkLWNvbmZpZw==" }, { import: "vm-2" }),
    ).toEqual(["userDataHash"]);
    // what the program asks for itself stays
    expect(await secretOuts("dyn-asked", {}, { additionalSecretOutputs: ["ipAddress"] })).toEqual([
      "ipAddress",
    ]);
  });

  it("a version the program gives wins over the package's", async () => {
    const vol = new cim.Volume(
      "pinned",
      { zoneId: "z", diskOfferingId: "d", size: 10 },
      { version: "9.8.7" },
    );
    expect((await registered(vol, "pinned")).version).toBe("9.8.7");
  });

  it("customTimeouts, replaceOnChanges and import go to the engine as options, not inputs, without warnings", async () => {
    const warn = vi.spyOn(pulumi.log, "warn");
    const vm = new cim.Instance("native-opts", vmArgs, {
      customTimeouts: { create: "30m", delete: "2m" },
      replaceOnChanges: ["displayName"],
      import: "i-123",
    });
    const r = await registered(vm, "native-opts");
    // in milliseconds, a text the engine parses whatever duration form the program used
    expect(r.customTimeouts).toEqual({ create: "1800000ms", update: "", delete: "120000ms" });
    expect(r.replaceOnChanges).toEqual(["displayName"]);
    expect(r.importId).toBe("i-123");
    for (const k of ["timeouts", REPLACE_ON_CHANGES, "adoptId"]) expect(r.inputs).not.toHaveProperty(k);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();

    // the same options on the dynamic class become inputs (sdk/options.ts)
    const dyn = new dynamic.Instance("dynamic-opts", vmArgs, {
      customTimeouts: { create: "30m" },
      replaceOnChanges: ["displayName"],
      import: "i-123",
    });
    const d = await registered(dyn, "dynamic-opts");
    expect(d.type).toBe("pulumi-nodejs:dynamic/cim:Instance");
    expect(d.inputs).toMatchObject({
      timeouts: { create: "30m" },
      [REPLACE_ON_CHANGES]: ["displayName"],
      adoptId: "i-123",
    });
    expect(typeof d.inputs.__provider).toBe("string");
    expect(d.importId).toBe("");
    expect(d.version).toBe("");
  });
});

describe("cim.Provider", () => {
  it("registers pulumi:providers:cim with the package's version; the token secret, numbers as text, left-out settings absent", async () => {
    const fra = new cim.Provider("fra", {
      region: "region-fra",
      baseUrl: "https://cloud.example.com",
      token: "t0ken",
      maxRetries: 3,
      requestTimeout: 45_000,
    });
    expect(cim.Provider.isInstance(fra)).toBe(true);
    expect(cim.Provider.__pulumiType).toBe("pulumi:providers:cim");
    const r = await registered(fra, "fra");
    expect(r.type).toBe("pulumi:providers:cim");
    expect(r.version).toBe(version);
    expect(r.secrets).toEqual(["token"]);
    expect(r.inputs).toEqual({
      region: "region-fra",
      baseUrl: "https://cloud.example.com",
      token: "t0ken",
      maxRetries: "3",
      requestTimeout: "45000",
    });
    expect(r.additionalSecretOutputs).toContain("token");
  });

  it("every setting may be left out: the plugin reads CIM_* then", async () => {
    const env = new cim.Provider("from-env");
    expect((await registered(env, "from-env")).inputs).toEqual({});
  });

  it("takes exactly the settings of provider/config.ts; a misspelt one fails naming it and the setting meant, once", () => {
    expectTypeOf<keyof cim.ProviderArgs>().toEqualTypeOf<SettingName>();
    const all = SETTINGS.map((s) => s.name).join(", ");
    let err: unknown;
    try {
      new cim.Provider("typo", { baseURL: "https://x" } as never);
    } catch (e) {
      err = e;
    }
    // a RunError: Pulumi prints its message alone, not "Unhandled exception" with the stack and the message again
    expect(pulumi.RunError.isInstance(err)).toBe(true);
    expect((err as Error).message).toBe(
      `cim.Provider "typo": "baseURL" is not a setting (did you mean "baseUrl"?); the settings: ${all}.`,
    );
    expect(() => new cim.Provider("typo2", { endpoint: "https://x" } as never)).toThrow(
      `cim.Provider "typo2": "endpoint" is not a setting; the settings: ${all}.`,
    );
  });

  it("a class of pulumi-cim (dynamic) given a cim.Provider fails at once, naming pulumi-cim/native", () => {
    const sto = new cim.Provider("sto", { region: "region-sto" });
    expect(
      () => new dynamic.Volume("sto-data", { zoneId: "z", diskOfferingId: "d", size: 10 }, { provider: sto }),
    ).toThrow(/^cim:Volume "sto-data": the provider option needs the native provider plugin/);
  });

  it("a resource given { provider } is registered with that provider", async () => {
    const ams = new cim.Provider("ams", { region: "region-ams" });
    const vol = new cim.Volume("ams-data", { zoneId: "z", diskOfferingId: "d", size: 10 }, { provider: ams });
    const r = await registered(vol, "ams-data");
    expect(r.provider).toBe("urn:pulumi:stack::project::pulumi:providers:cim::ams::ams-id");
  });
});
