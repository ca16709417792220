// Shapes shared by the server, the route table and every handler: a handler is (ctx) -> {status, body}.
import type { IncomingHttpHeaders } from "node:http";
import type { Clock } from "./clock";
import type { FaultRule } from "./faults";
import type { JobEngine } from "./jobs";
import type { Region, Store, User } from "./store";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Who may call a route and what is resolved before the handler runs. */
export type Scope =
  | "region" // a user with an account in the routed region; X-Tenant-Context refused
  | "user" // an active user, no region resolution; X-Tenant-Context refused
  | "tenant" // an active user; X-Tenant-Context accepted (organization routes)
  | "admin"; // a token carrying service:admin (emulator control routes)

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Principal {
  sub: string;
  admin: boolean;
}

export interface Ctx {
  method: Method;
  /** The route template, e.g. /api/v1/compute/instances/{id}. */
  template: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  headers: IncomingHttpHeaders;
  principal: Principal;
  /** Set for scopes region, user and tenant. */
  user: User;
  /** Set for scope region. */
  region: Region;
  store: Store;
  jobs: JobEngine;
  clock: Clock;
  /** The fault rule matched by this request, if any; job creation reads jobFail and jobStuck from it. */
  fault?: FaultRule;
  /** What the audit row of this mutation names; handlers fill it in. */
  audit: { resourceId?: string; resourceType?: string; jobId?: string };
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export interface RouteDef {
  method: Method;
  /** Full path template with {param} placeholders. */
  path: string;
  handler: Handler;
  scope: Scope;
}

/** An error that becomes the API's error body {message, timestamp, detail}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, detail?: string) => new ApiError(400, message, detail);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, detail?: string) => new ApiError(409, message, detail);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Local server time without offset, yyyy-MM-ddTHH:mm:ss.SSS, as the API layer writes it. */
export function localTimestamp(ms: number = Date.now()): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  );
}

export function errorBody(message: string, detail: string) {
  return { message, timestamp: localTimestamp(), detail };
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** The accepted-mutation result; jobId absent means the operation completed synchronously. */
export const accepted = (id: string, jobId?: string): Reply => ({
  status: 200,
  body: jobId ? { jobId, id } : { id },
});
