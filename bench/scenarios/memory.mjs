// Memory: peak resident set size (VmHWM) of the dynamic-provider process while it creates and then refreshes
// N instances, against the same for N no-op probes (the engine's own cost per resource in that process).
// The create runs with the real job-poll cadence, so N operations are in flight as they would be for a user.
import { startApi } from "../lib/emulator.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { row } from "../lib/report.mjs";

export default {
  name: "memory",
  describe: "peak RSS of the dynamic-provider process at N instances vs N probes",
  async run({ quick, log }) {
    const n = quick ? 100 : 500;
    const api = await startApi();
    const inst = newStack("memory-instance");
    const probe = newStack("memory-probe");
    try {
      const cat = await api.catalogue();
      const runs = {};
      for (const [kind, stack, spec] of [
        ["instance", inst, { kind: "instance", count: n, ...cat }],
        ["probe", probe, { kind: "probe", count: n }],
      ]) {
        const [up, refresh] = await runSteps({
          stack,
          envVars: api.envVars,
          steps: [{ op: "up", config: { "bench:spec": JSON.stringify(spec) } }, { op: "refresh" }],
        });
        if (up.summary?.create !== n + 1)
          throw new Error(`up of ${n} ${kind}s: ${JSON.stringify(up.summary)}`);
        runs[kind] = { up, refresh };
        log(
          `  ${kind}: up ${up.ms} ms, peak RSS ${up.providerPeakRssMb} MB; ` +
            `refresh ${refresh.ms} ms, peak RSS ${refresh.providerPeakRssMb} MB`,
        );
      }
      const rows = ["up", "refresh"].map((op) =>
        row({
          scenario: "memory",
          metric: `provider peak RSS, ${op} of N=${n}`,
          figure: runs.instance[op].providerPeakRssMb,
          reference: runs.probe[op].providerPeakRssMb,
          refLabel: "same op on N Probes",
          unit: "MB",
        }),
      );
      const details = {
        n,
        instance: pick(runs.instance),
        probe: pick(runs.probe),
      };
      return { rows, details };
    } finally {
      await runSteps({ stack: inst, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await runSteps({ stack: probe, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
      await api.close();
    }
  },
};

const pick = ({ up, refresh }) => ({
  up: { ms: up.ms, peakRssMb: up.providerPeakRssMb, providerPids: up.providerPids.length },
  refresh: {
    ms: refresh.ms,
    peakRssMb: refresh.providerPeakRssMb,
    providerPids: refresh.providerPids.length,
  },
});
