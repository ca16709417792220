// VPCs: /api/v1/vpcs. Create, delete and restart are asynchronous; the PUT update is synchronous and takes
// query parameters.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator, readOnce } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type AclList, AclListSchema } from "../networkAcls/records";
import { type Vpc, VpcSchema } from "./records";

export const createVpcRequest = requestShape({
  name: required<string>(),
  displayText: required<string>(),
  zoneId: required<string>(),
  cidr: required<string>(),
  vpcOfferingId: required<string>(),
  networkDomain: optional<string>(),
});
export type CreateVpcInput = InputOf<typeof createVpcRequest>;

/** Query parameters of PUT /vpcs/{id} and PUT /networks/{id}. */
export const renameRequest = requestShape({ name: optional<string>(), displayText: optional<string>() });
export type RenameInput = InputOf<typeof renameRequest>;

export class Vpcs extends Family {
  async get(id: string, o?: CallOptions): Promise<Vpc> {
    return this.core.get(apiPath`/vpcs/${id}`, VpcSchema, undefined, o);
  }

  list(o?: ListOptions): Paginator<Vpc> {
    return new Paginator(this.core, { path: apiPath`/vpcs`, key: "vpcs", item: VpcSchema, options: o });
  }

  async listAll(o?: ListOptions): Promise<ListResult<Vpc>> {
    return this.list(o).all();
  }

  async create(input: CreateVpcInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/vpcs`,
      command: "vpc.create",
      body: createVpcRequest,
      echoes: {
        name: "name",
        zoneId: "zoneId",
        cidr: "cidr",
        vpcOfferingId: "vpcOfferingId",
        networkDomain: "networkDomain",
      },
      read: (id) => this.get(id, o),
    });
  }

  /** Synchronous rename; a lost answer is resolved by re-reading. */
  async update(id: string, changes: RenameInput, o?: CallOptions): Promise<Vpc> {
    return this.putQuery(
      apiPath`/vpcs/${id}`,
      renameRequest.pick(changes),
      VpcSchema,
      () => this.get(id, o),
      o,
    );
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/vpcs/${id}`, "vpc.delete", o);
  }

  async restart(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "POST", apiPath`/vpcs/${id}/restart`, "vpc.restart", o);
  }

  /** ACL lists of one VPC (a subset of the caller's ACLs). The envelope key is not documented. */
  async aclLists(id: string, o?: CallOptions): Promise<AclList[]> {
    const key = ["aclLists", "acllists", "networkacllists", "networkAclLists", "acls"];
    return (
      await readOnce(this.core, {
        path: apiPath`/vpcs/${id}/acl-lists`,
        key,
        item: AclListSchema,
        options: o,
      })
    ).items;
  }
}

export type * from "./records";
