// The route table: the catalogue, jobs, every family's routes (from the registry: organization routes and the
// multi-region quota among them), generic tags, the audit trail, then the control routes. A new family adds its routes in its declaration.
import { controlRoutes } from "./control";
import { familyRoutes, genericTagTypes, taggableKinds } from "./families";
import { apiRoute as r } from "./family";
import { listAudit } from "./handlers/audit";
import * as catalogue from "./handlers/catalogue";
import { getJob, jobsInWindow, recentJobs } from "./handlers/jobs";
import { genericTagHandlers } from "./handlers/tags";
import type { RouteDef } from "./http";
import type { Runtime } from "./server";

const genericTags = genericTagHandlers(taggableKinds, genericTagTypes);

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

  // Families: every family of the registry (families/index.ts), with their tag and comment routes
  ...familyRoutes,

  // Generic tags
  r("GET", "/tags", genericTags.list),
  r("POST", "/tags", genericTags.add),
  r("DELETE", "/tags", genericTags.remove),

  // Account-wide reads (the organization routes, the only ones that accept X-Tenant-Context, and the
  // multi-region quota are their families' routes)
  r("GET", "/audit", listAudit, "user"),
];

export function routeTable(rt: Runtime): RouteDef[] {
  return [...apiRoutes, ...controlRoutes(rt)];
}
