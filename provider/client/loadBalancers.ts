// Public load-balancer rules: /api/v1/loadbalancer/rules (the spec names the route, "distinct from the internal
// load balancer", and shows no shapes: emulator/README.md writes down the ones taken from CloudStack's
// createLoadBalancerRule, updateLoadBalancerRule, deleteLoadBalancerRule, assignToLoadBalancerRule,
// removeFromLoadBalancerRule and listLoadBalancerRuleInstances). Every change is a job; members are read from the
// rule's instance list and joined to the rule as `memberIds` (CloudStack's rule response does not carry them).

import type { AcceptedMutation, CallOptions } from "./core";
import { createdWithName, Family } from "./family";
import type { ListOptions } from "./instances";
import { Paginator, readOnce } from "./pagination";
import { apiPath } from "./paths";
import {
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

export class LoadBalancers extends Family {
  /** The rule alone, without its members (one request). */
  async getRecord(id: string, o?: CallOptions): Promise<LoadBalancerRuleRecord> {
    return this.core.get(apiPath`/loadbalancer/rules/${id}`, LoadBalancerRuleSchema, undefined, o);
  }

  /** The rule and its members (two requests). */
  async get(id: string, o?: CallOptions): Promise<LoadBalancerRule> {
    const [rule, members] = await Promise.all([this.getRecord(id, o), this.members(id, o)]);
    return { ...rule, memberIds: members.map((m) => m.id).sort() };
  }

  /** The member instances of a rule (listLoadBalancerRuleInstances), with their address on its network. */
  async members(id: string, o?: CallOptions): Promise<LoadBalancerMember[]> {
    const spec = {
      path: apiPath`/loadbalancer/rules/${id}/instances`,
      key: ["loadbalancerruleinstance", "instances"],
      item: LoadBalancerMemberSchema,
      options: o,
    };
    return (await readOnce(this.core, spec)).items;
  }

  list(o?: ListOptions & LoadBalancerRuleFilter): Paginator<LoadBalancerRuleRecord> {
    return new Paginator(this.core, {
      path: apiPath`/loadbalancer/rules`,
      query: { publicIpId: o?.publicIpId, networkId: o?.networkId, name: o?.name },
      key: ["loadbalancerrule", "loadBalancerRules"],
      item: LoadBalancerRuleSchema,
      options: o,
    });
  }

  /** Every rule of the region with its members (one list, then one member read per rule). */
  async listAll(o?: ListOptions & LoadBalancerRuleFilter): Promise<LoadBalancerRule[]> {
    const rules = (await this.list(o).all()).items;
    return Promise.all(
      rules.map(async (r) => ({ ...r, memberIds: (await this.members(r.id, o)).map((m) => m.id).sort() })),
    );
  }

  /** Creates a rule (a job). A lost answer is tied to its job by command and the rule's name. */
  async create(input: CreateLoadBalancerRuleInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/loadbalancer/rules`,
      body: {
        name: input.name,
        description: input.description,
        publicIpId: input.publicIpId,
        publicPort: input.publicPort,
        privatePort: input.privatePort,
        protocol: input.protocol,
        algorithm: input.algorithm,
        networkId: input.networkId,
      },
      options: o,
      command: "loadBalancerRule.create",
      verify: createdWithName(input.name, (id) => this.getRecord(id, o)),
    });
  }

  async update(id: string, input: UpdateLoadBalancerRuleInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "PUT",
      path: apiPath`/loadbalancer/rules/${id}`,
      body: { name: input.name, description: input.description, algorithm: input.algorithm },
      options: o,
      command: "loadBalancerRule.update",
      resourceId: id,
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "DELETE",
      path: apiPath`/loadbalancer/rules/${id}`,
      options: o,
      command: "loadBalancerRule.delete",
      resourceId: id,
    });
  }

  /** Adds instances to a rule (assignToLoadBalancerRule, one job for all of them). */
  async assign(id: string, instanceIds: readonly string[], o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/loadbalancer/rules/${id}/instances`,
      body: { virtualMachineIds: [...instanceIds] },
      options: o,
      command: "loadBalancerRule.assign",
      resourceId: id,
    });
  }

  /** Removes instances from a rule (removeFromLoadBalancerRule, one job for all of them). */
  async remove(id: string, instanceIds: readonly string[], o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "DELETE",
      path: apiPath`/loadbalancer/rules/${id}/instances`,
      body: { virtualMachineIds: [...instanceIds] },
      options: o,
      command: "loadBalancerRule.remove",
      resourceId: id,
    });
  }
}
