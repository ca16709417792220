// Create: `pulumi up` of N cim.Instance at an emulator job latency, against the engine floor: the same
// program of N Probes (tests/fixtures/probe.cjs, a no-op dynamic resource that waits delayMs = the job
// latency in create). Both run with the CLI's default parallelism and the provider's real job waiting (the
// adaptive first check: one provider process per `up`, so its first jobs wait without history and the rest
// learn from them). A third program, of N Probes padded to an instance's outputs (as many keys, about as many
// characters in state, the same serialized provider text and stack: `padding`), shows how much of the
// difference is the engine's cost for what an instance keeps in state (the CLI rewrites the checkpoint after
// each step, the host decodes every property on every call) and how much is the provider's own work.
// The emulator runs as its own process sharing the machine's CPUs with the client side (the program, the CLI and
// the provider), as a remote server's work would not: its CPU time is read from /proc and reported, and counts
// against the instances (nothing is subtracted). It is not pinned away as in scale: on a 2-core machine that
// would leave the client side one core for runs this short. Each case also reports the client side's CPU time
// (program + CLI + provider) against the Probes': these runs are CPU-bound at instant jobs.
// The same instances also go up on the plugin (`pulumi-cim/native`, bench/lib/native.mjs) in the same rounds
// (which path goes first alternates): its time against the Probes and against the dynamic path's, its CPU
// time, and what one instance costs in each checkpoint on either path.
import { startApi, summarize } from "../lib/emulator.mjs";
import { checkpointBytesPerResource, stateRow } from "../lib/native.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { fmt, row } from "../lib/report.mjs";
import { paddingFor, stateShape } from "../lib/state.mjs";

/** The targets: the ratio to the floor by N and job latency. */
const TARGETS = { "10/0": 1.3, "100/0": 1.2, "10/2000": 1.1, "100/2000": 1.1 };

export default {
  name: "create",
  describe: "up of N instances at job latency 0 and 2 s vs the same program of no-op probes",
  async run({ quick, smoke, log }) {
    const sizes = smoke ? [2] : quick ? [5, 20] : [10, 100];
    const latencies = smoke ? [0] : [0, 2000];
    const rows = [];
    const details = [];
    for (const latency of latencies) {
      for (const n of sizes) {
        const api = await startApi({ jobLatencyMs: latency, own: true });
        try {
          const cat = await api.catalogue();
          // Short cases (N=10, and N=100 at instant jobs: a few seconds each) repeat, alternating which goes
          // first, and report medians: single runs that short are dominated by CLI start-up noise (one run of
          // N=100 at instant jobs put padded over plain Probes, which no change touches, anywhere from 0.99x to
          // 1.18x).
          const repeats = smoke ? 1 : n <= 10 || latency === 0 ? 3 : 1;
          const probeRuns = [];
          const instRuns = [];
          const paddedRuns = [];
          const nativeRuns = [];
          let nativeState;
          let nativeCounts;
          let counts;
          let instState;
          let probeState;
          let paddedState;
          for (let i = 0; i < repeats; i++) {
            const probeFirst = i % 2 === 0;
            if (probeFirst) {
              const run = await upOnce(api, { kind: "probe", count: n, delayMs: latency }, !probeState);
              probeState ??= run.shape;
              probeRuns.push(run);
            }
            // The request counts are those of the last instance run on each path. Dropped stacks leave their
            // instances in the emulator, so each run has its own host names.
            const onPath = async (native) => {
              await api.control.resetRequests();
              const spec = { kind: "instance", count: n, ...cat, prefix: `${native ? "n" : "r"}${i}` };
              const run = await upOnce(api, spec, native ? !nativeState : !instState, native);
              if (native) {
                nativeRuns.push(run);
                nativeState ??= run.shape;
                nativeCounts = await api.control.requests();
              } else {
                instRuns.push(run);
                instState ??= run.shape;
                counts = await api.control.requests();
              }
            };
            await onPath(!probeFirst);
            await onPath(probeFirst);
            const padding = paddingFor(instState, probeState);
            const paddedRun = await upOnce(
              api,
              { kind: "probe", count: n, delayMs: latency, padding },
              !paddedState,
            );
            paddedState ??= paddedRun.shape;
            paddedRuns.push(paddedRun);
            if (!probeFirst) probeRuns.push(await upOnce(api, { kind: "probe", count: n, delayMs: latency }));
          }
          const probe = medianRun(probeRuns);
          const inst = medianRun(instRuns);
          const padded = medianRun(paddedRuns);
          const native = medianRun(nativeRuns);
          const s = summarize(counts);
          const sn = summarize(nativeCounts);
          log(
            `  N=${n}, job ${latency} ms: instances ${inst.ms} ms, probes ${probe.ms} ms, ` +
              `padded probes ${padded.ms} ms; ` +
              `${s.jobPolls} job polls, ${s.total} requests; client CPU ${clientCpuMs(inst)} vs ` +
              `${clientCpuMs(probe)} ms, emulator CPU ${inst.emulatorCpuMs} ms`,
          );
          log(
            `  N=${n}, job ${latency} ms, plugin: instances ${native.ms} ms; ${sn.jobPolls} job polls, ` +
              `${sn.total} requests; client CPU ${clientCpuMs(native)} ms, emulator CPU ${native.emulatorCpuMs} ms`,
          );
          const target = TARGETS[`${n}/${latency}`];
          rows.push(
            row({
              scenario: "create",
              metric: `up, N=${n}, job ${latency / 1000} s`,
              figure: inst.ms,
              reference: probe.ms,
              refLabel: "N Probes, same delay",
              unit: "ms",
              ...(target ? { target: `≤ ${target}×`, met: inst.ms / probe.ms <= target } : {}),
            }),
            row({
              scenario: "create",
              metric: `up on the plugin, N=${n}, job ${latency / 1000} s`,
              figure: native.ms,
              reference: probe.ms,
              refLabel: "N Probes, same delay",
              unit: "ms",
              ...(target ? { target: `≤ ${target}×`, met: native.ms / probe.ms <= target } : {}),
            }),
            row({
              scenario: "create",
              metric: `up on the plugin, N=${n}, job ${latency / 1000} s, against the dynamic provider`,
              figure: native.ms,
              reference: inst.ms,
              refLabel: "the same up on the dynamic provider",
              unit: "ms",
              target: "≤ 1×",
              met: native.ms <= inst.ms,
            }),
            stateRow("create", `up, N=${n}, job ${latency / 1000} s`, {
              dynamic: instState,
              native: nativeState,
            }),
            row({
              scenario: "create",
              metric: `up, N=${n}, job ${latency / 1000} s: one resource's state in each checkpoint (characters; its provider ${instState.providerChars})`,
              figure: instState.stateChars,
              reference: probeState.stateChars,
              refLabel: `a Probe's; a padded Probe's ${paddedState.stateChars}`,
              unit: "",
            }),
            row({
              scenario: "create",
              metric: `up, N=${n}, job ${latency / 1000} s: Probes padded to an instance's ${instState.outputs} outputs and state`,
              figure: padded.ms,
              reference: probe.ms,
              refLabel: "N Probes, same delay",
              unit: "ms",
            }),
            row({
              scenario: "create",
              metric: `up, N=${n}, job ${latency / 1000} s: CPU time of the program, the CLI and the provider`,
              figure: clientCpuMs(inst),
              reference: clientCpuMs(probe),
              refLabel: "N Probes, same delay",
              unit: "ms",
            }),
            row({
              scenario: "create",
              metric: `up on the plugin, N=${n}, job ${latency / 1000} s: CPU time of the program, the CLI and the plugin`,
              figure: clientCpuMs(native),
              reference: clientCpuMs(inst),
              refLabel: "the same on the dynamic provider",
              unit: "ms",
            }),
            row({
              scenario: "create",
              metric: `up, N=${n}, job ${latency / 1000} s: the emulator's CPU time (on the same CPUs; counted against the instances)`,
              figure: inst.emulatorCpuMs,
              refLabel: `${fmt(inst.emulatorCpuMs / n, "")} ms per instance`,
              unit: "ms",
            }),
          );
          details.push({
            n,
            jobLatencyMs: latency,
            repeats,
            instanceMs: inst.ms,
            probeMs: probe.ms,
            instanceRunsMs: instRuns.map((r) => r.ms),
            probeRunsMs: probeRuns.map((r) => r.ms),
            paddedProbeMs: padded.ms,
            paddedProbeRunsMs: paddedRuns.map((r) => r.ms),
            nativeMs: native.ms,
            nativeRunsMs: nativeRuns.map((r) => r.ms),
            nativeState,
            nativeRequests: nativeCounts,
            instState,
            probeState,
            paddedState,
            ratio: inst.ms / probe.ms,
            ratioToPadded: inst.ms / padded.ms,
            requests: counts,
            jobPollsPerInstance: s.jobPolls / n,
            requestsPerInstance: s.total / n,
            providerPeakRssMb: {
              instance: inst.providerPeakRssMb,
              native: native.providerPeakRssMb,
              probe: probe.providerPeakRssMb,
            },
            cpuMs: { instance: inst.cpuMs, native: native.cpuMs, probe: probe.cpuMs, padded: padded.cpuMs },
            emulatorCpuMs: inst.emulatorCpuMs,
          });
        } finally {
          await api.close();
        }
      }
    }
    return { rows, details };
  },
};

/** CPU time of a run's program, CLI and provider together (undefined when /proc said nothing). */
function clientCpuMs(run) {
  const c = run.cpuMs;
  return c ? (c.program ?? 0) + (c.cli ?? 0) + (c.provider ?? 0) : undefined;
}

/** The run with the median wall time (the lower middle one for an even count). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * One `up` of a fresh stack (then the stack is dropped; the emulator goes with the case). `shape`: also read
 * the state after it and return, as `shape`, what one of its resources keeps there (bench/lib/state.mjs).
 * `native`: the instances go up on the plugin.
 */
async function upOnce(api, spec, shape = false, native = false) {
  const stack = newStack(`create-${spec.kind}${native ? "-native" : ""}-${spec.count}`, { native });
  // The export and removal after the up ask nothing of the emulator, so its CPU time over the three is the up's.
  const {
    value: [up, exported],
    emulatorCpuMs,
  } = await api.measure(() =>
    runSteps({
      stack,
      envVars: api.envVars,
      steps: [
        { op: "up", config: { "bench:spec": JSON.stringify(spec) } },
        ...(shape ? [{ op: "export" }] : []),
        removeStack,
      ],
    }),
  );
  up.emulatorCpuMs = emulatorCpuMs;
  if (up.summary?.create !== spec.count + 1) {
    throw new Error(
      `up created ${JSON.stringify(up.summary)}, expected ${spec.count} resources and the stack`,
    );
  }
  if (shape) {
    up.shape = {
      ...stateShape(exported.deployment, spec.kind),
      checkpointBytesPerResource: checkpointBytesPerResource(exported.deployment),
    };
  }
  return up;
}
