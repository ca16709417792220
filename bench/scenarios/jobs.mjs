// Job waiting: polls per job and detection lag (job due → waiter returned) over a spread of job durations,
// for the client's waiter with its default schedule (first check after 1 s, then every 2–3 s) and for the
// reference schedules, all waiting on the same jobs at the same time. Each job is a real instance deploy on
// the emulator, whose duration is set per job through PUT /_emulator/job-timing just before its create.
// Each nominal duration d runs as d, d + 1/R s, …, d + (R-1)/R s (R replicates).
import { startApi } from "../lib/emulator.mjs";
import { fmt, markdown, max, mean, median, percentile, row } from "../lib/report.mjs";

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

export default {
  name: "jobs",
  describe: "job waiter: detection lag and polls per job vs backoff and fixed-interval schedules",
  async run({ quick, log }) {
    const durations = quick ? [500, 1000, 2000, 5000] : [500, 1000, 2000, 5000, 10_000, 20_000];
    const replicates = quick ? 2 : 10;
    const api = await startApi();
    try {
      const cat = await api.catalogue();
      const { client, control } = api;
      const waits = [];
      let n = 0;
      for (const d of durations) {
        for (let r = 0; r < replicates; r++) {
          // Phases: replicate r ends r/replicates of a second later, so job ends fall all over the poll
          // intervals instead of lining up with the first check at 1 s.
          await control.jobTiming({ latencyMs: d + Math.round((1000 * r) / replicates), jitterMs: 0 });
          const accepted = await client.instances.create({ ...cat, name: `jobs-${n++}` });
          const runs = runAll(client, accepted);
          runs.catch(() => {}); // awaited below; a failure there fails the scenario, not the process
          waits.push({ duration: d, jobId: accepted.jobId, runs });
        }
      }
      log(`  ${waits.length} jobs of ${durations.map((d) => d / 1000).join(", ")} s, 4 waiters each`);
      for (const w of waits) w.results = await w.runs;
      const { state } = await control.state();
      for (const w of waits) w.dueAtMs = state.jobs[w.jobId].dueAtMs;

      const strategies = ["default", ...Object.keys(REFERENCES)];
      const stats = {};
      for (const s of strategies) {
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
          label: s === "default" ? "client default: 1 s, then 2–3 s" : REFERENCES[s].label,
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
      for (const ref of ["backoff", "fixed3", "cloudstack"]) {
        rows.push(
          row({
            scenario: "jobs",
            metric: "median detection lag",
            figure: d.medianLagMs,
            reference: stats[ref].medianLagMs,
            refLabel: stats[ref].label,
            unit: "ms",
            ...(ref === "backoff" ? { target: "≤ 1 s", met: d.medianLagMs <= 1000 } : {}),
          }),
        );
      }
      for (const ref of ["backoff", "fixed3", "cloudstack"]) {
        rows.push(
          row({
            scenario: "jobs",
            metric: "polls per job",
            figure: d.pollsPerJob,
            reference: stats[ref].pollsPerJob,
            refLabel: stats[ref].label,
          }),
        );
      }
      rows.push(
        row({
          scenario: "jobs",
          metric: "shortest poll interval after the first check",
          figure: d.shortestIntervalAfterFirstMs,
          reference: 2000,
          refLabel: "spec: 2–3 s",
          unit: "ms",
          target: "≥ 2 s",
          met: d.shortestIntervalAfterFirstMs >= 2000,
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
        strategies.map((k) => {
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
      const perDuration = markdown(
        ["median lag (polls) by job duration", ...durations.map((ms) => `${ms / 1000} s`)],
        strategies.map((k) => [
          stats[k].label,
          ...durations.map((ms) => {
            const b = stats[k].byDuration[ms];
            return `${fmt(b.medianLagMs, "ms")} (${b.pollsPerJob.toFixed(1)})`;
          }),
        ]),
      );
      return {
        rows,
        tables: [
          `Jobs: ${waits.length} instance deploys (${replicates} per duration, ends spread over 1 s), each waited on by every schedule at once`,
          perStrategy,
          perDuration,
        ],
        details: { durationsMs: durations, replicates, jobs: waits.length, strategies: stats },
      };
    } finally {
      await api.close();
    }
  },
};

/** Starts every waiter on one accepted create; resolves with {strategy: {polls: [t], returnedAt}}. */
async function runAll(client, accepted) {
  const defaultPolls = [];
  const waiters = {
    default: client.jobs.wait(accepted, { onPoll: () => defaultPolls.push(Date.now()) }).then(() => ({
      polls: defaultPolls,
      returnedAt: Date.now(),
    })),
  };
  for (const [name, ref] of Object.entries(REFERENCES)) {
    waiters[name] = pollWith(client, accepted, ref.delay);
  }
  const names = Object.keys(waiters);
  const done = await Promise.all(Object.values(waiters));
  return Object.fromEntries(names.map((name, i) => [name, done[i]]));
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
