// Names the resources of one deployment claim, shared between the plugin processes the engine runs for it. The
// engine starts one plugin process per provider (the default one, and each explicit provider), so a resource under
// one provider that takes a name a resource under another declares (an instance in a group made under another
// provider of the same region) would find no claim of it in its own process. A program whose SDK cannot say which
// references are plain text (fieldLookups.ts) would then be refused a name the same run makes.
//
// The processes of one deployment share their parent, the engine's process: each appends a digest of the names its
// resources claim to one file named after that process (and, where the system shows it, its start time, so that a
// later process given the same number does not read it), and reads it when a name is missing from the API's list.
// Only digests are written (a name may come from a secret). A claim read from an older deployment's file can only
// let a name pass that the API then judges; files of processes that are gone are removed when a plugin starts.

import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const PREFIX = "pulumi-cim-claims-";
let file: string | undefined;

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

/** Called once by the plugin: claims go to the file of the engine's process, and stale files are removed. */
export function shareClaims(dir = os.tmpdir(), parent = process.ppid): void {
  const start = startOf(parent);
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

/** Test seam: claims stay in their process again. */
export function stopSharingClaims(): void {
  file = undefined;
}

const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

/** Records a claim (a kind, a region, a name as one key) for the other processes of the deployment. */
export function shareClaim(key: string): void {
  if (!file) return;
  try {
    fs.appendFileSync(file, `${digest(key)}\n`, { mode: 0o600 });
  } catch {
    // best effort: without the file, a name claimed under another provider is judged as not claimed
  }
}

/** Whether a process of this deployment recorded that claim. */
export function claimShared(key: string): boolean {
  if (!file) return false;
  try {
    return fs.readFileSync(file, "utf8").split("\n").includes(digest(key));
  } catch {
    return false;
  }
}
