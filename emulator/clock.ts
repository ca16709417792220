// The job clock: real time plus an offset, which tests can pause, hold and advance.
export class Clock {
  private offsetMs = 0;
  private pausedAt: number | undefined;
  private heldAt: number | undefined;

  now(): number {
    return (this.pausedAt ?? this.heldAt ?? Date.now()) + this.offsetMs;
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

  reset(): void {
    this.offsetMs = 0;
    this.pausedAt = undefined;
    this.heldAt = undefined;
  }

  describe() {
    return {
      paused: this.paused,
      held: this.held,
      now: new Date(this.now()).toISOString(),
      offsetMs: this.offsetMs,
    };
  }
}
