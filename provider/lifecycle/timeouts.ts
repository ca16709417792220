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

/**
 * Where an operation's deadline comes from: the program's `timeouts` input, Pulumi's `customTimeouts` option (the
 * plugin is given it apart), the kind's default (neither given), or, on the dynamic path, where the SDK folds
 * customTimeouts into the `timeouts` input, either of the two (`given`).
 */
export type DeadlineSource = "timeouts" | "customTimeouts" | "given" | "default";

/** The hidden input the plugin adds to an operation's inputs: where its deadline comes from (DeadlineSource). */
export const DEADLINE_FROM = "__deadlineFrom";

/** Where the deadline of `op` comes from for a resource of inputs (or old outputs) `rec`. */
export function deadlineSource(rec: Record<string, unknown>, op: Operation): DeadlineSource {
  const marked = rec[DEADLINE_FROM];
  if (marked && typeof marked === "object" && op in marked)
    return (marked as Record<Operation, DeadlineSource>)[op];
  const t = rec.timeouts;
  const given = t && typeof t === "object" ? (t as Record<string, unknown>)[op] : undefined;
  return given === undefined || given === null ? "default" : "given";
}

/** Where each operation's deadline comes from for a resource of inputs (or old outputs) `rec`. */
export const deadlineSources = (rec: Record<string, unknown>): Record<Operation, DeadlineSource> => ({
  create: deadlineSource(rec, "create"),
  update: deadlineSource(rec, "update"),
  delete: deadlineSource(rec, "delete"),
});

/**
 * What messages say of the deadline of `op`: `name`, short (a progress line's "up to 60 s: <name>"); `long`, what the
 * deadline is (an error's "The deadline is <long>"); `raise`, how to give a longer one.
 */
export function deadlineText(
  op: Operation,
  from: DeadlineSource | undefined,
): { name: string; long: string; raise: string } {
  const example = `e.g. timeouts: { ${op}: "30m" }`;
  switch (from) {
    case "customTimeouts":
      return {
        name: `customTimeouts.${op}`,
        long: `the resource's customTimeouts.${op} (the option)`,
        raise: `raise customTimeouts.${op}, e.g. customTimeouts: { ${op}: "30m" } (or set the timeouts input, which wins over it)`,
      };
    case "timeouts":
      return { name: `timeouts.${op}`, long: `the resource's timeouts.${op}`, raise: `raise it, ${example}` };
    case "default":
      return {
        name: `the default for ${op}`,
        long: `the default for ${op}, neither timeouts.${op} nor customTimeouts.${op} being given`,
        raise: `give a longer one, ${example} (or the customTimeouts option)`,
      };
    default:
      return {
        name: `timeouts.${op}`,
        long: `the resource's timeouts.${op}, or its customTimeouts.${op} where timeouts leaves it out`,
        raise: `raise it, ${example}`,
      };
  }
}
