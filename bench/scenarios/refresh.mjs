// Refresh: `pulumi refresh` of N existing instances in one region. Figures: API requests by route (the
// emulator's counters, zeroed just before) and wall time. References: one GET per resource (N requests, what
// a provider without batched reads sends) and the refresh of the same number of no-op probes (engine floor).
import { startApi, summarize } from "../lib/emulator.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { markdown, median, row } from "../lib/report.mjs";

/** Setup runs (not measured) may poll jobs fast; measured runs never do. */
export const FAST_POLLS = { CIM_POLL_INTERVAL_MS: "50" };

export default {
  name: "refresh",
  describe: "refresh of N existing instances: requests by route and wall time vs one GET per resource",
  async run({ quick, log }) {
    const sizes = quick ? [50, 100] : [200, 500];
    const api = await startApi();
    const rows = [];
    const details = [];
    const inst = newStack("refresh-instance");
    const probe = newStack("refresh-probe");
    try {
      const cat = await api.catalogue();
      for (const n of sizes) {
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
        // Three rounds; wall times are medians, request counts are the first round's (the others are in
        // the details and should match).
        const rounds = [];
        for (let i = 0; i < 3; i++) {
          await api.control.resetRequests();
          const [r] = await runSteps({ stack: inst, envVars: api.envVars, steps: [{ op: "refresh" }] });
          const counts = await api.control.requests();
          const [p] = await runSteps({ stack: probe, envVars: api.envVars, steps: [{ op: "refresh" }] });
          if ((r.summary?.same ?? 0) !== n + 1) {
            throw new Error(`refresh of ${n} reported ${JSON.stringify(r.summary)}`);
          }
          rounds.push({ r, p, counts });
        }
        const counts = rounds[0].counts;
        const r = { ms: median(rounds.map((x) => x.r.ms)), providerPeakRssMb: rounds[0].r.providerPeakRssMb };
        const p = { ms: median(rounds.map((x) => x.p.ms)), providerPeakRssMb: rounds[0].p.providerPeakRssMb };
        const s = summarize(counts);
        log(
          `  N=${n}: ${s.total} requests (${s.listCalls} list, ${s.singleGets} single GETs); ` +
            `${rounds.map((x) => x.r.ms).join(", ")} ms (probes ${rounds.map((x) => x.p.ms).join(", ")} ms)`,
        );
        const headline = n === sizes.at(-1);
        rows.push(
          row({
            scenario: "refresh",
            metric: `refresh, N=${n}: API requests`,
            figure: s.total,
            reference: n,
            refLabel: "one GET per resource",
          }),
          row({
            scenario: "refresh",
            metric: `refresh, N=${n}: instance list calls`,
            figure: s.listCalls,
            ...(headline ? { target: "≤ 10", met: s.listCalls <= 10 } : {}),
          }),
          row({
            scenario: "refresh",
            metric: `refresh, N=${n}: wall time`,
            figure: r.ms,
            reference: p.ms,
            refLabel: "refresh of N Probes",
            unit: "ms",
          }),
        );
        details.push({
          n,
          requests: counts,
          ...s,
          ms: r.ms,
          probeMs: p.ms,
          rounds: rounds.map((x) => ({ ms: x.r.ms, probeMs: x.p.ms, requests: summarize(x.counts).total })),
          providerPeakRssMb: { instance: r.providerPeakRssMb, probe: p.providerPeakRssMb },
        });
      }
    } finally {
      await runSteps({ stack: inst, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await runSteps({ stack: probe, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await api.close();
    }
    const routes = [...new Set(details.flatMap((d) => Object.keys(d.requests)))].sort();
    const byRoute = markdown(
      ["refresh: requests by route", ...details.map((d) => `N=${d.n}`)],
      [
        ...routes.map((r) => [r, ...details.map((d) => String(d.requests[r] ?? 0))]),
        ["one GET per resource (reference)", ...details.map((d) => String(d.n))],
      ],
    );
    return { rows, tables: [byRoute], details };
  },
};
