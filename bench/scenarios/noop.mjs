// No-op: `pulumi preview` and `pulumi up` of an unchanged stack of N instances. Figures: mutating API calls
// (anything but GET) and job polls (GET /api/v1/jobs/{jobId}) over three rounds, expected 0 and 0; wall time against the same
// operations on an unchanged stack of N no-op probes (engine floor).
import { startApi, summarize } from "../lib/emulator.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { median, row } from "../lib/report.mjs";
import { FAST_POLLS } from "./refresh.mjs";

export default {
  name: "noop",
  describe: "preview and up of an unchanged stack: mutating calls and job polls (expect 0 and 0)",
  async run({ quick, smoke, log }) {
    const n = smoke ? 2 : quick ? 10 : 50;
    const api = await startApi();
    const inst = newStack("noop-instance");
    const probe = newStack("noop-probe");
    const rows = [];
    const details = { n, ops: {} };
    try {
      const cat = await api.catalogue();
      log(`  creating ${n} instances and ${n} probes (setup)`);
      await runSteps({
        stack: inst,
        envVars: { ...api.envVars, ...FAST_POLLS },
        steps: [
          { op: "up", config: { "bench:spec": JSON.stringify({ kind: "instance", count: n, ...cat }) } },
        ],
      });
      await runSteps({
        stack: probe,
        envVars: api.envVars,
        steps: [{ op: "up", config: { "bench:spec": JSON.stringify({ kind: "probe", count: n }) } }],
      });
      // Three rounds, medians of wall time (runs of a few seconds are noisy); counts are the sums of the
      // rounds, so a single stray call shows.
      const rounds = smoke ? 1 : 3;
      for (const op of ["preview", "up"]) {
        const ms = [];
        const probeMs = [];
        const counts = {};
        const changed = [];
        for (let i = 0; i < rounds; i++) {
          await api.control.resetRequests();
          const [r] = await runSteps({ stack: inst, envVars: api.envVars, steps: [{ op }] });
          for (const [k, v] of Object.entries(await api.control.requests())) counts[k] = (counts[k] ?? 0) + v;
          changed.push(...Object.entries(r.summary ?? {}).filter(([k, v]) => k !== "same" && v > 0));
          ms.push(r.ms);
          const [p] = await runSteps({ stack: probe, envVars: api.envVars, steps: [{ op }] });
          probeMs.push(p.ms);
        }
        const s = summarize(counts);
        log(
          `  ${op} ×${rounds}: ${s.mutating} mutating, ${s.jobPolls} job polls, ${s.gets} GETs; ` +
            `${ms.join(", ")} ms (probes ${probeMs.join(", ")} ms)`,
        );
        rows.push(
          row({
            scenario: "noop",
            metric: `${op}, N=${n} unchanged: mutating calls`,
            figure: s.mutating,
            refLabel: "expected 0",
            target: "= 0",
            met: s.mutating === 0,
          }),
          row({
            scenario: "noop",
            metric: `${op}, N=${n} unchanged: job polls`,
            figure: s.jobPolls,
            refLabel: "expected 0",
            target: "= 0",
            met: s.jobPolls === 0,
          }),
          row({
            scenario: "noop",
            metric: `${op}, N=${n} unchanged: wall time`,
            figure: median(ms),
            reference: median(probeMs),
            refLabel: `${op} of N Probes`,
            unit: "ms",
          }),
        );
        details.ops[op] = { rounds, requests: counts, ...s, ms, probeMs, changed };
      }
    } finally {
      await runSteps({ stack: inst, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await runSteps({ stack: probe, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await api.close();
    }
    return { rows, details };
  },
};
