// Transport faults and retries, on undici MockAgent and (where MockAgent cannot fake it) a raw HTTP server:
// 429 + Retry-After, 5xx bursts, malformed JSON, reset mid-response, timeouts, refused connections.
import { describe, expect, it } from "vitest";
import {
  ConnectionError,
  InternalServerError,
  InvalidResponseError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
} from "../../provider/client";
import { sharedAgent, tooOldNode } from "../../provider/client/transport";
import { clientAt, json, mockClient, useServers } from "./helpers";
import { resetMidResponse, sendJson } from "./rawServer";

const { origin, server } = useServers();
describe("reads: retries", () => {
  it("honours Retry-After on 429 and then succeeds", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/zones", method: "GET" })
      .reply(429, { message: "Too many requests" }, { headers: { "retry-after": "1" } });
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, [{ id: "z1" }], json);
    const { client } = mockClient(o.agent);
    const started = Date.now();
    expect(await client.catalogue.zones()).toEqual([{ id: "z1" }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(o.calls()).toHaveLength(2);
  });

  it("does not wait for a Retry-After beyond the bound: throws RateLimitError", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/zones", method: "GET" })
      .reply(429, { message: "Too many requests" }, { headers: { "retry-after": "120" } });
    const { client } = mockClient(o.agent);
    const err = await client.catalogue.zones().catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBe(120_000);
    expect(o.calls()).toHaveLength(1);
  });

  it("measures a Retry-After date against the answer's Date header: a server clock ten minutes ahead still means 2 s", async () => {
    const serverNow = Date.now() + 10 * 60_000;
    const o = origin();
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(
      429,
      { message: "Too many requests" },
      {
        headers: {
          date: new Date(serverNow).toUTCString(),
          "retry-after": new Date(serverNow + 2_000).toUTCString(),
        },
      },
    );
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, [{ id: "z1" }], json);
    const { client } = mockClient(o.agent);
    const started = Date.now();
    expect(await client.catalogue.zones()).toEqual([{ id: "z1" }]);
    // measured on this process's clock it would be 602 s, beyond the bound, and no retry at all
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(o.calls()).toHaveLength(2);
  });

  it("retries a 5xx burst with backoff", async () => {
    const o = origin();
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(503, { message: "busy" }).times(2);
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, [], json);
    const events: string[] = [];
    const { client } = mockClient(o.agent, { onEvent: (e) => events.push(`${e.type}:${e.attempt}`) });
    await client.catalogue.zones();
    expect(o.calls()).toHaveLength(3);
    expect(events.filter((e) => e.startsWith("retry"))).toEqual(["retry:1", "retry:2"]);
  });

  it("gives up after the max count with the attempt number in the error", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/zones", method: "GET" })
      .reply(500, { message: "boom", detail: "db down" })
      .persist();
    const { client } = mockClient(o.agent);
    const err = await client.catalogue.zones().catch((e) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.attempts).toBe(3);
    expect(err.message).toMatch(/gave up after 3 attempts/);
    expect(err.message).toMatch(/boom — db down/);
    expect(o.calls()).toHaveLength(3);
  });

  it("does not retry a 4xx", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/volumes/v1", method: "GET" })
      .reply(404, { message: "Volume v1 not found" });
    const { client } = mockClient(o.agent);
    await expect(client.volumes.get("v1")).rejects.toMatchObject({ name: "NotFoundError", attempts: 1 });
    expect(o.calls()).toHaveLength(1);
  });

  it("treats malformed JSON as transient for reads, then reports InvalidResponseError", async () => {
    const o = origin();
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, "{not json", json);
    o.pool.intercept({ path: "/api/v1/zones", method: "GET" }).reply(200, "[]", json);
    const { client } = mockClient(o.agent);
    expect(await client.catalogue.zones()).toEqual([]);
    o.pool
      .intercept({ path: "/api/v1/templates", method: "GET" })
      .reply(200, "<html>proxy error</html>")
      .persist();
    const err = await client.catalogue.templates().catch((e) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.reason).toBe("json");
    expect(err.attempts).toBe(3);
  });

  it("rejects a wrongly typed field with the field path", async () => {
    const o = origin();
    o.pool
      .intercept({ path: "/api/v1/volumes/v1", method: "GET" })
      .reply(200, { id: "v1", size: "big" }, json);
    const { client } = mockClient(o.agent);
    const err = await client.volumes.get("v1").catch((e) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.reason).toBe("shape");
    expect(err.message).toMatch(/size: /);
  });

  it("retries a reset in the middle of a response body", async () => {
    const s = await server((_c, res, n) =>
      n === 1 ? resetMidResponse(res) : sendJson(res, 200, { id: "v1", name: "data" }),
    );
    const vol = await clientAt(s.url).volumes.get("v1");
    expect(vol.name).toBe("data");
    expect(s.calls).toHaveLength(2);
  });

  it("times out a silent server per request and retries", async () => {
    const s = await server((_c, res, n) => {
      if (n > 1) sendJson(res, 200, []);
    });
    const client = clientAt(s.url, { timeoutMs: 100 });
    expect(await client.catalogue.zones()).toEqual([]);
    const stuck = await server(() => {});
    const err = await clientAt(stuck.url, { timeoutMs: 50, retry: { maxRetries: 1, baseDelayMs: 1 } })
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(err.timeoutMs).toBe(50);
    expect(err.attempts).toBe(2);
  });

  it("reports a refused connection as ConnectionError (never sent) after retries", async () => {
    // Nothing listens on the discard port: a closed test server's port may be taken again by then (every test
    // file starts servers on free ports), and the connection would meet that server instead of a refusal.
    const url = "http://127.0.0.1:9";
    const err = await clientAt(url)
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.sent).toBe(false);
    expect(err.code).toBe("ECONNREFUSED");
    expect(err.attempts).toBe(3);
    expect(err.message).toMatch(/Check cim:baseUrl/);
  });

  it("cancels on the caller's AbortSignal", async () => {
    const s = await server(() => {});
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    const err = await clientAt(s.url)
      .catalogue.zones({ signal: ac.signal })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RequestAbortedError);
  });
});

describe("connection pool", () => {
  it("shares one keep-alive agent between clients and reuses the connection", async () => {
    const s = await server((_c, res) => sendJson(res, 200, []));
    for (let i = 0; i < 10; i++) await clientAt(s.url).catalogue.zones();
    expect(s.calls).toHaveLength(10);
    // Ten clients, ten calls, one pool: undici may open a second socket while the first is being released.
    expect(s.connections()).toBeLessThanOrEqual(2);
    expect(sharedAgent()).toBe(sharedAgent());
  });

  it("grows for a concurrency ceiling above its 64 connections, and never shrinks for a smaller one", async () => {
    const small = sharedAgent();
    const large = sharedAgent(100);
    expect(large).not.toBe(small);
    expect(sharedAgent(80)).toBe(large);
    expect(sharedAgent()).toBe(large);
    // The pool it replaced closes once its requests are done; the process keeps working on the new one.
    await new Promise((r) => setTimeout(r, 10));
    expect(small.closed).toBe(true);
    const s = await server((_c, res) => sendJson(res, 200, []));
    expect(await clientAt(s.url, { maxConcurrentRequests: 100 }).catalogue.zones()).toEqual([]);
  });
});

describe("the Node.js it runs on", () => {
  it("names the version needed and the one found, instead of undici's TypeError on an older Node", () => {
    const said = tooOldNode("20.20.2");
    expect(said).toContain("needs Node.js 22 or newer");
    expect(said).toContain("runs Node.js v20.20.2");
    expect(said).toContain("first on PATH");
    expect(tooOldNode("22.0.0")).toBeUndefined();
    expect(tooOldNode(process.versions.node)).toBeUndefined();
  });
});
