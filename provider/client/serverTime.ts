// Times the API layer writes itself (job records, error bodies) are the server's local time without offset,
// in whatever zone it runs (UTC−12 to UTC+14), from a clock that may be minutes off ours. So they are never
// compared with this process's clock or with the Date header: only with each other (a job's completed minus
// its created; one job's created against another's), and tied to this process's timeline through a reading,
// a server time known to have been current between two moments of this process's monotonic clock (sent and
// answered of the response that carried it). Elapsed time on our side comes from the monotonic clock too,
// so a wall-clock step here changes nothing.

/** A time as the server wrote it. */
export interface ServerTime {
  /**
   * Offset-less text read as if it were UTC: a position on the server's own local timeline, meaningful only
   * against another offset-less time of the same server. With an explicit offset (or epoch numbers): the
   * instant itself.
   */
  ms: number;
  /** What the last written digit is worth: 1 ms, 1 s, 1 min. */
  precisionMs: number;
  /** True when the value carried its offset (`Z`, `+02:00`) or was an epoch number: an instant. */
  zoned: boolean;
}

/** A timestamp as the API may write it: ISO text (with or without offset), epoch ms or epoch seconds. */
export function parseServerTime(v: unknown): ServerTime | undefined {
  if (typeof v === "number" && Number.isFinite(v) && v > 0) {
    if (v > 1e11) return { ms: v, precisionMs: Number.isInteger(v) ? 1 : 0, zoned: true };
    return { ms: v * 1000, precisionMs: Number.isInteger(v) ? 1000 : 1, zoned: true };
  }
  if (typeof v !== "string" || !/^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(v.trim())) return undefined;
  const s = v.trim().replace(" ", "T");
  const zoned = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(s);
  const ms = Date.parse(zoned ? s : `${s}Z`);
  if (Number.isNaN(ms)) return undefined;
  const fraction = /:\d\d\.(\d+)/.exec(s)?.[1];
  const seconds = /T\d\d:\d\d:\d\d/.test(s);
  const precisionMs = fraction
    ? Math.max(1, 10 ** (3 - Math.min(3, fraction.length)))
    : seconds
      ? 1000
      : 60_000;
  return { ms, precisionMs, zoned };
}

/** Two server times can be subtracted: both offset-less (the same server's local time) or both instants. */
export const comparable = (a: ServerTime, b: ServerTime): boolean => a.zoned === b.zoned;

/** This process's monotonic clock, in ms: never stepped by NTP or a user changing the time. */
export const monotonicNow = (): number => performance.now();

/** A server time that was current at some moment between `sentAt` and `receivedAt` (monotonic ms). */
export interface ServerClockReading {
  time: ServerTime;
  sentAt: number;
  receivedAt: number;
}

/** The `timestamp` of an error body (spec: the server's local time), as a reading. */
export function readingOf(body: unknown, sentAt: number, receivedAt: number): ServerClockReading | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const time = parseServerTime((body as { timestamp?: unknown }).timestamp);
  return time ? { time, sentAt, receivedAt } : undefined;
}

/**
 * What the server's clock read at monotonic moment `at`, on the reading's timeline: its earliest and latest
 * possible value and the middle estimate. The reading was taken at an unknown moment between sent and
 * answered, so the bounds are that span wide (plus the reading's precision).
 */
export function serverTimeAt(
  r: ServerClockReading,
  at: number,
): { earliest: number; latest: number; estimate: number } {
  return {
    earliest: r.time.ms + (at - r.receivedAt) - r.time.precisionMs,
    latest: r.time.ms + (at - r.sentAt) + r.time.precisionMs,
    estimate: r.time.ms + at - (r.sentAt + r.receivedAt) / 2,
  };
}

/** A server time in the API's own form, `yyyy-MM-ddTHH:mm:ss.SSS`, from a position on its local timeline. */
function localText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23);
}

/**
 * Where an instant of this process's wall clock falls on the server's own timeline, as the server would write
 * it: the reading ties the two clocks (`wallAt`: this process's wall clock when the reading was current, the
 * middle of its request), so the server's zone and its skew are both accounted for. A server that writes its
 * times with an offset gets an instant back (skew accounted for). Without a reading the spec's default holds:
 * offset-less times are taken as UTC.
 *
 * The offset measured is the server's at the reading: a time on the other side of a daylight-saving change of
 * the server's zone is off by that change (the server says nothing of its zone's rules).
 */
export function serverTextOf(instantMs: number, reading?: { time: ServerTime; wallAt: number }): string {
  if (!reading) return localText(instantMs);
  const at = reading.time.ms + (instantMs - reading.wallAt);
  return reading.time.zoned ? new Date(at).toISOString() : localText(at);
}
