// Kubernetes clusters: /api/v1/compute/kubernetes/clusters. The spec shows one route of them, POST …/{id}/nodes
// with query parameters (scale); the others and every shape are the emulator's documented choices
// (emulator/README.md), taken from CloudStack's createKubernetesCluster, listKubernetesClusters,
// scaleKubernetesCluster, upgradeKubernetesCluster, deleteKubernetesCluster and getKubernetesClusterConfig.
// Every change is a job. The kubeconfig is a credential: it is read on its own route and this module never
// puts it in an error or an event.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type KubernetesCluster, KubernetesClusterSchema, KubernetesConfigSchema } from "./records";

/** A cluster as createKubernetesCluster takes it (camelCase). */
export const createKubernetesClusterRequest = requestShape({
  name: required<string>(),
  description: optional<string>(),
  zoneId: required<string>(),
  kubernetesVersionId: required<string>(),
  serviceOfferingId: required<string>(),
  networkId: required<string>(),
  /** Worker nodes (CloudStack's `size`). */
  size: required<number>(),
  controlNodes: optional<number>(),
  /** The SSH key pair's name. */
  keyPair: optional<string>(),
  /** GB per node. */
  nodeRootDiskSize: optional<number>(),
  autoscalingEnabled: optional<boolean>(),
  minSize: optional<number>(),
  maxSize: optional<number>(),
});
export type CreateKubernetesClusterInput = InputOf<typeof createKubernetesClusterRequest>;

/** What scaleKubernetesCluster changes: the worker count, the offering, or autoscaling and its bounds. */
export const scaleKubernetesClusterRequest = requestShape({
  size: optional<number>(),
  serviceOfferingId: optional<string>(),
  autoscalingEnabled: optional<boolean>(),
  minSize: optional<number>(),
  maxSize: optional<number>(),
});
export type ScaleKubernetesClusterInput = InputOf<typeof scaleKubernetesClusterRequest>;

export class KubernetesClusters extends Family {
  async get(id: string, o?: CallOptions): Promise<KubernetesCluster> {
    return this.core.get(apiPath`/compute/kubernetes/clusters/${id}`, KubernetesClusterSchema, undefined, o);
  }

  list(o?: ListOptions & { name?: string }): Paginator<KubernetesCluster> {
    return new Paginator(this.core, {
      path: apiPath`/compute/kubernetes/clusters`,
      query: { name: o?.name },
      key: ["kubernetescluster", "clusters"],
      item: KubernetesClusterSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions): Promise<ListResult<KubernetesCluster>> {
    return this.list(o).all();
  }

  /** Creates a cluster (a long job). A lost answer is tied to its job by command, the cluster's name, zone and network. */
  async create(input: CreateKubernetesClusterInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/compute/kubernetes/clusters`,
      command: "kubernetesCluster.create",
      body: createKubernetesClusterRequest,
      echoes: { name: "name", zoneId: "zoneId", networkId: "networkId" },
      read: (id) => this.get(id, o),
    });
  }

  /** POST …/{id}/nodes: the spec's scale route, inputs as query parameters. */
  async scale(id: string, input: ScaleKubernetesClusterInput, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/kubernetes/clusters/${id}/nodes`;
    return this.jobOn(id, "POST", path, "kubernetesCluster.scale", o, {
      query: scaleKubernetesClusterRequest.pick(input),
    });
  }

  /** Upgrades to another supported version (the next minor or a patch release; never down). */
  async upgrade(id: string, kubernetesVersionId: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/kubernetes/clusters/${id}/upgrade`;
    return this.jobOn(id, "POST", path, "kubernetesCluster.upgrade", o, { query: { kubernetesVersionId } });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/kubernetes/clusters/${id}`;
    return this.jobOn(id, "DELETE", path, "kubernetesCluster.delete", o);
  }

  /** The admin kubeconfig (getKubernetesClusterConfig); there once the cluster has run. A secret. */
  async kubeconfig(id: string, o?: CallOptions): Promise<string> {
    const config = await this.core.get(
      apiPath`/compute/kubernetes/clusters/${id}/config`,
      KubernetesConfigSchema,
      undefined,
      o,
    );
    return config.configData;
  }
}

export type * from "./records";
