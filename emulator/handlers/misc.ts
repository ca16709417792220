// Instance groups (a multi-region read with regionErrors) and file systems, in the envelopes the spec shows.
import type { Repos } from "../family";
import { type Ctx, ok } from "../http";
import type { FileSystemRec, InstanceGroupRec } from "../records";
import { regionFromHeader } from "../regions";
import { paging } from "./common";

type MCtx = Ctx<Repos<{ instanceGroups: InstanceGroupRec; fileSystems: FileSystemRec }>>;

/** All regions of the user unless X-Region-Context picks one; regions without an account land in regionErrors. */
export function listInstanceGroups(ctx: MCtx) {
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
    const owner = { account: ctx.user.sub, regionId: region.id, regionName: region.name };
    for (const g of ctx.data.instanceGroups.list(owner)) {
      groups.push({ id: g.id, name: g.name, regionId: g.regionId, created: g.created });
    }
  }
  return ok({ instancegroups: groups, count: groups.length, regionErrors });
}

export function getFileSystem(ctx: MCtx) {
  const fs = ctx.data.fileSystems.find(ctx.owner, ctx.params.id);
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
