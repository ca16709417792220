// The plugin's figures in the scale scenario (bench/scenarios/scale.mjs): each operation also runs on a stack of
// the same instances and volumes on `pulumi-cim/native` (bench/lib/native.mjs), right after the dynamic path's
// and the inputs-only Probes', with the emulator's counters of its own. Its rows read it against the dynamic
// path (target: no slower) and against the inputs-only Probes (the engine's floor for the same program: at
// N = 2,000, `up`, `preview` and `refresh` within NATIVE_TARGET).
import { fmt, markdown, row } from "./report.mjs";

/** The plugin's target at N = 2,000 against the inputs-only Probes, by operation. */
export const NATIVE_TARGET = { up: 1.1, preview: 1.1, refresh: 1.1 };

const seconds = (ms) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(1)} s`);
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}×` : "–");
const cpuTimes = (c) =>
  c ? [c.program, c.cli, c.provider].map((ms) => ((ms ?? 0) / 1000).toFixed(1)).join(" / ") : "–";

/** The rows of the plugin at one size (`d`: the size's details, `ops` each with `native`). */
export function nativeRows(n, d, ops, opLabel, headline) {
  const label = `N=${n} (+${d.volumes} volumes)`;
  const rows = [];
  for (const op of ops) {
    const o = d.ops[op];
    const nat = o.native;
    if (!nat) continue;
    rows.push(
      row({
        scenario: "scale",
        metric: `${opLabel(op, d)} on the plugin, ${label}: wall time against the dynamic provider`,
        figure: nat.ms,
        reference: o.ms,
        refLabel: `${op} of the same on the dynamic provider`,
        unit: "ms",
        target: "≤ 1×",
        met: nat.ms <= o.ms,
      }),
    );
    const floor = o.inputsOnly?.ms;
    if (floor) {
      const target = headline && NATIVE_TARGET[op];
      rows.push(
        row({
          scenario: "scale",
          metric: `${op} on the plugin, ${label}: wall time against Probes keeping only the instances' and volumes' inputs (twice)`,
          figure: nat.ms,
          reference: floor,
          refLabel: `${op} of ${n + d.volumes} inputs-only Probes`,
          unit: "ms",
          ...(target ? { target: `≤ ${target}×`, met: nat.ms / floor <= target } : {}),
        }),
      );
    }
  }
  const s = d.state;
  if (s?.native) {
    rows.push(
      row({
        scenario: "scale",
        metric: `${label}: bytes of checkpoint per resource on the plugin (one instance's entry ${s.native.stateChars})`,
        figure: s.native.checkpointBytesPerResource,
        reference: s.instance.checkpointBytesPerResource,
        refLabel: `on the dynamic provider; one instance's entry ${s.instance.stateChars}`,
      }),
    );
  }
  const peak = (pick) => Math.max(...ops.map((op) => pick(d.ops[op]) ?? 0));
  rows.push(
    row({
      scenario: "scale",
      metric: `${label}: plugin peak RSS (any operation)`,
      figure: peak((o) => o.native?.providerPeakRssMb),
      reference: peak((o) => o.providerPeakRssMb),
      refLabel: "the dynamic provider's",
      unit: "MB",
    }),
  );
  return rows;
}

/** The plugin beside the dynamic path and the inputs-only Probes, each operation at one size. */
export function nativeTable(n, d, ops, opLabel) {
  return markdown(
    [
      `scale N=${n} on the plugin`,
      "plugin",
      "dynamic",
      "plugin ÷ dynamic",
      "inputs-only Probes",
      "plugin ÷ inputs-only",
      "requests a resource (dynamic)",
      "plugin RSS (dynamic)",
      "CPU program / CLI / plugin (dynamic)",
    ],
    ops
      .filter((op) => d.ops[op].native)
      .map((op) => {
        const o = d.ops[op];
        const nat = o.native;
        const floor = o.inputsOnly?.ms;
        return [
          opLabel(op, d),
          seconds(nat.ms),
          seconds(o.ms),
          ratio(nat.ms, o.ms),
          seconds(floor),
          ratio(nat.ms, floor),
          `${fmt(nat.perResource, "")} (${fmt(o.perResource, "")})`,
          `${fmt(nat.providerPeakRssMb, "MB")} (${fmt(o.providerPeakRssMb, "MB")})`,
          `${cpuTimes(nat.cpuMs)} (${cpuTimes(o.cpuMs)})`,
        ];
      }),
  );
}
