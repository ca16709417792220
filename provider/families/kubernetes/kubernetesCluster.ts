// cim.KubernetesCluster: a CloudStack Kubernetes Service cluster (createKubernetesCluster): control nodes and
// workers of one compute offering on an isolated network or VPC tier, made by a long job (its default create
// timeout is an hour, CloudStack's cloud.kubernetes.cluster.start.timeout). The worker count, the offering and the
// autoscaling bounds change in place through the spec's nodes route (scaleKubernetesCluster, a job); the version
// upgrades in place to the next minor or a patch release (upgradeKubernetesCluster), a skipped minor replaces, and
// an older version than the cluster runs is refused at preview (a cluster cannot go back). Outputs carry the API server's endpoint and the admin kubeconfig, the
// latter a secret output (never in a message: the engine encrypts it in state).

import { z } from "zod";
import { JobFailedError, type KubernetesVersion, type KubernetesCluster as LiveCluster } from "../../client";
import {
  catalogueField,
  commonFields,
  created,
  field,
  nameOfId,
  networkInZone,
  notTheZoneNetwork,
  output,
  recordCalls,
  tags,
  uniqueName,
  uniqueTogether,
  zoneField,
  zoneName,
} from "../../kinds/common";
import { defineKind, type Recorded } from "../../kinds/define";
import { examples, exported, lookupId, outputOf, resource, variables } from "../../kinds/examples";
import { id, text } from "../../lifecycle/check";
import { catalogue } from "../../lifecycle/lookups";
import { readAllowances } from "../../lifecycle/quotaPreflight";
import { type Session, waitFor } from "../../lifecycle/session";
import { containsUnknown, sameValue } from "../../lifecycle/values";

/** A cluster as the client reads it, with its kubeconfig once it has one. */
export type KubernetesClusterLive = LiveCluster & { kubeconfig?: string };

const count = (rule: string, min: number) =>
  z
    .number({ error: (i) => (i.input === undefined ? `is required: ${rule}` : `must be a number: ${rule}`) })
    .int(`must be a whole number: ${rule}`)
    .min(min, `must be at least ${min}: ${rule}`);

const autoscalingSchema = z
  .object(
    {
      minSize: count("the fewest workers the autoscaler keeps", 1).describe(
        "The fewest worker nodes the autoscaler keeps (at least 1).",
      ),
      maxSize: count("the most workers the autoscaler makes", 1).describe(
        "The most worker nodes the autoscaler makes (greater than `minSize`).",
      ),
    },
    { error: "must be { minSize, maxSize }: the autoscaler's bounds on the worker count" },
  )
  .describe("The autoscaler's bounds on the cluster's worker count.")
  .refine((a) => a.maxSize > a.minSize, {
    message: "must be greater than minSize (the platform refuses equal bounds)",
    path: ["maxSize"],
  })
  .optional();

type Autoscaling = z.output<typeof autoscalingSchema>;

const liveAutoscaling = (r: LiveCluster): Autoscaling | null =>
  r.autoscalingEnabled === undefined
    ? undefined
    : r.autoscalingEnabled
      ? { minSize: r.minSize ?? 0, maxSize: r.maxSize ?? 0 }
      : null;

const autoscales = (rec: Recorded) => rec.autoscaling !== undefined && rec.autoscaling !== null;

/** CloudStack's KubernetesVersionManagerImpl.compareSemanticVersions: part by part, numerically. */
export const compareVersions = (a: string, b: string) =>
  Math.sign(a.localeCompare(b, "en", { numeric: true }));

/**
 * Whether a running cluster of `from` can be upgraded to `to` in place (canUpgradeKubernetesVersion): the same
 * major, a higher version, at most the next minor.
 */
export function upgradableInPlace(from: string, to: string): boolean {
  const [fMajor, fMinor] = from.split(".").map(Number);
  const [tMajor, tMinor] = to.split(".").map(Number);
  return compareVersions(to, from) > 0 && tMajor === fMajor && tMinor - fMinor <= 1;
}

const clusterCalls = recordCalls((c) => c.kubernetesClusters);

/** A whole number the inputs give, else (left out, or not known yet at preview) the platform's default. */
const given = (v: unknown, otherwise: number) => (typeof v === "number" ? v : otherwise);

/**
 * The nodes a new cluster is made with, control and workers, as create sends them (`size`, else autoscaling's
 * `minSize`, else 1): what is not known yet counts as its default, so the count is the least it will be.
 */
export function nodesOf(i: Recorded): number {
  const autoscaling = i.autoscaling as { minSize?: unknown } | null | undefined;
  return given(i.controlNodes, 1) + given(i.size, given(autoscaling?.minSize, 1));
}

/**
 * The platform deploys each node as an instance of the account with a root disk (CloudStack Kubernetes Service:
 * user VMs counted against max.account.user.vms, their ROOT volumes against max.account.volumes), so a cluster
 * passes those allowances as instances do; the create job fails at the first node past them.
 */
const nodeUses = [
  {
    quota: { limit: "instanceLimit", count: "instanceCount" },
    noun: "instance",
    count: nodesOf,
    why: "each node of a new Kubernetes cluster, control or worker, is one",
    doc: "Each create also uses 1 instance allowance per node (`controlNodes` plus `size`, or `autoscaling.minSize`): the platform deploys every node as an instance of the account, and the create fails at the first node past the allowance.",
  },
  {
    quota: { limit: "volumeLimit", count: "volumeCount" },
    noun: "volume",
    count: nodesOf,
    why: "the root disk of each node of a new Kubernetes cluster is one",
    doc: "Each create also uses 1 volume allowance per node: the root disk of each.",
  },
] as const;

/**
 * The platform's refusal of more nodes than its maximum cluster size (CloudStack's cloud.kubernetes.cluster.max.size,
 * 10 by default, which the API does not show, so preview cannot judge it): the error then counts the program's
 * nodes and names the inputs that make them. Any other error is returned as it is.
 */
function tooManyNodes(
  err: unknown,
  i: { size?: number; controlNodes?: number; autoscaling?: { minSize: number; maxSize: number } },
): unknown {
  const said = err instanceof Error ? err.message : "";
  const most = /Maximum cluster size can not exceed (\d+)/i.exec(said)?.[1];
  if (most === undefined) return err;
  const control = i.controlNodes ?? 1;
  const workers = i.autoscaling ? `autoscaling.maxSize ${i.autoscaling.maxSize}` : `size ${i.size ?? 1}`;
  const total = (i.autoscaling ? i.autoscaling.maxSize : (i.size ?? 1)) + control;
  return new Error(
    `${workers} and controlNodes ${control} make ${total} nodes, more than the ${most} the platform allows a cluster (its cloud.kubernetes.cluster.max.size setting, which the API does not show): lower them, or ask the platform's operators to raise it. The API answered: ${said}`,
    { cause: err },
  );
}

/**
 * CloudStack's words when a create or scale job could not deploy a node VM (KubernetesClusterStartWorker: the first
 * control node, another control node, a worker; KubernetesClusterScaleWorker: a new worker). The job says no more:
 * the cause (a ResourceAllocationException for an allowance, InsufficientCapacityException, ResourceUnavailableException,
 * ManagementServerException) reaches only the platform's log. Older releases say "master" for "control".
 */
const NODE_NOT_DEPLOYED =
  /\bProvisioning (?:the (?:control|master)|additional (?:control|master)|node) VM\b.*\bfailed in the Kubernetes cluster\b|\bunable to provision node VM\b/i;

/**
 * A job that could not deploy a node VM, said with the account's allowances (GET /api/v1/tenants/my-limits), which
 * its words leave out: each node is an instance with a root disk, so an instance or volume allowance without room
 * for `adding` more nodes is the likely cause (a create: 1, the node refused, those before it counted already; a
 * scale: the workers it adds, which the platform may have deployed some of); with room in both, the zone's capacity
 * or what the node is made from. Any other error is returned as it is.
 */
async function nodeNotDeployed(s: Session, err: unknown, adding = 1): Promise<unknown> {
  if (!(err instanceof JobFailedError) || !NODE_NOT_DEPLOYED.test(err.detail ?? "")) return err;
  const limits = await readAllowances(s.client, "my-limits");
  const route = "GET /api/v1/tenants/my-limits";
  const figures = nodeUses.flatMap(({ quota, noun }) => {
    const limit = limits?.[quota.limit];
    const used = limits?.[quota.count] ?? 0;
    if (typeof limit !== "number" || typeof used !== "number") return [];
    // CloudStack's -1: no limit
    const full = limit >= 0 && used + adding > limit;
    return [{ noun, key: quota.limit, full, said: `${used} of ${limit} ${noun}s in use (${quota.limit})` }];
  });
  const full = figures.filter((f) => f.full);
  let why: string;
  if (full.length) {
    const allowances = `The account's ${full.map((f) => f.noun).join(" and ")} allowance${full.length > 1 ? "s" : ""}`;
    const state =
      adding === 1
        ? `${full.length > 1 ? "are" : "is"} used up`
        : `${full.length > 1 ? "have" : "has"} no room for the ${adding} workers the scale adds`;
    why =
      `${allowances} ${state}: ${full.map((f) => f.said).join(", ")}, ${route}. ` +
      "This is a quota ceiling: the platform deploys each node of a cluster as an instance of the account with a root disk volume and refuses the one past the allowance, though its job says only that the node could not be deployed; the nodes the cluster holds count among them. " +
      `Retrying fails the same way: remove ${full.map((f) => `${f.noun}s`).join(" or ")} (another cluster's nodes count too), or ask for a higher ${full.map((f) => f.key).join(" or ")}.`;
  } else {
    const room = figures.length
      ? `the account's allowances have room (${figures.map((f) => f.said).join(", ")}, ${route})`
      : `the account's allowances could not be read now (${route} shows whether the instance or volume allowance is used up: each node is an instance with a root disk)`;
    why =
      `The platform could not deploy a node VM, and its job does not say why; ${room}. ` +
      "Other causes: the zone has no capacity for another node of the compute offering (no host or primary storage with room for it: choose another offering or zone, or try later), or something the node is made from is not ready in the zone (the Kubernetes version's ISO or the node template, which the platform's operators provide). " +
      "The platform's log holds the reason: its operators can read it.";
  }
  return new Error(`${err.summary} ${why}`, { cause: err });
}

export const kubernetesCluster = defineKind({
  name: "KubernetesCluster",
  noun: "Kubernetes cluster",
  summary:
    "A Kubernetes cluster (CloudStack Kubernetes Service): scaled and upgraded in place; kubeconfig as a secret output.",
  ...examples(
    ["zoneId", "vpc", "tier"],
    [
      resource(
        "KubernetesCluster",
        "apps",
        {
          ...variables("zoneId"),
          kubernetesVersionId: lookupId("getKubernetesVersion", { version: "1.28.4" }),
          serviceOfferingId: lookupId("getComputeOffering", { name: "Medium" }),
          networkId: outputOf("tier.id"),
          size: 2,
          tags: { env: "prod" },
        },
        { as: "cluster" },
      ),
      exported("endpoint", "cluster.endpoint"),
      exported("kubeconfig", "cluster.kubeconfig", "a secret output"),
    ],
  ),
  nameFromResource: true,
  tags: "cluster",
  alsoUses: nodeUses,
  // CloudStack waits up to an hour for a cluster to start, scale or upgrade (cloud.kubernetes.cluster.*.timeout)
  timeouts: { create: "60m", update: "60m", delete: "30m" },
  // KubernetesCluster.State: jobs under way show Starting, Scaling, Upgrading or Destroying
  states: {
    busy: ["Created", "Starting", "Scaling", "Upgrading", "Stopping", "Destroying"],
    gone: ["Destroyed"],
    deleting: "Destroying",
    failed: "Error",
  },
  fields: {
    ...commonFields,
    name: field(text("the cluster's name (the SDK defaults it to the resource name)").optional(), {
      doc: "The cluster's name (default: the resource name), unique among the account's clusters.",
      change: "replace",
      live: true,
      requiredUnlessAdopting: "the cluster's name",
      present: true,
    }),
    description: field(text("what the cluster is for", 4096).optional(), {
      doc: "What the cluster is for.",
      changeNote: "the platform has no update of it",
      change: "replace",
      live: (r: LiveCluster) => r.description || undefined,
    }),
    zoneId: zoneField(
      "Zone of the cluster's nodes.",
      id("the zone of the cluster's nodes (GET /api/v1/zones)"),
    ),
    kubernetesVersionId: {
      doc: "Kubernetes version (`cim.getKubernetesVersion`).",
      changeNote:
        "upgraded to the next minor or a patch release; a skipped minor replaces the cluster; an older version than the cluster runs is refused at preview (a cluster cannot go back: `pulumi up --replace` starts over)",
      ...catalogueField(
        id("the Kubernetes version, from cim.getKubernetesVersion (GET /api/v1/compute/kubernetes/versions)"),
        "update",
        "kubernetesVersions",
        "a Kubernetes version",
        ["serviceOfferingId", "controlNodes", "autoscaling"],
      ),
    },
    serviceOfferingId: {
      doc: "Compute offering of every node; at least the version's minimum vCPUs and RAM.",
      changeNote: "scale",
      ...catalogueField(
        id("the compute offering of the nodes, from GET /api/v1/offerings/compute"),
        "update",
        "computeOfferings",
        "a compute offering",
      ),
    },
    networkId: field(id("the isolated network or VPC tier of the nodes (a cim.Network's id)"), {
      doc: "The isolated network or VPC tier of the nodes (a cim.Network's id).",
      change: "replace",
      live: true,
      ref: { kind: "Network", mustExist: true, requires: networkInZone("cluster") },
    }),
    controlNodes: field(count("the control-plane nodes (default 1)", 1).optional(), {
      doc: "Control-plane nodes (default 1; more than one for high availability).",
      change: "replace",
      unset: () => 1,
      // left out (the old inputs of a program that never gave it too) is the default, not a change
      same: (a, b) => (a ?? 1) === (b ?? 1),
      live: true,
      present: true,
    }),
    size: field(count("the worker nodes", 1).optional(), {
      doc: "Worker nodes (at least 1; default: autoscaling's minSize, else 1). Not compared while `autoscaling` is set: the autoscaler owns the count then.",
      changeNote: "a scale job",
      change: "update",
      when: (rec) => !autoscales(rec),
      live: true,
      present: true,
    }),
    autoscaling: field(autoscalingSchema, {
      doc: "Autoscaling bounds of the workers, `{ minSize, maxSize }`; left out: no autoscaling.",
      change: "update",
      unset: () => null,
      same: (a, b) => sameValue(a ?? null, b ?? null),
      live: liveAutoscaling,
    }),
    keyPair: field(text("an SSH key pair name").optional(), {
      doc: "An SSH key pair's name for the nodes (a `cim.SshKeyPair`'s `name`, or a key pair registered in the region). A key pair registered again under the same name with another key (a rotation) leaves the cluster as it is: the nodes it has keep the old key.",
      change: "replace",
      live: (r: LiveCluster) => r.keyPair || undefined,
      ref: { kind: "SshKeyPair", by: "name", mustExist: true },
    }),
    nodeRootDiskSize: field(count("the root disk of each node in GB", 1).optional(), {
      doc: "Root disk of each node in GB (default: the platform's, 8).",
      change: "replace",
      live: true,
      present: true,
    }),
    tags,
  },
  outputs: {
    endpoint: {
      doc: "The API server's address (e.g. `https://198.18.1.7:6443/`), once the cluster has run.",
      schema: z.string().optional(),
      from: (r: KubernetesClusterLive) => r.endpoint || undefined,
    },
    kubeconfig: {
      doc: "The admin kubeconfig (getKubernetesClusterConfig). Secret.",
      schema: z.string().optional(),
      from: (r: KubernetesClusterLive, rec: Recorded) =>
        r.kubeconfig ?? (rec.kubeconfig as string | undefined),
      secret: true,
    },
    state: output("The API's cluster state (Starting, Running, Scaling, Upgrading, Alert, Error, …)."),
    zoneName,
    kubernetesVersionName: nameOfId("Kubernetes version", "kubernetesVersionId"),
    serviceOfferingName: nameOfId("compute offering", "serviceOfferingId"),
    created,
  },
  // No preview check of the node count: createKubernetesCluster refuses more control and worker nodes than
  // the platform's cloud.kubernetes.cluster.max.size (10 by default), but an operator may raise that setting and
  // the API does not show it, so a preview check would refuse clusters the platform accepts.
  lookups(i, rows, before) {
    const v = rows.kubernetesVersionId as KubernetesVersion | undefined;
    const o = rows.serviceOfferingId as { cpuNumber?: number; memory?: number; name?: string } | undefined;
    const out: { property: string; reason: string }[] = [];
    if (!v) return out;
    // A cluster cannot go back a version, so an older one replaces it: a new, empty cluster, the old one deleted with
    // its workloads. After an upgrade outside the program (the console's, read back by refresh), the program's
    // version is older than the cluster's without anyone asking for it, and `refresh && up` would do just that.
    // `pulumi up --replace` starts over deliberately: Pulumi checks the replacement it forces as a new resource.
    const was = before?.rows.kubernetesVersionId as KubernetesVersion | undefined;
    // a change that replaces the cluster anyway (another field that cannot change in place) may pick any version
    if (
      !before?.replaced &&
      was?.semanticVersion &&
      v.semanticVersion &&
      compareVersions(v.semanticVersion, was.semanticVersion) < 0
    )
      out.push({
        property: "kubernetesVersionId",
        reason: `kubernetesVersionId ${i.kubernetesVersionId} is Kubernetes ${v.semanticVersion}, older than the ${was.semanticVersion} the cluster runs (as the last refresh read it: upgraded outside this program, or by an earlier up). A cluster cannot go back a version, so this would replace it: a new, empty cluster made and this one deleted with its workloads. To keep it, set kubernetesVersionId to ${was.semanticVersion}'s id (look it up with cim.getKubernetesVersion({ version: "${was.semanticVersion}" }) in TypeScript, fn::invoke cim:index:getKubernetesVersion with version ${was.semanticVersion} in Pulumi YAML); to start over at ${v.semanticVersion}, replace it (pulumi up --replace <urn>) after saving what runs on it`,
      });
    if (v.state && v.state !== "Enabled")
      out.push({
        property: "kubernetesVersionId",
        reason: `kubernetesVersionId ${i.kubernetesVersionId} is Kubernetes ${v.semanticVersion}, which is ${v.state}: pick an Enabled version (cim.getKubernetesVersion)`,
      });
    const need = `Kubernetes ${v.semanticVersion} needs at least ${v.minimumCpuNumber} vCPUs and ${v.minimumRamSize} MB RAM per node`;
    if (o && ((o.cpuNumber ?? 0) < (v.minimumCpuNumber ?? 0) || (o.memory ?? 0) < (v.minimumRamSize ?? 0)))
      out.push({
        property: "serviceOfferingId",
        reason: `serviceOfferingId ${i.serviceOfferingId} (${o.name ?? "?"}: ${o.cpuNumber} vCPUs, ${o.memory} MB) is too small: ${need}`,
      });
    if ((i.controlNodes ?? 1) > 1 && v.supportsHa === false)
      out.push({
        property: "controlNodes",
        reason: `controlNodes ${i.controlNodes}: Kubernetes ${v.semanticVersion} does not support more than one control node`,
      });
    if (i.autoscaling && v.supportsAutoscaling === false)
      out.push({
        property: "autoscaling",
        reason: `autoscaling: Kubernetes ${v.semanticVersion} does not support autoscaling`,
      });
    return out;
  },
  async replaceWhen(olds, news, updates) {
    if (!updates.includes("kubernetesVersionId") || containsUnknown(news.kubernetesVersionId)) return [];
    const region = (news.region ?? olds.region) as string | undefined;
    const versions = await catalogue<KubernetesVersion>("KubernetesCluster", region, "kubernetesVersions");
    const semver = (v: unknown) => versions?.find((x) => x.id === v)?.semanticVersion;
    const from = semver(olds.kubernetesVersionId);
    const to = semver(news.kubernetesVersionId);
    return from && to && !upgradableInPlace(from, to) ? ["kubernetesVersionId"] : [];
  },
  // createKubernetesCluster refuses a second live cluster of the account with the same name
  liveRules: notTheZoneNetwork("Kubernetes cluster"),
  exclusive: [
    uniqueName("Kubernetes cluster", "cluster names are unique per account in a region", ["Destroyed"]),
  ],
  deleteBeforeReplace: uniqueTogether("name"),
  adoptable: (r) =>
    r.state === "Error"
      ? "the cluster is in state Error (its create failed); delete it or adopt another."
      : undefined,
  api: {
    // list without kubeconfigs (one list for many reads, and none in `pulumi-cim import`'s inventory): a read
    // served from it keeps the kubeconfig recorded
    ...clusterCalls,
    get: async (s, id) => withKubeconfig(s, await clusterCalls.get(s, id)),
    create: (s, i) =>
      s.client.kubernetesClusters.create(
        {
          name: i.name!,
          description: i.description,
          zoneId: i.zoneId,
          kubernetesVersionId: i.kubernetesVersionId,
          serviceOfferingId: i.serviceOfferingId,
          networkId: i.networkId,
          size: i.size ?? i.autoscaling?.minSize ?? 1,
          controlNodes: i.controlNodes,
          keyPair: i.keyPair,
          nodeRootDiskSize: i.nodeRootDiskSize,
          autoscalingEnabled: i.autoscaling ? true : undefined,
          minSize: i.autoscaling?.minSize,
          maxSize: i.autoscaling?.maxSize,
        },
        { region: s.region },
      ),
    // the request refused, or the job that could not deploy a node (then the allowances say the likely cause)
    createRefused: (s, err, i) => nodeNotDeployed(s, tooManyNodes(err, i)),
    async apply(s, live, want, changed, op) {
      const o = { region: s.region };
      const autoscalingChanged = changed.has("autoscaling");
      const scale = {
        size: changed.has("size") && !want.autoscaling ? want.size : undefined,
        serviceOfferingId: changed.has("serviceOfferingId") ? want.serviceOfferingId : undefined,
        autoscalingEnabled: autoscalingChanged ? Boolean(want.autoscaling) : undefined,
        minSize: autoscalingChanged ? want.autoscaling?.minSize : undefined,
        maxSize: autoscalingChanged ? want.autoscaling?.maxSize : undefined,
      };
      if (Object.values(scale).some((v) => v !== undefined)) {
        // CloudStack's scaleKubernetesCluster checks the node count in its job, not at the request: either refusal
        // is explained, and so is a job that could not deploy a new worker
        const explained = async (err: unknown) => {
          const said = tooManyNodes(err, { ...want, controlNodes: want.controlNodes ?? live.controlNodes });
          throw await nodeNotDeployed(
            s,
            said,
            Math.max(1, (scale.size ?? live.size ?? 0) - (live.size ?? 0)),
          );
        };
        const accepted = await s.client.kubernetesClusters.scale(live.id, scale, o).catch(explained);
        await waitFor(s, accepted, op).catch(explained);
      }
      if (changed.has("kubernetesVersionId"))
        await waitFor(s, await s.client.kubernetesClusters.upgrade(live.id, want.kubernetesVersionId, o), op);
    },
  },
  importer: {
    order: 36,
    prefix: "cluster",
    // while the autoscaler sets the worker count, the program names its bounds, not a count
    inputs: (values) => {
      if (!values.autoscaling) return values;
      const { size: _, ...rest } = values;
      return rest;
    },
    skip: (r: LiveCluster) =>
      r.state === "Error" ? "failed (state Error): delete it, or recreate it with pulumi up" : undefined,
  },
});

/** The cluster with its kubeconfig, read once the cluster has run (it has an endpoint then). */
async function withKubeconfig(s: Session, c: LiveCluster): Promise<KubernetesClusterLive> {
  if (!c.endpoint) return c;
  return { ...c, kubeconfig: await s.client.kubernetesClusters.kubeconfig(c.id, { region: s.region }) };
}
