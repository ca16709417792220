// Networks: /api/v1/networks. Create, delete and restart are asynchronous; the PUT update is synchronous and
// takes query parameters.

import type { AcceptedMutation, CallOptions } from "./core";
import { createdWithName, Family } from "./family";
import type { ListOptions } from "./instances";
import { type ListResult, Paginator } from "./pagination";
import { apiPath } from "./paths";
import { type Network, NetworkSchema } from "./schemas";
import { type RenameInput, renameQuery } from "./vpcs";

export interface CreateNetworkInput {
  name: string;
  displayText: string;
  zoneId: string;
  networkOfferingId: string;
  vpcId?: string;
  gateway?: string;
  netmask?: string;
  /** DNS domain of the network (the API's default when left out; the emulator: `cim.internal`). */
  networkDomain?: string;
  /** A VPC tier's network ACL list (the API's default when left out: the VPC's default_deny). */
  aclId?: string;
}

/** The body of a create: exactly the fields of CreateNetworkInput (a caller's other keys are not sent). */
export type CreateNetworkBody = CreateNetworkInput;

export function createNetworkBody(i: CreateNetworkInput): CreateNetworkBody {
  return {
    name: i.name,
    displayText: i.displayText,
    zoneId: i.zoneId,
    networkOfferingId: i.networkOfferingId,
    vpcId: i.vpcId,
    gateway: i.gateway,
    netmask: i.netmask,
    networkDomain: i.networkDomain,
    aclId: i.aclId,
  };
}

export class Networks extends Family {
  async get(id: string, o?: CallOptions): Promise<Network> {
    return this.core.get(apiPath`/networks/${id}`, NetworkSchema, undefined, o);
  }

  list(o?: ListOptions): Paginator<Network> {
    return new Paginator(this.core, {
      path: apiPath`/networks`,
      key: "networks",
      item: NetworkSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions): Promise<ListResult<Network>> {
    return this.list(o).all();
  }

  async create(input: CreateNetworkInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/networks`,
      body: createNetworkBody(input),
      options: o,
      command: "network.create",
      verify: createdWithName(input.name, (id) => this.get(id, o)),
    });
  }

  /** Synchronous rename; a lost answer is resolved by re-reading. */
  async update(id: string, changes: RenameInput, o?: CallOptions): Promise<Network> {
    return this.putQuery(
      apiPath`/networks/${id}`,
      renameQuery(changes),
      NetworkSchema,
      () => this.get(id, o),
      o,
    );
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/networks/${id}`;
    return this.core.accepted({
      method: "DELETE",
      path,
      options: o,
      command: "network.delete",
      resourceId: id,
    });
  }

  async restart(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/networks/${id}/restart`;
    return this.core.accepted({
      method: "POST",
      path,
      options: o,
      command: "network.restart",
      resourceId: id,
    });
  }
}
