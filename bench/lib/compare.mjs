// The pure part of `bench/compare.mjs` (the bench of several git revisions in one run): the order the refs
// run in each round, the merge of their results (bench/results/latest.json objects) into one line a figure
// with each ref's median over rounds, and the Markdown table. No I/O here: tests/bench/compare.test.ts runs it
// on fixtures.
import { fmt, markdown, median } from "./report.mjs";

/**
 * The order of the refs in round `round` (0-based): rotated by one each round (A B C, then B C A, then C A B),
 * so a drift in the machine's load over the run falls on every ref alike.
 */
export function rotation(refs, round) {
  const n = refs.length;
  if (!n) return [];
  const k = ((round % n) + n) % n;
  return [...refs.slice(k), ...refs.slice(0, k)];
}

/** What one figure is called in the table: the metric, with its note in parentheses. */
export const figureLabel = (r) => (r.note ? `${r.metric} (${r.note})` : r.metric);

/** The name of the row that stands for a scenario's wall time (`scenarios[name].ms`). */
export const WALL_TIME = "scenario wall time";

/**
 * Every figure of one results object, keyed by scenario + metric + note. A key met twice in the same results
 * gets its occurrence number (`#2`), so no figure hides another. Each scenario that ran without error adds its
 * wall time, after its rows.
 */
export function figuresOf(results) {
  const out = [];
  const seen = new Map();
  const add = (scenario, label, unit, value) => {
    const base = JSON.stringify([scenario, label]);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push({
      key: n === 1 ? base : `${base}#${n}`,
      scenario,
      label: n === 1 ? label : `${label} #${n}`,
      unit,
      value,
    });
  };
  const scenarios = results?.scenarios ?? {};
  const rows = results?.rows ?? [];
  const names = [...new Set([...rows.map((r) => r.scenario), ...Object.keys(scenarios)])];
  for (const name of names) {
    for (const r of rows) if (r.scenario === name) add(name, figureLabel(r), r.unit ?? "", r.figure);
    const s = scenarios[name];
    if (s && !s.error && typeof s.ms === "number") add(name, WALL_TIME, "ms", s.ms);
  }
  return out;
}

/** The median of the numbers; of values that are not all numbers, the last one that is defined. */
export function combine(values) {
  const defined = values.filter((v) => v !== undefined && v !== null);
  if (!defined.length) return undefined;
  if (defined.every((v) => typeof v === "number" && !Number.isNaN(v))) return median(defined);
  return defined[defined.length - 1];
}

/** value ÷ base when both are numbers and base is positive. */
export function ratio(value, base) {
  return typeof value === "number" && typeof base === "number" && base > 0 ? value / base : undefined;
}

/**
 * Merges the refs' results: `perRef[i]` is the list of results objects of ref i (one a round that produced
 * results; empty when every run of the ref failed). Returns one line a figure, in the order the figures first
 * appear (the baseline's first), grouped by scenario: `{ scenario, label, unit, rounds: [[v…] a ref],
 * values: [median a ref, undefined where the ref has no such figure], ratios: [undefined, value ÷ baseline…] }`.
 */
export function mergeResults(perRef) {
  const lines = new Map();
  const scenarioOrder = [];
  perRef.forEach((list, i) => {
    for (const results of list) {
      for (const f of figuresOf(results)) {
        let line = lines.get(f.key);
        if (!line) {
          line = { scenario: f.scenario, label: f.label, unit: f.unit, rounds: perRef.map(() => []) };
          lines.set(f.key, line);
          if (!scenarioOrder.includes(f.scenario)) scenarioOrder.push(f.scenario);
        }
        line.rounds[i].push(f.value);
      }
    }
  });
  const ordered = scenarioOrder.flatMap((s) => [...lines.values()].filter((l) => l.scenario === s));
  return ordered.map((l) => {
    const values = l.rounds.map(combine);
    return { ...l, values, ratios: values.map((v, i) => (i === 0 ? undefined : ratio(v, values[0]))) };
  });
}

/**
 * The Markdown table: scenario, figure, each ref's value (formatted with the line's unit; "–" where the ref has
 * no such figure), then each later ref's ratio to the first. `labels` name the refs' columns.
 */
export function compareTable(lines, labels) {
  const headers = ["scenario", "figure", ...labels, ...labels.slice(1).map((l) => `${l} ÷ ${labels[0]}`)];
  const rows = lines.map((l) => [
    l.scenario,
    l.label,
    ...l.values.map((v) => fmt(v, l.unit)),
    ...l.ratios.slice(1).map((r) => (r === undefined ? "–" : `${r.toFixed(2)}×`)),
  ]);
  return markdown(headers, rows);
}

/**
 * The line above the table: each ref with its short sha and subject, the rounds and the machine's 1-minute load
 * before and after. `refs`: `{ ref, short, subject }`.
 */
export function headerLine({ refs, rounds, load }) {
  const named = refs.map((r, i) => `${i === 0 ? "baseline " : ""}\`${r.ref}\` = ${r.short} “${r.subject}”`);
  return `${named.join("; ")}. ${rounds} round${rounds === 1 ? "" : "s"} (medians), refs alternating; 1-minute load ${load.before} before, ${load.after} after.`;
}
