// The records of the kubernetes family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, opt, record, str } from "../../client/records";

/** A count the platform may show as text. */
const count = () => opt(z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]));

/**
 * A Kubernetes cluster (CloudStack's KubernetesClusterResponse, camelCase, emulator/README.md). The kubeconfig is
 * never part of it: GET …/{id}/config reads it.
 */
export const KubernetesClusterSchema = z
  .looseObject({
    id: z.string().describe("The cluster's id."),
    name: str().describe("The cluster's name."),
    description: str().describe("The cluster's description."),
    zoneId: str().describe("The id of the cluster's zone (`cim.getZone`)."),
    zoneName: str().describe("The name of the cluster's zone."),
    kubernetesVersionId: str().describe("The id of the cluster's Kubernetes version (`cim.getKubernetesVersion`)."),
    kubernetesVersionName: str().describe("The name of the cluster's Kubernetes version."),
    serviceOfferingId: str().describe("The id of the compute offering of every node (`cim.getComputeOffering`)."),
    serviceOfferingName: str().describe("The name of that compute offering."),
    networkId: str().describe("The id of the isolated network or VPC tier of the nodes (a `cim.Network`'s id)."),
    keyPair: str().describe("The name of the SSH key pair on the nodes (a `cim.SshKeyPair`'s `name`), if any."),
    controlNodes: count().describe("The number of control-plane nodes."),
    size: count().describe("The number of worker nodes."),
    nodeRootDiskSize: count().describe("The size of each node's root disk in GB."),
    autoscalingEnabled: bool().describe("Whether the autoscaler sets the number of worker nodes, between `minSize` and `maxSize`."),
    minSize: count().describe("The fewest worker nodes the autoscaler keeps, while autoscaling is enabled."),
    maxSize: count().describe("The most worker nodes the autoscaler adds, while autoscaling is enabled."),
    state: str().describe("The platform's cluster state: Created, Starting, Running, Scaling, Upgrading, Stopped, Destroying, Error or Alert."),
    endpoint: str().describe("The URL of the cluster's Kubernetes API server; empty until the cluster has first run."),
    tags: record().describe("The cluster's tags, key to value."),
    created: str().describe("When the cluster was created (ISO 8601)."),
  })
  .describe("A Kubernetes cluster: its control and worker nodes on a network, as the platform shows it (`cim.KubernetesCluster`); never its kubeconfig.");
export type KubernetesCluster = z.output<typeof KubernetesClusterSchema>;

/** getKubernetesClusterConfig: the kubeconfig text (a credential: never logged). */
export const KubernetesConfigSchema = z.looseObject({
  id: str().describe("The cluster's id."),
  name: str().describe("The cluster's name."),
  configData: z.string().describe("The cluster's admin kubeconfig (YAML text): a credential, never to be logged."),
});
