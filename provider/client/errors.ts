// One error hierarchy for the whole client. Callers branch with `instanceof`; every message names what
// failed (method, path, region, resource) and what to do next. No error ever holds request headers or the
// token: errors are built from plain values only, and the core redacts the token from any server text.

import { describeUnreadable, looksLikeHtml, type UnreadableBody } from "./bodies";
import { formatAge, type TokenSource, tokenAdvice } from "./tokenText";

export type ErrorBody = { message?: string; detail?: string; timestamp?: string; [k: string]: unknown };

/** Where a failed call was going. Never contains headers. */
export interface CallContext {
  method: string;
  path: string;
  /** The X-Region-Context sent, or undefined when the API default region was used. */
  region?: string;
  /** How many HTTP attempts were made, retries included. */
  attempts?: number;
}

export class CimError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A problem with the client's own configuration (base URL, options), found before any call. */
export class ConfigurationError extends CimError {}

export type TokenProblem = "malformed" | "expired" | "audience";

/** The token failed the local preflight check (decoded, not verified), before any call was made. */
export class TokenError extends CimError {
  constructor(
    readonly problem: TokenProblem,
    message: string,
    /** When the token expired (problem "expired"). */
    readonly expiredAt?: Date,
  ) {
    super(message);
  }
}

/** "GET /api/v1/zones (region …)": the call a message is about. */
export const where = (c: CallContext) =>
  `${c.method} ${c.path}${c.region ? ` (region ${c.region})` : " (default region)"}`;
const attemptsNote = (c: CallContext) =>
  c.attempts && c.attempts > 1 ? ` [gave up after ${c.attempts} attempts]` : "";

/** What a 4xx hint says when the API gave no message: a guessed cause would mislead. */
const NO_REASON = "The API gave no reason.";

/** A failure of one call: which request (method, path, region) and after how many attempts. */
export class RequestError extends CimError {
  readonly method: string;
  readonly path: string;
  readonly region?: string;
  readonly attempts: number;
  constructor(message: string, context: CallContext, options?: { cause?: unknown }) {
    super(message, options);
    this.method = context.method;
    this.path = context.path;
    this.region = context.region;
    this.attempts = context.attempts ?? 1;
  }
}

/** The API answered with a non-2xx status. */
export class ApiError extends RequestError {
  constructor(
    readonly status: number,
    /** Parsed error body ({message, timestamp, detail}) or the raw text when it was not JSON. */
    readonly body: ErrorBody | string | undefined,
    context: CallContext,
    readonly requestId?: string,
    hint?: string,
    /** The server's Retry-After, in ms, when it sent one (429, 503, …). */
    readonly retryAfterMs?: number,
  ) {
    const said = apiMessage(body);
    // The request id only when the server sent one (the spec shows none; a gateway in front may add one).
    const id = requestId ? ` (request id ${requestId})` : "";
    super(
      `${where(context)} failed with ${status}${id}${said ? `: ${said}` : ""}.${hint ? ` ${hint}` : ""}${attemptsNote(context)}`,
      context,
    );
  }
  /** The server's own message, then its detail. */
  get apiMessage(): string | undefined {
    return apiMessage(this.body);
  }
}

/**
 * A refusal that says the region is not one the API knows ("Unknown region x", "Invalid region"), as opposed to
 * one that merely mentions regions ("VPC specified should be in unique region", "Unable to find a snapshot with id … in
 * region …"): only the first is about the id.
 */
const UNKNOWN_REGION =
  /\b(unknown|invalid|no such|unable to find( the)?|not a valid)\s+region\b|^\s*region\b(\s+\S+)?\s+(is\s+)?(unknown|invalid|not found|does not exist|not active|inactive)\b/i;

export class BadRequestError extends ApiError {
  /** The parameter the API said was missing, when it said so. */
  readonly missingParameter?: string;
  constructor(body: ErrorBody | string | undefined, context: CallContext, requestId?: string) {
    const missing = findMissingParameter(body);
    const hint = missing
      ? `The API did not receive parameter "${missing}". Some routes (POST /volumes, PUT /compute/instances/{id}) take their inputs as query parameters, not JSON; pass "${missing}" where the route expects it.`
      : UNKNOWN_REGION.test(apiMessage(body) ?? "")
        ? "Check the region id (cim:region or the resource's region input) against GET /api/v1/regions."
        : apiMessage(body)
          ? "Fix the request inputs named in the message and run again."
          : NO_REASON;
    super(400, body, context, requestId, hint);
    this.missingParameter = missing;
  }
}

export class AuthenticationError extends ApiError {}
export class PermissionDeniedError extends ApiError {}
export class NotFoundError extends ApiError {}
export class ConflictError extends ApiError {}
export class RateLimitError extends ApiError {
  constructor(
    body: ErrorBody | string | undefined,
    context: CallContext,
    requestId?: string,
    retryAfterMs?: number,
  ) {
    super(
      429,
      body,
      context,
      requestId,
      `The API is rate limiting this account${waitNote(retryAfterMs)}; lower Pulumi's parallelism (pulumi up --parallel N) or run again later.`,
      retryAfterMs,
    );
  }
}
export class InternalServerError extends ApiError {}

/** The connection failed: refused, reset, DNS, TLS. `sent` is false only when the request surely never left. */
export class ConnectionError extends RequestError {
  constructor(
    context: CallContext,
    readonly origin: string,
    readonly code: string | undefined,
    readonly sent: boolean,
    cause?: Error,
  ) {
    super(
      `${where(context)}: could not talk to ${origin} (${code ?? "connection error"}: ${cause?.message ?? "no detail"}). Check cim:baseUrl / CIM_BASE_URL and that the API is reachable, then run again.${attemptsNote(context)}`,
      context,
      { cause },
    );
  }
}

/** No complete answer within the per-request timeout. */
export class RequestTimeoutError extends RequestError {
  constructor(
    context: CallContext,
    readonly timeoutMs: number,
    /** The setting that sets the limit, when it is the client's (e.g. "cim:requestTimeout"). */
    readonly setting?: string,
  ) {
    super(
      `${where(context)}: no answer within ${timeoutMs} ms${setting ? ` (the limit ${setting} sets)` : ""}. The API may be slow or unreachable; raise ${setting ?? "the timeout (timeoutMs)"} or run again later.${attemptsNote(context)}`,
      context,
    );
  }
}

/** The caller's AbortSignal fired. For a mutation, the outcome is unknown: check the resource before retrying. */
export class RequestAbortedError extends CimError {
  constructor(
    context: CallContext,
    readonly mutation: boolean,
  ) {
    super(
      `${where(context)} was cancelled by the caller.${mutation ? " The change may or may not have reached the API: read the resource or GET /api/v1/jobs?hoursBack=1 before trying again." : ""}`,
    );
  }
}

/** A 2xx answer whose body is not JSON or not the documented shape. */
export class InvalidResponseError extends RequestError {
  constructor(
    context: CallContext,
    readonly status: number,
    readonly reason: "json" | "shape",
    /** For "shape": the paths and problems zod reported (never values). */
    readonly issues: string[] = [],
    /** For "json": what the body was instead (an HTML page, JSON cut short, other text). */
    readonly unreadable?: UnreadableBody,
  ) {
    const what =
      reason === "shape"
        ? `a body of an unexpected shape (${issues.slice(0, 5).join("; ")})`
        : `${unreadable?.description ?? "a body that is not valid JSON"} instead of the API's JSON`;
    const next =
      unreadable?.kind === "truncated"
        ? "The connection or a proxy cut the answer short; run again, and check the network path to the API if it persists."
        : unreadable?.kind === "html"
          ? "A proxy, gateway or sign-in page answered in place of the API: check cim:baseUrl points at the API itself and that nothing in between needs a sign-in."
          : "The API or a proxy in front of it returned something this client does not understand; check cim:baseUrl points at the API and report it if it persists.";
    super(`${where(context)} answered ${status} with ${what}. ${next}${attemptsNote(context)}`, context);
  }
}

/**
 * A mutation's answer was lost and the client could not establish whether it landed (the job lookup itself
 * failed). The client did NOT retry, to avoid a duplicate.
 */
export class MutationOutcomeUnknownError extends CimError {
  constructor(
    readonly context: CallContext,
    readonly command: string,
    cause: Error,
    /** Why the lookup could not decide; default: it failed. */
    why = "the recent-jobs lookup failed",
  ) {
    super(
      `${where(context)} (${command}): the answer was lost (${cause.message}) and ${why}, so it is unknown whether the change landed. Not retried to avoid a duplicate: check GET /api/v1/jobs?hoursBack=1 and the resource, then run again (pulumi refresh, then pulumi up).`,
      { cause },
    );
  }
}

export type JobFailureKind = "quota" | "capacity" | "other";

/**
 * Allowance ceilings: the emulator's wording and Apache CloudStack's (the platform behind the API), whose
 * ResourceLimitManagerImpl says "Maximum number of resources of type 'user_vm' for account name=… in domain
 * id=… has been exceeded." (before 4.19) or "Maximum amount of resources of Type = 'volume', tag = … is
 * exceeded: …" and "Maximum domain resource limits of Type '…' for Domain Id = … is exceeded: …" (4.19 on).
 */
const QUOTA = [
  /quota|limit .*reached|limit exceeded|exceeds? .*limit/i,
  /\bmaximum (?:number|amount) of resources of type\b/i,
  /\bmaximum domain resource limits of type\b/i,
];

/**
 * No room: CloudStack's InsufficientCapacityException family ("Unable to create a deployment for
 * VM[User|i-2-5-VM]", "Unable to start a VM due to insufficient capacity", "Insufficient address capacity",
 * "Unable to scale … due to insufficient resources.") and the emulator's own wording.
 */
const CAPACITY = [
  /capacity|insufficient|no (?:suitable )?hosts?|not enough/i,
  /\bunable to create a deployment for\b/i,
];

/** Quota and capacity failures repeat when retried; anything else is passed on as the platform said it. */
export function classifyJobFailure(detail: string | undefined): JobFailureKind {
  if (!detail) return "other";
  if (QUOTA.some((re) => re.test(detail))) return "quota";
  if (CAPACITY.some((re) => re.test(detail))) return "capacity";
  return "other";
}

/** A job ended in `error`. Retrying the same request does not fix quota or capacity failures. */
export class JobFailedError extends CimError {
  readonly kind: JobFailureKind;
  /** The job and the platform's reason, without the advice: for a caller that gives its own. */
  readonly summary: string;
  constructor(
    readonly jobId: string,
    readonly detail: string | undefined,
    readonly region?: string,
    readonly command?: string,
    readonly resourceId?: string,
    /** Raw platform status code, for diagnostics only. */
    readonly statusCode?: number,
  ) {
    const kind = classifyJobFailure(detail);
    const what = `Job ${jobId}${command ? ` (${command}${resourceId ? ` on ${resourceId}` : ""})` : ""}${region ? ` in region ${region}` : ""}`;
    const next =
      kind === "quota"
        ? "This is a quota ceiling: retrying fails the same way. Delete unused resources or ask for a higher limit (GET /api/v1/tenants/my-limits shows usage)."
        : kind === "capacity"
          ? "The zone has no capacity: retrying now fails the same way. Choose another zone or offering, or try later."
          : "Read the detail, fix the cause, then run again.";
    // The platform's reason verbatim; CloudStack's texts end with their own full stop.
    const reason = detail ?? "no detail given";
    const summary = `${what} failed: ${reason}${/[.!?]$/.test(reason) ? "" : "."}`;
    super(`${summary} ${next}`);
    this.kind = kind;
    this.summary = summary;
  }
}

/** A job was still running when the wait deadline passed. It may still finish. */
export class WaitTimeoutError extends CimError {
  constructor(
    readonly jobId: string,
    readonly waitedMs: number,
    readonly lastStatus: string | undefined,
    readonly region?: string,
  ) {
    super(
      `Job ${jobId}${region ? ` in region ${region}` : ""} was still ${lastStatus ?? "unread"} after ${Math.round(waitedMs / 1000)} s. It may still finish: raise the resource's timeout and run again (pulumi refresh picks up the result), or check GET /api/v1/jobs/${jobId}.`,
    );
  }
}

/**
 * Reads of a job answered 404 again and again: the platform has no record of the job (any more, or not where
 * it was asked), so how it ended is unknown. The change itself may well have been made.
 */
export class JobNotFoundError extends CimError {
  constructor(
    readonly jobId: string,
    /** How many reads in a row answered 404. */
    readonly reads: number,
    readonly region?: string,
    readonly command?: string,
  ) {
    super(
      `Job ${jobId}${command ? ` (${command})` : ""}${region ? ` in region ${region}` : ""} was not found: ${reads} reads of GET /api/v1/jobs/${jobId} in a row answered 404, so the platform has no record of it and how it ended is unknown. The change may have been made: read the resource itself (pulumi refresh), then run again.`,
    );
  }
}

/** The caller's AbortSignal fired while waiting for a job. The job itself keeps running. */
export class WaitAbortedError extends CimError {
  constructor(readonly jobId: string) {
    super(
      `Waiting for job ${jobId} was cancelled. The job keeps running on the platform; read it with GET /api/v1/jobs/${jobId}.`,
    );
  }
}

export function apiMessage(body: ErrorBody | string | undefined): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === "string") {
    if (!body.trim()) return undefined;
    // A proxy's error page: say whose it is, never its markup (nor a JSON parser's complaint about it).
    if (looksLikeHtml(body))
      return `${describeUnreadable(body).description} from a proxy or gateway in front of the API, not the API itself`;
    return body.trim().slice(0, 300);
  }
  const parts = [body.message, body.detail].filter((s): s is string => typeof s === "string" && s.length > 0);
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.length ? unique.join(" — ") : undefined;
}

const MISSING_PATTERNS = [
  /missing (?:required )?(?:request |query )?param(?:eter)?s?[\s:]+['"`]?([A-Za-z_][\w.-]*)/i,
  /required (?:request |query )?param(?:eter)? ['"`]?([A-Za-z_][\w.-]*)['"`]?[^.]*(?:not present|missing)/i,
  /param(?:eter)? ['"`]?([A-Za-z_][\w.-]*)['"`]? (?:is )?(?:missing|required|not present)/i,
];

/** Extracts the parameter name from a "missing parameter" 400, in the shapes servers commonly use. */
export function findMissingParameter(body: ErrorBody | string | undefined): string | undefined {
  const texts =
    typeof body === "string"
      ? [body]
      : body
        ? [body.message, body.detail].filter((t) => typeof t === "string")
        : [];
  for (const text of texts as string[]) {
    for (const re of MISSING_PATTERNS) {
      const m = re.exec(text);
      if (m) return m[1];
    }
  }
  if (body && typeof body === "object") {
    for (const key of ["parameter", "parameterName", "missingParameter"]) {
      const v = body[key];
      if (typeof v === "string" && v) return v;
    }
  }
  return undefined;
}

export interface ApiErrorExtras {
  requestId?: string;
  retryAfterMs?: number;
  /** Token facts (never the token) used to explain a 401/403. */
  auth?: {
    expiresAt?: Date;
    audience?: string[];
    expectedAudience?: string;
    subject?: string;
    /** Where the token came from, so the advice names that setting. */
    source?: TokenSource;
  };
}

/** The one factory: picks the subclass for a status and writes the what-next hint. */
export function makeApiError(
  status: number,
  body: ErrorBody | string | undefined,
  context: CallContext,
  extras: ApiErrorExtras = {},
): ApiError {
  const { requestId } = extras;
  // A 4xx hint names what the API said and the facts of this call, never a cause the API did not give.
  const said = apiMessage(body) !== undefined;
  switch (true) {
    case status === 400:
      return new BadRequestError(body, context, requestId);
    case status === 401:
      return new AuthenticationError(401, body, context, requestId, explain401(extras.auth));
    case status === 403:
      return new PermissionDeniedError(403, body, context, requestId, explain403(context, extras.auth, said));
    case status === 404:
      return new NotFoundError(
        404,
        body,
        context,
        requestId,
        `Identifiers are valid only in their own region${context.region ? ` (this call used region ${context.region})` : " (this call used the API default region)"}.${said ? "" : ` ${NO_REASON}`}`,
      );
    case status === 409:
      return new ConflictError(409, body, context, requestId, said ? undefined : NO_REASON);
    case status === 429:
      return new RateLimitError(body, context, requestId, extras.retryAfterMs);
    case status >= 500:
      return new InternalServerError(
        status,
        body,
        context,
        requestId,
        `${
          status === 502 || status === 504
            ? "A proxy or gateway in front of the API got no usable answer from it in time"
            : status === 503
              ? "The API is unavailable for now"
              : "The API failed on its side"
        }${waitNote(extras.retryAfterMs)}; run again later${requestId ? `, and if it persists report it with request id ${requestId}` : ""}.`,
        extras.retryAfterMs,
      );
    default:
      return new ApiError(
        status,
        body,
        context,
        requestId,
        said ? "Check the inputs named in the message and run again." : NO_REASON,
        extras.retryAfterMs,
      );
  }
}

/** " (it asked to wait 3 s)" when the server sent Retry-After. */
const waitNote = (ms: number | undefined) =>
  ms === undefined ? "" : ` (it asked to wait ${Math.ceil(ms / 1000)} s)`;

/**
 * A 401 means the API refused the token: the spec names its causes (signature, expiry, an audience that does not
 * name the API). Which one is not said, so the hint gives the documented causes and this token's own facts.
 */
function explain401(auth: ApiErrorExtras["auth"]): string {
  const facts: string[] = [];
  if (auth?.expiresAt) {
    const left = auth.expiresAt.getTime() - Date.now();
    facts.push(
      left <= 0
        ? `it expired at ${auth.expiresAt.toISOString()} (${formatAge(left)} ago)`
        : `it expires at ${auth.expiresAt.toISOString()}`,
    );
  }
  if (auth?.audience) facts.push(`its aud is ${JSON.stringify(auth.audience.join(","))}`);
  return (
    "The API did not accept the token. It refuses a token that expired or whose signature fails, and one not issued for this API — an identity (ID) token, or an access token for another application, whose audience (aud) does not name the API" +
    (facts.length ? ` (this token: ${facts.join("; ")})` : "") +
    `. Sign in to the console again, copy a fresh access token and ${tokenAdvice(auth?.source)}; set cim:audience to catch a wrong audience before calling.`
  );
}

/** The spec does not say what a 403 means: the API's own reason stands, with who and where the call was. */
function explain403(context: CallContext, auth: ApiErrorExtras["auth"], said: boolean): string {
  const who = auth?.subject ? `user ${auth.subject}, ` : "";
  const where = context.region ? `region ${context.region}` : "the API default region";
  return `The API refused this call (${who}${where}).${said ? "" : ` ${NO_REASON}`}`;
}

/**
 * A multi-region read (the spec's instance-group list) answered, but reported in `regionErrors` that one region
 * could not be read: what that region holds is unknown (not absent), so nothing may be concluded from its rows.
 */
export class RegionReadError extends CimError {
  constructor(
    readonly path: string,
    /** Region id → the API's reason, for every region that failed. */
    readonly failed: Record<string, string>,
  ) {
    const list = Object.entries(failed)
      .map(([region, why]) => `region ${region}: ${why}`)
      .join("; ");
    super(
      `GET ${path} could not read every region it was asked for (${list}). What those regions hold is unknown; run again later, or check the user's account in them.`,
    );
  }
}

/** The `regionErrors` of a multi-region answer as region id → text (a value that is not text is shown as JSON). */
export function regionFailures(regionErrors: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(regionErrors ?? {}).map(([region, why]) => [
      region,
      typeof why === "string" ? why : JSON.stringify(why),
    ]),
  );
}
