// Job waiting over a run: job checks (polls) per job and detection lag (job due → waiter returned) of every job
// of a run, its first ones included, for the client's waiter (with the job record's own times and without
// them) and for reference schedules. For each nominal duration d and each schedule, a run of M instance
// deploys goes through that schedule with the engine's parallelism (C at a time, the next when one ends) on a
// fresh history: the first C wait without history, the rest learn from them. Each deploy takes d plus up to
// 5 % of d, at most 0.5 s (the emulator's jitter, set per job through PUT /_emulator/job-timing just before
// its create): jobs of one command in one run take about as long as each other.
//
// The schedules:
//   - default: what the provider runs, `client.jobs.wait(accepted)` with no schedule option: the first check
//     learnt within the run (provider/client/firstCheck.ts), at once without history, then 2 s, then 2–3 s;
//   - without the job's own times: the same, on job records stripped of `created` / `completed` (the spec
//     does not promise them): it learns from its checks' bounds;
//   - no history: `adaptive: false` (at once, 2 s later, then every 2–3 s): what a run's first jobs get;
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
  backoff: { label: "1→15 s doubling backoff", delay: (k) => Math.min(15_000, 1000 * 2 ** (k - 1)) },
  fixed3: { label: "fixed 3 s", delay: () => 3000 },
  cloudstack: { label: "go-cloudstack: now, then +1 s … 15 s", delay: (k) => Math.min(15, k - 1) * 1000 },
};

const LABELS = {
  default: "client default (learnt within the run, with the job's times)",
  bounds: "client default, job records without their times",
  cold: "no history: at once, 2 s later, then 2–3 s",
  ...Object.fromEntries(Object.entries(REFERENCES).map(([k, r]) => [k, r.label])),
};
const STRATEGIES = Object.keys(LABELS);
/** How much longer than d a job of the run may take. */
const jitterOf = (d) => Math.min(500, Math.round(d / 20));

export default {
  name: "jobs",
  describe: "job waiter over a run (first jobs included): lag and checks per job, with and without job times",
  async run({ quick, log }) {
    const { JobDurations, waitForJob } = require(dist("provider", "client"));
    const durations = quick ? [500, 1000, 2000, 5000] : [500, 1000, 2000, 5000, 10_000, 20_000];
    const jobsPerRun = quick ? 24 : 64;
    const parallel = 8; // the CLI's default on 2 cores
    const api = await startApi();
    try {
      const cat = await api.catalogue();
      const { client, control } = api;
      let serial = 0;
      // The job timing is global in the emulator: set it and create under one lock.
      let lock = Promise.resolve();
      const submit = (d) => {
        const next = lock.then(async () => {
          await control.jobTiming({ latencyMs: d, jitterMs: jitterOf(d) });
          return client.instances.create({ ...cat, name: `jobs-${serial++}` });
        });
        lock = next.catch(() => {});
        return next;
      };
      /** One wait of a schedule on a fresh job; its checks' times and when it returned. */
      const waiters = (history) => ({
        default: (a, onPoll) => client.jobs.wait(a, { history, onPoll }),
        bounds: (a, onPoll) =>
          waitForJob(
            (signal) =>
              client.jobs
                .get(a.jobId, { region: a.region, signal })
                .then(({ created, completed, ...rest }) => rest),
            a.jobId,
            a.region,
            { command: "instance.deploy", history, onPoll },
          ),
        cold: (a, onPoll) => client.jobs.wait(a, { adaptive: false, onPoll }),
        ...Object.fromEntries(
          Object.entries(REFERENCES).map(([k, r]) => [
            k,
            (a, onPoll) => pollWith(client, a, r.delay, onPoll),
          ]),
        ),
      });
      const run = async (d, strategy) => {
        const wait = waiters(new JobDurations())[strategy];
        const out = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: parallel }, async () => {
            while (next < jobsPerRun) {
              const index = next++;
              const accepted = await submit(d);
              const polls = [];
              await wait(accepted, () => polls.push(Date.now()));
              out[index] = { jobId: accepted.jobId, index, polls, returnedAt: Date.now() };
            }
          }),
        );
        return out;
      };
      const runs = await Promise.all(
        durations.flatMap((d) => STRATEGIES.map(async (s) => ({ d, s, jobs: await run(d, s) }))),
      );
      const { state } = await control.dump();
      log(
        `  ${runs.length} runs of ${jobsPerRun} deploys (${parallel} at a time) over ${durations.map((d) => d / 1000).join(", ")} s`,
      );
      const stats = Object.fromEntries(STRATEGIES.map((s) => [s, summarize(runs, s, state, parallel)]));
      return {
        rows: rowsOf(stats),
        tables: tablesOf(stats, durations, jobsPerRun, parallel),
        details: { durationsMs: durations, jobsPerRun, parallel, strategies: stats },
      };
    } finally {
      await api.close();
    }
  },
};

function summarize(runs, strategy, state, parallel) {
  const all = [];
  const byDuration = {};
  for (const r of runs.filter((x) => x.s === strategy)) {
    for (const j of r.jobs) {
      const lag = j.returnedAt - state.jobs[j.jobId].dueAtMs;
      const gaps = j.polls.slice(1).map((t, i) => t - j.polls[i]);
      const one = { lag, polls: j.polls.length, gaps, first: j.index < parallel };
      all.push(one);
      byDuration[r.d] ??= [];
      byDuration[r.d].push(one);
    }
  }
  const lags = all.map((j) => j.lag);
  const gaps = all.flatMap((j) => j.gaps);
  return {
    label: LABELS[strategy],
    medianLagMs: median(lags),
    p90LagMs: percentile(lags, 90),
    maxLagMs: max(lags),
    firstWaveMedianLagMs: median(all.filter((j) => j.first).map((j) => j.lag)),
    pollsPerJob: mean(all.map((j) => j.polls)),
    shortestIntervalAfterFirstMs: gaps.length ? Math.min(...gaps) : undefined,
    byDuration: Object.fromEntries(
      Object.entries(byDuration).map(([d, js]) => [
        d,
        { medianLagMs: median(js.map((j) => j.lag)), pollsPerJob: mean(js.map((j) => j.polls)) },
      ]),
    ),
  };
}

function rowsOf(stats) {
  const rows = [];
  for (const [s, what] of [
    ["default", "with the job's times"],
    ["bounds", "without the job's times"],
  ]) {
    const t = stats[s];
    rows.push(
      row({
        scenario: "jobs",
        metric: `median detection lag over a run's jobs, first ones included (${what})`,
        figure: t.medianLagMs,
        reference: stats.fixed3.medianLagMs,
        refLabel: stats.fixed3.label,
        unit: "ms",
        target: "≤ 0.6 s",
        met: t.medianLagMs <= 600,
      }),
      row({
        scenario: "jobs",
        metric: `job checks per job (${what})`,
        figure: t.pollsPerJob,
        reference: stats.fixed3.pollsPerJob,
        refLabel: stats.fixed3.label,
        target: "≤ 3",
        met: t.pollsPerJob <= 3,
      }),
    );
  }
  for (const ref of ["cold", "backoff", "cloudstack"]) {
    rows.push(
      row({
        scenario: "jobs",
        metric: "median detection lag (with the job's times)",
        figure: stats.default.medianLagMs,
        reference: stats[ref].medianLagMs,
        refLabel: stats[ref].label,
        unit: "ms",
      }),
    );
  }
  const shortest = Math.min(
    ...["default", "bounds", "cold"].map(
      (s) => stats[s].shortestIntervalAfterFirstMs ?? Number.POSITIVE_INFINITY,
    ),
  );
  rows.push(
    row({
      scenario: "jobs",
      metric: "shortest interval between checks after the first (client, every schedule)",
      figure: Number.isFinite(shortest) ? shortest : undefined,
      reference: 2000,
      refLabel: "spec: 2–3 s",
      unit: "ms",
      target: "≥ 2 s",
      met: Number.isFinite(shortest) ? shortest >= 2000 : true,
    }),
  );
  return rows;
}

function tablesOf(stats, durations, jobsPerRun, parallel) {
  const perStrategy = markdown(
    [
      "schedule",
      "median lag",
      "p90 lag",
      "max lag",
      "first wave: median lag",
      "checks per job",
      "shortest interval after 1st",
    ],
    STRATEGIES.map((k) => {
      const t = stats[k];
      return [
        t.label,
        fmt(t.medianLagMs, "ms"),
        fmt(t.p90LagMs, "ms"),
        fmt(t.maxLagMs, "ms"),
        fmt(t.firstWaveMedianLagMs, "ms"),
        t.pollsPerJob.toFixed(2),
        fmt(t.shortestIntervalAfterFirstMs, "ms"),
      ];
    }),
  );
  const perDuration = markdown(
    [
      "median lag (checks per job) by job duration",
      ...durations.map((ms) => `${ms / 1000}–${(ms * 1.1) / 1000} s`),
    ],
    STRATEGIES.map((k) => [
      stats[k].label,
      ...durations.map((ms) => {
        const b = stats[k].byDuration[ms];
        return `${fmt(b.medianLagMs, "ms")} (${b.pollsPerJob.toFixed(1)})`;
      }),
    ]),
  );
  return [
    `Jobs: for each duration and schedule, a run of ${jobsPerRun} instance deploys, ${parallel} at a time, on a fresh history (the first ${parallel} without one)`,
    perStrategy,
    perDuration,
  ];
}

/** A plain reference poller: sleep delay(k), read the job, stop at success or error. Bounded to 60 checks. */
async function pollWith(client, accepted, delay, onPoll) {
  for (let k = 1; k <= 60; k++) {
    await sleep(delay(k));
    const job = await client.jobs.get(accepted.jobId, { region: accepted.region });
    onPoll();
    if (job.status === "success" || job.status === "error") return;
  }
  throw new Error(`job ${accepted.jobId} still running after 60 checks`);
}
