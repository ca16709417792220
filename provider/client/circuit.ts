// Shared causes, met once. Some failures are not a call's own but every call's of a scope: no route to the API
// (every region of one address: the region is only a header), no answer from it at all (reads that time out:
// a host that drops packets, an API that hangs), a token the API refuses or that expired (one
// address and token), a gateway's or an unavailable API's 5xx (one address and region; another region may be
// served by other machines). A client given a Circuit (the resource providers share one per process) lets the
// first call that meets such a failure establish it with the retry policy, while other calls that meet it wait
// for that answer instead of retrying each on their own; once established, a call that meets it again (one
// attempt, no retries) fails at once with one line that points at it (SharedCauseError). Any answer that
// shows the cause gone (a response from the address, a token the API accepts, a region that answers) closes it
// again, so nothing is refused for longer than the cause lasts: a call is always sent (or the token checked)
// before it fails.

import {
  ApiError,
  AuthenticationError,
  type CallContext,
  ConnectionError,
  InternalServerError,
  RequestError,
  RequestTimeoutError,
  TokenError,
  where,
} from "./errors";

/** An earlier call's failure that every call of its scope shares (a Circuit's `Trip`). */
export interface SharedCause {
  /** The first call's error, as it was thrown. */
  readonly cause: Error;
  /** Set by whoever first shows the cause to the user (a resource's label); later reports point at it. */
  reportedOn?: string;
}

/**
 * This call met a cause an earlier call already established after its retries (no route to the API, a token
 * the API refuses or that expired, a gateway's 5xx): it was not retried (or not sent at all, `tried` false),
 * and its message is one line that points at the cause.
 */
export class SharedCauseError extends RequestError {
  constructor(
    readonly shared: SharedCause,
    context: CallContext,
    /** False when nothing was sent (the token was refused before the call). */
    readonly tried: boolean,
  ) {
    super(
      `${where(context)} ${tried ? "not retried" : "not tried"}: ${causeSummary(shared.cause)} (an earlier call met it first${shared.reportedOn ? `, reported on ${shared.reportedOn}` : ""}).`,
      context,
      { cause: shared.cause },
    );
  }
}

/** The cause of a shared failure in a few words, without the call it happened on. */
export function causeSummary(err: Error): string {
  if (err instanceof ConnectionError)
    return `could not talk to ${err.origin} (${err.code ?? "connection error"})`;
  if (err instanceof RequestTimeoutError) return `no answer within ${err.timeoutMs} ms`;
  if (err instanceof TokenError && err.expiredAt)
    return `the API token expired at ${err.expiredAt.toISOString()}`;
  if (err instanceof ApiError) {
    const said = err.apiMessage;
    const id = err.requestId ? ` (request id ${err.requestId})` : "";
    return `the API answered ${err.status}${id}${said ? `: ${said}` : ""}`;
  }
  return err.message;
}

export type CauseKind = "connection" | "silence" | "token" | "server";

/** Where a call goes, as far as shared causes go: never the token itself, only its digest. */
export interface CircuitScope {
  origin: string;
  region?: string;
  credential: string;
}

/** An established shared cause. */
export interface Trip extends SharedCause {
  readonly kind: CauseKind;
  /** When a call last met it (performance.now()). */
  at: number;
}

/** The shared cause an error is, if it is one. */
export function causeKind(err: unknown): CauseKind | undefined {
  if (err instanceof ConnectionError) return "connection";
  // a read's timeout (a mutation's is a lost answer: recovery resolves it, and only its last failure trips)
  if (err instanceof RequestTimeoutError) return "silence";
  if (err instanceof TokenError) return err.problem === "expired" ? "token" : undefined;
  if (err instanceof AuthenticationError) return "token";
  if (err instanceof InternalServerError) return isGatewayFailure(err) ? "server" : undefined;
  return undefined;
}

/**
 * A 5xx that says the API itself is not answering (a gateway's 502/504, 503 unavailable, or a page that is not
 * the API's JSON): other calls meet it too. A 500 in the API's own error body is one call's failure.
 */
export function isGatewayFailure(err: ApiError): boolean {
  return err.status === 502 || err.status === 503 || err.status === 504 || typeof err.body === "string";
}

const keyOf = (kind: CauseKind, s: CircuitScope) =>
  kind === "connection" || kind === "silence"
    ? `${kind} ${s.origin}`
    : kind === "token"
      ? `token ${s.origin} ${s.credential}`
      : `server ${s.origin} ${s.region ?? ""}`;

/** The trip an error established (the first call's own error), for whoever reports it. */
const tripsOf = new WeakMap<Error, Trip>();

/** The shared cause behind an error: the first call's error itself, or a later call's SharedCauseError. */
export function sharedCauseOf(err: unknown): SharedCause | undefined {
  if (!(err instanceof Error)) return undefined;
  const own = tripsOf.get(err);
  if (own) return own;
  const shared = (err as { shared?: SharedCause }).shared;
  return shared && shared.cause instanceof Error ? shared : undefined;
}

export class Circuit {
  readonly #open = new Map<string, Trip>();
  /** Causes being established: the first call's retries are under way; the value settles with their outcome. */
  readonly #pending = new Map<string, Promise<Trip | undefined>>();

  /** Whether any cause is established: while none is, an answer has nothing to close (the common case). */
  get tripped(): boolean {
    return this.#open.size > 0;
  }

  /** The established cause of this kind for the scope, if any. */
  open(kind: CauseKind, scope: CircuitScope): Trip | undefined {
    return this.#open.get(keyOf(kind, scope));
  }

  /**
   * A call met a cause of this kind that is not established yet. The first becomes its prober (`own`: call
   * `settle` with the outcome, always); later ones get the prober's outcome to wait for (`join`): the trip, or
   * undefined when it recovered.
   */
  meet(
    kind: CauseKind,
    scope: CircuitScope,
  ): { own: (failed?: Error) => void } | { join: Promise<Trip | undefined> } {
    const key = keyOf(kind, scope);
    const pending = this.#pending.get(key);
    if (pending) return { join: pending };
    let resolve!: (t: Trip | undefined) => void;
    this.#pending.set(key, new Promise((r) => (resolve = r)));
    let settled = false;
    return {
      own: (failed?: Error) => {
        if (settled) return;
        settled = true;
        this.#pending.delete(key);
        resolve(failed && causeKind(failed) === kind ? this.trip(failed, scope) : undefined);
      },
    };
  }

  /** Establishes the cause an error is (after its call's retries); the one already open stays. */
  trip(err: Error, scope: CircuitScope): Trip | undefined {
    const kind = causeKind(err);
    if (!kind) return undefined;
    const key = keyOf(kind, scope);
    const open = this.#open.get(key);
    if (open) return open;
    const trip: Trip = { kind, cause: err, at: performance.now() };
    this.#open.set(key, trip);
    tripsOf.set(err, trip);
    return trip;
  }

  /**
   * The API answered a call of the scope with `status` (`gateway`: a 5xx of its own kind, see
   * isGatewayFailure): the address is reachable; a status other than 401 took the token; an answer that is not
   * a gateway's failure shows the region served.
   */
  answered(scope: CircuitScope, status: number, gateway: boolean): void {
    this.#open.delete(keyOf("connection", scope));
    this.#open.delete(keyOf("silence", scope));
    if (status !== 401) this.#open.delete(keyOf("token", scope));
    if (!gateway) this.#open.delete(keyOf("server", scope));
  }

  /**
   * An address that gave no answer within a call's timeout, met again less than `holdMs` ago: a call sent now
   * would most likely wait out its whole timeout too, so it is not sent (nothing lands) and fails at once. Once
   * the hold has passed, the next call is sent again, and its answer (or its silence) decides.
   */
  silent(scope: CircuitScope, holdMs: number): Trip | undefined {
    const trip = this.#open.get(keyOf("silence", scope));
    return trip && performance.now() - trip.at < holdMs ? trip : undefined;
  }

  /** A call met an established cause again: its hold (see `silent`) starts anew. */
  metAgain(trip: Trip): void {
    trip.at = performance.now();
  }

  /** Forgets every established cause (calls still establishing theirs finish as they would). */
  clear(): void {
    this.#open.clear();
  }
}
