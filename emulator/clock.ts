// The server's clock: real time plus a skew (a server whose clock runs ahead of or behind the client's) plus
// an offset tests can pause, hold and advance. Jobs, error bodies, audit rows and the Date header all read
// it. Instants stay epoch ms; only what the API layer writes without an offset is formatted, as local time
// in the server's time zone (`local`).

export interface ClockOptions {
  /** IANA zone of the server's local time. Default: this process's zone (TZ), as a real server would. */
  timeZone?: string;
  /** How far the server's clock is ahead of real time (negative: behind), in ms. Default 0. */
  skewMs?: number;
}

/** The zone this process runs in (TZ, else the system's). */
export const processTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError naming the value when it is not a zone this Node knows. */
export function checkTimeZone(timeZone: string): string {
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    throw new RangeError(
      `Unknown time zone "${timeZone}": give an IANA name such as UTC, Pacific/Honolulu or Pacific/Kiritimati`,
    );
  }
}

/**
 * The one way the API layer writes a time: local time of `timeZone` at instant `ms`, yyyy-MM-ddTHH:mm:ss.SSS,
 * no offset (spec, Value conventions 3).
 */
export function localTime(ms: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  const millis = String(((ms % 1000) + 1000) % 1000).padStart(3, "0");
  return (
    `${parts.year.padStart(4, "0")}-${parts.month}-${parts.day}T` +
    `${parts.hour}:${parts.minute}:${parts.second}.${millis}`
  );
}

export class Clock {
  private offsetMs = 0;
  private pausedAt: number | undefined;
  private heldAt: number | undefined;
  private zone: string;
  private skew: number;
  private readonly initial: Required<ClockOptions>;

  constructor(o: ClockOptions = {}) {
    this.initial = { timeZone: checkTimeZone(o.timeZone ?? processTimeZone()), skewMs: o.skewMs ?? 0 };
    this.zone = this.initial.timeZone;
    this.skew = this.initial.skewMs;
  }

  now(): number {
    return (this.pausedAt ?? this.heldAt ?? Date.now()) + this.offsetMs + this.skew;
  }

  /** The server's local time (now, or at instant `ms`) as the API layer writes it. */
  local(ms: number = this.now()): string {
    return localTime(ms, this.zone);
  }

  get timeZone(): string {
    return this.zone;
  }

  set timeZone(timeZone: string) {
    this.zone = checkTimeZone(timeZone);
  }

  get skewMs(): number {
    return this.skew;
  }

  /** A server clock ahead of (positive) or behind (negative) real time; moves now() and the Date header. */
  set skewMs(ms: number) {
    this.skew = ms;
  }

  /** Paused: time stands still and nothing settles until an explicit advance. */
  get paused(): boolean {
    return this.pausedAt !== undefined;
  }

  /** Held: time stands still but what is due still settles; only advance() moves it (job mode "clock"). */
  get held(): boolean {
    return this.heldAt !== undefined;
  }

  pause(): void {
    if (this.pausedAt === undefined) this.pausedAt = this.heldAt ?? Date.now();
  }

  resume(): void {
    if (this.pausedAt === undefined) return;
    // Keep the clock continuous: the paused span does not count as elapsed time.
    if (this.heldAt === undefined) this.offsetMs -= Date.now() - this.pausedAt;
    this.pausedAt = undefined;
  }

  hold(): void {
    if (this.heldAt === undefined) this.heldAt = this.pausedAt ?? Date.now();
  }

  release(): void {
    if (this.heldAt === undefined) return;
    if (this.pausedAt === undefined) this.offsetMs -= Date.now() - this.heldAt;
    this.heldAt = undefined;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the zone and skew the server started with, running, not advanced. */
  reset(): void {
    this.offsetMs = 0;
    this.pausedAt = undefined;
    this.heldAt = undefined;
    this.zone = this.initial.timeZone;
    this.skew = this.initial.skewMs;
  }

  describe() {
    const now = this.now();
    return {
      paused: this.paused,
      held: this.held,
      now: new Date(now).toISOString(),
      local: this.local(now),
      timeZone: this.zone,
      skewMs: this.skew,
      offsetMs: this.offsetMs,
    };
  }
}
