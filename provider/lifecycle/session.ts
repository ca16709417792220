// One API session per provider call: a client built inside the call (the client module shares one connection
// pool per process), the resource's region, and job waiting bounded by the resource's timeouts. Nothing here
// is captured by the serialized provider.

import type { AcceptedMutation, CimClientOptions, Job } from "../client";
import { CimClient, Circuit, JobFailedError, JobNotFoundError, WaitTimeoutError } from "../client";
import { apiDefaultRegion } from "../client/defaultRegion";
import { jobCommandOf } from "../client/jobHistory";
import { PollDeadline, poll } from "../client/waiter";
import { clientSettings, missingSettingsAdvice, type ProviderConfig, providerConfig } from "../config";
import { reporting } from "./progress";
import { rememberRegions } from "./regionNames";
import { type DeadlineSource, deadlineText, type Operation, resolveTimeouts } from "./timeouts";

export interface Session {
  kind: string;
  client: CimClient;
  /** The region uuid every call of this resource uses (undefined: the API default region). */
  region?: string;
  timeouts: Record<Operation, number>;
  /** Where each deadline comes from, for messages (unset: the timeouts input, or customTimeouts). */
  timeoutsFrom?: Partial<Record<Operation, DeadlineSource>>;
  /**
   * Waits on the resource's own record until no operation is under way on it, within the operation's
   * timeout: what a job wait falls back to when the platform has no record of the job (the engine sets it
   * once it knows the resource's id).
   */
  watch?: (op: Operation) => Promise<void>;
  /** The resource this session works on, as far as known: what progress reports name (the engine sets it). */
  subject?: { name?: unknown; id?: string };
}

/** Raised before any call when the provider has no API address or token. */
export class NotConfiguredError extends Error {
  constructor(kind: string, missing: ("baseUrl" | "token")[], provider?: string) {
    const named = missing.map((m) => (provider ? m : `cim:${m}`)).join(" and ");
    const advice = missingSettingsAdvice(provider ? missing : ["baseUrl", "token"], provider);
    super(
      `cim:${kind}: the API is not configured (missing ${provider ? `provider "${provider}"'s ` : ""}${named}). ${advice[0].toUpperCase()}${advice.slice(1)}; for the local emulator, npm run demo shows how.`,
    );
    this.name = "NotConfiguredError";
  }
}

/** Raised before any call when a client setting (cim:requestTimeout, …) breaks its rule. */
export class InvalidSettingsError extends Error {
  constructor(kind: string, problems: string[]) {
    super(
      `cim:${kind}: ${problems.join(" ")} Fix the stack config (pulumi config set) or the CIM_* variable.`,
    );
    this.name = "InvalidSettingsError";
  }
}

export function isConfigured(): boolean {
  const c = providerConfig();
  return Boolean(c.baseUrl && c.token);
}

/**
 * Clients of this process by settings (the config object configure() made: one per run) and region: every call
 * of a run shares one client per region instead of building one each (a client holds no state of a call).
 */
const clients = new WeakMap<ProviderConfig, Map<string, CimClient>>();

/**
 * The shared causes of this process (client/circuit.ts): every resource of an operation runs in one provider
 * process, so a cause every call meets (no route to the API, a refused or expired token, a gateway's 5xx) is
 * established by the first call and reported once; the others fail with one line that points at it.
 */
const circuit = new Circuit();

/** The API account a session speaks for (the token's subject at the base URL): what per-account caches are keyed by. */
export function accountKey(s: Session): string {
  return `${s.client.tokenClaims.subject ?? ""}@${providerConfig().baseUrl ?? ""}`;
}

/** Test seam: forget the shared causes met so far. */
export function resetCircuit(): void {
  circuit.clear();
}

export function openSession(
  kind: string,
  region: string | undefined,
  timeouts?: unknown,
  clientOptions: Partial<Pick<CimClientOptions, "retry" | "timeoutMs">> = {},
): Session {
  const c = providerConfig();
  if (c.problems.length) throw new InvalidSettingsError(kind, c.problems);
  const missing = (["baseUrl", "token"] as const).filter((m) => !c[m]);
  if (missing.length) throw new NotConfiguredError(kind, missing, c.provider);
  const effective = region || c.region || undefined;
  const make = () =>
    new CimClient({
      baseUrl: c.baseUrl!,
      token: c.token!,
      region: effective,
      audience: c.audience || undefined,
      ...clientSettings(c),
      circuit,
      ...clientOptions,
    });
  let client: CimClient;
  if (Object.keys(clientOptions).length) client = make();
  else {
    const byRegion = clients.get(c) ?? new Map<string, CimClient>();
    clients.set(c, byRegion);
    client = byRegion.get(effective ?? "") ?? make();
    byRegion.set(effective ?? "", client);
  }
  return { kind, client, region: effective, timeouts: resolveTimeouts(timeouts) };
}

/**
 * The job-poll cadence: the spec recommends 2–3 s between polls; left empty, the client's waiter uses that,
 * with an adaptive first poll (where jobs of the same region and command ended in this process; at once
 * without history). CIM_POLL_INTERVAL_MS overrides it (first poll and interval) for fast local runs against
 * the emulator.
 */
export function pollSchedule(): { firstDelayMs?: number; minIntervalMs?: number; maxIntervalMs?: number } {
  const v = Number(process.env.CIM_POLL_INTERVAL_MS);
  if (!Number.isFinite(v) || v < 0 || process.env.CIM_POLL_INTERVAL_MS === undefined) return {};
  return { firstDelayMs: v, minIntervalMs: v, maxIntervalMs: v };
}

/** How a wait ended: the job's own record (a successful job, or none: completed synchronously), or watched. */
export interface Waited {
  /** The successful job's record; undefined when the mutation had no job or the resource was watched. */
  job?: Job;
  watched: boolean;
}

/** Errors met while following a job the API had accepted, and that job as messages name it (`job … (resize)`). */
const unfollowedJobs = new WeakMap<object, string>();
/** The accepted job an error stopped following, if it did. */
export const unfollowedJobOf = (err: unknown): string | undefined =>
  err !== null && typeof err === "object" ? unfollowedJobs.get(err) : undefined;

/**
 * Waits for an accepted mutation's job (no job: it completed synchronously). When the platform has no record
 * of the job (reads answer 404 again and again) and the session can watch the resource, it waits on the
 * resource's own state instead (`watched`): the job's outcome is then what the caller reads back.
 */
export async function awaitJob(
  s: Session,
  accepted: AcceptedMutation,
  op: Operation,
  /** The wait's limit when less than the operation's timeout is left (a delete tried again). */
  timeoutMs = s.timeouts[op],
): Promise<Waited> {
  const jobId = accepted.jobId;
  let last: Job | undefined;
  // job <id> (destroyVirtualMachine, running): the platform's command once a read shows it, else the client's
  const about = () => {
    const command = last?.command ?? (jobId ? jobCommandOf(jobId) : undefined);
    const said = [command, last?.status].filter(Boolean).join(", ");
    return `job ${jobId}${said ? ` (${said})` : ""}`;
  };
  try {
    const job = await reporting(s, op, about, () =>
      s.client.jobs.wait(accepted, {
        ...pollSchedule(),
        timeoutMs,
        region: accepted.region ?? s.region,
        onPoll: (j) => {
          last = j;
        },
      }),
    );
    return { job, watched: false };
  } catch (err) {
    if (err instanceof JobNotFoundError && s.watch) {
      await s.watch(op);
      return { watched: true };
    }
    // the API took the work: a failure to follow it (the API unreachable, the token expired) is not the work's
    if (!(err instanceof WaitTimeoutError) && !(err instanceof JobFailedError))
      unfollowedJobs.set(err as object, about());
    // Name what sets the deadline: the plugin is told whether the request's customTimeouts set it; the dynamic
    // path folds the option into the timeouts input, so there it is one or the other.
    if (err instanceof WaitTimeoutError) {
      const d = deadlineText(op, s.timeoutsFrom?.[op]);
      err.message = `${err.message} The deadline is ${d.long} (now ${Math.round(s.timeouts[op] / 1000)} s); ${d.raise}.`;
    }
    throw err;
  }
}

/**
 * The id of what an accepted create made, and its wait. An answer may name only the job (the spec's accepted
 * mutation carries `id` "where the operation returns one"): the job is then waited for at once and the id read
 * from it, its record's `resourceId` or, when it failed, its error's; `cause` says why the wait gave none.
 * `wait` gives the caller the job's outcome (followed once, not polled again).
 */
export async function createdId(
  s: Session,
  accepted: AcceptedMutation,
  op: Operation,
): Promise<{ id?: string; cause?: unknown; wait: () => Promise<Waited> }> {
  if (accepted.id || !accepted.jobId) return { id: accepted.id, wait: () => awaitJob(s, accepted, op) };
  try {
    const waited = await awaitJob(s, accepted, op);
    return { id: waited.job?.resourceId, wait: async () => waited };
  } catch (err) {
    const id = err instanceof JobFailedError ? err.resourceId : undefined;
    return { id, cause: id ? undefined : err, wait: () => Promise.reject(err) };
  }
}

/** `awaitJob` for callers that need only how it ended. */
export async function waitFor(
  s: Session,
  accepted: AcceptedMutation,
  op: Operation,
): Promise<"job" | "watched"> {
  return (await awaitJob(s, accepted, op)).watched ? "watched" : "job";
}

/**
 * Polls a resource until its state is not transitional (e.g. a job started by an earlier, interrupted run),
 * within the operation's timeout. Returns the settled record, or undefined when it is gone.
 */
export async function settle<T extends { state?: string }>(
  s: Session,
  op: Operation,
  read: () => Promise<T | undefined>,
  busy: (state: string | undefined) => boolean,
): Promise<T | undefined> {
  const { minIntervalMs = 2_000 } = pollSchedule();
  let last: T | undefined;
  const about = () => `an earlier operation to finish (state ${last?.state ?? "not read yet"})`;
  try {
    return await reporting(s, op, about, () =>
      poll(
        async () => {
          last = await read();
          return !last || !busy(last.state) ? { value: last } : undefined;
        },
        { timeoutMs: s.timeouts[op], delay: (n) => (n === 1 ? 0 : Math.max(50, minIntervalMs)) },
      ),
    );
  } catch (err) {
    if (!(err instanceof PollDeadline)) throw err;
    const d = deadlineText(op, s.timeoutsFrom?.[op]);
    throw new Error(
      `cim:${s.kind}: still ${last?.state} after waiting ${Math.round(s.timeouts[op] / 1000)} s for an earlier operation to finish; the deadline is ${d.long}: ${d.raise}${op === "delete" ? " (pulumi destroy takes it from the state once a pulumi up has recorded it)" : ""}, or run again later.`,
    );
  }
}

/** A read of the API default region: when it began, its id (undefined: unknown), and why, when it failed. */
interface DefaultRead {
  at: number;
  id: Promise<string | undefined>;
  failed?: unknown;
}
/** The API default region per API address. */
const defaults = new Map<string, DefaultRead>();

/**
 * The region's id when the program named none: the API default (primary, else first active), if the API
 * lists regions; cached per API address for a minute. Recorded as the resource's region, so later calls name
 * it explicitly even if the default changes.
 */
export async function defaultRegion(s: Session): Promise<string | undefined> {
  if (s.region) return s.region;
  const key = providerConfig().baseUrl ?? "";
  const hit = defaults.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.id;
  const entry: DefaultRead = { at: Date.now(), id: Promise.resolve(undefined) };
  entry.id = s.client.catalogue.regions().then(
    (regions) => {
      rememberRegions(regions); // what messages name the region by, should the API stop answering
      return apiDefaultRegion(regions)?.id;
    },
    (err) => {
      entry.failed = err;
      return undefined;
    },
  );
  defaults.set(key, entry);
  return entry.id;
}

let toldUnpinned = false;

/** A new provider process: the default region read again, the warning of unpinnedWhy not said yet (tests). */
export function resetDefaultRegion(): void {
  defaults.clear();
  toldUnpinned = false;
}

/**
 * Why a resource made with no region given (no `region`, no `cim:region`) could record none: the API's list of
 * regions could not be read (or names no default). Its later calls then go to whatever region the API's default is
 * at the time, where its id is unknown if the default moves (ids are valid in one region only): a refresh would
 * drop it and an up make it again. Said once a process, naming the first resource.
 */
export function unpinnedWhy(s: Session, resource: string): string | undefined {
  if (toldUnpinned || s.region) return undefined;
  toldUnpinned = true;
  const failed = defaults.get(providerConfig().baseUrl ?? "")?.failed;
  const why = failed
    ? `the API's regions could not be read (${(failed instanceof Error ? failed.message : String(failed)).replace(/\.\s*$/, "")})`
    : "the API's list of regions names no primary or active region";
  return `${resource} records no region: ${why}. Its later reads, updates and deletes go to whatever region is the API's default then; if that changes, its id is not found there (ids are valid in their own region only), a refresh drops it from the stack and an up makes it again. Set cim:region (or the resource's region) to a region's id to pin every resource to it`;
}
