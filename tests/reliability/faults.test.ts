// Fault suite (issues 6, 11, 12 and 13): each emulator fault at create, update and delete of a program, through
// the real CLI. After each faulted run: it converged, or it failed with a message that names the resource and
// says what to do; a second run converges; and the emulator holds exactly the resources the stack's state holds
// (no duplicate, no orphan). Targets (targets.ts): one instance with tags and one volume meets every fault,
// against a server at UTC and, for the faults whose handling reads the server's times, at UTC−10 and UTC+14; a
// public IP and a Kubernetes cluster meet the faults of their own lifecycle at create, scale and delete, once;
// the first program on pulumi-cim/native, through the plugin, meets the lost-answer faults at UTC, once.
// One emulator per fault, target and zone; sequences run in CIM_REL_LANES parallel lanes (default 3), each lane
// reusing one stack per target. The file ends with one line: the counts, passed and failed, and how long it took.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpResult, StackSession } from "../harness";
import { LaneStacks } from "./laneStacks";
import { type Fault, PHASES, type Phase, type PhaseContext, PLATFORM_FAULTS } from "./matrix";
import { type CatalogueIds, catalogueIds, deploymentOf, POLL_MS, TestEmulator } from "./support";
import {
  type FaultTarget,
  INSTANCE_AND_VOLUME,
  NATIVE_INSTANCE_AND_VOLUME,
  PUBLIC_IP_AND_CLUSTER,
} from "./targets";
import { Checks, changesOf, diagnostics, messages } from "./verdicts";
import { WIRE_FAULTS } from "./wireFaults";

const PROJECT = "cim-rel";
const LANES = Number(process.env.CIM_REL_LANES ?? 3);
const FAULTS = [...PLATFORM_FAULTS, ...WIRE_FAULTS];
/** CIM_REL_TARGETS=main,kinds,native (targets.ts ids) runs only those targets. */
const TARGET_IDS = (process.env.CIM_REL_TARGETS ?? "").split(",").filter(Boolean);
const TARGETS = [INSTANCE_AND_VOLUME, PUBLIC_IP_AND_CLUSTER, NATIVE_INSTANCE_AND_VOLUME].filter(
  (t) => !TARGET_IDS.length || TARGET_IDS.includes(t.id),
);

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
const ZONE_LABELS = (process.env.CIM_REL_ZONES ?? "")
  .split(",")
  .map((z) => (z.trim() === "main" ? "UTC" : z.trim().replace("-", "−")))
  .filter(Boolean);
const SELECTED_ZONES = ZONES.filter((z) => !ZONE_LABELS.length || ZONE_LABELS.includes(z.label));
/**
 * The zones a fault runs at on a target: the target's own when it names them; else UTC for every fault, and
 * UTC−10 and UTC+14 for the faults whose handling reads the times the server writes (`zones: true`: lost
 * answers and the job lookups that resolve them), or for every fault with CIM_REL_ZONES_ALL=1 (about three
 * times as long).
 */
const ALL_ZONES = process.env.CIM_REL_ZONES_ALL === "1";
const zonesOf = (fault: Fault, target: FaultTarget) =>
  SELECTED_ZONES.filter((z) =>
    target.zones ? target.zones.includes(z.label) : z.label === "UTC" || fault.zones || ALL_ZONES,
  );

/** The faults of a target: every fault, or those it names (a name no fault has is an error here). */
function faultsOf(target: FaultTarget): Fault[] {
  if (!target.faults) return FAULTS;
  return target.faults.map((name) => {
    const fault = FAULTS.find((f) => f.name === name);
    if (!fault) throw new Error(`target "${target.label}" names a fault that does not exist: ${name}`);
    return fault;
  });
}

/** One fault on one target, at its zones: one emulator. */
interface Sequence {
  fault: Fault;
  target: FaultTarget;
  zones: Zone[];
}
const SEQUENCES: Sequence[] = TARGETS.flatMap((target) =>
  faultsOf(target)
    .filter((fault) => !ONLY || ONLY.test(fault.name))
    .map((fault) => ({ fault, target, zones: zonesOf(fault, target) }))
    .filter((seq) => seq.zones.length > 0),
);
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

const caseName = (seq: Sequence, phase: Phase, zone: Zone) => {
  const where = [seq.target.label, zone.label === "UTC" ? "" : `server at ${zone.label}`].filter(Boolean);
  return `${seq.fault.name} at ${seq.target.phaseNames[phase]}${where.length ? ` (${where.join(", ")})` : ""}`;
};
const cases = new Map<string, Deferred>();
for (const seq of SEQUENCES)
  for (const zone of seq.zones) for (const phase of PHASES) cases.set(caseName(seq, phase, zone), deferred());

/** Emulator and state hold the same ids, per kind. */
async function expectNoDuplicateNoOrphan(
  emu: TestEmulator,
  session: StackSession,
  target: FaultTarget,
  when: string,
) {
  const inState = target.stateIds(await deploymentOf(session, PROJECT));
  const inEmulator = target.emulatorIds(await emu.control.state());
  expect(inEmulator, `${when}: emulator resources (left) must equal the stack's state`).toEqual(inState);
  return inState;
}

/** What a phase runs on: the sequence's emulator and stack at one zone. */
interface Run {
  seq: Sequence;
  emu: TestEmulator;
  session: StackSession;
  token: string;
  ids: CatalogueIds;
  zone: Zone;
}

async function runPhase(phase: Phase, run: Run) {
  const { seq, emu, session, ids } = run;
  const { fault, target } = seq;
  const name = caseName(seq, phase, run.zone);
  const op = phase === "delete" ? "destroy" : "up";
  const version = phase === "create" ? "1" : "2";
  const checks = new Checks();
  await emu.control.resetRequests();
  let markDone!: () => void;
  const ctx: PhaseContext = {
    emu,
    session,
    target,
    phase,
    token: run.token,
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
    const running = session
      .run(op, { env: { REL_VERSION: version, ...armed.env }, lean: true })
      .finally(markDone);
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
    if (process.env.CIM_REL_DUMP) fs.writeFileSync(path.join(process.env.CIM_REL_DUMP, `${name}.txt`), told);
    const said = messages(told, target);
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
      const kinds = target.kinds.join("|");
      checks.check(() =>
        expect(told, "the failure is attributed to the resource").toMatch(
          new RegExp(`cim:(index:)?(${kinds}) \\((${target.names.join("|")})\\):`),
        ),
      );
      checks.check(() =>
        expect(said.join("\n"), "the provider's message names the resource by name or id").toMatch(
          new RegExp(`cim:(${kinds})( "[^"]+")? \\(id [0-9a-f-]{36}\\)|cim:(${kinds}) "[^"]+"`),
        ),
      );
      for (const advice of fault.advice ?? []) {
        checks.check(() => expect(said.join("\n"), "the message says what to do").toMatch(advice));
      }
    }
    if (phase !== "delete") {
      await checks.checkAsync(() =>
        expectNoDuplicateNoOrphan(emu, session, target, `after the faulted ${op}`),
      );
    }

    // A destroy that converged left an empty stack: a second one would not reach the provider (the engine has
    // nothing to ask it), so it is the emptiness that is checked, below.
    const emptied =
      op === "destroy" &&
      first.ok &&
      Object.values(target.stateIds(await deploymentOf(session, PROJECT))).every((ids) => !ids.length);
    if (emptied) {
      ctx.notes.push("second destroy not needed: the stack is empty");
    } else {
      const second = await session.run(op, { env: { REL_VERSION: version, ...secondEnv }, lean: true });
      ctx.notes.push(
        `second ${op}: ${second.ok ? JSON.stringify(second.summary) : "FAILED"} in ${second.ms} ms`,
      );
      expect(second.ok, `a second ${op} converges; it failed:\n${diagnostics(second)}`).toBe(true);
      if (first.ok) {
        checks.check(() =>
          expect(changesOf(second.summary), `the faulted ${op} left nothing to do`).toEqual([]),
        );
      }
    }
    const inState = await expectNoDuplicateNoOrphan(emu, session, target, `after the second ${op}`);
    if (phase === "delete") {
      expect(inState).toEqual(Object.fromEntries(Object.keys(inState).map((k) => [k, []])));
    } else target.expectDesired(await emu.control.state(), ids, version);
  } catch (err) {
    checks.problems.push(Checks.describe(err));
  } finally {
    console.log(`${name}: ${ctx.notes.join("; ")}`);
  }
  checks.throwIfAny();
}

/** Every variable a sequence sets for its runs: set anew per sequence, since a lane's stack outlives it. */
const SEQUENCE_ENV = ["CIM_BASE_URL", "CIM_TOKEN", "CIM_POLL_INTERVAL_MS", "CIM_REQUEST_TIMEOUT", "REL_IDS"];

/**
 * One fault's cases on one target: one emulator; create, update and delete at each of the sequence's zones
 * in turn (the server moves to the next zone once the stack is empty again, and from then on writes the
 * instants it keeps in that zone, as a server does).
 */
async function runSequence(seq: Sequence, stacks: LaneStacks): Promise<void> {
  const { fault, target, zones } = seq;
  const emu = await TestEmulator.start({
    jobLatencyMs: fault.jobLatencyMs ?? 200,
    timezone: zones[0].timezone,
    ...fault.emulator,
  });
  let session: StackSession | undefined;
  try {
    const token = await emu.token();
    const ids = await catalogueIds(emu, token);
    session = await stacks.get(target);
    const env: Record<string, string | null> = Object.fromEntries(SEQUENCE_ENV.map((k) => [k, null]));
    await session.must("env", {
      env: {
        ...env,
        CIM_BASE_URL: emu.url,
        CIM_TOKEN: token,
        CIM_POLL_INTERVAL_MS: POLL_MS,
        REL_IDS: JSON.stringify(ids),
        REL_VERSION: "1",
        REL_TIMEOUTS: fault.timeouts ? JSON.stringify(fault.timeouts) : null,
      },
    });
    for (const zone of zones) {
      await emu.setTimeZone(zone.timezone);
      for (const phase of PHASES) {
        const name = caseName(seq, phase, zone);
        const d = cases.get(name)!;
        try {
          await runPhase(phase, { seq, emu, session, token, ids, zone });
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
        const name = caseName(seq, phase, zone);
        if (failed.includes(name) || passed.includes(name)) continue;
        failed.push(name);
        cases.get(name)!.reject(err);
      }
    }
  } finally {
    if (session) await stacks.release(target, emu);
    await emu.close();
  }
}

/** The lanes, once every sequence has run and every stack is removed. */
let lanesDone: Promise<unknown> = Promise.resolve();

beforeAll(() => {
  // The longest sequences (more zones, slower faults, bigger programs) first, so that the lanes end close together.
  const weight = (s: Sequence) => s.zones.length * (s.fault.weight ?? 1) * (s.target.weight ?? 1);
  const queue = [...SEQUENCES].sort((a, b) => weight(b) - weight(a));
  const lane = async (n: number) => {
    const stacks = new LaneStacks(n, PROJECT);
    try {
      for (let s = queue.shift(); s; s = queue.shift()) await runSequence(s, stacks);
    } finally {
      await stacks.close();
    }
  };
  // Not awaited here: each case's test awaits its own phase; afterAll waits for the lanes' cleanup.
  lanesDone = Promise.all(Array.from({ length: Math.max(1, LANES) }, (_, n) => lane(n)));
});

/**
 * `fault suite: 16 faults × create/update/delete = 48 cases, + time zones UTC−10 and UTC+14 (7 faults ×
 * create/update/delete each) = 42 cases, + public IP and cluster (7 faults × create/scale/delete, server at
 * UTC+14) = 21 cases; 111 passed, 0 failed: all converged or failed clearly; 5.0 min`
 */
function summary(): string {
  const parts: string[] = [];
  for (const target of TARGETS) {
    const seqs = SEQUENCES.filter((s) => s.target === target);
    if (!seqs.length) continue;
    const phases = PHASES.map((p) => target.phaseNames[p]).join("/");
    const count = (zone: Zone) => seqs.filter((s) => s.zones.includes(zone)).length;
    if (target.zones) {
      const n = seqs.length;
      const at = SELECTED_ZONES.filter((z) => count(z)).map((z) => `server at ${z.label}`);
      parts.push(
        `${target.label} (${n} faults × ${phases}, ${at.join(" and ")}) = ${n * PHASES.length * at.length} cases`,
      );
      continue;
    }
    const utc = SELECTED_ZONES.find((z) => z.label === "UTC");
    if (utc && count(utc))
      parts.push(`${count(utc)} faults × ${phases} = ${count(utc) * PHASES.length} cases`);
    const others = SELECTED_ZONES.filter((z) => z.label !== "UTC" && count(z));
    const zoned = seqs.filter((s) => s.zones.some((z) => z.label !== "UTC")).length;
    if (others.length && zoned) {
      parts.push(
        `time zones ${others.map((z) => z.label).join(" and ")} (${zoned} faults × ${phases} each) = ${others.reduce((n, z) => n + count(z), 0) * PHASES.length} cases`,
      );
    }
  }
  const verdict = failed.length ? `not all green (${failed.join("; ")})` : "all converged or failed clearly";
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  return `fault suite: ${parts.join(", + ")}; ${passed.length} passed, ${failed.length} failed: ${verdict}; ${minutes} min`;
}

afterAll(async () => {
  console.log(summary());
  await lanesDone;
});

describe("fault suite: every emulator fault at create, update and delete, and at UTC−10 and UTC+14; a public IP and a cluster at create, scale and delete; the lost answers through the native plugin", () => {
  for (const seq of SEQUENCES) {
    for (const zone of seq.zones) {
      for (const phase of PHASES) {
        const name = caseName(seq, phase, zone);
        it(name, () => cases.get(name)!.promise, 1_800_000);
      }
    }
  }
});
