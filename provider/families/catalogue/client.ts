// Catalogue reads: regions, zones, templates, ISOs, offerings, limits and quota. Mostly bare arrays, read once
// (not paged). Region-scoped except where noted.

import type { CallOptions } from "../../client/core";
import { Family } from "../../client/family";
import { readOnce } from "../../client/pagination";
import { apiPath, tenantPath } from "../../client/paths";
import { type Iso, IsoSchema, type Template, TemplateSchema } from "../images/records";
import {
  type BackupOffering,
  BackupOfferingSchema,
  type ComputeOffering,
  ComputeOfferingSchema,
  type DiskOffering,
  DiskOfferingSchema,
  type KubernetesVersion,
  KubernetesVersionSchema,
  type MultiRegionQuota,
  MultiRegionQuotaSchema,
  type MyLimits,
  MyLimitsSchema,
  type NetworkOffering,
  NetworkOfferingSchema,
  type OsType,
  OsTypeSchema,
  type Region,
  RegionSchema,
  type VpcOffering,
  VpcOfferingSchema,
  type Zone,
  ZoneSchema,
} from "./records";

export class Catalogue extends Family {
  /** The regions (not region-scoped: no X-Region-Context). */
  async regions(o?: CallOptions): Promise<Region[]> {
    return (
      await readOnce(this.core, {
        path: apiPath`/regions`,
        key: "regions",
        item: RegionSchema,
        options: o,
        scope: "global",
      })
    ).items;
  }

  async zones(o?: CallOptions): Promise<Zone[]> {
    return (await readOnce(this.core, { path: apiPath`/zones`, key: "zones", item: ZoneSchema, options: o }))
      .items;
  }

  async templates(o?: CallOptions): Promise<Template[]> {
    return (
      await readOnce(this.core, {
        path: apiPath`/templates`,
        key: "templates",
        item: TemplateSchema,
        options: o,
      })
    ).items;
  }

  async isos(o?: CallOptions): Promise<Iso[]> {
    return (await readOnce(this.core, { path: apiPath`/isos`, key: "isos", item: IsoSchema, options: o }))
      .items;
  }

  /** Guest OS types (CloudStack's listOsTypes), for a template's or ISO's osTypeId: a bare array. */
  async osTypes(o?: CallOptions): Promise<OsType[]> {
    const spec = { path: apiPath`/os-types`, key: ["ostype", "osTypes"], item: OsTypeSchema, options: o };
    return (await readOnce(this.core, spec)).items;
  }

  /**
   * Compute offerings (the /compute view, the one for a deploy form). The API ignores zoneId, so the filter
   * is applied here, to rows that name a zone; rows without a zone are available everywhere.
   */
  async computeOfferings(filter: { zoneId?: string } = {}, o?: CallOptions): Promise<ComputeOffering[]> {
    const spec = {
      path: apiPath`/offerings/compute`,
      query: { zoneId: filter.zoneId },
      key: "offerings",
      item: ComputeOfferingSchema,
    };
    const rows = (await readOnce(this.core, { ...spec, options: o })).items;
    return filter.zoneId ? rows.filter((r) => r.zoneId === undefined || r.zoneId === filter.zoneId) : rows;
  }

  async diskOfferings(o?: CallOptions): Promise<DiskOffering[]> {
    return (
      await readOnce(this.core, {
        path: apiPath`/offerings/disk`,
        key: "offerings",
        item: DiskOfferingSchema,
        options: o,
      })
    ).items;
  }

  async networkOfferings(o?: CallOptions): Promise<NetworkOffering[]> {
    const spec = {
      path: apiPath`/offerings/network`,
      key: "offerings",
      item: NetworkOfferingSchema,
      options: o,
    };
    return (await readOnce(this.core, spec)).items;
  }

  /** Backup offerings (per zone; CloudStack's listBackupOfferings), optionally of one zone. */
  async backupOfferings(filter: { zoneId?: string } = {}, o?: CallOptions): Promise<BackupOffering[]> {
    const spec = {
      path: apiPath`/offerings/backup`,
      query: { zoneId: filter.zoneId },
      key: ["backupoffering", "offerings"],
      item: BackupOfferingSchema,
    };
    const rows = (await readOnce(this.core, { ...spec, options: o })).items;
    // filtered here too: an API that ignores zoneId (as it does for compute offerings) must not widen it
    return filter.zoneId ? rows.filter((r) => r.zoneId === undefined || r.zoneId === filter.zoneId) : rows;
  }

  /** Kubernetes releases clusters can run (CloudStack's listKubernetesSupportedVersions), a bare array. */
  async kubernetesVersions(o?: CallOptions): Promise<KubernetesVersion[]> {
    const spec = {
      path: apiPath`/compute/kubernetes/versions`,
      key: ["kubernetessupportedversion", "versions"],
      item: KubernetesVersionSchema,
      options: o,
    };
    return (await readOnce(this.core, spec)).items;
  }

  async vpcOfferings(o?: CallOptions): Promise<VpcOffering[]> {
    return (
      await readOnce(this.core, {
        path: apiPath`/offerings/vpc`,
        key: "offerings",
        item: VpcOfferingSchema,
        options: o,
      })
    ).items;
  }

  /**
   * GET /tenants/my-limits: whether an allowance ceiling is near. An organization route, so it alone may
   * carry X-Tenant-Context (a membership id).
   */
  async myLimits(o?: CallOptions & { tenantContext?: string }): Promise<MyLimits> {
    return this.core.tenantGet(tenantPath`/my-limits`, MyLimitsSchema, o);
  }

  /** GET /multi-regions/quota (not region-scoped). */
  async multiRegionQuota(o?: CallOptions): Promise<MultiRegionQuota> {
    return this.core.get(apiPath`/multi-regions/quota`, MultiRegionQuotaSchema, undefined, o, "global");
  }
}

export type * from "./records";
