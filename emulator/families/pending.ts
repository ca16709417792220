// Families whose tag and comment routes exist before their resources do: every id is unknown (404) until
// their create routes arrive.
import { defineFamily } from "../family";
import type { Tagged } from "../records";

export const clusters = defineFamily<Tagged>()({
  key: "clusters",
  label: "Kubernetes cluster",
  resourceType: "KubernetesCluster",
  tags: { collection: "/compute/kubernetes/clusters", comments: true },
});
