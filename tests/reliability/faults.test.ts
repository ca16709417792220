// Fault suite (issue 6): each emulator fault at create, update and delete of one instance with tags and one
// volume, through the real CLI. After each faulted run: it converged, or it failed with a message that names
// the resource and says what to do; a second run converges; and the emulator holds exactly the resources
// the stack's state holds (no duplicate, no orphan). One emulator and one stack per fault; faults run in
// CIM_REL_LANES parallel lanes (default 3). The file ends with one line: `fault suite: N passed, M failed`.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpResult, StackSession } from "../harness";
import { FAULTS, type Fault, PHASES, type Phase, type PhaseContext } from "./matrix";
import {
  type CatalogueIds,
  catalogueIds,
  dataVolumes,
  emulatorIds,
  POLL_MS,
  stateIds,
  Tally,
  TestEmulator,
} from "./support";

const program = path.join(__dirname, "programs", "faultProgram.cjs");
const LANES = Number(process.env.CIM_REL_LANES ?? 3);
/**
 * Development aids: CIM_REL_ONLY=regex runs only the faults whose name matches; CIM_REL_DUMP=dir writes each
 * faulted run's diagnostics to dir/<case>.txt.
 */
const ONLY = process.env.CIM_REL_ONLY ? new RegExp(process.env.CIM_REL_ONLY, "i") : undefined;
const SELECTED = FAULTS.filter((f) => !ONLY || ONLY.test(f.name));
const tally = new Tally("fault suite");

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(e: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {}); // reported by the case's test, not as an unhandled rejection
  return { promise, resolve, reject };
}

const caseName = (fault: Fault, phase: Phase) => `${fault.name} at ${phase}`;
const cases = new Map<string, Deferred>();
for (const fault of SELECTED) for (const phase of PHASES) cases.set(caseName(fault, phase), deferred());

/** The engine's diagnostics of a failed run: the lines a user reads. */
function diagnostics(r: OpResult): string {
  const text = `${r.error ?? ""}\n${r.output}`;
  const at = text.indexOf("Diagnostics:");
  return (at >= 0 ? text.slice(at, at + 20_000) : text.slice(0, 20_000)).trim();
}

/** The provider's messages in a failed run's diagnostics (the engine prints each as "error: message", or as "* message" under "error: 1 error occurred:"). */
function messages(told: string): string[] {
  const lines = told
    .split("\n")
    .map((l) => l.trim())
    .map((l) => l.replace(/^(\* |error: )/, ""))
    .filter((l) => /^cim:(Instance|Volume)\b/.test(l));
  return [...new Set(lines)];
}

const changesOf = (summary: Record<string, number> | undefined) =>
  Object.entries(summary ?? {})
    .filter(([k, n]) => k !== "same" && n > 0)
    .map(([k, n]) => `${k}: ${n}`);

/** Emulator and state hold the same ids, per kind. */
async function expectNoDuplicateNoOrphan(emu: TestEmulator, session: StackSession, when: string) {
  const exported = await session.must("export");
  const inState = stateIds(exported.deployment);
  const inEmulator = emulatorIds(await emu.control.state());
  expect(inEmulator, `${when}: emulator resources (left) must equal the stack's state`).toEqual(inState);
  return inState;
}

async function expectDesired(emu: TestEmulator, ids: CatalogueIds, version: "1" | "2") {
  const state = await emu.control.state();
  const vms = Object.values(state.instances) as any[];
  const vols = dataVolumes(state);
  expect(vms, "exactly one instance").toHaveLength(1);
  expect(vols, "exactly one volume").toHaveLength(1);
  const two = version === "2";
  expect({
    offering: vms[0].serviceOfferingId,
    displayName: vms[0].displayName,
    tags: vms[0].tags,
    state: vms[0].state,
    size: vols[0].size,
    volumeTags: vols[0].tags,
  }).toEqual({
    offering: two ? ids.medium : ids.small,
    displayName: two ? "rel-two" : "rel-one",
    tags: { suite: "reliability", env: two ? "two" : "one" },
    state: "Running",
    size: two ? 20 : 10,
    volumeTags: { suite: "reliability" },
  });
}

/**
 * Checks that do not stop the phase: the second run must still happen (it restores the stack for the next
 * phase), so every failed check is collected and the phase fails at its end with all of them.
 */
class Checks {
  problems: string[] = [];
  check(body: () => void): void {
    try {
      body();
    } catch (err) {
      this.problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  async checkAsync(body: () => Promise<unknown>): Promise<void> {
    try {
      await body();
    } catch (err) {
      this.problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  throwIfAny(): void {
    if (this.problems.length) throw new Error(this.problems.join("\n\n"));
  }
}

async function runPhase(
  fault: Fault,
  phase: Phase,
  seq: { emu: TestEmulator; session: StackSession; token: string; ids: CatalogueIds },
) {
  const { emu, session, ids } = seq;
  const op = phase === "delete" ? "destroy" : "up";
  const version = phase === "create" ? "1" : "2";
  const checks = new Checks();
  await emu.control.resetRequests();
  let markDone!: () => void;
  const ctx: PhaseContext = {
    emu,
    session,
    phase,
    token: seq.token,
    opDone: new Promise<void>((r) => {
      markDone = r;
    }),
    rules: [],
    notes: [],
  };
  let first: OpResult;
  let secondEnv: Record<string, string | null> = {};
  try {
    const armed = await fault.arm(ctx);
    const running = session.run(op, { env: { REL_VERSION: version, ...armed.env } }).finally(markDone);
    const [result] = await Promise.all([running, fault.during?.(ctx)]);
    first = result;
    const left = (await emu.control.faults()).filter((r: any) => ctx.rules.includes(r.id) && r.hits === 0);
    checks.check(() =>
      expect(
        left.map((r: any) => `${r.method} ${r.route}`),
        "every injected fault rule fired during the run",
      ).toEqual([]),
    );
  } finally {
    markDone();
    secondEnv = (await fault.disarm(ctx)).env ?? {};
  }

  try {
    const told = diagnostics(first);
    if (process.env.CIM_REL_DUMP) {
      fs.writeFileSync(path.join(process.env.CIM_REL_DUMP, `${caseName(fault, phase)}.txt`), told);
    }
    const said = messages(told);
    ctx.notes.unshift(
      first.ok ? `${op} converged in ${first.ms} ms` : `${op} failed in ${first.ms} ms: ${said.join(" | ")}`,
    );
    checks.check(() => {
      if (fault.expect === "converge") {
        expect(first.ok, `the ${op} under "${fault.name}" converges; it failed:\n${told}`).toBe(true);
      } else {
        expect(first.ok, `the ${op} under "${fault.name}" fails (the fault cannot be retried away)`).toBe(
          false,
        );
      }
    });
    if (!first.ok) {
      // The engine attributes the failure to the resource (kind and logical name); the provider's message
      // names it by its API name or id and says what to do.
      checks.check(() =>
        expect(told, "the failure is attributed to the resource").toMatch(
          /cim:(Instance|Volume) \((vm|data)\):/,
        ),
      );
      checks.check(() =>
        expect(said.join("\n"), "the provider's message names the resource by name or id").toMatch(
          /cim:(Instance|Volume)( "[^"]+")? \(id [0-9a-f-]{36}\)|cim:(Instance|Volume) "[^"]+"/,
        ),
      );
      for (const advice of fault.advice ?? []) {
        checks.check(() => expect(said.join("\n"), "the message says what to do").toMatch(advice));
      }
    }
    if (phase !== "delete") {
      await checks.checkAsync(() => expectNoDuplicateNoOrphan(emu, session, `after the faulted ${op}`));
    }

    const second = await session.run(op, { env: { REL_VERSION: version, ...secondEnv } });
    ctx.notes.push(
      `second ${op}: ${second.ok ? JSON.stringify(second.summary) : "FAILED"} in ${second.ms} ms`,
    );
    expect(second.ok, `a second ${op} converges; it failed:\n${diagnostics(second)}`).toBe(true);
    if (first.ok) {
      checks.check(() =>
        expect(changesOf(second.summary), `the faulted ${op} left nothing to do`).toEqual([]),
      );
    }
    const inState = await expectNoDuplicateNoOrphan(emu, session, `after the second ${op}`);
    if (phase === "delete") expect(inState).toEqual({ Instance: [], Volume: [] });
    else await expectDesired(emu, ids, version);
  } catch (err) {
    checks.problems.push(err instanceof Error ? err.message : String(err));
  } finally {
    console.log(`${caseName(fault, phase)}: ${ctx.notes.join("; ")}`);
  }
  checks.throwIfAny();
}

async function runSequence(fault: Fault): Promise<void> {
  const emu = await TestEmulator.start({ jobLatencyMs: fault.jobLatencyMs ?? 200 });
  let session: StackSession | undefined;
  try {
    const token = await emu.token();
    const ids = await catalogueIds(emu, token);
    session = await StackSession.open({
      name: `rel-${fault.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 24)}`,
      program,
      projectName: "cim-rel",
      envVars: {
        CIM_BASE_URL: emu.url,
        CIM_TOKEN: token,
        CIM_POLL_INTERVAL_MS: POLL_MS,
        REL_IDS: JSON.stringify(ids),
        REL_VERSION: "1",
        ...(fault.timeouts ? { REL_TIMEOUTS: JSON.stringify(fault.timeouts) } : {}),
      },
    });
    for (const phase of PHASES) {
      const d = cases.get(caseName(fault, phase))!;
      try {
        await runPhase(fault, phase, { emu, session, token, ids });
        tally.passed++;
        d.resolve();
      } catch (err) {
        tally.failed.push(caseName(fault, phase));
        d.reject(err);
      }
    }
  } catch (err) {
    // The sequence could not even start: every case of it fails with that reason.
    for (const phase of PHASES) {
      const name = caseName(fault, phase);
      if (!tally.failed.includes(name)) tally.failed.push(name);
      cases.get(name)!.reject(err);
    }
  } finally {
    if (session) {
      await emu.control.clearFaults().catch(() => {});
      await emu.control.pauseClock(false).catch(() => {});
      await session.run("destroy", { env: { CIM_TOKEN: await emu.token() } });
      await session.run("rm");
      await session.close();
    }
    await emu.close();
  }
}

beforeAll(() => {
  const queue = [...SELECTED];
  const lane = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await runSequence(f);
  };
  // Not awaited: each case's test awaits its own phase.
  void Promise.all(Array.from({ length: Math.max(1, LANES) }, lane));
});

afterAll(() => {
  tally.print();
});

describe("fault suite: every emulator fault at create, update and delete", () => {
  for (const fault of SELECTED) {
    for (const phase of PHASES) {
      it(caseName(fault, phase), () => cases.get(caseName(fault, phase))!.promise, 900_000);
    }
  }
});
