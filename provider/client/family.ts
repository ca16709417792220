// Small pieces shared by the family modules.

import type { z } from "zod";
import type { JobCommand } from "../families/jobs";
import { type AcceptedMutation, acceptedIn, type CallOptions, type CimCore } from "./core";
import { NotFoundError } from "./errors";
import type { ApiPath, Query } from "./paths";
import type { Job } from "./records";
import type { JobCheck } from "./types";

/** A list call's options: a call's, and the page size it asks for. */
export type ListOptions = CallOptions & { pageSize?: number };

/** What a request sends besides its path: a JSON body, or query parameters (the routes that take no body). */
export type Sent = { body?: object; query?: Query };

/** Picks a declared request's keys (requestShape.ts) from one type of input. */
export interface Picker<I> {
  pick(input: I): Query;
}

/**
 * A create that is a job, as data: where it goes, its command, where its inputs go (`body` or `query`: the
 * request's declaration, picked from the input) and which of them the record shows (createdAs).
 */
export interface JobCreate<I extends object> {
  path: ApiPath;
  command: JobCommand;
  body?: Picker<I>;
  query?: Picker<I>;
  /** Constants sent with the inputs, where they go. */
  fixed?: Record<string, string>;
  /** Which of the input's fields the record shows, and under which key: a lost create's candidate must show them. */
  echoes: { readonly [K in keyof I]?: string };
  /** Reads the record a candidate job made. */
  read: (id: string) => Promise<object>;
}

/** Base of every family: one core, no state of its own. */
export abstract class Family {
  constructor(protected readonly core: CimCore) {}

  /**
   * The record a successful job carries as its `result` (not in the spec; CloudStack's `jobresult`), when it
   * is this resource's and has the shape of its read; otherwise undefined, and the caller reads it.
   */
  protected resultOf<T extends { id: string }>(job: Job | undefined, schema: z.ZodType<T>, id: string) {
    const parsed = schema.safeParse(job?.result);
    return parsed.success && parsed.data.id === id ? parsed.data : undefined;
  }

  /**
   * An asynchronous mutation of one resource (a job: its delete, an action, a change). A lost answer is tied
   * to its job by the command and the resource's id (recovery.ts).
   */
  protected jobOn(
    id: string,
    method: "POST" | "PUT" | "DELETE",
    path: ApiPath,
    command: JobCommand,
    o?: CallOptions,
    sent?: Sent,
  ): Promise<AcceptedMutation> {
    return this.core.accepted({ method, path, ...sent, options: o, command, resourceId: id });
  }

  /**
   * POST of a create that is a job (`c`: the family's data). A lost answer is tied to its job by the command,
   * then by the record it made: it must show what this request asked (createdAs).
   */
  protected createJob<I extends object>(input: I, o: CallOptions | undefined, c: JobCreate<I>) {
    const sent = (request: Picker<I> | undefined) => request && { ...request.pick(input), ...c.fixed };
    return this.core.accepted({
      method: "POST",
      path: c.path,
      body: sent(c.body),
      query: sent(c.query),
      options: o,
      command: c.command,
      verify: createdAs(input, c.echoes, c.read),
    });
  }

  /**
   * A synchronous PUT that takes query parameters (the spec's update routes). Content-idempotent: a lost
   * answer is resolved by re-reading the resource and comparing it with what was asked.
   */
  protected putQuery<T extends object>(
    path: ApiPath,
    query: Query,
    schema: z.ZodType<T>,
    read: () => Promise<T>,
    options?: CallOptions,
  ): Promise<T> {
    return this.core.mutate({
      method: "PUT",
      path,
      query,
      schema,
      options,
      recovery: {
        kind: "reconcile",
        reconcile: async () => {
          const now = await read();
          return matches(now, query) ? now : undefined;
        },
      },
    });
  }

  /**
   * A synchronous mutation answering the accepted-mutation result without a job (data the service keeps
   * itself, or a platform call that is not asynchronous). A lost answer is resolved by `appliedId`, which
   * re-reads the state and names the resource the request made or changed (undefined: it did not land);
   * the request is then sent at most once more. `query`: inputs sent as query parameters (routes without a body).
   */
  protected synchronous(
    method: "POST" | "PUT" | "DELETE",
    path: ApiPath,
    body: object | undefined,
    o: CallOptions | undefined,
    appliedId: () => Promise<string | undefined>,
    query?: Query,
  ): Promise<AcceptedMutation> {
    const region = this.core.regionFor(o);
    return this.core.mutate<AcceptedMutation>({
      method,
      path,
      body,
      query,
      options: o,
      schema: acceptedIn(region),
      recovery: {
        kind: "reconcile",
        reconcile: async () => {
          const id = await appliedId();
          return id === undefined ? undefined : { id, region };
        },
      },
    });
  }
}

/**
 * For lost create answers: a candidate job belongs to this request only when the record it made exists and
 * shows what this request asked. `sent`: the request's fields as sent (its request shape's `pick`); `echoes`:
 * which of them the family's record shows, and under which key (a field the record leaves empty is not
 * compared). Times cannot decide it: the server writes them in its own zone, which may have changed since an
 * earlier job was written (a daylight-saving change), so an older create of the same name can look newer than
 * this request. A finished job whose record reads 404 is not this request's (its record cannot be gone
 * already); one whose record shows another gateway, network or zone is an earlier request's. A job still
 * running (or failed) may not show its record yet: then its `resourceName` is all there is (an unnamed
 * request: nothing, and it passes, the time deciding).
 */
export function createdAs<S extends object, R extends object>(
  sent: S,
  echoes: { readonly [K in keyof S]?: string },
  read: (id: string) => Promise<R>,
): JobCheck {
  const asked = sent as Record<string, unknown>;
  const shownAs = echoes as Record<string, string | undefined>;
  const pairs = Object.keys(shownAs)
    .filter((key) => asked[key] !== undefined && shownAs[key] !== undefined)
    .map((key) => ({ key, shown: shownAs[key] as string, want: asked[key] }));
  const name = asked.name;
  const named = typeof name === "string" && shownAs.name !== undefined;
  const check = async (job: Job) => {
    const resourceName = (job as { resourceName?: unknown }).resourceName;
    if (named && typeof resourceName === "string" && resourceName !== name) return false;
    const finished = job.status === "success";
    if (!job.resourceId) return !finished && (!named || resourceName === name);
    const record = await readOrUndefined(() => read(job.resourceId as string));
    if (record === undefined) return !finished && (!named || resourceName === name);
    return pairs.every(({ key, shown, want }) => {
      const have = (record as Record<string, unknown>)[shown];
      // The name is what ties the record to the request: it must be there. Other fields count where shown.
      if (key === "name") return have === want;
      return have === undefined || have === null || have === "" || sameEcho(have, want);
    });
  };
  return Object.assign(check, { identifies: named });
}

/**
 * Whether a record's field shows what was sent, up to how an API may write it back: ids and text without regard
 * to case or surrounding space, IPv4 addresses and ranges by value ("10.1.0.0/16" is "10.1.0.0/16" however
 * written: leading zeros, a host part inside the range). Too strict a comparison here is the costly mistake: a
 * request that landed would look as if it had not, and be sent again.
 */
export function sameEcho(have: unknown, want: unknown): boolean {
  if (have === want) return true;
  if (typeof have !== "string" || typeof want !== "string") return false;
  const a = have.trim().toLowerCase();
  const b = want.trim().toLowerCase();
  if (a === b) return true;
  const ipA = ipv4Range(a);
  const ipB = ipv4Range(b);
  return ipA !== undefined && ipB !== undefined && ipA === ipB;
}

/** "a.b.c.d" or "a.b.c.d/p" as one comparable text (the range's network address and prefix), else undefined. */
function ipv4Range(s: string): string | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/.exec(s);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  const prefix = m[5] === undefined ? 32 : Number(m[5]);
  if (prefix > 32) return undefined;
  const value = octets.reduce((n, o) => n * 256 + o, 0);
  const size = 2 ** (32 - prefix);
  return `${Math.floor(value / size) * size}/${prefix}`;
}

/** A create whose record shows only its name: the job's record must exist and carry that name. */
export function createdWithName(
  name: string | undefined,
  read: (id: string) => Promise<{ name?: string }>,
): JobCheck | undefined {
  return name === undefined ? undefined : createdAs({ name }, { name: "name" }, read);
}

/** True when every field of `want` equals the one in `have` (undefined fields ignored). */
export function matches(have: object, want: object): boolean {
  return Object.entries(want).every(
    ([k, v]) => v === undefined || (have as Record<string, unknown>)[k] === v,
  );
}

/** Reads a resource, answering undefined for 404 (used by reconcile-after-lost-answer). */
export async function readOrUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}
