// Networks' records (CloudStack's NetworkVO).
import type { Tagged } from "../../records";

export interface NetworkRec extends Tagged {
  name: string;
  displayText: string;
  zoneId: string;
  networkOfferingId: string;
  vpcId?: string;
  gateway: string;
  netmask: string;
  cidr: string;
  state: string;
  /** Zone default networks are shared by every account and cannot be changed. */
  shared: boolean;
  /** A VPC tier's network ACL list (CloudStack's network_acl_id); absent for other networks. */
  aclId?: string;
  networkDomain: string;
}

declare module "../../records" {
  interface FamilyRecords {
    networks: NetworkRec;
  }
}
