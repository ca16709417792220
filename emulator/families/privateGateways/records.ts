// Private gateways and static routes of a VPC.
import type { Owned } from "../../records";

/** CloudStack's VpcGatewayVO of type Private. */
export interface PrivateGatewayRec extends Owned {
  vpcId: string;
  zoneId: string;
  /** The VPC router's address on the private network (CloudStack's ip4Address). */
  ipAddress: string;
  gateway: string;
  netmask: string;
  /** The VLAN tag of the private network (its broadcast URI vlan://N). */
  vlan: number;
  sourceNatSupported: boolean;
  aclId: string;
  /** VpcGateway.State: Creating, Ready, Deleting. */
  state: string;
}

/** CloudStack's StaticRouteVO: a CIDR outside the VPC routed through a private gateway. */
export interface StaticRouteRec extends Owned {
  gatewayId: string;
  vpcId: string;
  cidr: string;
  /** StaticRoute.State: Add, Active, Revoke. */
  state: string;
}

declare module "../../records" {
  interface FamilyRecords {
    privateGateways: PrivateGatewayRec;
    staticRoutes: StaticRouteRec;
  }
}
