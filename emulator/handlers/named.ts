// What networks and VPCs share (CloudStack's network resources): their view around their own fields, read one,
// list the caller's with exact filters, rename by query parameters (synchronous, as updateNetwork / updateVPC),
// delete (a job, which fails while something still depends on the record), and restart (a job that leaves the
// state as it was).
import { type Ctx, ok } from "../http";
import type { Tagged } from "../records";
import type { Repository } from "../repository";
import { audited, isoNow, paging, passThrough, refusedInJob, stateJob, zoneOf } from "./common";
import { query, renameByQuery, str } from "./input";
import { commentedView, fieldsOf } from "./views";

interface NamedRec extends Tagged {
  name: string;
  displayText: string;
  zoneId: string;
  networkDomain: string;
  state: string;
}

export interface NamedFamily<D, R extends NamedRec> {
  /** CloudStack's list key (the pass-through collection). */
  listKey: string;
  repo: (ctx: Ctx<D>) => Repository<R>;
  /** The caller's record, one it may change (default: the caller's record in the routed region). */
  find?: (ctx: Ctx<D>, id: string) => R;
  /** The record a read may see (defaults to `find`). */
  read?: (ctx: Ctx<D>, id: string) => R;
  /** What the record shows of its own, between its zone and its network domain. */
  shows: (ctx: Ctx<D>, r: R) => object;
  /** Query parameters that filter the list by the field of the same name. */
  filters: (keyof R & string)[];
  /**
   * Why the delete's job fails, in CloudStack's words, while something still depends on the record; undefined
   * when nothing does. CloudStack checks this in the job (deleteNetwork, deleteVPC are asynchronous commands), so
   * the request is accepted either way and the record keeps its state.
   */
  heldBy: (ctx: Ctx<D>, r: R) => string | undefined;
  commands: { delete: string; restart: string };
  /** The path parameter of the restart route. */
  restartParam: string;
}

export function namedHandlers<D, R extends NamedRec>(f: NamedFamily<D, R>) {
  const find = f.find ?? ((ctx: Ctx<D>, id: string) => f.repo(ctx).find(ctx.owner, id));
  /** The record as CloudStack's NetworkResponse and VpcResponse both show it, around the family's own fields. */
  const view = (ctx: Ctx<D>, r: R) => ({
    ...fieldsOf(r, ["id", "name", "displayText"]),
    ...zoneOf(ctx.store, r),
    ...f.shows(ctx, r),
    ...fieldsOf(r, ["networkDomain", "state"]),
    ...commentedView(ctx, r),
  });
  const job = (ctx: Ctx<D>, r: R, command: string, interim: string, failDetail?: string) =>
    stateJob(ctx, f.repo(ctx), r, { command, interim, failDetail });
  return {
    job,
    get: (ctx: Ctx<D>) => ok(view(ctx, (f.read ?? find)(ctx, ctx.params.id))),
    list(ctx: Ctx<D>) {
      const q = query(ctx);
      const wanted = f.filters.map((k) => [k, str(q, k)] as const);
      const rows = f
        .repo(ctx)
        .list(ctx.owner)
        .filter((r) => wanted.every(([k, v]) => !v || r[k] === v));
      return ok(passThrough(f.listKey, rows, paging(ctx), (r) => view(ctx, r)));
    },
    update(ctx: Ctx<D>) {
      const r = find(ctx, ctx.params.id);
      f.repo(ctx).update(r, renameByQuery(ctx) as Partial<R>, isoNow(ctx));
      return ok(view(ctx, r), audited(f.repo(ctx).resourceType, r.id));
    },
    remove(ctx: Ctx<D>) {
      const r = find(ctx, ctx.params.id);
      f.repo(ctx).idle(r);
      const held = f.heldBy(ctx, r);
      return held === undefined
        ? job(ctx, r, f.commands.delete, "Destroying")
        : refusedInJob(ctx, f.repo(ctx), r, { command: f.commands.delete, failDetail: held });
    },
    restart(ctx: Ctx<D>) {
      const r = find(ctx, ctx.params[f.restartParam]);
      f.repo(ctx).idle(r);
      return job(ctx, r, f.commands.restart, r.state);
    },
  };
}
