// Public IP addresses' records (CloudStack's IPAddressVO).
import type { Tagged } from "../../records";

export interface PublicIpRec extends Tagged {
  ipAddress: string;
  zoneId: string;
  /** The VPC it was acquired for (CloudStack's vpcid). */
  vpcId?: string;
  /**
   * The guest network it serves (CloudStack's associatednetworkid): the isolated network it was acquired for;
   * for a VPC address, the tier its static NAT points into, while it has one.
   */
  networkId?: string;
  isSourceNat: boolean;
  /** Allocating → Allocated; Releasing while a release runs; Error when the acquisition failed. */
  state: string;
  /** Static NAT (CloudStack's isstaticnat, virtualmachineid, vmipaddress). */
  isStaticNat: boolean;
  virtualMachineId?: string;
  vmIpAddress?: string;
}

declare module "../../records" {
  interface FamilyRecords {
    publicIps: PublicIpRec;
  }
}
