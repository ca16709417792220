// CimClient: the typed client for the Cloud Infrastructure Management API. Cheap to construct (the dynamic
// provider builds one per call); every instance shares the process-wide connection pool (transport.ts).
// The token is validated (decoded, not verified) here and then lives only inside a closure.

import type { Dispatcher } from "undici";
import type { Iso, Template } from "../families/images/records";
import { Audit } from "./audit";
import { createCredential, normaliseBaseUrl, type TokenClaims } from "./auth";
import { BackupSchedules } from "./backupSchedules";
import { Backups } from "./backups";
import { Catalogue } from "./catalogue";
import type { Circuit } from "./circuit";
import { Comments } from "./comments";
import { CimCore, type ClientEvent } from "./core";
import { ConfigurationError } from "./errors";
import { FileSystems } from "./fileSystems";
import { Images } from "./images";
import { InstanceGroups } from "./instanceGroups";
import { InstanceSchedules } from "./instanceSchedules";
import { Instances } from "./instances";
import { Jobs } from "./jobs";
import { KubernetesClusters } from "./kubernetes";
import { InternalLoadBalancers, LoadBalancers } from "./loadBalancers";
import { MultiRegions } from "./multiRegions";
import { NetworkAcls } from "./networkAcls";
import { Networks } from "./networks";
import { Organizations } from "./organizations";
import { headerIdentifier } from "./paths";
import { UserPreferences } from "./preferences";
import { PrivateGateways } from "./privateGateways";
import { Projects } from "./projects";
import { PublicIps } from "./publicIps";
import { recoveryOptions } from "./recovery";
import { type RetryOptions, retryPolicy } from "./retry";
import { InstanceSnapshots, VolumeSnapshots } from "./snapshots";
import { SshKeyPairs } from "./sshKeyPairs";
import { Tags } from "./tags";
import type { TokenSource } from "./tokenText";
import type { RecoveryOptions } from "./types";
import { Volumes } from "./volumes";
import { Vpcs } from "./vpcs";

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

/** Templates: the platform's featured ones and those accounts register (images.ts, on /templates). */
class Templates extends Images<Template> {
  constructor(core: CimCore) {
    super(core, "template");
  }
}

/** ISOs: the platform's featured ones and those accounts register (images.ts, on /isos). */
class Isos extends Images<Iso> {
  constructor(core: CimCore) {
    super(core, "iso");
  }
}

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

export type * from "../families/audit/records";
export type * from "../families/backupSchedules/records";
export type * from "../families/backups/records";
export type * from "../families/catalogue/records";
export type * from "../families/comments/records";
export type * from "../families/fileSystems/records";
export type * from "../families/images/records";
export type * from "../families/instanceGroups/records";
export type * from "../families/instanceSchedules/records";
export type * from "../families/instances/records";
export type { JobCommand } from "../families/jobs";
export type * from "../families/kubernetes/records";
export type * from "../families/loadBalancers/records";
export type * from "../families/multiRegions/records";
export type * from "../families/networkAcls/records";
export type * from "../families/networks/records";
export type * from "../families/organizations/records";
export type * from "../families/preferences/records";
export type * from "../families/privateGateways/records";
export type * from "../families/projects/records";
export type * from "../families/publicIps/records";
export type * from "../families/snapshots/records";
export type * from "../families/sshKeyPairs/records";
export type * from "../families/tags/records";
export type * from "../families/volumes/records";
export type * from "../families/vpcs/records";
export type { AuditFilter, AuditQuery, AuditTime } from "./audit";
export { AUDIT_PAGE_SIZE } from "./audit";
export type { TokenClaims } from "./auth";
export { ADMIN_PERMISSION } from "./auth";
export type { BackupScheduleInput } from "./backupSchedules";
export type { CreateBackupInput } from "./backups";
export type { CauseKind, CircuitScope, Trip } from "./circuit";
export {
  Circuit,
  causeKind,
  causeSummary,
  type SharedCause,
  SharedCauseError,
  sharedCauseOf,
} from "./circuit";
export type { AddCommentInput, CommentCollection, CommentTarget } from "./comments";
export { COMMENT_TEXT_MAX, DELETABLE_COMMENTS } from "./comments";
export type { AcceptedMutation, CallOptions, ClientEvent } from "./core";
export * from "./errors";
export type { CreateFileSystemInput, FileSystemFilter } from "./fileSystems";
export type {
  ImageAccess,
  ImageFilter,
  ImageKind,
  ImagePermissionsBody,
  ImagePermissionsChange,
  RegisterImageInput,
  UpdateImageInput,
} from "./images";
export { Images, imagePermissionsBody } from "./images";
export type { InstanceGroupFilter } from "./instanceGroups";
export { type InstanceScheduleInput, instanceScheduleQuery } from "./instanceSchedules";
export type { CreateInstanceInput, ImageType, InstanceCreated, UpdateInstanceInput } from "./instances";
export type { JobDurationsOptions, JobObservation } from "./jobHistory";
export { durationKey, durationSample, JobDurations, jobDurations } from "./jobHistory";
export type { CreateKubernetesClusterInput, ScaleKubernetesClusterInput } from "./kubernetes";
export type {
  CreateInternalLoadBalancerInput,
  CreateLoadBalancerRuleInput,
  InternalLoadBalancer,
  InternalLoadBalancerFilter,
  LoadBalancerRule,
  LoadBalancerRuleFilter,
  UpdateLoadBalancerRuleInput,
} from "./loadBalancers";
export type { AddVpcInput, MemberFilter, MultiRegionGroupInput } from "./multiRegions";
export type { AclRuleInput, CreateAclListInput } from "./networkAcls";
export type { CreateNetworkInput } from "./networks";
export type { InvitationFilter, TenantContext } from "./organizations";
export type { ListResult, Page, Paginator } from "./pagination";
export { normaliseList } from "./pagination";
export type { CreatePrivateGatewayInput, PrivateGatewayFilter } from "./privateGateways";
export type { ProjectInput } from "./projects";
export type { AcquirePublicIpInput, EnableStaticNatInput, PublicIpFilter, StaticNat } from "./publicIps";
export { staticNatOf } from "./publicIps";
export type * from "./records";
export type { RetryOptions } from "./retry";
export { DEFAULT_MAX_RETRIES } from "./retry";
export type { CreateInstanceSnapshotInput, CreateVolumeSnapshotInput } from "./snapshots";
export type { ParsedPublicKey, RegisterSshKeyPairInput } from "./sshKeyPairs";
export { PUBLIC_KEY_MAX, parsePublicKey, publicKeyFingerprint, SSH_KEY_TYPES } from "./sshKeyPairs";
export type { TagCollection, TagMap, TagTarget } from "./tags";
export { tagMap } from "./tags";
export * from "./tokenText";
export type { RecoveryOptions } from "./types";
export type { CreateVolumeInput, ResizeVolumeInput } from "./volumes";
export type { CreateVpcInput, RenameInput } from "./vpcs";
export type { WaiterState, WaitOptions, WaitSchedule } from "./waiter";
export { jobState, pollDelay, waitForJob } from "./waiter";
