// `pulumi-cim recover`: after a run was killed mid-create (and `pulumi cancel`), finds in the cloud the record each
// pending create of a pulumi-cim resource made, and records it in the stack's state, or drops the pending create
// when nothing was made, so the next `pulumi up` neither makes a second record nor meets "name taken".
//
// Pulumi's own way, `pulumi refresh --import-pending-creates <urn> <id>`, needs the id nobody has; and with the
// CLI this project builds on (3.259) it drops the pending create without recording the resource (the engine's
// refresh keeps pending creates and nothing else), which leaks the record as surely as --clear-pending-creates.
// So recover writes the state itself, as `pulumi-cim migrate` does: `pulumi stack export`, the resolved creates
// recorded, `pulumi stack import`, then `pulumi refresh --target` of what it recorded, which reads each record
// through the provider. `pulumi stack import` drops every pending operation, so recover writes only when it can
// resolve every pending create the stack holds.

import * as path from "node:path";
import { parseArgs } from "node:util";
import { CimClient } from "../client";
import { clientSettings } from "../config";
import { loadConfig } from "../doctor/config";
import { readOrGone } from "../lifecycle/errors";
import { resolveTimeouts } from "../lifecycle/timeouts";
import { importDeployment, type PulumiRunner, runPulumi } from "../migrate";
import type { ExportedStack } from "../migrate/state";
import { EMPTY_METADATA, repairEmptyMetadata } from "./checkpointFile";
import { type Candidate, CannotLook, type Lookup, lookUp, regionOf, sameRecord, windowHours } from "./match";
import { recordedOutputs } from "./outputs";
import { applyResolutions, type PendingCreate, type Resolution, readCheckpoint } from "./pending";

export const RECOVER_USAGE = `usage: pulumi-cim recover [--stack NAME] [--cwd DIR] [--id URN=ID]... [--hours N] [--yes]

  After a run was killed while creating resources (then \`pulumi cancel\`), finds the record each
  pending create of a pulumi-cim resource made: a record of its kind, in its region, with the values
  the create was sent with, that the stack's state does not hold and that a create job (or, for
  creates answered at once, the audit trail) shows was made within the window. One found: it is
  recorded in the state (pulumi stack import, then pulumi refresh of it). None: the pending create is
  dropped, nothing was made. Several, or only records with its values made before the window
  (another's, or this run's if the API's clock moved): nothing is written; pick one with --id (or give
  --hours). Prints what it found for each; writes only with --yes. Reads the API with the stack's
  settings (cim:* config, then the CIM_* variables), as pulumi-cim doctor does; never prints the token.

  --stack NAME     the stack; default: the selected stack
  --cwd DIR        the Pulumi project folder; default: the current folder
  --id URN=ID      the record that resource's create made (URN: the full URN or the resource's name);
                   --id URN=none: none of them, drop the pending create. Repeat for more resources
  --hours N        the window, in hours back on the server's clock; default: since the checkpoint was
                   last written, plus one
  --yes            write the state (without it: a dry run)

  On a file backend, a stack whose checkpoint a killed CLI left unreadable ("failed to load
  checkpoint: EOF": its metadata file empty) is made readable first, with --yes.`;

/** A wrong command line: the CLI prints the usage after the message. */
export class RecoverUsageError extends Error {}

export interface RecoverOptions {
  out?: (s: string) => void;
  pulumi?: PulumiRunner;
}

/** What recover decided for one pending create. */
interface Decision {
  create: PendingCreate;
  /** The id to record, "none" to drop it, or undefined: refused (the line says why). */
  verdict?: string;
  line: string;
}

/**
 * One record cannot be two resources: where two pending creates would be recorded as the same record (one found,
 * the other named with --id), neither is, and each line names the other.
 */
function refuseSharedRecords(decisions: Decision[]): void {
  const by = new Map<string, Decision[]>();
  for (const d of decisions) {
    if (d.verdict === undefined || d.verdict === "none") continue;
    const key = `${d.create.kind.name}/${d.verdict}`;
    by.set(key, [...(by.get(key) ?? []), d]);
  }
  for (const same of by.values()) {
    if (same.length < 2) continue;
    for (const d of same) {
      const others = same.filter((o) => o !== d).map((o) => `cim:${o.create.kind.name} ${o.create.name}`);
      d.line = `${d.line.replace(/ → .*$/, "")} → left as it is: ${others.join(", ")} would be recorded as the same ${d.create.kind.noun} ${d.verdict}, and one record cannot be two resources. Give each its own with --id '${d.create.urn}=<id>' (or =none)`;
      d.verdict = undefined;
    }
  }
}

const label = (c: Pick<Candidate, "id" | "name">) => `${c.id}${c.name ? ` "${c.name}"` : ""}`;
const regionText = (r: string | undefined) => (r ? `region ${r}` : "the API's default region");

function parseChoices(values: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of values) {
    const at = v.lastIndexOf("=");
    if (at <= 0 || at === v.length - 1)
      throw new RecoverUsageError(`--id takes URN=ID (or URN=none), not "${v}"`);
    out.set(v.slice(0, at), v.slice(at + 1));
  }
  return out;
}

/** The choice given for a pending create: by full URN, or by the resource's name when that is unambiguous. */
function choiceFor(p: PendingCreate, all: PendingCreate[], choices: Map<string, string>): string | undefined {
  if (choices.has(p.urn)) return choices.get(p.urn);
  if (choices.has(p.name) && all.filter((o) => o.name === p.name).length === 1) return choices.get(p.name);
  return undefined;
}

function describeFound(p: PendingCreate, l: Lookup, hours: number): { verdict?: string; line: string } {
  const where = `in ${regionText(l.region)}`;
  const older = l.earlier.length;
  const left = older
    ? `; ${older} look-alike(s) with no create within the last ${hours} h left alone (not this run's)`
    : "";
  if (l.candidates.length === 1) {
    const c = l.candidates[0];
    const how = c.madeBy === "audit" ? "created (audit trail)" : `made by ${c.madeBy}`;
    const alone = l.among
      ? ` (of ${l.among} made then alike in what cannot change, the one holding all its values)`
      : "";
    return {
      verdict: c.id,
      line: `found ${p.kind.noun} ${label(c)} ${where}, ${how} within the last ${hours} h${alone}${left} → record it in the state`,
    };
  }
  if (l.candidates.length === 0 && l.earlier.length === 0)
    return {
      verdict: "none",
      line: `no ${p.kind.noun} with its values made within the last ${hours} h ${where} → drop the pending create (nothing was made)`,
    };
  if (l.candidates.length === 0)
    // A record with the create's values whose create the window does not show is another's, or this run's after
    // the API's clock moved: dropping would make a second at the next up, so the user says which.
    return {
      line: [
        `no ${p.kind.noun} with its values made within the last ${hours} h ${where}, but ${l.earlier.length} with its values and no create in that window: ${l.earlier.map(label).join(", ")}`,
        `→ left as it is. If one is this run's (the API's clock may have moved since), pulumi-cim recover --id '${p.urn}=<id>' (or a larger --hours); if none is, --id '${p.urn}=none'`,
      ].join("\n      "),
    };
  return {
    line: [
      `${l.candidates.length} ${p.kind.noun}s ${where} match and were made within the last ${hours} h: ${l.candidates.map(label).join(", ")}`,
      `→ left as it is. Pick the one this stack made: pulumi-cim recover --id '${p.urn}=<id>' (or =none if none is)`,
    ].join("\n      "),
  };
}

/** Runs `pulumi-cim recover`; returns the exit code (1 when a pending create is left unresolved). */
export async function recoverCommand(argv: string[], opts: RecoverOptions = {}): Promise<number> {
  const rawOut = opts.out ?? ((s: string) => void process.stdout.write(s));
  const pulumi = opts.pulumi ?? runPulumi;
  const { values: a } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: {
      stack: { type: "string" },
      cwd: { type: "string" },
      id: { type: "string", multiple: true },
      hours: { type: "string" },
      yes: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (a.help) {
    rawOut(`${RECOVER_USAGE}\n`);
    return 0;
  }
  const choices = parseChoices(a.id ?? []);
  const hoursArg = a.hours === undefined ? undefined : Number(a.hours);
  if (hoursArg !== undefined && !(Number.isInteger(hoursArg) && hoursArg > 0))
    throw new RecoverUsageError(`--hours takes a whole number of hours above 0, not "${a.hours}"`);
  const cwd = path.resolve(a.cwd ?? ".");
  const stackArgs = a.stack ? ["--stack", a.stack] : [];

  const exportStack = () => pulumi(["stack", "export", ...stackArgs], cwd);
  let text: string;
  try {
    text = await exportStack();
  } catch (err) {
    // a CLI killed while writing the stack's checkpoint on a file backend can leave it unreadable
    if (!EMPTY_METADATA.test(String((err as Error)?.message ?? err))) throw err;
    const repair = await repairEmptyMetadata(pulumi, cwd, a.stack, a.yes);
    rawOut(`${repair.line}\n`);
    if (!repair.repaired) return 1;
    text = await exportStack();
  }
  const exported = JSON.parse(text) as ExportedStack;
  const view = readCheckpoint(exported);
  const stack = a.stack ?? stackOf(exported) ?? "the selected stack";
  const foreign = view.others.filter((op) => op.type === "creating");
  if (!view.creates.length) {
    rawOut(
      foreign.length
        ? `Stack ${stack}: no pending create of a pulumi-cim resource; ${foreign.length} of other providers: resolve them with pulumi refresh.\n`
        : `Stack ${stack}: no pending create of a pulumi-cim resource. Nothing to do.\n`,
    );
    return 0;
  }

  const loaded = await loadConfig({ cwd, stack: a.stack });
  const c = loaded.config;
  const token = c.token?.trim().replace(/^Bearer\s+/i, "");
  const redact = (s: string) => (token && token.length >= 8 ? s.split(token).join("[redacted]") : s);
  const out = (s: string) => rawOut(redact(s));
  if (!c.baseUrl || !token)
    throw new Error(
      `cannot read the cloud: the API is not configured for stack ${stack} (set cim:baseUrl and the secret cim:token, or CIM_BASE_URL and CIM_TOKEN). Nothing was written.`,
    );
  const client = new CimClient({ baseUrl: c.baseUrl, token, audience: c.audience, ...clientSettings(c) });
  const hours = hoursArg ?? windowHours(view.writtenAt);
  const jobs = new Map();

  const decisions: Decision[] = [];
  for (const p of view.creates) {
    const chosen = choiceFor(p, view.creates, choices);
    try {
      if (chosen === "none") {
        decisions.push({ create: p, verdict: "none", line: "--id none given → drop the pending create" });
      } else if (chosen !== undefined) {
        decisions.push(await decide(client, p, chosen, view.held, c.region, chosenLines(p, chosen)));
      } else if (p.kind.idOf) {
        const id = p.kind.idOf(p.inputs);
        decisions.push(await decide(client, p, id, view.held, c.region, byInputsLines(p, id)));
      } else {
        const found = await lookUp(client, p, {
          held: view.held,
          hoursBack: hours,
          defaultRegion: c.region,
          jobs,
        });
        decisions.push({ create: p, ...describeFound(p, found, hours) });
      }
    } catch (err) {
      const why = redact((err as Error).message);
      decisions.push({
        create: p,
        line:
          err instanceof CannotLook
            ? `cannot look for it: ${why} → left as it is. Find its id yourself and run pulumi-cim recover --id '${p.urn}=<id>' (or =none)`
            : `cannot look for it: ${why} → left as it is. Fix that and run pulumi-cim recover again`,
      });
    }
  }

  refuseSharedRecords(decisions);
  await dropStaleCreates(client, decisions, exported, c.region);

  out(
    `Stack ${stack}: ${view.creates.length} pending create(s) of pulumi-cim resources (a run was interrupted while creating them).\n`,
  );
  for (const d of decisions) out(`  cim:${d.create.kind.name} ${d.create.name}: ${d.line}\n`);
  for (const op of foreign)
    out(`  ${op.resource.urn}: not a pulumi-cim resource → left as it is; resolve it with pulumi refresh\n`);
  const refused = decisions.filter((d) => d.verdict === undefined);
  const others = view.others.length - foreign.length;
  if (others)
    out(
      `  ${others} other pending operation(s) (updates, deletes): dropped when the state is written, as pulumi refresh drops them.\n`,
    );
  if (refused.length || foreign.length) {
    out(
      `Nothing ${a.yes ? "was" : "would be"} written: recover writes with pulumi stack import, which would drop the pending create(s) left as they are. Resolve them as said above and run again.\n`,
    );
    return 1;
  }
  if (!a.yes) {
    out("Dry run: nothing was written. Run again with --yes to write it.\n");
    return 0;
  }

  const resolutions: Resolution[] = [];
  for (const d of decisions) {
    if (d.verdict === "none") resolutions.push({ urn: d.create.urn });
    else {
      const id = d.verdict as string;
      resolutions.push({
        urn: d.create.urn,
        id,
        outputs: await recordedOutputs(client, d.create, id, c.region),
      });
    }
  }
  await importDeployment(pulumi, applyResolutions(exported, resolutions), stackArgs, cwd);
  const recorded = resolutions.filter((r) => r.id);
  out(
    `Wrote the state of stack ${stack}: ${recorded.length} recorded, ${resolutions.length - recorded.length} pending create(s) dropped.\n`,
  );
  if (recorded.length) {
    const targets = recorded.flatMap((r) => ["--target", r.urn]);
    try {
      await pulumi(["refresh", "--yes", "--skip-preview", ...targets, ...stackArgs], cwd);
      out(`Refreshed ${recorded.length} resource(s) from the cloud. Next: pulumi up.\n`);
    } catch (err) {
      out(
        `The refresh of what was recorded failed: ${redact((err as Error).message)}\nThe state holds their ids; run pulumi refresh, then pulumi up.\n`,
      );
      return 1;
    }
  } else out("Next: pulumi up.\n");
  return 0;
}

/**
 * A pending create whose resource the stack holds already, as a record made after the one the create made: an `up`
 * after the interrupted run made it again (the engine kept the pending create). Recording the create's record would
 * swap the one in use for it; a replacement in flight instead has the older record in the state. A record the stack
 * holds with other values than the create's where they cannot change in place (what replaced it) is a replacement
 * in flight, whatever the times: a second make of the same create would have the same. Otherwise the two records'
 * creation times say which came first; both are the API's, so no clock of this machine is compared with the
 * server's (a server clock set back between the two creates can still make a replacement of the same values look
 * like a second make). Such a create is dropped, and the line names the record it made, which no resource holds.
 */
async function dropStaleCreates(
  client: CimClient,
  decisions: Decision[],
  exported: ExportedStack,
  defaultRegion: string | undefined,
): Promise<void> {
  const inState = new Map(
    (exported.deployment.resources ?? [])
      .filter((r) => !r.delete && r.id)
      .map((r) => [r.urn, r.id as string]),
  );
  for (const d of decisions) {
    const current = inState.get(d.create.urn);
    if (d.verdict === undefined || d.verdict === "none" || !current || current === d.verdict) continue;
    const [made, kept] = await Promise.all([
      readRecord(client, d.create, d.verdict, defaultRegion),
      readRecord(client, d.create, current, defaultRegion),
    ]);
    if (kept && !sameRecord(d.create.kind, d.create.inputs, kept)) continue; // a replacement in flight
    const at = (r: unknown) => Date.parse(String((r as { created?: unknown } | undefined)?.created));
    if (!(at(kept) >= at(made))) continue;
    d.line = `${d.line.replace(/ → .*$/, "")}, but the stack holds this resource as ${d.create.kind.noun} ${current}, made after it (an up after the interrupted run made it again) → drop the pending create. ${d.create.kind.noun} ${d.verdict} is held by no resource of the stack: delete it, or adopt it (adoptId) in a resource of its own`;
    d.verdict = "none";
  }
}

/** Record `id` of the pending create's kind in its region (undefined when it is not there). */
async function readRecord(client: CimClient, p: PendingCreate, id: string, defaultRegion?: string) {
  const region = regionOf(p, defaultRegion);
  const api = p.kind.api;
  if (!api) return undefined;
  const s = {
    kind: p.kind.name,
    client: client.withRegion(region),
    region,
    timeouts: resolveTimeouts(undefined),
  };
  return readOrGone(() => api.get(s, id, p.inputs));
}

/**
 * Reads record `id` of the pending create's kind in its region, unless another resource of the stack holds it:
 * `held`, or the live record (undefined when it is not there).
 */
async function readFree(
  client: CimClient,
  p: PendingCreate,
  id: string,
  held: ReadonlySet<string>,
  defaultRegion?: string,
): Promise<{ region?: string; held: boolean; live?: unknown }> {
  const region = regionOf(p, defaultRegion);
  if (held.has(`${p.kind.name}/${id}`)) return { region, held: true };
  if (!p.kind.api) throw new CannotLook(`the API gives no ${p.kind.noun} to read`);
  return { region, held: false, live: await readRecord(client, p, id, defaultRegion) };
}

/** What a decision says about record `id`: one line for each of held, missing and found. */
interface Lines {
  held: string;
  missing: (where: string) => Decision;
  found: (where: string) => string;
}

/** The decision for record `id` read by readFree. */
async function decide(
  client: CimClient,
  p: PendingCreate,
  id: string,
  held: ReadonlySet<string>,
  defaultRegion: string | undefined,
  say: Lines,
): Promise<Decision> {
  const r = await readFree(client, p, id, held, defaultRegion);
  if (r.held) return { create: p, line: say.held };
  if (!r.live) return say.missing(regionText(r.region));
  return { create: p, verdict: id, line: say.found(regionText(r.region)) };
}

/** A record the user named: it must exist in the resource's region and not be held by another resource. */
function chosenLines(p: PendingCreate, id: string): Lines {
  return {
    held: `--id ${id}: another resource of the stack holds that ${p.kind.noun} → left as it is`,
    missing: (where) => ({
      create: p,
      line: `--id ${id}: no ${p.kind.noun} ${id} in ${where} → left as it is; check the id`,
    }),
    found: (where) => `--id given: ${p.kind.noun} ${id} in ${where} → record it in the state`,
  };
}

/**
 * A kind that makes no record of its own (a tag set: its id is its target's): recorded by the id its inputs
 * give while what it stands on is there (its next up sets what the interrupted create did not), dropped when
 * that is gone (nothing can have been made).
 */
function byInputsLines(p: PendingCreate, id: string): Lines {
  return {
    held: `its id ${id} follows from its inputs, and another resource of the stack holds it → left as it is`,
    missing: (where) => ({
      create: p,
      verdict: "none",
      line: `${p.kind.noun} ${id}: what it stands on is not in ${where} → drop the pending create (nothing was made)`,
    }),
    found: (where) =>
      `${p.kind.noun} ${id} (its id follows from its inputs) in ${where} → record it in the state; the next pulumi up sets what the interrupted create did not`,
  };
}

/** The stack's name, from any URN of the checkpoint. */
function stackOf(exported: ExportedStack): string | undefined {
  const urn =
    exported.deployment?.resources?.[0]?.urn ?? exported.deployment?.pending_operations?.[0]?.resource?.urn;
  return urn?.startsWith("urn:pulumi:") ? urn.slice("urn:pulumi:".length).split("::")[0] : undefined;
}
