// The request core: builds headers (token, region, tenant), performs one exchange, maps failures to the
// error hierarchy, validates bodies, retries reads, and runs the spec's lost-answer protocol for mutations.
// Family clients (provider/families/<family>/client.ts) are one or two lines over `get`, `mutate` and `accepted`,
// most of them through the family base's pieces (family.ts: `createJob`, `jobOn`, `putQuery`, `synchronous`).

import type { JobCommand } from "../families/jobs";
import type { Credential } from "./auth";
import { parseBody } from "./bodies";
import { type CircuitScope, causeKind, SharedCauseError } from "./circuit";
import {
  ApiError,
  AuthenticationError,
  type CallContext,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  type ErrorBody,
  InvalidResponseError,
  MutationOutcomeUnknownError,
  makeApiError,
  RateLimitError,
  RequestAbortedError,
  RequestTimeoutError,
  TokenError,
} from "./errors";
import { inFlight } from "./inFlight";
import { noteJobCommand } from "./jobHistory";
import { headerIdentifier, isTenantPath, queryString } from "./paths";
import { ErrorBodySchema } from "./records";
import { claimJob, jobIdsBefore, type LostMutation, recoverLostMutation, tiedWithoutTime } from "./recovery";
import { isTransient, parseRetryAfter, retryDelay, sleep } from "./retry";
import { monotonicNow, readingOf } from "./serverTime";
import { exchange, header, type RawResponse, TransportFailure } from "./transport";
import {
  type AcceptedMutation,
  acceptedIn,
  type CallOptions,
  type ClientEvent,
  type CoreReads,
  type CoreSettings,
  type EarlierAttempt,
  type Exchange,
  type JobCheck,
  type MutationSpec,
  type Read,
  type RecoveryOptions,
  type TenantRead,
} from "./types";

export type {
  AcceptedMutation,
  CallOptions,
  ClientEvent,
  CoreSettings,
  EarlierAttempt,
  Method,
  MutationSpec,
  Recovery,
} from "./types";
export { acceptedIn } from "./types";

export class CimCore implements CoreReads {
  // ES private fields: invisible to util.inspect, JSON.stringify and Object.keys, so neither the credential
  // closure nor a test dispatcher's request history can surface through a logged client.
  readonly #settings: CoreSettings;
  readonly #credential: Credential;
  /** The API's origin, the circuit's scope of an address (parsed once, not per call). */
  readonly #origin: string;
  /** Per region and command, the jobs listed before unnamed creates were sent (jobsBefore). */
  readonly #jobsBefore = new Map<string, { at: number; ids: Promise<string[]> }>();

  constructor(settings: CoreSettings, credential: Credential) {
    this.#settings = settings;
    this.#credential = credential;
    this.#origin = new URL(settings.baseUrl).origin;
  }

  get region(): string | undefined {
    return this.#settings.region;
  }

  get claims() {
    return this.#credential.claims;
  }

  withRegion(region: string | undefined): CimCore {
    return new CimCore({ ...this.#settings, region }, this.#credential);
  }

  regionFor(options?: CallOptions): string | undefined {
    return options?.region ?? this.#settings.region;
  }

  /** A read, retried on transient failures. */
  get<T>(...[path, schema, query, options, scope]: Read<T>): Promise<T> {
    return this.read({ method: "GET", path, schema, query, options, scope });
  }

  /** A read on an organization route, the only kind of call that may carry X-Tenant-Context. */
  tenantGet<T>(...[path, schema, options, query]: TenantRead<T>): Promise<T> {
    return this.read({
      method: "GET",
      path,
      schema,
      query,
      options,
      scope: "region",
      tenantContext: options?.tenantContext,
    });
  }

  /** An asynchronous mutation answering the accepted-mutation result. */
  accepted(
    spec: Omit<MutationSpec<AcceptedMutation>, "schema" | "recovery"> & {
      command: JobCommand;
      resourceId?: string;
      verify?: JobCheck;
    },
  ): Promise<AcceptedMutation> {
    const region = this.regionFor(spec.options);
    return this.mutate({
      ...spec,
      schema: acceptedIn(region),
      recovery: {
        kind: "job",
        command: spec.command,
        resourceId: spec.resourceId,
        verify: spec.verify,
        adopt: (job) => ({ jobId: job.jobId, id: job.resourceId ?? spec.resourceId, region, adopted: true }),
      },
    });
  }

  private async read<T>(x: Exchange<T>): Promise<T> {
    const policy = this.#settings.retry;
    const circuit = this.#settings.circuit;
    // This call's part in establishing a shared cause (circuit.ts): settled however the call ends.
    let owned: ((failed?: Error) => void) | undefined;
    let last: Error | undefined;
    this.unlessSilent(x);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const value = await this.once(x, attempt);
          last = undefined;
          return value;
        } catch (err) {
          last = err as Error;
          const kind = circuit && causeKind(err);
          if (circuit && kind && !owned) {
            const scope = this.scope(x);
            // Established already: one attempt met it again, so no retries. Else the first call to meet it
            // retries, and the others wait for its answer: the cause if it held, or a new attempt at once.
            const open = circuit.open(kind, scope);
            if (open) {
              circuit.metAgain(open);
              throw new SharedCauseError(open, this.context(x, attempt), !(err instanceof TokenError));
            }
            const met = circuit.meet(kind, scope);
            if ("join" in met) {
              const trip = await met.join;
              if (trip)
                throw new SharedCauseError(trip, this.context(x, attempt), !(err instanceof TokenError));
              continue;
            }
            owned = met.own;
          }
          const delay =
            isTransient(err) && attempt <= policy.maxReadRetries
              ? retryDelay(err, attempt, policy)
              : undefined;
          if (delay === undefined) throw err;
          await this.pause(x, attempt, delay, err);
        }
      }
    } finally {
      owned?.(last);
    }
  }

  /**
   * A mutation. Never retried blindly: an explicit refusal (connection never made, 429) is retried after
   * the backoff; a lost answer (timeout, reset after sending, 5xx, unreadable 2xx) is first resolved by the
   * recovery protocol, and retried only when it shows the request did not land.
   */
  async mutate<T>(x: MutationSpec<T>): Promise<T> {
    const policy = this.#settings.retry;
    this.unlessSilent(x);
    const startedAt = monotonicNow();
    // Jobs listed by the lookups of earlier attempts: none of them is a later attempt's. An unnamed create's
    // starts with its command's jobs listed before it is sent (recovery.ts, jobIdsBefore).
    const seen = new Set<string>(
      x.recovery.kind === "job" && !tiedWithoutTime(x.recovery)
        ? await this.jobsBefore(x, x.recovery.command)
        : [],
    );
    let reconciled = false;
    // The first attempt of a create whose answer was lost while the server may still hold it, and whose job was
    // not found: the server may perform it after a later attempt. What a later attempt gives back carries the
    // look for it (AcceptedMutation.earlier).
    let held: Error | undefined;
    const answered = (value: T) =>
      this.noteCommand(x, held ? this.withEarlier(x, value, held, { startedAt, seen }) : value);
    for (let attempt = 1; ; attempt++) {
      const sentAt = monotonicNow();
      try {
        // The job is claimed as the answer comes in, before anything waiting on this send resumes (inFlight.ts).
        const send = this.once(x, attempt).then((value) => {
          const jobId = (value as { jobId?: unknown } | undefined)?.jobId;
          if (typeof jobId === "string") claimJob(jobId);
          return value;
        });
        const value = await (x.recovery.kind === "job" ? inFlight(x.recovery.command, send) : send);
        return answered(value);
      } catch (err) {
        this.sharedRefusal(x, err, attempt);
        const refused = (err instanceof ConnectionError && !err.sent) || err instanceof RateLimitError;
        if (!refused) {
          if (!answerLost(err)) {
            // Sent again after a lost answer and refused as a conflict (409): the earlier attempt, held by the
            // API past the timeout and the grace, may have been performed first and taken the name.
            const first =
              err instanceof ConflictError && (held || reconciled)
                ? await this.afterConflict(x, attempt, held, { startedAt, seen })
                : undefined;
            if (first) return answered(first.value);
            throw err;
          }
          const found = await this.resolveLost(x, err as Error, attempt, { startedAt, sentAt, seen });
          if (found) return answered(found.value);
          // A 2xx was accepted even if unreadable, so "no job" does not mean "not landed": never resend.
          if (err instanceof InvalidResponseError) throw err;
          if (x.recovery.kind === "job" && x.recovery.resourceId === undefined && mayBeInFlight(err))
            held ??= err as Error;
          // Synchronous, content-idempotent changes are sent at most once more.
          if (x.recovery.kind === "reconcile") {
            if (reconciled) throw err;
            reconciled = true;
          }
        }
        const delay = attempt <= policy.maxRetries ? retryDelay(err, attempt, policy) : undefined;
        if (delay === undefined) {
          // a mutation's last failure establishes a shared cause as a read's does
          if (err instanceof Error) this.#settings.circuit?.trip(err, this.scope(x));
          throw err;
        }
        await this.pause(x, attempt, delay, err);
      }
    }
  }

  /**
   * A mutation refused before it could land (nothing sent, or the token refused) by a cause already
   * established: one line that points at it, and no retry. A lost answer still goes through recovery.
   */
  private sharedRefusal(x: Exchange<unknown>, err: unknown, attempt: number): void {
    const circuit = this.#settings.circuit;
    const kind = circuit && causeKind(err);
    if (!circuit || !kind) return;
    const notLanded =
      err instanceof TokenError ||
      err instanceof AuthenticationError ||
      (err instanceof ConnectionError && !err.sent);
    const open = notLanded ? circuit.open(kind, this.scope(x)) : undefined;
    if (open) throw new SharedCauseError(open, this.context(x, attempt), !(err instanceof TokenError));
  }

  /** Not sent to an address that just gave no answer to another call (Circuit.silent): fails at once. */
  private unlessSilent(x: Exchange<unknown>): void {
    const circuit = this.#settings.circuit;
    if (!circuit?.tripped) return;
    const quiet = circuit.silent(this.scope(x), x.options?.timeoutMs ?? this.#settings.timeoutMs);
    if (quiet) throw new SharedCauseError(quiet, this.context(x, 1), false);
  }

  /** An answer closes the causes it shows gone (Circuit.answered); nothing to do while none is established. */
  private answered(x: Exchange<unknown>, status: number, gateway: boolean): void {
    const circuit = this.#settings.circuit;
    if (circuit?.tripped) circuit.answered(this.scope(x), status, gateway);
  }

  /** Where a call goes, for the circuit. */
  private scope(x: Exchange<unknown>): CircuitScope {
    return {
      origin: this.#origin,
      region: x.scope === "global" ? undefined : this.regionFor(x.options),
      credential: this.#credential.digest,
    };
  }

  /**
   * Notes the command of an accepted job by its id: the waiter's history key (region, command) for
   * `jobs.wait(result)`, without changing the result's shape.
   */
  private noteCommand<T>(x: MutationSpec<T>, value: T): T {
    const jobId = (value as { jobId?: unknown } | undefined)?.jobId;
    if (typeof jobId === "string" && x.recovery.kind === "job") noteJobCommand(jobId, x.recovery.command);
    return value;
  }

  /**
   * The jobs of a command listed before an unnamed create of it is sent, one list per region and command for
   * half a minute: a list that ended before the send holds only jobs older than it. Jobs made in this process
   * after the list are claimed by their answers; another process's are judged by their times, as without it.
   */
  private jobsBefore(x: MutationSpec<unknown>, command: JobCommand): Promise<string[]> {
    const region = this.regionFor(x.options);
    const key = `${region}\n${command}`;
    const now = monotonicNow();
    const listed = this.#jobsBefore.get(key);
    if (listed && now - listed.at < 30_000) return listed.ids;
    const ids = jobIdsBefore(this, region, command, x.options?.signal);
    this.#jobsBefore.set(key, { at: now, ids });
    return ids;
  }

  /**
   * A resent create's look for the jobs of its earlier attempts (AcceptedMutation.earlier): the same lookup as
   * the lost answer's, from the same start and past every job the earlier lookups listed, the answered
   * attempt's own job being claimed already. One job per earlier attempt at most; each found is claimed.
   */
  private withEarlier<T>(
    x: MutationSpec<T>,
    value: T,
    cause: Error,
    times: { startedAt: number; seen: Set<string> },
  ): T {
    const recovery = x.recovery;
    if (recovery.kind !== "job" || !value || typeof value !== "object") return value;
    const earlier = async (): Promise<EarlierAttempt[]> => {
      const found: EarlierAttempt[] = [];
      for (let n = 0; n < this.#settings.retry.maxRetries; n++) {
        const job = await this.lookFor(x, recovery, { ...times, cause, mayBeInFlight: true });
        if (!job) break;
        if (job.jobId) times.seen.add(job.jobId);
        found.push({ job, named: tiedWithoutTime(recovery) });
      }
      this.emit({
        type: "recovery",
        method: x.method,
        path: x.path,
        attempt: 1,
        outcome: found.length
          ? `an earlier attempt landed late: ${found.map((f) => f.job.jobId).join(", ")}`
          : "no earlier attempt landed",
      });
      return found;
    };
    return Object.assign(value, { earlier });
  }

  /**
   * A mutation sent again after a lost answer, the resend refused as a conflict: what the earlier attempt made,
   * if the API performed it after all (re-read state; for a create, its job, tied as a lost answer's is), or
   * undefined (the refusal stands). A lookup that fails leaves the refusal standing too.
   */
  private async afterConflict<T>(
    x: MutationSpec<T>,
    attempt: number,
    held: Error | undefined,
    times: { startedAt: number; seen: Set<string> },
  ): Promise<{ value: T } | undefined> {
    const recovery = x.recovery;
    let value: T | undefined;
    try {
      if (recovery.kind === "reconcile") value = await recovery.reconcile();
      else if (held) {
        const job = await this.lookFor(x, recovery, { ...times, cause: held, mayBeInFlight: false });
        if (job) value = await recovery.adopt(job);
      }
    } catch {
      return undefined;
    }
    this.emit({
      type: "recovery",
      method: x.method,
      path: x.path,
      attempt,
      outcome: value === undefined ? "refused, and no earlier attempt landed" : "an earlier attempt landed",
    });
    return value === undefined ? undefined : { value };
  }

  /** The spec's lost-answer protocol: the adopted job (or the re-read state), or undefined when not landed. */
  private async resolveLost<T>(
    x: MutationSpec<T>,
    err: Error,
    attempt: number,
    times: { startedAt: number; sentAt: number; seen: Set<string> },
  ): Promise<{ value: T } | undefined> {
    const recovery = x.recovery;
    const event = { type: "recovery" as const, method: x.method, path: x.path, attempt };
    if (recovery.kind === "reconcile") {
      // While the request may still be in flight, "not there" is looked at once more after the grace period, as
      // a job is looked for: a synchronous create held past the timeout and performed after the first look would
      // otherwise be sent again and refused, its name taken by the record it made itself.
      const looks = mayBeInFlight(err) && this.recoveryOptions.graceMs > 0 ? 2 : 1;
      try {
        for (let look = 0; look < looks; look++) {
          if (look > 0) await sleep(this.recoveryOptions.graceMs, x.options?.signal);
          const current = await recovery.reconcile();
          if (current !== undefined) return { value: current };
        }
        return undefined;
      } catch (readErr) {
        const cause = readErr instanceof Error ? readErr : err;
        throw new MutationOutcomeUnknownError(this.context(x, attempt), `${x.method} ${x.path}`, cause);
      }
    }
    const job = await this.lookFor(x, recovery, {
      ...times,
      // A 5xx from the API layer carries its clock in the error body's timestamp (a proxy's page does not).
      reading: err instanceof ApiError ? readingOf(err.body, times.sentAt, monotonicNow()) : undefined,
      mayBeInFlight: mayBeInFlight(err),
      cause: err,
    });
    this.emit({ ...event, outcome: job ? `adopted ${job.jobId}` : "no job found" });
    return job ? { value: await recovery.adopt(job) } : undefined;
  }

  /**
   * The recent-jobs lookup (recovery.ts) for a job mutation's attempts: those of a lost answer, those of a resent
   * create (withEarlier) and those behind a resend's conflict (afterConflict), from the mutation's own start.
   */
  private lookFor<T>(
    x: MutationSpec<T>,
    recovery: Extract<MutationSpec<T>["recovery"], { kind: "job" }>,
    o: Pick<LostMutation, "startedAt" | "seen" | "cause" | "mayBeInFlight" | "reading">,
  ) {
    return recoverLostMutation(this, {
      method: x.method,
      path: x.path,
      region: this.regionFor(x.options),
      command: recovery.command,
      resourceId: recovery.resourceId,
      verify: recovery.verify,
      signal: x.options?.signal,
      startedAt: o.startedAt,
      seen: o.seen,
      cause: o.cause,
      mayBeInFlight: o.mayBeInFlight,
      reading: o.reading,
    });
  }

  private async pause(x: Exchange<unknown>, attempt: number, delayMs: number, err: unknown): Promise<void> {
    this.emit({
      type: "retry",
      method: x.method,
      path: x.path,
      region: this.regionFor(x.options),
      attempt,
      delayMs,
      error: err instanceof Error ? err.name : undefined,
    });
    try {
      await sleep(delayMs, x.options?.signal);
    } catch {
      throw new RequestAbortedError(this.context(x, attempt), x.method !== "GET");
    }
  }

  private context(x: Exchange<unknown>, attempt: number): CallContext {
    return {
      method: x.method,
      path: x.path + queryString(x.query),
      region: x.scope === "global" ? undefined : this.regionFor(x.options),
      attempts: attempt,
    };
  }

  /** One HTTP exchange: headers, transport, error mapping, JSON and schema. */
  private async once<T>(x: Exchange<T>, attempt: number): Promise<T> {
    this.#credential.assertUsable();
    const ctx = this.context(x, attempt);
    const headers: Record<string, string> = {
      authorization: this.#credential.authorization(),
      accept: "application/json",
      "user-agent": this.#settings.userAgent,
    };
    if (x.body !== undefined) headers["content-type"] = "application/json";
    if (ctx.region !== undefined) headers["x-region-context"] = headerIdentifier("region", ctx.region);
    if (x.tenantContext !== undefined) {
      // By construction only tenantGet sets tenantContext, and only with a TenantPath; assert it anyway.
      if (!isTenantPath(x.path))
        throw new Error(`X-Tenant-Context refused on ${x.path}: organization routes only`);
      headers["x-tenant-context"] = headerIdentifier("tenantContext", x.tenantContext);
    }
    const started = Date.now();
    let raw: RawResponse;
    try {
      raw = await exchange({
        url: this.#settings.baseUrl + ctx.path,
        method: x.method,
        headers,
        body: x.body === undefined ? undefined : JSON.stringify(x.body),
        timeoutMs: x.options?.timeoutMs ?? this.#settings.timeoutMs,
        signal: x.options?.signal,
        dispatcher: this.#settings.dispatcher,
        maxConcurrent: this.#settings.maxConcurrentRequests,
      });
    } catch (err) {
      const mapped = this.transportError(err, ctx, x);
      this.emit({
        ...eventBase(ctx, attempt),
        type: "failure",
        durationMs: Date.now() - started,
        error: mapped.name,
      });
      throw mapped;
    }
    this.emit({
      ...eventBase(ctx, attempt),
      type: "response",
      status: raw.status,
      durationMs: Date.now() - started,
    });
    if (raw.status < 200 || raw.status > 299) {
      const failed = this.apiError(raw, ctx);
      this.answered(x, raw.status, causeKind(failed) === "server");
      throw failed;
    }
    this.answered(x, raw.status, false);
    // A server that echoes the Authorization header must not smuggle the token into results or errors.
    const text = this.#credential.redact(raw.text);
    let json: unknown = {};
    if (text.trim() !== "") {
      const parsed = parseBody(text, header(raw.headers, "content-type"));
      if (!parsed.ok) throw new InvalidResponseError(ctx, raw.status, "json", [], parsed.unreadable);
      json = parsed.value;
    }
    const parsed = x.schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
      throw new InvalidResponseError(ctx, raw.status, "shape", issues);
    }
    return parsed.data;
  }

  private transportError(err: unknown, ctx: CallContext, x: Exchange<unknown>): Error {
    if (!(err instanceof TransportFailure) || err.kind === "invalid") {
      // undici refused the request itself (e.g. an invalid header value): a bug, not a network problem.
      const message = this.#credential.redact(err instanceof Error ? err.message : String(err));
      return new ConfigurationError(`${ctx.method} ${ctx.path} could not be sent: ${message}.`);
    }
    if (err.kind === "timeout") {
      // Name what set the limit: the client's (a setting such as cim:requestTimeout) or this call's own.
      const own = x.options?.timeoutMs;
      return new RequestTimeoutError(
        ctx,
        own ?? this.#settings.timeoutMs,
        own === undefined ? this.#settings.timeoutName : undefined,
      );
    }
    if (err.kind === "aborted") return new RequestAbortedError(ctx, x.method !== "GET" && err.sent);
    return new ConnectionError(
      ctx,
      new URL(this.#settings.baseUrl).origin,
      err.code,
      err.sent,
      this.sanitise(err),
    );
  }

  /** A fresh, plain Error with a redacted message: undici errors are never attached as they are. */
  private sanitise(err: unknown): Error {
    const message = err instanceof Error ? err.message : String(err);
    const out = new Error(this.#credential.redact(message));
    out.name = err instanceof Error ? err.name : "Error";
    return out;
  }

  private apiError(raw: RawResponse, ctx: CallContext): ApiError {
    const text = this.#credential.redact(raw.text);
    let body: ErrorBody | string | undefined = text.trim() ? text.slice(0, 2000) : undefined;
    // Not JSON (a proxy's HTML page, a cut answer): keep the text; messages describe it (errors.apiMessage).
    const parsed = parseBody(text, header(raw.headers, "content-type"));
    if (parsed.ok) {
      const errorBody = ErrorBodySchema.safeParse(parsed.value);
      if (errorBody.success) body = errorBody.data as ErrorBody;
    }
    const claims = this.#credential.claims;
    return makeApiError(raw.status, body, ctx, {
      requestId: header(raw.headers, "x-request-id") ?? header(raw.headers, "request-id"),
      retryAfterMs: parseRetryAfter(
        header(raw.headers, "retry-after"),
        header(raw.headers, "retry-after-ms"),
        header(raw.headers, "date"),
      ),
      auth: {
        expiresAt: claims.expiresAt,
        audience: claims.audience,
        subject: claims.subject,
        source: this.#credential.source,
      },
    });
  }

  emit(e: ClientEvent): void {
    try {
      if (this.#settings.onEvent) this.#settings.onEvent(e);
      else if (process.env.CIM_DEBUG) process.stderr.write(`[cim-client] ${JSON.stringify(e)}\n`);
    } catch {
      // a faulty listener never breaks a call
    }
  }

  get recoveryOptions(): Required<RecoveryOptions> {
    return this.#settings.recovery;
  }
}

function eventBase(ctx: CallContext, attempt: number) {
  return { method: ctx.method, path: ctx.path, region: ctx.region, attempt };
}

/** The request may still be on its way to the platform (held past the timeout, or behind a gateway). */
function mayBeInFlight(err: unknown): boolean {
  return err instanceof RequestTimeoutError || (err instanceof ApiError && err.status >= 502);
}

/** The request may have landed but its answer is unknown. */
function answerLost(err: unknown): boolean {
  if (err instanceof ConnectionError) return err.sent;
  if (err instanceof RequestTimeoutError) return true;
  // A 2xx the client cannot read (not JSON, or not the documented shape) was accepted: its jobId is lost.
  if (err instanceof InvalidResponseError) return true;
  return err instanceof ApiError && err.status >= 500;
}
