// What the fault matrix aims at: a program, the API calls each of its phases makes, and how to tell that the
// emulator holds exactly what the stack's state holds. Two targets: the instance with tags and its volume, which
// every fault meets at three server time zones, and the public IP and Kubernetes cluster of issues 12 and 13,
// which the faults of their own lifecycle meet once (tests/reliability/README.md says why).
import * as path from "node:path";
import { expect } from "vitest";
import type { EmulatorControl } from "../../emulator";
import type { CatalogueIds } from "./support";

export type Phase = "create" | "update" | "delete";
export const PHASES: Phase[] = ["create", "update", "delete"];

export type Route = [method: string, route: string];

export interface FaultTarget {
  /** A short name (CIM_REL_TARGETS=main,kinds). */
  id: string;
  /** How case names mention the target ("" for the first one, whose names predate the second). */
  label: string;
  /** The faults it meets, by name (every fault when left out). */
  faults?: string[];
  /** The server time zones it runs at, by label (left out: UTC, and the others for the faults that read times). */
  zones?: string[];
  /** How long its cases take against the first target's (1), to start the longest sequences first. */
  weight?: number;
  /** The program (tests/reliability/programs). */
  program: string;
  /** Runs through `pulumi-cim/native` and the plugin (a Pulumi.yaml naming bin/), not the dynamic provider. */
  native?: boolean;
  /** What each phase is called in case names (the cluster's update is its scale). */
  phaseNames: Record<Phase, string>;
  /** The calls that change something, per phase. */
  mutations: Record<Phase, Route[]>;
  /** The asynchronous mutation a job of the phase hangs on (restart, token expiry, a stuck job). */
  jobMutation: Record<Phase, Route>;
  /** The asynchronous mutations of each phase (the ones that create a job). */
  jobMutations: Record<Phase, Route[]>;
  /** The reads each phase makes: the job's first, then the resources'. */
  reads: Record<Phase, Route[]>;
  /** Mutations a proxy refuses before the API (502 page); the others reach it and get the 504 page after. */
  refusedByProxy(route: Route): boolean;
  /** The job mutations whose jobs the "stuck" fault holds, per phase (default: `jobMutation`). */
  stuck?: Record<Phase, Route[]>;
  /** The platform's text when a job of `route` finds no capacity (jobFail). */
  capacityDetail(route: Route): string;
  /** The zone's real capacity ceiling at create, instead of failed jobs (`full`: none left; else restored). */
  capacityCeiling?(control: EmulatorControl, full: boolean): Promise<void>;
  /** The account's real quota ceiling at create, instead of failed jobs (`full`: none left; else restored). */
  quotaCeiling?(control: EmulatorControl, full: boolean): Promise<void>;
  /** The kinds of the program's resources the faults act on (failures must name one of them). */
  kinds: string[];
  /** Their logical names in the program, same order as `kinds`. */
  names: string[];
  /** Ids per kind in the emulator's state (every state, Error included), and in the stack's deployment. */
  emulatorIds(state: any): Record<string, string[]>;
  stateIds(deployment: any): Record<string, string[]>;
  /** The emulator holds what `version` of the program asks, after a second run converged. */
  expectDesired(state: any, ids: CatalogueIds, version: "1" | "2"): void;
}

const programs = path.join(__dirname, "programs");

/** Whether a type token is the kind's, on either path (`pulumi-nodejs:dynamic/cim:Volume`, `cim:index:Volume`). */
export const isKind = (type: string, kind: string) =>
  type.endsWith(`/cim:${kind}`) || type === `cim:index:${kind}`;

/** Ids the stack's state holds per kind (resources pending delete left out). */
function stateIdsOf(deployment: any, kinds: string[]): Record<string, string[]> {
  const resources: any[] = deployment?.deployment?.resources ?? [];
  const of = (kind: string) =>
    resources
      .filter((r) => isKind(String(r.type), kind) && !r.delete)
      .map((r) => String(r.id))
      .sort();
  return Object.fromEntries(kinds.map((k) => [k, of(k)]));
}

const idsOf = (records: Record<string, any> | undefined, keep: (r: any) => boolean = () => true) =>
  Object.values(records ?? {})
    .filter(keep)
    .map((r: any) => String(r.id))
    .sort();

/** The data volumes the emulator holds (root disks left out). */
const dataVolumes = (state: any): any[] =>
  Object.values(state.volumes ?? {}).filter((v: any) => v.type !== "ROOT");

const JOB: Route = ["GET", "/api/v1/jobs/{jobId}"];

const INSTANCE = "/api/v1/compute/instances";
const VOLUMES = "/api/v1/volumes";
const deploy: Route = ["POST", INSTANCE];
const createVolume: Route = ["POST", VOLUMES];
const scaleInstance: Route = ["POST", `${INSTANCE}/{id}/scale`];
const resizeVolume: Route = ["POST", `${VOLUMES}/{id}/resize`];
const destroyInstance: Route = ["DELETE", `${INSTANCE}/{id}`];
const instanceReads: Route[] = [JOB, ["GET", `${INSTANCE}/{id}`], ["GET", `${VOLUMES}/{id}`]];

/** One instance with tags and one volume (programs/faultProgram.cjs): every fault, at three time zones. */
export const INSTANCE_AND_VOLUME: FaultTarget = {
  id: "main",
  label: "",
  program: path.join(programs, "faultProgram.cjs"),
  phaseNames: { create: "create", update: "update", delete: "delete" },
  mutations: {
    create: [deploy, createVolume],
    // what update sends: PUT, scale, tags, resize
    update: [["PUT", `${INSTANCE}/{id}`], scaleInstance, ["POST", `${INSTANCE}/{id}/tags`], resizeVolume],
    delete: [destroyInstance, ["DELETE", `${VOLUMES}/{id}`]],
  },
  jobMutation: { create: deploy, update: scaleInstance, delete: destroyInstance },
  // a volume's delete is done at once, no job
  jobMutations: {
    create: [deploy, createVolume],
    update: [scaleInstance, resizeVolume],
    delete: [destroyInstance],
  },
  // a create reads only its jobs: a successful job's result is the record (the emulator gives it for instances
  // and volumes), so the provider reads nothing after it
  reads: { create: [JOB], update: instanceReads, delete: instanceReads },
  refusedByProxy: ([, route]) => route.includes("/volumes"),
  capacityDetail: () => "Insufficient capacity in zone de-fra-1a",
  // the deploy is accepted and its job fails (volumes take no capacity)
  capacityCeiling: (control, full) => control.zoneCapacity("de-fra-1a", full ? 0 : 2000).then(() => {}),
  // the deploy and the volume create are accepted, their jobs fail
  quotaCeiling: (control, full) =>
    control
      .limits(full ? { instanceLimit: 0, volumeLimit: 0 } : { instanceLimit: 1000, volumeLimit: 2000 })
      .then(() => {}),
  kinds: ["Instance", "Volume"],
  names: ["vm", "data"],
  /**
   * An instance's root disk (a ROOT volume) is part of its instance, not a resource of the stack: it is left
   * out while its instance exists, and counts (as an orphan) once it outlives it.
   */
  emulatorIds: (state) => ({
    Instance: idsOf(state.instances),
    Volume: idsOf(state.volumes, (r) => !(r.type === "ROOT" && state.instances?.[r.virtualMachineId])),
  }),
  stateIds: (deployment) => stateIdsOf(deployment, ["Instance", "Volume"]),
  expectDesired(state, ids, version) {
    const vms = Object.values(state.instances) as any[];
    const vols = dataVolumes(state);
    expect(vms, "exactly one instance").toHaveLength(1);
    expect(vols, "exactly one volume").toHaveLength(1);
    const two = version === "2";
    expect({
      offering: vms[0].serviceOfferingId,
      displayName: vms[0].displayName,
      tags: vms[0].tags,
      state: vms[0].state,
      size: vols[0].size,
      volumeTags: vols[0].tags,
    }).toEqual({
      offering: two ? ids.medium : ids.small,
      displayName: two ? "rel-two" : "rel-one",
      tags: { suite: "reliability", env: two ? "two" : "one" },
      state: "Running",
      size: two ? 20 : 10,
      volumeTags: { suite: "reliability" },
    });
  },
};

const IPS = "/api/v1/public-ips";
const CLUSTERS = "/api/v1/compute/kubernetes/clusters";
const acquire: Route = ["POST", IPS];
const createCluster: Route = ["POST", CLUSTERS];
const scaleCluster: Route = ["POST", `${CLUSTERS}/{id}/nodes`];
const release: Route = ["DELETE", `${IPS}/{id}`];
const deleteCluster: Route = ["DELETE", `${CLUSTERS}/{id}`];
const readIp: Route = ["GET", `${IPS}/{id}`];
const readCluster: Route = ["GET", `${CLUSTERS}/{id}`];
/** Every call of theirs is a job. */
const kindsMutations: Record<Phase, Route[]> = {
  create: [acquire, createCluster],
  update: [scaleCluster],
  delete: [release, deleteCluster],
};

/**
 * A public IP and a Kubernetes cluster on an isolated network (programs/kindsFaultProgram.cjs): the IP acquired
 * and released, the cluster created, scaled from one worker to two and deleted. Every call of theirs is a job.
 */
export const PUBLIC_IP_AND_CLUSTER: FaultTarget = {
  id: "kinds",
  label: "public IP and cluster",
  // the faults of their own lifecycle: lost answers of their mutations, a failed job, a job stuck past the
  // resource timeout, 5xx on reads
  faults: [
    "connection reset before the answer to a mutation (drop-before)",
    "mutation lands, answer lost (drop-after)",
    "mutation held past cim:requestTimeout, then performed",
    "proxy pages: 502 before the API, 504 after it did the work",
    "job error: capacity",
    "one job stuck in running past the resource timeout",
    "5xx burst on reads",
  ],
  // once, at the zone farthest ahead of the client's: the lost answers are matched on the server's timeline
  zones: ["UTC+14"],
  weight: 1.5,
  program: path.join(programs, "kindsFaultProgram.cjs"),
  phaseNames: { create: "create", update: "scale", delete: "delete" },
  mutations: kindsMutations,
  jobMutation: { create: createCluster, update: scaleCluster, delete: release },
  jobMutations: kindsMutations,
  // the scale reads only the cluster: the address is not touched
  reads: {
    create: [JOB, readIp, readCluster],
    update: [JOB, readCluster],
    delete: [JOB, readIp, readCluster],
  },
  // both reach the API and lose their answer behind the gateway (the case that can duplicate)
  refusedByProxy: () => false,
  // the address at create and delete, the cluster at create and scale: every job of the phase is held
  stuck: { create: [acquire, createCluster], update: [scaleCluster], delete: [release] },
  // CloudStack's words (IpAddressManagerImpl, KubernetesClusterStartWorker, KubernetesClusterScaleWorker); a
  // delete's as the first target's
  capacityDetail: ([method, route]) =>
    method === "DELETE"
      ? "Insufficient capacity in zone de-fra-1a"
      : route === IPS
        ? "Insufficient address capacity"
        : route === scaleCluster[1]
          ? "Scaling failed for Kubernetes cluster : cluster in zone : de-fra-1a, insufficient capacity"
          : "Provisioning the cluster failed due to insufficient capacity in the Kubernetes cluster: cluster",
  kinds: ["PublicIp", "KubernetesCluster"],
  names: ["ip", "cluster"],
  /** The network's source-NAT address is the network's, not a resource of the stack. */
  emulatorIds: (state) => ({
    Network: idsOf(state.networks, (n) => !n.shared),
    PublicIp: idsOf(state.publicIps, (ip) => !ip.isSourceNat),
    KubernetesCluster: idsOf(state.clusters),
  }),
  stateIds: (deployment) => stateIdsOf(deployment, ["Network", "PublicIp", "KubernetesCluster"]),
  expectDesired(state, ids, version) {
    const ips = Object.values(state.publicIps ?? {}).filter((ip: any) => !ip.isSourceNat) as any[];
    const clusters = Object.values(state.clusters ?? {}) as any[];
    expect(ips, "exactly one public IP besides the network's source-NAT address").toHaveLength(1);
    expect(clusters, "exactly one cluster").toHaveLength(1);
    expect({
      ipState: ips[0].state,
      ipTags: ips[0].tags,
      clusterState: clusters[0].state,
      workers: clusters[0].size,
      version: clusters[0].kubernetesVersionId,
      sameNetwork: clusters[0].networkId === ips[0].networkId,
    }).toEqual({
      ipState: "Allocated",
      ipTags: { suite: "reliability" },
      clusterState: "Running",
      workers: version === "2" ? 2 : 1,
      version: ids.kubernetesVersionId,
      sameNetwork: true,
    });
  },
};

/**
 * The first target through the plugin: the same program on `pulumi-cim/native` meets the faults whose answer is
 * lost (the ones the lifecycle resolves by looking the work up), at create, update and delete, once.
 */
export const NATIVE_INSTANCE_AND_VOLUME: FaultTarget = {
  ...INSTANCE_AND_VOLUME,
  id: "native",
  label: "native plugin",
  native: true,
  faults: [
    "connection reset before the answer to a mutation (drop-before)",
    "mutation lands, answer lost (drop-after)",
    "proxy pages: 502 before the API, 504 after it did the work",
    "answers cut mid-JSON after the work",
    "mutation held past cim:requestTimeout, then performed",
    "503 with Retry-After",
    "server clock 5 minutes behind the client's, answers lost",
  ],
  zones: ["UTC"],
};
