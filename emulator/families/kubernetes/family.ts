// Kubernetes clusters under /api/v1/compute/kubernetes/clusters (CloudStack's Kubernetes Service), each change a
// job, with the supported versions beside them; tags and comments on the cluster's own routes (the spec's Add
// Cluster Annotation).
import { defineFamily, apiRoute as r } from "../../family";
import * as k8s from "./kubernetes";
import type { KubernetesClusterRec } from "./records";

export const clusters = defineFamily<KubernetesClusterRec>()({
  key: "clusters",
  label: "Kubernetes cluster",
  resourceType: "KubernetesCluster",
  // KubernetesCluster.State: jobs under way show Starting, Scaling, Upgrading or Destroying; a failed create
  // leaves Error; Destroyed clusters are no longer listed
  states: { busy: ["Starting", "Scaling", "Upgrading", "Destroying"], failed: "Error", gone: ["Destroyed"] },
  routes: [
    r("GET", "/compute/kubernetes/versions", k8s.listVersions),
    r("POST", "/compute/kubernetes/clusters", k8s.createCluster),
    r("GET", "/compute/kubernetes/clusters", k8s.listClusters),
    r("GET", "/compute/kubernetes/clusters/{id}", k8s.getCluster),
    r("DELETE", "/compute/kubernetes/clusters/{id}", k8s.deleteCluster),
    r("POST", "/compute/kubernetes/clusters/{id}/nodes", k8s.scaleCluster),
    r("POST", "/compute/kubernetes/clusters/{id}/upgrade", k8s.upgradeCluster),
    r("GET", "/compute/kubernetes/clusters/{id}/config", k8s.getConfig),
  ],
  jobEffects: k8s.kubernetesJobEffects,
  tags: { collection: "/compute/kubernetes/clusters", comments: { entityType: "KUBERNETES_CLUSTER" } },
});
