// A family of the API declared once: its collection key (whose record type the family's records.ts gives in
// FamilyRecords), routes, job effects, quota key and states. The registry (families/index.ts) derives the state's
// shape, the quota counters and the collection list from these declarations; nothing else lists families by hand.
import type { Ctx, Handler, Method, Principal, RouteDef, Scope } from "./http";
import type { JobEffect } from "./jobs";
import type { FamilyRecords, Owned, Tagged, User } from "./records";
import type { Fields, Owner, Repository } from "./repository";
import type { Store } from "./store";

/**
 * What a view of a record may reach outside a request: the store (catalogue, users), the repositories, and whom
 * it is shown to (a job's result: the job's owner, not an administrator).
 */
export interface ViewScope<D = any> {
  store: Store;
  data: D;
  principal: Principal;
}

/** A collection key of a family (declared with its record in the family's records.ts). */
export type CollectionKey = keyof FamilyRecords & string;

/**
 * Repositories by collection key: what a handler module says it reaches, e.g. Data<"volumes" | "instances">; each
 * key's record type comes from its family's records.ts.
 */
export type Data<K extends CollectionKey> = { [k in K]: Repository<FamilyRecords[k]> };

export interface QuotaDecl {
  /** `instance` → the allowance `instanceLimit` and the my-limits counter `instanceCount`. */
  key: string;
  /** The seeded allowance of every user. */
  default: number;
  /** The platform's name of the allowance in its limit texts (CloudStack's Resource.ResourceType): `user_vm`. */
  platformType: string;
}

/** Tag routes (and comment routes) under a collection path, or only the generic /tags route. */
export interface TagDecl {
  /** Path under /api/v1 of the collection, e.g. "/compute/instances"; absent: tagged through /tags only. */
  collection?: string;
  /** The record a tag or comment request names; `change` is true for requests that alter it. */
  find?(ctx: Ctx<any>, id: string, change: boolean): Tagged;
  /** Comment routes under the collection (the spec's annotations), when the family takes comments. */
  comments?: CommentDecl;
}

/** How a family takes comments. */
export interface CommentDecl {
  /** The platform's annotation entity type (CloudStack's AnnotationService.EntityType): VOLUME, NETWORK, … */
  entityType: string;
  /** Whether DELETE /<collection>/annotations/{annotationId} exists (the spec shows it for volumes only). */
  deletable?: boolean;
}

/**
 * A family's declaration. `D`: the repositories its handlers and job effects reach (inferred from them); the
 * registry checks that it provides all of them.
 */
export interface FamilyDecl<K extends string, D = unknown> {
  key: K;
  /** How messages name one record: "Instance", "VPC". */
  label: string;
  /** The resourceType of jobs, audit rows and tag records, when the family has one. */
  resourceType?: string;
  quota?: QuotaDecl;
  states?: {
    /** States in which a job is under way; mutations answer 409 then. */
    busy?: readonly string[];
    /** The state of a record whose create failed; such records do not count against quota or capacity. */
    failed?: string;
    /**
     * States of a record deleted but not yet expunged (CloudStack's Destroyed, Expunging): it no longer counts
     * against quota or capacity, and reads show it only where the platform does.
     */
    gone?: readonly string[];
  };
  /** The family's own routes (tag and comment routes come from `tags`). */
  routes?: RouteDef<D>[];
  jobEffects?: Record<string, JobEffect<D>>;
  /**
   * The result a successful job of this family's resource shows: the record as its read shows it when the job
   * ends (CloudStack's `jobresult`). Left out, its jobs carry no result.
   */
  jobResult?(scope: ViewScope<D>, record: any): Record<string, unknown>;
  tags?: TagDecl;
  /**
   * For a family without tags of its own whose records the generic /tags route tags (the tags kept apart from the
   * records): the platform's resource type of them (CloudStack's ResourceObjectType, tagTypes.ts).
   */
  taggedAs?: readonly GenericTagType[];
}

/** A resource type the generic /tags route finds a family's records under. */
export interface GenericTagType {
  /** CloudStack's name of the type: `Template`, `VMSnapshot`. */
  type: string;
  /** Whether `id` names a record the caller may tag; left out: the caller's record in the routed region, not gone. */
  holds?(ctx: Ctx<any>, id: string): boolean;
}

/** What a family's seed sees besides the item: the new record's id and the owner's records of the family. */
export interface SeedScope<R> {
  id: string;
  owner: Owner;
  /** The owner's user, when registered. */
  user: User | undefined;
  /** The records of the family that the seeded record's owner already has in its region. */
  records: readonly R[];
}

/** How a family is seeded (POST /_emulator/seed), typed by its record. */
export interface Seeded<R extends Owned> {
  /**
   * Makes one record's fields from a seed item (its own fields, without `sub` and `regionId`, which name the
   * owner), with the rules the family's create applies to the same fields; a bad item throws the create's error.
   * Left out, the family cannot be seeded.
   */
  seed?(item: Record<string, unknown>, scope: SeedScope<R>): Fields<R>;
}

/**
 * Another family's allowance that a record of this one uses up with what the platform makes for it and lists apart
 * from it, which the emulator keeps no record of: a Kubernetes cluster's node VMs are user VMs of the account and
 * their root disks its volumes (CloudStack's `user_vm` and `volume` resource counts). my-limits counts them and a
 * create of that other family is checked against them.
 */
export interface HeldDecl<R> {
  /** The quota key it uses up (`instance`, `volume`). */
  key: string;
  /** How many the record holds now: 0 when it holds none (a failed create that left nothing, a removed record). */
  amount(r: R): number;
}

/** What a family's records hold of other families' allowances. */
export interface Holding<R> {
  holds?: readonly HeldDecl<R>[];
}

/** A declared family; `R` is carried in the type only, so the registry can derive the state's shape. */
export type Family<K extends string, R extends Owned, D> = FamilyDecl<K, D> &
  Seeded<R> &
  Holding<R> & { readonly record?: R };

/** `defineFamily({ key: "volumes", … })`: the record type is the one the key names in FamilyRecords. */
export function defineFamily<K extends CollectionKey, D = unknown>(
  decl: FamilyDecl<K, D> & Seeded<FamilyRecords[K]> & Holding<FamilyRecords[K]>,
): Family<K, FamilyRecords[K], D> {
  return decl;
}

export type RecordOf<F> = F extends Family<string, infer R, unknown> ? R : never;
export type AnyFamily = Family<string, any, any>;

/** What a family's handlers and job effects reach. */
type NeedsOf<F> = F extends FamilyDecl<string, infer D> ? D : never;

/** The repositories every family of a list reaches, together: what the registry must provide. */
export type NeedsOfAll<Fs extends readonly unknown[]> = Fs extends readonly [infer F, ...infer Rest]
  ? NeedsOf<F> & NeedsOfAll<Rest>
  : unknown;

/** The family collections of the state, derived from a list of families. */
export type CollectionsOf<Fs extends readonly AnyFamily[]> = {
  [F in Fs[number] as F["key"]]: Record<string, NonNullable<F["record"]>>;
};

/**
 * The busy states of a rule the platform applies by a job (CloudStack's FirewallRule.State, NetworkACLItem.State,
 * StaticRoute.State): Add while it is being applied, Revoke while it is being removed.
 */
export const RULE_BUSY = ["Add", "Revoke"] as const;

const API = "/api/v1";

/** A route of the API: path under /api/v1; scope "region" unless told. */
export function apiRoute<D>(
  method: Method,
  path: string,
  handler: Handler<D>,
  scope: Scope = "region",
): RouteDef<D> {
  return { method, path: API + path, handler, scope };
}

/**
 * The handlers of a collection's own routes, under the names a module of handlers exports them by: a family
 * passes the module (`import * as volumes from "../handlers/volumes"`) and declares only its other routes.
 */
export interface CollectionHandlers<D = unknown> {
  /** POST <path> */
  create?: Handler<D>;
  /** GET <path> */
  list?: Handler<D>;
  /** GET <path>/{id} */
  get?: Handler<D>;
  /** PUT <path>/{id} */
  update?: Handler<D>;
  /** DELETE <path>/{id} */
  remove?: Handler<D>;
}

/**
 * POST <path>/{id}/<action> for each action of a record (start, stop, resize, …): a module of handlers exports
 * them as `actions`, keyed by the path's last segment.
 */
export function actions<D>(path: string, h: Record<string, Handler<D>>): RouteDef<D>[] {
  return Object.entries(h).map(([action, handler]) => apiRoute("POST", `${path}/{id}/${action}`, handler));
}

/**
 * The routes of the collection at `path` (under /api/v1) for the handlers it has. `item`: the path parameter of
 * one record (default `id`); `scope`: who may call them (default "region").
 */
export function collection<D>(
  path: string,
  h: CollectionHandlers<D>,
  o: { item?: string; scope?: Scope } = {},
): RouteDef<D>[] {
  const item = `${path}/{${o.item ?? "id"}}`;
  const routes: [Method, string, Handler<D> | undefined][] = [
    ["POST", path, h.create],
    ["GET", path, h.list],
    ["GET", item, h.get],
    ["PUT", item, h.update],
    ["DELETE", item, h.remove],
  ];
  const out = routes.flatMap(([method, p, handler]) =>
    handler ? [apiRoute(method, p, handler, o.scope)] : [],
  );
  if (!out.length) throw new Error(`collection ${path}: no create, list, get, update or remove handler`);
  return out;
}
