// Kubernetes clusters' records (CloudStack's KubernetesClusterVO).
import type { Tagged } from "../../records";

/**
 * A CloudStack Kubernetes Service cluster (KubernetesClusterVO): control nodes and `size` workers of one compute
 * offering on one isolated network or VPC tier. `state` is KubernetesCluster.State (Created, Starting, Running,
 * Scaling, Upgrading, Stopped, Destroying, Destroyed, Error, Alert).
 */
export interface KubernetesClusterRec extends Tagged {
  name: string;
  description: string;
  zoneId: string;
  kubernetesVersionId: string;
  serviceOfferingId: string;
  networkId: string;
  keyPair: string;
  controlNodes: number;
  /** Worker nodes. */
  size: number;
  nodeRootDiskSize: number;
  autoscalingEnabled: boolean;
  minSize: number;
  maxSize: number;
  state: string;
  /**
   * The node VMs the cluster holds now, control and workers (CloudStack's kubernetes_cluster_vm_map): each a user
   * VM of the account with a root disk, counted against its instance and volume allowances. A create refused
   * part-way holds those deployed before the refusal. Absent in records written before it was kept: the cluster's
   * nodes, none when it is in Error.
   */
  nodeVms?: number;
  /** Set once the cluster first reached Running: the API server's address and the admin kubeconfig. */
  endpoint: string;
  kubeconfig: string;
}

declare module "../../records" {
  interface FamilyRecords {
    clusters: KubernetesClusterRec;
  }
}
