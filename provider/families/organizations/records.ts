// The records of the organizations family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { int, str } from "../../client/records";

/** An organization the caller belongs to, with the caller's membership of it. */
export const TenantSchema = z.looseObject({
  id: z.string(),
  name: str(),
  description: str(),
  state: str(),
  owner: str(),
  /** The caller's membership: the value X-Tenant-Context carries. */
  membershipId: str(),
  role: str(),
  memberCount: int(),
  created: str(),
});
export type Tenant = z.output<typeof TenantSchema>;

/** A membership of an organization (the caller's, or a member of one the caller belongs to). */
export const MembershipSchema = z.looseObject({
  id: z.string(),
  tenantId: str(),
  tenantName: str(),
  user: str(),
  /** Admin or Regular. */
  role: str(),
  created: str(),
});
export type Membership = z.output<typeof MembershipSchema>;

/** An invitation to an organization: Pending, Completed (accepted), Declined or Expired. */
export const InvitationSchema = z.looseObject({
  id: z.string(),
  tenantId: str(),
  tenantName: str(),
  user: str(),
  invitedBy: str(),
  state: str(),
  created: str(),
});
export type Invitation = z.output<typeof InvitationSchema>;
