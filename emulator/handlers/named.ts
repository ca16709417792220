// What networks and VPCs share (CloudStack's network resources): read one, list the caller's with exact
// filters, rename by query parameters (synchronous, as updateNetwork / updateVPC), delete (a job) refused while
// something still depends on the record, and restart (a job that leaves the state as it was).
import { type Ctx, conflict, ok } from "../http";
import type { Owned } from "../records";
import type { Repository } from "../repository";
import { audited, isoNow, paging, passThrough, stateJob } from "./common";
import { query, renameByQuery, str } from "./input";

interface NamedRec extends Owned {
  name: string;
  state: string;
}

export interface NamedFamily<D, R extends NamedRec> {
  resourceType: string;
  /** CloudStack's list key (the pass-through collection). */
  listKey: string;
  repo: (ctx: Ctx<D>) => Repository<R>;
  /** The caller's record, one it may change. */
  find: (ctx: Ctx<D>, id: string) => R;
  /** The record a read may see (defaults to `find`). */
  read?: (ctx: Ctx<D>, id: string) => R;
  view: (ctx: Ctx<D>, r: R) => object;
  /** Query parameters that filter the list by the field of the same name. */
  filters: (keyof R & string)[];
  /** What still depends on the record (their ids) and the refusal naming how many; delete waits for none. */
  dependents: (ctx: Ctx<D>, r: R) => { ids: string[]; refusal: (n: number) => string; detail: string };
  commands: { delete: string; restart: string };
  /** The path parameter of the restart route. */
  restartParam: string;
}

export function namedHandlers<D, R extends NamedRec>(f: NamedFamily<D, R>) {
  const job = (ctx: Ctx<D>, r: R, command: string, interim: string, failDetail?: string) =>
    stateJob(ctx, f.repo(ctx), r, { resourceType: f.resourceType, command, interim, failDetail });
  return {
    job,
    get: (ctx: Ctx<D>) => ok(f.view(ctx, (f.read ?? f.find)(ctx, ctx.params.id))),
    list(ctx: Ctx<D>) {
      const q = query(ctx);
      const wanted = f.filters.map((k) => [k, str(q, k)] as const);
      const rows = f
        .repo(ctx)
        .list(ctx.owner)
        .filter((r) => wanted.every(([k, v]) => !v || r[k] === v));
      return ok(passThrough(f.listKey, rows, paging(ctx), (r) => f.view(ctx, r)));
    },
    update(ctx: Ctx<D>) {
      const r = f.find(ctx, ctx.params.id);
      f.repo(ctx).update(r, renameByQuery(ctx) as Partial<R>, isoNow(ctx));
      return ok(f.view(ctx, r), audited(f.resourceType, r.id));
    },
    delete(ctx: Ctx<D>) {
      const r = f.find(ctx, ctx.params.id);
      f.repo(ctx).idle(r);
      const d = f.dependents(ctx, r);
      if (d.ids.length) throw conflict(d.refusal(d.ids.length), `${d.detail}=${d.ids.join(",")}`);
      return job(ctx, r, f.commands.delete, "Destroying");
    },
    restart(ctx: Ctx<D>) {
      const r = f.find(ctx, ctx.params[f.restartParam]);
      f.repo(ctx).idle(r);
      return job(ctx, r, f.commands.restart, r.state);
    },
  };
}
