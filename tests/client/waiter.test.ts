// waitForJob: acceptors, the schedule (first check ≈1 s, then 2–3 s with jitter), the adaptive first check
// (jobHistory.ts), deadline, abort, and tolerance of transient read failures. Intervals are injected, or the
// clock is faked, so the tests run in milliseconds.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ConnectionError,
  JobFailedError,
  JobNotFoundError,
  jobState,
  NotFoundError,
  PermissionDeniedError,
  WaitAbortedError,
  WaitTimeoutError,
  waitForJob,
} from "../../provider/client";
import {
  durationKey,
  durationSample,
  JobDurations,
  jobCommandOf,
  serverDuration,
} from "../../provider/client/jobHistory";
import type { Job } from "../../provider/client/schemas";
import { pollDelay } from "../../provider/client/waiter";
import { json, mockClient, mockOrigin, REGION_A, REGION_B } from "./helpers";

const fast = { firstDelayMs: 1, minIntervalMs: 1, maxIntervalMs: 2 };
const job = (status: string, extra: Partial<Job> = {}): Job => ({ jobId: "j1", status, ...extra });

/** A readJob that answers the given statuses in turn (the last one repeats). */
function sequence(...answers: (Job | Error)[]) {
  let i = 0;
  const fn = vi.fn(async () => {
    const a = answers[Math.min(i++, answers.length - 1)];
    if (a instanceof Error) throw a;
    return a;
  });
  return fn;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("acceptor", () => {
  it("maps success, error and anything else", () => {
    expect(jobState({ status: "success" })).toBe("success");
    expect(jobState({ status: "error" })).toBe("failure");
    for (const s of ["running", "PENDING", "WEBHOOK_COMPLETED", "queued", ""])
      expect(jobState({ status: s })).toBe("retry");
  });
});

describe("schedule", () => {
  it("checks first after about 1 s, then every 2–3 s", () => {
    expect(pollDelay(1, {})).toBe(1000);
    expect(pollDelay(2, {}, () => 0)).toBe(2000);
    expect(pollDelay(2, {}, () => 0.999999)).toBe(3000);
    const samples = Array.from({ length: 200 }, (_, i) => pollDelay(i + 2, {}));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(3000);
    expect(new Set(samples).size).toBeGreaterThan(50); // jitter
  });

  it("follows the default schedule on the clock (fake timers)", async () => {
    vi.useFakeTimers();
    const t0 = Date.now();
    const at: number[] = [];
    const answers = [job("running"), job("running"), job("success")];
    const read = vi.fn(async () => {
      at.push(Date.now() - t0);
      return answers[at.length - 1];
    });
    const done = waitForJob(read, "j1", undefined, { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toMatchObject({ status: "success" });
    // First check at 1 s, then 2.5 s apart (+1 ms: p-wait-for's zero interval is a 1 ms timer in Node).
    expect(at[0]).toBe(1000);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(2500);
    expect(at[1] - at[0]).toBeLessThanOrEqual(2502);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(2500);
    expect(at[2] - at[1]).toBeLessThanOrEqual(2502);
  });
});

describe("waitForJob", () => {
  it("returns the job on success, counting unknown statuses as running", async () => {
    const read = sequence(
      job("PENDING", { statusCode: 0 }),
      job("something-new"),
      job("success", { statusCode: 2 }),
    );
    const polled: string[] = [];
    const got = await waitForJob(read, "j1", "r", { ...fast, onPoll: (j) => polled.push(j.status) });
    expect(got.status).toBe("success");
    expect(polled).toEqual(["PENDING", "something-new", "success"]);
  });

  it("throws JobFailedError with the detail, classified", async () => {
    const read = sequence(
      job("running"),
      job("error", {
        detail: "Quota exceeded: instance limit of 2 reached for user user-1",
        command: "deployVirtualMachine",
      }),
    );
    const err = await waitForJob(read, "j1", "r", fast).catch((e) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect(err.kind).toBe("quota");
    expect(err.detail).toMatch(/Quota exceeded/);
    expect(err.region).toBe("r");
    const cap = await waitForJob(
      sequence(job("error", { detail: "Insufficient capacity in zone z1" })),
      "j1",
      "r",
      fast,
    ).catch((e) => e);
    expect(cap.kind).toBe("capacity");
  });

  it("uses statusCode for diagnostics only (never decides on it)", async () => {
    const read = sequence(
      job("running", { statusCode: 2 }),
      job("running", { statusCode: 3 }),
      job("success", { statusCode: 1 }),
    );
    await expect(waitForJob(read, "j1", undefined, fast)).resolves.toMatchObject({ status: "success" });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("gives up at the deadline with WaitTimeoutError", async () => {
    const read = sequence(job("running"));
    const started = Date.now();
    const err = await waitForJob(read, "j1", "r", {
      ...fast,
      minIntervalMs: 10,
      maxIntervalMs: 10,
      timeoutMs: 80,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err.message).toMatch(/still running/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("stops when the signal aborts", async () => {
    const ac = new AbortController();
    const read = sequence(job("running"));
    setTimeout(() => ac.abort(), 30);
    const err = await waitForJob(read, "j1", "r", {
      ...fast,
      minIntervalMs: 5,
      maxIntervalMs: 5,
      signal: ac.signal,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(WaitAbortedError);
  });

  it("tolerates transient read failures, but not others", async () => {
    const transient = new ConnectionError(
      { method: "GET", path: "/api/v1/jobs/j1" },
      "http://x",
      "ECONNRESET",
      true,
    );
    await expect(
      waitForJob(sequence(transient, transient, job("success")), "j1", "r", fast),
    ).resolves.toMatchObject({ status: "success" });
    const forbidden = new PermissionDeniedError(
      403,
      { message: "No account for user user-1 in region r" },
      { method: "GET", path: "/api/v1/jobs/j1" },
    );
    await expect(waitForJob(sequence(forbidden), "j1", "r", fast)).rejects.toBe(forbidden);
    const many = sequence(transient);
    await expect(waitForJob(many, "j1", "r", { ...fast, maxPollErrors: 3 })).rejects.toBe(transient);
    expect(many).toHaveBeenCalledTimes(4);
  });
});

describe("a job the platform has no record of", () => {
  const notFound = new NotFoundError(
    404,
    { message: "Job j1 not found" },
    { method: "GET", path: "/api/v1/jobs/j1" },
  );

  it("tolerates a record that appears a little late (404, then the job)", async () => {
    const late = sequence(notFound, notFound, job("running"), job("success"));
    await expect(waitForJob(late, "j1", "r", fast)).resolves.toMatchObject({ status: "success" });
    expect(late).toHaveBeenCalledTimes(4);
  });

  it("gives up with JobNotFoundError after maxNotFound 404s in a row: the outcome is unknown, not failed", async () => {
    const never = sequence(notFound);
    const err = await waitForJob(never, "j1", "r", { ...fast, command: "deployVirtualMachine" }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(JobNotFoundError);
    expect(never).toHaveBeenCalledTimes(3);
    expect(err.message).toBe(
      "Job j1 (deployVirtualMachine) in region r was not found: 3 reads of GET /api/v1/jobs/j1 in a row answered 404, so the platform has no record of it and how it ended is unknown. The change may have been made: read the resource itself (pulumi refresh), then run again.",
    );
    // A 404 between reads that found the job starts the count again.
    const flaky = sequence(notFound, notFound, job("running"), notFound, notFound, job("success"));
    await expect(waitForJob(flaky, "j1", "r", fast)).resolves.toMatchObject({ status: "success" });
    const five = sequence(notFound);
    await expect(waitForJob(five, "j1", "r", { ...fast, maxNotFound: 5 })).rejects.toBeInstanceOf(
      JobNotFoundError,
    );
    expect(five).toHaveBeenCalledTimes(5);
  });
});

/**
 * A job that ends `durationMs` after the wait starts (fake clock), and the times its checks were sent.
 * `times`: give the record created/completed as the emulator does.
 */
function timedJob(durationMs: number, times = false) {
  const t0 = Date.now();
  const at: number[] = [];
  const read = vi.fn(async () => {
    const now = Date.now();
    at.push(now - t0);
    if (now - t0 < durationMs) return job("running", times ? { created: new Date(t0).toISOString() } : {});
    return job("success", {
      ...(times
        ? { created: new Date(t0).toISOString(), completed: new Date(t0 + durationMs).toISOString() }
        : {}),
    });
  });
  return { read, at };
}

/** Runs one wait to the end on the fake clock; answers the check times (ms after the start). */
async function timedWait(durationMs: number, o: Parameters<typeof waitForJob>[3], times = false) {
  const { read, at } = timedJob(durationMs, times);
  const done = waitForJob(read, "j1", "r", { random: () => 0.5, ...o });
  await vi.advanceTimersByTimeAsync(durationMs + 15_000);
  await expect(done).resolves.toMatchObject({ status: "success" });
  return at;
}

const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]);

describe("adaptive first check", () => {
  it("without history checks first at 1 s; remembers the job's own duration, not the poll's lateness", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    const key = durationKey("r", "instance.deploy");
    const at = await timedWait(2_000, { command: "instance.deploy", history }, true);
    expect(at).toEqual([1000, 3501]); // 1 s, then 2.5 s (+1 ms: p-wait-for's zero interval)
    // created → completed: 2 s (the late end of its 1 ms precision), not the 3.5 s it was seen at.
    expect(history.samples(key)).toEqual([2001]);
    // Without the job's own times, 1–3.5 s is too wide to remember: nothing recorded.
    const bare = new JobDurations();
    await timedWait(2_000, { command: "instance.deploy", history: bare });
    expect(bare.samples(key)).toEqual([]);
  });

  it("with a history of ~2 s jobs checks first near 2 s and sees a 2 s job with one poll", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    const key = durationKey("r", "instance.deploy");
    for (const ms of [1980, 2000, 1990, 2010, 2000]) history.record(key, ms);
    const first = history.firstDelay(key)!;
    expect(first).toBeGreaterThanOrEqual(2010);
    expect(first).toBeLessThan(2100);
    const at = await timedWait(2_000, { command: "instance.deploy", history });
    expect(at).toEqual([first]);
    // Another region or command has its own history.
    expect(history.firstDelay(durationKey("other", "instance.deploy"))).toBeUndefined();
    expect(history.firstDelay(durationKey("r", "instance.destroy"))).toBeUndefined();
  });

  it("learns 2 s jobs from scratch, and never polls faster than 2 s after the first check", async () => {
    vi.useFakeTimers();
    for (const times of [true, false]) {
      const history = new JobDurations();
      const runs: number[][] = [];
      for (let i = 0; i < 20; i++) {
        runs.push(await timedWait(2_000, { command: "instance.deploy", history }, times));
      }
      expect(runs[0]).toEqual([1000, 3501]);
      for (const at of runs) for (const g of gaps(at)) expect(g).toBeGreaterThanOrEqual(2000);
      // With the job's own times: from the second job on, one check each, at 2 s plus the margin. Without
      // them: the plain schedule (1 s, then 2–3 s), never worse than before.
      for (const at of runs.slice(1)) expect(at).toEqual(times ? [2041] : [1000, 3501]);
    }
  });

  it("falls back to the 2–3 s cadence when a job runs longer than expected", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    const key = durationKey("r", "volume.create");
    for (let i = 0; i < 5; i++) history.record(key, 2_000);
    const first = history.firstDelay(key)!;
    const at = await timedWait(7_000, { command: "volume.create", history, random: () => 0 }, true);
    expect(at[0]).toBe(first);
    for (const g of gaps(at)) {
      expect(g).toBeGreaterThanOrEqual(2000);
      expect(g).toBeLessThanOrEqual(2002);
    }
    expect(at.at(-1)).toBeGreaterThanOrEqual(7_000);
    expect(at.at(-1)! - 7_000).toBeLessThan(2_010);
    // The long job is remembered, but one long job among 2 s ones does not move the first check: the
    // cadence finds such jobs.
    expect(history.samples(key)).toEqual([2000, 2000, 2000, 2000, 2000, 7001]);
    expect(history.firstDelay(key)).toBe(first);
  });

  it("never checks before 0.5 s or later than 10 s, and an explicit firstDelayMs wins", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    const fastKey = durationKey("r", "fast");
    const slowKey = durationKey("r", "slow");
    for (let i = 0; i < 5; i++) history.record(fastKey, 50);
    for (let i = 0; i < 5; i++) history.record(slowKey, 60_000);
    expect(history.firstDelay(fastKey)).toBe(500);
    expect(history.firstDelay(slowKey)).toBe(10_000);
    expect(await timedWait(100, { command: "fast", history })).toEqual([500]);
    expect((await timedWait(20_000, { command: "slow", history }))[0]).toBe(10_000);
    expect(await timedWait(100, { command: "fast", history, firstDelayMs: 1000 })).toEqual([1000]);
  });

  it("adaptive: false neither reads nor records the history; no command, no history", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    const key = durationKey("r", "instance.deploy");
    for (let i = 0; i < 5; i++) history.record(key, 2_000);
    expect(await timedWait(2_000, { command: "instance.deploy", history, adaptive: false })).toEqual([
      1000, 3501,
    ]);
    expect(history.samples(key)).toHaveLength(5);
    expect(await timedWait(2_000, { history })).toEqual([1000, 3501]);
    expect(history.samples(key)).toHaveLength(5);
  });

  it("stays correct with unknown statuses, a deadline shorter than the first check, and abort", async () => {
    vi.useFakeTimers();
    const history = new JobDurations();
    const key = durationKey("r", "slow");
    for (let i = 0; i < 5; i++) history.record(key, 8_000);
    // Unknown statuses count as running; a deadline of 3 s ends the wait at 3 s, not after an 8 s sleep.
    const t0 = Date.now();
    let endedAt = 0;
    const timed = waitForJob(sequence(job("queued")), "j1", "r", {
      command: "slow",
      history,
      timeoutMs: 3_000,
    }).catch((e) => {
      endedAt = Date.now() - t0;
      return e;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await timed).toBeInstanceOf(WaitTimeoutError);
    expect(endedAt).toBeLessThanOrEqual(3_001);
    const unknown = sequence(job("queued"), job("PROCESSING"), job("success"));
    const later = waitForJob(unknown, "j1", "r", { command: "slow", history });
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(later).resolves.toMatchObject({ status: "success" });
    expect(unknown).toHaveBeenCalledTimes(3);
    // Abort during the long first sleep.
    const ac = new AbortController();
    const aborted = waitForJob(sequence(job("running")), "j1", "r", {
      command: "slow",
      history,
      signal: ac.signal,
    }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    ac.abort();
    expect(await aborted).toBeInstanceOf(WaitAbortedError);
    // Failed jobs are not remembered.
    const failed = waitForJob(sequence(job("error", { detail: "x" })), "j1", "r", {
      command: "slow",
      history,
    }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await failed).toBeInstanceOf(JobFailedError);
    expect(history.samples(key)).toHaveLength(5);
  });
});

describe("job history", () => {
  it("keeps the last 20 samples per key and a bounded number of keys", () => {
    const h = new JobDurations({ maxKeys: 3 });
    for (let i = 0; i < 30; i++) h.record("a", i * 100);
    expect(h.samples("a")).toHaveLength(20);
    expect(h.samples("a")[0]).toBe(1000);
    h.record("b", 1);
    h.record("c", 1);
    h.record("d", 1);
    expect(h.samples("a")).toHaveLength(0); // least recently recorded
    expect(h.samples("d")).toEqual([1]);
    h.record("x", Number.NaN);
    h.record("x", -5);
    expect(h.samples("x")).toHaveLength(0);
  });

  it("picks the first check with the least expected lag over the remembered durations", () => {
    const h = new JobDurations();
    // Spread over 2–2.9 s: the top (plus 2 %): a check that comes too early costs a 2–3 s interval.
    for (const ms of [2000, 2100, 2200, 2300, 2400, 2500, 2600, 2700, 2800, 2900]) h.record("spread", ms);
    expect(h.firstDelay("spread")).toBe(Math.round(2900 * 1.02));
    // Mostly 2 s, one of 6 s: 2 s; the 6 s job is found by the cadence.
    for (const ms of [2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 6000]) h.record("tail", ms);
    expect(h.firstDelay("tail")).toBe(2040);
    // Quick and slow jobs of one command: the quick ones' end, not the slow ones'.
    for (const ms of [1000, 1000, 1000, 1000, 1000, 1000, 20_000, 20_000, 20_000]) h.record("two", ms);
    expect(h.firstDelay("two")).toBe(1000);
    // A slow cadence (as injected) makes a miss cost more, so the check moves later.
    for (const ms of [2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2600]) h.record("slow", ms);
    expect(h.firstDelay("slow", 2_500)).toBe(2040);
    expect(h.firstDelay("slow", 20_000)).toBe(2652);
  });

  it("remembers precise durations only", () => {
    const created = "2026-01-01T00:00:00.000Z";
    const job = { created, completed: "2026-01-01T00:00:02.000Z" };
    // The job's own times, to the ms, inside the bounds: the late end of the server's figure.
    expect(durationSample({ lowerMs: 1000, upperMs: 3500, job })).toBe(2001);
    expect(durationSample({ lowerMs: 0, upperMs: 2040, job })).toBe(2001);
    // Just above the upper bound (submitted a moment before the wait began): the upper bound.
    expect(durationSample({ lowerMs: 0, upperMs: 1990, job })).toBe(1990);
    // Whole seconds: the late end of ±1 s, within the bounds.
    const coarse = { created: "2026-01-01 00:00:00", completed: "2026-01-01 00:00:02" };
    expect(durationSample({ lowerMs: 1000, upperMs: 3500, job: coarse })).toBe(3000);
    expect(durationSample({ lowerMs: 0, upperMs: 2200, job: coarse })).toBe(2200);
    // Without usable times: the upper bound of tight bounds, else nothing.
    expect(durationSample({ lowerMs: 1000, upperMs: 3500 })).toBeUndefined();
    expect(durationSample({ lowerMs: 0, upperMs: 2000 })).toBeUndefined();
    expect(durationSample({ lowerMs: 0, upperMs: 40 })).toBe(40);
    expect(durationSample({ lowerMs: 24_000, upperMs: 26_500 })).toBe(26_500);
    const far = { created, completed: "2026-01-01T00:01:00.000Z" };
    const minutes = { created: "2026-01-01T00:00", completed: "2026-01-01T00:02" };
    for (const bad of [
      far,
      minutes,
      { created, completed: "yesterday" },
      { created, completed: 12 },
      { created, completed: "2025-12-31T23:59:59.000Z" },
      { created: undefined, completed: "2026-01-01T00:00:02.000Z" },
      { created, completed: { at: 1 } },
    ]) {
      expect(durationSample({ lowerMs: 1000, upperMs: 3500, job: bad as never })).toBeUndefined();
    }
  });

  it("reads the job's times in the forms an API may use", () => {
    expect(
      serverDuration({ created: "2026-01-01T00:00:00.250Z", completed: "2026-01-01T00:00:02.500Z" }),
    ).toEqual({ ms: 2250, precisionMs: 1 });
    expect(
      serverDuration({ created: "2026-01-01T00:00:00+0000", completed: "2026-01-01T00:00:05+0000" }),
    ).toEqual({ ms: 5000, precisionMs: 1000 });
    expect(serverDuration({ created: "2026-01-01T00:00:00", completed: "2026-01-01T00:00:03.000" })).toEqual({
      ms: 3000,
      precisionMs: 1000,
    });
    expect(serverDuration({ created: 1767225600000, completed: 1767225603000 })).toEqual({
      ms: 3000,
      precisionMs: 1,
    });
    expect(serverDuration({ created: 1767225600, completed: 1767225603 })).toEqual({
      ms: 3000,
      precisionMs: 1000,
    });
    // The server's local time (any zone) against an instant says nothing: no figure rather than a wrong one.
    expect(serverDuration({ created: "2026-01-01T00:00:00", completed: 1767225603000 })).toBeUndefined();
    expect(
      serverDuration({ created: "2026-01-01T00:00:00", completed: "2026-01-01T00:00:03Z" }),
    ).toBeUndefined();
    expect(serverDuration({ created: "2026-01-01T00:00:00Z" })).toBeUndefined();
    expect(serverDuration(undefined)).toBeUndefined();
  });
});

describe("client.jobs.wait", () => {
  it("returns at once for a result without jobId (completed synchronously)", async () => {
    const o = mockOrigin();
    const { client } = mockClient(o.agent);
    await expect(client.jobs.wait({ id: "x" })).resolves.toBeUndefined();
    expect(o.calls()).toHaveLength(0);
    await o.agent.close();
  });

  it("polls with the mutation's own region", async () => {
    const o = mockOrigin();
    o.pool
      .intercept({ path: "/api/v1/jobs/j9", method: "GET" })
      .reply(200, { jobId: "j9", status: "success" }, json);
    const { client } = mockClient(o.agent);
    await client.jobs.wait({ jobId: "j9", region: REGION_B }, fast);
    expect(o.calls()[0].headers["x-region-context"]).toBe(REGION_B);
    await o.agent.close();
  });

  it("knows the command of jobs this process started, and keys the history by region and command", async () => {
    const o = mockOrigin();
    o.pool
      .intercept({ path: "/api/v1/compute/instances", method: "POST" })
      .reply(200, { id: "vm-1", jobId: "j-deploy" }, json);
    o.pool
      .intercept({ path: "/api/v1/jobs/j-deploy", method: "GET" })
      .reply(200, { jobId: "j-deploy", status: "success", command: "deployVirtualMachine" }, json);
    const { client } = mockClient(o.agent);
    const accepted = await client.instances.create({
      zoneId: "z1",
      templateId: "t1",
      serviceOfferingId: "s1",
      name: "web",
    });
    // The result keeps its shape; the command is noted by job id.
    expect(accepted).toMatchObject({ jobId: "j-deploy", id: "vm-1", region: REGION_A });
    expect(accepted).not.toHaveProperty("command");
    expect(jobCommandOf("j-deploy")).toBe("instance.deploy");
    const history = new JobDurations();
    await client.jobs.wait(accepted, { ...fast, history });
    expect(history.samples(durationKey(REGION_A, "instance.deploy"))).toHaveLength(1);
    // A bare job id has no known command: nothing recorded, the 1 s default applies.
    expect(jobCommandOf("j-other")).toBeUndefined();
    await o.agent.close();
  });
});

describe("packaging", () => {
  it("p-wait-for (ESM-only) loads through require(), as the compiled CommonJS client does", () => {
    // tsc emits `__importDefault(require("p-wait-for"))`; Node 22+ require(esm) marks the namespace __esModule.
    const script = `const m = require("p-wait-for"); const d = (m && m.__esModule) ? m.default : m; process.stdout.write(typeof d);`;
    const out = spawnSync(process.execPath, ["-e", script], { cwd: process.cwd(), encoding: "utf8" });
    expect(out.stderr).not.toMatch(/Error/);
    expect(out.stdout).toBe("function");
  });
});
