// The HTTP layer: registers the route table on fastify and runs each request through faults, authentication,
// region resolution, job settlement, the handler, the audit trail and persistence.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ADMIN_PERMISSION, bearerToken, hasQueryToken, type TokenService } from "./auth";
import type { Clock } from "./clock";
import type { Data, State } from "./families";
import type { FaultRule, Faults } from "./faults";
import {
  ApiError,
  badRequest,
  type Ctx,
  errorBody,
  forbidden,
  type Reply,
  type RouteDef,
  type Scope,
  unauthorized,
} from "./http";
import type { JobEngine } from "./jobs";
import type { Quota } from "./quota";
import type { Region, User } from "./records";
import { noAccountIn, resolveRegion } from "./regions";
import { ownerIn } from "./repository";
import { type RequestLogEntry, type RequestStats, UNMATCHED } from "./stats";
import type { Store } from "./store";

export interface Runtime {
  store: Store<State>;
  data: Data;
  quota: Quota;
  jobs: JobEngine<Data>;
  clock: Clock;
  faults: Faults;
  tokens: TokenService;
  stats: RequestStats;
}

declare module "fastify" {
  interface FastifyRequest {
    logEntry: RequestLogEntry | null;
  }
  interface FastifyContextConfig {
    template?: string;
    /** A console route (page, files, meta): not part of the API, not counted. */
    console?: boolean;
  }
}

const CONTROL_PREFIX = "/_emulator";
const BODY_LIMIT = 10 * 1024 * 1024;

const toFastifyPath = (template: string) => template.replace(/\{(\w+)\}/g, ":$1");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pathOf = (url: string) => {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
};

function errorReply(clock: Clock, e: unknown, path: string): Reply {
  if (e instanceof ApiError) {
    return {
      status: e.status,
      body: errorBody(clock, e.message, e.detail ?? `uri=${path}`),
      headers: e.headers,
    };
  }
  // Never echo internals that might carry request data; the message of a bug is enough to debug it.
  const message = e instanceof Error ? e.message : String(e);
  return { status: 500, body: errorBody(clock, `Internal emulator error: ${message}`, `uri=${path}`) };
}

function send(reply: FastifyReply, r: Reply, cut = false) {
  reply.code(r.status);
  if (r.headers) reply.headers(r.headers);
  if (r.body === undefined) return reply.send();
  reply.type("application/json");
  const text = JSON.stringify(r.body);
  // A truncated answer: a complete HTTP message (its Content-Length fits) whose JSON stops mid-document.
  return reply.send(cut ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text);
}

/** A successful answer without its `id` (fault action strip-id-after); any other answer as it is. */
function withoutId(r: Reply): Reply {
  if (r.status >= 300 || typeof r.body !== "object" || r.body === null || Array.isArray(r.body)) return r;
  const { id: _, ...body } = r.body as Record<string, unknown>;
  return { ...r, body };
}

/** The error page a proxy (nginx's wording) writes for a status, in place of the API's JSON error body. */
export function proxyPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? "Error"}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** The answer of an injected status: the API's error body, or a proxy's HTML page. */
function sendFaultStatus(rt: Runtime, reply: FastifyReply, fault: FaultRule, path: string) {
  const status = fault.status as number;
  const headers = fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : undefined;
  if (fault.body === "html") {
    reply.code(status);
    if (headers) reply.headers(headers);
    reply.type("text/html");
    return reply.send(proxyPage(status));
  }
  return send(reply, {
    status,
    body: errorBody(rt.clock, `Injected fault: status ${status}`, `fault=${fault.id} uri=${path}`),
    headers,
  });
}

/** Destroy the connection without answering; the client sees a reset or an early close. */
function drop(req: FastifyRequest, reply: FastifyReply) {
  if (req.logEntry) req.logEntry.status = "dropped";
  reply.hijack();
  req.raw.socket.destroy();
}

/**
 * The 401 checks: a token in the query string is refused (beside a valid header too), then the header's verified.
 * Expiry is judged on real time plus the server's skew: a clock set ahead refuses a token early, as a real server's
 * does. The job clock's pauses and advances stand for waits a test skips, not for a wrong clock, and the token was
 * minted on real time, so they are left out.
 */
function authenticate(rt: Runtime, req: FastifyRequest) {
  if (hasQueryToken(req.query as Ctx["query"])) {
    throw unauthorized("Tokens in the query string are not accepted; send Authorization: Bearer <token>");
  }
  return rt.tokens.verify(bearerToken(req.headers.authorization), Date.now() + rt.clock.skewMs);
}

/** Authentication and the checks that run before any resource is reached, in the order the README states. */
async function buildCtx(rt: Runtime, def: RouteDef, req: FastifyRequest, path: string, fault?: FaultRule) {
  const query = req.query as Ctx["query"];
  const claims = await authenticate(rt, req);
  const ctx = {
    method: def.method,
    template: def.path,
    path,
    params: req.params as Record<string, string>,
    query,
    body: req.body,
    headers: req.headers,
    principal: { sub: claims.sub, admin: claims.permissions.includes(ADMIN_PERMISSION) },
    store: rt.store,
    data: rt.data,
    quota: rt.quota,
    jobs: rt.jobs,
    clock: rt.clock,
    fault,
    // only rules that name a region and answer a status fail one region's part of a multi-region read
    regionFault: (region: Region) => {
      const regional = (rule: FaultRule) => rule.region !== undefined && rule.status !== undefined;
      const rule = rt.faults.match(def.method, def.path, path, region, regional);
      return rule?.status ? { status: rule.status } : undefined;
    },
  } as Partial<Ctx> as Ctx;
  if (def.scope === "admin") {
    if (!ctx.principal.admin)
      throw forbidden(`This route needs a token with the ${ADMIN_PERMISSION} permission`);
    return ctx;
  }
  if (def.scope !== "tenant" && req.headers["x-tenant-context"] !== undefined) {
    throw badRequest(
      "X-Tenant-Context is not accepted on this route",
      "The header is only for /api/v1/tenants/** and invitation routes; remove it",
    );
  }
  const user: User | undefined = rt.store.state.users[claims.sub];
  if (!user) throw forbidden(`User ${claims.sub} is not registered`);
  if (!user.active) throw forbidden(`User ${claims.sub} is inactive`);
  ctx.user = user;
  if (def.scope === "region") {
    const region: Region = resolveRegion(rt.store, req.headers["x-region-context"]);
    if (!user.regionIds.includes(region.id)) throw forbidden(noAccountIn(claims.sub, region));
    ctx.region = region;
    ctx.owner = ownerIn(user.sub, region);
  }
  return ctx;
}

/**
 * The region a request is routed to, for fault rules that name one: the header's, else the default region on
 * region-scoped routes (none on the others: a multi-region read asks per region, see Ctx.regionFault).
 */
function routedRegion(rt: Runtime, req: FastifyRequest, scope: Scope | undefined): Region | undefined {
  const header = req.headers["x-region-context"];
  if (typeof header === "string" && header) return rt.store.state.regions.find((r) => r.id === header);
  if (scope !== "region") return undefined;
  try {
    return resolveRegion(rt.store, undefined);
  } catch {
    return undefined;
  }
}

/**
 * Applies the matching fault rule before any work: latency, drop-before, an injected status. Returns the rule
 * (whose job faults and after-the-work actions act later) and whether the reply has already been sent.
 */
async function preFault(
  rt: Runtime,
  method: string,
  template: string,
  path: string,
  req: FastifyRequest,
  reply: FastifyReply,
  scope?: Scope,
) {
  const fault = rt.faults.match(method, template, path, routedRegion(rt, req, scope));
  if (!fault) return { fault, handled: false };
  if (fault.latencyMs) await sleep(fault.latencyMs);
  if (fault.action === "drop-before") {
    drop(req, reply);
    return { fault, handled: true };
  }
  if (fault.status && fault.action !== "status-after") {
    sendFaultStatus(rt, reply, fault, path);
    return { fault, handled: true };
  }
  return { fault, handled: false };
}

function handlerFor(rt: Runtime, def: RouteDef) {
  const control = def.scope === "admin";
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(req.url);
    let fault: FaultRule | undefined;
    if (!control) {
      const pre = await preFault(rt, def.method, def.path, path, req, reply, def.scope);
      if (pre.handled) return reply;
      fault = pre.fault;
    }
    let result: Reply;
    try {
      const ctx = await buildCtx(rt, def, req, path, fault);
      if (!rt.clock.paused) rt.jobs.settle();
      result = await def.handler(ctx);
      if (!rt.clock.paused) rt.jobs.afterRequest();
      if (!control && def.method !== "GET" && result.status < 300) {
        rt.store.addAudit({
          id: randomUUID(),
          timestamp: rt.clock.local(),
          user: ctx.user.sub,
          regionId: ctx.region?.id,
          method: def.method,
          route: def.path,
          path,
          status: result.status,
          ...result.audit,
        });
        rt.store.markDirty();
      }
    } catch (e) {
      result = errorReply(rt.clock, e, path);
    }
    if (fault?.action === "drop-after") return drop(req, reply);
    if (fault?.action === "status-after") return sendFaultStatus(rt, reply, fault, path);
    if (fault?.action === "strip-id-after") result = withoutId(result);
    return send(reply, result, fault?.action === "truncate-after");
  };
}

/** A JSON parser that treats an empty body as no body (clients send Content-Type on bodiless POSTs). */
function parseJson(
  _req: FastifyRequest,
  text: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
) {
  const s = typeof text === "string" ? text : text.toString("utf8");
  if (s.trim() === "") return done(null, undefined);
  try {
    done(null, JSON.parse(s));
  } catch {
    done(badRequest("Request body is not valid JSON"));
  }
}

export function buildServer(rt: Runtime, routes: RouteDef[]): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    return503OnClosing: true,
    // what the framework refuses before any route (a malformed percent-escape in the path): the API's error body
    frameworkErrors: (err, req, reply) => {
      const path = pathOf(req.url);
      return send(reply, {
        status: 400,
        body: errorBody(rt.clock, `Malformed request: ${err.message}`, `uri=${path}`),
      });
    },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseJson);
  app.addContentTypeParser("*", { parseAs: "string" }, parseJson);
  app.decorateRequest("logEntry", null);

  app.addHook("onRequest", (req, _reply, done) => {
    const path = pathOf(req.url);
    if (!path.startsWith(CONTROL_PREFIX) && !req.routeOptions.config?.console) {
      req.logEntry = rt.stats.record(
        req.method,
        req.routeOptions.config?.template ?? UNMATCHED,
        path,
        req.headers,
      );
    }
    done();
  });
  // The Date header follows the server's clock (skew included), as a real server's does.
  app.addHook("onSend", (_req, reply, _payload, done) => {
    reply.header("date", new Date(rt.clock.now()).toUTCString());
    done();
  });
  app.addHook("onResponse", (req, reply, done) => {
    const entry = req.logEntry;
    if (entry) {
      entry.status = reply.statusCode;
      entry.durationMs = Math.round(reply.elapsedTime * 100) / 100;
    }
    done();
  });

  for (const def of routes) {
    app.route({
      method: def.method,
      url: toFastifyPath(def.path),
      config: { template: def.path },
      handler: handlerFor(rt, def),
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = pathOf(req.url);
    if (
      !path.startsWith(CONTROL_PREFIX) &&
      (await preFault(rt, req.method, UNMATCHED, path, req, reply)).handled
    ) {
      return reply;
    }
    // the API authenticates every request before it routes it: no token, no answer about what exists
    if (path.startsWith("/api/") || path.startsWith(CONTROL_PREFIX)) {
      try {
        await authenticate(rt, req);
      } catch (e) {
        if (e instanceof ApiError) return send(reply, errorReply(rt.clock, e, path));
        throw e;
      }
    }
    return send(reply, {
      status: 404,
      body: errorBody(rt.clock, `No route ${req.method} ${path}`, `uri=${path}`),
    });
  });
  app.setErrorHandler((err, req, reply) => {
    const path = pathOf(req.url);
    if (err instanceof ApiError) return send(reply, errorReply(rt.clock, err, path));
    const status =
      typeof (err as { statusCode?: unknown }).statusCode === "number"
        ? (err as { statusCode: number }).statusCode
        : 500;
    return send(reply, {
      status,
      body: errorBody(rt.clock, err instanceof Error ? err.message : String(err), `uri=${path}`),
    });
  });
  return app;
}
