// Network ACLs: /api/v1/network-acls (the caller's lists), /api/v1/vpcs/{vpcId}/acl-lists (one VPC's), rules only
// under /api/v1/network-acls/rules, and a VPC tier's list (POST /networks/{id}/replace-acl). The spec shows no
// shapes: emulator/README.md writes down the ones taken from CloudStack's network ACL commands. Every change is
// asynchronous there (a job) except the list's rename, a PUT with query parameters like the VPC's; a platform
// that answers without a jobId is read as done, as the spec says.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { type ListResult, Paginator, readOnce } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type AclList, AclListSchema, type NetworkAclRule, NetworkAclRuleSchema } from "./records";

export const createAclListRequest = requestShape({
  name: required<string>(),
  description: optional<string>(),
  vpcId: required<string>(),
});
export type CreateAclListInput = InputOf<typeof createAclListRequest>;

/** The list's rename: query parameters. */
export const updateAclListRequest = requestShape({
  name: optional<string>(),
  description: optional<string>(),
});

/** A rule's own fields (CloudStack's createNetworkACL parameters, camelCase): an update sends them all. */
const ruleFields = {
  /** Its place in the list, unique there; the API gives the next free number when left out. */
  number: optional<number>(),
  /** tcp, udp, icmp or all. */
  protocol: required<string>(),
  startPort: optional<number>(),
  endPort: optional<number>(),
  icmpType: optional<number>(),
  icmpCode: optional<number>(),
  cidrList: required<string[]>(),
  /** allow or deny. */
  action: required<string>(),
  /** ingress or egress. */
  trafficType: required<string>(),
  /** Why the rule exists (CloudStack's `reason`). */
  reason: optional<string>(),
};

/** A rule as the API takes it: its list, then its own fields. */
export const aclRuleRequest = requestShape({ aclId: required<string>(), ...ruleFields });
export type AclRuleInput = InputOf<typeof aclRuleRequest>;

/** A rule's update: every field but the list (which cannot change). */
export const aclRuleUpdateRequest = requestShape(ruleFields);

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
    return this.createJob(input, o, {
      path: apiPath`/network-acls`,
      command: "networkAclList.create",
      body: createAclListRequest,
      echoes: { name: "name", vpcId: "vpcId" },
      read: (id) => this.getList(id, o),
    });
  }

  /** Synchronous rename; a lost answer is resolved by re-reading. */
  async updateList(id: string, changes: InputOf<typeof updateAclListRequest>, o?: CallOptions) {
    const query = updateAclListRequest.pick(changes);
    return this.putQuery(apiPath`/network-acls/${id}`, query, AclListSchema, () => this.getList(id, o), o);
  }

  async deleteList(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/network-acls/${id}`, "networkAclList.delete", o);
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
      body: aclRuleRequest.pick(input),
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
  async updateRule(id: string, input: InputOf<typeof aclRuleUpdateRequest>, o?: CallOptions) {
    const body = aclRuleUpdateRequest.pick(input);
    return this.jobOn(id, "PUT", apiPath`/network-acls/rules/${id}`, "networkAclRule.update", o, {
      body: { ...body, partialUpgrade: false },
    });
  }

  async deleteRule(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/network-acls/rules/${id}`, "networkAclRule.delete", o);
  }

  /** Puts a VPC tier on another ACL list (CloudStack's replaceNetworkACLList, a job). */
  async replaceOnNetwork(networkId: string, aclId: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/networks/${networkId}/replace-acl`;
    return this.jobOn(networkId, "POST", path, "network.replaceAcl", o, { query: { aclId } });
  }
}

export type * from "./records";
