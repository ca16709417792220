// Scale: a stack of N instances with a tag each plus one volume per ten instances, through `up`, a no-op
// `preview`, `refresh`, an `up` that changes the tag of 10 % of the instances, and `destroy`, on the dynamic
// provider; each operation also on a stack of the same instances and volumes on the plugin (`pulumi-cim/native`:
// bench/lib/scaleNative.mjs), with the emulator's counters of its own; and `up`, `preview` and `refresh` on a
// stack of as many no-op Probes (tests/fixtures/probe.cjs) keeping only as much as the instances' and volumes'
// inputs, twice (inputs, and outputs for diff), registered as pulumi-cim's resources are, with a serialized
// provider as long (`inputsOnlyPaddingFor` in bench/lib/state.mjs, from the instance stack's state after its
// `up`): the least pulumi-cim could keep for the same program, the engine's floor the targets are read on
// (RATIO_TARGETS here, NATIVE_TARGET in scaleNative.mjs). All three in the same run.
// Figures per operation: wall time, API requests per resource by route (the emulator's counters), job checks
// per job and the server-side detection lag (its per-job read counts), peak RSS of the provider process and of
// the CLI, CPU times. The emulator runs as its own process: its CPU time is read from /proc and reported apart,
// and by default it is pinned to the last CPU with the CLI, the provider and the program on the others
// (taskset), for the Probes too, so the API's own work does not compete with the engine's on either side of
// the comparison (`--no-pin` shares every CPU).

import { pinning, startApi } from "../lib/emulator.mjs";
import { operationFigures } from "../lib/jobReads.mjs";
import { checkpointBytesPerResource } from "../lib/native.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { fmt, markdown, row } from "../lib/report.mjs";
import { nativeRows, nativeTable } from "../lib/scaleNative.mjs";
import { inputsOnlyPaddingFor, stateShape } from "../lib/state.mjs";

const OPS = ["up", "preview", "refresh", "update", "destroy"];
/** The operations that also run on the inputs-only Probes: those the targets are read on. */
const FLOOR_OPS = new Set(["up", "preview", "refresh"]);
/**
 * The ratio targets at N = 2,000: each operation within this of "the same operation on N no-op
 * resources", read against the inputs-only Probes. The issue does not say what those no-op resources keep.
 * Inputs-only Probes stand for the same program (as many characters of inputs, kept as inputs and again as
 * outputs) on a provider that does no work and keeps nothing of its own, the engine's floor for this stack:
 * everything pulumi-cim adds to it (outputs, the SDK's registrations, requests, job waits, its CPU) counts
 * against pulumi-cim.
 */
const RATIO_TARGETS = { up: 1.25, preview: 1.25, refresh: 1.25 };

export default {
  name: "scale",
  describe:
    "up, no-op preview, refresh, 10 % update and destroy of N instances (+N/10 volumes), on the dynamic provider and the plugin, vs as many inputs-only probes",
  async run({ quick, smoke, log, pin = true, sizes }) {
    const ns = sizes ?? (smoke ? [4] : quick ? [50, 100] : [1000, 2000]);
    const cpus = pin ? pinning() : undefined;
    if (pin && !cpus) log("  (no pinning: fewer than 2 CPUs or no taskset)");
    const rows = [];
    const tables = [];
    const details = { pinned: cpus ?? false, sizes: {} };
    for (const n of ns) {
      const d = await oneSize(n, cpus, log);
      details.sizes[n] = d;
      // The targets are at N = 2,000; smaller runs show the figures without them.
      rows.push(...rowsOf(n, d, n >= 2000), ...nativeRows(n, d, OPS, opLabel, n >= 2000));
      tables.push(opsTable(n, d), nativeTable(n, d, OPS, opLabel), routesTable(n, d));
    }
    return { rows, tables, details };
  },
};

async function oneSize(n, cpus, log) {
  const volumes = Math.max(1, Math.round(n / 10));
  const changed = Math.max(1, Math.round(n / 10));
  const api = await startApi({ own: true, pin: cpus?.emulator });
  const inst = newStack(`scale-instance-${n}`);
  const floorStack = newStack(`scale-inputs-${n}`);
  const nativeStack = newStack(`scale-native-${n}`, { native: true });
  const out = { n, volumes, changed, ops: {} };
  try {
    const cat = await api.catalogue();
    const base = { kind: "instance", count: n, volumes, ...cat, tags: { tier: "one" }, prefix: `s${n}` };
    const probes = { kind: "probe", count: n, volumes };
    const total = n + volumes + 1; // and the stack
    for (const op of OPS) {
      const instSpec = specOf(op, base, changed);
      await api.control.resetRequests();
      const i = await measured(api, inst, stepOf(op, instSpec), cpus);
      expectSummary(op, i.result.summary, total, changed, "instances");
      const counts = await api.control.requests();
      const jobs = await api.control.jobReads();
      const figures = operationFigures(counts, jobs, { instances: n, volumes });
      if (op === "up") out.state = await statesOf(api, inst);
      // The inputs-only Probes, padded in the config of their `up` from the instance stack's state just read;
      // later operations keep that config. They make no request, so the counters above are the instances'.
      let floor;
      if (FLOOR_OPS.has(op)) {
        const spec =
          op === "up"
            ? {
                ...probes,
                padding: inputsOnlyPaddingFor(out.state.instance),
                volumePadding: inputsOnlyPaddingFor(out.state.volume),
              }
            : undefined;
        floor = await measured(api, floorStack, stepOf(op, spec), cpus);
        expectSummary(op, floor.result.summary, total, changed, "inputs-only Probes");
        if (op === "up") out.state.inputsOnly = await inputsOnlyStateOf(api, floorStack);
      }
      out.ops[op] = {
        ms: i.result.ms,
        providerPeakRssMb: i.result.providerPeakRssMb,
        cliPeakRssMb: i.result.cliPeakRssMb,
        cpuMs: i.result.cpuMs,
        emulatorCpuMs: i.emulatorCpuMs,
        requests: counts,
        ...figures,
        lags: undefined,
        // The reference of `up`, `preview` and `refresh` (FLOOR_OPS): wall time, provider and CLI peak RSS, CPU.
        ...(floor
          ? {
              inputsOnly: {
                ms: floor.result.ms,
                providerPeakRssMb: floor.result.providerPeakRssMb,
                cliPeakRssMb: floor.result.cliPeakRssMb,
                cpuMs: floor.result.cpuMs,
              },
            }
          : {}),
      };
      // The plugin: the instances' spec under host names of its own (they are unique per region).
      await api.control.resetRequests();
      const nat = await measured(
        api,
        nativeStack,
        stepOf(op, instSpec && { ...instSpec, prefix: `n${n}` }),
        cpus,
      );
      expectSummary(op, nat.result.summary, total, changed, "instances on the plugin");
      const natCounts = await api.control.requests();
      const natFigures = operationFigures(natCounts, await api.control.jobReads(), { instances: n, volumes });
      out.ops[op].native = {
        ms: nat.result.ms,
        providerPeakRssMb: nat.result.providerPeakRssMb,
        cliPeakRssMb: nat.result.cliPeakRssMb,
        cpuMs: nat.result.cpuMs,
        emulatorCpuMs: nat.emulatorCpuMs,
        requests: natCounts,
        ...natFigures,
        lags: undefined,
      };
      if (op === "up") out.state.native = await nativeStateOf(api, nativeStack);
      log(
        `  N=${n} ${op}: ${i.result.ms} ms` +
          (floor ? ` vs inputs-only Probes ${floor.result.ms} ms` : "") +
          `; ${figures.total} requests ` +
          `(${fmt(figures.perResource, "")} a resource), ${figures.jobs} jobs at ${fmt(figures.pollsPerJob, "")} checks; ` +
          `provider ${i.result.providerPeakRssMb} MB` +
          (floor ? ` vs ${floor.result.providerPeakRssMb} MB` : "") +
          `; emulator CPU ${Math.round(i.emulatorCpuMs ?? 0)} ms; ` +
          `CPU program/CLI/provider ${JSON.stringify(i.result.cpuMs)}` +
          (floor ? ` vs ${JSON.stringify(floor.result.cpuMs)}` : "") +
          `; plugin ${nat.result.ms} ms, ${natFigures.total} requests, ${nat.result.providerPeakRssMb} MB, ` +
          `CPU ${JSON.stringify(nat.result.cpuMs)}`,
      );
    }
  } finally {
    for (const stack of [inst, floorStack, nativeStack]) {
      await runSteps({ stack, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
    }
    await api.close();
  }
  return out;
}

/** The Pulumi step of an operation, with the program's spec when it has one. */
function stepOf(op, spec) {
  return {
    op: op === "update" ? "up" : op,
    ...(spec ? { config: { "bench:spec": JSON.stringify(spec) } } : {}),
  };
}

/** The instances' spec of an operation (undefined: the stack keeps its config). */
function specOf(op, base, changed) {
  if (op === "up") return base;
  if (op === "update") return { ...base, changed, changedTag: { tier: "two" } };
  return undefined;
}

/** What one instance and one volume keep in the instance stack's state (bench/lib/state.mjs). */
async function statesOf(api, stack) {
  const [exported] = await runSteps({ stack, envVars: api.envVars, steps: [{ op: "export" }] });
  return {
    instance: {
      ...stateShape(exported.deployment, "instance"),
      checkpointBytesPerResource: checkpointBytesPerResource(exported.deployment),
    },
    volume: stateShape(exported.deployment, "volume"),
  };
}

/** What one instance keeps in the plugin's stack, and its checkpoint per resource. */
async function nativeStateOf(api, stack) {
  const [exported] = await runSteps({ stack, envVars: api.envVars, steps: [{ op: "export" }] });
  return {
    ...stateShape(exported.deployment, "instance"),
    checkpointBytesPerResource: checkpointBytesPerResource(exported.deployment),
  };
}

/** What the first inputs-only Probe (b0000, one standing for an instance) keeps in its state. */
async function inputsOnlyStateOf(api, stack) {
  const [exported] = await runSteps({ stack, envVars: api.envVars, steps: [{ op: "export" }] });
  return stateShape(exported.deployment, "probe", "b0000");
}

/** One step on a stack in its own runner, with the emulator's CPU over it. */
async function measured(api, stack, step, cpus) {
  const { value, emulatorCpuMs } = await api.measure(() =>
    runSteps({ stack, envVars: api.envVars, steps: [step], pin: cpus?.rest, timeoutMs: 90 * 60_000 }),
  );
  return { result: value[0], emulatorCpuMs };
}

function expectSummary(op, summary = {}, total, changed, what) {
  const want = {
    up: { create: total },
    preview: { same: total },
    refresh: { same: total },
    update: { update: changed, same: total - changed },
    destroy: { delete: total },
  }[op];
  for (const [k, v] of Object.entries(want)) {
    if ((summary[k] ?? 0) !== v)
      throw new Error(`${op} of ${what}: ${JSON.stringify(summary)}, expected ${k} ${v}`);
  }
}

function rowsOf(n, d, headline) {
  const label = `N=${n} (+${d.volumes} volumes)`;
  const rows = [];
  for (const op of OPS) {
    const o = d.ops[op];
    const floor = o.inputsOnly;
    const metric = `${opLabel(op, d)}, ${label}: wall time`;
    if (!floor) {
      rows.push(wallRow(metric, o.ms));
      continue;
    }
    const target = headline && RATIO_TARGETS[op];
    rows.push(
      wallRow(
        `${metric} against Probes keeping only the instances' and volumes' inputs (twice)`,
        o.ms,
        floor.ms,
        `${op} of ${n + d.volumes} inputs-only Probes`,
        target ? { target: `≤ ${target}×`, met: o.ms / floor.ms <= target } : {},
      ),
    );
  }
  if (d.state) {
    rows.push(
      row({
        scenario: "scale",
        metric: `${label}: one instance's state in each checkpoint (characters; its provider ${d.state.instance.providerChars})`,
        figure: d.state.instance.stateChars,
        refLabel: `a volume's: ${d.state.volume.stateChars}; an inputs-only Probe's: ${d.state.inputsOnly?.stateChars ?? "–"}`,
      }),
    );
  }
  const up = d.ops.up;
  const refresh = d.ops.refresh;
  rows.push(
    row({
      scenario: "scale",
      metric: `up, ${label}: API requests per created instance`,
      figure: up.perInstance,
      refLabel: "instance routes and instance job checks ÷ N",
      // deploy, one job check, the tag and its read-back (the API answers 2xx for a tag change it ignored)
      ...(headline ? { target: "≤ 4", met: up.perInstance <= 4 } : {}),
    }),
    row({
      scenario: "scale",
      metric: `refresh, ${label}: API requests per refreshed resource`,
      figure: refresh.perResource,
      refLabel: "1 (one GET per resource)",
      ...(headline ? { target: "≤ 0.01", met: refresh.perResource <= 0.01 } : {}),
    }),
    row({
      scenario: "scale",
      metric: `up, ${label}: job checks per job`,
      figure: up.pollsPerJob,
      ...(headline ? { target: "≤ 3", met: up.pollsPerJob <= 3 } : {}),
    }),
    row({
      scenario: "scale",
      metric: `up, ${label}: median job-detection lag (server side, every job incl. the first)`,
      figure: up.lagMs?.median,
      unit: "ms",
      ...(headline && up.lagMs ? { target: "≤ 0.6 s", met: up.lagMs.median <= 600 } : {}),
    }),
  );
  // Peak RSS over the operations both stacks run (FLOOR_OPS), so the two peaks are of the same work.
  const peak = (pick) => Math.max(...OPS.filter((op) => FLOOR_OPS.has(op)).map((op) => pick(d.ops[op]) ?? 0));
  const provider = peak((o) => o.providerPeakRssMb);
  const probeProvider = peak((o) => o.inputsOnly?.providerPeakRssMb);
  rows.push(
    row({
      scenario: "scale",
      metric: `${label}: provider peak RSS (up, preview, refresh)`,
      figure: provider,
      reference: probeProvider,
      refLabel: "the same on inputs-only Probes",
      unit: "MB",
      ...(headline ? { target: "≤ 1.25×", met: provider <= 1.25 * probeProvider } : {}),
    }),
    row({
      scenario: "scale",
      metric: `${label}: CLI peak RSS (up, preview, refresh)`,
      figure: peak((o) => o.cliPeakRssMb),
      reference: peak((o) => o.inputsOnly?.cliPeakRssMb),
      refLabel: "the same on inputs-only Probes",
      unit: "MB",
    }),
  );
  return rows;
}

/** A wall-time row of the scale scenario: the instances' time, against a reference's when there is one. */
const wallRow = (metric, figure, reference, refLabel, more = {}) =>
  row({ scenario: "scale", metric, figure, reference, refLabel, unit: "ms", ...more });
const opLabel = (op, d) => (op === "update" ? `up changing ${d.changed}` : op);
const seconds = (ms) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
const cpuTimes = (c) =>
  c ? [c.program, c.cli, c.provider].map((ms) => (ms / 1000).toFixed(1)).join(" / ") : "–";
/** A figure of the instances with the inputs-only Probes' in brackets, when they ran the operation. */
const withFloor = (mine, floor, show) =>
  floor === undefined ? show(mine) : `${show(mine)} (${show(floor)})`;

function opsTable(n, d) {
  return markdown(
    [
      `scale N=${n} (+${d.volumes} volumes)`,
      "wall",
      "inputs-only Probes",
      "ratio",
      "requests a resource",
      "a created instance",
      "job checks a job",
      "median / p90 lag",
      "provider RSS (Probes)",
      "CLI RSS (Probes)",
      "CPU program / CLI / provider (Probes)",
      "emulator CPU",
    ],
    OPS.map((op) => {
      const o = d.ops[op];
      const f = o.inputsOnly;
      const mb = (v) => fmt(v, "MB");
      return [
        opLabel(op, d),
        seconds(o.ms),
        seconds(f?.ms),
        f ? `${(o.ms / f.ms).toFixed(2)}×` : "–",
        fmt(o.perResource, ""),
        op === "up" ? fmt(o.perInstance, "") : "–",
        o.jobs ? fmt(o.pollsPerJob, "") : "–",
        o.lagMs ? `${fmt(o.lagMs.median, "ms")} / ${fmt(o.lagMs.p90, "ms")}` : "–",
        withFloor(o.providerPeakRssMb, f?.providerPeakRssMb, mb),
        withFloor(o.cliPeakRssMb, f?.cliPeakRssMb, mb),
        withFloor(o.cpuMs, f?.cpuMs, cpuTimes),
        seconds(o.emulatorCpuMs),
      ];
    }),
  );
}

/** Requests per resource (instances and volumes together) by route, per operation. */
function routesTable(n, d) {
  const routes = [...new Set(OPS.flatMap((op) => Object.keys(d.ops[op].requests)))].sort();
  const per = n + d.volumes;
  return markdown(
    [`scale N=${n}: requests per resource by route`, ...OPS],
    routes.map((r) => [r, ...OPS.map((op) => fmt((d.ops[op].requests[r] ?? 0) / per, ""))]),
  );
}
