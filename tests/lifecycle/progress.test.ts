// Every long wait says what it waits for, at least every 30 s: a job wait names the resource, the job, its command
// and status, and how long so far; a settle wait the state it waits out; a delete refused, or whose jobs fail,
// until what holds it goes names that, once. With fake timers (the interval itself) and against the emulator with a slow job.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import { providerFor } from "../../provider";
import {
  type AcceptedMutation,
  ConflictError,
  type Job,
  JobFailedError,
  WaitTimeoutError,
} from "../../provider/client";
import { captureStatus } from "../../provider/lifecycle/engineLog";
import { whileRefused } from "../../provider/lifecycle/passingRefusal";
import { PROGRESS_EVERY_MS, reporting } from "../../provider/lifecycle/progress";
import { resetQuotaPreflight } from "../../provider/lifecycle/quotaPreflight";
import { awaitJob, type Session, settle } from "../../provider/lifecycle/session";

type Rec = Record<string, any>;
const messages: string[] = [];
const saved = { ...process.env };

beforeEach(() => {
  messages.length = 0;
  // status messages: shown on the line while the wait lasts, not under Diagnostics (an info message would be)
  captureStatus((m) => messages.push(m));
});

afterEach(() => {
  captureStatus();
  vi.useRealTimers();
  process.env = { ...saved };
});

/** A session whose job reads answer `status` (running until `end` says otherwise). */
function fakeSession(job: () => Job | undefined): Session {
  const jobs = {
    async wait(_a: AcceptedMutation, o: { onPoll?: (j: Job, n: number) => void }) {
      // polls every 5 s until the job ends, as the client's waiter does (2-3 s; coarser is enough here)
      for (let n = 1; ; n++) {
        const j = job();
        if (j) o.onPoll?.(j, n);
        if (j?.status === "success") return j;
        await new Promise((r) => setTimeout(r, 5_000));
      }
    },
  };
  return {
    kind: "Instance",
    client: { jobs } as never,
    timeouts: { create: 1_200_000, update: 1_200_000, delete: 1_200_000 },
    subject: { name: "web-1", id: "0b7d6c1e-0000-4000-8000-000000000001" },
  };
}

describe("progress of long waits (fake timers)", () => {
  it("the interval is under 30 s", () => {
    expect(PROGRESS_EVERY_MS).toBeLessThanOrEqual(30_000);
  });

  it("a job wait reports the resource, the job, its command and status, and the time, at each interval", async () => {
    vi.useFakeTimers();
    let status = "running";
    const s = fakeSession(() => ({ status, command: "destroyVirtualMachine" }) as Job);
    const waiting = awaitJob(s, { jobId: "job-42" }, "delete");
    await vi.advanceTimersByTimeAsync(65_000);
    status = "success";
    await vi.advanceTimersByTimeAsync(5_000);
    await waiting;
    expect(messages.length).toBe(Math.floor(65_000 / PROGRESS_EVERY_MS) + 1);
    expect(messages[0]).toBe(
      `cim:Instance "web-1" (id 0b7d6c1e-0000-4000-8000-000000000001): delete: waiting for job job-42 (destroyVirtualMachine, running) (${PROGRESS_EVERY_MS / 1000} s so far, up to 1200 s: timeouts.delete)`,
    );
    // the last says the wait ended, so the resource's line (the engine shows its last status beside "deleted") does
    // not go on saying it waits
    expect(messages.at(-1)).toBe(
      'cim:Instance "web-1" (id 0b7d6c1e-0000-4000-8000-000000000001): delete: done waiting for job job-42 (destroyVirtualMachine, success) (70 s)',
    );
    // nothing after the wait ended
    const after = messages.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(messages.length).toBe(after);
  });

  it("a deadline is named by where it comes from: customTimeouts on the plugin, the timeouts input, or the default", async () => {
    vi.useFakeTimers();
    const cases = [
      [
        "customTimeouts",
        "customTimeouts.create",
        `The deadline is the resource's customTimeouts.create (the option) (now 60 s); raise customTimeouts.create, e.g. customTimeouts: { create: "30m" }`,
      ],
      [
        "timeouts",
        "timeouts.create",
        `The deadline is the resource's timeouts.create (now 60 s); raise it, e.g. timeouts: { create: "30m" }.`,
      ],
      [
        "default",
        "the default for create",
        "The deadline is the default for create, neither timeouts.create nor customTimeouts.create being given (now 60 s)",
      ],
    ] as const;
    for (const [from, name, said] of cases) {
      messages.length = 0;
      const s = fakeSession(() => ({ status: "running", command: "createVolume" }) as Job);
      s.timeouts.create = 60_000;
      s.timeoutsFrom = { create: from };
      // the client's waiter gives up at the deadline it is given
      s.client = {
        jobs: {
          wait: (_a: AcceptedMutation, o: { timeoutMs: number }) =>
            new Promise((_, reject) =>
              setTimeout(() => reject(new WaitTimeoutError("job-7", o.timeoutMs, "running")), o.timeoutMs),
            ),
        },
      } as never;
      const failed = expect(awaitJob(s, { jobId: "job-7" }, "create")).rejects.toThrow(said);
      await vi.advanceTimersByTimeAsync(61_000);
      await failed;
      expect(messages[0]).toMatch(new RegExp(`up to 60 s: ${name}\\)$`));
    }
  });

  it("a delete's settle wait says destroy takes a raised timeout from the state, after an up records it", async () => {
    vi.useFakeTimers();
    const s = fakeSession(() => undefined);
    s.timeouts.delete = 15_000;
    const waiting = settle(
      s,
      "delete",
      async () => ({ state: "Stopping" }),
      (st) => st === "Stopping",
    );
    const failed = expect(waiting).rejects.toThrow(
      /still Stopping after waiting 15 s for an earlier operation to finish; the deadline is the resource.s timeouts\.delete, or its customTimeouts\.delete where timeouts leaves it out: raise it, e\.g\. timeouts: { delete: "30m" } \(pulumi destroy takes it from the state once a pulumi up has recorded it\), or run again later\./,
    );
    await vi.advanceTimersByTimeAsync(20_000);
    await failed;
  });

  it("a settle wait reports the state it waits out; a failed wait stops reporting too", async () => {
    vi.useFakeTimers();
    const s = fakeSession(() => undefined);
    s.timeouts.update = 50_000;
    const waiting = settle(
      s,
      "update",
      async () => ({ state: "Stopping" }),
      (st) => st === "Stopping",
    );
    const failed = expect(waiting).rejects.toThrow(/still Stopping after waiting 50 s/);
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(messages.length).toBe(Math.floor(50_000 / PROGRESS_EVERY_MS) + 1);
    expect(messages[0]).toContain(
      'cim:Instance "web-1" (id 0b7d6c1e-0000-4000-8000-000000000001): update: waiting for an earlier operation to finish (state Stopping)',
    );
    expect(messages.at(-1)).toMatch(
      /: update: done waiting for an earlier operation to finish \(state Stopping\) \(50 s\)$/,
    );
    const after = messages.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(messages.length).toBe(after);
  });

  it("a call refused until another task ends reports what it waits for, backing off, then goes through", async () => {
    vi.useFakeTimers();
    const s = {
      ...fakeSession(() => undefined),
      kind: "InstanceSnapshot",
      subject: { name: "before-upgrade", id: "s-1" },
    };
    const refusal = new ConflictError(
      409,
      { message: "There is other active vm snapshot tasks on the instance, please try again later" },
      {
        method: "DELETE",
        path: "/api/v1/networks/n-1",
      } as never,
    );
    let tries = 0;
    const passes = (err: unknown) =>
      err === refusal ? { waitsFor: "the instance's other snapshot task to end", advice: "wait" } : undefined;
    const done = whileRefused(s, "create", passes, async () => {
      if (++tries < 8) throw refusal;
      return { jobId: "j" };
    });
    // the retries back off from the poll cadence to a minute: 10 + 20 + 40 + 4 × 60 s
    await vi.advanceTimersByTimeAsync(320_000);
    await expect(done).resolves.toEqual({ jobId: "j" });
    expect(messages[0]).toMatch(
      /^cim:InstanceSnapshot "before-upgrade" \(id s-1\): create: waiting for the instance's other snapshot task to end: There is other active vm snapshot tasks on the instance, please try again later \(\d+ s so far, up to 1200 s: timeouts\.create\)$/,
    );
  });

  it("a delete whose jobs fail until the platform expunges says why it waits, not each retry's job", async () => {
    vi.useFakeTimers();
    const s = { ...fakeSession(() => undefined), kind: "Network", subject: { name: "web", id: "n-1" } };
    let tries = 0;
    const passes = (err: unknown) =>
      err instanceof JobFailedError
        ? { waitsFor: "the platform to expunge instance a (id x)", advice: "wait" }
        : undefined;
    // each attempt waits 25 s for its job, which fails seven times as CloudStack's deleteNetwork does
    const done = whileRefused(s, "delete", passes, async () => {
      const n = ++tries;
      await reporting(
        s,
        "delete",
        `job j${n} (deleteNetwork, running)`,
        () => new Promise((r) => setTimeout(r, 25_000)),
      );
      if (n < 8)
        throw new JobFailedError(`j${n}`, "Failed to delete network", undefined, "deleteNetwork", "n-1");
      return n;
    });
    await vi.advanceTimersByTimeAsync(520_000);
    await expect(done).resolves.toBe(8);
    // the first attempt's job reports for itself; after its failure, one line says why the run waits
    expect(messages[0]).toMatch(/: delete: waiting for job j1 \(deleteNetwork, running\) \(20 s so far/);
    // (each wait's end is said too: the last status the engine shows beside the outcome is that)
    expect(messages.at(-1)).toMatch(/: delete: done waiting for /);
    const later = messages.slice(1).filter((m) => !/: done waiting for /.test(m));
    expect(later.length).toBeGreaterThan(5);
    for (const m of later)
      expect(m).toMatch(
        /^cim:Network "web" \(id n-1\): delete: waiting for the platform to expunge instance a \(id x\): Failed to delete network \(\d+ s so far, up to 1200 s: timeouts\.delete\)$/,
      );
  });
});

describe("progress of a slow job (emulator)", () => {
  let emu: Emulator;
  let ctl: EmulatorControl;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
    ctl = await EmulatorControl.of(emu);
    saved.CIM_BASE_URL = emu.url;
    saved.CIM_TOKEN = await emu.token();
    delete saved.CIM_REGION;
    resetQuotaPreflight(() => undefined);
  });
  afterAll(async () => {
    resetQuotaPreflight();
    await emu?.close();
  });

  it("a delete whose job takes 2.5 s reports it while it runs (interval shortened to 400 ms)", async () => {
    process.env = { ...saved, CIM_POLL_INTERVAL_MS: "100", CIM_PROGRESS_INTERVAL_MS: "400" };
    const first = async (path: string) =>
      ((await (await fetch(`${emu.url}/api/v1${path}`, { headers: auth() })).json()) as Rec[])[0]
        .id as string;
    const cat = {
      zoneId: await first("/zones"),
      templateId: await first("/templates"),
      serviceOfferingId: await first("/offerings/compute"),
    };
    const p = providerFor("Instance");
    const checked = await p.check!({}, { ...cat, name: "slow-1" });
    const made = await p.create(checked.inputs);
    await ctl.jobTiming({ latencyMs: 2_500 });
    messages.length = 0;
    try {
      await p.delete!(made.id, made.outs as Rec);
    } finally {
      await ctl.jobTiming({ latencyMs: 0 });
    }
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages[0]).toMatch(
      new RegExp(
        `^cim:Instance "slow-1" \\(id ${made.id}\\): delete: waiting for job [0-9a-f-]{36} \\((destroyVirtualMachine|instance\\.destroy), running\\) \\(\\d+ s so far, up to 1200 s: the default for delete\\)$`,
      ),
    );
  }, 60_000);
});

function auth() {
  return { authorization: `Bearer ${process.env.CIM_TOKEN}` };
}
