// Data the service keeps itself, all synchronous: organizations (the spec's tenants) with their memberships and
// invitations, the only routes that accept X-Tenant-Context (scope "tenant"); projects; the user's preferences.
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as p from "./projects";
import * as t from "./tenants";

export const tenants = defineFamily({
  key: "tenants",
  label: "Tenant",
  resourceType: "Tenant",
  routes: [
    r("GET", "/tenants/my-limits", t.myLimits, "tenant"),
    ...collection("/tenants", t, { item: "tenantId", scope: "tenant" }),
  ],
});

export const tenantMemberships = defineFamily({
  key: "tenantMemberships",
  label: "Membership",
  routes: [
    r("GET", "/tenants/memberships", t.listMemberships, "tenant"),
    r("GET", "/tenants/{tenantId}/members", t.listMembers, "tenant"),
  ],
});

export const tenantInvitations = defineFamily({
  key: "tenantInvitations",
  label: "Invitation",
  routes: [
    r("POST", "/tenants/{tenantId}/invitations", t.inviteUser, "tenant"),
    ...collection("/invitations", t.invitations, { scope: "tenant" }),
  ],
});

export const projects = defineFamily({
  key: "projects",
  label: "Project",
  resourceType: "Project",
  routes: [
    ...collection("/projects", p),
    r("GET", "/preferences", p.getPreferences, "user"),
    r("PUT", "/preferences", p.updatePreferences, "user"),
  ],
  seed: p.seed,
  taggedAs: [{ type: "Project" }],
});
