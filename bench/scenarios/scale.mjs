// Scale: a stack of N instances with a tag each plus one volume per ten instances, through `up`, a no-op
// `preview`, `refresh`, an `up` that changes the tag of 10 % of the instances, and `destroy`; each operation
// beside the same operation on as many no-op probes (tests/fixtures/probe.cjs), in the same run. Figures per
// operation: wall time, API requests per resource by route (the emulator's counters), job checks per job and
// the server-side detection lag (its per-job read counts), peak RSS of the dynamic-provider process and of the
// CLI. The emulator runs as its own process: its CPU time is read from /proc and reported apart, and by
// default it is pinned to the last CPU with the CLI, the provider and the program on the others (taskset), for
// the probes too, so the API's own work does not compete with the engine's on either side of the comparison
// (`--no-pin` shares every CPU).
// `up`, `preview` and `refresh` also run on a third stack of Probes padded to what the instances and volumes
// keep in state (as many outputs, as many characters, registered as pulumi-cim's resources are, with a
// serialized provider as long: bench/lib/state.mjs, read from the instance stack after its `up`): the
// engine's cost for that data at no API cost, so instances over padded Probes is the provider's own share and
// padded over plain Probes the data's. They also run on a fourth stack of Probes keeping only as much as the
// instances' and volumes' inputs, twice (inputs, and outputs for diff), registered the same way
// (`inputsOnlyPaddingFor`): the least pulumi-cim could keep for the same program, whatever outputs it
// dropped. The ratio targets are read on that fourth stack (RATIO_TARGETS says why).
// Every operation also runs on a second pair of stacks (instances, plain Probes) with the state written once a
// run instead of after each step (FINAL_ONLY): the bench's file backend rewrites the whole stack's state after
// every step, which at thousands of resources is most of an `up` or a `destroy` on both sides and hides the
// provider's own share; Pulumi Cloud journals each step instead (only that step's entry, on by default from CLI
// v3.225), which no offline backend does, and final-only checkpoints are the nearest stand-in for it.
// Each operation of the main pass also runs on a stack of the same instances and volumes on the plugin
// (`pulumi-cim/native`: bench/lib/scaleNative.mjs), after the others, with the emulator's counters of its own.

import { pinning, startApi } from "../lib/emulator.mjs";
import { operationFigures } from "../lib/jobReads.mjs";
import { checkpointBytesPerResource } from "../lib/native.mjs";
import { newStack, removeStack, runSteps } from "../lib/pulumi.mjs";
import { fmt, markdown, row } from "../lib/report.mjs";
import { nativeRows, nativeTable } from "../lib/scaleNative.mjs";
import { inputsOnlyPaddingFor, paddingFor, stateShape } from "../lib/state.mjs";

const OPS = ["up", "preview", "refresh", "update", "destroy"];
/** The operations that also run on each stack of padded Probes (PADDED). */
const PADDED_OPS = new Set(["up", "preview", "refresh"]);
/**
 * The stacks of Probes padded to a share of what the instances and volumes keep in state, each made from the
 * state shapes read after the instances' `up` (`paddingOf(shape, plainProbeShape)`, bench/lib/state.mjs).
 */
const PADDED = [
  {
    key: "padded",
    stack: "padded",
    label: "padded Probes",
    one: "a padded Probe's",
    against: "Probes padded to the instances' and volumes' state",
    paddingOf: paddingFor,
  },
  {
    key: "inputsOnly",
    stack: "inputs",
    label: "inputs-only Probes",
    one: "an inputs-only Probe's",
    against: "Probes keeping only the instances' and volumes' inputs (twice)",
    paddingOf: inputsOnlyPaddingFor,
    // The stack the ratio targets are read on (RATIO_TARGETS).
    targets: true,
  },
];
/**
 * The environment of the final-only pass: Pulumi writes the stack's state at the start and the end of an
 * operation and not after each step (`PULUMI_SKIP_CHECKPOINTS`, which the CLI reads). The bench's stand-in for
 * a backend that does not rewrite the stack per step, never a setting to recommend: a run that dies midway
 * leaves no record of what it made.
 */
const FINAL_ONLY = { PULUMI_SKIP_CHECKPOINTS: "true" };
/**
 * The ratio targets at N = 2,000: each operation within this of "the same operation on N no-op
 * resources", read against the inputs-only Probes (the PADDED entry marked `targets`). The issue does not say
 * what those no-op resources keep. Inputs-only Probes stand for the same program (as many characters of inputs,
 * kept as inputs and again as outputs) on a provider that does no work and keeps nothing of its own, the
 * engine's floor for this stack: everything pulumi-cim adds to it (outputs, the SDK's registrations, requests,
 * job waits, its CPU) counts against pulumi-cim. Plain Probes stand for a smaller program (two inputs of their
 * own where an instance has five), so instances over them also charge pulumi-cim for the inputs the user's
 * program gives, which no provider can drop; padded Probes keep what an instance keeps, so they would not
 * charge it for the outputs it chose to keep. Both are reported beside it, without a target.
 */
const RATIO_TARGETS = { up: 1.25, preview: 1.25, refresh: 1.25 };

export default {
  name: "scale",
  describe:
    "up, no-op preview, refresh, 10 % update and destroy of N instances (+N/10 volumes) vs as many probes",
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
      tables.push(opsTable(n, d), nativeTable(n, d, OPS, opLabel), finalOnlyTable(n, d), routesTable(n, d));
    }
    return { rows, tables, details };
  },
};

async function oneSize(n, cpus, log) {
  const volumes = Math.max(1, Math.round(n / 10));
  const changed = Math.max(1, Math.round(n / 10));
  const api = await startApi({ own: true, pin: cpus?.emulator });
  const inst = newStack(`scale-instance-${n}`);
  const probe = newStack(`scale-probe-${n}`);
  const paddedStacks = PADDED.map((ref) => newStack(`scale-${ref.stack}-${n}`));
  const nativeStack = newStack(`scale-native-${n}`, { native: true });
  const out = { n, volumes, changed, ops: {}, paddedStates: {} };
  try {
    const cat = await api.catalogue();
    const base = { kind: "instance", count: n, volumes, ...cat, tags: { tier: "one" }, prefix: `s${n}` };
    const probes = { kind: "probe", count: n, volumes };
    const total = n + volumes + 1; // and the stack
    for (const op of OPS) {
      const { i, p } = await measuredPair(api, { inst, probe }, op, { probes, base, changed, total }, cpus);
      if (op === "up") out.state = await statesOf(api, inst, probe);
      // Each padded stack gets its padding in the config of its `up`; later operations keep that config.
      const padded = {};
      if (PADDED_OPS.has(op)) {
        for (const [k, ref] of PADDED.entries()) {
          const spec =
            op === "up"
              ? {
                  ...probes,
                  padding: ref.paddingOf(out.state.instance, out.state.probe),
                  volumePadding: ref.paddingOf(out.state.volume, out.state.probe),
                }
              : undefined;
          padded[ref.key] = (await measured(api, paddedStacks[k], stepOf(op, spec), cpus)).result;
        }
      }
      const counts = await api.control.requests();
      const jobs = await api.control.jobReads();
      for (const [k, ref] of PADDED.entries()) {
        if (!padded[ref.key]) continue;
        expectSummary(op, padded[ref.key].summary, total, changed, ref.label);
        if (op === "up") out.paddedStates[ref.key] = await paddedStateOf(api, paddedStacks[k]);
      }
      const figures = operationFigures(counts, jobs, { instances: n, volumes });
      out.ops[op] = {
        ms: i.result.ms,
        probeMs: p.result.ms,
        // Per padded stack (PADDED keys): its wall time, provider peak RSS and CPU times.
        padded: Object.fromEntries(
          Object.entries(padded).map(([key, r]) => [
            key,
            { ms: r.ms, providerPeakRssMb: r.providerPeakRssMb, cpuMs: r.cpuMs },
          ]),
        ),
        providerPeakRssMb: i.result.providerPeakRssMb,
        probeProviderPeakRssMb: p.result.providerPeakRssMb,
        cliPeakRssMb: i.result.cliPeakRssMb,
        probeCliPeakRssMb: p.result.cliPeakRssMb,
        emulatorCpuMs: i.emulatorCpuMs,
        probeEmulatorCpuMs: p.emulatorCpuMs,
        cpuMs: i.result.cpuMs,
        probeCpuMs: p.result.cpuMs,
        requests: counts,
        ...figures,
        lags: undefined,
      };
      // The plugin: the instances' spec under host names of its own (they are unique per region).
      const [, instSpec] = specsOf(op, probes, base, changed);
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
        `  N=${n} ${op}: ${i.result.ms} ms vs probes ${p.result.ms} ms` +
          PADDED.filter((ref) => padded[ref.key])
            .map((ref) => ` (${ref.label} ${padded[ref.key].ms} ms)`)
            .join("") +
          `; ${figures.total} requests ` +
          `(${fmt(figures.perResource, "")} a resource), ${figures.jobs} jobs at ${fmt(figures.pollsPerJob, "")} checks; ` +
          `provider ${i.result.providerPeakRssMb} MB vs ${p.result.providerPeakRssMb} MB; emulator CPU ${Math.round(i.emulatorCpuMs ?? 0)} ms; ` +
          `CPU program/CLI/provider ${JSON.stringify(i.result.cpuMs)} vs ${JSON.stringify(p.result.cpuMs)}; ` +
          `plugin ${nat.result.ms} ms, ${natFigures.total} requests, ${nat.result.providerPeakRssMb} MB, ` +
          `CPU ${JSON.stringify(nat.result.cpuMs)}`,
      );
    }
    // Host names of their own: the main pass's come free only once the platform expunges its instances (at once
    // in the bench's emulator; CloudStack's default expunge delay is a day).
    const finalBase = { ...base, prefix: `f${n}` };
    out.finalOnly = await finalOnlyOps(api, n, { probes, base: finalBase, changed, total }, cpus, log);
  } finally {
    await runSteps({ stack: inst, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
    await runSteps({ stack: probe, envVars: api.envVars, steps: [removeStack] }).catch(() => {});
    for (const stack of [...paddedStacks, nativeStack]) {
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

/** The specs of an operation for the Probes and the instances (undefined: the stack keeps its config). */
function specsOf(op, probes, base, changed) {
  if (op === "up") return [probes, base];
  if (op === "update")
    return [
      { ...probes, changed },
      { ...base, changed, changedTag: { tier: "two" } },
    ];
  return [undefined, undefined];
}

/**
 * Every operation on a pair of stacks of its own (plain Probes, then instances) with the state written once a
 * run (FINAL_ONLY): wall and CPU times, and the emulator's CPU over the instances' operation.
 */
async function finalOnlyOps(api, n, { probes, base, changed, total }, cpus, log) {
  const env = { ...api.envVars, ...FINAL_ONLY };
  const inst = newStack(`scale-final-instance-${n}`);
  const probe = newStack(`scale-final-probe-${n}`);
  const ops = {};
  try {
    for (const op of OPS) {
      const { i, p } = await measuredPair(
        api,
        { inst, probe },
        op,
        { probes, base, changed, total },
        cpus,
        env,
        ", final-only checkpoints",
      );
      ops[op] = {
        ms: i.result.ms,
        probeMs: p.result.ms,
        cpuMs: i.result.cpuMs,
        probeCpuMs: p.result.cpuMs,
        emulatorCpuMs: i.emulatorCpuMs,
      };
      log(
        `  N=${n} ${op}, final-only checkpoints: ${i.result.ms} ms vs probes ${p.result.ms} ms; ` +
          `CPU program/CLI/provider ${JSON.stringify(i.result.cpuMs)} vs ${JSON.stringify(p.result.cpuMs)}; ` +
          `emulator CPU ${Math.round(i.emulatorCpuMs ?? 0)} ms`,
      );
    }
  } finally {
    for (const stack of [inst, probe]) {
      await runSteps({ stack, envVars: env, steps: [removeStack] }).catch(() => {});
    }
  }
  return ops;
}

/**
 * One operation on the Probes, then on the instances (the emulator's request counters reset between the two, so
 * they count the instances' alone), each summary checked: the results of both and the emulator's CPU over each.
 */
async function measuredPair(
  api,
  { inst, probe },
  op,
  { probes, base, changed, total },
  cpus,
  envVars,
  pass = "",
) {
  const [probeSpec, instSpec] = specsOf(op, probes, base, changed);
  const p = await measured(api, probe, stepOf(op, probeSpec), cpus, envVars);
  await api.control.resetRequests();
  const i = await measured(api, inst, stepOf(op, instSpec), cpus, envVars);
  expectSummary(op, i.result.summary, total, changed, `instances${pass}`);
  expectSummary(op, p.result.summary, total, changed, `probes${pass}`);
  return { i, p };
}

/** What one instance and one volume keep in the instance stack's state, and a plain Probe in its own (bench/lib/state.mjs). */
async function statesOf(api, stack, probeStack) {
  const [exported] = await runSteps({ stack, envVars: api.envVars, steps: [{ op: "export" }] });
  const [probes] = await runSteps({ stack: probeStack, envVars: api.envVars, steps: [{ op: "export" }] });
  return {
    instance: {
      ...stateShape(exported.deployment, "instance"),
      checkpointBytesPerResource: checkpointBytesPerResource(exported.deployment),
    },
    volume: stateShape(exported.deployment, "volume"),
    probe: stateShape(probes.deployment, "probe"),
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

/** What the first Probe of a padded stack (b0000, one standing for an instance) keeps in its state. */
async function paddedStateOf(api, stack) {
  const [exported] = await runSteps({ stack, envVars: api.envVars, steps: [{ op: "export" }] });
  return stateShape(exported.deployment, "probe", "b0000");
}

/** One step on a stack in its own runner (`envVars`: the emulator's unless given), with the emulator's CPU over it. */
async function measured(api, stack, step, cpus, envVars = api.envVars) {
  const { value, emulatorCpuMs } = await api.measure(() =>
    runSteps({ stack, envVars, steps: [step], pin: cpus?.rest, timeoutMs: 90 * 60_000 }),
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
    const target = headline && RATIO_TARGETS[op];
    rows.push(
      wallRow(`${opLabel(op, d)}, ${label}: wall time`, o.ms, o.probeMs, `${op} of ${n + d.volumes} Probes`),
    );
    for (const ref of PADDED) {
      const r = o.padded[ref.key];
      if (!r) continue;
      const against = `${op}, ${label}: wall time against ${ref.against}`;
      const met = target && ref.targets ? { target: `≤ ${target}×`, met: o.ms / r.ms <= target } : undefined;
      rows.push(wallRow(against, o.ms, r.ms, `${op} of ${n + d.volumes} ${ref.label}`, met));
    }
  }
  for (const op of OPS) {
    const o = d.finalOnly?.[op];
    if (!o) continue;
    const metric = `${opLabel(op, d)}, ${label}, state written once a run (${FINAL_ONLY_NAME}): wall time`;
    rows.push(wallRow(metric, o.ms, o.probeMs, `the same on ${n + d.volumes} Probes`));
  }
  if (d.state) {
    rows.push(
      row({
        scenario: "scale",
        metric: `${label}: one instance's state in each checkpoint (characters; its provider ${d.state.instance.providerChars})`,
        figure: d.state.instance.stateChars,
        refLabel:
          `a volume's: ${d.state.volume.stateChars}; a plain Probe's: ${d.state.probe.stateChars}` +
          PADDED.map((ref) => `; ${ref.one}: ${d.paddedStates[ref.key]?.stateChars ?? "–"}`).join(""),
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
      ...(headline ? { target: "≤ 3", met: up.perInstance <= 3 } : {}),
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
  const peak = (k) => Math.max(...OPS.map((op) => d.ops[op][k] ?? 0));
  rows.push(
    row({
      scenario: "scale",
      metric: `${label}: provider peak RSS (any operation)`,
      figure: peak("providerPeakRssMb"),
      reference: peak("probeProviderPeakRssMb"),
      refLabel: "the same on Probes",
      unit: "MB",
      ...(headline
        ? { target: "≤ 1.25×", met: peak("providerPeakRssMb") <= 1.25 * peak("probeProviderPeakRssMb") }
        : {}),
    }),
    row({
      scenario: "scale",
      metric: `${label}: CLI peak RSS (any operation)`,
      figure: peak("cliPeakRssMb"),
      reference: peak("probeCliPeakRssMb"),
      refLabel: "the same on Probes",
      unit: "MB",
    }),
  );
  return rows;
}

/** A wall-time row of the scale scenario: the instances' time against a reference's. */
const wallRow = (metric, figure, reference, refLabel, more = {}) =>
  row({ scenario: "scale", metric, figure, reference, refLabel, unit: "ms", ...more });
const FINAL_ONLY_NAME = Object.entries(FINAL_ONLY)
  .map(([k, v]) => `${k}=${v}`)
  .join(" ");
const opLabel = (op, d) => (op === "update" ? `up changing ${d.changed}` : op);
const seconds = (ms) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
const cpuTimes = (c) =>
  c ? [c.program, c.cli, c.provider].map((ms) => (ms / 1000).toFixed(1)).join(" / ") : "–";
/** An operation's first cells in both tables: its name, its wall time, the Probes' and their ratio. */
const wallCells = (op, d, o) => [
  opLabel(op, d),
  seconds(o.ms),
  seconds(o.probeMs),
  `${(o.ms / o.probeMs).toFixed(2)}×`,
];

/** The final-only pass (FINAL_ONLY): each operation beside plain Probes, with the CPU times of both. */
function finalOnlyTable(n, d) {
  return markdown(
    [
      `scale N=${n}, state written once a run`,
      "wall",
      "Probes",
      "ratio",
      "CPU program / CLI / provider (Probes)",
      "emulator CPU",
    ],
    OPS.filter((op) => d.finalOnly?.[op]).map((op) => {
      const o = d.finalOnly[op];
      return [
        ...wallCells(op, d, o),
        `${cpuTimes(o.cpuMs)} (${cpuTimes(o.probeCpuMs)})`,
        seconds(o.emulatorCpuMs),
      ];
    }),
  );
}

function opsTable(n, d) {
  return markdown(
    [
      `scale N=${n} (+${d.volumes} volumes)`,
      "wall",
      "Probes",
      "ratio",
      ...PADDED.map((ref) => ref.label),
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
      return [
        ...wallCells(op, d, o),
        ...PADDED.map((ref) => {
          const r = o.padded[ref.key];
          return r ? `${seconds(r.ms)} (${(o.ms / r.ms).toFixed(2)}×)` : "–";
        }),
        fmt(o.perResource, ""),
        op === "up" ? fmt(o.perInstance, "") : "–",
        o.jobs ? fmt(o.pollsPerJob, "") : "–",
        o.lagMs ? `${fmt(o.lagMs.median, "ms")} / ${fmt(o.lagMs.p90, "ms")}` : "–",
        `${fmt(o.providerPeakRssMb, "MB")} (${fmt(o.probeProviderPeakRssMb, "MB")})`,
        `${fmt(o.cliPeakRssMb, "MB")} (${fmt(o.probeCliPeakRssMb, "MB")})`,
        `${cpuTimes(o.cpuMs)} (${cpuTimes(o.probeCpuMs)})`,
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
