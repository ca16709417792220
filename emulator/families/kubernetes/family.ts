// Kubernetes clusters under /api/v1/compute/kubernetes/clusters (CloudStack's Kubernetes Service), each change a
// job, with the supported versions beside them; tags and comments on the cluster's own routes (the spec's Add
// Cluster Annotation).
import { actions, collection, defineFamily, apiRoute as r } from "../../family";
import * as k8s from "./kubernetes";

const CLUSTERS = "/compute/kubernetes/clusters";

export const clusters = defineFamily({
  key: "clusters",
  label: "Kubernetes cluster",
  resourceType: "KubernetesCluster",
  // KubernetesCluster.State: jobs under way show Starting, Scaling, Upgrading or Destroying; a failed create
  // leaves Error; Destroyed clusters are no longer listed
  states: { busy: ["Starting", "Scaling", "Upgrading", "Destroying"], failed: "Error", gone: ["Destroyed"] },
  routes: [
    r("GET", "/compute/kubernetes/versions", k8s.listVersions),
    ...collection(CLUSTERS, k8s),
    ...actions(CLUSTERS, k8s.actions),
    r("GET", `${CLUSTERS}/{id}/config`, k8s.getConfig),
  ],
  jobEffects: k8s.kubernetesJobEffects,
  // CKS deploys the nodes as user VMs of the account, each with a root disk (KubernetesClusterStartWorker)
  holds: [
    { key: "instance", amount: k8s.nodeVmsOf },
    { key: "volume", amount: k8s.nodeVmsOf },
  ],
  tags: { collection: CLUSTERS, comments: { entityType: "KUBERNETES_CLUSTER" } },
});
