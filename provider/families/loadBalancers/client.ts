// Load balancers. Public rules: /api/v1/loadbalancer/rules (the spec names the route, "distinct from the internal
// load balancer", and shows no shapes: emulator/README.md writes down the ones taken from CloudStack's
// createLoadBalancerRule, updateLoadBalancerRule, deleteLoadBalancerRule, assignToLoadBalancerRule,
// removeFromLoadBalancerRule and listLoadBalancerRuleInstances). Every change is a job; members are read from the
// rule's instance list and joined to the rule as `memberIds` (CloudStack's rule response does not carry them).
// Internal load balancers: /api/v1/loadbalancer/internal (CloudStack's createLoadBalancer with scheme Internal,
// listLoadBalancers, deleteLoadBalancer), the same update and member commands; one base class holds what both do.

import type { z } from "zod";
import type { AcceptedMutation, CallOptions, CimCore } from "../../client/core";
import { Family, type JobCreate, type ListOptions, type Picker } from "../../client/family";
import { type ListResult, Paginator, readOnce } from "../../client/pagination";
import { type ApiPath, apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import {
  type InternalLoadBalancerRecord,
  InternalLoadBalancerSchema,
  type LoadBalancerMember,
  LoadBalancerMemberSchema,
  type LoadBalancerRuleRecord,
  LoadBalancerRuleSchema,
} from "./records";

/** A rule as the API takes it (CloudStack's createLoadBalancerRule parameters, camelCase). */
export const createLoadBalancerRuleRequest = requestShape({
  name: required<string>(),
  description: optional<string>(),
  publicIpId: required<string>(),
  publicPort: required<number>(),
  privatePort: required<number>(),
  /** tcp, udp or tcp-proxy (the API's default: tcp). */
  protocol: optional<string>(),
  /** roundrobin, leastconn or source. */
  algorithm: required<string>(),
  /** The network of the members: required for a VPC address (the tier), else the address's network. */
  networkId: optional<string>(),
});
export type CreateLoadBalancerRuleInput = InputOf<typeof createLoadBalancerRuleRequest>;

/** What updateLoadBalancerRule changes (both collections); the rest of a balancer cannot change. */
export const updateLoadBalancerRuleRequest = requestShape({
  name: optional<string>(),
  description: optional<string>(),
  algorithm: optional<string>(),
});
export type UpdateLoadBalancerRuleInput = InputOf<typeof updateLoadBalancerRuleRequest>;

/** The rules list's filters (query parameters). */
export const loadBalancerRuleFilter = requestShape({
  publicIpId: optional<string>(),
  networkId: optional<string>(),
  name: optional<string>(),
});
export type LoadBalancerRuleFilter = InputOf<typeof loadBalancerRuleFilter>;

/** A rule with its members' instance ids. */
export type LoadBalancerRule = LoadBalancerRuleRecord & { memberIds: string[] };

/** An internal load balancer as the API takes it (CloudStack's createLoadBalancer, scheme Internal, camelCase). */
export const createInternalLoadBalancerRequest = requestShape({
  name: required<string>(),
  description: optional<string>(),
  /** The VPC tier of the members; its offering must serve the internal LB. */
  networkId: required<string>(),
  /** The tier the source address comes from (the API's default: networkId). */
  sourceIpAddressNetworkId: optional<string>(),
  /** A free address of the tier; left out, the API allocates one. */
  sourceIpAddress: optional<string>(),
  sourcePort: required<number>(),
  instancePort: required<number>(),
  /** roundrobin, leastconn or source. */
  algorithm: required<string>(),
});
export type CreateInternalLoadBalancerInput = InputOf<typeof createInternalLoadBalancerRequest>;

/** The internal list's filters (query parameters). */
export const internalLoadBalancerFilter = requestShape({
  networkId: optional<string>(),
  sourceIpAddress: optional<string>(),
  name: optional<string>(),
});
export type InternalLoadBalancerFilter = InputOf<typeof internalLoadBalancerFilter>;

/** An internal load balancer with its members' instance ids. */
export type InternalLoadBalancer = InternalLoadBalancerRecord & { memberIds: string[] };

/** What tells the two balancer collections apart: data, not code. */
interface BalancerCollection<R, F, C extends object> {
  readonly schema: z.ZodType<R>;
  /** The prefix of the client's job commands (recovery.ts). */
  readonly command: "loadBalancerRule" | "internalLoadBalancer";
  /** The collection's path and its list's keys (the platform's, then ours). */
  readonly collection: ApiPath;
  readonly listKeys: readonly string[];
  /** The list's filters: query parameters named as the filter's fields. */
  readonly filters: Picker<F>;
  /**
   * Where create sends its inputs (a JSON body, or query parameters as the spec's internal one), which, and
   * constants; and which of them the record shows (`echoes`), so a replacement that keeps its name never adopts
   * the record it replaces.
   */
  readonly create: Pick<JobCreate<C>, "body" | "query" | "fixed" | "echoes">;
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
    private readonly spec: BalancerCollection<R, F, C>,
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
      query: this.spec.filters.pick(o ?? ({} as F)),
      key: this.spec.listKeys,
      item: this.spec.schema,
      options: o,
    });
  }

  /** Creates one (a job). A lost answer is tied to its job by command, name and the values its record echoes. */
  async create(input: C, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      ...this.spec.create,
      path: this.spec.collection,
      command: `${this.spec.command}.create`,
      read: (id) => this.getRecord(id, o),
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
  async listAll(o?: ListOptions & F): Promise<ListResult<R & { memberIds: string[] }>> {
    const records = await this.list(o).all();
    const items = await Promise.all(
      records.items.map(async (r) => ({
        ...r,
        memberIds: (await this.members(r.id, o)).map((m) => m.id).sort(),
      })),
    );
    return { ...records, items };
  }

  /** updateLoadBalancerRule: name, description, algorithm (a job). */
  async update(id: string, input: UpdateLoadBalancerRuleInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "PUT", this.at(id), `${this.spec.command}.update`, o, {
      body: updateLoadBalancerRuleRequest.pick(input),
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", this.at(id), `${this.spec.command}.delete`, o);
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
    return this.jobOn(id, method, this.at(id, "instances"), `${this.spec.command}.${verb}`, o, {
      body: { virtualMachineIds: [...instanceIds] },
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
      filters: loadBalancerRuleFilter,
      create: {
        body: createLoadBalancerRuleRequest,
        echoes: {
          name: "name",
          publicIpId: "publicIpId",
          publicPort: "publicPort",
          privatePort: "privatePort",
          protocol: "protocol",
          networkId: "networkId",
        },
      },
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
      filters: internalLoadBalancerFilter,
      create: {
        query: createInternalLoadBalancerRequest,
        fixed: { scheme: "Internal" },
        echoes: {
          name: "name",
          networkId: "networkId",
          sourceIpAddressNetworkId: "sourceIpAddressNetworkId",
          sourceIpAddress: "sourceIpAddress",
          sourcePort: "sourcePort",
          instancePort: "instancePort",
        },
      },
    });
  }
}

export type * from "./records";
