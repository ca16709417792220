// VPCs' records (CloudStack's VpcVO with its default ACL lists).
import type { Tagged } from "../../records";

export interface AclList {
  id: string;
  name: string;
  description: string;
}

export interface VpcRec extends Tagged {
  name: string;
  displayText: string;
  zoneId: string;
  cidr: string;
  vpcOfferingId: string;
  networkDomain: string;
  state: string;
  aclLists: AclList[];
}

declare module "../../records" {
  interface FamilyRecords {
    vpcs: VpcRec;
  }
}
