// Where the waiter checks a job first, from what earlier jobs of the same (region, command) showed. Two kinds of
// knowledge, two rules (jobHistory.ts keeps them):
//   - precise durations (the job record's own `created` / `completed`, or bounds close enough): the candidate
//     first check (a duration plus a small margin, or "at once") with the least expected detection lag over
//     them, a missed job costing the wait for the next check: a tight history gives its top, a spread one its
//     upper part, a command with both quick and slow jobs the quick ones' end (the slow ones are found by the
//     cadence);
//   - bounds only (an API without the job's times): a check that found a job ended says it took at most that
//     long, one that found it running says it took longer. While the longest "still running" L and the shortest
//     "ended by" H leave a gap worth exploring (below), a job checks first in the gap's middle (a bisection:
//     each answer halves the gap; up to 2 jobs at once take the middles of what the other leaves) and the
//     others at H, where jobs so far had always ended; once the gap is closed the first check is H, and
//     when L passes H (jobs of this key spread wider than the gap) it is past L by as much as they spread
//     (L − H, at least the margin): the top of the spread, found in a few misses.
// A missed first check costs one more check 2 s later (the spec's cadence). While the gap is about that wide
// (a run's first jobs leave 0–2 s), an exploring check costs as much on average as one at H, so exploring is
// free at first; it narrows the gap for every later job of the run.
// What it earns (bench/README.md, the `jobs` scenario, which runs both schedules in one run): a median detection
// lag of 0.09 s over a run's jobs, against 1.52 s for the schedule without it (at once, 2 s later, then 2–3 s).

export interface FirstCheckOptions {
  /** What one more check is worth, in ms of detection lag, when choosing among candidates. */
  checkCostMs: number;
  /** Added to a duration to make a candidate: a fraction of it, at least `marginMs`. */
  marginRatio: number;
  marginMs: number;
  /** Clamp of the adaptive first check. */
  minFirstDelayMs: number;
  maxFirstDelayMs: number;
  /** The first check without history (0: at once), also always a candidate. */
  defaultFirstDelayMs: number;
  /** Jobs of one key exploring the bounds' gap at once, at most. */
  maxExplorers: number;
}

/** The cadence after the first check: the second check `minMs` later, later ones `meanMs` apart on average. */
export interface Cadence {
  minMs: number;
  meanMs: number;
}

/** One job seen by its checks, in ms after its wait began: running when `lowerMs` was sent, ended by `upperMs`. */
export interface JobBounds {
  lowerMs: number;
  /** Infinity: only seen running. */
  upperMs: number;
}

export interface FirstCheck {
  delayMs: number;
  /** This job checks inside the gap of the bounds, to narrow it (one job of a key at a time). */
  explore: boolean;
}

const clampTo = (o: FirstCheckOptions, ms: number) =>
  Math.round(Math.min(o.maxFirstDelayMs, Math.max(o.minFirstDelayMs, ms)));

const margin = (o: FirstCheckOptions, ms: number) => Math.max(o.marginMs, ms * o.marginRatio);

/**
 * Of the candidates (each duration plus the margin, and the default), the one with the least expected cost over
 * the durations: a job that ends before the check costs the wait until it; one that ends after costs the wait
 * for the next check (the second comes `minMs` after the first; further away, half an interval on average) and
 * `checkCostMs` per extra check.
 */
export function cheapestFirstCheck(samples: readonly number[], o: FirstCheckOptions, c: Cadence): number {
  const candidates = new Set([
    clampTo(o, o.defaultFirstDelayMs),
    ...samples.map((d) => clampTo(o, d + margin(o, d))),
  ]);
  let best = clampTo(o, o.defaultFirstDelayMs);
  let bestCost = Number.POSITIVE_INFINITY;
  for (const at of [...candidates].sort((a, b) => b - a)) {
    let cost = 0;
    for (const d of samples) {
      cost +=
        d <= at
          ? at - d
          : Math.max(c.meanMs / 2, at + c.minMs - d) + o.checkCostMs * (1 + (d - at) / c.meanMs);
    }
    // Later candidates first: on a tie, the one with fewer checks wins.
    if (cost < bestCost - 1e-6) {
      bestCost = cost;
      best = at;
    }
  }
  return best;
}

/**
 * The first check from bounds alone (see the header), or undefined when they say nothing yet. `exploring`: the
 * first checks other jobs of the key are exploring now; a new explorer takes the middle of the widest part of
 * the gap they leave. `ended`: how many jobs of the key have ended so far, the guess of how many are to come.
 */
export function boundedFirstCheck(
  bounds: readonly JobBounds[],
  o: FirstCheckOptions,
  c: Cadence,
  explore: { exploring: readonly number[]; claim: boolean; ended: number },
): FirstCheck | undefined {
  let high = Number.POSITIVE_INFINITY;
  let low = 0;
  for (const b of bounds) {
    high = Math.min(high, b.upperMs);
    low = Math.max(low, b.lowerMs);
  }
  if (!Number.isFinite(high)) return undefined; // only seen running: no end to aim at yet
  // Spread: past the longest "still running" by as much as the spread seen so far (at least the margin), so a
  // run of misses doubles the step instead of creeping up by the margin.
  if (low >= high) return { delayMs: clampTo(o, low + Math.max(margin(o, low), low - high)), explore: false };
  // An exploring check in a gap W wide costs (minMs − W) / 2 more than one at H on average (a miss waits
  // minMs); halving the gap saves W / 4 for each job to come, guessed as many as have ended. So a gap is
  // explored while W > 2·minMs / (ended + 2): a run's first gaps of about 2 s at once, finer ones as it goes on.
  const tolerance = Math.max(2 * o.marginMs, high * o.marginRatio, (2 * c.minMs) / (explore.ended + 2));
  const points = [low, ...explore.exploring.filter((p) => p > low && p < high), high].sort((a, b) => a - b);
  let widest = 0;
  for (let i = 1; i < points.length; i++) {
    if (points[i] - points[i - 1] > points[widest + 1] - points[widest]) widest = i - 1;
  }
  const [from, to] = [points[widest], points[widest + 1]];
  if (!explore.claim || to - from <= tolerance || explore.exploring.length >= o.maxExplorers) {
    return { delayMs: clampTo(o, high), explore: false };
  }
  return { delayMs: clampTo(o, (from + to) / 2), explore: true };
}
