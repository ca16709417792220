// The merge, order and table of `npm run bench:compare` (bench/lib/compare.mjs), on results objects shaped as
// bench/run.mjs writes them (bench/results/latest.json).
import { describe, expect, it } from "vitest";
import {
  compareTable,
  figuresOf,
  headerLine,
  mergeResults,
  rotation,
  WALL_TIME,
} from "../../bench/lib/compare.mjs";

/** A results object: rows of [scenario, metric, figure, unit, note?]; scenarios' wall times. */
function results(rows: [string, string, number | string, string, string?][], ms: Record<string, number>) {
  return {
    date: "2026-01-01T00:00:00.000Z",
    scenarios: Object.fromEntries(Object.entries(ms).map(([name, v]) => [name, { ms: v, rows: [] }])),
    rows: rows.map(([scenario, metric, figure, unit, note]) => ({
      scenario,
      metric,
      figure,
      reference: 1,
      refLabel: "ref",
      unit,
      note,
    })),
  };
}

describe("rotation", () => {
  it("rotates the refs by one each round, so every ref takes every place", () => {
    const refs = ["A", "B", "C"];
    expect(rotation(refs, 0)).toEqual(["A", "B", "C"]);
    expect(rotation(refs, 1)).toEqual(["B", "C", "A"]);
    expect(rotation(refs, 2)).toEqual(["C", "A", "B"]);
    expect(rotation(refs, 3)).toEqual(["A", "B", "C"]);
    expect(rotation(["A", "B"], 1)).toEqual(["B", "A"]);
    expect(refs, "the refs are not changed in place").toEqual(["A", "B", "C"]);
  });
});

describe("figuresOf", () => {
  it("keys figures by scenario, metric and note, adds each scenario's wall time, keeps duplicates apart", () => {
    const r = results(
      [
        ["create", "up, N=2", 1500, "ms", "instant jobs"],
        ["create", "up, N=2", 1400, "ms"],
        ["noop", "preview", 900, "ms"],
        ["noop", "preview", 950, "ms"],
      ],
      { create: 20_000, noop: 8000 },
    );
    const f = figuresOf(r);
    expect(f.map((x) => [x.scenario, x.label, x.value])).toEqual([
      ["create", "up, N=2 (instant jobs)", 1500],
      ["create", "up, N=2", 1400],
      ["create", WALL_TIME, 20_000],
      ["noop", "preview", 900],
      ["noop", "preview #2", 950],
      ["noop", WALL_TIME, 8000],
    ]);
    expect(new Set(f.map((x) => x.key)).size).toBe(f.length);
  });

  it("leaves out the wall time of a scenario that failed", () => {
    const r = results([], { create: 5000 });
    (r.scenarios.create as any).error = "boom";
    expect(figuresOf(r)).toEqual([]);
  });
});

describe("mergeResults", () => {
  // Ref A (baseline): two rounds; ref B: two rounds, one figure more; ref C: one round, one figure missing.
  const a1 = results(
    [
      ["create", "up", 1000, "ms"],
      ["create", "requests", 40, ""],
    ],
    { create: 10_000 },
  );
  const a2 = results(
    [
      ["create", "up", 1200, "ms"],
      ["create", "requests", 40, ""],
    ],
    { create: 12_000 },
  );
  const b1 = results(
    [
      ["create", "up", 800, "ms"],
      ["create", "requests", 30, ""],
      ["create", "checkpoint bytes", 512, "B", "per instance"],
    ],
    { create: 9000 },
  );
  const b2 = results(
    [
      ["create", "up", 900, "ms"],
      ["create", "requests", 30, ""],
      ["create", "checkpoint bytes", 520, "B", "per instance"],
    ],
    { create: 9400 },
  );
  const c1 = results([["create", "up", 3300, "ms"]], { create: 33_000 });

  const lines = mergeResults([[a1, a2], [b1, b2], [c1]]);
  const byLabel = Object.fromEntries(lines.map((l) => [l.label, l]));

  it("takes each ref's median over its rounds", () => {
    expect(byLabel.up.rounds).toEqual([[1000, 1200], [800, 900], [3300]]);
    expect(byLabel.up.values).toEqual([1100, 850, 3300]);
    expect(byLabel[WALL_TIME].values).toEqual([11_000, 9200, 33_000]);
    // three rounds: the middle one, not the mean
    expect(mergeResults([[a1, a2, results([["create", "up", 5000, "ms"]], {})]])[0].values).toEqual([1200]);
  });

  it("gives each later ref its ratio to the first", () => {
    expect(byLabel.up.ratios[0]).toBeUndefined();
    expect(byLabel.up.ratios[1]).toBeCloseTo(850 / 1100, 10);
    expect(byLabel.up.ratios[2]).toBeCloseTo(3, 10);
    expect(byLabel.requests.ratios).toEqual([undefined, 0.75, undefined]);
  });

  it("keeps rows that only some refs have, undefined where missing, and no ratio to a missing baseline", () => {
    const bytes = byLabel["checkpoint bytes (per instance)"];
    expect(bytes.values).toEqual([undefined, 516, undefined]);
    expect(bytes.ratios).toEqual([undefined, undefined, undefined]);
    expect(byLabel.requests.values).toEqual([40, 30, undefined]);
  });

  it("orders lines as the figures first appear, grouped by scenario", () => {
    const noopOnlyInB = results([["noop", "preview", 700, "ms"]], { noop: 4000 });
    const merged = mergeResults([[a1], [noopOnlyInB, b1]]);
    expect(merged.map((l) => `${l.scenario}: ${l.label}`)).toEqual([
      "create: up",
      "create: requests",
      `create: ${WALL_TIME}`,
      "create: checkpoint bytes (per instance)",
      "noop: preview",
      `noop: ${WALL_TIME}`,
    ]);
  });

  it("a ref whose every run failed shows no value", () => {
    const merged = mergeResults([[a1], []]);
    expect(merged.find((l) => l.label === "up")?.values).toEqual([1000, undefined]);
  });

  it("the table shows formatted medians, – where missing, and the ratios", () => {
    const table = compareTable(lines, ["HEAD~1", ".", "main"]);
    const rows = table.split("\n");
    expect(rows[0]).toBe("| scenario | figure | HEAD~1 | . | main | . ÷ HEAD~1 | main ÷ HEAD~1 |");
    expect(rows).toContain("| create | up | 1.10 s | 0.85 s | 3.30 s | 0.77× | 3.00× |");
    expect(rows).toContain("| create | requests | 40 | 30 | – | 0.75× | – |");
    expect(rows).toContain("| create | checkpoint bytes (per instance) | – | 516 B | – | – | – |");
    expect(rows).toContain(`| create | ${WALL_TIME} | 11.0 s | 9.20 s | 33.0 s | 0.84× | 3.00× |`);
    expect(rows).toHaveLength(2 + lines.length);
  });
});

describe("headerLine", () => {
  it("names each ref with its sha and subject, the rounds and the load", () => {
    const line = headerLine({
      refs: [
        { ref: "HEAD~1", short: "abc1234567", subject: "before" },
        { ref: ".", short: "def7654321+", subject: "working tree" },
      ],
      rounds: 3,
      load: { before: 1.5, after: 2.25 },
    });
    expect(line).toContain("`HEAD~1` = abc1234567 “before”");
    expect(line).toContain("`.` = def7654321+ “working tree”");
    expect(line).toContain("3 rounds");
    expect(line).toContain("1.5 before, 2.25 after");
  });
});
