// Tags. Synchronous everywhere: per-collection routes (/<collection>/{id}/tags) for instances, volumes, VPCs,
// networks, public IPs and Kubernetes clusters, and the generic /tags route for any other resource type.
// There is no tag edit: to change a value, remove the key and add it again.
// Lost answers: add and remove are idempotent by content, so the client re-reads the tags; if the change is
// already there it returns, otherwise it sends the request once more.

import { type AcceptedMutation, acceptedIn, type CallOptions } from "../../client/core";
import { Family } from "../../client/family";
import { readOnce } from "../../client/pagination";
import { type ApiPath, apiPath, underCollection } from "../../client/paths";
import { type Tag, TagSchema } from "./records";

export type TagCollection =
  | "instance"
  | "volume"
  | "vpc"
  | "network"
  | "publicIp"
  | "cluster"
  | "loadBalancerRule"
  | "internalLoadBalancer";

/** A resource with a dedicated tag route, or any resource through the generic route. */
export type TagTarget = { kind: TagCollection; id: string } | { resourceType: string; resourceId: string };

/**
 * The resource type of each collection's records, as their tag records and the generic route name it (CloudStack's
 * ResourceObjectType): the API tags a record of these types only when the id names one.
 */
export const TAG_RESOURCE_TYPES: Readonly<Record<TagCollection, string>> = {
  instance: "Instance",
  volume: "Volume",
  vpc: "Vpc",
  network: "Network",
  publicIp: "PublicIpAddress",
  cluster: "KubernetesCluster",
  loadBalancerRule: "LoadBalancer",
  internalLoadBalancer: "LoadBalancer",
};

/** Other names the platform takes for a resource type, in lower case (CloudStack's UserVm for an instance). */
export const TAG_TYPE_ALIASES: Readonly<Record<string, string>> = {
  uservm: "Instance",
  virtualmachine: "Instance",
};

/**
 * The other resource types the generic route takes or refuses, as the platform names them (CloudStack's
 * ResourceObjectType, found in any case), each with whether it takes tags (resourceTagsSupport): the API refuses a
 * type it does not know (`Invalid resource type …`) and one that takes none (`… doesn't support resource tags`).
 */
export const PLATFORM_TAG_TYPES: Readonly<Record<string, boolean>> = {
  UserVm: true,
  Template: true,
  VnfTemplate: true,
  ISO: true,
  Volume: true,
  Snapshot: true,
  Backup: true,
  Network: true,
  DomainRouter: false,
  Nic: false,
  LoadBalancer: true,
  PortForwardingRule: true,
  FirewallRule: true,
  SecurityGroup: true,
  SecurityGroupRule: true,
  PublicIpAddress: true,
  Project: true,
  Account: true,
  Vpc: true,
  NetworkACL: true,
  StaticRoute: true,
  VMSnapshot: true,
  RemoteAccessVpn: true,
  Zone: false,
  ServiceOffering: false,
  Storage: false,
  PrivateGateway: false,
  NetworkACLList: false,
  VpnGateway: false,
  CustomerGateway: false,
  VpnConnection: false,
  User: true,
  DiskOffering: false,
  AutoScaleVmProfile: false,
  AutoScaleVmGroup: false,
  LBStickinessPolicy: false,
  LBHealthCheckPolicy: false,
  SnapshotPolicy: true,
  GuestOs: false,
  NetworkOffering: false,
  VpcOffering: true,
  Domain: false,
};

/**
 * Whether the generic route takes tags on a type given in any case: its name when it does, `false` for a type the
 * platform takes none on, undefined for one it does not know.
 */
export function tagTypeNamed(given: string): string | false | undefined {
  return namedTypes.get(given.trim().toLowerCase());
}

/** Every name tagTypeNamed knows, in lower case: the platform's, then the API's own and their aliases over them. */
const namedTypes = new Map<string, string | false>([
  ...Object.entries(PLATFORM_TAG_TYPES).map(([t, tagged]) => [t.toLowerCase(), tagged && t] as const),
  ...Object.values(TAG_RESOURCE_TYPES).map((t) => [t.toLowerCase(), t] as const),
  ...Object.entries(TAG_TYPE_ALIASES),
]);

/**
 * A collection target without a route of its own (the spec names no tag route for load balancers), as the generic
 * route's target: by the platform's resource type (a public load-balancer rule and an internal load balancer are
 * CloudStack's `LoadBalancer`).
 */
function routed(target: TagTarget): TagTarget {
  if (!("kind" in target) || target.kind in COLLECTION_ROOTS) return target;
  return { resourceType: TAG_RESOURCE_TYPES[target.kind], resourceId: target.id };
}

export type TagMap = Readonly<Record<string, string>>;

/** The path of each collection with routes of its own (tags; comments on some). */
export const COLLECTION_ROOTS = {
  instance: "/compute/instances",
  volume: "/volumes",
  vpc: "/vpcs",
  network: "/networks",
  publicIp: "/public-ips",
  cluster: "/compute/kubernetes/clusters",
} as const satisfies Partial<Record<TagCollection, `/${string}`>>;

function collectionPath(kind: TagCollection, id: string): ApiPath {
  if (!(kind in COLLECTION_ROOTS)) throw new Error("load balancers are tagged through the generic route");
  return underCollection(COLLECTION_ROOTS[kind as keyof typeof COLLECTION_ROOTS], id, "/tags");
}

/** The request body of tag add/remove: {tags} on collection routes, {resourceType, resourceId, tags} on /tags. */
export function tagBody(asked: TagTarget, tags: TagMap) {
  const target = routed(asked);
  const copy = { ...tags };
  return "kind" in target
    ? { tags: copy }
    : { resourceType: target.resourceType, resourceId: target.resourceId, tags: copy };
}

/** Tag records → {key: value}. */
export function tagMap(tags: readonly Tag[]): Record<string, string> {
  return Object.fromEntries(tags.map((t) => [t.key, t.value]));
}

export class Tags extends Family {
  async list(asked: TagTarget, o?: CallOptions): Promise<Tag[]> {
    const target = routed(asked);
    const spec =
      "kind" in target
        ? { path: collectionPath(target.kind, target.id), key: "tags", item: TagSchema, options: o }
        : {
            path: apiPath`/tags`,
            query: { resourceType: target.resourceType, resourceId: target.resourceId },
            key: "tags",
            item: TagSchema,
            options: o,
          };
    return (await readOnce(this.core, spec)).items;
  }

  /** Adds tags (keys must not exist yet: there is no edit). */
  async add(target: TagTarget, tags: TagMap, o?: CallOptions): Promise<AcceptedMutation> {
    return this.change("POST", target, tags, o, (now) =>
      Object.entries(tags).every(([k, v]) => now[k] === v),
    );
  }

  /** Removes tags by key and value. */
  async remove(target: TagTarget, tags: TagMap, o?: CallOptions): Promise<AcceptedMutation> {
    return this.change("DELETE", target, tags, o, (now) => Object.keys(tags).every((k) => !(k in now)));
  }

  private change(
    method: "POST" | "DELETE",
    asked: TagTarget,
    tags: TagMap,
    o: CallOptions | undefined,
    applied: (now: Record<string, string>) => boolean,
  ): Promise<AcceptedMutation> {
    const target = routed(asked);
    const id = "kind" in target ? target.id : target.resourceId;
    const region = this.core.regionFor(o);
    return this.core.mutate<AcceptedMutation>({
      method,
      path: "kind" in target ? collectionPath(target.kind, target.id) : apiPath`/tags`,
      body: tagBody(target, tags),
      schema: acceptedIn(region),
      options: o,
      recovery: {
        kind: "reconcile",
        reconcile: async () => (applied(tagMap(await this.list(target, o))) ? { id, region } : undefined),
      },
    });
  }
}

export type * from "./records";
