// Five-field cron expressions as the platform reads them: CloudStack's VM schedules put "0 " (the seconds) before
// the schedule and parse it with Spring's CronExpression (VMScheduleManagerImpl.parseSchedule), whose rules these
// are (CronField, BitsCronField, QuartzCronField): minute hour day-of-month month day-of-week; `*`, lists, ranges,
// steps; `?` as a whole day field; month names JAN-DEC and day names MON=1 … SUN=7, in any case (0 is Sunday too);
// a range may not end before it starts, except that Sunday starting a range is 0 (SUN-SAT, 7-6: every day); and
// Quartz's `L`, `W` (day of month: L, LW, L-n, nW) and `L`, `#` (day of week: nL, n#k). Pure.

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** Spring's day names: MON is 1, SUN 7 (java.time); cron's 0 is Sunday as well. */
const DAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

interface CronField {
  name: string;
  min: number;
  max: number;
  /** The names written for values 1, 2, …, as Spring replaces them. */
  names?: string[];
  /** A day field: `?` (no specific value) as the whole field. */
  day?: "month" | "week";
  /** How a message shows the field's range. */
  shown: string;
}

const FIELDS: CronField[] = [
  { name: "minute", min: 0, max: 59, shown: "0-59" },
  { name: "hour", min: 0, max: 23, shown: "0-23" },
  { name: "day of month", min: 1, max: 31, day: "month", shown: "1-31, L, LW, L-n or nW" },
  { name: "month", min: 1, max: 12, names: MONTHS, shown: "1-12 or JAN-DEC" },
  {
    name: "day of week",
    min: 0,
    max: 7,
    names: DAYS,
    day: "week",
    shown: "0-7 or MON-SUN (0 and 7 are Sunday), nL or n#k",
  },
];

const whole = (t: string) => (/^\d+$/.test(t) ? Number(t) : undefined);
const inRange = (n: number | undefined, f: CronField) => n !== undefined && n >= f.min && n <= f.max;

/**
 * Spring's names to numbers (CronField.replaceOrdinals): a field with names is upper-cased and each name replaced
 * where it stands; one without (day of month: its `L` and `W` are upper case only) is left as written.
 */
const numbered = (item: string, f: CronField) =>
  f.names ? f.names.reduce((t, name, i) => t.split(name).join(String(i + 1)), item.toUpperCase()) : item;

/** Quartz's forms of an item (QuartzCronField): true when taken, false when refused, undefined when not one. */
function quartz(item: string, f: CronField): boolean | undefined {
  if (f.day === "month" && /[LW]/.test(item)) {
    if (item === "L" || item === "LW") return true;
    const offset = /^L-(\d+)$/.exec(item);
    if (offset) return Number(offset[1]) > 0;
    const near = /^(\d+)W$/.exec(item);
    return near ? inRange(Number(near[1]), f) : false;
  }
  if (f.day === "week" && /[L#]/.test(item)) {
    const m = /^(\d+)(?:L|#(\d+))$/.exec(item);
    return m ? inRange(Number(m[1]), f) && (m[2] === undefined || Number(m[2]) > 0) : false;
  }
  return undefined;
}

/** What is wrong with one item of a field (a value, range, step or Quartz form), or undefined. */
function itemProblem(original: string, f: CronField): string | undefined {
  const item = numbered(original, f);
  const q = quartz(item, f);
  if (q !== undefined)
    return q ? undefined : `the ${f.name} field "${original}" is not a value or range of ${f.shown}`;
  const slash = item.indexOf("/");
  const [range, step] = slash < 0 ? [item, undefined] : [item.slice(0, slash), item.slice(slash + 1)];
  if (step !== undefined && !((whole(step) ?? 0) > 0)) {
    return `the ${f.name} field "${original}" has a bad step (write */n, a/n or a-b/n with n at least 1)`;
  }
  if (range === "*") return undefined;
  const hyphen = range.indexOf("-");
  const [from, to] = hyphen < 0 ? [range, range] : [range.slice(0, hyphen), range.slice(hyphen + 1)];
  let a = whole(from);
  const b = whole(to);
  if (!inRange(a, f) || !inRange(b, f)) {
    return `the ${f.name} field "${original}" is not a value or range of ${f.shown}`;
  }
  // Sunday starting a range is 0, not 7 (BitsCronField.parseRange)
  if (f.day === "week" && hyphen >= 0 && a === 7) a = 0;
  if ((a as number) > (b as number)) {
    return `the ${f.name} field "${original}" is a range that ends before it starts (write the lower end first${f.day === "week" ? "; the week runs MON-SUN, 1-7, and SUN may start a range as 0" : ""})`;
  }
  return undefined;
}

/** What is wrong with a five-field cron expression, or undefined when the platform takes it. */
export function cronProblem(expression: string): string | undefined {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) {
    return `expected minute hour day-of-month month day-of-week, found ${parts.length} field(s) in "${expression}"`;
  }
  for (const [i, part] of parts.entries()) {
    const f = FIELDS[i];
    // `?` is any day, as the whole field only (BitsCronField.parseDate)
    if (part === "?" && f.day) continue;
    for (const item of part.split(",")) {
      const problem = itemProblem(item, f);
      if (problem) return problem;
    }
  }
  return undefined;
}
