// Which collection path names which stored resource: shared by the tag and comment routes.
import { type Ctx, notFound } from "../http";
import type { Tagged } from "../store";
import { findInstance } from "./instanceView";
import { findNetwork, networkById } from "./networks";
import { findVolume } from "./volumes";
import { findVpc } from "./vpcs";

export interface TaggableKind {
  /** The resourceType of tag records and of the generic tag endpoint. */
  resourceType: string;
  label: string;
  /** The caller's resource in the routed region; `change` refuses resources the caller may not alter. */
  find(ctx: Ctx, id: string, change: boolean): Tagged;
}

/** A family that has routes but no resources yet (public IPs, clusters): every id is unknown. */
function notYet(resourceType: string, label: string): TaggableKind {
  return {
    resourceType,
    label,
    find(ctx, id) {
      throw notFound(`${label} ${id} not found in region ${ctx.region.name}`);
    },
  };
}

export const KINDS = {
  instances: { resourceType: "Instance", label: "Instance", find: (ctx, id) => findInstance(ctx, id) },
  volumes: { resourceType: "Volume", label: "Volume", find: (ctx, id) => findVolume(ctx, id) },
  vpcs: { resourceType: "Vpc", label: "VPC", find: (ctx, id) => findVpc(ctx, id) },
  networks: {
    resourceType: "Network",
    label: "Network",
    find: (ctx, id, change) => (change ? findNetwork(ctx, id) : networkById(ctx, id)),
  },
  publicIps: notYet("PublicIpAddress", "Public IP"),
  clusters: notYet("KubernetesCluster", "Kubernetes cluster"),
} satisfies Record<string, TaggableKind>;

export type KindName = keyof typeof KINDS;

/** resourceType of the generic tag endpoint → kind, case-insensitive, with the platform's aliases. */
export function kindOfResourceType(resourceType: string): TaggableKind | undefined {
  const t = resourceType.toLowerCase();
  if (t === "uservm" || t === "virtualmachine") return KINDS.instances;
  return Object.values(KINDS).find((k) => k.resourceType.toLowerCase() === t);
}
