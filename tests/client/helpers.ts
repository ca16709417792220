// Shared test helpers: unsigned JWTs for preflight tests, a MockAgent-backed client, a recorder of the
// requests a mock origin received, and the mock origins and raw servers of a test file closed after each test.

import { MockAgent } from "undici";
import { afterEach } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  CimClient,
  type CimClientOptions,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "../../provider/client";
import { type RawHandler, rawServer } from "./rawServer";

export const ORIGIN = "http://127.0.0.1:9999";
export const REGION_A = "11111111-1111-4111-8111-111111111111";
export const REGION_B = "22222222-2222-4222-8222-222222222222";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

/** An unsigned-but-well-formed JWT (the client decodes, never verifies). */
export function fakeJwt(claims: Record<string, unknown> = {}, ttlSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: "user-1", aud: "cim-api", iat: now, exp: now + ttlSeconds, ...claims };
  return `${b64({ alg: "ES256", typ: "JWT" })}.${b64(payload)}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk`;
}

export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A MockAgent with net connect disabled and a log of every request the origin saw. */
export function mockOrigin() {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const calls = (): Recorded[] =>
    (agent.getCallHistory()?.calls() ?? []).map((c) => ({
      method: c.method,
      path: (({ pathname, search }) => pathname + search)(new URL(c.fullUrl)),
      headers: Object.fromEntries(
        Object.entries(c.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
      ),
      body: typeof c.body === "string" ? c.body : undefined,
    }));
  return { agent, pool, calls };
}

export function mockClient(
  agent: MockAgent,
  extra: Partial<CimClientOptions> = {},
): { client: CimClient; token: string } {
  const token = extra.token ?? fakeJwt();
  const client = new CimClient({
    baseUrl: ORIGIN,
    token,
    region: REGION_A,
    dispatcher: agent,
    retry: { baseDelayMs: 5, maxDelayMs: 20, ...extra.retry },
    recovery: { graceMs: 10, ...extra.recovery },
    ...extra,
  });
  return { client, token };
}

export const json = { headers: { "content-type": "application/json" } };

/** The error class the client raises for each status the spec names. */
export const ERROR_OF_STATUS: [number, new (...a: any[]) => Error][] = [
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [429, RateLimitError],
  [500, InternalServerError],
];

/** A client of `url` (a raw server's) with fast retries and a short lost-answer grace; `extra` overrides. */
export function clientAt(url: string, extra: Partial<CimClientOptions> = {}): CimClient {
  return new CimClient({
    baseUrl: url,
    token: fakeJwt(),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    recovery: { graceMs: 10 },
    ...extra,
  });
}

/**
 * Mock origins (`origin()`) and raw servers (`server(handler)`) for the tests of a file, each closed after the
 * test that made it; `closeAfter` for anything else a test opens.
 */
export function useServers() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });
  return {
    origin() {
      const o = mockOrigin();
      cleanups.push(() => o.agent.close());
      return o;
    },
    async server(handler: RawHandler) {
      const s = await rawServer(handler);
      cleanups.push(s.close);
      return s;
    },
    closeAfter: (...closers: (() => Promise<void>)[]) => void cleanups.push(...closers),
  };
}
