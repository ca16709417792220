// Per-resource timeouts. The engine does not pass customTimeouts to dynamic providers, so every kind takes a
// `timeouts` input: {create?, update?, delete?}, each a number of milliseconds or a duration text such as
// "90s", "10m", "1h30m" or "500ms". They bound how long the provider waits for the API's jobs.

export type Operation = "create" | "update" | "delete";
export type TimeoutValue = number | string;
export type TimeoutsInput = Partial<Record<Operation, TimeoutValue>>;
export type Timeouts = Record<Operation, number>;

/** 20 minutes for each operation: deploys wait for a whole VM; the spec gives no upper bound. */
export const DEFAULT_TIMEOUT_MS = 20 * 60_000;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;

/** Milliseconds from a number (ms) or a duration text; undefined when the value is not one. */
export function parseDuration(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) && v > 0 ? Math.round(v) : undefined;
  if (typeof v !== "string") return undefined;
  const text = v.trim().toLowerCase();
  if (/^\d+$/.test(text)) return parseDuration(Number(text));
  if (!DURATION.test(text)) return undefined;
  let ms = 0;
  for (const [, n, unit] of text.matchAll(PART)) ms += Number(n) * UNIT_MS[unit];
  return ms > 0 ? Math.round(ms) : undefined;
}

export interface TimeoutProblem {
  /** The operation key at fault; absent when the whole value is wrong. */
  key?: string;
  message: string;
}

/** Why a timeouts input is invalid; empty when it is fine. */
export function timeoutProblems(input: unknown): TimeoutProblem[] {
  if (input === undefined || input === null) return [];
  if (typeof input !== "object" || Array.isArray(input)) {
    return [{ message: 'must be an object such as { create: "30m", delete: "10m" }' }];
  }
  const problems: TimeoutProblem[] = [];
  for (const [key, v] of Object.entries(input)) {
    if (key !== "create" && key !== "update" && key !== "delete") {
      problems.push({ key, message: "is not an operation: use create, update or delete" });
    } else if (v !== undefined && v !== null && parseDuration(v) === undefined) {
      problems.push({
        key,
        message: `must be a positive number of milliseconds or a duration such as "90s", "10m" or "1h30m" (got ${JSON.stringify(v)})`,
      });
    }
  }
  return problems;
}

/** The effective timeouts in ms, defaults filled in. */
export function resolveTimeouts(input: unknown): Timeouts {
  const t = (input && typeof input === "object" ? input : {}) as TimeoutsInput;
  return {
    create: parseDuration(t.create) ?? DEFAULT_TIMEOUT_MS,
    update: parseDuration(t.update) ?? DEFAULT_TIMEOUT_MS,
    delete: parseDuration(t.delete) ?? DEFAULT_TIMEOUT_MS,
  };
}

/**
 * A kind's own defaults (a cluster's create takes tens of minutes) under the program's `timeouts` input: what
 * the program gives wins, operation by operation.
 */
export function withDefaults(input: unknown, defaults: TimeoutsInput | undefined): unknown {
  if (!defaults) return input;
  const given = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(given)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

/** "20m", "90s", "1500ms": for messages. */
export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1_000 === 0) return `${ms / 1_000}s`;
  return `${ms}ms`;
}
