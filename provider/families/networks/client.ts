// Networks: /api/v1/networks. Create, delete and restart are asynchronous; the PUT update is synchronous and
// takes query parameters.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type RenameInput, renameRequest } from "../vpcs/client";
import { type Network, NetworkSchema } from "./records";

export const createNetworkRequest = requestShape({
  name: required<string>(),
  displayText: required<string>(),
  zoneId: required<string>(),
  networkOfferingId: required<string>(),
  vpcId: optional<string>(),
  gateway: optional<string>(),
  netmask: optional<string>(),
  /** DNS domain of the network (the API's default when left out; the emulator: `cim.internal`). */
  networkDomain: optional<string>(),
  /** A VPC tier's network ACL list (the API's default when left out: the VPC's default_deny). */
  aclId: optional<string>(),
});
export type CreateNetworkInput = InputOf<typeof createNetworkRequest>;

/** The create's fields a network record shows as sent (a lost answer's job is checked against them). */
const NETWORK_ECHOES = {
  name: "name",
  zoneId: "zoneId",
  networkOfferingId: "networkOfferingId",
  vpcId: "vpcId",
  gateway: "gateway",
  netmask: "netmask",
  networkDomain: "networkDomain",
} as const;

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
    return this.createJob(input, o, {
      path: apiPath`/networks`,
      command: "network.create",
      body: createNetworkRequest,
      // A replacement keeps the name and changes the gateway or the domain: the old tier's create job is not this one's.
      echoes: NETWORK_ECHOES,
      read: (id) => this.get(id, o),
    });
  }

  /** Synchronous rename; a lost answer is resolved by re-reading. */
  async update(id: string, changes: RenameInput, o?: CallOptions): Promise<Network> {
    return this.putQuery(
      apiPath`/networks/${id}`,
      renameRequest.pick(changes),
      NetworkSchema,
      () => this.get(id, o),
      o,
    );
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/networks/${id}`;
    return this.jobOn(id, "DELETE", path, "network.delete", o);
  }

  async restart(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/networks/${id}/restart`;
    return this.jobOn(id, "POST", path, "network.restart", o);
  }
}

export type * from "./records";
