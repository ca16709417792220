// Types of bench/lib/compare.mjs, for its tests (tests/bench/compare.test.ts).

/** A row of bench/results/latest.json (bench/lib/report.mjs `row`). */
export interface BenchRow {
  scenario: string;
  metric: string;
  figure: unknown;
  unit?: string;
  note?: string;
  [k: string]: unknown;
}
/** What bench/run.mjs writes (the parts read here). */
export interface BenchResults {
  rows?: BenchRow[];
  scenarios?: Record<string, { ms?: number; error?: string; [k: string]: unknown }>;
  [k: string]: unknown;
}
export interface Figure {
  key: string;
  scenario: string;
  label: string;
  unit: string;
  value: unknown;
}
export interface Line {
  scenario: string;
  label: string;
  unit: string;
  rounds: unknown[][];
  values: unknown[];
  ratios: (number | undefined)[];
}
export const WALL_TIME: string;
export function rotation<T>(refs: T[], round: number): T[];
export function figureLabel(r: BenchRow): string;
export function figuresOf(results: BenchResults): Figure[];
export function combine(values: unknown[]): unknown;
export function ratio(value: unknown, base: unknown): number | undefined;
export function mergeResults(perRef: BenchResults[][]): Line[];
export function compareTable(lines: Line[], labels: string[]): string;
export function headerLine(o: {
  refs: { ref: string; short: string; subject: string }[];
  rounds: number;
  load: { before: number; after: number };
}): string;
