// Shapes shared by the core and the family modules: call options, events, accepted mutations, and the
// description of a mutation with its lost-answer recovery.

import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { JobCommand } from "../families/jobs";
import type { Circuit } from "./circuit";
import type { ApiPath, Query, TenantPath } from "./paths";
import { AcceptedSchema, type Job } from "./records";
import type { RetryPolicy } from "./retry";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Per-call options every family method accepts. */
export interface CallOptions {
  /** Region uuid for X-Region-Context; defaults to the client's region, then the API default. */
  region?: string;
  signal?: AbortSignal;
  /** Per-request timeout; defaults to the client's timeoutMs. */
  timeoutMs?: number;
}

/** What the client reports to `onEvent` (and to stderr with CIM_DEBUG=1). Never headers, never the token. */
export interface ClientEvent {
  type: "response" | "failure" | "retry" | "recovery";
  method: string;
  path: string;
  region?: string;
  attempt: number;
  status?: number;
  durationMs?: number;
  delayMs?: number;
  error?: string;
  outcome?: string;
}

export interface CoreSettings {
  baseUrl: string;
  region?: string;
  timeoutMs: number;
  /** What sets timeoutMs, for the timeout error (e.g. "cim:requestTimeout (CIM_REQUEST_TIMEOUT)"). */
  timeoutName?: string;
  /** The most requests in flight in this process for one of this client's to start; absent: no ceiling. */
  maxConcurrentRequests?: number;
  userAgent: string;
  dispatcher?: Dispatcher;
  retry: RetryPolicy;
  recovery: Required<RecoveryOptions>;
  onEvent?: (e: ClientEvent) => void;
  /** Shared causes met once (circuit.ts); absent: every call meets its failures on its own. */
  circuit?: Circuit;
}

/** An accepted asynchronous mutation: poll `jobId` in `region`. No jobId means it completed synchronously. */
export interface AcceptedMutation {
  jobId?: string;
  id?: string;
  /** The X-Region-Context the call used (undefined: API default); waitForJob polls with the same. */
  region?: string;
  /** True when the answer was lost and the job was found in the recent-jobs list instead. */
  adopted?: boolean;
  /**
   * Set on a create that was sent again after an earlier attempt's answer was lost while the server may still
   * have held that attempt (a timeout, a gateway's 502–504): the server can perform it after all, later than the
   * resend, and make a second resource. Call it once this create's own job has ended: it gives the jobs such
   * earlier attempts made (core.ts, `withEarlier`), each claimed so nothing adopts it. Absent: no attempt of
   * this create can have landed besides the one answered.
   */
  earlier?: () => Promise<EarlierAttempt[]>;
}

/** A job an earlier attempt of a resent create made (AcceptedMutation.earlier). */
export interface EarlierAttempt {
  job: Job;
  /**
   * True when the job is tied to the request by the name it asked for (and the fields its record echoes); false
   * when by its time alone (an unnamed create), so it may be another program's request of the same command.
   */
  named: boolean;
}

export type Scope = "region" | "global";

export interface RecoveryOptions {
  /**
   * When the answer may still be in flight (timeout, 502/503/504), look again after this long before
   * concluding that the request did not land. Default 2 s.
   */
  graceMs?: number;
  /**
   * Slack when comparing a job's `created` with what the server's clock read when the request was sent
   * (both server times): the server's clocks may differ a little between its job records and its error
   * bodies. Default 10 s.
   */
  clockToleranceMs?: number;
  /**
   * Pages of /jobs?hoursBack= to read at most. Default 25 (5,000 jobs). A lost answer whose job is not among them
   * while the platform lists more is an unknown outcome (nothing is resent).
   */
  maxPages?: number;
}

/** A read's arguments: where, the schema of the answer, its query, the call's options, and its scope. */
export type Read<T> = [
  path: ApiPath,
  schema: z.ZodType<T>,
  query?: Query,
  options?: CallOptions,
  scope?: Scope,
];

/** A read on an organization route: the options may carry the tenant context. */
export type TenantRead<T> = [
  path: TenantPath,
  schema: z.ZodType<T>,
  options?: CallOptions & { tenantContext?: string },
  query?: Query,
];

/**
 * The reads of the core that pagination and the lost-answer recovery make. They take this rather than the core
 * (core.ts), which calls them: a mutation's recovery lists recent jobs through a paginator over the same core.
 */
export interface CoreReads {
  get<T>(...read: Read<T>): Promise<T>;
  tenantGet<T>(...read: TenantRead<T>): Promise<T>;
  regionFor(options?: CallOptions): string | undefined;
  readonly recoveryOptions: Required<RecoveryOptions>;
}

export interface Exchange<T> {
  method: Method;
  path: ApiPath;
  query?: Query;
  body?: object;
  schema: z.ZodType<T>;
  scope?: Scope;
  options?: CallOptions;
  tenantContext?: string;
}

/**
 * A lost create answer's check on a candidate job (recovery.ts; family.ts `createdAs`). `identifies`: false when
 * it cannot tell this request's record from another made with the same fields (no name), so the recovery still
 * needs the server's time to tie the job to the request.
 */
export type JobCheck = ((job: Job) => Promise<boolean>) & { readonly identifies?: boolean };

/** How a mutation whose answer was lost is resolved; see recovery.ts. */
export type Recovery<T> =
  | {
      kind: "job";
      command: JobCommand;
      resourceId?: string;
      /** Extra check on a candidate job (e.g. the created resource shows the requested name and fields). */
      verify?: JobCheck;
      adopt: (job: Job) => Promise<T> | T;
    }
  | {
      /** Synchronous, content-idempotent mutation: re-read state; undefined means "not applied". */
      kind: "reconcile";
      reconcile: () => Promise<T | undefined>;
    };

export interface MutationSpec<T> extends Exchange<T> {
  method: "POST" | "PUT" | "DELETE";
  recovery: Recovery<T>;
}

const acceptedSchemas = new Map<string, z.ZodType<AcceptedMutation>>();

/**
 * The accepted-mutation result, tagged with the region the call used. One schema per region, made once: a zod
 * schema costs far more to build than to run, and every mutation asks for one.
 */
export function acceptedIn(region: string | undefined): z.ZodType<AcceptedMutation> {
  const key = region ?? "";
  let schema = acceptedSchemas.get(key);
  if (!schema) {
    schema = AcceptedSchema.transform((a): AcceptedMutation => ({ jobId: a.jobId, id: a.id, region }));
    acceptedSchemas.set(key, schema);
  }
  return schema;
}
