// Instance groups (a multi-region read with regionErrors) and file systems, in the envelopes the spec shows.
import { type Ctx, notFound, ok } from "../http";
import { regionFromHeader } from "../regions";
import { paging } from "./common";

/** All regions of the user unless X-Region-Context picks one; regions without an account land in regionErrors. */
export function listInstanceGroups(ctx: Ctx) {
  const s = ctx.store.state;
  const picked = regionFromHeader(ctx.store, ctx.headers["x-region-context"]);
  const regions = picked ? [picked] : s.regions.filter((r) => r.active);
  const regionErrors: Record<string, string> = {};
  const groups: unknown[] = [];
  for (const region of regions) {
    if (!ctx.user.regionIds.includes(region.id)) {
      regionErrors[region.id] = `No account for user ${ctx.user.sub} in region ${region.name}`;
      continue;
    }
    for (const g of Object.values(s.instanceGroups)) {
      if (g.regionId === region.id && g.account === ctx.user.sub) {
        groups.push({ id: g.id, name: g.name, regionId: g.regionId, created: g.created });
      }
    }
  }
  return ok({ instancegroups: groups, count: groups.length, regionErrors });
}

export function getFileSystem(ctx: Ctx) {
  const fs = ctx.store.state.fileSystems[ctx.params.id];
  if (!fs || fs.regionId !== ctx.region.id || fs.account !== ctx.user.sub) {
    throw notFound(`File system ${ctx.params.id} not found in region ${ctx.region.name}`);
  }
  const { page, pageSize } = paging(ctx);
  const row = {
    id: fs.id,
    name: fs.name,
    zoneId: fs.zoneId,
    sizeGb: fs.sizeGb,
    state: fs.state,
    created: fs.created,
  };
  return ok({ count: 1, fileSystems: page === 1 ? [row] : [], page, pageSize });
}
