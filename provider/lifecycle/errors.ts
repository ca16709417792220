// Errors the engine shows: they name the kind, the resource, the field where relevant, the region and the
// job's detail, and say what to do. Never the token: the client redacts server text and never holds the token
// on an object; these messages are built from plain values only.

import {
  causeSummary,
  JobFailedError,
  NotFoundError,
  SharedCauseError,
  sharedCauseOf,
  WaitTimeoutError,
  where,
} from "../client";
import { engineWarning } from "./engineLog";
import { regionNameOf } from "./regionNames";
import { type Session, unfollowedJobOf } from "./session";
import { compact } from "./values";

/** "de-fra-1 (8d3c…)" when the API lists regions, else the uuid; "the API default region" when none. */
export async function regionLabel(s: Session, region: string | undefined): Promise<string> {
  if (!region) return "the API default region";
  const n = await regionNameOf(s.client, region);
  return n ? `${n} (${region})` : region;
}

/** `cim:Instance "web-1" (id …)` */
function label(s: Session, what: { name?: unknown; id?: string }): string {
  const name = typeof what.name === "string" && what.name ? ` "${what.name}"` : "";
  const id = what.id ? ` (id ${what.id})` : "";
  return `cim:${s.kind}${name}${id}`;
}

/** "in region de-fra-1 (8d3c…)", or "in the API default region" when the call names none. */
export async function inRegion(s: Session, region: string | undefined): Promise<string> {
  return region ? `in region ${await regionLabel(s, region)}` : "in the API default region";
}

/** `cim:Instance "web-1" (id …) in region de-fra-1 (…)` */
export async function describe(
  s: Session,
  what: { name?: unknown; id?: string },
  region = s.region,
): Promise<string> {
  return `${label(s, what)} ${await inRegion(s, region)}`;
}

/**
 * A delete that sends nothing: the record stays in the cloud (the API cannot delete it, or it goes with another
 * record), the resource leaves the stack, and a warning says why. The answer a kind's `api.delete` gives.
 */
export async function keptInCloud(
  s: Session,
  what: { name?: unknown; id?: string },
  why: string,
): Promise<{ region?: string }> {
  await engineWarning(`${await describe(s, what)}: removed from the stack but kept in the cloud: ${why}`);
  // nothing was sent, so nothing to wait for
  return { region: s.region };
}

/** An error's own words (what a message that cannot carry the error itself says of it). */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A failure the engine reports as an error of this resource. */
export class ResourceError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ResourceError";
  }
}

/**
 * A resource's failure. A cause many resources share (client/circuit.ts) is reported whole by the first resource
 * to report it; every other one reads one line that points at it.
 */
export async function failure(
  s: Session,
  what: { name?: unknown; id?: string },
  action: string,
  err: unknown,
  next?: string,
): Promise<ResourceError> {
  const shared = sharedCauseOf(err);
  const me = await describe(s, what);
  // work the API accepted and this run stopped following: it was tried, and may still finish
  const job = unfollowedJobOf(err);
  const accepted = job
    ? ` Its ${job} was accepted and may still finish: once that is fixed, pulumi refresh reads how it ended and pulumi up goes on from there.`
    : "";
  const then = `${accepted}${next ? ` ${next}` : ""}`;
  if (shared) {
    // claimed after the await above: the first resource to get here reports the cause
    shared.reportedOn ??= label(s, what);
    if (shared.reportedOn !== label(s, what)) {
      const tried = !(err instanceof SharedCauseError) || err.tried;
      const how = job ? "not followed to its end" : tried ? "not retried" : "not tried";
      return new ResourceError(
        `${me}: ${action} ${how}: ${causeSummary(shared.cause)} (reported on ${shared.reportedOn}).${then}`,
        err,
      );
    }
    // the cause whole; when an earlier call met it first (another resource's, or a best-effort lookup's), this
    // resource's own call comes first, so the request the message names is not taken for this resource's
    const own =
      err instanceof SharedCauseError
        ? `${where(err)} ${err.tried ? "not retried" : "not tried"}: an earlier call met this first: `
        : "";
    return new ResourceError(`${me}: ${action} failed: ${own}${shared.cause.message}${then}`, err);
  }
  // a failed job's generic advice ("fix the cause, then run again") gives way to the caller's own
  const said = next && err instanceof JobFailedError && err.kind === "other" ? err.summary : messageOf(err);
  return new ResourceError(`${me}: ${action} failed: ${said}${then}`, err);
}

/**
 * Partial state: the API accepted the create but it did not finish well (job failed, timed out, or the
 * result does not match). The engine records the resource as failed-to-initialize instead of losing it; the
 * next `pulumi up` repairs or replaces it. The dynamic-provider host does not add `__provider` to these
 * properties, so it is copied from the inputs here, else later operations could not load the provider.
 */
export class PartialStateError extends Error {
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly reasons: string[];
  constructor(
    id: string,
    outputs: Record<string, unknown>,
    inputs: Record<string, unknown>,
    message: string,
  ) {
    super(message);
    this.name = "PartialStateError";
    this.id = id;
    this.properties = compact({ ...outputs, __provider: inputs.__provider });
    this.reasons = [message];
  }
}

export function isJobProblem(err: unknown): err is JobFailedError | WaitTimeoutError {
  return err instanceof JobFailedError || err instanceof WaitTimeoutError;
}

export function isNotFound(err: unknown): boolean {
  return err instanceof NotFoundError;
}

/** Reads a record, answering undefined for 404. */
export async function readOrGone<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** Fields the API did not apply as asked: "displayName (asked "a", got "b")". */
export function mismatches(pairs: [string, unknown, unknown, boolean][]): string[] {
  return pairs
    .filter(([, , , same]) => !same)
    .map(([f, want, got]) => `${f} (asked ${JSON.stringify(want)}, got ${JSON.stringify(got)})`);
}

/** `CIM_DEBUG=stack` keeps the provider's stack traces in what the CLI shows (for bug reports). */
const debugStacks = () => (process.env.CIM_DEBUG ?? "").split(",").includes("stack");

/** What an error surfaced without its stack turns into as text: the line the host prints of it, recognised. */
const QUIET = `pulumi-cim:quiet:${process.pid}`;
const QUIET_MARK = Symbol.for("pulumi-cim.lifecycle.quietConsole");

/**
 * Pulumi's dynamic-provider host prints `${err}: ${err.stack}` with console.error for check, diff, read and
 * delete, besides sending the message, and the CLI shows that line (twice: as it happens and in its summary).
 * The message already says everything, so that line is dropped: console.error passes every other line on.
 * Put in front of whatever console.error is when an error is surfaced (once, unless something replaced it).
 */
function quietHostLines(): void {
  const current = console.error as typeof console.error & { [QUIET_MARK]?: true };
  if (current[QUIET_MARK]) return;
  const print = current.bind(console);
  const quiet = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && args[0].startsWith(QUIET)) return;
    print(...args);
  };
  console.error = Object.assign(quiet, { [QUIET_MARK]: true as const });
}

/**
 * Errors leave the provider as their message alone: without this the user reads the cause twice and our stack
 * between. With CIM_DEBUG=stack the host prints the error and its stack as it would.
 */
export function surfaced<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (err) {
      if (err instanceof Error && !debugStacks()) {
        quietHostLines();
        Object.defineProperty(err, "stack", {
          value: "",
          configurable: true,
          writable: true,
        });
        Object.defineProperty(err, "toString", {
          value: () => QUIET,
          configurable: true,
          writable: true,
        });
      }
      throw err;
    }
  };
}
