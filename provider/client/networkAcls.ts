// Network ACLs: /api/v1/network-acls (the caller's lists), /api/v1/vpcs/{vpcId}/acl-lists (one VPC's), rules only
// under /api/v1/network-acls/rules, and a VPC tier's list (POST /networks/{id}/replace-acl). The spec shows no
// shapes: emulator/README.md writes down the ones taken from CloudStack's network ACL commands. Every change is
// asynchronous there (a job) except the list's rename, a PUT with query parameters like the VPC's; a platform
// that answers without a jobId is read as done, as the spec says.

import type { AcceptedMutation, CallOptions } from "./core";
import { createdWithName, Family, readOrUndefined } from "./family";
import type { ListOptions } from "./instances";
import { type ListResult, Paginator, readOnce } from "./pagination";
import { apiPath } from "./paths";
import { type AclList, AclListSchema, type NetworkAclRule, NetworkAclRuleSchema } from "./schemas";

export interface CreateAclListInput {
  name: string;
  description?: string;
  vpcId: string;
}

/** A rule as the API takes it (CloudStack's createNetworkACL parameters, camelCase). */
export interface AclRuleInput {
  aclId: string;
  /** Its place in the list, unique there; the API gives the next free number when left out. */
  number?: number;
  /** tcp, udp, icmp or all. */
  protocol: string;
  startPort?: number;
  endPort?: number;
  icmpType?: number;
  icmpCode?: number;
  cidrList: string[];
  /** allow or deny. */
  action: string;
  /** ingress or egress. */
  trafficType: string;
  /** Why the rule exists (CloudStack's `reason`). */
  reason?: string;
}

/** The body of a rule create: the known keys only (a misspelt key would be ignored by the API). */
export function aclRuleBody(i: AclRuleInput) {
  return {
    aclId: i.aclId,
    number: i.number,
    protocol: i.protocol,
    startPort: i.startPort,
    endPort: i.endPort,
    icmpType: i.icmpType,
    icmpCode: i.icmpCode,
    cidrList: i.cidrList,
    action: i.action,
    trafficType: i.trafficType,
    reason: i.reason,
  };
}

export class NetworkAcls extends Family {
  /** Every ACL list of the caller's VPCs in the region (each VPC's two defaults included). */
  async lists(o?: CallOptions & { vpcId?: string; name?: string }): Promise<AclList[]> {
    const key = ["networkacllist", "aclLists", "acllists", "networkAclLists", "acls"];
    const query = { vpcId: o?.vpcId, name: o?.name };
    const spec = { path: apiPath`/network-acls`, query, key, item: AclListSchema, options: o };
    return (await readOnce(this.core, spec)).items;
  }

  async getList(id: string, o?: CallOptions): Promise<AclList> {
    return this.core.get(apiPath`/network-acls/${id}`, AclListSchema, undefined, o);
  }

  async createList(input: CreateAclListInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/network-acls`,
      body: { name: input.name, description: input.description, vpcId: input.vpcId },
      options: o,
      command: "networkAclList.create",
      verify: createdWithName(input.name, (id) => this.getList(id, o)),
    });
  }

  /** Synchronous rename; a lost answer is resolved by re-reading. */
  async updateList(id: string, changes: { name?: string; description?: string }, o?: CallOptions) {
    const query = { name: changes.name, description: changes.description };
    return this.putQuery(apiPath`/network-acls/${id}`, query, AclListSchema, () => this.getList(id, o), o);
  }

  async deleteList(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "DELETE",
      path: apiPath`/network-acls/${id}`,
      options: o,
      command: "networkAclList.delete",
      resourceId: id,
    });
  }

  async getRule(id: string, o?: CallOptions): Promise<NetworkAclRule> {
    return this.core.get(apiPath`/network-acls/rules/${id}`, NetworkAclRuleSchema, undefined, o);
  }

  /** Rules of the region, or of one list. */
  rules(o?: ListOptions & { aclId?: string }): Paginator<NetworkAclRule> {
    return new Paginator(this.core, {
      path: apiPath`/network-acls/rules`,
      query: { aclId: o?.aclId },
      key: ["networkacl", "rules", "networkAcls"],
      item: NetworkAclRuleSchema,
      options: o,
    });
  }

  async listAllRules(o?: ListOptions & { aclId?: string }): Promise<ListResult<NetworkAclRule>> {
    return this.rules(o).all();
  }

  /**
   * Creates a rule (a job). A lost answer is tied to its job by command, then by the rule it made: same list,
   * protocol and, when asked, number.
   */
  async createRule(input: AclRuleInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/network-acls/rules`,
      body: aclRuleBody(input),
      options: o,
      command: "networkAclRule.create",
      verify: async (job) => {
        if (!job.resourceId) return false;
        const made = await readOrUndefined(() => this.getRule(job.resourceId!, o));
        return (
          made?.aclId === input.aclId &&
          made.protocol?.toLowerCase() === input.protocol.toLowerCase() &&
          (input.number === undefined || made.number === input.number)
        );
      },
    });
  }

  /**
   * Sets every field of a rule (a job): `partialUpgrade: false`, so what is left out is cleared (ports of a
   * rule that became icmp), as CloudStack's updateNetworkACLItem does; the number is kept when left out.
   */
  async updateRule(id: string, input: Omit<AclRuleInput, "aclId">, o?: CallOptions) {
    const { aclId: _, ...body } = aclRuleBody({ ...input, aclId: "" });
    return this.core.accepted({
      method: "PUT",
      path: apiPath`/network-acls/rules/${id}`,
      body: { ...body, partialUpgrade: false },
      options: o,
      command: "networkAclRule.update",
      resourceId: id,
    });
  }

  async deleteRule(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "DELETE",
      path: apiPath`/network-acls/rules/${id}`,
      options: o,
      command: "networkAclRule.delete",
      resourceId: id,
    });
  }

  /** Puts a VPC tier on another ACL list (CloudStack's replaceNetworkACLList, a job). */
  async replaceOnNetwork(networkId: string, aclId: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/networks/${networkId}/replace-acl`,
      query: { aclId },
      options: o,
      command: "network.replaceAcl",
      resourceId: networkId,
    });
  }
}
