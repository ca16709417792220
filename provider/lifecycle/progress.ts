// Every long wait says what it waits for. Pulumi shows a dynamic provider's operation only as "deleting…" with a
// timer, and a job that takes twenty minutes (a stuck job, a platform that expunges a day later) looks hung. So a
// wait that lasts reports, at least every PROGRESS_EVERY_MS, through the engine's log: which resource, what it
// waits for (the job and its command, the state it waits out), how long so far and its deadline.

import { engineStatus } from "./engineLog";
import { type DeadlineSource, deadlineText, type Operation } from "./timeouts";

/**
 * What a report names of the session that waits (a Session of session.ts, which reports its job waits through
 * here): the kind, the resource as far as known, and the deadlines.
 */
export interface Waiting {
  kind: string;
  timeouts: Record<Operation, number>;
  timeoutsFrom?: Partial<Record<Operation, DeadlineSource>>;
  subject?: { name?: unknown; id?: string };
}

/** Under the 30 s a user waits before wondering whether anything happens. */
export const PROGRESS_EVERY_MS = 20_000;

/** The report interval: CIM_PROGRESS_INTERVAL_MS overrides it (tests, a chattier run). */
export function progressEveryMs(): number {
  const v = Number(process.env.CIM_PROGRESS_INTERVAL_MS);
  return process.env.CIM_PROGRESS_INTERVAL_MS !== undefined && Number.isFinite(v) && v > 0
    ? v
    : PROGRESS_EVERY_MS;
}

/** `cim:Instance "web-1" (id …)`: the resource a session works on, as far as it is known. */
export function subjectOf(s: Waiting): string {
  const name = typeof s.subject?.name === "string" && s.subject.name ? ` "${s.subject.name}"` : "";
  const id = s.subject?.id ? ` (id ${s.subject.id})` : "";
  return `cim:${s.kind}${name}${id}`;
}

/** The waits of each session under way, outermost first: what each would report now. */
const waitsOf = new WeakMap<Waiting, (() => string | undefined)[]>();

/**
 * Runs `wait`, reporting every interval while it lasts: `<resource>: <op>: waiting for <what> (<n> s so far, up to
 * <m> s: timeouts.<op>)`. `what` is read at each report, so it can say the latest status. Waits nest (a delete
 * retried while the platform refuses it waits for each attempt's job): a wait within another reports only while
 * the enclosing ones have nothing to say (their `what` gives undefined), so one line says why the run waits. Reports
 * stop with the wait, however it ends, with one that says it ended; a report that cannot be shown never fails the
 * wait.
 */
export async function reporting<T>(
  s: Waiting,
  op: Operation,
  what: string | (() => string | undefined),
  wait: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  const limitS = Math.round(s.timeouts[op] / 1000);
  const text = typeof what === "function" ? what : () => what;
  const waits = waitsOf.get(s) ?? [];
  waitsOf.set(s, waits);
  waits.push(text);
  let reported: string | undefined;
  const timer = setInterval(() => {
    // the waits begun before this one and still under way enclose it
    if (waits.slice(0, waits.indexOf(text)).some((t) => t() !== undefined)) return;
    const now = text();
    if (now === undefined) return;
    const waitedS = Math.round((Date.now() - started) / 1000);
    reported = now;
    void engineStatus(
      `${subjectOf(s)}: ${op}: waiting for ${now} (${waitedS} s so far, up to ${limitS} s: ${deadlineText(op, s.timeoutsFrom?.[op]).name})`,
    );
  }, progressEveryMs());
  timer.unref?.();
  try {
    return await wait();
  } finally {
    clearInterval(timer);
    const at = waits.indexOf(text);
    if (at >= 0) waits.splice(at, 1);
    // the engine shows a resource's last status beside its outcome ("created (30s)"): a wait that reported says it
    // ended, so that line does not go on saying it waits
    if (reported !== undefined)
      void engineStatus(
        `${subjectOf(s)}: ${op}: done waiting for ${text() ?? reported} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
  }
}
