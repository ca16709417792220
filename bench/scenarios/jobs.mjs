// Job waiting: polls per job and detection lag (job due → waiter returned) over a spread of job durations,
// for the client's waiter and for reference schedules, all waiting on the same jobs at the same time. Each
// job is a real instance deploy on the emulator, whose duration is set per job through
// PUT /_emulator/job-timing just before its create. Each nominal duration d runs as d, d + 1/R s, …,
// d + (R-1)/R s (R replicates), so job ends fall all over the poll intervals.
//
// The schedules:
//   - default: what the provider runs, `client.jobs.wait(accepted)` with no schedule option: the adaptive
//     first check (provider/client/jobHistory.ts), at the time jobs of the same region and command took in
//     this process, then every 2–3 s. Measured after a warm-up: each duration has a history of its own
//     (injected with the `history` option; the provider keeps one per process), filled by a first batch of
//     R jobs of the same durations, as a provider process that has already waited on such deploys.
//   - adaptive without the job's own times: the same, on job records stripped of `created` / `completed`
//     (the spec does not promise them): the history learns from the poll bounds only.
//   - no history: `adaptive: false`, a first check at 1 s then every 2–3 s: what the default does for a
//     process's first jobs of a command, and the default before the adaptive first check.
//   - the references: a 1→15 s doubling backoff (Terraform CloudStack provider), a fixed 3 s poll, and
//     go-cloudstack's (now, then +1 s … 15 s).
import { createRequire } from "node:module";
import { startApi } from "../lib/emulator.mjs";
import { dist } from "../lib/paths.mjs";
import { fmt, markdown, max, mean, median, percentile, row } from "../lib/report.mjs";

const require = createRequire(import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Delay before check k (1-based) of each reference schedule. */
const REFERENCES = {
  backoff: {
    label: "1→15 s doubling backoff",
    delay: (k) => Math.min(15_000, 1000 * 2 ** (k - 1)),
  },
  fixed3: { label: "fixed 3 s", delay: () => 3000 },
  cloudstack: {
    label: "go-cloudstack: now, then +1 s … 15 s",
    delay: (k) => Math.min(15, k - 1) * 1000,
  },
};

const LABELS = {
  default: "client default: adaptive first check (warm history), then 2–3 s",
  bounds: "adaptive, job record's times hidden (poll bounds only), then 2–3 s",
  cold: "no history (before; a process's first jobs): 1 s, then 2–3 s",
  ...Object.fromEntries(Object.entries(REFERENCES).map(([k, r]) => [k, r.label])),
};
const STRATEGIES = Object.keys(LABELS);
const ADAPTIVE = ["default", "bounds"];

export default {
  name: "jobs",
  describe:
    "job waiter: detection lag and polls per job, adaptive vs no-history, backoff and fixed schedules",
  async run({ quick, log }) {
    const { JobDurations, durationKey, waitForJob } = require(dist("provider", "client"));
    const durations = quick ? [500, 1000, 2000, 5000] : [500, 1000, 2000, 5000, 10_000, 20_000];
    const replicates = quick ? 3 : 10;
    const api = await startApi();
    try {
      const cat = await api.catalogue();
      const { client, control } = api;
      let n = 0;
      // The job timing is global in the emulator: set it and create under one lock.
      let lock = Promise.resolve();
      const submit = (latencyMs) => {
        const next = lock.then(async () => {
          await control.jobTiming({ latencyMs, jitterMs: 0 });
          return client.instances.create({ ...cat, name: `jobs-${n++}` });
        });
        lock = next.catch(() => {});
        return next;
      };
      /** The adaptive waiter on records without the job's own times. */
      const waitBounds = (accepted, history, onPoll) =>
        waitForJob(
          (signal) =>
            client.jobs
              .get(accepted.jobId, { region: accepted.region, signal })
              .then(({ created, completed, ...rest }) => rest),
          accepted.jobId,
          accepted.region,
          { command: "instance.deploy", history, onPoll },
        );
      const key = durationKey(undefined, "instance.deploy");

      const groups = await Promise.all(
        durations.map(async (d) => {
          const history = { default: new JobDurations(), bounds: new JobDurations() };
          const latency = (r) => d + Math.round((1000 * r) / replicates);
          // Warm-up: one batch of the same durations, waited on by the two adaptive waiters.
          const warm = [];
          for (let r = 0; r < replicates; r++) {
            const accepted = await submit(latency(r));
            warm.push(
              Promise.all([
                client.jobs.wait(accepted, { history: history.default }),
                waitBounds(accepted, history.bounds),
              ]),
            );
          }
          await Promise.all(warm);
          const firstChecks = {
            default: history.default.firstDelay(key),
            bounds: history.bounds.firstDelay(key),
          };
          // Measured: every schedule on every job at once.
          const waits = [];
          for (let r = 0; r < replicates; r++) {
            const accepted = await submit(latency(r));
            const runs = runAll(client, accepted, history, waitBounds);
            runs.catch(() => {}); // awaited below; a failure there fails the scenario, not the process
            waits.push({ duration: d, jobId: accepted.jobId, runs });
          }
          for (const w of waits) w.results = await w.runs;
          return { d, waits, firstChecks };
        }),
      );
      const waits = groups.flatMap((g) => g.waits);
      log(
        `  ${waits.length} measured jobs of ${durations.map((d) => d / 1000).join(", ")} s (after ${waits.length} warm-up jobs), ${STRATEGIES.length} waiters each`,
      );
      const { state } = await control.dump();
      for (const w of waits) w.dueAtMs = state.jobs[w.jobId].dueAtMs;

      const stats = {};
      for (const s of STRATEGIES) {
        const lags = [];
        const polls = [];
        const gaps = [];
        const byDuration = {};
        for (const w of waits) {
          const res = w.results[s];
          const lag = res.returnedAt - w.dueAtMs;
          lags.push(lag);
          polls.push(res.polls.length);
          for (let i = 1; i < res.polls.length; i++) gaps.push(res.polls[i] - res.polls[i - 1]);
          byDuration[w.duration] ??= { lags: [], polls: [] };
          const b = byDuration[w.duration];
          b.lags.push(lag);
          b.polls.push(res.polls.length);
        }
        stats[s] = {
          label: LABELS[s],
          medianLagMs: median(lags),
          p90LagMs: percentile(lags, 90),
          maxLagMs: max(lags),
          pollsPerJob: mean(polls),
          shortestIntervalAfterFirstMs: gaps.length ? Math.min(...gaps) : undefined,
          byDuration: Object.fromEntries(
            Object.entries(byDuration).map(([d, b]) => [
              d,
              { medianLagMs: median(b.lags), pollsPerJob: mean(b.polls) },
            ]),
          ),
        };
      }
      const d = stats.default;
      const rows = [];
      for (const ref of ["backoff", "fixed3", "cloudstack", "cold"]) {
        rows.push(
          row({
            scenario: "jobs",
            metric: "median detection lag (default: adaptive, warm)",
            figure: d.medianLagMs,
            reference: stats[ref].medianLagMs,
            refLabel: ref === "cold" ? "no history: 1 s, then 2–3 s" : stats[ref].label,
            unit: "ms",
            ...(ref === "backoff" ? { target: "≤ 1 s", met: d.medianLagMs <= 1000 } : {}),
          }),
        );
      }
      rows.push(
        row({
          scenario: "jobs",
          metric: "median detection lag, adaptive without the job's own times",
          figure: stats.bounds.medianLagMs,
          reference: stats.cold.medianLagMs,
          refLabel: "no history: 1 s, then 2–3 s",
          unit: "ms",
        }),
      );
      for (const ref of ["backoff", "fixed3", "cloudstack", "cold"]) {
        rows.push(
          row({
            scenario: "jobs",
            metric: "polls per job (default: adaptive, warm)",
            figure: d.pollsPerJob,
            reference: stats[ref].pollsPerJob,
            refLabel: ref === "cold" ? "no history: 1 s, then 2–3 s" : stats[ref].label,
          }),
        );
      }
      const shortest = Math.min(
        ...["default", "bounds", "cold"]
          .map((s) => stats[s].shortestIntervalAfterFirstMs)
          .filter((x) => x !== undefined),
      );
      rows.push(
        row({
          scenario: "jobs",
          metric: "shortest poll interval after the first check (client, every schedule)",
          figure: Number.isFinite(shortest) ? shortest : undefined,
          reference: 2000,
          refLabel: "spec: 2–3 s",
          unit: "ms",
          target: "≥ 2 s",
          met: Number.isFinite(shortest) ? shortest >= 2000 : true,
        }),
      );
      const perStrategy = markdown(
        [
          "schedule",
          "median lag",
          "p90 lag",
          "max lag",
          "polls per job",
          "shortest interval after 1st check",
        ],
        STRATEGIES.map((k) => {
          const t = stats[k];
          return [
            t.label,
            fmt(t.medianLagMs, "ms"),
            fmt(t.p90LagMs, "ms"),
            fmt(t.maxLagMs, "ms"),
            t.pollsPerJob.toFixed(1),
            fmt(t.shortestIntervalAfterFirstMs, "ms"),
          ];
        }),
      );
      const spreadMs = Math.round((1000 * (replicates - 1)) / replicates);
      const perDuration = markdown(
        [
          "median lag (polls) by job duration",
          ...durations.map((ms) => `${ms / 1000}–${(ms + spreadMs) / 1000} s`),
        ],
        [
          ...STRATEGIES.map((k) => [
            stats[k].label,
            ...durations.map((ms) => {
              const b = stats[k].byDuration[ms];
              return `${fmt(b.medianLagMs, "ms")} (${b.pollsPerJob.toFixed(1)})`;
            }),
          ]),
          ...ADAPTIVE.map((k) => [
            `first check after the warm-up: ${k === "default" ? "default" : "times hidden"}`,
            ...groups.map((g) => fmt(g.firstChecks[k], "ms")),
          ]),
        ],
      );
      return {
        rows,
        tables: [
          `Jobs: ${waits.length} instance deploys (${replicates} per duration, ends spread over 1 s, after a warm-up batch of the same), each waited on by every schedule at once`,
          perStrategy,
          perDuration,
        ],
        details: {
          durationsMs: durations,
          replicates,
          jobs: waits.length,
          warmUpJobs: waits.length,
          firstChecksAfterWarmUp: Object.fromEntries(groups.map((g) => [g.d, g.firstChecks])),
          strategies: stats,
        },
      };
    } finally {
      await api.close();
    }
  },
};

/** Starts every waiter on one accepted create; resolves with {strategy: {polls: [t], returnedAt}}. */
async function runAll(client, accepted, history, waitBounds) {
  // Each check's time is taken when its answer is in (as for the references).
  const track = () => {
    const polls = [];
    return { polls, onPoll: () => polls.push(Date.now()) };
  };
  const done = (t) => () => ({ polls: t.polls, returnedAt: Date.now() });
  const t = { default: track(), bounds: track(), cold: track() };
  const waiters = {
    default: client.jobs
      .wait(accepted, { history: history.default, onPoll: t.default.onPoll })
      .then(done(t.default)),
    bounds: waitBounds(accepted, history.bounds, t.bounds.onPoll).then(done(t.bounds)),
    cold: client.jobs.wait(accepted, { adaptive: false, onPoll: t.cold.onPoll }).then(done(t.cold)),
  };
  for (const [name, ref] of Object.entries(REFERENCES)) {
    waiters[name] = pollWith(client, accepted, ref.delay);
  }
  const names = Object.keys(waiters);
  const results = await Promise.all(Object.values(waiters));
  return Object.fromEntries(names.map((name, i) => [name, results[i]]));
}

/** A plain reference poller: sleep delay(k), read the job, stop at success or error. Bounded to 60 checks. */
async function pollWith(client, accepted, delay) {
  const polls = [];
  for (let k = 1; k <= 60; k++) {
    await sleep(delay(k));
    const job = await client.jobs.get(accepted.jobId, { region: accepted.region });
    polls.push(Date.now());
    if (job.status === "success" || job.status === "error") return { polls, returnedAt: Date.now() };
  }
  throw new Error(`job ${accepted.jobId} still running after 60 checks`);
}
