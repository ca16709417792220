// Lookup functions for programs: find zones, templates, offerings, regions and the account's own records by
// name (or id) instead of hard-coding ids, and read the user's allowances. Plain async functions that run in
// the program's process, one module per family; what they share (client, cache, region, picking one record
// with the candidates listed on a miss) is core.ts.
export type { Preferences } from "../../provider/client";
export * from "./audit";
export * from "./backups";
export * from "./catalogue";
export * from "./comments";
export {
  clearLookupCache,
  LookupError,
  type LookupQuery,
  type LookupRegionOptions,
  type OfInstanceFilter,
  type OfInstanceQuery,
} from "./core";
export * from "./fileSystems";
// not warnOfFailedRegions: the native lookup's own (registry.ts), no program's
export {
  getInstanceGroup,
  getInstanceGroups,
  type InstanceGroupInfo,
  type InstanceGroupList,
  type InstanceGroupsOptions,
  type RegionFailure,
} from "./instanceGroups";
export * from "./instanceSchedules";
export * from "./instances";
export * from "./kubernetes";
export * from "./multiRegions";
export * from "./networking";
export * from "./organizations";
export * from "./projects";
export type {
  AclList,
  BackupOffering,
  ComputeOffering,
  DiskOffering,
  Image,
  Invitation,
  KubernetesVersion,
  Membership,
  MultiRegionMember,
  MultiRegionQuota,
  MyLimits,
  NetworkOffering,
  OsType,
  Region,
  Tenant,
  VpcOffering,
  Zone,
} from "./records";
export * from "./regions";
export * from "./snapshots";
