// The adaptive first check (provider/client/firstCheck.ts, jobHistory.ts) through waitForJob on a fake clock:
// checks at once without history, learns within the run from its first jobs (with the job's own times and
// without them), explores one job at a time, never polls faster than 2 s after the first check. Poll counts and
// check times are exact here (fake timers, reads answered at once), never wall-clock figures.
import { afterEach, describe, expect, it, vi } from "vitest";
import { JobFailedError, WaitAbortedError, WaitTimeoutError, waitForJob } from "../../provider/client";
import { durationKey, JobDurations } from "../../provider/client/jobHistory";
import type { Job } from "../../provider/client/records";

const job = (status: string, extra: Partial<Job> = {}): Job => ({ jobId: "j1", status, ...extra });

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A job that ends `durationMs` after the wait starts (fake clock), and the times its checks were sent.
 * `times`: give the record created/completed as the emulator does.
 */
function timedJob(durationMs: number, times = false, answerMs = 0) {
  const t0 = Date.now();
  const at: number[] = [];
  const read = vi.fn(async () => {
    const now = Date.now();
    at.push(now - t0);
    // The answer's round trip (fake clock): the job is read as it was when the check reached the server.
    if (answerMs) await new Promise((r) => setTimeout(r, answerMs));
    if (now - t0 < durationMs) return job("running", times ? { created: new Date(t0).toISOString() } : {});
    return job("success", {
      ...(times
        ? { created: new Date(t0).toISOString(), completed: new Date(t0 + durationMs).toISOString() }
        : {}),
    });
  });
  return { read, at };
}

type Options = Parameters<typeof waitForJob>[3];

/** Waits on jobs of these durations, all started at once; answers each one's check times (ms after its start). */
async function together(durations: number[], o: Options, times = false): Promise<number[][]> {
  const jobs = durations.map((d) => timedJob(d, times));
  const done = jobs.map(({ read }) => waitForJob(read, "j1", "r", { random: () => 0.5, ...o }));
  await vi.advanceTimersByTimeAsync(2 * Math.max(...durations) + 15_000);
  for (const d of done) await expect(d).resolves.toMatchObject({ status: "success" });
  return jobs.map((j) => j.at);
}

/** One wait to the end; answers its check times. */
const timedWait = async (durationMs: number, o: Options, times = false) =>
  (await together([durationMs], o, times))[0];

const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]);
const DEPLOY = "instance.deploy";
const KEY = durationKey("r", DEPLOY);

describe("without history", () => {
  it("checks at once, then 2 s later: an instant job is seen at once, a 2 s job at its end", async () => {
    vi.useFakeTimers();
    expect(await timedWait(0, { command: DEPLOY, history: new JobDurations() }, true)).toEqual([0]);
    // +1 ms: p-wait-for's zero interval is a 1 ms timer in Node.
    expect(await timedWait(2_000, { command: DEPLOY, history: new JobDurations() }, true)).toEqual([0, 2001]);
    // No command, or adaptive: false: the same schedule, and nothing learnt.
    const history = new JobDurations();
    expect(await timedWait(2_000, { history })).toEqual([0, 2001]);
    expect(await timedWait(2_000, { command: DEPLOY, history, adaptive: false })).toEqual([0, 2001]);
    expect(history.firstDelay(KEY)).toBeUndefined();
  });
});

describe("learnt within the run", () => {
  it("with the job's own times: from the first jobs on, one check each at the duration plus 1 % (at least 25 ms)", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    // A first wave of 8 at once (the engine's parallelism), then the rest: all 2 s deploys.
    const first = await together(Array(8).fill(2_000), { command: DEPLOY, history }, true);
    for (const at of first) expect(at).toEqual([0, 2001]);
    expect(history.samples(KEY)).toHaveLength(8);
    const rest = await together(Array(8).fill(2_000), { command: DEPLOY, history }, true);
    for (const at of rest) expect(at).toEqual([2026]);
    // Instant jobs: checked at once.
    const quick = new JobDurations();
    await timedWait(0, { command: DEPLOY, history: quick }, true);
    expect(await timedWait(0, { command: DEPLOY, history: quick }, true)).toEqual([0]);
    // Still at once when each answer takes 4 ms to arrive and the record says 1 ms: the check sent at once
    // found the job ended, so the round trip is not taken for part of its duration (with the answer's arrival as
    // the bound, every later first check waited 4 ms plus the 25 ms margin).
    const slowAnswers = new JobDurations();
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      const { read, at } = timedJob(0, false, 4);
      const record = async () => ({
        ...(await read()),
        created: new Date(t0).toISOString(),
        completed: new Date(t0 + 1).toISOString(),
      });
      const done = waitForJob(record, "j1", "r", { command: DEPLOY, history: slowAnswers });
      await vi.advanceTimersByTimeAsync(100);
      await expect(done).resolves.toMatchObject({ status: "success" });
      expect(at).toEqual([0]);
    }
    expect(slowAnswers.samples(KEY)).toEqual([0, 0, 0, 0, 0]);
    // Another region or command has its own history.
    expect(history.firstDelay(durationKey("other", DEPLOY))).toBeUndefined();
    expect(history.firstDelay(durationKey("r", "instance.destroy"))).toBeUndefined();
  });

  it("without the job's times: narrows the bounds as the run goes on, then one check each", async () => {
    vi.useFakeTimers();
    for (const duration of [500, 2_000]) {
      const history = new JobDurations();
      const runs: number[][] = [];
      for (let i = 0; i < 40; i++) runs.push(await timedWait(duration, { command: DEPLOY, history }));
      expect(runs[0]).toEqual([0, 2001]);
      // The second job checks in the middle of 0–2001 ms, what the first left unknown.
      expect(runs[1][0]).toBe(1001);
      for (const at of runs) for (const g of gaps(at)) expect(g).toBeGreaterThanOrEqual(2000);
      // Past the first 15 jobs: one check each but for a rare exploring one (the gap worth exploring shrinks as
      // more jobs have ended: 2·2 s ÷ (jobs ended + 2)), within 250 ms of the job's end.
      const late = runs.slice(15);
      expect(late.filter((at) => at.length > 1).length).toBeLessThanOrEqual(2);
      for (const at of late.filter((x) => x.length === 1)) {
        expect(at[0] - duration).toBeGreaterThanOrEqual(0);
        expect(at[0] - duration).toBeLessThanOrEqual(250);
      }
      const polls = runs.reduce((n, at) => n + at.length, 0);
      expect(polls / runs.length).toBeLessThanOrEqual(1.3);
    }
  });

  it("jobs that start together: at most two explore the gap, at different points; the others check at its top", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    // Ten jobs that ended by 2001 ms, none seen running past 0 ms: a gap of 0–2001 ms, worth exploring.
    for (let i = 0; i < 10; i++) history.bound(KEY, 0, 2_001);
    const runs = await together(Array(6).fill(500), { command: DEPLOY, history });
    expect(runs.map((at) => at[0])).toEqual([1001, 501, 2001, 2001, 2001, 2001]);
    expect(runs.map((at) => at.length)).toEqual([1, 1, 1, 1, 1, 1]);
    // Those answers leave 0–501 ms: the next explore it, the others check at 501 ms.
    const next = await together(Array(4).fill(500), { command: DEPLOY, history });
    expect(next.map((at) => at[0])).toEqual([251, 126, 501, 501]);
    expect(next.map((at) => at.length)).toEqual([2, 2, 1, 1]); // 126 and 251 ms were too early
  });

  it("durations spread wider than the gap: the first check goes to their top", async () => {
    vi.useFakeTimers();
    for (const times of [true, false]) {
      const history = new JobDurations();
      const spread = [2_000, 2_150, 2_300, 2_050, 2_250, 2_100, 2_200];
      const runs: number[][] = [];
      for (let i = 0; i < 42; i++)
        runs.push(await timedWait(spread[i % 7], { command: DEPLOY, history }, times));
      for (const at of runs) for (const g of gaps(at)) expect(g).toBeGreaterThanOrEqual(2000);
      // After the first half of the run: at most one job in ten checked twice, and the first check within
      // 450 ms of the job's end (the spread is 300 ms).
      const late = runs.slice(21);
      expect(late.filter((at) => at.length > 1).length).toBeLessThanOrEqual(2);
      for (const [i, at] of late.entries()) {
        if (at.length === 1) expect(at[0] - spread[(i + 21) % 7]).toBeLessThanOrEqual(450);
      }
    }
  });

  it("slow jobs: one check at the learnt end, however long (at most 10 min out)", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    for (let i = 0; i < 5; i++) history.record(KEY, 60_000);
    expect(await timedWait(60_000, { command: DEPLOY, history }, true)).toEqual([60_600]);
    const long = new JobDurations();
    long.record(KEY, 3_600_000);
    expect(long.firstDelay(KEY)).toBe(600_000);
  });

  it("falls back to the cadence when a job runs longer than expected; one long job does not move the check", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    for (let i = 0; i < 5; i++) history.record(KEY, 2_000);
    const first = history.firstDelay(KEY)!;
    const at = await timedWait(7_000, { command: DEPLOY, history, random: () => 0 }, true);
    expect(at[0]).toBe(first);
    for (const g of gaps(at)) {
      expect(g).toBeGreaterThanOrEqual(2000);
      expect(g).toBeLessThanOrEqual(2002);
    }
    expect(at.at(-1)! - 7_000).toBeLessThan(2_010);
    expect(history.samples(KEY)).toEqual([2000, 2000, 2000, 2000, 2000, 7001]);
    expect(history.firstDelay(KEY)).toBe(first);
  });

  it("an explicit firstDelayMs wins; failed jobs are not learnt; a short deadline and abort stay correct", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    for (let i = 0; i < 5; i++) history.record(KEY, 8_000);
    expect(await timedWait(100, { command: DEPLOY, history, firstDelayMs: 1000 }, true)).toEqual([1000]);
    const t0 = Date.now();
    let endedAt = 0;
    const timed = waitForJob(
      vi.fn(async () => job("queued")),
      "j1",
      "r",
      {
        command: DEPLOY,
        history,
        timeoutMs: 3_000,
      },
    ).catch((e) => {
      endedAt = Date.now() - t0;
      return e;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await timed).toBeInstanceOf(WaitTimeoutError);
    expect(endedAt).toBeLessThanOrEqual(3_001);
    const ac = new AbortController();
    const aborted = waitForJob(
      vi.fn(async () => job("running")),
      "j1",
      "r",
      {
        command: DEPLOY,
        history,
        signal: ac.signal,
      },
    ).catch((e) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    ac.abort();
    expect(await aborted).toBeInstanceOf(WaitAbortedError);
    const failed = waitForJob(
      vi.fn(async () => job("error", { detail: "x" })),
      "j1",
      "r",
      {
        command: DEPLOY,
        history,
      },
    ).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await failed).toBeInstanceOf(JobFailedError);
    expect(history.samples(KEY)).toHaveLength(6); // the 100 ms job, not the failed one
  });
});

describe("job history", () => {
  it("keeps the last 20 durations and 40 bounds per key, and a bounded number of keys", () => {
    const h = new JobDurations({ maxKeys: 3 });
    for (let i = 0; i < 30; i++) h.record("a", i * 100);
    for (let i = 0; i < 50; i++) h.bound("a", i, 5_000);
    expect(h.samples("a")).toHaveLength(20);
    expect(h.samples("a")[0]).toBe(1000);
    expect(h.bounds("a")).toHaveLength(40); // a job may leave two
    h.record("b", 1);
    h.record("c", 1);
    h.record("d", 1);
    expect(h.samples("a")).toHaveLength(0); // least recently recorded
    expect(h.samples("d")).toEqual([1]);
    h.record("x", Number.NaN);
    h.record("x", -5);
    h.bound("x", 10, 5);
    expect(h.samples("x")).toHaveLength(0);
    expect(h.bounds("x")).toHaveLength(0);
  });

  it("picks the first check with the least expected lag over the remembered durations", () => {
    const h = new JobDurations();
    // Spread over 2–2.9 s: the top (plus 1 %): a check that comes too early costs a 2 s wait.
    for (const ms of [2000, 2100, 2200, 2300, 2400, 2500, 2600, 2700, 2800, 2900]) h.record("spread", ms);
    expect(h.firstDelay("spread")).toBe(Math.round(2900 * 1.01));
    // Mostly 2 s, one of 6 s: 2 s; the 6 s job is found by the cadence.
    for (const ms of [2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 6000]) h.record("tail", ms);
    expect(h.firstDelay("tail")).toBe(2025);
    // Quick and slow jobs of one command: the quick ones' end, not the slow ones'.
    for (const ms of [1000, 1000, 1000, 1000, 1000, 1000, 20_000, 20_000, 20_000]) h.record("two", ms);
    expect(h.firstDelay("two")).toBe(1025);
    // A slow cadence (as injected) makes a miss cost more, so the check moves later.
    for (const ms of [2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2600]) h.record("slow", ms);
    expect(h.firstDelay("slow")).toBe(2025);
    expect(h.firstDelay("slow", { minMs: 20_000, meanMs: 20_000 })).toBe(2626);
  });

  it("from bounds: the gap's middle for explorers, its top for the others, past the longest running when spread", () => {
    const h = new JobDurations();
    for (let i = 0; i < 6; i++) h.bound("k", 0, 2_000); // six ended: gaps over 500 ms are explored
    expect(h.firstCheck("k", undefined, true)).toEqual({ delayMs: 1_000, explore: true });
    expect(h.firstCheck("k", undefined, true)).toEqual({ delayMs: 500, explore: true });
    expect(h.firstCheck("k", undefined, true)).toEqual({ delayMs: 2_000, explore: false }); // two at most
    expect(h.firstCheck("k")).toEqual({ delayMs: 2_000, explore: false }); // not claiming: no exploration
    h.released("k", 1_000);
    h.released("k", 500);
    h.bound("k", 1_000, Number.POSITIVE_INFINITY);
    expect(h.firstCheck("k", undefined, true)).toEqual({ delayMs: 1_500, explore: true });
    h.released("k", 1_500);
    h.bound("k", 1_600, Number.POSITIVE_INFINITY); // 400 ms left, below 2·2 s ÷ (6 + 2): closed
    expect(h.firstCheck("k", undefined, true)).toEqual({ delayMs: 2_000, explore: false });
    // A job ran past 2 s, where another had ended: spread by 400 ms at least, so 400 ms past 2.4 s.
    h.bound("k", 2_400, Number.POSITIVE_INFINITY);
    expect(h.firstCheck("k", undefined, true)).toEqual({ delayMs: 2_800, explore: false });
    // Only seen running: nothing to aim at yet.
    h.bound("r", 500, Number.POSITIVE_INFINITY);
    expect(h.firstCheck("r")).toBeUndefined();
  });
});
