// The registry of families: the one list from which the state's shape, the repositories, the quota counters,
// the job effects and the family routes (with their tag and comment routes) derive.
import type {
  AnyFamily,
  CollectionKey,
  CollectionsOf,
  Data as DataFor,
  GenericTagType,
  NeedsOfAll,
} from "../family";
import { apiRoute as r } from "../family";
import type { TaggableKind } from "../handlers/resources";
import { tagHandlers } from "../handlers/tags";
import type { Ctx, RouteDef } from "../http";
import type { JobEffect } from "../jobs";
import { type Counted, type Held, MULTI_REGION_DEFAULTS } from "../quota";
import type { BaseState, Job, Limits, Owned, Tagged } from "../records";
import { Repository } from "../repository";
import type { Store } from "../store";
import { backupSchedules } from "./backupSchedules/family";
import { backups } from "./backups/family";
import { commentHandlers } from "./comments/comments";
import { annotations } from "./comments/family";
import { fileSystems } from "./fileSystems/family";
import { images } from "./images/family";
import { instanceGroups } from "./instanceGroups/family";
import { instances } from "./instances/family";
import { clusters } from "./kubernetes/family";
import { internalLoadBalancers, loadBalancerRules } from "./loadBalancers/family";
import { multiRegionGroups, multiRegionMembers } from "./multiRegions/family";
import { networkAclLists, networkAclRules } from "./networkAcls/family";
import { networks } from "./networks/family";
import { projects, tenantInvitations, tenantMemberships, tenants } from "./organizations/family";
import { privateGateways, staticRoutes } from "./privateGateways/family";
import { publicIps } from "./publicIps/family";
import { snapshots, vmSnapshots } from "./snapshots/family";
import { sshKeyPairs } from "./sshKeyPairs/family";
import { vmSchedules } from "./vmSchedules/family";
import { volumes } from "./volumes/family";
import { vpcs } from "./vpcs/family";

export const FAMILIES = [
  instances,
  volumes,
  vpcs,
  networks,
  networkAclLists,
  networkAclRules,
  publicIps,
  privateGateways,
  staticRoutes,
  loadBalancerRules,
  internalLoadBalancers,
  clusters,
  backupSchedules,
  backups,
  vmSchedules,
  sshKeyPairs,
  snapshots,
  vmSnapshots,
  annotations,
  instanceGroups,
  fileSystems,
  multiRegionGroups,
  multiRegionMembers,
  tenants,
  tenantMemberships,
  tenantInvitations,
  projects,
  images,
] as const;

type Families = typeof FAMILIES;
export type Collections = CollectionsOf<Families>;
export type State = BaseState & Collections;
/** The repositories of every registered family (family.ts's `Data` of all their keys). */
export type Data = DataFor<Families[number]["key"]>;

/**
 * The registry's repositories meet what every family's handlers and job effects reach (a compile-time check,
 * derived from the declarations: a handler module that reaches a collection no family declares fails here).
 */
type Meets<T extends U, U> = T;
export type CheckedData = Meets<Data, NeedsOfAll<Families>>;

/** And every collection a family's records.ts declares is registered here (a family left out of the list fails). */
export type CheckedCollections = Meets<Data, DataFor<CollectionKey>>;

export const COLLECTION_KEYS = FAMILIES.map((f) => f.key);

export function emptyCollections(): Collections {
  return Object.fromEntries(COLLECTION_KEYS.map((k) => [k, {}])) as Collections;
}

/** State written before a family existed lacks its collection: add it empty. */
export function upgradeState(state: State): State {
  for (const key of COLLECTION_KEYS) (state as unknown as Record<string, object>)[key] ??= {};
  return state;
}

export function repositories(state: () => State): Data {
  const out: Record<string, Repository<Owned>> = {};
  for (const f of FAMILIES) {
    out[f.key] = new Repository(
      () => (state() as unknown as Record<string, Record<string, Owned>>)[f.key],
      f,
    );
  }
  return out as unknown as Data;
}

export const jobEffects: Record<string, JobEffect<Data>> = Object.assign(
  {},
  ...FAMILIES.map((f: AnyFamily) => f.jobEffects ?? {}),
);

/**
 * What a successful job shows as its result: its resource, by the job's resource type, through the family's
 * `jobResult` view; nothing when the family declares none or the resource is gone.
 */
export function jobResults(store: Store, data: Data): (job: Job) => Record<string, unknown> | undefined {
  const byType = new Map<string, AnyFamily>();
  for (const f of FAMILIES as readonly AnyFamily[])
    if (f.jobResult && f.resourceType) byType.set(f.resourceType, f);
  const repos = data as unknown as Record<string, Repository<Owned>>;
  return (job) => {
    const family = byType.get(job.resourceType);
    const repo = family && repos[family.key];
    const record = repo?.byId(job.resourceId);
    if (!family?.jobResult || !record || repo?.isGone(record)) return undefined;
    return family.jobResult({ store, data, principal: { sub: job.account, admin: false } }, record);
  };
}

/** Families with tag routes, as the tag and comment handlers see them. */
export const taggableKinds: TaggableKind[] = FAMILIES.flatMap((f: AnyFamily) => {
  if (!f.tags || !f.resourceType) return [];
  const repo = (ctx: { data: unknown }) => (ctx.data as Record<string, Repository<Tagged>>)[f.key];
  const find = f.tags.find ?? ((ctx, id) => repo(ctx).find(ctx.owner, id));
  return [{ resourceType: f.resourceType, label: f.label, repo, find }];
});

/**
 * The resource types of the generic /tags route whose records families keep apart from their tags, by the type in
 * lower case: whether an id names a record of the type that the caller may tag.
 */
export const genericTagTypes: ReadonlyMap<string, (ctx: Ctx, id: string) => boolean> = new Map(
  FAMILIES.flatMap((f: AnyFamily) =>
    (f.taggedAs ?? []).map((t: GenericTagType) => {
      const repo = (ctx: Ctx) => (ctx.data as Record<string, Repository<Owned>>)[f.key];
      const mine = (ctx: Ctx, id: string) => {
        const r = repo(ctx).get(ctx.owner, id);
        return r !== undefined && !repo(ctx).isGone(r);
      };
      return [t.type.toLowerCase(), t.holds ?? mine] as const;
    }),
  ),
);

/** GET/POST/DELETE <collection>/{id}/tags; comments: add and list on the resource, read and visibility by id. */
function tagAndCommentRoutes(f: AnyFamily, kind: TaggableKind): RouteDef[] {
  const c = f.tags?.collection;
  if (c === undefined) return []; // tagged through the generic /tags route only
  const tags = tagHandlers(kind);
  const routes: RouteDef[] = [
    r("GET", `${c}/{id}/tags`, tags.list),
    r("POST", `${c}/{id}/tags`, tags.add),
    r("DELETE", `${c}/{id}/tags`, tags.remove),
  ];
  const comments = f.tags?.comments;
  if (!comments) return routes;
  const h = commentHandlers(kind, comments);
  routes.push(
    r("POST", `${c}/{id}/annotations`, h.add),
    r("GET", `${c}/{id}/annotations`, h.list),
    r("GET", `${c}/annotations/{annotationId}`, h.get),
    r("PUT", `${c}/annotations/{annotationId}/visibility`, h.visibility),
  );
  if (comments.deletable) routes.push(r("DELETE", `${c}/annotations/{annotationId}`, h.remove));
  return routes;
}

export const familyRoutes: RouteDef[] = FAMILIES.flatMap((f: AnyFamily) => {
  const kind = taggableKinds.find((k) => k.resourceType === f.resourceType);
  return [...(f.routes ?? []), ...(kind ? tagAndCommentRoutes(f, kind) : [])];
});

/** The seeded allowances of every user: `<quota key>Limit` per counted family, then the multi-region ones. */
export function defaultLimits(): Limits {
  const out: Record<string, number> = {};
  for (const f of FAMILIES as readonly AnyFamily[]) if (f.quota) out[`${f.quota.key}Limit`] = f.quota.default;
  return { ...out, ...MULTI_REGION_DEFAULTS };
}

/**
 * The families that count against a user's allowances, in family order, each with the families whose records hold
 * some of its allowance (their `holds`).
 */
export function countedFamilies(data: Data): Counted[] {
  const repos = data as unknown as Record<string, Repository<Owned & { state?: string }>>;
  const heldBy = (key: string): Held[] =>
    (FAMILIES as readonly AnyFamily[]).flatMap((f) =>
      (f.holds ?? []).filter((h) => h.key === key).map((h) => ({ repo: repos[f.key], amount: h.amount })),
    );
  return FAMILIES.flatMap((f: AnyFamily) =>
    f.quota
      ? [
          {
            key: f.quota.key,
            platformType: f.quota.platformType,
            repo: repos[f.key],
            uncounted: [f.states?.failed ?? "Error", ...(f.states?.gone ?? [])],
            heldBy: heldBy(f.quota.key),
          },
        ]
      : [],
  );
}
