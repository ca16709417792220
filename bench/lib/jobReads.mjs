// Requests and job checks of one operation, from the emulator's counters: requests per resource by route and
// kind, job checks (polls) per job by command, and the detection lag the server saw (a job's end → the first
// read that showed it ended).
import { mean, median, percentile } from "./report.mjs";

/** The kind a route belongs to, for requests per resource: instances, volumes, jobs, or the rest. */
export function routeKind(key) {
  const route = key.split(" ")[1] ?? "";
  if (route.startsWith("/api/v1/compute/instances")) return "instance";
  if (route.startsWith("/api/v1/volumes")) return "volume";
  if (route.startsWith("/api/v1/jobs")) return "job";
  return "other";
}

/**
 * What one operation cost the API: `counts` (the emulator's request counters), `jobs` (its per-job read
 * counts). Requests per instance count the instance routes and the checks of instance jobs; likewise volumes.
 */
export function operationFigures(counts, jobs, { instances, volumes }) {
  const byKind = { instance: 0, volume: 0, job: 0, other: 0 };
  let total = 0;
  for (const [key, n] of Object.entries(counts)) {
    byKind[routeKind(key)] += n;
    total += n;
  }
  const pollsOf = (type) => jobs.filter((j) => j.resourceType === type).reduce((n, j) => n + j.reads, 0);
  const lags = jobs.map((j) => j.lagMs).filter((x) => typeof x === "number");
  const byCommand = {};
  for (const j of jobs) {
    byCommand[j.command] ??= [];
    byCommand[j.command].push(j.reads);
  }
  return {
    total,
    perResource: total / (instances + volumes),
    perInstance: instances ? (byKind.instance + pollsOf("Instance")) / instances : undefined,
    perVolume: volumes ? (byKind.volume + pollsOf("Volume")) / volumes : undefined,
    jobs: jobs.length,
    pollsPerJob: jobs.length ? mean(jobs.map((j) => j.reads)) : undefined,
    pollsPerJobByCommand: Object.fromEntries(Object.entries(byCommand).map(([c, r]) => [c, mean(r)])),
    lagMs: lags.length
      ? { median: median(lags), p90: percentile(lags, 90), max: Math.max(...lags), jobs: lags.length }
      : undefined,
    lags,
  };
}
