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
import type { Job } from "../../provider/client/records";
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
  it("checks first at once, the second time 2 s later, then every 2–3 s", () => {
    expect(pollDelay(1, {})).toBe(0);
    expect(pollDelay(2, {}, () => 0.9)).toBe(2000);
    expect(pollDelay(3, {}, () => 0)).toBe(2000);
    expect(pollDelay(3, {}, () => 0.999999)).toBe(3000);
    const samples = Array.from({ length: 200 }, (_, i) => pollDelay(i + 3, {}));
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
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toMatchObject({ status: "success" });
    // At once, 2 s later, then 2.5 s (+1 ms each: p-wait-for's zero interval is a 1 ms timer in Node).
    expect(at[0]).toBeLessThanOrEqual(1);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(2000);
    expect(at[1] - at[0]).toBeLessThanOrEqual(2002);
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

describe("job history", () => {
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
    // Wide bounds are no duration, however long the job: their upper end is late by up to a poll interval.
    expect(durationSample({ lowerMs: 24_000, upperMs: 26_500 })).toBeUndefined();
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
    // A bare job id has no known command: nothing recorded, the first check is at once.
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
