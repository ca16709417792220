// Load balancers. Public rules: /api/v1/loadbalancer/rules (the spec names the route, "distinct from the internal
// load balancer", and shows no shapes: emulator/README.md writes down the ones taken from CloudStack's
// createLoadBalancerRule, updateLoadBalancerRule, deleteLoadBalancerRule, assignToLoadBalancerRule,
// removeFromLoadBalancerRule and listLoadBalancerRuleInstances). Every change is a job; members are read from the
// rule's instance list and joined to the rule as `memberIds` (CloudStack's rule response does not carry them).
// Internal load balancers: /api/v1/loadbalancer/internal (CloudStack's createLoadBalancer with scheme Internal,
// listLoadBalancers, deleteLoadBalancer), the same update and member commands; one base class holds what both do.

import type { z } from "zod";
import type { AcceptedMutation, CallOptions, CimCore } from "./core";
import { createdWithName, Family } from "./family";
import type { ListOptions } from "./instances";
import { Paginator, readOnce } from "./pagination";
import { type ApiPath, apiPath } from "./paths";
import {
  type InternalLoadBalancerRecord,
  InternalLoadBalancerSchema,
  type LoadBalancerMember,
  LoadBalancerMemberSchema,
  type LoadBalancerRuleRecord,
  LoadBalancerRuleSchema,
} from "./schemas";

/** A rule as the API takes it (CloudStack's createLoadBalancerRule parameters, camelCase). */
export interface CreateLoadBalancerRuleInput {
  name: string;
  description?: string;
  publicIpId: string;
  publicPort: number;
  privatePort: number;
  /** tcp, udp or tcp-proxy (the API's default: tcp). */
  protocol?: string;
  /** roundrobin, leastconn or source. */
  algorithm: string;
  /** The network of the members: required for a VPC address (the tier), else the address's network. */
  networkId?: string;
}

/** What updateLoadBalancerRule changes; the rest of a rule cannot change. */
export interface UpdateLoadBalancerRuleInput {
  name?: string;
  description?: string;
  algorithm?: string;
}

export interface LoadBalancerRuleFilter {
  publicIpId?: string;
  networkId?: string;
  name?: string;
}

/** A rule with its members' instance ids. */
export type LoadBalancerRule = LoadBalancerRuleRecord & { memberIds: string[] };

/** An internal load balancer as the API takes it (CloudStack's createLoadBalancer, scheme Internal, camelCase). */
export interface CreateInternalLoadBalancerInput {
  name: string;
  description?: string;
  /** The VPC tier of the members; its offering must serve the internal LB. */
  networkId: string;
  /** The tier the source address comes from (the API's default: networkId). */
  sourceIpAddressNetworkId?: string;
  /** A free address of the tier; left out, the API allocates one. */
  sourceIpAddress?: string;
  sourcePort: number;
  instancePort: number;
  /** roundrobin, leastconn or source. */
  algorithm: string;
}

export interface InternalLoadBalancerFilter {
  networkId?: string;
  sourceIpAddress?: string;
  name?: string;
}

/** An internal load balancer with its members' instance ids. */
export type InternalLoadBalancer = InternalLoadBalancerRecord & { memberIds: string[] };

/** The keys create sends, checked by the compiler against the input types (none misspelt, none forgotten). */
const RULE_KEYS: Record<keyof CreateLoadBalancerRuleInput, true> = {
  name: true,
  description: true,
  publicIpId: true,
  publicPort: true,
  privatePort: true,
  protocol: true,
  algorithm: true,
  networkId: true,
};
const INTERNAL_KEYS: Record<keyof CreateInternalLoadBalancerInput, true> = {
  name: true,
  description: true,
  networkId: true,
  sourceIpAddressNetworkId: true,
  sourceIpAddress: true,
  sourcePort: true,
  instancePort: true,
  algorithm: true,
};

/** What tells the two balancer collections apart: data, not code. */
interface BalancerCollection<R> {
  readonly schema: z.ZodType<R>;
  /** The prefix of the client's job commands (recovery.ts). */
  readonly command: "loadBalancerRule" | "internalLoadBalancer";
  /** The collection's path and its list's keys (the platform's, then ours). */
  readonly collection: ApiPath;
  readonly listKeys: readonly string[];
  /** The list's filters: query parameters named as the filter's fields. */
  readonly filters: readonly string[];
  /** Where create sends its inputs (a JSON body, or query parameters as the spec's internal one), which, and constants. */
  readonly create: { in: "body" | "query"; keys: readonly string[]; fixed?: Record<string, string> };
}

/** Only the named keys of an object (a misspelt or extra key would be ignored by the API, or worse). */
function only(o: object | undefined, keys: readonly string[]): Record<string, string | number | undefined> {
  const from = (o ?? {}) as Record<string, string | number | undefined>;
  return Object.fromEntries(keys.map((k) => [k, from[k]]));
}

/**
 * What both balancer families do alike (CloudStack shares the commands): read one with its members, list the
 * members, update name, description and algorithm, delete, and change members by jobs. Each collection is
 * declared as data (BalancerCollection).
 */
class Balancers<
  R extends { id: string; name?: string },
  F extends object,
  C extends { name: string },
> extends Family {
  constructor(
    core: CimCore,
    private readonly spec: BalancerCollection<R>,
  ) {
    super(core);
  }

  private at(id: string, sub?: "instances"): ApiPath {
    const one = `${this.spec.collection}${apiPath`/${id}`.slice("/api/v1".length)}` as ApiPath;
    return sub ? (`${one}/${sub}` as ApiPath) : one;
  }

  list(o?: ListOptions & F): Paginator<R> {
    return new Paginator(this.core, {
      path: this.spec.collection,
      query: only(o, this.spec.filters),
      key: this.spec.listKeys,
      item: this.spec.schema,
      options: o,
    });
  }

  /** Creates one (a job). A lost answer is tied to its job by command and name. */
  async create(input: C, o?: CallOptions): Promise<AcceptedMutation> {
    const params = { ...only(input, this.spec.create.keys), ...this.spec.create.fixed };
    return this.core.accepted({
      method: "POST",
      path: this.spec.collection,
      ...(this.spec.create.in === "body" ? { body: params } : { query: params }),
      options: o,
      command: `${this.spec.command}.create`,
      verify: createdWithName(input.name, (id) => this.getRecord(id, o)),
    });
  }

  /** The balancer alone, without its members (one request). */
  async getRecord(id: string, o?: CallOptions): Promise<R> {
    return this.core.get(this.at(id), this.spec.schema, undefined, o);
  }

  /** The balancer and its members (two requests). */
  async get(id: string, o?: CallOptions): Promise<R & { memberIds: string[] }> {
    const [record, members] = await Promise.all([this.getRecord(id, o), this.members(id, o)]);
    return { ...record, memberIds: members.map((m) => m.id).sort() };
  }

  /** The member instances (listLoadBalancerRuleInstances), with their address on the balancer's network. */
  async members(id: string, o?: CallOptions): Promise<LoadBalancerMember[]> {
    const spec = {
      path: this.at(id, "instances"),
      key: ["loadbalancerruleinstance", "instances"],
      item: LoadBalancerMemberSchema,
      options: o,
    };
    return (await readOnce(this.core, spec)).items;
  }

  /** Every balancer of the region with its members (one list, then one member read per balancer). */
  async listAll(o?: ListOptions & F): Promise<(R & { memberIds: string[] })[]> {
    const records = (await this.list(o).all()).items;
    return Promise.all(
      records.map(async (r) => ({ ...r, memberIds: (await this.members(r.id, o)).map((m) => m.id).sort() })),
    );
  }

  /** updateLoadBalancerRule: name, description, algorithm (a job). */
  async update(id: string, input: UpdateLoadBalancerRuleInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "PUT",
      path: this.at(id),
      body: { name: input.name, description: input.description, algorithm: input.algorithm },
      options: o,
      command: `${this.spec.command}.update`,
      resourceId: id,
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "DELETE",
      path: this.at(id),
      options: o,
      command: `${this.spec.command}.delete`,
      resourceId: id,
    });
  }

  /** Adds instances (assignToLoadBalancerRule, one job for all of them). */
  async assign(id: string, instanceIds: readonly string[], o?: CallOptions): Promise<AcceptedMutation> {
    return this.changeMembers(id, instanceIds, "POST", "assign", o);
  }

  /** Removes instances (removeFromLoadBalancerRule, one job for all of them). */
  async remove(id: string, instanceIds: readonly string[], o?: CallOptions): Promise<AcceptedMutation> {
    return this.changeMembers(id, instanceIds, "DELETE", "remove", o);
  }

  private changeMembers(
    id: string,
    instanceIds: readonly string[],
    method: "POST" | "DELETE",
    verb: "assign" | "remove",
    o?: CallOptions,
  ): Promise<AcceptedMutation> {
    return this.core.accepted({
      method,
      path: this.at(id, "instances"),
      body: { virtualMachineIds: [...instanceIds] },
      options: o,
      command: `${this.spec.command}.${verb}`,
      resourceId: id,
    });
  }
}

/** Public load-balancer rules: /api/v1/loadbalancer/rules, created with a JSON body. */
export class LoadBalancers extends Balancers<
  LoadBalancerRuleRecord,
  LoadBalancerRuleFilter,
  CreateLoadBalancerRuleInput
> {
  constructor(core: CimCore) {
    super(core, {
      schema: LoadBalancerRuleSchema,
      command: "loadBalancerRule",
      collection: apiPath`/loadbalancer/rules`,
      listKeys: ["loadbalancerrule", "loadBalancerRules"],
      filters: ["publicIpId", "networkId", "name"],
      create: { in: "body", keys: Object.keys(RULE_KEYS) },
    });
  }
}

/**
 * Internal load balancers: the spec's `POST /api/v1/loadbalancer/internal` with query parameters and no body;
 * reads, update, delete and members under /api/v1/loadbalancer/internal/{id} (emulator/README.md).
 */
export class InternalLoadBalancers extends Balancers<
  InternalLoadBalancerRecord,
  InternalLoadBalancerFilter,
  CreateInternalLoadBalancerInput
> {
  constructor(core: CimCore) {
    super(core, {
      schema: InternalLoadBalancerSchema,
      command: "internalLoadBalancer",
      collection: apiPath`/loadbalancer/internal`,
      listKeys: ["loadbalancer", "loadBalancers"],
      filters: ["networkId", "sourceIpAddress", "name"],
      create: { in: "query", keys: Object.keys(INTERNAL_KEYS), fixed: { scheme: "Internal" } },
    });
  }
}
