// VPC private gateways: /api/v1/vpcs/private-gateways (the spec names gateways only among the asynchronous work;
// emulator/README.md: CloudStack's createPrivateGateway, listPrivateGateways, deletePrivateGateway, and
// replaceNetworkACLList with a gateway id). Create, delete and the ACL change are jobs.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined, sameEcho } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type PrivateGateway, PrivateGatewaySchema } from "./records";

/** A private gateway as the API takes it (CloudStack's createPrivateGateway parameters, camelCase). */
export const createPrivateGatewayRequest = requestShape({
  vpcId: required<string>(),
  /** The VPC router's address on the private network. */
  ipAddress: required<string>(),
  /** The private network's gateway (the next hop beyond the VPC). */
  gateway: required<string>(),
  netmask: required<string>(),
  /** The VLAN tag of the private network, 1–4094. */
  vlan: required<number>(),
  /** Whether the VPC source-NATs traffic leaving through the gateway. */
  sourceNatSupported: optional<boolean>(),
  /** The gateway's network ACL list; the API's default is the VPC's default_deny. */
  aclId: optional<string>(),
});
export type CreatePrivateGatewayInput = InputOf<typeof createPrivateGatewayRequest>;

/** The list's filters (query parameters). */
export const privateGatewayFilter = requestShape({
  vpcId: optional<string>(),
  ipAddress: optional<string>(),
});
export type PrivateGatewayFilter = InputOf<typeof privateGatewayFilter>;

export class PrivateGateways extends Family {
  async get(id: string, o?: CallOptions): Promise<PrivateGateway> {
    return this.core.get(apiPath`/vpcs/private-gateways/${id}`, PrivateGatewaySchema, undefined, o);
  }

  list(o?: ListOptions & PrivateGatewayFilter): Paginator<PrivateGateway> {
    return new Paginator(this.core, {
      path: apiPath`/vpcs/private-gateways`,
      query: privateGatewayFilter.pick(o ?? {}),
      key: ["privategateway", "privateGateways", "gateways"],
      item: PrivateGatewaySchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & PrivateGatewayFilter): Promise<ListResult<PrivateGateway>> {
    return this.list(o).all();
  }

  /**
   * Creates a gateway (a job; the job's end makes it Ready). A lost answer is tied to its job by command, then
   * by the gateway it made: same VPC, address, VLAN, gateway, netmask and source NAT. A replacement on another
   * VLAN keeps the VPC and the address while the gateway it replaces still exists: the old one's create job is
   * not this one's.
   */
  async create(input: CreatePrivateGatewayInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.core.accepted({
      method: "POST",
      path: apiPath`/vpcs/private-gateways`,
      body: createPrivateGatewayRequest.pick(input),
      options: o,
      command: "vpcGateway.create",
      verify: async (job) => {
        if (!job.resourceId) return false;
        const made = await readOrUndefined(() => this.get(job.resourceId!, o));
        if (made?.vpcId !== input.vpcId || !sameEcho(made.ipAddress, input.ipAddress)) return false;
        // The record shows the VLAN as text; a field it leaves empty is not compared.
        const shown: [unknown, unknown][] = [
          [made.vlan, String(input.vlan)],
          [made.gateway, input.gateway],
          [made.netmask, input.netmask],
          [made.sourceNatSupported, input.sourceNatSupported],
        ];
        return shown.every(
          ([have, want]) => want === undefined || have === undefined || have === "" || sameEcho(have, want),
        );
      },
    });
  }

  /** Deletes a gateway (a job); the API refuses one that static routes still use. */
  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/vpcs/private-gateways/${id}`, "vpcGateway.delete", o);
  }

  /** Puts the gateway on another ACL list of its VPC (CloudStack's replaceNetworkACLList, a job). */
  async replaceAcl(id: string, aclId: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/vpcs/private-gateways/${id}/replace-acl`;
    return this.jobOn(id, "POST", path, "vpcGateway.replaceAcl", o, { query: { aclId } });
  }
}

export type * from "./records";
