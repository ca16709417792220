// The soak's driver: one emulator and one stack for a run of rounds from one seed. Each round changes the program
// and draws its trouble from (seed, round) alone; a failed round prints its seed and the command that replays it
// alone (the program of the round before it deployed without trouble, then the round). Used by soak.test.ts in
// both modes: a short fixed seed set inside `npm test`, and `npm run soak -- --rounds N --seed S`.
import type { StackSession } from "../harness";
import { catalogueIds, deploymentOf, emulatorSession, TestEmulator } from "../reliability/support";
import { baselineIds, sweepOrphans } from "./cloud";
import { programAt, programJson } from "./generator";
import type { Program, SoakCatalogue } from "./model";
import { PROJECT, type RoundReport, runRound, type SoakContext } from "./round";
import { FAULTS } from "./trouble";

export interface SoakOptions {
  seed: number;
  rounds: number;
  /** Replay this round alone (the program of the round before it deployed first, without trouble). */
  round?: number;
  /** Only faults whose name matches. */
  only?: string;
  /** A line per round (default: console.log). */
  log?: (line: string) => void;
  /** The program on `pulumi-cim/native` (the provider plugin) instead of the dynamic path. */
  native?: boolean;
  /**
   * On the plugin, the providers its resources are spread over (program.cjs): the default one and `providers - 1`
   * explicit ones of the same settings, each a plugin process of its own. Default 1.
   */
  providers?: number;
}

export interface SoakResult {
  reports: RoundReport[];
  passed: number;
  failed: RoundReport[];
  kinds: Set<string>;
  faults: Set<string>;
}

export async function soakCatalogue(emu: TestEmulator, token: string): Promise<SoakCatalogue> {
  const ids = await catalogueIds(emu, token);
  const get = async (p: string) =>
    (await (
      await fetch(`${emu.url}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as any[];
  const [network, backup, osTypes] = await Promise.all([
    get("/offerings/network"),
    get("/offerings/backup"),
    get("/os-types"),
  ]);
  const templates = (await get("/templates")).filter((t) =>
    ["Ubuntu 22.04 LTS", "Debian 12"].includes(t.name),
  );
  return {
    zoneId: ids.zoneId,
    templates: templates.map((t) => t.id).sort(),
    small: ids.small,
    medium: ids.medium,
    customDisk: ids.customDisk,
    vpcTier: network.find((n) => n.name === "VPC Tier").id,
    vpcTierIlb: network.find((n) => n.name === "VPC Tier with Internal LB").id,
    isolated: ids.isolated,
    vpcOffering: ids.vpcOffering,
    backupOfferings: backup
      .filter((b) => b.zoneId === ids.zoneId)
      .map((b) => b.id)
      .sort(),
    kubernetesVersionId: ids.kubernetesVersionId,
    osTypeId: osTypes[0]?.id,
    isos: (await get("/isos"))
      .filter((i) => i.bootable !== false)
      .map((i) => i.id)
      .sort(),
    isoDisk: ids.fixedDisk.id,
  };
}

/** The command that replays one round alone (with the same fault filter: it changes what is drawn). */
export const replayCommand = (
  seed: number,
  round: number,
  only?: string,
  native?: boolean,
  providers?: number,
) =>
  `npm run soak -- --seed ${seed} --round ${round}${only ? ` --fault '${only}'` : ""}${native ? " --native" : ""}${native && (providers ?? 1) > 1 ? ` --providers ${providers}` : ""}`;

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const log = o.log ?? ((l: string) => console.log(l));
  const emu = await TestEmulator.start({ jobLatencyMs: 50 });
  // A day, as a console session's token may last: a long run outlives the emulator's default hour (seeds 101
  // to 104 met it after 187 rounds each, and every round after failed on the expired token).
  const token = await emu.token({ ttlSeconds: 24 * 3600 });
  const result: SoakResult = { reports: [], passed: 0, failed: [], kinds: new Set(), faults: new Set() };
  let session: StackSession | undefined;
  try {
    const ids = await soakCatalogue(emu, token);
    const baseline = await baselineIds(emu.url, token);
    session = await emulatorSession({
      name: `soak-${o.seed}`,
      native: o.native,
      program: `${__dirname}/program.cjs`,
      projectName: PROJECT,
      emu,
      token,
      env: { SOAK_PROGRAM: "[]", SOAK_PROVIDERS: String(o.native ? (o.providers ?? 1) : 1) },
    });
    const ctx: SoakContext = { emu, session, token, ids, baseline, only: o.only };
    let program: Program = { resources: [], serial: 1 };
    const first = o.round ?? 0;
    const last = o.round ?? o.rounds - 1;
    if (first > 0) {
      program = programAt(o.seed, first - 1, ids).program;
      await session.must("up", { env: { SOAK_PROGRAM: programJson(program) }, lean: true });
      log(`soak: replaying round ${first} of seed ${o.seed} on the program of round ${first - 1}`);
    }
    for (let round = first; round <= last; round++) {
      let report: RoundReport;
      try {
        report = await runRound(ctx, program, o.seed, round);
      } catch (err) {
        report = {
          round,
          seed: o.seed,
          changes: [],
          trouble: undefined as never,
          notes: [],
          problems: [`the round stopped: ${(err as Error).stack ?? err}`],
          fired: false,
          ms: 0,
        };
      }
      result.reports.push(report);
      for (const r of program.resources) result.kinds.add(r.kind);
      if (report.trouble?.fault && report.fired) result.faults.add(report.trouble.fault.name);
      const changed = report.changes.map(
        (c) => `${c.type} ${c.kind} ${c.name}${c.fields ? ` (${c.fields.join(",")})` : ""}`,
      );
      log(
        `soak round ${round} (seed ${o.seed}, ${report.ms} ms): ${changed.join("; ")}\n  ${report.notes.join("\n  ")}`,
      );
      if (report.problems.length) {
        result.failed.push(report);
        log(
          `soak round ${round} FAILED (seed ${o.seed}); replay it alone: ${replayCommand(o.seed, round, o.only, o.native, o.providers)}\n  ${report.problems.join("\n  ")}`,
        );
        // the next rounds start from a cloud that equals their state: what the failure left is deleted
        const swept = await sweepOrphans(
          emu.url,
          token,
          await deploymentOf(session, PROJECT),
          baseline,
        ).catch((err) => [`(the sweep failed: ${(err as Error).message})`]);
        if (swept.length) log(`  swept what the state does not know: ${swept.join(", ")}`);
      } else result.passed++;
    }
    await session.run("destroy", { env: { CIM_TOKEN: token }, lean: true });
  } finally {
    if (session) {
      await session.run("rm");
      await session.close();
    }
    await emu.close();
  }
  return result;
}

/** Every fault the soak can draw, by name (coverage is reported against it). */
export const FAULT_NAMES = FAULTS.map((f) => f.name);
