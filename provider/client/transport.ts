// The HTTP exchange on undici. One keep-alive Agent per process, created lazily and kept on globalThis under
// a registered symbol, so every client (the dynamic provider builds one per call) and even a second copy of
// this module share one connection pool; likewise one gate counting the requests in flight, which a client
// with a concurrency ceiling (cim:maxConcurrentRequests) waits at. This layer knows nothing about the API: it
// returns status, headers and text, or throws a TransportFailure that the core turns into a CimError.

import type { Agent, Dispatcher } from "undici";
import { RequestGate } from "./gate";

/**
 * undici, loaded at the first request rather than with the client: a program that only declares resources
 * (its lookups aside) never sends one; loading the SDK takes about 25 ms less without it (128 against 152 ms,
 * median of six loads of dist/sdk after `@pulumi/pulumi`, on the 2-core bench machine).
 */
let undiciModule: typeof import("undici") | undefined;
const undici = () => {
  if (!undiciModule) {
    const old = tooOldNode(process.versions.node);
    // undici fails to load on an older Node with a TypeError that names none of this; say what is wrong instead.
    if (old) throw new TransportFailure("invalid", false, undefined, old);
    undiciModule = require("undici") as typeof import("undici");
  }
  return undiciModule;
};

/** The Node.js major that package.json's engines asks for (undici, the HTTP client, needs it). */
export const MIN_NODE_MAJOR = 22;

/**
 * What to tell a user whose process runs a Node.js older than pulumi-cim supports (the provider runs on the
 * `node` first on PATH where the CLI was started, which is not always the one the program was written with).
 */
export function tooOldNode(version: string): string | undefined {
  const major = Number(version.split(".")[0]);
  if (!Number.isFinite(major) || major >= MIN_NODE_MAJOR) return undefined;
  return `pulumi-cim needs Node.js ${MIN_NODE_MAJOR} or newer, and this process runs Node.js v${version} (the provider runs on the \`node\` first on PATH where pulumi was started); put a newer node first on PATH and run again`;
}

const AGENT_KEY = Symbol.for("pulumi-cim.client.agent");
const AGENT_SIZE_KEY = Symbol.for("pulumi-cim.client.agentConnections");
const GATE_KEY = Symbol.for("pulumi-cim.client.gate");

/** Connections per API address when no larger concurrency ceiling asks for more. */
export const POOL_CONNECTIONS = 64;

type Holder = { [AGENT_KEY]?: Agent; [AGENT_SIZE_KEY]?: number; [GATE_KEY]?: RequestGate };

/**
 * The process-wide pooled keep-alive dispatcher, with at least `connections` connections per origin (64
 * unless a ceiling above that is asked for: a request the gate admitted should not queue again in the pool).
 * A larger pool replaces a smaller one, which closes once its requests have finished.
 */
export function sharedAgent(connections = POOL_CONNECTIONS): Agent {
  const holder = globalThis as Holder;
  const wanted = Math.max(POOL_CONNECTIONS, Number.isFinite(connections) ? connections : 0);
  const held = holder[AGENT_KEY];
  const usable = held && !held.closed && !held.destroyed;
  if (usable && (holder[AGENT_SIZE_KEY] ?? POOL_CONNECTIONS) >= wanted) return held;
  const agent = new (undici().Agent)({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
    connections: wanted,
    // The per-request timeout in `exchange` is the real limit; these only stop a stuck socket forever.
    headersTimeout: 300_000,
    bodyTimeout: 300_000,
  });
  if (usable) held.close().catch(() => undefined);
  holder[AGENT_KEY] = agent;
  holder[AGENT_SIZE_KEY] = wanted;
  return agent;
}

/** The process-wide count of requests in flight, and the queue of those waiting for a slot. */
export function requestGate(): RequestGate {
  const holder = globalThis as Holder;
  holder[GATE_KEY] ??= new RequestGate();
  return holder[GATE_KEY];
}

export interface RawRequest {
  url: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  body?: string;
  /** Counted from when the request is sent: waiting at the gate for a slot does not count. */
  timeoutMs: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  /**
   * The most requests this process may have in flight for this one to start (cim:maxConcurrentRequests);
   * it waits in order behind earlier waiters. Absent: no ceiling (only the pool's connections).
   */
  maxConcurrent?: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** "invalid": undici refused the request itself (a bad header value): a bug, never retried. */
export type FailureKind = "timeout" | "connection" | "aborted" | "invalid";

/** A failed exchange. `sent` is false only when the request surely never reached the server. */
export class TransportFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly sent: boolean,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

// Errors raised while connecting: the request bytes never left this process.
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function errorCode(err: unknown): string | undefined {
  let e: any = err;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === "string") return e.code;
    if (Array.isArray(e.errors) && typeof e.errors[0]?.code === "string") return e.errors[0].code;
    e = e.cause;
  }
  return undefined;
}

/**
 * One HTTP exchange with a hard overall timeout covering headers and body, started once the process-wide
 * gate has a slot for it (at once without a ceiling). The slot is held until the body has been read.
 */
export async function exchange(req: RawRequest): Promise<RawResponse> {
  const gate = requestGate();
  try {
    await gate.acquire(req.maxConcurrent, req.signal);
  } catch {
    throw new TransportFailure("aborted", false, undefined, "cancelled by the caller");
  }
  try {
    return await send(req);
  } finally {
    gate.release();
  }
}

async function send(req: RawRequest): Promise<RawResponse> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new Error("timeout")), req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timer.signal]) : timer.signal;
  const aborted = (): TransportFailure | undefined => {
    if (req.signal?.aborted)
      return new TransportFailure("aborted", true, undefined, "cancelled by the caller");
    if (timer.signal.aborted) return new TransportFailure("timeout", true, undefined, "timed out");
    return undefined;
  };
  try {
    if (req.signal?.aborted)
      throw new TransportFailure("aborted", false, undefined, "cancelled by the caller");
    const res = await undici().request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      dispatcher: req.dispatcher ?? sharedAgent(req.maxConcurrent),
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  } catch (err) {
    if (err instanceof TransportFailure) throw err;
    const abort = aborted();
    if (abort) throw abort;
    const code = errorCode(err);
    const message = err instanceof Error && err.message ? err.message : String(err);
    if (code === "UND_ERR_INVALID_ARG") throw new TransportFailure("invalid", false, code, message);
    throw new TransportFailure("connection", !(code && NOT_SENT_CODES.has(code)), code, message);
  } finally {
    clearTimeout(timeout);
  }
}

/** Header lookup tolerant of arrays. */
export function header(headers: RawResponse["headers"], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
