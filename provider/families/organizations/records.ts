// The records of the organizations family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, str } from "../../client/records";

/** An organization the caller belongs to, with the caller's membership of it. */
export const TenantSchema = z
  .looseObject({
    id: z.string().describe("The organization's id."),
    name: str().describe("The organization's name."),
    description: str().describe("The organization's description (empty when none was given)."),
    state: str().describe("The organization's state, as the API gives it (e.g. `Active`)."),
    owner: str().describe("The user who made the organization."),
    membershipId: str().describe("The id of the caller's membership of the organization: the value the `X-Tenant-Context` header carries."),
    role: str().describe("The caller's role in the organization: `Admin` or `Regular`."),
    memberCount: int().describe("How many members the organization has."),
    created: str().describe("When the organization was made (an ISO 8601 date-time)."),
  })
  .describe("An organization the caller belongs to, with the caller's membership of it.");
export type Tenant = z.output<typeof TenantSchema>;

/** A membership of an organization (the caller's, or a member of one the caller belongs to). */
export const MembershipSchema = z
  .looseObject({
    id: z.string().describe("The membership's id: the value the `X-Tenant-Context` header carries."),
    tenantId: str().describe("The id of the organization (`cim.getTenant`)."),
    tenantName: str().describe("The name of the organization."),
    user: str().describe("The member: the user the membership is of."),
    role: str().describe("The member's role in the organization: `Admin` or `Regular`."),
    created: str().describe("When the user became a member (an ISO 8601 date-time)."),
  })
  .describe("A membership of an organization: the caller's, or another member's of an organization the caller belongs to.");
export type Membership = z.output<typeof MembershipSchema>;

/** An invitation to an organization: Pending, Completed (accepted), Declined or Expired. */
export const InvitationSchema = z
  .looseObject({
    id: z.string().describe("The invitation's id."),
    tenantId: str().describe("The id of the organization the invitation is to (`cim.getTenant`)."),
    tenantName: str().describe("The name of the organization the invitation is to."),
    user: str().describe("The invited user."),
    invitedBy: str().describe("The user who sent the invitation (an `Admin` of the organization)."),
    state: str().describe("`Pending`, `Completed` (accepted: the user is a member), `Declined` or `Expired` (left pending too long)."),
    created: str().describe("When the invitation was sent (an ISO 8601 date-time)."),
  })
  .describe("An invitation of a user to an organization, and what became of it.");
export type Invitation = z.output<typeof InvitationSchema>;
