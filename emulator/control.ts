// Emulator-only control routes under /_emulator (service:admin): reset, counters, state dump, faults, clock,
// limits, users, zone capacity, regions and seeding records of any family for other users and regions.
import { randomUUID } from "node:crypto";
import { FAMILIES } from "./families";
import type { AnyFamily } from "./family";
import { fieldsOf } from "./handlers/views";
import { badRequest, type Ctx, notFound, ok, type RouteDef } from "./http";
import { JOB_MODES, type JobMode } from "./jobs";
import type { Owned } from "./records";
import type { Owner, Repository } from "./repository";
import { newUser } from "./seed";
import type { Runtime } from "./server";

type Obj = Record<string, unknown>;

function obj(ctx: Ctx): Obj {
  const b = ctx.body;
  if (typeof b !== "object" || b === null || Array.isArray(b)) throw badRequest("Body must be a JSON object");
  return b as Obj;
}

function num(b: Obj, key: string, min = 0): number | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v) || v < min)
    throw badRequest(`${key} must be a number ≥ ${min}`);
  return v;
}

/** Region ids or names → ids. */
function regionIds(rt: Runtime, v: unknown): string[] {
  if (!Array.isArray(v)) throw badRequest("regions must be an array of region ids or names");
  return v.map((x) => {
    const r = rt.store.state.regions.find((r) => r.id === x || r.name === x);
    if (!r) throw badRequest(`Unknown region ${String(x)}`);
    return r.id;
  });
}

export function controlRoutes(rt: Runtime): RouteDef[] {
  const { store, jobs, clock, faults, stats, quota } = rt;
  const route = (method: RouteDef["method"], path: string, handler: RouteDef["handler"]): RouteDef => ({
    method,
    path: `/_emulator${path}`,
    handler,
    scope: "admin",
  });
  const settle = () => {
    if (!clock.paused) jobs.settle();
  };

  return [
    route("POST", "/reset", () => {
      store.reset();
      jobs.rebuild();
      faults.clear();
      stats.reset();
      jobs.resetReadCounts();
      jobs.view.times = true;
      jobs.view.results = true;
      clock.reset();
      jobs.setMode(jobs.timing.mode); // mode "clock" holds the fresh clock again
      return ok({ reset: true });
    }),
    route("GET", "/requests", () => ok(stats.counters())),
    route("DELETE", "/requests", () => {
      stats.reset();
      jobs.resetReadCounts();
      return ok({});
    }),
    // Each job read since the counters were zeroed: how often, and how long after its end a read first showed it
    // ended (job clock), with its command: polls per job and detection lag as the server saw them.
    route("GET", "/requests/jobs", () => {
      settle();
      const all = store.state.jobs;
      const out = [];
      for (const [jobId, r] of jobs.readCounts()) {
        const job = all[jobId];
        if (!job) continue;
        out.push({
          jobId,
          ...fieldsOf(job, ["command", "resourceType", "status"]),
          reads: r.reads,
          durationMs: job.completedMs === undefined ? undefined : job.completedMs - job.createdMs,
          lagMs:
            r.seenEndedMs === undefined || job.completedMs === undefined
              ? undefined
              : r.seenEndedMs - job.completedMs,
        });
      }
      return ok(out);
    }),
    route("GET", "/requests/log", (ctx) => {
      const limit = Number(ctx.query.limit ?? 200);
      return ok(stats.recent(Number.isFinite(limit) && limit > 0 ? limit : 200));
    }),
    route("GET", "/state", () => {
      settle();
      return ok({
        clock: clock.describe(),
        jobTiming: jobs.timing,
        faults: faults.rules,
        state: store.state,
      });
    }),
    route("GET", "/faults", () => ok(faults.rules)),
    route("POST", "/faults", (ctx) => ok(faults.add(ctx.body))),
    route("DELETE", "/faults", () => {
      faults.clear();
      return ok({});
    }),
    route("DELETE", "/faults/{id}", (ctx) => {
      if (!faults.remove(ctx.params.id)) throw notFound(`Fault ${ctx.params.id} not found`);
      return ok({ id: ctx.params.id });
    }),
    route("GET", "/clock", () => ok(clock.describe())),
    route("POST", "/clock", (ctx) => {
      const b = obj(ctx);
      if (b.paused === true) clock.pause();
      if (b.paused === false) clock.resume();
      if (b.skewMs !== undefined) {
        if (typeof b.skewMs !== "number" || !Number.isFinite(b.skewMs))
          throw badRequest("skewMs must be a number of ms (negative: the server's clock is behind)");
        clock.skewMs = b.skewMs;
      }
      if (b.timeZone !== undefined) {
        if (typeof b.timeZone !== "string") throw badRequest("timeZone must be an IANA time zone name");
        try {
          clock.timeZone = b.timeZone;
        } catch (e) {
          throw badRequest((e as Error).message);
        }
      }
      const advance = num(b, "advanceMs");
      if (advance) clock.advance(advance);
      // An explicit advance settles what is due even while paused.
      if (advance !== undefined || !clock.paused) jobs.settle();
      return ok(clock.describe());
    }),
    route("GET", "/job-timing", () => ok(jobs.timing)),
    route("PUT", "/job-timing", (ctx) => {
      const b = obj(ctx);
      if (b.mode !== undefined && !JOB_MODES.includes(b.mode as JobMode)) {
        throw badRequest(`mode must be one of ${JOB_MODES.join(", ")}`);
      }
      jobs.timing.latencyMs = num(b, "latencyMs") ?? jobs.timing.latencyMs;
      jobs.timing.jitterMs = num(b, "jitterMs") ?? jobs.timing.jitterMs;
      jobs.timing.reads = num(b, "reads") ?? jobs.timing.reads;
      jobs.timing.expungeDelayMs = num(b, "expungeDelayMs") ?? jobs.timing.expungeDelayMs;
      if (b.mode !== undefined) jobs.setMode(b.mode as JobMode);
      return ok(jobs.timing);
    }),
    route("PUT", "/job-records", (ctx) => {
      const b = obj(ctx);
      for (const key of ["times", "results"] as const) {
        if (b[key] === undefined) continue;
        if (typeof b[key] !== "boolean") throw badRequest(`${key} must be true or false`);
        jobs.view[key] = b[key];
      }
      return ok(jobs.view);
    }),
    route("PUT", "/limits", (ctx) => {
      const b = obj(ctx);
      if (typeof b.sub !== "string" || !b.sub) throw badRequest("sub is required");
      const limits = quota.limitsOf(b.sub);
      for (const k of quota.limitNames) limits[k] = num(b, k) ?? limits[k];
      store.markDirty();
      return ok({ sub: b.sub, ...limits });
    }),
    route("POST", "/users", (ctx) => {
      const b = obj(ctx);
      if (typeof b.sub !== "string" || !b.sub) throw badRequest("sub is required");
      const existing = store.state.users[b.sub];
      const regions = b.regions === undefined ? undefined : regionIds(rt, b.regions);
      const user =
        existing ??
        newUser(
          b.sub,
          true,
          store.state.regions.map((r) => r.id),
        );
      if (typeof b.active === "boolean") user.active = b.active;
      if (typeof b.allowUserViewDestroyedVm === "boolean")
        user.allowUserViewDestroyedVm = b.allowUserViewDestroyedVm;
      if (typeof b.allowPublicUserTemplates === "boolean")
        user.allowPublicUserTemplates = b.allowPublicUserTemplates;
      if (regions) user.regionIds = regions;
      store.state.users[b.sub] = user;
      quota.limitsOf(b.sub);
      store.markDirty();
      return ok(user);
    }),
    route("PUT", "/zones/{id}", (ctx) => {
      const zone = store.state.zones.find((z) => z.id === ctx.params.id || z.name === ctx.params.id);
      if (!zone) throw notFound(`Zone ${ctx.params.id} not found`);
      zone.capacity = num(obj(ctx), "capacity") ?? zone.capacity;
      store.markDirty();
      return ok(zone);
    }),
    route("PUT", "/regions/{id}", (ctx) => {
      const region = store.state.regions.find((r) => r.id === ctx.params.id || r.name === ctx.params.id);
      if (!region) throw notFound(`Region ${ctx.params.id} not found`);
      const b = obj(ctx);
      if (typeof b.active === "boolean") region.active = b.active;
      if (b.primary === true) for (const r of store.state.regions) r.primary = r === region;
      if (b.primary === false) region.primary = false;
      store.markDirty();
      return ok(region);
    }),
    route("POST", "/seed", (ctx) => ok(seedRecords(rt, obj(ctx)))),
  ];
}

/**
 * POST /_emulator/seed: `{<family key>: [item, …], …}` makes records of any family that declares a seed, each for
 * `sub` (default user-1) in `regionId` (id or name, default the primary region), without that user's token.
 * Every item is checked by its family's own seed before any is kept, so a refused request seeds nothing.
 * Answers the new ids by family key, in the order given.
 */
function seedRecords(rt: Runtime, b: Obj): Record<string, string[]> {
  const { store, clock, data } = rt;
  const repos = data as unknown as Record<string, Repository<Owned>>;
  const now = new Date(clock.now()).toISOString();
  const primary = store.state.regions.find((r) => r.primary) ?? store.state.regions[0];
  const seedable = (FAMILIES as readonly AnyFamily[]).filter((f) => f.seed).map((f) => f.key);
  const planned: { key: string; owner: Owner; id: string; fields: object }[] = [];
  for (const [key, items] of Object.entries(b)) {
    const family = (FAMILIES as readonly AnyFamily[]).find((f) => f.key === key);
    if (!family?.seed) {
      const what = family ? `Family ${key} declares no seed` : `Unknown family ${key}`;
      throw badRequest(`${what}; seeded families: ${seedable.join(", ")}`);
    }
    if (!Array.isArray(items)) throw badRequest(`${key} must be an array of records`);
    items.forEach((item: unknown, i) => {
      if (typeof item !== "object" || item === null || Array.isArray(item))
        throw badRequest(`${key}[${i}] must be an object`);
      const { sub, regionId, ...fields } = item as Obj;
      if (sub !== undefined && (typeof sub !== "string" || !sub))
        throw badRequest(`${key}[${i}].sub must be a user`);
      const region = regionId === undefined ? primary.id : regionIds(rt, [regionId])[0];
      const owner: Owner = {
        account: sub ?? "user-1",
        regionId: region,
        regionName: store.state.regions.find((r) => r.id === region)?.name ?? region,
      };
      const id = randomUUID();
      // the owner's records so far, those planned in this request included (a name twice in one request is refused)
      const records = [
        ...repos[key].list(owner),
        ...planned
          .filter((p) => p.key === key && p.owner.account === owner.account && p.owner.regionId === region)
          .map((p) => p.fields as Owned),
      ];
      const user = store.state.users[owner.account];
      planned.push({ key, owner, id, fields: family.seed!(fields, { id, owner, user, records }) });
    });
  }
  const created: Record<string, string[]> = Object.fromEntries(Object.keys(b).map((k) => [k, []]));
  for (const p of planned) {
    repos[p.key].insert(p.owner, p.fields as never, now, p.id);
    created[p.key].push(p.id);
  }
  store.markDirty();
  return created;
}
