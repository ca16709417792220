// Faults of answers that go wrong on their way (issue 11): a proxy's HTML pages, JSON cut mid-document, a
// mutation held past the client's timeout and then performed, a job the platform has no record of, one job
// stuck in running past the resource's timeout, a 503 with Retry-After, and a server clock five minutes
// behind the client's. Each is armed with the emulator's fault rules (emulator/README.md, Fault rules).
import { addRules, clear, type Fault, jobsEnded, RESUME, rule } from "./matrix";

/** The client's request timeout in the held-mutation case, and how long the server holds the mutation. */
const REQUEST_TIMEOUT_MS = 1_500;
/** Past the timeout, and within the client's second look for the job (its grace period, 2 s, later). */
const HOLD_MS = 2_500;
/** Past the 3 s timeouts of the stuck-job case, with room for a slow start of the wait. */
const STUCK_MS = 4_000;

export const WIRE_FAULTS: Fault[] = [
  {
    name: "proxy pages: 502 before the API, 504 after it did the work",
    zones: true,
    expect: "converge",
    arm: (ctx) => {
      const { target } = ctx;
      const mutations = target.mutations[ctx.phase];
      return addRules(ctx, [
        // Calls that reach the API, which does the work; the gateway in front answers its 504 page.
        ...mutations
          .filter((r) => !target.refusedByProxy(r))
          .map((r) => rule(r, { action: "status-after", status: 504, body: "html" })),
        // Calls that stop at the proxy, which answers its 502 page.
        ...mutations.filter(target.refusedByProxy).map((r) => rule(r, { status: 502, body: "html" })),
        // The first resource read of the phase, when it makes one (a create whose job carries the record does not).
        ...target.reads[ctx.phase].slice(1, 2).map((r) => rule(r, { status: 502, body: "html" })),
      ]);
    },
    disarm: clear,
  },
  {
    name: "answers cut mid-JSON after the work",
    zones: true,
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        [...ctx.target.mutations[ctx.phase], ...ctx.target.reads[ctx.phase].slice(1)].map((r) =>
          rule(r, { action: "truncate-after" }),
        ),
      ),
    disarm: clear,
  },
  {
    name: "mutation held past cim:requestTimeout, then performed",
    zones: true,
    weight: 1.5,
    expect: "converge",
    async arm(ctx) {
      await addRules(
        ctx,
        ctx.target.mutations[ctx.phase].map((r) => rule(r, { latencyMs: HOLD_MS })),
      );
      return { env: { CIM_REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms` } };
    },
    async disarm(ctx) {
      await clear(ctx);
      return { env: { CIM_REQUEST_TIMEOUT: null } };
    },
  },
  {
    name: "job never found (404 on every poll)",
    // Shorter than three polls (50 ms apart), so the resource has settled by the time the provider watches it.
    jobLatencyMs: 50,
    expect: "converge",
    arm: (ctx) => addRules(ctx, [{ method: "GET", route: "/api/v1/jobs/{jobId}", status: 404 }]),
    disarm: clear,
  },
  {
    name: "one job stuck in running past the resource timeout",
    weight: 1.5,
    timeouts: { create: "3s", update: "3s", delete: "3s" },
    expect: "fail",
    advice: [/timeout/i, RESUME],
    arm: (ctx) =>
      addRules(
        ctx,
        (ctx.target.stuck?.[ctx.phase] ?? [ctx.target.jobMutation[ctx.phase]]).map((r) =>
          rule(r, { jobStuckMs: STUCK_MS }),
        ),
      ),
    async disarm(ctx) {
      await clear(ctx);
      // The second run comes once the stuck job has ended on its own, as the advice says to wait for.
      await jobsEnded(ctx);
      return {};
    },
  },
  {
    name: "503 with Retry-After",
    zones: true,
    weight: 1.5,
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        [...ctx.target.mutations[ctx.phase], ctx.target.reads[ctx.phase][0]].map((r) =>
          rule(r, { status: 503, retryAfter: 1 }),
        ),
      ),
    disarm: clear,
  },
  {
    name: "server clock 5 minutes behind the client's, answers lost",
    zones: true,
    // Behind from the start, as a server's clock is (a clock that jumped mid-run would be another fault).
    emulator: { clockSkewMs: -300_000 },
    expect: "converge",
    arm: (ctx) =>
      addRules(
        ctx,
        ctx.target.mutations[ctx.phase].map((r) => rule(r, { action: "drop-after" })),
      ),
    disarm: clear,
  },
];
