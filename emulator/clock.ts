// The job clock: real time plus an offset, which tests can pause and advance.
export class Clock {
  private offsetMs = 0;
  private pausedAt: number | undefined;

  now(): number {
    return (this.pausedAt ?? Date.now()) + this.offsetMs;
  }

  get paused(): boolean {
    return this.pausedAt !== undefined;
  }

  pause(): void {
    if (this.pausedAt === undefined) this.pausedAt = Date.now();
  }

  resume(): void {
    if (this.pausedAt === undefined) return;
    // Keep the clock continuous: the paused span does not count as elapsed time.
    this.offsetMs -= Date.now() - this.pausedAt;
    this.pausedAt = undefined;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
    this.pausedAt = undefined;
  }

  describe() {
    return { paused: this.paused, now: new Date(this.now()).toISOString(), offsetMs: this.offsetMs };
  }
}
