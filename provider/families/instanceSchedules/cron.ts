// Five-field cron expressions as the platform reads them (CloudStack's VM schedules parse them with Spring's
// CronExpression after a leading seconds field): minute hour day-of-month month day-of-week; `*`, `?` (days),
// lists, ranges, steps, month and day names. Pure.

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

interface CronField {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** The value of names[0]. */
  first?: number;
  /** `?` (no specific value) is allowed. */
  any?: boolean;
}

const FIELDS: CronField[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31, any: true },
  { name: "month", min: 1, max: 12, names: MONTHS, first: 1 },
  // 0 and 7 are Sunday
  { name: "day of week", min: 0, max: 7, names: DAYS, first: 0, any: true },
];

function fieldValue(text: string, f: CronField): number | undefined {
  const named = f.names?.indexOf(text.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + (f.first ?? 0) : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return n >= f.min && n <= f.max ? n : undefined;
}

/** What is wrong with a five-field cron expression, or undefined when the platform takes it. */
export function cronProblem(expression: string): string | undefined {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) {
    return `expected minute hour day-of-month month day-of-week, found ${parts.length} field(s) in "${expression}"`;
  }
  for (const [i, part] of parts.entries()) {
    const f = FIELDS[i];
    for (const item of part.split(",")) {
      const [range, step, extra] = item.split("/");
      if (extra !== undefined || (step !== undefined && !/^[1-9]\d*$/.test(step))) {
        return `the ${f.name} field "${item}" has a bad step (write */n or a-b/n)`;
      }
      if (range === "*" || (range === "?" && f.any)) continue;
      const [from, to, more] = range.split("-");
      const a = fieldValue(from ?? "", f);
      const b = to === undefined ? a : fieldValue(to, f);
      if (more !== undefined || a === undefined || b === undefined || a > b) {
        const names = f.names ? ` or ${f.names[0]}-${f.names[f.names.length - 1]}` : "";
        return `the ${f.name} field "${item}" is not a value or range of ${f.min}-${f.max}${names}`;
      }
    }
  }
  return undefined;
}
