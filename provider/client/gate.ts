// The count of requests in flight in this process, and the line of requests waiting for a slot. A request
// carries its own ceiling (cim:maxConcurrentRequests of the client that sends it); requests without one pass
// at once but are counted, so a ceiling holds against everything the process has in flight. Waiters are
// admitted strictly in arrival order: a request never overtakes an earlier one that is still waiting.

interface Waiter {
  limit: number;
  admit: () => void;
}

export class RequestGate {
  #inFlight = 0;
  readonly #line: Waiter[] = [];

  /** Requests of this process in flight now (sent and not yet fully answered). */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Requests waiting for a slot now. */
  get waiting(): number {
    return this.#line.length;
  }

  /**
   * Resolves when this request may go (then it counts as in flight until `release`). Rejects with the
   * signal's reason, leaving the line, when the caller gives up first.
   */
  acquire(limit = Number.POSITIVE_INFINITY, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const unlimited = limit === Number.POSITIVE_INFINITY;
    if (unlimited || (this.#line.length === 0 && this.#inFlight < limit)) {
      this.#inFlight++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#line.indexOf(waiter);
        if (at >= 0) this.#line.splice(at, 1);
        // The head may have been the one holding the others back.
        this.#drain();
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        limit,
        admit: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      this.#line.push(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** One request in flight has finished (answered, failed or timed out). */
  release(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#drain();
  }

  #drain(): void {
    while (this.#line.length > 0 && this.#inFlight < this.#line[0].limit) {
      const next = this.#line.shift()!;
      this.#inFlight++;
      next.admit();
    }
  }
}
