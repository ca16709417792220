// The route table: the catalogue, jobs, every family's routes (from the registry), generic tags, account-wide
// reads and organization routes, then the control routes. A new family adds its routes in its declaration.
import { controlRoutes } from "./control";
import { familyRoutes, taggableKinds } from "./families";
import { apiRoute as r } from "./family";
import { listAudit } from "./handlers/audit";
import * as catalogue from "./handlers/catalogue";
import { getJob, jobsInWindow, recentJobs } from "./handlers/jobs";
import { genericTagHandlers } from "./handlers/tags";
import { listInvitations, multiRegionQuota, myLimits, myTenants } from "./handlers/tenants";
import type { RouteDef } from "./http";
import type { Runtime } from "./server";

const genericTags = genericTagHandlers(taggableKinds);

export const apiRoutes: RouteDef[] = [
  // Catalogue
  r("GET", "/regions", catalogue.listRegions, "user"),
  r("GET", "/zones", catalogue.listZones),
  r("GET", "/os-types", catalogue.listOsTypes),
  r("GET", "/offerings/compute", catalogue.listComputeOfferings),
  r("GET", "/offerings/disk", catalogue.listDiskOfferings),
  r("GET", "/offerings/network", catalogue.listNetworkOfferings),
  r("GET", "/offerings/vpc", catalogue.listVpcOfferings),
  r("GET", "/offerings/backup", catalogue.listBackupOfferings),

  // Jobs
  r("GET", "/jobs/recent", recentJobs),
  r("GET", "/jobs/{jobId}", getJob),
  r("GET", "/jobs", jobsInWindow),

  // Families: instances, volumes, VPCs, networks, public IPs, clusters, backup schedules, read-only families
  ...familyRoutes,

  // Generic tags
  r("GET", "/tags", genericTags.list),
  r("POST", "/tags", genericTags.add),
  r("DELETE", "/tags", genericTags.remove),

  // Account-wide reads
  r("GET", "/audit", listAudit, "user"),
  r("GET", "/multi-regions/quota", multiRegionQuota, "user"),

  // Organization scope: the only routes that accept X-Tenant-Context
  r("GET", "/tenants/my-limits", myLimits, "tenant"),
  r("GET", "/tenants", myTenants, "tenant"),
  r("GET", "/invitations", listInvitations, "tenant"),
];

export function routeTable(rt: Runtime): RouteDef[] {
  return [...apiRoutes, ...controlRoutes(rt)];
}
