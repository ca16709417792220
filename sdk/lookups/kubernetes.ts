// Kubernetes cluster lookups, read afresh (versions are a catalogue: catalogue.ts).

import { asQuery, fresh, type LookupQuery, type LookupRegionOptions, pick } from "./core";
import type { KubernetesCluster } from "./records";

/** A Kubernetes cluster as the API shows it (`cim.KubernetesCluster` is the class); never its kubeconfig. */
export type KubernetesClusterRecord = KubernetesCluster;

function clusters(opts: LookupRegionOptions | undefined) {
  return fresh(opts, (c, region) => c.kubernetesClusters.listAll({ region }));
}

/** The account's Kubernetes clusters in a region, read afresh each time. */
export async function getKubernetesClusters(opts?: LookupRegionOptions): Promise<KubernetesClusterRecord[]> {
  return (await clusters(opts)).rows;
}

/** One Kubernetes cluster by name or id; a miss lists the candidates (name and id). */
export async function getKubernetesCluster(query: LookupQuery | string): Promise<KubernetesClusterRecord> {
  const { rows, where } = await clusters(asQuery(query));
  return pick(rows, query, "Kubernetes cluster", where);
}
