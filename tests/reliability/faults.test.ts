// Fault suite (issues 6 and 11): each emulator fault at create, update and delete of one instance with tags
// and one volume, through the real CLI. After each faulted run: it converged, or it failed with a message that
// names the resource and says what to do; a second run converges; and the emulator holds exactly the
// resources the stack's state holds (no duplicate, no orphan). The whole matrix runs against a server at UTC,
// then again against one at UTC−10 and one at UTC+14 (the times the API writes are its local time, without
// an offset). One emulator and one stack per fault and zone; sequences run in CIM_REL_LANES parallel lanes
// (default 3). The file ends with one line: the counts, passed and failed, and how long it took.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpResult, StackSession } from "../harness";
import { type Fault, PHASES, type Phase, type PhaseContext, PLATFORM_FAULTS } from "./matrix";
import {
  type CatalogueIds,
  catalogueIds,
  dataVolumes,
  deploymentOf,
  emulatorIds,
  POLL_MS,
  stateIds,
  TestEmulator,
} from "./support";
import { WIRE_FAULTS } from "./wireFaults";

const program = path.join(__dirname, "programs", "faultProgram.cjs");
const PROJECT = "cim-rel";
const LANES = Number(process.env.CIM_REL_LANES ?? 3);
const FAULTS = [...PLATFORM_FAULTS, ...WIRE_FAULTS];

/** The server's time zones: the matrix at UTC, then again at the two ends of the zones in use. */
interface Zone {
  label: string;
  timezone: string;
}
const ZONES: Zone[] = [
  { label: "UTC", timezone: "UTC" },
  { label: "UTC−10", timezone: "Pacific/Honolulu" },
  { label: "UTC+14", timezone: "Pacific/Kiritimati" },
];

/**
 * Development aids: CIM_REL_ONLY=regex runs only the faults whose name matches; CIM_REL_ZONES=UTC,UTC−10
 * (labels, or "main" for UTC alone) runs only those zones; CIM_REL_DUMP=dir writes each faulted run's
 * diagnostics to dir/<case>.txt.
 */
const ONLY = process.env.CIM_REL_ONLY ? new RegExp(process.env.CIM_REL_ONLY, "i") : undefined;
const SELECTED = FAULTS.filter((f) => !ONLY || ONLY.test(f.name));
const ZONE_LABELS = (process.env.CIM_REL_ZONES ?? "")
  .split(",")
  .map((z) => (z.trim() === "main" ? "UTC" : z.trim().replace("-", "−")))
  .filter(Boolean);
const SELECTED_ZONES = ZONES.filter((z) => !ZONE_LABELS.length || ZONE_LABELS.includes(z.label));
/**
 * The zones a fault runs at: UTC for every fault; UTC−10 and UTC+14 for the faults whose handling reads the
 * times the server writes (`zones: true`: lost answers and the job lookups that resolve them), or for every
 * fault with CIM_REL_ZONES_ALL=1 (about three times as long).
 */
const ALL_ZONES = process.env.CIM_REL_ZONES_ALL === "1";
const zonesOf = (fault: Fault) => SELECTED_ZONES.filter((z) => z.label === "UTC" || fault.zones || ALL_ZONES);
const passed: string[] = [];
const failed: string[] = [];
const startedAt = Date.now();

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

const caseName = (fault: Fault, phase: Phase, zone: Zone) =>
  `${fault.name} at ${phase}${zone.label === "UTC" ? "" : ` (server at ${zone.label})`}`;
const cases = new Map<string, Deferred>();
for (const fault of SELECTED)
  for (const zone of zonesOf(fault))
    for (const phase of PHASES) cases.set(caseName(fault, phase, zone), deferred());

/** The engine's diagnostics of a failed run: the lines a user reads. */
function diagnostics(r: OpResult): string {
  const text = `${r.error ?? ""}\n${r.output}`;
  const at = text.indexOf("Diagnostics:");
  return (at >= 0 ? text.slice(at, at + 20_000) : text.slice(0, 20_000)).trim();
}

/**
 * The provider's messages in a failed run's diagnostics (the engine prints each as "error: message", or as
 * "* message" under "error: 1 error occurred:"). A failure in `check` comes as the engine words it,
 * "pulumi-nodejs:dynamic/cim:Volume resource 'data' has a problem: message", read as `cim:Volume "data": message`.
 */
function messages(told: string): string[] {
  const lines = told
    .split("\n")
    .map((l) => l.trim())
    .map((l) => l.replace(/^(\* |error: )/, ""))
    .map((l) =>
      l.replace(/^pulumi-nodejs:dynamic\/(cim:\w+) resource '([^']+)' has a problem: /, '$1 "$2": '),
    )
    .filter((l) => /^cim:(Instance|Volume)\b/.test(l));
  return [...new Set(lines)];
}

const changesOf = (summary: Record<string, number> | undefined) =>
  Object.entries(summary ?? {})
    .filter(([k, n]) => k !== "same" && n > 0)
    .map(([k, n]) => `${k}: ${n}`);

/** Emulator and state hold the same ids, per kind. */
async function expectNoDuplicateNoOrphan(emu: TestEmulator, session: StackSession, when: string) {
  const inState = stateIds(await deploymentOf(session, PROJECT));
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
  seq: { emu: TestEmulator; session: StackSession; token: string; ids: CatalogueIds; zone: Zone },
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
      fs.writeFileSync(path.join(process.env.CIM_REL_DUMP, `${caseName(fault, phase, seq.zone)}.txt`), told);
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
    console.log(`${caseName(fault, phase, seq.zone)}: ${ctx.notes.join("; ")}`);
  }
  checks.throwIfAny();
}

/**
 * One fault's cases: one emulator and one stack; create, update and delete at each of the fault's zones in
 * turn (the server moves to the next zone once the stack is empty again, and from then on writes the
 * instants it keeps in that zone, as a server does).
 */
async function runSequence(fault: Fault): Promise<void> {
  const zones = zonesOf(fault);
  const emu = await TestEmulator.start({
    jobLatencyMs: fault.jobLatencyMs ?? 200,
    timezone: zones[0].timezone,
    ...fault.emulator,
  });
  let session: StackSession | undefined;
  try {
    const token = await emu.token();
    const ids = await catalogueIds(emu, token);
    session = await StackSession.open({
      name: `rel-${fault.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 24)}`,
      program,
      projectName: PROJECT,
      envVars: {
        CIM_BASE_URL: emu.url,
        CIM_TOKEN: token,
        CIM_POLL_INTERVAL_MS: POLL_MS,
        REL_IDS: JSON.stringify(ids),
        REL_VERSION: "1",
        ...(fault.timeouts ? { REL_TIMEOUTS: JSON.stringify(fault.timeouts) } : {}),
      },
    });
    for (const zone of zones) {
      await emu.setTimeZone(zone.timezone);
      for (const phase of PHASES) {
        const name = caseName(fault, phase, zone);
        const d = cases.get(name)!;
        try {
          await runPhase(fault, phase, { emu, session, token, ids, zone });
          passed.push(name);
          d.resolve();
        } catch (err) {
          failed.push(name);
          d.reject(err);
        }
      }
    }
  } catch (err) {
    // The sequence could not go on: every case of it not run yet fails with that reason.
    for (const zone of zones) {
      for (const phase of PHASES) {
        const name = caseName(fault, phase, zone);
        if (failed.includes(name) || passed.includes(name)) continue;
        failed.push(name);
        cases.get(name)!.reject(err);
      }
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
  // The longest sequences (more zones, slower faults) first, so that the lanes end close together.
  const weight = (f: Fault) => zonesOf(f).length * (f.weight ?? 1);
  const queue = [...SELECTED].sort((a, b) => weight(b) - weight(a));
  const lane = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await runSequence(f);
  };
  // Not awaited: each case's test awaits its own phase.
  void Promise.all(Array.from({ length: Math.max(1, LANES) }, lane));
});

/**
 * `fault suite: 16 faults × create/update/delete = 48 cases, + time zones UTC−10 and UTC+14 (7 faults ×
 * create/update/delete each) = 42 cases; 90 passed, 0 failed: all converged or failed clearly; 9.1 min`
 */
function summary(): string {
  const phases = PHASES.join("/");
  const main = SELECTED.filter((f) => zonesOf(f).some((z) => z.label === "UTC"));
  const others = SELECTED_ZONES.filter((z) => z.label !== "UTC");
  const zoned = SELECTED.filter((f) => zonesOf(f).some((z) => z.label !== "UTC"));
  const parts: string[] = [];
  if (main.length) parts.push(`${main.length} faults × ${phases} = ${main.length * PHASES.length} cases`);
  if (others.length && zoned.length) {
    parts.push(
      `${parts.length ? "+ " : ""}time zones ${others.map((z) => z.label).join(" and ")} (${zoned.length} faults × ${phases} each) = ${zoned.length * PHASES.length * others.length} cases`,
    );
  }
  const verdict = failed.length ? `not all green (${failed.join("; ")})` : "all converged or failed clearly";
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  return `fault suite: ${parts.join(", ")}; ${passed.length} passed, ${failed.length} failed: ${verdict}; ${minutes} min`;
}

afterAll(() => {
  console.log(summary());
});

describe("fault suite: every emulator fault at create, update and delete, and at UTC−10 and UTC+14", () => {
  for (const fault of SELECTED) {
    for (const zone of zonesOf(fault)) {
      for (const phase of PHASES) {
        const name = caseName(fault, phase, zone);
        it(name, () => cases.get(name)!.promise, 1_800_000);
      }
    }
  }
});
