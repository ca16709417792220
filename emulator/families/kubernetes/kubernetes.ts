// Kubernetes clusters as CloudStack's Kubernetes Service keeps them (createKubernetesCluster,
// listKubernetesClusters, scaleKubernetesCluster, upgradeKubernetesCluster, deleteKubernetesCluster,
// getKubernetesClusterConfig, listKubernetesSupportedVersions), with the refusals of KubernetesClusterManagerImpl
// (validateKubernetesClusterCreateParameters, validateKubernetesClusterScaleParameters,
// validateKubernetesClusterUpgradeParameters) and KubernetesVersionManagerImpl.canUpgradeKubernetesVersion, in
// their words. Every change is a job; the cluster shows CloudStack's transitional state meanwhile. The spec shows
// only POST /compute/kubernetes/clusters/{id}/nodes: every other route and shape is a choice written in
// emulator/README.md.
import { randomBytes } from "node:crypto";
import type { Data } from "../../family";
import {
  isoNow,
  paging,
  passThrough,
  refusalOf,
  refusedInJob,
  stateJob,
  zoneOf,
} from "../../handlers/common";
import { body, bool, int, listFilter, type Obj, query, reqStr, str } from "../../handlers/input";
import { dropAnnotations, stampOf } from "../../handlers/lifecycle";
import { fieldsOf, hasComments } from "../../handlers/views";
import { badRequest, type Ctx, conflict, notFound, ok } from "../../http";
import type { FollowUp, JobEffect } from "../../jobs";
import { vmsThatFit, zoneHasRoom } from "../../quota";
import type { Job, KubernetesVersion } from "../../records";
import { keyPairNamed } from "../sshKeyPairs/sshKeyPairs";
import type { KubernetesClusterRec } from "./records";

export type KubernetesData = Data<"clusters" | "networks" | "sshKeyPairs" | "annotations" | "instances">;
type KCtx = Ctx<KubernetesData>;

/** CloudStack's cloud.kubernetes.cluster.max.size (default 10): control and worker nodes together. */
export const MAX_CLUSTER_SIZE = 10;
/** KubernetesClusterService's default node root disk, GB. */
const DEFAULT_ROOT_DISK_GB = 8;

/** KubernetesVersionManagerImpl.compareSemanticVersions: part by part, numerically (1.10.0 after 1.9.9). */
export const compareSemanticVersions = (a: string, b: string) =>
  Math.sign(a.localeCompare(b, "en", { numeric: true }));

/** KubernetesVersionManagerImpl.canUpgradeKubernetesVersion: why `to` is no upgrade of `from`, if it is not. */
export function upgradeProblem(from: string, to: string): string | undefined {
  if (compareSemanticVersions(to, from) < 0)
    return `Kubernetes clusters can not be downgraded, current version: ${from}, upgrade version: ${to}`;
  const [fMajor, fMinor] = from.split(".").map(Number);
  const [tMajor, tMinor] = to.split(".").map(Number);
  if (tMajor !== fMajor || tMinor - fMinor > 1)
    return `Kubernetes clusters can be upgraded between next minor or patch version releases, current version: ${from}, upgrade version: ${to}`;
  return undefined;
}

const versionOf = (ctx: KCtx, id: string) => ctx.store.catalogue("kubernetesVersions", id, ctx.region.id);

function usableVersion(ctx: KCtx, id: string): KubernetesVersion {
  const v = versionOf(ctx, id);
  if (!v) throw badRequest(`Invalid Kubernetes version ID: ${id}`);
  if (v.state !== "Enabled") throw badRequest(`Kubernetes version ID: ${id} is in ${v.state} state`);
  return v;
}

/** The offering must meet the version's minimum vCPUs and RAM (validateKubernetesClusterCreateParameters). */
function offeringFor(ctx: KCtx, id: string, v: KubernetesVersion, verb = "created") {
  const o = ctx.store.catalogue("computeOfferings", id, ctx.region.id);
  if (!o) throw badRequest(`No service offering found with ID: ${id}`);
  if (o.cpuNumber < v.minimumCpuNumber)
    throw badRequest(
      `Kubernetes cluster cannot be ${verb} with service offering ID: ${id}, Kubernetes version ${v.semanticVersion} needs minimum ${v.minimumCpuNumber} vCPUs`,
    );
  if (o.memory < v.minimumRamSize)
    throw badRequest(
      `Kubernetes cluster cannot be ${verb} with service offering ID: ${id}, Kubernetes version ${v.semanticVersion} needs minimum ${v.minimumRamSize} MB RAM`,
    );
  return o;
}

/** Autoscaling bounds (validateKubernetesClusterScaleParameters); returns [minSize, maxSize]. */
function autoscalingBounds(v: KubernetesVersion, controlNodes: number, min?: number, max?: number) {
  if (!v.supportsAutoscaling) throw badRequest(`Autoscaling requires Kubernetes Version 1.24.0 or above`);
  if (min === undefined || max === undefined)
    throw badRequest("Autoscaling requires minsize and maxsize to be passed");
  if (min < 1) throw badRequest("Minsize must be at least than 1");
  if (max <= min) throw badRequest("Maxsize must be greater than minsize");
  if (max + controlNodes > MAX_CLUSTER_SIZE)
    throw badRequest(
      `Maximum cluster size can not exceed ${MAX_CLUSTER_SIZE}. Please contact your administrator`,
    );
  return [min, max] as const;
}

function endpointOf(c: KubernetesClusterRec): string {
  const n = Number.parseInt(c.id.replace(/-/g, "").slice(0, 4), 16);
  return `https://198.18.${(n >> 8) & 255}.${n & 255}:6443/`;
}

/** An admin kubeconfig as CloudStack stores it (kubernetes_cluster_details `kubeConfigData`). */
function kubeconfigOf(c: KubernetesClusterRec, endpoint: string): string {
  const token = randomBytes(24).toString("base64url");
  const ca = randomBytes(48).toString("base64");
  return [
    "apiVersion: v1",
    "kind: Config",
    "clusters:",
    `- name: ${c.name}`,
    "  cluster:",
    `    server: ${endpoint.replace(/\/$/, "")}`,
    `    certificate-authority-data: ${ca}`,
    "users:",
    `- name: kubernetes-admin`,
    "  user:",
    `    token: ${token}`,
    "contexts:",
    `- name: kubernetes-admin@${c.name}`,
    "  context:",
    `    cluster: ${c.name}`,
    "    user: kubernetes-admin",
    `current-context: kubernetes-admin@${c.name}`,
    "",
  ].join("\n");
}

/** KubernetesClusterResponse, camelCase; the kubeconfig is never part of it (GET …/config only). */
function clusterView(ctx: KCtx, c: KubernetesClusterRec) {
  const v = ctx.store.catalogue("kubernetesVersions", c.kubernetesVersionId, c.regionId);
  const o = ctx.store.catalogue("computeOfferings", c.serviceOfferingId, c.regionId);
  const net = ctx.data.networks.byId(c.networkId);
  return {
    ...fieldsOf(c, ["id", "name", "description"]),
    ...zoneOf(ctx.store, c),
    kubernetesVersionId: c.kubernetesVersionId,
    kubernetesVersionName: v?.name ?? "",
    serviceOfferingId: c.serviceOfferingId,
    serviceOfferingName: o?.name ?? "",
    networkId: c.networkId,
    associatedNetworkName: net?.name ?? "",
    ...fieldsOf(c, ["keyPair", "controlNodes", "size", "nodeRootDiskSize"]),
    cpuNumber: String((o?.cpuNumber ?? 0) * (c.size + c.controlNodes)),
    memory: String((o?.memory ?? 0) * (c.size + c.controlNodes)),
    ...fieldsOf(c, ["autoscalingEnabled", "minSize", "maxSize", "state", "endpoint", "account"]),
    tags: { ...c.tags },
    hasAnnotations: hasComments(ctx, c.id),
    ...fieldsOf(c, ["created", "lastUpdated"]),
  };
}

const findCluster = (ctx: KCtx, id: string) => ctx.data.clusters.find(ctx.owner, id);

/** GET /compute/kubernetes/versions: listKubernetesSupportedVersions (a bare array, like the offering lists). */
export function listVersions(ctx: KCtx) {
  const q = query(ctx);
  const match = listFilter<KubernetesVersion>(q, { id: "id", name: "name" }, ["name", "semanticVersion"]);
  return ok(
    ctx.store.state.kubernetesVersions
      .filter((v) => v.regionId === ctx.region.id)
      .filter(match)
      .map(({ regionId: _, ...v }) => v),
  );
}

/** POST /compute/kubernetes/clusters: createKubernetesCluster (a job; Created → Starting → Running). */
export function create(ctx: KCtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const zoneId = reqStr(b, "zoneId");
  const versionId = reqStr(b, "kubernetesVersionId");
  const offeringId = reqStr(b, "serviceOfferingId");
  const zone = ctx.store.catalogue("zones", zoneId, ctx.region.id);
  if (!zone) throw badRequest(`Unable to find zone by ID: ${zoneId}`);
  const version = usableVersion(ctx, versionId);
  offeringFor(ctx, offeringId, version);
  const size = int(b, "size") ?? 1;
  const controlNodes = int(b, "controlNodes") ?? 1;
  if (controlNodes < 1) throw badRequest(`Invalid cluster control nodes count: ${controlNodes}`);
  if (size < 1) throw badRequest(`Invalid cluster size: ${size}`);
  if (controlNodes > 1 && !version.supportsHa)
    throw badRequest(
      `HA support is available only for Kubernetes version 1.16.0 and above. Given version ID: ${versionId} is ${version.semanticVersion}`,
    );
  if (size + controlNodes > MAX_CLUSTER_SIZE)
    throw badRequest(
      `Maximum cluster size can not exceed ${MAX_CLUSTER_SIZE}. Please contact your administrator`,
    );
  const rootDisk = int(b, "nodeRootDiskSize") ?? DEFAULT_ROOT_DISK_GB;
  if (rootDisk < 1) throw badRequest(`Invalid value for nodeRootDiskSize: ${rootDisk}`);
  const networkId = reqStr(b, "networkId");
  const zoneNetwork = ctx.data.networks.byId(networkId);
  const network = zoneNetwork?.shared ? zoneNetwork : ctx.data.networks.get(ctx.owner, networkId);
  if (!network || network.regionId !== ctx.region.id)
    throw badRequest(`Unable to find network with given ID: ${networkId}`);
  // validateNetwork: only an isolated network or a VPC tier of the account (never the zone's shared network)
  if (network.shared)
    throw badRequest(
      `Network ID: ${networkId} is not suitable for Kubernetes cluster`,
      "Only an isolated network or a VPC tier of the account can hold a cluster",
    );
  if (network.zoneId !== zoneId) throw badRequest(`Network ID: ${networkId} is not in zone ID: ${zoneId}`);
  const keyPair = str(b, "keyPair") ?? "";
  if (keyPair && !keyPairNamed(ctx, keyPair))
    throw badRequest(`Unable to find SSH keypair with name: ${keyPair}`);
  if (ctx.data.clusters.list(ctx.owner).some((c) => c.name === name && !ctx.data.clusters.isGone(c)))
    throw conflict(`Kubernetes cluster with name: ${name} already exists`);
  const autoscaling = bool(b, "autoscalingEnabled") ?? false;
  const [minSize, maxSize] = autoscaling
    ? autoscalingBounds(version, controlNodes, int(b, "minSize"), int(b, "maxSize"))
    : [0, 0];
  // The job plans every node on the zone's hosts first (KubernetesClusterStartWorker.plan): a zone without room for
  // them all fails it before any is deployed, the cluster in Error holding none.
  const full = !zoneHasRoom(ctx.data, ctx.quota, zone, controlNodes + size);
  // createManagedKubernetesCluster checks no allowance: the job deploys the nodes one by one and the platform's
  // deploy refuses the first past the instance or volume allowance; those before it stay with the cluster
  const { fit, refusal } = full
    ? { fit: 0, refusal: undefined }
    : vmsThatFit(ctx.quota, ctx.user.sub, controlNodes + size, 1);
  const fields = {
    tags: {},
    hasAnnotations: false,
    name,
    description: str(b, "description") ?? name,
    zoneId,
    kubernetesVersionId: versionId,
    serviceOfferingId: offeringId,
    networkId,
    keyPair,
    controlNodes,
    size,
    nodeRootDiskSize: rootDisk,
    autoscalingEnabled: autoscaling,
    minSize,
    maxSize,
    state: "Starting",
    nodeVms: fit,
    endpoint: "",
    kubeconfig: "",
  };
  const c = ctx.data.clusters.insert(ctx.owner, fields, isoNow(ctx));
  // the job's text is the worker's alone (CreateKubernetesClusterCmd answers its CloudRuntimeException's message):
  // the limit's ResourceAllocationException is its cause, in the management server's log only
  const failDetail = full
    ? `Provisioning the cluster failed due to insufficient capacity in the Kubernetes cluster: ${c.id}`
    : refusal && `${nodeStep(fit, controlNodes)} failed in the Kubernetes cluster : ${name}`;
  return clusterJob(ctx, c, "createKubernetesCluster", "Starting", undefined, failDetail);
}

/**
 * KubernetesClusterStartWorker's words for the node it could not deploy: the first control node, another control
 * node, or a worker (startKubernetesClusterOnCreate).
 */
function nodeStep(index: number, controlNodes: number): string {
  if (index === 0) return "Provisioning the control VM";
  return index < controlNodes ? "Provisioning additional control VM" : "Provisioning node VM";
}

/** The node VMs a cluster holds (its `nodeVms`; before that was kept, its nodes unless it is in Error). */
export const nodeVmsOf = (c: KubernetesClusterRec): number =>
  c.nodeVms ?? (c.state === "Error" ? 0 : c.controlNodes + c.size);

export function get(ctx: KCtx) {
  const c = findCluster(ctx, ctx.params.id);
  if (ctx.data.clusters.isGone(c)) throw notFound(`Unable to find Kubernetes cluster with ID: ${c.id}`);
  return ok(clusterView(ctx, c));
}

/** listKubernetesClusters: filters id, name, state, keyword (name); Destroyed clusters are not listed. */
export function list(ctx: KCtx) {
  const q = query(ctx);
  const match = listFilter<KubernetesClusterRec>(q, { id: "id", name: "name", state: "state" }, ["name"]);
  const rows = ctx.data.clusters.list(ctx.owner).filter((c) => !ctx.data.clusters.isGone(c) && match(c));
  return ok(passThrough("kubernetescluster", rows, paging(ctx), (c) => clusterView(ctx, c)));
}

/**
 * POST /compute/kubernetes/clusters/{id}/nodes: scaleKubernetesCluster with query parameters size,
 * serviceOfferingId, autoscalingEnabled, minSize, maxSize (the spec's "(q); no body"). KubernetesClusterManagerImpl
 * validates in the job (the command is asynchronous): a refusal fails it, the cluster unchanged.
 */
function scaleCluster(ctx: KCtx) {
  const c = findCluster(ctx, ctx.params.id);
  const q = query(ctx);
  const size = int(q, "size");
  const offeringId = str(q, "serviceOfferingId");
  const autoscaling = bool(q, "autoscalingEnabled");
  const change: Partial<KubernetesClusterRec> = {};
  const failDetail = refusalOf(() => scaleChecks(ctx, c, { size, offeringId, autoscaling }, change));
  const command = "scaleKubernetesCluster";
  if (failDetail) return refusedInJob(ctx, ctx.data.clusters, c, { command, failDetail });
  // a scale up deploys the new workers in the job, each checked against the allowances (scaleUpKubernetesClusterSize)
  const held = nodeVmsOf(c);
  const adding = Math.max(0, c.controlNodes + (change.size ?? c.size) - held);
  // the new workers are planned on the zone's hosts first (KubernetesClusterScaleWorker.scaleKubernetesClusterSize)
  const zone = ctx.store.catalogue("zones", c.zoneId, ctx.region.id);
  const full = adding > 0 && zone !== undefined && !zoneHasRoom(ctx.data, ctx.quota, zone, adding);
  const { refusal } = full ? { refusal: undefined } : vmsThatFit(ctx.quota, ctx.user.sub, adding, 1);
  // the new nodes count from the request, as a deploy's instance does; a failed job gives them back
  if (adding && !full && !refusal) ctx.data.clusters.update(c, { nodeVms: held + adding });
  const payload = { change, scanDelayMs: ctx.jobs.timing.latencyMs, nodeVms: held };
  // a failed scale leaves Alert until the platform's state scanner has looked at the cluster again
  return clusterJob(
    ctx,
    c,
    command,
    "Scaling",
    payload,
    // KubernetesClusterScaleWorker's text alone, as for a create: the limit's text reaches only the server's log
    full
      ? `Scaling failed for Kubernetes cluster : ${c.name} in zone : ${zone?.name}, insufficient capacity`
      : refusal &&
          `Scaling failed for Kubernetes cluster : ${c.name}, unable to provision node VM in the cluster`,
  );
}

/** validateKubernetesClusterScaleParameters's checks, in its words; what the scale changes goes into `change`. */
function scaleChecks(
  ctx: KCtx,
  c: KubernetesClusterRec,
  { size, offeringId, autoscaling }: { size?: number; offeringId?: string; autoscaling?: boolean },
  change: Partial<KubernetesClusterRec>,
) {
  const q = query(ctx);
  if (size === undefined && offeringId === undefined && autoscaling === undefined)
    throw badRequest(
      `Kubernetes cluster ${c.name} cannot be scaled, either service offering or cluster size or autoscaling must be passed`,
    );
  // validateKubernetesClusterScaleParameters: a cluster scales only while Running (Stopped: the offering only)
  const offeringOnly = size === undefined && autoscaling === undefined;
  if (!(c.state === "Running" || (c.state === "Stopped" && offeringOnly)))
    throw conflict(`Kubernetes cluster ${c.name} is in ${c.state} state and can not be scaled`);
  const version = versionOf(ctx, c.kubernetesVersionId);
  if (!version) throw conflict(`Kubernetes version of cluster ${c.name} is no longer available`);
  if (offeringId !== undefined && offeringId !== c.serviceOfferingId) {
    offeringFor(ctx, offeringId, version, "scaled");
    change.serviceOfferingId = offeringId;
  }
  if (autoscaling === true) {
    const [minSize, maxSize] = autoscalingBounds(
      version,
      c.controlNodes,
      int(q, "minSize"),
      int(q, "maxSize"),
    );
    Object.assign(change, { autoscalingEnabled: true, minSize, maxSize });
  } else if (autoscaling === false) {
    Object.assign(change, { autoscalingEnabled: false, minSize: 0, maxSize: 0 });
  }
  if (size !== undefined) {
    if (size < 1) throw badRequest(`Invalid size for Kubernetes cluster: ${size}`);
    if (size + c.controlNodes > MAX_CLUSTER_SIZE)
      throw badRequest(
        `Maximum cluster size can not exceed ${MAX_CLUSTER_SIZE}. Please contact your administrator`,
      );
    if (autoscaling === true || (autoscaling === undefined && c.autoscalingEnabled))
      throw badRequest("Size cannot be passed when autoscaling is enabled: the autoscaler sets the size");
    change.size = size;
  }
}

/** POST /compute/kubernetes/clusters/{id}/upgrade: upgradeKubernetesCluster (query kubernetesVersionId). */
function upgradeCluster(ctx: KCtx) {
  const c = findCluster(ctx, ctx.params.id);
  const versionId = reqStr(query(ctx), "kubernetesVersionId");
  const to = usableVersion(ctx, versionId);
  // validateKubernetesClusterUpgradeParameters, in the job (the command is asynchronous)
  const failDetail = refusalOf(() => {
    if (c.state !== "Running") throw conflict(`Kubernetes cluster : ${c.name} is not in running state`);
    const from = versionOf(ctx, c.kubernetesVersionId);
    if (from) {
      if (from.id === to.id)
        throw badRequest(
          `Kubernetes cluster ${c.name} already runs Kubernetes version ${to.semanticVersion}`,
        );
      const problem = upgradeProblem(from.semanticVersion, to.semanticVersion);
      if (problem) throw badRequest(problem);
    }
    offeringFor(ctx, c.serviceOfferingId, to, "upgraded");
  });
  const command = "upgradeKubernetesCluster";
  if (failDetail) return refusedInJob(ctx, ctx.data.clusters, c, { command, failDetail });
  return clusterJob(ctx, c, command, "Upgrading", { change: { kubernetesVersionId: to.id } });
}

/** DELETE /compute/kubernetes/clusters/{id}: deleteKubernetesCluster (Destroying, then gone). */
export function remove(ctx: KCtx) {
  const c = findCluster(ctx, ctx.params.id);
  ctx.data.clusters.idle(c);
  return clusterJob(ctx, c, "deleteKubernetesCluster", "Destroying");
}

/** GET /compute/kubernetes/clusters/{id}/config: getKubernetesClusterConfig ({id, name, configData}). */
export function getConfig(ctx: KCtx) {
  const c = findCluster(ctx, ctx.params.id);
  if (!c.kubeconfig)
    throw conflict(
      `Failed to retrieve Kubernetes config for cluster ${c.name}`,
      `The cluster is ${c.state}: its kubeconfig exists once it has first reached Running`,
    );
  return ok({ id: c.id, name: c.name, configData: c.kubeconfig });
}

const clusterJob = (
  ctx: KCtx,
  c: KubernetesClusterRec,
  command: string,
  interim: string,
  payload?: Obj,
  failDetail?: string,
) => stateJob(ctx, ctx.data.clusters, c, { command, interim, payload, failDetail });

type Effects = Record<string, JobEffect<KubernetesData>>;

const clusterOf = (data: KubernetesData, job: Job) => data.clusters.byId(job.resourceId);

const running = (data: KubernetesData, job: Job, patch: Partial<KubernetesClusterRec> = {}) => {
  const c = clusterOf(data, job);
  if (c) data.clusters.update(c, { ...patch, state: "Running" }, stampOf(job));
};

const restore = (data: KubernetesData, job: Job) => {
  const c = clusterOf(data, job);
  const prev = job.payload?.prevState;
  if (c && typeof prev === "string") data.clusters.update(c, { state: prev }, stampOf(job));
};

/** The platform's state scanner (a system job): an Alert cluster whose nodes all run is Running again. */
const RECONCILE = "reconcileKubernetesCluster";

/**
 * Cluster work takes many usual jobs (createKubernetesCluster provisions and boots every node, then waits for
 * the API server; scaleKubernetesCluster and upgradeKubernetesCluster add, drain or replace nodes one by one):
 * `durationFactor` times the emulator's job latency, so the job modes and the job clock still decide.
 */
const CLUSTER_JOB_FACTORS = {
  createKubernetesCluster: 10,
  scaleKubernetesCluster: 5,
  upgradeKubernetesCluster: 5,
} as const;

/** POST …/clusters/{id}/nodes (the spec's scale route) and …/{id}/upgrade. */
export const actions = { nodes: scaleCluster, upgrade: upgradeCluster };

export const kubernetesJobEffects: Effects = {
  createKubernetesCluster: {
    durationFactor: CLUSTER_JOB_FACTORS.createKubernetesCluster,
    success(data, job) {
      const c = clusterOf(data, job);
      if (!c) return;
      const endpoint = endpointOf(c);
      running(data, job, { endpoint, kubeconfig: kubeconfigOf(c, endpoint) });
    },
    // KubernetesClusterStartWorker: a cluster whose nodes did not come up is left in Error, deletable
    failure(data, job) {
      const c = clusterOf(data, job);
      if (c) data.clusters.update(c, { state: "Error" }, stampOf(job));
    },
  },
  scaleKubernetesCluster: {
    durationFactor: CLUSTER_JOB_FACTORS.scaleKubernetesCluster,
    success(data, job) {
      const change = (job.payload?.change ?? {}) as Partial<KubernetesClusterRec>;
      const c = clusterOf(data, job);
      // the workers a scale down removed are expunged with it: their allowances are free again
      running(data, job, c ? { ...change, nodeVms: c.controlNodes + (change.size ?? c.size) } : change);
    },
    // KubernetesClusterScaleWorker: a failed scale leaves the cluster in Alert (nodes may have changed), and
    // KubernetesClusterStatusScanner's next pass reconciles it (reconcileAlertCluster: Running once its nodes run).
    // The emulator's failed scale keeps the nodes the cluster held before it.
    failure(data, job): FollowUp | undefined {
      const c = clusterOf(data, job);
      if (!c) return undefined;
      const nodeVms = job.payload?.nodeVms;
      data.clusters.update(
        c,
        { state: "Alert", ...(typeof nodeVms === "number" ? { nodeVms } : {}) },
        stampOf(job),
      );
      return { command: RECONCILE, delayMs: Number(job.payload?.scanDelayMs ?? 0) };
    },
  },
  [RECONCILE]: {
    success(data, job) {
      if (clusterOf(data, job)?.state === "Alert") running(data, job);
    },
    failure() {},
  },
  upgradeKubernetesCluster: {
    durationFactor: CLUSTER_JOB_FACTORS.upgradeKubernetesCluster,
    success: (data, job) => running(data, job, (job.payload?.change ?? {}) as Partial<KubernetesClusterRec>),
    failure: restore,
  },
  deleteKubernetesCluster: {
    success(data, job) {
      if (!clusterOf(data, job)) return;
      dropAnnotations(data, job.resourceId);
      data.clusters.delete(job.resourceId);
    },
    failure: restore,
  },
};
