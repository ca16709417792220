// The route table: every API route of the emulator, in one place, and the job effects by command.
// New families (public IPs, load balancers, ACL rules, Kubernetes clusters) add their rows here.
import { controlRoutes } from "./control";
import { listAudit } from "./handlers/audit";
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  updateSchedule,
} from "./handlers/backups";
import * as catalogue from "./handlers/catalogue";
import { commentHandlers } from "./handlers/comments";
import {
  deleteInstance,
  instanceJobEffects,
  rebootInstance,
  scaleInstance,
  startInstance,
  stopInstance,
  updateInstance,
} from "./handlers/instanceActions";
import { createInstance, deployEffect } from "./handlers/instances";
import { getInstance, instanceSummary, listAllInstances, listInstances } from "./handlers/instanceView";
import { getJob, jobsInWindow, recentJobs } from "./handlers/jobs";
import { getFileSystem, listInstanceGroups } from "./handlers/misc";
import * as networks from "./handlers/networks";
import type { KindName } from "./handlers/resources";
import { addGenericTags, deleteGenericTags, listGenericTags, tagHandlers } from "./handlers/tags";
import { listInvitations, multiRegionQuota, myLimits, myTenants } from "./handlers/tenants";
import * as volumes from "./handlers/volumes";
import * as vpcs from "./handlers/vpcs";
import type { Handler, Method, RouteDef, Scope } from "./http";
import type { JobEffect } from "./jobs";
import type { Runtime } from "./server";

const API = "/api/v1";

function r(method: Method, path: string, handler: Handler, scope: Scope = "region"): RouteDef {
  return { method, path: API + path, handler, scope };
}

/** GET/POST/DELETE /<collection>/{id}/tags. */
function tagRoutes(collection: string, kind: KindName): RouteDef[] {
  const h = tagHandlers(kind);
  return [
    r("GET", `${collection}/{id}/tags`, h.list),
    r("POST", `${collection}/{id}/tags`, h.add),
    r("DELETE", `${collection}/{id}/tags`, h.remove),
  ];
}

/** Comments: add and list on the resource, visibility by annotation id; delete exists on volumes only. */
function commentRoutes(collection: string, kind: KindName): RouteDef[] {
  const h = commentHandlers(kind);
  const routes = [
    r("POST", `${collection}/{id}/annotations`, h.add),
    r("GET", `${collection}/{id}/annotations`, h.list),
    r("PUT", `${collection}/annotations/{annotationId}/visibility`, h.visibility),
  ];
  if (kind === "volumes") routes.push(r("DELETE", `${collection}/annotations/{annotationId}`, h.remove));
  return routes;
}

export const apiRoutes: RouteDef[] = [
  // Catalogue
  r("GET", "/regions", catalogue.listRegions, "user"),
  r("GET", "/zones", catalogue.listZones),
  r("GET", "/templates", catalogue.listTemplates),
  r("GET", "/isos", catalogue.listIsos),
  r("GET", "/offerings/compute", catalogue.listComputeOfferings),
  r("GET", "/offerings/disk", catalogue.listDiskOfferings),
  r("GET", "/offerings/network", catalogue.listNetworkOfferings),
  r("GET", "/offerings/vpc", catalogue.listVpcOfferings),

  // Jobs
  r("GET", "/jobs/recent", recentJobs),
  r("GET", "/jobs/{jobId}", getJob),
  r("GET", "/jobs", jobsInWindow),

  // Instances
  r("POST", "/compute/instances", createInstance),
  r("GET", "/compute/instances", listInstances),
  r("GET", "/compute/instances/all", listAllInstances),
  r("GET", "/compute/instances/summary", instanceSummary),
  r("GET", "/compute/instances/{id}", getInstance),
  r("PUT", "/compute/instances/{id}", updateInstance),
  r("DELETE", "/compute/instances/{id}", deleteInstance),
  r("POST", "/compute/instances/{id}/start", startInstance),
  r("POST", "/compute/instances/{id}/stop", stopInstance),
  r("POST", "/compute/instances/{id}/reboot", rebootInstance),
  r("POST", "/compute/instances/{id}/restart", rebootInstance), // deprecated alias, same handler
  r("POST", "/compute/instances/{id}/scale", scaleInstance),
  ...tagRoutes("/compute/instances", "instances"),

  // Volumes
  r("POST", "/volumes", volumes.createVolume),
  r("GET", "/volumes", volumes.listVolumes),
  r("GET", "/volumes/{id}", volumes.getVolume),
  r("DELETE", "/volumes/{id}", volumes.deleteVolume),
  r("POST", "/volumes/{id}/attach", volumes.attachVolume),
  r("POST", "/volumes/{id}/detach", volumes.detachVolume),
  r("POST", "/volumes/{id}/resize", volumes.resizeVolume),
  ...tagRoutes("/volumes", "volumes"),
  ...commentRoutes("/volumes", "volumes"),

  // VPCs and ACL lists
  r("POST", "/vpcs", vpcs.createVpc),
  r("GET", "/vpcs", vpcs.listVpcs),
  r("GET", "/vpcs/{id}", vpcs.getVpc),
  r("PUT", "/vpcs/{id}", vpcs.updateVpc),
  r("DELETE", "/vpcs/{id}", vpcs.deleteVpc),
  r("POST", "/vpcs/{vpcId}/restart", vpcs.restartVpc),
  r("GET", "/vpcs/{vpcId}/acl-lists", vpcs.listVpcAcls),
  r("GET", "/network-acls", vpcs.listNetworkAcls),
  ...tagRoutes("/vpcs", "vpcs"),
  ...commentRoutes("/vpcs", "vpcs"),

  // Networks
  r("POST", "/networks", networks.createNetwork),
  r("GET", "/networks", networks.listNetworks),
  r("GET", "/networks/{id}", networks.getNetwork),
  r("PUT", "/networks/{id}", networks.updateNetwork),
  r("DELETE", "/networks/{id}", networks.deleteNetwork),
  r("POST", "/networks/{id}/restart", networks.restartNetwork),
  ...tagRoutes("/networks", "networks"),
  ...commentRoutes("/networks", "networks"),

  // Families with routes and no resources yet
  ...tagRoutes("/public-ips", "publicIps"),
  ...commentRoutes("/public-ips", "publicIps"),
  ...tagRoutes("/compute/kubernetes/clusters", "clusters"),
  ...commentRoutes("/compute/kubernetes/clusters", "clusters"),

  // Generic tags
  r("GET", "/tags", listGenericTags),
  r("POST", "/tags", addGenericTags),
  r("DELETE", "/tags", deleteGenericTags),

  // Backup schedules
  r("POST", "/backups/schedules", createSchedule),
  r("GET", "/backups/schedules", listSchedules),
  r("GET", "/backups/schedules/{id}", getSchedule),
  r("PUT", "/backups/schedules/{id}", updateSchedule),
  r("DELETE", "/backups/schedules/{id}", deleteSchedule),

  // Account-wide reads
  r("GET", "/audit", listAudit, "user"),
  r("GET", "/multi-regions/quota", multiRegionQuota, "user"),
  r("GET", "/instance-groups", listInstanceGroups, "user"),
  r("GET", "/filesystems/{id}", getFileSystem),

  // Organization scope: the only routes that accept X-Tenant-Context
  r("GET", "/tenants/my-limits", myLimits, "tenant"),
  r("GET", "/tenants", myTenants, "tenant"),
  r("GET", "/invitations", listInvitations, "tenant"),
];

export const jobEffects: Record<string, JobEffect> = {
  deployVirtualMachine: deployEffect,
  ...instanceJobEffects,
  ...volumes.volumeJobEffects,
  ...vpcs.vpcJobEffects,
  ...networks.networkJobEffects,
};

export function routeTable(rt: Runtime): RouteDef[] {
  return [...apiRoutes, ...controlRoutes(rt)];
}
