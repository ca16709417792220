// Shapes shared by the server, the route table and every handler: a handler is (ctx) -> {status, body, audit}.
import type { IncomingHttpHeaders } from "node:http";
import type { Clock } from "./clock";
import type { JobRecordView, JobRequest, JobTiming } from "./jobs";
import type { Job, Limits, Owned, Region, User } from "./records";
import type { Owner } from "./repository";
import type { Store } from "./store";

export { ApiError, badRequest, conflict, forbidden, notFound, unauthorized } from "./errors";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Who may call a route and what is resolved before the handler runs. */
export type Scope =
  | "region" // a user with an account in the routed region; X-Tenant-Context refused
  | "user" // an active user, no region resolution; X-Tenant-Context refused
  | "tenant" // an active user; X-Tenant-Context accepted (organization routes)
  | "admin"; // a token carrying service:admin (emulator control routes)

/** What the audit row of an accepted mutation names. */
export interface AuditFacts {
  resourceId?: string;
  resourceType?: string;
  jobId?: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Facts for the audit row of a mutation; the HTTP layer writes the row. */
  audit?: AuditFacts;
}

export interface Principal {
  sub: string;
  admin: boolean;
}

/** The job engine as handlers see it: submit plain data, read jobs, the platform's timing. */
export interface Jobs {
  readonly timing: JobTiming;
  /** What job reads show besides status (the job's times, a successful job's result). */
  readonly view: JobRecordView;
  submit(req: JobRequest): Job;
  read(job: Job): void;
  rawState(job: Job): string;
}

/** Usage and allowances per quota key; the failure detail a create job gets when the allowance is used up. */
export interface QuotaService {
  /** Quota keys in family order: `instance`, `volume`, … */
  readonly keys: readonly string[];
  limitsOf(account: string): Limits;
  failure(account: string, key: string, adding?: number): string | undefined;
  usage(account: string): Record<string, number>;
  /**
   * What other families' records hold of quota key `key` (a cluster's node VMs are instances), over every account,
   * for the records `match` picks.
   */
  heldWhere(key: string, match: (r: Owned) => boolean): number;
}

/**
 * A request as handlers see it. `D` is the family data (repositories) the handler reaches; each handler module
 * says which it needs, the registry provides all of them.
 */
export interface Ctx<D = unknown> {
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
  /** The caller's account in the routed region (scope region). */
  owner: Owner;
  data: D;
  store: Store;
  jobs: Jobs;
  quota: QuotaService;
  clock: Clock;
  /** The fault rule matched by this request, if any; job creation reads jobFail, jobStuck and jobStuckMs. */
  fault?: { jobFail?: { detail: string }; jobStuck?: boolean; jobStuckMs?: number };
  /**
   * For multi-region reads: the injected failure of one region's part (a fault rule naming that region, with a
   * status), consumed like any match; undefined when none applies.
   */
  regionFault?: (region: Region) => { status: number } | undefined;
}

export type Handler<D = any> = (ctx: Ctx<D>) => Reply | Promise<Reply>;

export interface RouteDef<D = any> {
  method: Method;
  /** Full path template with {param} placeholders. */
  path: string;
  handler: Handler<D>;
  scope: Scope;
}

/** The error body; its timestamp is the server's local time without offset, as the API layer writes it. */
export function errorBody(clock: Clock, message: string, detail: string) {
  return { message, timestamp: clock.local(), detail };
}

export const ok = (body: unknown, audit?: AuditFacts): Reply => ({ status: 200, body, audit });

/** The accepted-mutation result; jobId absent means the operation completed synchronously. */
export const accepted = (id: string, jobId?: string, audit?: AuditFacts): Reply => ({
  status: 200,
  body: jobId ? { jobId, id } : { id },
  audit,
});
