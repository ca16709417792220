// Programmatic entry point used by every test: start an emulator on a port, mint tokens, close it.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TokenOptions, TokenService } from "./auth";
import { Clock } from "./clock";
import { registerConsole } from "./console";
import {
  countedFamilies,
  defaultLimits,
  emptyCollections,
  jobEffects,
  jobResults,
  repositories,
  type State,
  upgradeState,
} from "./families";
import { Faults } from "./faults";
import { EXPUNGE_DELAY_MS, JOB_JITTER_MS, JOB_LATENCY_MS, JobEngine, type JobMode } from "./jobs";
import { Quota } from "./quota";
import type { Limits } from "./records";
import { routeTable } from "./routes";
import { seedWorld } from "./seed";
import { buildServer, type Runtime } from "./server";
import { RequestStats } from "./stats";
import { Store } from "./store";

export {
  type ClockView,
  EmulatorControl,
  EmulatorControlError,
  type FaultInput,
  type JobReadCount,
  type StateDump,
} from "./controlClient";
export type { JobMode, JobRecordView, JobTiming } from "./jobs";
export { EXPUNGE_DELAY_MS, JOB_JITTER_MS, JOB_LATENCY_MS } from "./jobs";

export interface StartOptions {
  port?: number;
  host?: string;
  /** A temp dir, removed on close, when omitted. */
  dataDir?: string;
  /** How long a job runs (mode timed or clock). Default JOB_LATENCY_MS, 2 s. */
  jobLatencyMs?: number;
  /** Up to this much more, at random. Default JOB_JITTER_MS (1 s) when jobLatencyMs is left out, else 0. */
  jobJitterMs?: number;
  /** How jobs end: "timed" (default), "immediate", "reads" (after jobReads reads) or "clock" (when advanced). */
  jobMode?: JobMode;
  /** Mode "reads": how many reads of a job still see it running. */
  jobReads?: number;
  /**
   * How long a destroyed instance stays Destroyed before the platform expunges it (the CLI's --expunge-delay).
   * Default CloudStack's `expunge.delay`, a day; 0 expunges it as its destroy job ends.
   */
  expungeDelayMs?: number;
  /** Fault rules active from the start, as POST /_emulator/faults takes them (the CLI's --fault). */
  faults?: unknown[];
  /**
   * IANA zone of the server's local time (error, job and audit times). Default: this process's zone (TZ),
   * as a real server writes its own local time.
   */
  timezone?: string;
  /** The server's clock runs this many ms ahead of real time (negative: behind); the Date header follows. */
  clockSkewMs?: number;
  /**
   * Allowances every user has from this start, by name (`instanceLimit`, `volumeLimit`, …, `maxMultiRegions`), in
   * place of the platform's defaults (CloudStack's `max.account.*`, 20 of each): the CLI's `--limit NAME=N`. Users
   * already in the data directory get them too; PUT /_emulator/limits still changes one user's afterwards.
   */
  limits?: Record<string, number>;
}

export interface Emulator {
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  dataDir: string;
  token(opts?: TokenOptions): Promise<string>;
  adminToken(): Promise<string>;
  regions: { id: string; name: string; primary: boolean }[];
  close(): Promise<void>;
}

export type { TokenOptions };

/** The allowances users start with: the platform's defaults, then the start's own; an unknown name fails the start. */
function startLimits(given: Record<string, number> = {}): () => Limits {
  const known = defaultLimits();
  for (const [name, value] of Object.entries(given)) {
    if (!(name in known))
      throw new Error(`unknown allowance ${name}: one of ${Object.keys(known).join(", ")}`);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`allowance ${name} must be a non-negative integer, got ${value}`);
  }
  return () => ({ ...known, ...given });
}

export async function startEmulator(opts: StartOptions = {}): Promise<Emulator> {
  // First: an unknown zone or allowance fails before anything is written.
  const clock = new Clock({ timeZone: opts.timezone, skewMs: opts.clockSkewMs });
  const limits = startLimits(opts.limits);
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "cim-emulator-"));
  const tokens = await TokenService.open(dataDir);
  const seed = (): State => ({ ...emptyCollections(), ...seedWorld(limits()) });
  const store = new Store<State>(dataDir, seed);
  upgradeState(store.state);
  for (const user of Object.values(store.state.limits)) Object.assign(user, opts.limits);
  const data = repositories(() => store.state);
  const timing = {
    mode: opts.jobMode ?? "timed",
    latencyMs: opts.jobLatencyMs ?? JOB_LATENCY_MS,
    jitterMs: opts.jobJitterMs ?? (opts.jobLatencyMs === undefined ? JOB_JITTER_MS : 0),
    reads: opts.jobReads ?? 1,
    expungeDelayMs: opts.expungeDelayMs ?? EXPUNGE_DELAY_MS,
  };
  const jobs = new JobEngine(
    () => store.state.jobs,
    data,
    clock,
    jobEffects,
    timing,
    () => store.markDirty(),
    jobResults(store, data),
  );
  const rt: Runtime = {
    store,
    data,
    quota: new Quota(store, countedFamilies(data), limits),
    clock,
    tokens,
    jobs,
    faults: new Faults(),
    stats: new RequestStats(),
  };
  for (const rule of opts.faults ?? []) rt.faults.add(rule);
  const app = buildServer(rt, routeTable(rt));
  registerConsole(app, rt);
  const host = opts.host ?? "127.0.0.1";
  await app.listen({ port: opts.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  let closed = false;
  return {
    url: `http://${urlHost}:${port}`,
    dataDir,
    token: (o) => tokens.sign(o),
    // a day: the control routes stay open when a test sets the server's clock hours ahead (expiry follows the skew)
    adminToken: () => tokens.sign({ admin: true, ttlSeconds: 86_400 }),
    regions: store.state.regions.map(({ id, name, primary }) => ({ id, name, primary })),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      store.flushSync();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
