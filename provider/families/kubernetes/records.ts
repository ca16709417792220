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
export const KubernetesClusterSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  zoneId: str(),
  zoneName: str(),
  kubernetesVersionId: str(),
  kubernetesVersionName: str(),
  serviceOfferingId: str(),
  serviceOfferingName: str(),
  networkId: str(),
  keyPair: str(),
  controlNodes: count(),
  /** Worker nodes. */
  size: count(),
  nodeRootDiskSize: count(),
  autoscalingEnabled: bool(),
  minSize: count(),
  maxSize: count(),
  /** KubernetesCluster.State: Created, Starting, Running, Scaling, Upgrading, Stopped, Destroying, Error, Alert. */
  state: str(),
  /** The API server's address, once the cluster has run. */
  endpoint: str(),
  tags: record(),
  created: str(),
});
export type KubernetesCluster = z.output<typeof KubernetesClusterSchema>;

/** getKubernetesClusterConfig: the kubeconfig text (a credential: never logged). */
export const KubernetesConfigSchema = z.looseObject({ id: str(), name: str(), configData: z.string() });
