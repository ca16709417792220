// Organizations (the spec's tenants), memberships, invitations and the user's preferences: data the service
// keeps itself, not region-scoped, read afresh each time (it changes in the console while programs run). The
// organization routes are the only ones X-Tenant-Context reaches: `tenantContext` (a membership id, from
// getMemberships or a tenant's `membershipId`) is passed to them alone, by the client's construction.
import type { InvitationFilter, Preferences } from "../../provider/client";
import { asQuery, client, gated, type LookupQuery, pick } from "./core";
import type { Invitation, Membership, Tenant } from "./records";

/** The organization context of a read: one of the caller's membership ids. */
export interface TenantContextOptions {
  tenantContext?: string;
}

/** A read of the user's own organization data, reported once per process when its cause is shared. */
function read<T>(fn: (c: ReturnType<typeof client>["client"]) => Promise<T>): Promise<T> {
  const { client: c, key } = client();
  return gated(key, () => fn(c));
}

/**
 * The organizations the user belongs to (GET /api/v1/tenants), each with the user's `membershipId` and `role`;
 * with `tenantContext`, only that membership's organization.
 */
export async function getTenants(opts?: TenantContextOptions): Promise<Tenant[]> {
  return read(async (c) => (await c.organizations.listAll({ tenantContext: opts?.tenantContext })).items);
}

/** One of the user's organizations by name or id (a miss lists the candidates). */
export async function getTenant(query: (LookupQuery & TenantContextOptions) | string): Promise<Tenant> {
  const rows = await getTenants(asQuery(query));
  return pick(rows, typeof query === "string" ? query : { id: query.id, name: query.name }, "tenant", "");
}

/** The user's memberships (GET /api/v1/tenants/memberships): their ids are what `tenantContext` takes. */
export async function getMemberships(opts?: TenantContextOptions): Promise<Membership[]> {
  return read(async (c) => (await c.organizations.memberships(opts).all()).items);
}

/** The members of an organization the user belongs to (GET /api/v1/tenants/{id}/members), with their roles. */
export async function getTenantMembers(tenantId: string, opts?: TenantContextOptions): Promise<Membership[]> {
  return read(async (c) => (await c.organizations.members(tenantId, opts).all()).items);
}

/**
 * Invitations (GET /api/v1/invitations): those to the user; with the `tenantContext` of an Admin membership,
 * those the organization sent. Filters: `state` (Pending, Completed, Declined, Expired), `tenantId`,
 * `activeOnly` (Pending ones).
 */
export async function getInvitations(opts?: TenantContextOptions & InvitationFilter): Promise<Invitation[]> {
  return read(async (c) => (await c.organizations.invitations(opts).all()).items);
}

/** The signed-in user's console preferences (GET /api/v1/preferences): one object of text values. */
export async function getPreferences(): Promise<Preferences> {
  return read((c) => c.preferences.get());
}
