// No-op: `pulumi preview` and `pulumi up` of an unchanged stack of N instances, on each provider path (the
// dynamic provider and the plugin, bench/lib/native.mjs). Figures: mutating API calls (anything but GET) and job
// polls (GET /api/v1/jobs/{jobId}) over three rounds, expected 0 and 0 on both; wall time against the same
// operations on an unchanged stack of N no-op probes (engine floor), and the plugin's against the dynamic path's;
// what one instance costs in each checkpoint on either path.
import { startApi, summarize } from "../lib/emulator.mjs";
import { checkpointBytesPerResource, PATHS, stateRow } from "../lib/native.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { median, row } from "../lib/report.mjs";
import { stateShape } from "../lib/state.mjs";
import { FAST_POLLS } from "./refresh.mjs";

export default {
  name: "noop",
  describe:
    "preview and up of an unchanged stack, dynamic provider and plugin: mutating calls and job polls (expect 0 and 0)",
  async run({ quick, smoke, log }) {
    const n = smoke ? 2 : quick ? 10 : 50;
    const api = await startApi();
    const stacks = Object.fromEntries(
      PATHS.map((p) => [p.key, newStack(`noop-instance-${p.key}`, { native: p.native })]),
    );
    const probe = newStack("noop-probe");
    const rows = [];
    const details = { n, ops: {}, state: {} };
    try {
      const cat = await api.catalogue();
      log(`  creating ${n} instances on each path and ${n} probes (setup)`);
      for (const p of PATHS) {
        const spec = { kind: "instance", count: n, ...cat, prefix: `noop-${p.key}` };
        const [, exported] = await runSteps({
          stack: stacks[p.key],
          envVars: { ...api.envVars, ...FAST_POLLS },
          steps: [{ op: "up", config: { "bench:spec": JSON.stringify(spec) } }, { op: "export" }],
        });
        details.state[p.key] = {
          ...stateShape(exported.deployment, "instance"),
          checkpointBytesPerResource: checkpointBytesPerResource(exported.deployment),
        };
      }
      await runSteps({
        stack: probe,
        envVars: api.envVars,
        steps: [{ op: "up", config: { "bench:spec": JSON.stringify({ kind: "probe", count: n }) } }],
      });
      // Three rounds, medians of wall time (runs of a few seconds are noisy); counts are the sums of the
      // rounds, so a single stray call shows. Each round runs the paths and the Probes one after the other.
      const rounds = smoke ? 1 : 3;
      for (const op of ["preview", "up"]) {
        const by = Object.fromEntries(
          PATHS.map((p) => [p.key, { ms: [], counts: {}, changed: [], providerPeakRssMb: [], cpuMs: [] }]),
        );
        const probeMs = [];
        for (let i = 0; i < rounds; i++) {
          for (const p of PATHS) {
            const b = by[p.key];
            await api.control.resetRequests();
            const [r] = await runSteps({ stack: stacks[p.key], envVars: api.envVars, steps: [{ op }] });
            for (const [k, v] of Object.entries(await api.control.requests()))
              b.counts[k] = (b.counts[k] ?? 0) + v;
            b.changed.push(...Object.entries(r.summary ?? {}).filter(([k, v]) => k !== "same" && v > 0));
            b.ms.push(r.ms);
            b.providerPeakRssMb.push(r.providerPeakRssMb);
            b.cpuMs.push(r.cpuMs);
          }
          const [pr] = await runSteps({ stack: probe, envVars: api.envVars, steps: [{ op }] });
          probeMs.push(pr.ms);
        }
        details.ops[op] = { rounds, probeMs };
        for (const p of PATHS) {
          const b = by[p.key];
          const s = summarize(b.counts);
          const on = p.native ? ", plugin" : "";
          log(
            `  ${op}${on} ×${rounds}: ${s.mutating} mutating, ${s.jobPolls} job polls, ${s.gets} GETs; ` +
              `${b.ms.join(", ")} ms (probes ${probeMs.join(", ")} ms)`,
          );
          rows.push(
            row({
              scenario: "noop",
              metric: `${op}${on}, N=${n} unchanged: mutating calls`,
              figure: s.mutating,
              refLabel: "expected 0",
              target: "= 0",
              met: s.mutating === 0,
            }),
            row({
              scenario: "noop",
              metric: `${op}${on}, N=${n} unchanged: job polls`,
              figure: s.jobPolls,
              refLabel: "expected 0",
              target: "= 0",
              met: s.jobPolls === 0,
            }),
            row({
              scenario: "noop",
              metric: `${op}${on}, N=${n} unchanged: wall time`,
              figure: median(b.ms),
              reference: median(probeMs),
              refLabel: `${op} of N Probes`,
              unit: "ms",
            }),
          );
          details.ops[op][p.key] = { ...b, requests: b.counts, ...s };
        }
        const [dyn, nat] = [median(by.dynamic.ms), median(by.native.ms)];
        rows.push(
          row({
            scenario: "noop",
            metric: `${op}, N=${n} unchanged: wall time on the plugin`,
            figure: nat,
            reference: dyn,
            refLabel: `${op} on the dynamic provider`,
            unit: "ms",
            target: "≤ 1×",
            met: nat <= dyn,
          }),
        );
      }
      rows.push(stateRow("noop", `N=${n}`, details.state));
    } finally {
      for (const stack of [...Object.values(stacks), probe])
        await runSteps({ stack, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await api.close();
    }
    return { rows, details };
  },
};
