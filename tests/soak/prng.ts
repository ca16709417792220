// The soak's randomness: one seeded generator (mulberry32) per round, so a round replays from its seed alone.
// No dependency: 32 bits of state are plenty for drawing programs and trouble.

export class Rng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error("Rng.pick: nothing to pick from");
    return items[Math.floor(this.next() * items.length)];
  }

  /** Up to `n` distinct items, in random order. */
  some<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.max(0, n));
  }

  /** A short lower-case word, for names and tag values. */
  word(len = 6): string {
    const letters = "abcdefghijkmnpqrstuvwxyz";
    return Array.from({ length: len }, () => letters[this.int(0, letters.length - 1)]).join("");
  }
}

/** The seed of round `round` of a run seeded `seed`: every round replays alone from (seed, round). */
export function roundSeed(seed: number, round: number): number {
  const r = new Rng((seed ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0);
  r.next();
  return Math.floor(r.next() * 4294967296) >>> 0;
}
