// Multi-region groups: /api/v1/multi-regions (the spec shows the add route, its {regionId, vpcId} body, its
// accepted-mutation answer and the quota route; emulator/README.md has the rest, after CloudStack's global
// load-balancer rules). A group lives in the region its create was routed to: every call about it goes there
// (the call's region), while a member's VPC may live in any region, named by the body's `regionId`. The
// member's job is polled in the call's region (the accepted result carries it), never in the VPC's. Group create
// and rename are synchronous; joining, leaving and deleting a group are jobs.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import {
  type MultiRegionGroup,
  MultiRegionGroupSchema,
  type MultiRegionMember,
  MultiRegionMemberSchema,
} from "./records";

export const multiRegionGroupRequest = requestShape({
  name: required<string>(),
  description: optional<string>(),
});
export type MultiRegionGroupInput = InputOf<typeof multiRegionGroupRequest>;
/** A group's change: query parameters, what is left out stays. */
export const updateMultiRegionGroupRequest = requestShape({
  name: optional<string>(),
  description: optional<string>(),
});

/** The spec's body of Add VPC to a multi-region group: the VPC and the region it lives in. */
export const addVpcRequest = requestShape({
  /** The VPC's region (uuid): an id is valid only in its own region. */
  regionId: required<string>(),
  vpcId: required<string>(),
});
export type AddVpcInput = InputOf<typeof addVpcRequest>;

/** The members list's filters (query parameters). */
export const memberFilter = requestShape({
  groupId: optional<string>(),
  vpcId: optional<string>(),
  /** The members' VPC region. */
  regionId: optional<string>(),
});
export type MemberFilter = InputOf<typeof memberFilter>;

export class MultiRegions extends Family {
  async get(id: string, o?: CallOptions): Promise<MultiRegionGroup> {
    return this.core.get(apiPath`/multi-regions/${id}`, MultiRegionGroupSchema, undefined, o);
  }

  /** The groups of the call's region (the paged envelope), optionally of one name. */
  list(o?: ListOptions & { name?: string }): Paginator<MultiRegionGroup> {
    return new Paginator(this.core, {
      path: apiPath`/multi-regions`,
      query: { name: o?.name },
      key: "content",
      item: MultiRegionGroupSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & { name?: string }): Promise<ListResult<MultiRegionGroup>> {
    return this.list(o).all();
  }

  /** Creates a group (synchronous). A lost answer is resolved by the group of that name, sent at most once more. */
  async create(input: MultiRegionGroupInput, o?: CallOptions): Promise<AcceptedMutation> {
    const body = multiRegionGroupRequest.pick(input);
    return this.synchronous("POST", apiPath`/multi-regions`, body, o, async () => {
      const found = await this.listAll({ ...o, name: input.name });
      return found.items.find((g) => g.name === input.name)?.id;
    });
  }

  /** Renames a group or changes its description (synchronous, query parameters). */
  async update(
    id: string,
    input: Partial<MultiRegionGroupInput>,
    o?: CallOptions,
  ): Promise<MultiRegionGroup> {
    const query = updateMultiRegionGroupRequest.pick(input);
    return this.putQuery(
      apiPath`/multi-regions/${id}`,
      query,
      MultiRegionGroupSchema,
      () => this.get(id, o),
      o,
    );
  }

  /** Deletes a group and with it every membership (a job). */
  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/multi-regions/${id}`, "multiRegionGroup.delete", o);
  }

  /** One group's members (GET /multi-regions/{id}/vpcs). */
  membersOf(groupId: string, o?: ListOptions): Paginator<MultiRegionMember> {
    return new Paginator(this.core, {
      path: apiPath`/multi-regions/${groupId}/vpcs`,
      key: "content",
      item: MultiRegionMemberSchema,
      options: o,
    });
  }

  /** The members of every group of the call's region. */
  members(o?: ListOptions & MemberFilter): Paginator<MultiRegionMember> {
    return new Paginator(this.core, {
      path: apiPath`/multi-regions/members`,
      query: memberFilter.pick(o ?? {}),
      key: "content",
      item: MultiRegionMemberSchema,
      options: o,
    });
  }

  async listAllMembers(o?: ListOptions & MemberFilter): Promise<ListResult<MultiRegionMember>> {
    return this.members(o).all();
  }

  async member(id: string, o?: CallOptions): Promise<MultiRegionMember> {
    return this.core.get(apiPath`/multi-regions/members/${id}`, MultiRegionMemberSchema, undefined, o);
  }

  /**
   * The spec's Add VPC to a multi-region group (a job in the call's region, the group's). A lost answer is tied
   * to its job by command, then by the membership it made: this group and this VPC.
   */
  async addVpc(groupId: string, input: AddVpcInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/multi-regions/${groupId}/vpcs`,
      body: addVpcRequest.pick(input),
      options: o,
      command: "multiRegionGroupVpc.create",
      verify: async (job) => {
        if (!job.resourceId) return false;
        const made = await readOrUndefined(() => this.member(job.resourceId!, o));
        return made?.groupId === groupId && made.vpcId === input.vpcId;
      },
    });
  }

  /** Takes a VPC out of its group (a job). */
  async removeMember(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/multi-regions/members/${id}`, "multiRegionGroupVpc.delete", o);
  }
}

export type * from "./records";
