// CimClient: the typed client for the Cloud Infrastructure Management API. Cheap to construct (the dynamic
// provider builds one per call); every instance shares the process-wide connection pool (transport.ts).
// The token is validated (decoded, not verified) here and then lives only inside a closure.

import type { Dispatcher } from "undici";
import { Audit } from "../families/audit/client";
import { BackupSchedules } from "../families/backupSchedules/client";
import { Backups } from "../families/backups/client";
import { Catalogue } from "../families/catalogue/client";
import { Comments } from "../families/comments/client";
import { FileSystems } from "../families/fileSystems/client";
import { Isos, Templates } from "../families/images/client";
import { InstanceGroups } from "../families/instanceGroups/client";
import { InstanceSchedules } from "../families/instanceSchedules/client";
import { Instances } from "../families/instances/client";
import { KubernetesClusters } from "../families/kubernetes/client";
import { InternalLoadBalancers, LoadBalancers } from "../families/loadBalancers/client";
import { MultiRegions } from "../families/multiRegions/client";
import { NetworkAcls } from "../families/networkAcls/client";
import { Networks } from "../families/networks/client";
import { Organizations } from "../families/organizations/client";
import { UserPreferences } from "../families/preferences/client";
import { PrivateGateways } from "../families/privateGateways/client";
import { Projects } from "../families/projects/client";
import { PublicIps } from "../families/publicIps/client";
import { InstanceSnapshots, VolumeSnapshots } from "../families/snapshots/client";
import { SshKeyPairs } from "../families/sshKeyPairs/client";
import { Tags } from "../families/tags/client";
import { Volumes } from "../families/volumes/client";
import { Vpcs } from "../families/vpcs/client";
import { createCredential, normaliseBaseUrl, type TokenClaims } from "./auth";
import type { Circuit } from "./circuit";
import { CimCore, type ClientEvent } from "./core";
import { ConfigurationError } from "./errors";
import { Jobs } from "./jobs";
import { headerIdentifier } from "./paths";
import { recoveryOptions } from "./recovery";
import { type RetryOptions, retryPolicy } from "./retry";
import type { TokenSource } from "./tokenText";
import type { RecoveryOptions } from "./types";

export interface CimClientOptions {
  /** cim:baseUrl. https only; http is accepted for loopback hosts (the emulator). */
  baseUrl: string;
  /** cim:token: the user's access token (JWT). Never stored on the client object. */
  token: string;
  /** cim:region: default X-Region-Context (region uuid); omitted means the API default region. */
  region?: string;
  /** cim:audience: when set, a token whose aud does not include it is refused before any call. */
  audience?: string;
  /** Per-request timeout, from when the request is sent. Default 30 s (cim:requestTimeout). */
  timeoutMs?: number;
  /** What sets timeoutMs, named by the timeout error (e.g. "cim:requestTimeout (CIM_REQUEST_TIMEOUT)"). */
  timeoutName?: string;
  /**
   * cim:maxConcurrentRequests: a request of this client starts only while fewer than this many requests of
   * the process are in flight; later ones wait in order. Absent: no ceiling but the pool's 64 connections.
   */
  maxConcurrentRequests?: number;
  userAgent?: string;
  /** Retries of reads (and of mutations shown not to have landed). */
  retry?: RetryOptions;
  /** Lost-answer protocol tuning. */
  recovery?: RecoveryOptions;
  /** Diagnostic events (never headers or the token). Without it, CIM_DEBUG=1 prints them to stderr. */
  onEvent?: (e: ClientEvent) => void;
  /** Test seam: an undici dispatcher (e.g. MockAgent) instead of the shared pool. */
  dispatcher?: Dispatcher;
  /** Where the token came from ("stack": cim:token, "env": CIM_TOKEN): token messages name that setting. */
  tokenSource?: TokenSource;
  /**
   * Shared causes (no route to the API, a refused or expired token, a gateway's 5xx) met once across the
   * clients given the same Circuit: see circuit.ts. Absent: each call meets its failures on its own.
   */
  circuit?: Circuit;
}

function positive(name: string, v: number): number {
  if (!Number.isFinite(v) || v <= 0)
    throw new ConfigurationError(`${name} must be a positive number of milliseconds.`);
  return v;
}

function concurrency(v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 1)
    throw new ConfigurationError("maxConcurrentRequests must be a whole number of 1 or more.");
  return v;
}

/** The per-request timeout when none is given. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const CLIENT_VERSION = "0.1.0";

/**
 * The client's families, by the property a client carries each under: one line per family, from which the
 * client's fields and their construction derive.
 */
const FAMILIES = {
  instances: Instances,
  volumes: Volumes,
  vpcs: Vpcs,
  networks: Networks,
  networkAcls: NetworkAcls,
  publicIps: PublicIps,
  privateGateways: PrivateGateways,
  loadBalancers: LoadBalancers,
  internalLoadBalancers: InternalLoadBalancers,
  kubernetesClusters: KubernetesClusters,
  fileSystems: FileSystems,
  instanceGroups: InstanceGroups,
  tags: Tags,
  backupSchedules: BackupSchedules,
  backups: Backups,
  instanceSchedules: InstanceSchedules,
  sshKeyPairs: SshKeyPairs,
  volumeSnapshots: VolumeSnapshots,
  instanceSnapshots: InstanceSnapshots,
  jobs: Jobs,
  catalogue: Catalogue,
  audit: Audit,
  comments: Comments,
  multiRegions: MultiRegions,
  organizations: Organizations,
  projects: Projects,
  preferences: UserPreferences,
  templates: Templates,
  isos: Isos,
} satisfies Record<string, new (core: CimCore) => object>;

type FamilyFields<T> = { readonly [K in keyof T]: T[K] extends new (core: CimCore) => infer F ? F : never };

/** A class whose instances carry one object of each family of `table`, built on the same core. */
function withFamilies<T extends Record<string, new (core: CimCore) => object>>(table: T) {
  return class {
    constructor(core: CimCore) {
      for (const [key, F] of Object.entries(table)) Object.assign(this, { [key]: new F(core) });
    }
  } as new (
    core: CimCore,
  ) => FamilyFields<T>;
}

function coreOf(options: CimClientOptions): CimCore {
  return new CimCore(
    {
      baseUrl: normaliseBaseUrl(options.baseUrl),
      region: options.region || undefined,
      timeoutMs: positive("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      timeoutName: options.timeoutName,
      maxConcurrentRequests: concurrency(options.maxConcurrentRequests),
      userAgent: options.userAgent ?? `pulumi-cim/${CLIENT_VERSION} node/${process.versions.node}`,
      dispatcher: options.dispatcher,
      retry: retryPolicy(options.retry),
      recovery: recoveryOptions(options.recovery),
      onEvent: options.onEvent,
      circuit: options.circuit,
    },
    createCredential(options.token, options.audience, options.tokenSource),
  );
}

export class CimClient extends withFamilies(FAMILIES) {
  readonly #core: CimCore;

  /** @internal used by withRegion */
  constructor(options: CimCore);
  constructor(options: CimClientOptions);
  constructor(options: CimClientOptions | CimCore) {
    const core = options instanceof CimCore ? options : coreOf(options);
    if (core.region !== undefined) headerIdentifier("cim:region", core.region);
    super(core);
    this.#core = core;
  }

  /** The default region of this client (undefined: the API default). */
  get region(): string | undefined {
    return this.#core.region;
  }

  /** Non-secret facts about the token (subject, audience, expiry). */
  get tokenClaims(): TokenClaims {
    return this.#core.claims;
  }

  /** The same client (same token, pool and options) with another default region. */
  withRegion(region: string | undefined): CimClient {
    return new CimClient(this.#core.withRegion(region || undefined));
  }
}

export type * from "../families/audit/client";
export { AUDIT_PAGE_SIZE } from "../families/audit/client";
export type * from "../families/backupSchedules/client";
export type * from "../families/backups/client";
export type * from "../families/catalogue/client";
export type * from "../families/comments/client";
export { COMMENT_TEXT_MAX, DELETABLE_COMMENTS } from "../families/comments/client";
export type * from "../families/fileSystems/client";
export type * from "../families/images/client";
export { Images, imagePermissionsBody } from "../families/images/client";
export type * from "../families/instanceGroups/client";
export type * from "../families/instanceSchedules/client";
export { instanceScheduleQuery } from "../families/instanceSchedules/client";
export type * from "../families/instances/client";
export type { JobCommand } from "../families/jobs";
export { startsJobs } from "../families/jobs";
export type * from "../families/kubernetes/client";
export type * from "../families/loadBalancers/client";
export type * from "../families/multiRegions/client";
export type * from "../families/networkAcls/client";
export type * from "../families/networks/client";
export type * from "../families/organizations/client";
export type * from "../families/preferences/client";
export type * from "../families/privateGateways/client";
export type * from "../families/projects/client";
export type * from "../families/publicIps/client";
export { staticNatOf } from "../families/publicIps/client";
export type * from "../families/snapshots/client";
export type * from "../families/sshKeyPairs/client";
export {
  PUBLIC_KEY_MAX,
  parsePublicKey,
  publicKeyFingerprint,
  SSH_KEY_TYPES,
} from "../families/sshKeyPairs/client";
export type * from "../families/tags/client";
export {
  PLATFORM_TAG_TYPES,
  TAG_RESOURCE_TYPES,
  TAG_TYPE_ALIASES,
  tagMap,
  tagTypeNamed,
} from "../families/tags/client";
export type * from "../families/volumes/client";
export type * from "../families/vpcs/client";
export type { TokenClaims } from "./auth";
export { ADMIN_PERMISSION } from "./auth";
export type { CauseKind, CircuitScope, Trip } from "./circuit";
export {
  Circuit,
  causeKind,
  causeSummary,
  type SharedCause,
  SharedCauseError,
  sharedCauseOf,
} from "./circuit";
export type { AcceptedMutation, CallOptions, ClientEvent, EarlierAttempt } from "./core";
export * from "./errors";
export type { JobDurationsOptions, JobObservation } from "./jobHistory";
export { durationKey, durationSample, JobDurations, jobDurations } from "./jobHistory";
export type { ListResult, Page, Paginator } from "./pagination";
export { normaliseList } from "./pagination";
export type * from "./records";
export { commandMatches } from "./recovery";
export type { RetryOptions } from "./retry";
export { DEFAULT_MAX_RETRIES } from "./retry";
export * from "./tokenText";
export type { RecoveryOptions } from "./types";
export type { WaiterState, WaitOptions, WaitSchedule } from "./waiter";
export { jobState, pollDelay, waitForJob } from "./waiter";
