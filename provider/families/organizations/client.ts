// Organizations (the spec's tenants): /api/v1/tenants/** and /api/v1/invitations, the only routes on which
// X-Tenant-Context (a membership id) may be sent. Every read here goes through the core's organization read
// (tenantGet, whose path type is an organization path), so the header cannot reach any other route. Reads only:
// organizations, memberships and invitations are managed in the console (emulator/README.md: CloudStack's
// domains, project accounts and project invitations).

import type { z } from "zod";
import type { CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { type TenantPath, tenantPath } from "../../client/paths";
import { type InputOf, optional, requestShape } from "../../client/requestShape";
import {
  type Invitation,
  InvitationSchema,
  type Membership,
  MembershipSchema,
  type Tenant,
  TenantSchema,
} from "./records";

/** The organization context of a read: a membership id of the caller (X-Tenant-Context). */
export interface TenantContext {
  tenantContext?: string;
}

export const invitationFilter = requestShape({
  /** Pending, Completed, Declined or Expired. */
  state: optional<string>(),
  tenantId: optional<string>(),
  /** Pending ones only. */
  activeOnly: optional<boolean>(),
});
export type InvitationFilter = InputOf<typeof invitationFilter>;

const INVITATIONS = "/api/v1/invitations" satisfies TenantPath;

export class Organizations extends Family {
  /** The caller's organizations; in an organization context, only that one. */
  list(o?: ListOptions & TenantContext): Paginator<Tenant> {
    return this.paged(tenantPath``, TenantSchema, o);
  }

  async listAll(o?: ListOptions & TenantContext): Promise<ListResult<Tenant>> {
    return this.list(o).all();
  }

  async get(tenantId: string, o?: CallOptions & TenantContext): Promise<Tenant> {
    return this.core.tenantGet(tenantPath`/${tenantId}`, TenantSchema, o);
  }

  /** The caller's memberships: their ids are the values X-Tenant-Context takes. */
  memberships(o?: ListOptions & TenantContext): Paginator<Membership> {
    return this.paged(tenantPath`/memberships`, MembershipSchema, o);
  }

  /** The members of an organization the caller belongs to. */
  members(tenantId: string, o?: ListOptions & TenantContext): Paginator<Membership> {
    return this.paged(tenantPath`/${tenantId}/members`, MembershipSchema, o);
  }

  /**
   * Invitations: to the caller in the personal context; with the context of an Admin membership, those the
   * organization sent.
   */
  invitations(o?: ListOptions & TenantContext & InvitationFilter): Paginator<Invitation> {
    const query = invitationFilter.pick(o ?? {});
    return this.paged(INVITATIONS, InvitationSchema, o, query);
  }

  private paged<T>(
    path: TenantPath,
    item: z.ZodType<T>,
    o: (ListOptions & TenantContext) | undefined,
    query?: Record<string, string | boolean | undefined>,
  ): Paginator<T> {
    const { tenantContext, ...options } = o ?? {};
    return new Paginator(this.core, { path, key: "content", item, options, query, tenantContext });
  }
}

export type * from "./records";
