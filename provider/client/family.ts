// Small pieces shared by the family modules.

import type { z } from "zod";
import { type AcceptedMutation, acceptedIn, type CallOptions, type CimCore } from "./core";
import { NotFoundError } from "./errors";
import { leanSafeParse } from "./leanParse";
import type { ApiPath, Query } from "./paths";
import type { Job } from "./schemas";

/** Base of every family: one core, no state of its own. */
export abstract class Family {
  constructor(protected readonly core: CimCore) {}

  /**
   * The record a successful job carries as its `result` (not in the spec; CloudStack's `jobresult`), when it
   * is this resource's and has the shape of its read; otherwise undefined, and the caller reads it.
   */
  protected resultOf<T extends { id: string }>(job: Job | undefined, schema: z.ZodType<T>, id: string) {
    const parsed = leanSafeParse(schema, job?.result);
    return parsed.success && parsed.data.id === id ? parsed.data : undefined;
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
 * For lost create answers: a candidate job belongs to this request when the resource it created carries the
 * requested name. The job's resourceName rules out another name without a read; a finished job's resource is
 * read all the same, since a create of the same name by an earlier run (its resource deleted since, seconds
 * ago, within the clock tolerance) is not this request's: this request's resource cannot be gone already.
 */
export function createdWithName(
  name: string | undefined,
  read: (id: string) => Promise<{ name?: string }>,
): ((job: Job) => Promise<boolean>) | undefined {
  if (name === undefined) return undefined;
  return async (job) => {
    const resourceName = (job as { resourceName?: unknown }).resourceName;
    if (typeof resourceName === "string" && resourceName !== name) return false;
    // still running (or failed): the platform may not show the resource yet, so the name is all there is
    if (typeof resourceName === "string" && (job.status !== "success" || !job.resourceId)) return true;
    if (!job.resourceId) return false;
    try {
      return (await read(job.resourceId)).name === name;
    } catch (err) {
      if (err instanceof NotFoundError) return false;
      throw err;
    }
  };
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
