// What the plugin processes of one deployment tell each other. The engine starts one plugin process per provider
// (the default one, and each explicit provider), so a resource under one provider knows nothing of what its process
// did not see itself:
// - the names resources under another provider claim (an instance in a group made under another provider of the
//   same region would find no claim of it, and a program whose SDK cannot say which references are plain text,
//   fieldLookups.ts, would be refused a name the same run makes);
// - the changes the diffs of another process found (a backup schedule whose instance, under another provider,
//   changes its backup offering: the platform removes the schedule with the old offering, and only the instance's
//   diff knows that it changes).
//
// The processes of one deployment share their parent, the engine's process: each appends what it has to tell to one
// file named after that process (and, where the system shows it, its start time, so that a later process given the
// same number does not read it), and reads what the others appended when it does not know the answer itself. A
// claim is written as a digest (a name may come from a secret); a change as its kind, its resource's id, the fields
// it changes in place and the kinds it takes away. What an older deployment's file holds can only let a name pass
// that the API then judges, or replace what a diff of that same command found taken away. Files of processes that
// are gone are removed when a plugin starts.

import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const PREFIX = "pulumi-cim-claims-";
const CHANGE = "change ";
let file: string | undefined;

/** What a diff found of a resource another kind stands on (lookups.ts: changeSeen). */
export interface SharedChange {
  /** The fields it changes in place. */
  readonly updates: readonly string[];
  /** The kinds whose resources standing on it the change takes away (kindSpec.ts: goneWith). */
  readonly gone: readonly string[];
}

/** The file as far as this process has read it: the bytes read, the claims and changes they hold. */
let read = 0;
const claims = new Set<string>();
const changes = new Map<string, SharedChange>();

/** The start time of a process as /proc shows it (Linux), else undefined. */
function startOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

const alive = (pid: number, start: string | undefined): boolean => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  return start === undefined || startOf(pid) === undefined || startOf(pid) === start;
};

/**
 * Called once by the plugin: what it tells and reads goes to the file of the engine's process, and stale files are
 * removed.
 */
export function shareWithDeployment(dir = os.tmpdir(), parent = process.ppid): void {
  const start = startOf(parent);
  forget();
  file = path.join(dir, `${PREFIX}${parent}${start === undefined ? "" : `-${start}`}`);
  try {
    for (const name of fs.readdirSync(dir)) {
      const m = name.startsWith(PREFIX) ? /^(\d+)(?:-(\d+))?$/.exec(name.slice(PREFIX.length)) : null;
      if (m && !alive(Number(m[1]), m[2])) fs.rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // best effort: a folder that cannot be read only leaves old files in place
  }
}

/** Test seam: claims and changes stay in their process again. */
export function stopSharing(): void {
  file = undefined;
  forget();
}

function forget(): void {
  read = 0;
  claims.clear();
  changes.clear();
}

/** Appends one line to the deployment's file (best effort: without it, the other processes do not learn it). */
function tell(line: string): void {
  if (!file) return;
  try {
    fs.appendFileSync(file, `${line}\n`, { mode: 0o600 });
  } catch {
    // best effort
  }
}

/** Reads what was appended to the file since this process last read it: whole lines only. */
function catchUp(): void {
  if (!file) return;
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    const size = fs.fstatSync(fd).size;
    if (size < read) forget(); // another file under the same name
    if (size === read) return;
    const buf = Buffer.alloc(size - read);
    const got = fs.readSync(fd, buf, 0, buf.length, read);
    const end = buf.subarray(0, got).lastIndexOf(10);
    if (end < 0) return;
    read += end + 1;
    for (const line of buf.subarray(0, end).toString("utf8").split("\n")) {
      if (!line.startsWith(CHANGE)) {
        if (line) claims.add(line);
        continue;
      }
      try {
        const { key, updates, gone } = JSON.parse(line.slice(CHANGE.length));
        changes.set(key, { updates, gone });
      } catch {
        // a line another version wrote differently: not one this process can read
      }
    }
  } catch {
    // no file yet (nothing told), or one that cannot be read: nothing learnt
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

/** Records a claim (a kind, a region, a name as one key) for the other processes of the deployment. */
export function shareClaim(key: string): void {
  tell(digest(key));
}

/** Whether a process of this deployment recorded that claim. */
export function claimShared(key: string): boolean {
  catchUp();
  return claims.has(digest(key));
}

/** Records what a diff found of a resource (`key`: its kind and id) for the other processes of the deployment. */
export function shareChange(key: string, change: SharedChange): void {
  tell(`${CHANGE}${JSON.stringify({ key, updates: change.updates, gone: change.gone })}`);
}

/** What a diff of another process of this deployment found of the resource `key`, if it found it changed. */
export function sharedChange(key: string): SharedChange | undefined {
  catchUp();
  return changes.get(key);
}
