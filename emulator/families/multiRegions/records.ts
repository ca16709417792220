// Multi-region groups and their members.
import type { Owned } from "../../records";

/**
 * A multi-region group (the spec's /multi-regions): VPCs of several regions joined into one. Kept in the region
 * its create was routed to, like every record; its members name VPCs of any region of the account. States follow
 * CloudStack's closest concept, the global load-balancer rule (GlobalLoadBalancerRule.State): Active, and Revoke
 * while its delete job runs.
 */
export interface MultiRegionGroupRec extends Owned {
  name: string;
  description: string;
  state: string;
}

/**
 * A VPC's membership of a multi-region group (CloudStack's GlobalLoadBalancerLbRuleMapVO, the GSLB rule's
 * member map), kept in the group's region. `vpcRegionId` is the VPC's own region (the body's `regionId`).
 * States: Add (its join job runs), Active, Revoke (its removal job runs), Error (the join failed).
 */
export interface MultiRegionMemberRec extends Owned {
  groupId: string;
  vpcId: string;
  vpcRegionId: string;
  state: string;
}

declare module "../../records" {
  interface FamilyRecords {
    multiRegionGroups: MultiRegionGroupRec;
    multiRegionMembers: MultiRegionMemberRec;
  }
}
