// Where the provider's settings come from (stack config, then CIM_* environment, then the default), the rules
// the client settings are held to, how a broken one is reported (by check, naming the setting and the rule,
// and before any request by every other operation), and the Settings table of docs/installation-configuration.md against the list.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { configure, providerFor } from "../../provider";
import { tokenAdvice, tokenSetting } from "../../provider/client/tokenText";
import {
  missingSettingsAdvice,
  providerConfig,
  resolveProviderConfig,
  SETTINGS,
  settingLabel,
  settingOrigin,
  tokenSourceOf,
} from "../../provider/config";
import { explicitProvider } from "../../provider/native/config";
import { fakeJwt } from "../client/helpers";
import { rawServer, sendJson } from "../client/rawServer";
import { offlineProvider } from "../fixtures/offlineProvider";

const token = fakeJwt();
const stackOf =
  (values: Record<string, string>) =>
  (key: string): string | undefined =>
    values[key];

const saved = offlineProvider();

describe("resolution: stack config, then the environment, then the default", () => {
  it("defaults keep the client's behaviour: 30 s per request, two read retries, no ceiling", () => {
    const c = resolveProviderConfig(undefined, {});
    expect(c).toMatchObject({ requestTimeoutMs: 30_000, maxRetries: 2, problems: [], sources: {} });
    expect(c.maxConcurrentRequests).toBeUndefined();
  });

  it("the environment over the default", () => {
    const c = resolveProviderConfig(undefined, {
      CIM_REQUEST_TIMEOUT: "90s",
      CIM_MAX_RETRIES: "0",
      CIM_MAX_CONCURRENT_REQUESTS: "4",
    });
    expect(c).toMatchObject({ requestTimeoutMs: 90_000, maxRetries: 0, maxConcurrentRequests: 4 });
    expect(c.sources).toEqual({ requestTimeout: "env", maxRetries: "env", maxConcurrentRequests: "env" });
  });

  it("stack config over the environment, key by key; a blank stack value falls back", () => {
    const c = resolveProviderConfig(
      stackOf({
        "cim:requestTimeout": "1m30s",
        "cim:maxRetries": "5",
        "cim:maxConcurrentRequests": " ",
        "cim:baseUrl": "https://stack.example.com",
      }),
      {
        CIM_REQUEST_TIMEOUT: "5s",
        CIM_MAX_RETRIES: "1",
        CIM_MAX_CONCURRENT_REQUESTS: "8",
        CIM_BASE_URL: "https://env.example.com",
        CIM_TOKEN: token,
      },
    );
    expect(c).toMatchObject({
      requestTimeoutMs: 90_000,
      maxRetries: 5,
      maxConcurrentRequests: 8,
      baseUrl: "https://stack.example.com",
      token,
    });
    expect(c.sources).toMatchObject({
      requestTimeout: "stack",
      maxRetries: "stack",
      maxConcurrentRequests: "env",
      baseUrl: "stack",
      token: "env",
    });
  });

  it("requestTimeout takes a duration or milliseconds, as the timeouts inputs do", () => {
    for (const [text, ms] of [
      ["1500", 1_500],
      ["1500ms", 1_500],
      ["45s", 45_000],
      ["2m", 120_000],
      ["1h", 3_600_000],
    ] as const) {
      expect(resolveProviderConfig(undefined, { CIM_REQUEST_TIMEOUT: text }).requestTimeoutMs, text).toBe(ms);
    }
  });
});

describe("validation", () => {
  it("a value that breaks its rule is a problem naming the setting, the rule and where it came from", () => {
    const cases: [Record<string, string>, Record<string, string>, string][] = [
      [{}, { CIM_REQUEST_TIMEOUT: "0" }, 'cim:requestTimeout must be a duration such as "30s"'],
      [{}, { CIM_REQUEST_TIMEOUT: "soon" }, 'got "soon" from CIM_REQUEST_TIMEOUT'],
      [{ "cim:requestTimeout": "2h" }, {}, 'at most 1h; got "2h" from the stack config.'],
      [
        {},
        { CIM_MAX_RETRIES: "-1" },
        "cim:maxRetries must be a whole number from 0 (one attempt per read) to 10",
      ],
      [
        { "cim:maxRetries": "2.5" },
        {},
        'cim:maxRetries must be a whole number from 0 (one attempt per read) to 10; got "2.5" from the stack config.',
      ],
      [{}, { CIM_MAX_RETRIES: "11" }, "cim:maxRetries must be a whole number"],
      [
        {},
        { CIM_MAX_CONCURRENT_REQUESTS: "0" },
        'cim:maxConcurrentRequests must be a whole number from 1 to 256; got "0" from CIM_MAX_CONCURRENT_REQUESTS.',
      ],
      [
        { "cim:maxConcurrentRequests": "unlimited" },
        {},
        "cim:maxConcurrentRequests must be a whole number from 1 to 256",
      ],
    ];
    for (const [stack, env, message] of cases) {
      const c = resolveProviderConfig(stackOf(stack), { ...env, CIM_TOKEN: token });
      expect(c.problems, JSON.stringify({ stack, env })).toHaveLength(1);
      expect(c.problems[0]).toContain(message);
      expect(c.problems[0]).not.toContain(token);
    }
  });

  it("a broken value does not hide the others: each is reported", () => {
    const c = resolveProviderConfig(undefined, {
      CIM_REQUEST_TIMEOUT: "x",
      CIM_MAX_RETRIES: "y",
      CIM_MAX_CONCURRENT_REQUESTS: "z",
    });
    expect(c.problems.map((p) => p.split(" ")[0])).toEqual([
      "cim:requestTimeout",
      "cim:maxRetries",
      "cim:maxConcurrentRequests",
    ]);
  });
});

describe("an explicit provider's settings (the native path): its inputs, named as its own, never as cim:*", () => {
  const ams = (values: Record<string, string>, env: Record<string, string> = {}) =>
    resolveProviderConfig(stackOf(values), env, "ams");

  it("a broken input names the provider's property and where it came from", () => {
    expect(ams({ "cim:maxRetries": "2.5" }).problems).toEqual([
      'maxRetries must be a whole number from 0 (one attempt per read) to 10; got "2.5" from provider "ams".',
    ]);
    // from the environment it is the variable, for either kind of provider
    expect(ams({}, { CIM_MAX_RETRIES: "x" }).problems[0]).toMatch(/got "x" from CIM_MAX_RETRIES\.$/);
  });

  it("messages name the setting the value came from", () => {
    const c = ams({ "cim:region": "nl-ams-1", "cim:token": token }, { CIM_BASE_URL: "http://127.0.0.1:1" });
    expect(settingOrigin("region", c)).toBe('the region of provider "ams"');
    expect(settingOrigin("baseUrl", c)).toBe("CIM_BASE_URL");
    expect(settingLabel("token", c.provider)).toBe('the token of provider "ams" (or CIM_TOKEN)');
    expect(tokenSetting(tokenSourceOf(c))).toBe('the token of provider "ams"');
    expect(tokenAdvice(tokenSourceOf(c))).toBe('give it to provider "ams" (its secret token input)');
    // the stack's settings, as before
    const stack = resolveProviderConfig(stackOf({ "cim:region": "r", "cim:token": token }), {});
    expect([
      settingOrigin("region", stack),
      settingLabel("region"),
      tokenSetting(tokenSourceOf(stack)),
    ]).toEqual(["cim:region (CIM_REGION)", "cim:region (CIM_REGION)", "cim:token"]);
  });

  it("a missing address or token is asked of the provider, not of the stack config", () => {
    expect(missingSettingsAdvice(["token"], "ams")).toBe(
      `give provider "ams" its token (the token a secret input), or set CIM_TOKEN (an explicit provider does not read the stack's cim:* config)`,
    );
    expect(missingSettingsAdvice(["baseUrl", "token"])).toBe(
      "set cim:baseUrl (or CIM_BASE_URL) and the secret cim:token (or CIM_TOKEN)",
    );
  });

  it("the plugin tells an explicit provider from a default one by its name, as the engine does", () => {
    const urn = (name: string) => `urn:pulumi:dev::app::pulumi:providers:cim::${name}`;
    expect(explicitProvider(urn("ams"))).toBe("ams");
    expect(explicitProvider(urn("default_0_1_0"))).toBeUndefined();
    expect(explicitProvider(urn("default"))).toBeUndefined();
    expect(explicitProvider("", "fra")).toBe("fra");
    expect(explicitProvider()).toBeUndefined();
  });
});

describe("the provider", () => {
  const instance = providerFor("Instance");
  const program = {
    zoneId: "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b",
    serviceOfferingId: "1b6c2d3e-4f50-5617-8a9b-c0d1e2f3a4b5",
    templateId: "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6",
  };

  it("check fails a broken setting, with or without an API configured, naming it and never the token", async () => {
    for (const env of [{}, { CIM_BASE_URL: "http://127.0.0.1:9", CIM_TOKEN: token }]) {
      process.env = { ...saved, CIM_BASE_URL: "", CIM_TOKEN: "", ...env, CIM_MAX_RETRIES: "lots" };
      const { failures } = await instance.check!({}, program);
      expect(failures?.map((f) => f.reason)).toEqual([
        'cim:maxRetries must be a whole number from 0 (one attempt per read) to 10; got "lots" from CIM_MAX_RETRIES.',
      ]);
    }
  });

  it("read and delete refuse a broken setting before any request", async () => {
    const api = await rawServer((_call, res) => sendJson(res, 200, {}));
    try {
      process.env = { ...saved, CIM_BASE_URL: api.url, CIM_TOKEN: token, CIM_REQUEST_TIMEOUT: "-5s" };
      const id = "0b6c6f0e-1d7a-4a3e-9a55-2d6f6f0f0001";
      for (const call of [() => instance.read!(id, program), () => instance.delete!(id, program)]) {
        const err = await call().catch((e: Error) => e);
        expect(err).toBeInstanceOf(Error);
        expect((err as Error).message).toMatch(/^cim:Instance: cim:requestTimeout must be a duration/);
        expect((err as Error).message).not.toContain(token);
      }
      expect(api.calls).toHaveLength(0);
    } finally {
      await api.close();
    }
  });

  it("configure() reads the stack config the engine passes, over CIM_*", async () => {
    process.env = {
      ...saved,
      CIM_BASE_URL: "https://env.example.com",
      CIM_TOKEN: token,
      CIM_MAX_RETRIES: "1",
    };
    const stack = stackOf({ "cim:maxRetries": "0", "cim:maxConcurrentRequests": "3" });
    await configure({ config: { get: stack, require: (k) => stack(k)! } });
    expect(providerConfig()).toMatchObject({
      baseUrl: "https://env.example.com",
      maxRetries: 0,
      maxConcurrentRequests: 3,
      requestTimeoutMs: 30_000,
    });
  });
});

describe("the Settings table of docs/installation-configuration.md", () => {
  const page = fs.readFileSync(
    path.resolve(__dirname, "..", "..", "docs", "installation-configuration.md"),
    "utf8",
  );
  const start = page.indexOf("## Settings");
  const section = page.slice(start, page.indexOf("\n## ", start + 5));
  const rows = [...section.matchAll(/^\| `cim:(\w+)`(?: \(secret\))? \| `(\w+)` \| ([^|]+) \|/gm)].map(
    (m) => ({
      name: m[1],
      env: m[2],
      default: m[3].trim(),
    }),
  );

  it("lists every setting with its variable and default, in order", () => {
    expect(start).toBeGreaterThan(0);
    expect(rows).toEqual(SETTINGS.map((s) => ({ name: s.name, env: s.env, default: s.default })));
  });

  it("says how maxConcurrentRequests and Pulumi's --parallel interact", () => {
    expect(section).toContain("--parallel");
    expect(section).toMatch(/one provider process/);
  });
});
