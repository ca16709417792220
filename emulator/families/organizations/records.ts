// Data the service keeps itself: organizations, their memberships and invitations, projects.
import type { Owned } from "../../records";

/** A project (CloudStack's ProjectVO): a named grouping of the account's work, synchronous data of the service. */
export interface ProjectRec extends Owned {
  name: string;
  displayText: string;
  /** CloudStack's Project.State: Active, Disabled, Suspended. */
  state: string;
}

/**
 * An organization, the spec's tenant (CloudStack's closest concept: a domain, the unit that owns accounts).
 * `account` is the user who made it, `regionId` the region its create was routed to; it is not region-scoped:
 * members reach it from any region.
 */
export interface TenantRec extends Owned {
  name: string;
  description: string;
  /** Active or Inactive (CloudStack's Domain.State). */
  state: string;
}

/**
 * A user's membership of an organization (CloudStack's project account: listProjectAccounts' role Admin or
 * Regular). `account` is the member; its id is what X-Tenant-Context carries.
 */
export interface TenantMembershipRec extends Owned {
  tenantId: string;
  role: string;
}

/**
 * An invitation to an organization (CloudStack's ProjectInvitationVO): `account` is the admin who sent it,
 * `invitee` the user invited. State Pending until answered: Completed (accepted), Declined; Expired once it is
 * older than the invitation timeout (CloudStack's project.invite.timeout).
 */
export interface TenantInvitationRec extends Owned {
  tenantId: string;
  invitee: string;
  state: string;
  /** When it was sent, as an instant on the server's clock (its `created` is local time without offset). */
  sentMs?: number;
}

declare module "../../records" {
  interface FamilyRecords {
    tenants: TenantRec;
    tenantMemberships: TenantMembershipRec;
    tenantInvitations: TenantInvitationRec;
    projects: ProjectRec;
  }
}
