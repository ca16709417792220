// waitForJob: acceptors, the schedule (first check ≈1 s, then 2–3 s with jitter), deadline, abort, and
// tolerance of transient read failures. Intervals are injected so the tests run in milliseconds.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ConnectionError,
  JobFailedError,
  jobState,
  NotFoundError,
  WaitAbortedError,
  WaitTimeoutError,
  waitForJob,
} from "../../provider/client";
import type { Job } from "../../provider/client/schemas";
import { pollDelay } from "../../provider/client/waiter";
import { json, mockClient, mockOrigin, REGION_B } from "./helpers";

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
    const notFound = new NotFoundError(
      404,
      { message: "Job j1 not found" },
      { method: "GET", path: "/api/v1/jobs/j1" },
    );
    await expect(waitForJob(sequence(notFound), "j1", "r", fast)).rejects.toBe(notFound);
    const many = sequence(transient);
    await expect(waitForJob(many, "j1", "r", { ...fast, maxPollErrors: 3 })).rejects.toBe(transient);
    expect(many).toHaveBeenCalledTimes(4);
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
