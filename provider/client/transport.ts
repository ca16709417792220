// The HTTP exchange on undici. One keep-alive Agent per process, created lazily and kept on globalThis under
// a registered symbol, so every client (the dynamic provider builds one per call) and even a second copy of
// this module share one connection pool. This layer knows nothing about the API: it returns status, headers
// and text, or throws a TransportFailure that the core turns into a CimError with context.

import { Agent, type Dispatcher, request } from "undici";

const AGENT_KEY = Symbol.for("pulumi-cim.client.agent");

type AgentHolder = { [AGENT_KEY]?: Agent };

/** The process-wide pooled keep-alive dispatcher. */
export function sharedAgent(): Agent {
  const holder = globalThis as AgentHolder;
  let agent = holder[AGENT_KEY];
  if (!agent || agent.closed || agent.destroyed) {
    agent = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
      connections: 64,
      // The per-request timeout in `exchange` is the real limit; these only stop a stuck socket forever.
      headersTimeout: 300_000,
      bodyTimeout: 300_000,
    });
    holder[AGENT_KEY] = agent;
  }
  return agent;
}

export interface RawRequest {
  url: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
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

/** One HTTP exchange with a hard overall timeout covering headers and body. */
export async function exchange(req: RawRequest): Promise<RawResponse> {
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
    const res = await request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      dispatcher: req.dispatcher ?? sharedAgent(),
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
