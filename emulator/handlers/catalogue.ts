// Catalogue reads (bare arrays): regions, zones, OS types and the offering lists. Templates and ISOs, the
// seeded ones with those accounts register, are the images family's (./images.ts).
import { type Ctx, ok } from "../http";
import { zoneOf } from "./common";
import { query, str } from "./input";
import { fieldsOf } from "./views";

const inRegion = <T extends { regionId: string }>(ctx: Ctx, list: T[]) =>
  list.filter((x) => x.regionId === ctx.region.id);

/** The emulator's own route: the spec names none that lists regions, and X-Region-Context needs their ids. */
export function listRegions(ctx: Ctx) {
  return ok(ctx.store.state.regions.map(({ id, name, primary, active }) => ({ id, name, primary, active })));
}

export function listZones(ctx: Ctx) {
  return ok(
    inRegion(ctx, ctx.store.state.zones).map(({ id, name, regionId, capacity, defaultNetworkId }) => ({
      id,
      name,
      regionId,
      capacity,
      defaultNetworkId,
    })),
  );
}

/**
 * GET /os-types: the guest OS types a template or ISO names (CloudStack's listOsTypes), a bare array like the other
 * catalogue reads; the same in every region. `description` (CloudStack's) is also given as `name`, the key every
 * other catalogue row is looked up by.
 */
export function listOsTypes(ctx: Ctx) {
  return ok(
    ctx.store.state.osTypes.map((o) => ({
      id: o.id,
      name: o.description,
      ...fieldsOf(o, ["description", "osCategory"]),
    })),
  );
}

/** zoneId is accepted and has no effect, as the spec says: filter client-side. */
export function listComputeOfferings(ctx: Ctx) {
  return ok(
    inRegion(ctx, ctx.store.state.computeOfferings).map((o) => ({
      ...fieldsOf(o, ["id", "name", "cpuNumber", "cpuSpeed", "memory"]),
      // State written before the flag existed lacks it: scaling was allowed then.
      dynamicScalingEnabled: o.dynamicScalingEnabled !== false,
    })),
  );
}

export function listDiskOfferings(ctx: Ctx) {
  return ok(
    inRegion(ctx, ctx.store.state.diskOfferings).map(({ id, name, diskSizeGb, customized }) => ({
      id,
      name,
      diskSizeGb,
      customized,
    })),
  );
}

export function listNetworkOfferings(ctx: Ctx) {
  return ok(
    inRegion(ctx, ctx.store.state.networkOfferings).map(({ id, name, forVpc, internalLb }) => ({
      id,
      name,
      forVpc,
      // the Lb service's scheme: Internal (an internal load balancer's tier) or Public
      internalLb: internalLb === true,
    })),
  );
}

export function listVpcOfferings(ctx: Ctx) {
  return ok(inRegion(ctx, ctx.store.state.vpcOfferings).map(({ id, name }) => ({ id, name })));
}

/**
 * CloudStack's listBackupOfferings, as a bare array like the other offering lists; `zoneId` and `name` filter
 * (exact). A caller who is not an admin sees only offerings that allow user-driven backups, as in CloudStack.
 */
export function listBackupOfferings(ctx: Ctx) {
  const q = query(ctx);
  const zoneId = str(q, "zoneId");
  const name = str(q, "name");
  return ok(
    inRegion(ctx, ctx.store.state.backupOfferings)
      .filter(
        (o) => o.allowUserDrivenBackups && (!zoneId || o.zoneId === zoneId) && (!name || o.name === name),
      )
      .map((o) => ({
        ...fieldsOf(o, ["id", "name", "description"]),
        ...zoneOf(ctx.store, o),
        ...fieldsOf(o, ["provider", "allowUserDrivenBackups"]),
      })),
  );
}
