// Which record, if any, an interrupted create made. The candidates are the records of the kind in the resource's
// region whose declared values are the create's (the comparison adoption makes: the fields that cannot change
// in place, and the name), that no resource of the stack's state holds, and that were made recently: a create
// job for the record's id among the API's recent jobs (GET /jobs?hoursBack=, on the server's own clock), or, for
// a create the API answers without a job, an accepted POST of that id in the audit trail since then (the window
// placed on the server's timeline through a reading of its clock: families/audit/client.ts). No server time is ever
// compared with this machine's clock. A look-alike another stack made hours ago is left alone; one made in the
// same window makes the answer ambiguous, and recover asks the user rather than guess.

import type { CimClient, Job } from "../client";
import { commandMatches } from "../client/recovery";
import { JOB_COMMANDS, type JobCommand } from "../families/jobs";
import type { Kind } from "../kinds";
import type { LiveRecord } from "../kinds/define";
import { compare } from "../lifecycle/fields";
import { namedIn } from "../lifecycle/lookups";
import type { Session } from "../lifecycle/session";
import { resolveTimeouts } from "../lifecycle/timeouts";
import type { PendingCreate } from "./pending";

/**
 * The job commands that make a record (its id is the job's resourceId): a family names its kind's create
 * `<kind>.create`, or after the platform's own verb (deploy, register, acquire, enable). The recorded API calls
 * of every kind are checked against this (tests/recover/match.test.ts).
 */
const CREATE_COMMANDS = (Object.keys(JOB_COMMANDS) as JobCommand[]).filter((c) =>
  /\.(create|deploy|register|acquire|enable)$/.test(c),
);

export const isCreateJob = (j: Job): boolean => CREATE_COMMANDS.some((c) => commandMatches(j.command, c));

/** A record that could be the one the create made. */
export interface Candidate {
  id: string;
  name?: string;
  state?: string;
  /** How it is known to be recent: its create job's command, or "audit" for a create answered without a job. */
  madeBy: string;
}

export interface Lookup {
  /** The region looked in (undefined: the API's default). */
  region?: string;
  /** Records of the kind whose declared values are the create's and that the state does not hold. */
  lookAlikes: number;
  /** Those of them made within the window: the answer. */
  candidates: Candidate[];
  /** The others (no create within the window): another's, or this run's if the API's clock moved since. */
  earlier: Omit<Candidate, "madeBy">[];
  /**
   * With one candidate: how many matched on the fields that cannot change in place and the name, of which it alone
   * holds every other value the create gave too (two creates of one run alike in those, e.g. two rules of one ACL
   * list). Undefined when it was the only one.
   */
  among?: number;
}

/** Why a pending create cannot be looked up automatically (its kind has no list of records). */
export class CannotLook extends Error {}

/** The create's declared values against a live record: the fields that cannot change in place, and the name. */
export function sameRecord(
  kind: Kind,
  inputs: Record<string, unknown>,
  live: Record<string, unknown>,
): boolean {
  if (kind.states?.gone?.includes(String(live.state ?? ""))) return false;
  if (!compare(kind, "replace", inputs, live).every(([, , , same]) => same)) return false;
  const name = compare(kind, "update", inputs, live).find(([field]) => field === "name");
  return name === undefined || name[3];
}

/**
 * Whether a live record holds every value the create gave that changes in place too (tags aside: they are set after
 * the create, which the interruption may have cut short). A record just made and not changed since does.
 */
const holdsAllGiven = (kind: Kind, inputs: Record<string, unknown>, live: Record<string, unknown>) =>
  compare(kind, "update", inputs, live).every(([field, , , same]) => same || (field === "tags" && kind.tags));

export interface LookupOptions {
  /** `Kind/id` of the records the stack's state holds. */
  held: ReadonlySet<string>;
  /** The window, in hours back from now on the server's clock. */
  hoursBack: number;
  /** The region of resources that do not name one (cim:region), if any. */
  defaultRegion?: string;
  /** Recent jobs per region, shared by the pending creates of one run (read once per region). */
  jobs?: Map<string, Promise<Job[]>>;
}

/** The region a pending create was sent to: its `region` input, else the configured one (else the API's). */
export function regionOf(p: PendingCreate, defaultRegion?: string): string | undefined {
  const r = p.inputs.region;
  return typeof r === "string" && r ? r : defaultRegion;
}

/** The records the interrupted create of `p` may have made. */
export async function lookUp(client: CimClient, p: PendingCreate, o: LookupOptions): Promise<Lookup> {
  const { kind } = p;
  const list = listOf(kind, p.inputs);
  if (!list) throw new CannotLook(`the API gives no list of ${kind.noun}s to look in`);
  const region = regionOf(p, o.defaultRegion);
  const regional = client.withRegion(region);
  const s: Session = { kind: kind.name, client: regional, region, timeouts: resolveTimeouts(undefined) };
  const records = (await list(s)) as (LiveRecord & Record<string, unknown>)[];
  const lookAlikes = records.filter(
    (r) => !o.held.has(`${kind.name}/${r.id}`) && sameRecord(kind, p.inputs, r),
  );
  if (!lookAlikes.length) return { region, lookAlikes: 0, candidates: [], earlier: [] };

  const key = region ?? "";
  const jobs = o.jobs ?? new Map();
  if (!jobs.has(key))
    jobs.set(
      key,
      regional.jobs.inWindow(o.hoursBack).then((r) => r.items),
    );
  const recent = (await jobs.get(key)) as Job[];
  let candidates: Candidate[] = [];
  const earlier: Omit<Candidate, "madeBy">[] = [];
  for (const r of lookAlikes) {
    const own = recent.filter((j) => j.resourceId === r.id);
    const create = own.find(isCreateJob);
    let madeBy = create ? String(create.command) : undefined;
    if (!madeBy && own.length === 0 && (await createdInAudit(regional, r.id, list.under, o.hoursBack)))
      madeBy = "audit";
    const seen = { id: r.id, name: typeof r.name === "string" ? r.name : undefined, state: r.state };
    if (madeBy) candidates.push({ ...seen, madeBy });
    else earlier.push(seen);
  }
  // several made in the window: the one holding every value this create gave, if only one does
  const among = candidates.length;
  if (among > 1) {
    const exact = candidates.filter((c) =>
      holdsAllGiven(kind, p.inputs, lookAlikes.find((r) => r.id === c.id) as Record<string, unknown>),
    );
    if (exact.length === 1) candidates = exact;
  }
  return {
    region,
    lookAlikes: lookAlikes.length,
    candidates,
    earlier,
    ...(candidates.length === 1 && among > 1 ? { among } : {}),
  };
}

/**
 * How to list a kind's records: its own list, else (records the API lists only under the resource they belong
 * to: comments, backup schedules) the importer's list under the resources the create's inputs name (`under`).
 */
function listOf(
  kind: Kind,
  inputs: Record<string, unknown>,
): (((s: Session) => Promise<unknown[]>) & { under: string[] }) | undefined {
  const own = kind.api.list;
  if (own) return Object.assign((s: Session) => own(s), { under: [] });
  const importerList = kind.importer?.list;
  if (!importerList) return undefined;
  const named = namedIn(kind, inputs);
  const under = Object.values(named).flatMap((rs) => rs.map((r) => r.id));
  return Object.assign((s: Session) => importerList(s, named), { under });
}

/**
 * Whether the audit trail holds, within the window, the accepted POST that made record `id`: a row naming the
 * record on a path that does not (a create's path never names what it makes), or, for a record made under
 * another resource (a comment on a VPC), a row naming that resource on a path below it other than its tags. The
 * window is placed on the server's clock by the audit family (one reading of it).
 */
async function createdInAudit(
  client: CimClient,
  id: string,
  under: string[],
  hoursBack: number,
): Promise<boolean> {
  const since = Date.now() - hoursBack * 3_600_000;
  for (const named of [id, ...under]) {
    const rows = await client.audit.entries({ resourceId: named, method: "POST", since });
    const made = rows.items.some((row) => {
      const p = String(row.path ?? "");
      if (named === id) return !p.includes(id);
      const below = p.split(`/${named}/`)[1];
      return below !== undefined && below !== "" && !/^tags\b/.test(below);
    });
    if (made) return true;
  }
  return false;
}

/** The window: since the checkpoint was last written, and an hour before it for the create itself. */
export function windowHours(writtenAt: number | undefined, now = Date.now()): number {
  const since = writtenAt === undefined ? 0 : Math.max(0, now - writtenAt);
  return Math.max(1, Math.ceil(since / 3_600_000) + 1);
}
