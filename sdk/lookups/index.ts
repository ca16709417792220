// Lookup functions for programs: find zones, templates, offerings, regions and the account's own records by
// name (or id) instead of hard-coding ids, and read the user's allowances. Plain async functions that run in
// the program's process, one module per family; what they share (client, cache, region, picking one record
// with the candidates listed on a miss) is core.ts.
export type {
  AclList,
  BackupOffering,
  ComputeOffering,
  DiskOffering,
  Iso,
  KubernetesVersion,
  MultiRegionQuota,
  MyLimits,
  NetworkOffering,
  Region,
  Template,
  VpcOffering,
  Zone,
} from "../../provider/client";
export * from "./catalogue";
export * from "./comments";
export { clearLookupCache, LookupError, type LookupQuery, type LookupRegionOptions } from "./core";
export * from "./kubernetes";
export * from "./networking";
export * from "./regions";
export * from "./snapshots";
