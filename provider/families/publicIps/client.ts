// Public IP addresses: /api/v1/public-ips (the spec shows only their comment route; emulator/README.md: CloudStack's
// associateIpAddress, listPublicIpAddresses, disassociateIpAddress, enableStaticNat and disableStaticNat).
// Acquire, release, enable and disable static NAT are asynchronous. Static NAT is not a record of its own: it is
// the address's one-to-one mapping onto an instance's NIC, shown on the address (isStaticNat, virtualMachineId,
// vmIpAddress), so `staticNatOf` reads it from there.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type PublicIp, PublicIpSchema } from "./records";

/** An isolated network or a VPC to acquire an address for (exactly one), optionally naming its zone. */
export const acquirePublicIpRequest = requestShape({
  networkId: optional<string>(),
  vpcId: optional<string>(),
  zoneId: optional<string>(),
});
export type AcquirePublicIpInput = InputOf<typeof acquirePublicIpRequest>;

export const enableStaticNatRequest = requestShape({
  /** The instance the address maps onto. */
  virtualMachineId: required<string>(),
  /** The network of the instance's NIC; the API's default: the network the address serves. */
  networkId: optional<string>(),
});
export type EnableStaticNatInput = InputOf<typeof enableStaticNatRequest>;

/** The list's filters (query parameters). */
export const publicIpFilter = requestShape({
  ipAddress: optional<string>(),
  vpcId: optional<string>(),
  associatedNetworkId: optional<string>(),
  isStaticNat: optional<boolean>(),
});
export type PublicIpFilter = InputOf<typeof publicIpFilter>;

/** An address's static NAT, as one record: `state` Enabled while it maps onto an instance, else Disabled. */
export interface StaticNat {
  /** The address's id (a static NAT has none of its own). */
  id: string;
  state: "Enabled" | "Disabled";
  ipAddress?: string;
  virtualMachineId?: string;
  virtualMachineName?: string;
  /** The network of the instance's NIC the address maps onto. */
  networkId?: string;
  vmIpAddress?: string;
  zoneId?: string;
}

export function staticNatOf(ip: PublicIp): StaticNat {
  const on = ip.isStaticNat === true && Boolean(ip.virtualMachineId);
  return {
    id: ip.id,
    state: on ? "Enabled" : "Disabled",
    ipAddress: ip.ipAddress,
    virtualMachineId: on ? ip.virtualMachineId : undefined,
    virtualMachineName: on ? ip.virtualMachineName || undefined : undefined,
    networkId: on ? ip.associatedNetworkId || undefined : undefined,
    vmIpAddress: on ? ip.vmIpAddress || undefined : undefined,
    zoneId: ip.zoneId,
  };
}

export class PublicIps extends Family {
  async get(id: string, o?: CallOptions): Promise<PublicIp> {
    return this.core.get(apiPath`/public-ips/${id}`, PublicIpSchema, undefined, o);
  }

  list(o?: ListOptions & PublicIpFilter): Paginator<PublicIp> {
    return new Paginator(this.core, {
      path: apiPath`/public-ips`,
      query: publicIpFilter.pick(o ?? {}),
      key: "publicipaddress",
      item: PublicIpSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & PublicIpFilter): Promise<ListResult<PublicIp>> {
    return this.list(o).all();
  }

  /** Acquires an address (associateIpAddress); the job's end makes it Allocated. */
  async acquire(input: AcquirePublicIpInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/public-ips`,
      command: "publicIp.acquire",
      body: acquirePublicIpRequest,
      // Unnamed: the job's address must still exist and serve what was asked (an earlier acquire's address may
      // have been released since); time then tells this request's job from another acquire's.
      echoes: { networkId: "associatedNetworkId", vpcId: "vpcId", zoneId: "zoneId" },
      read: (id) => this.get(id, o),
    });
  }

  /** Releases an address (disassociateIpAddress); the API refuses a source-NAT address. */
  async release(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/public-ips/${id}`, "publicIp.release", o);
  }

  async enableStaticNat(id: string, input: EnableStaticNatInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "POST", apiPath`/public-ips/${id}/static-nat`, "staticNat.enable", o, {
      body: enableStaticNatRequest.pick(input),
    });
  }

  async disableStaticNat(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/public-ips/${id}/static-nat`, "staticNat.disable", o);
  }
}

export type * from "./records";
