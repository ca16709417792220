// Emulator-only control routes under /_emulator (service:admin): reset, counters, state dump, faults, clock,
// limits, users, zone capacity, regions and seeding records for other users and regions (instance groups).
import { randomUUID } from "node:crypto";
import { badRequest, type Ctx, notFound, ok, type RouteDef } from "./http";
import { JOB_MODES, type JobMode } from "./jobs";
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
  const { store, jobs, clock, faults, stats, quota, data } = rt;
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
          command: job.command,
          resourceType: job.resourceType,
          status: job.status,
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
    route("POST", "/seed", (ctx) => {
      const b = obj(ctx);
      const created: { instanceGroups: string[] } = { instanceGroups: [] };
      const now = new Date(clock.now()).toISOString();
      const primary = store.state.regions.find((r) => r.primary) ?? store.state.regions[0];
      const items = (key: string) => (Array.isArray(b[key]) ? (b[key] as Obj[]) : []);
      /** Seeded records belong to `sub` (default user-1) in `regionId` (default the primary region). */
      const ownerOf = (x: Obj) => {
        const regionId = typeof x.regionId === "string" ? x.regionId : primary.id;
        const regionName = store.state.regions.find((r) => r.id === regionId)?.name ?? regionId;
        return { account: typeof x.sub === "string" ? x.sub : "user-1", regionId, regionName };
      };
      for (const g of items("instanceGroups")) {
        const id = randomUUID();
        data.instanceGroups.insert(
          ownerOf(g),
          { name: String(g.name ?? `group-${id.slice(0, 8)}`) },
          now,
          id,
        );
        created.instanceGroups.push(id);
      }
      store.markDirty();
      return ok(created);
    }),
  ];
}
