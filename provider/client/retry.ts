// Retry policy in one place: which failures are transient, how long to wait (capped exponential backoff with
// jitter, Retry-After honoured within bounds), how many times. Reads use it directly; mutations use it only
// after the lost-answer protocol (recovery.ts) has established that the request did not land.

import { ApiError, ConnectionError, InvalidResponseError, RequestTimeoutError } from "./errors";

export interface RetryOptions {
  /**
   * Retries after the first attempt: of a read, and of a mutation shown not to have landed (or refused
   * before it was sent). Default 2 (three attempts in all).
   */
  maxRetries?: number;
  /** Retries of a read alone (cim:maxRetries); default: maxRetries. Mutations keep maxRetries. */
  maxReadRetries?: number;
  /** First backoff delay. Default 500 ms. */
  baseDelayMs?: number;
  /** Backoff ceiling. Default 8 s. */
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the 429 is thrown. Default 30 s. */
  maxRetryAfterMs?: number;
  /** Random source in [0, 1), injectable for tests. */
  random?: () => number;
}

export type RetryPolicy = Required<RetryOptions>;

/** Retries when none are given: three attempts in all. */
export const DEFAULT_MAX_RETRIES = 2;

export function retryPolicy(o: RetryOptions = {}): RetryPolicy {
  const maxRetries = Math.max(0, Math.floor(o.maxRetries ?? DEFAULT_MAX_RETRIES));
  return {
    maxRetries,
    maxReadRetries: Math.max(0, Math.floor(o.maxReadRetries ?? maxRetries)),
    baseDelayMs: o.baseDelayMs ?? 500,
    maxDelayMs: o.maxDelayMs ?? 8_000,
    maxRetryAfterMs: o.maxRetryAfterMs ?? 30_000,
    random: o.random ?? Math.random,
  };
}

/** Failures worth another attempt of a read: connection, timeout, 408, 429, 5xx, unparseable 2xx bodies. */
export function isTransient(err: unknown): boolean {
  if (err instanceof ConnectionError || err instanceof RequestTimeoutError) return true;
  if (err instanceof InvalidResponseError) return err.reason === "json";
  if (err instanceof ApiError) return err.status === 408 || err.status === 429 || err.status >= 500;
  return false;
}

/**
 * Delay before attempt `attempt + 1` (attempt is 1-based), or undefined when the error says not to retry.
 * A Retry-After is honoured on any status that sends it (429, and 503 as RFC 9110 has it), within bounds.
 */
export function retryDelay(err: unknown, attempt: number, p: RetryPolicy): number | undefined {
  if (err instanceof ApiError && err.retryAfterMs !== undefined) {
    if (err.retryAfterMs > p.maxRetryAfterMs) return undefined;
    return err.retryAfterMs;
  }
  return backoff(attempt, p);
}

/** Exponential backoff, capped, with jitter in [75 %, 100 %] so retries spread without shrinking too far. */
export function backoff(attempt: number, p: RetryPolicy): number {
  const exp = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.75 + 0.25 * p.random()));
}

/**
 * Parses Retry-After (seconds or an HTTP date) and retry-after-ms. A date is the server's clock, so it is measured
 * against the same answer's Date header (the server's clock too) when there is one: a server whose clock runs
 * minutes ahead of ours still means the seconds it asks for. Only without a Date header does this process's clock
 * stand in.
 */
export function parseRetryAfter(
  retryAfter: string | undefined,
  retryAfterMs: string | undefined,
  serverDate?: string,
  now = Date.now(),
): number | undefined {
  if (retryAfterMs !== undefined && /^\d+(?:\.\d+)?$/.test(retryAfterMs.trim())) {
    return Math.round(Number(retryAfterMs));
  }
  if (retryAfter === undefined) return undefined;
  const v = retryAfter.trim();
  if (/^\d+(?:\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  const sent = serverDate === undefined ? Number.NaN : Date.parse(serverDate);
  return Math.max(0, date - (Number.isNaN(sent) ? now : sent));
}

/** Sleeps, rejecting with the signal's reason if it fires first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
