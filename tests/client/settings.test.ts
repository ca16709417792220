// The client settings as the provider resolves them (cim:requestTimeout, cim:maxRetries,
// cim:maxConcurrentRequests, here from CIM_* variables) change what happens at the emulator: a slow answer
// fails with the timeout error naming the setting, a read is tried maxRetries + 1 times while a mutation keeps
// the lost-answer protocol, and the process never has more requests in flight than the ceiling, measured by
// a proxy in front of the emulator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CimClient,
  type CimClientOptions,
  InternalServerError,
  RequestTimeoutError,
} from "../../provider/client";
import { clientSettings, resolveProviderConfig } from "../../provider/config";
import { type CountingProxy, countingProxy } from "./countingProxy";
import { type Harness, harness } from "./emulatorHarness";

let h: Harness;
let proxy: CountingProxy;
let token: string;
beforeAll(async () => {
  h = await harness();
  proxy = await countingProxy(h.emu.url);
  token = await h.emu.token();
});
afterAll(async () => {
  await proxy?.close();
  await h?.close();
});
beforeEach(async () => {
  await h.control.reset();
  await h.control.resetRequests();
  proxy.reset();
});

/** A client built the way the provider builds one, from these CIM_* variables (short backoff for tests). */
function clientFrom(env: Record<string, string>, extra: Partial<CimClientOptions> = {}): CimClient {
  const config = resolveProviderConfig(undefined, env);
  expect(config.problems).toEqual([]);
  const settings = clientSettings(config);
  return new CimClient({
    baseUrl: proxy.url,
    token,
    region: h.primary,
    ...settings,
    retry: { ...settings.retry, baseDelayMs: 10, maxDelayMs: 50 },
    ...extra,
  });
}

const hits = async (key: string) => (await h.control.requests())[key] ?? 0;

describe("cim:requestTimeout", () => {
  it("fails a request slower than the setting with the timeout error naming it; the default waits", async () => {
    // an answer far later than the setting: the error comes long before it (a margin for a loaded machine)
    await h.control.fault({ method: "GET", route: "/api/v1/zones", latencyMs: 6_000, times: 1 });
    const started = Date.now();
    const err = await clientFrom({ CIM_REQUEST_TIMEOUT: "300ms", CIM_MAX_RETRIES: "0" })
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(err.timeoutMs).toBe(300);
    expect(err.message).toContain("no answer within 300 ms");
    expect(err.message).toContain("raise cim:requestTimeout (CIM_REQUEST_TIMEOUT)");
    expect(err.message).not.toContain(token);
    expect(Date.now() - started).toBeLessThan(4_000);

    await h.control.fault({ method: "GET", route: "/api/v1/zones", latencyMs: 600, times: 1 });
    expect((await clientFrom({ CIM_MAX_RETRIES: "0" }).catalogue.zones()).length).toBeGreaterThan(0);
  });

  it("accepts milliseconds as a plain number", async () => {
    await h.control.fault({ method: "GET", route: "/api/v1/zones", latencyMs: 1_000, times: 1 });
    const err = await clientFrom({ CIM_REQUEST_TIMEOUT: "250", CIM_MAX_RETRIES: "0" })
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(err.timeoutMs).toBe(250);
  });
});

describe("cim:maxRetries", () => {
  it("0 makes one attempt of a read, N makes N + 1, the default three", async () => {
    for (const [env, attempts] of [
      [{ CIM_MAX_RETRIES: "0" }, 1],
      [{ CIM_MAX_RETRIES: "4" }, 5],
      [{}, 3],
    ] as const) {
      await h.control.reset();
      await h.control.resetRequests();
      await h.control.fault({ method: "GET", route: "/api/v1/templates", status: 503, times: 20 });
      const err = await clientFrom(env)
        .catalogue.templates()
        .catch((e) => e);
      expect(err, JSON.stringify(env)).toBeInstanceOf(InternalServerError);
      expect(err.attempts).toBe(attempts);
      expect(await hits("GET /api/v1/templates"), JSON.stringify(env)).toBe(attempts);
    }
  });

  it("leaves mutations to the lost-answer protocol: a create shown not to have landed is sent again", async () => {
    const client = clientFrom({ CIM_MAX_RETRIES: "0" }, { recovery: { graceMs: 200 } });
    const [zone] = await client.catalogue.zones();
    const [disk] = await client.catalogue.diskOfferings();
    await h.control.fault({ method: "POST", route: "/api/v1/volumes", status: 503, times: 1 });
    const accepted = await client.volumes.create({
      name: "settings-vol",
      zoneId: zone.id,
      diskOfferingId: disk.id,
    });
    expect(accepted.jobId).toBeDefined();
    expect(await hits("POST /api/v1/volumes")).toBe(2);
    const volumes = Object.values((await h.control.state()).volumes as Record<string, any>);
    expect(volumes.filter((v) => v.name === "settings-vol")).toHaveLength(1);
  });
});

describe("cim:maxConcurrentRequests", () => {
  /** Twelve slow reads at once, from two clients of the process (two regions), as resources do. */
  async function burst(env: Record<string, string>) {
    await h.control.fault({ method: "GET", route: "/api/v1/zones", latencyMs: 150 });
    const a = clientFrom(env);
    const b = a.withRegion(h.secondary);
    proxy.reset();
    const started = Date.now();
    const zones = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).catalogue.zones()));
    return { peak: proxy.peak(), served: proxy.served(), zones, ms: Date.now() - started };
  }

  it("2 never has more than two requests in flight at the API, across clients; the rest wait", async () => {
    const limited = await burst({ CIM_MAX_CONCURRENT_REQUESTS: "2" });
    expect(limited.zones.every((z) => z.length > 0)).toBe(true);
    expect(limited.served).toBe(12);
    expect(limited.peak).toBe(2);
    // Six rounds of two 150 ms answers.
    expect(limited.ms).toBeGreaterThanOrEqual(6 * 150 - 50);
  });

  it("without it (the default) the same burst goes out at once", async () => {
    const open = await burst({});
    expect(open.served).toBe(12);
    expect(open.peak).toBeGreaterThan(2);
  });
});
