// Figures, the Markdown table, and small statistics.

export const median = (xs) => percentile(xs, 50);

export function percentile(xs, p) {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const i = (p / 100) * (s.length - 1);
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo] + (s[hi] - s[lo]) * (i - lo);
}

export const max = (xs) => (xs.length ? Math.max(...xs) : undefined);

export const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined);

/**
 * One line of the results table. `figure` and `reference` are numbers in `unit` ("ms", "s", "MB", "req/s",
 * "" for counts); ratio is figure ÷ reference when both are positive. `met` is true/false when the row has
 * a target, undefined otherwise.
 */
export function row({ scenario, metric, figure, reference, refLabel, unit = "", target, met, note }) {
  const ratio =
    typeof figure === "number" && typeof reference === "number" && reference > 0
      ? figure / reference
      : undefined;
  return { scenario, metric, figure, reference, refLabel, unit, ratio, target, met, note };
}

export function fmt(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return "–";
  if (typeof value !== "number") return String(value);
  switch (unit) {
    case "ms":
      return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${(value / 1000).toFixed(2)} s`;
    case "MB":
      return `${value.toFixed(0)} MB`;
    case "req/s":
      return `${Math.round(value).toLocaleString("en-US")} req/s`;
    case "":
      if (Number.isInteger(value)) return String(value);
      return Math.abs(value) < 0.1 ? value.toPrecision(2) : value.toFixed(1);
    default:
      return `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`;
  }
}

const cell = (s) => String(s).replaceAll("|", "\\|");

/** The Markdown table of every row. */
export function markdownTable(rows) {
  const head = "| scenario | figure | value | reference | ratio | target |";
  const sep = "|---|---|--:|---|--:|---|";
  const lines = rows.map((r) => {
    const ref =
      r.reference === undefined ? (r.refLabel ?? "–") : `${fmt(r.reference, r.unit)} (${r.refLabel ?? ""})`;
    const ratio = r.ratio === undefined ? "–" : `${r.ratio.toFixed(2)}×`;
    const target = r.target ? `${r.target} ${r.met === true ? "✓" : r.met === false ? "✗" : ""}`.trim() : "";
    return `| ${cell(r.scenario)} | ${cell(r.note ? `${r.metric} (${r.note})` : r.metric)} | ${fmt(r.figure, r.unit)} | ${cell(ref)} | ${ratio} | ${cell(target)} |`;
  });
  return [head, sep, ...lines].join("\n");
}

/** A plain Markdown table. */
export function markdown(headers, rows) {
  return [
    `| ${headers.map(cell).join(" | ")} |`,
    `|${headers.map((_, i) => (i === 0 ? "---" : "--:")).join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}
