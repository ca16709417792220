// What the plugin processes of one deployment (a preview, an update, a refresh, a destroy) tell each other. The
// engine starts one plugin process per provider (the default one, and each explicit provider), so a resource under
// one provider knows nothing of what its process did not see itself:
// - the exclusive values resources under another provider claim (programClaims.ts): two instances of one host
//   name under two providers of a region are refused at preview as under one (the one whose claim the file holds
//   later, even when both check at once: a note's place in the file orders it), and an instance in a group made
//   under another provider of the same region finds its claim (a program whose SDK cannot say which references are
//   plain text, fieldLookups.ts, would otherwise be refused a name the same run makes);
// - the changes the diffs of another process found (a backup schedule whose instance, under another provider,
//   changes its backup offering: the platform removes the schedule with the old offering, and only the instance's
//   diff knows that it changes; runChanges.ts: changeSeen);
// - the exclusive values (a key pair's name) a replacement keeps: a resource under another provider that names
//   it is diffed with that name unknown before the replacement (the engine's dependent replacements), and would
//   be replaced for nothing (runChanges.ts: replacementNoted; namesKept.ts);
// - the creates each counts against the account's allowances, which span its regions (quotaPreflight.ts);
// - the deletes each runs now, by kind: a network under one provider whose instances, given its id as text, are
//   under another waits while they are deleted, as under one (passingRefusal.ts: deletesRunning);
// - the instances it destroyed without expunge and the networks they were on: such a network's delete under another
//   provider waits for the platform's expunge, as under one (passingRefusal.ts: leftOn).
//
// The processes of one deployment share their parent, the engine's process, and the address of the engine's server
// they are given (each deployment has its own: `pulumi up`'s preview and its update, each update of `pulumi
// watch`): each appends what it has to tell to one file named after both (and, where the system shows it, the
// parent's start time, so that a later process given the same number does not read it), one line a note, and
// reads what the others appended when it does not know the answer itself. A claim is written as its resource's
// kind and URN, the digests of its pool and of its value's keys, and the value itself only where the rule compares
// values (a tier's range; never a name, which may come from a secret); a kept value as a digest; a change as its
// kind, its resource's id, the fields it changes in place and the kinds it takes away; a create as the account's
// digest and the resource's URN, with the counts by allowance (a resource checked twice counts once); a delete as
// its kind, when it begins and when it ends; an instance left on networks as its id and theirs. Files of engine
// processes that are gone are removed when a plugin starts.

import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { engineAddress } from "./engineLog";

const PREFIX = "pulumi-cim-deployment-";
let file: string | undefined;
/** This process among those of the deployment, in the notes it tells: a new one each time it joins one. */
let me = "";
/** The file, open for reading once it is there, and for appending once this process tells something. */
let readFd: number | undefined;
let writeFd: number | undefined;
/** The bytes this process appended since it last read the file: when it grew by no more, nobody else told anything. */
let ownSinceRead = 0;

/**
 * Where a note this process told stands among the deployment's notes, once this process has read the file that far
 * (`at`: a place before that of every note told after it, by any process, and after that of every note told before
 * it): the order in which two processes told something, whatever their clocks.
 */
export interface Placed {
  at?: number;
}

/**
 * A kind of note: what this process learns from each one the others told, with its place in the file (and from its
 * own as it tells them, with `own`), and forgets when it reads another file; with `placed`, its own notes not yet
 * placed, in the order it told them.
 */
interface Reader {
  learn(note: unknown, at: number): void;
  forget(): void;
  own: boolean;
  placed?: Placed[];
}
const readers = new Map<string, Reader>();
/** The bytes of the file this process has read. */
let read = 0;

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
 * Called once by the plugin: what it tells and reads goes to the file of the engine's process and deployment (its
 * server's address, `operation`), and the files of engine processes that are gone are removed.
 */
export function shareWithDeployment(
  dir = os.tmpdir(),
  parent = process.ppid,
  operation = engineAddress() ?? "",
): void {
  const start = startOf(parent);
  forget();
  me = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const op = operation.replace(/[^\w]+/g, "_");
  file = path.join(dir, `${PREFIX}${parent}${start === undefined ? "" : `-${start}`}${op ? `-op${op}` : ""}`);
  try {
    for (const name of fs.readdirSync(dir)) {
      const m = name.startsWith(PREFIX)
        ? /^(\d+)(?:-(\d+))?(?:-op\w+)?$/.exec(name.slice(PREFIX.length))
        : null;
      if (m && !alive(Number(m[1]), m[2])) fs.rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // best effort: a folder that cannot be read only leaves old files in place
  }
}

/** Test seam: what each process finds stays in it again. */
export function stopSharing(): void {
  file = undefined;
  forget();
}

function forget(): void {
  read = 0;
  ownSinceRead = 0;
  for (const fd of [readFd, writeFd]) if (fd !== undefined) fs.closeSync(fd);
  readFd = writeFd = undefined;
  for (const r of readers.values()) {
    r.placed?.splice(0);
    r.forget();
  }
}

/** Reads what was appended to the file since this process last read it: whole lines only. */
function catchUp(): void {
  if (!file) return;
  try {
    readFd ??= fs.openSync(file, "r");
    const size = fs.fstatSync(readFd).size;
    if (size < read) forget(); // another file under the same name
    if (readFd === undefined || size <= read) return;
    if (size === read + ownSinceRead) {
      // only this process's own lines since: nothing to learn (the common case, a deployment of one provider); they
      // stand after every note read before and before every note read later
      for (const r of readers.values()) for (const p of r.placed?.splice(0) ?? []) p.at = read;
      read = size;
      ownSinceRead = 0;
      return;
    }
    const buf = Buffer.alloc(size - read);
    const got = fs.readSync(readFd, buf, 0, buf.length, read);
    const end = buf.subarray(0, got).lastIndexOf(10);
    if (end < 0) return;
    let at = read;
    read += end + 1;
    ownSinceRead = 0;
    for (const line of buf.subarray(0, end).toString("utf8").split("\n")) {
      const here = at;
      at += Buffer.byteLength(line) + 1;
      // `<type> <teller> <JSON>`
      const a = line.indexOf(" ");
      const b = line.indexOf(" ", a + 1);
      const reader = a > 0 && b > a ? readers.get(line.slice(0, a)) : undefined;
      if (!reader) continue; // a note of another version: not one this process can read
      if (line.slice(a + 1, b) === me) {
        // its own: known here already; placed, when its kind asks
        const p = reader.placed?.shift();
        if (p) p.at = here;
        continue;
      }
      try {
        reader.learn(JSON.parse(line.slice(b + 1)), here);
      } catch {
        // likewise
      }
    }
  } catch {
    // no file yet (nothing told), or one that cannot be read: nothing learnt
  }
}

/**
 * The notes of one kind (`type`) the processes of the deployment tell each other. `learn` takes each one the other
 * processes told, in the order they were told, with its place in the file, and, with `own`, each this process tells
 * as it tells it; `forget` drops what was learnt (another file). `tell` appends a note (best effort: without the
 * file, the other processes do not learn it) and, with `placed`, answers where it stands once `catchUp` has read
 * that far (Placed); `catchUp` reads what is new, and says whether the processes share at all (the plugin; the
 * dynamic path has one process).
 */
export function notes<T>(
  type: string,
  learn: (note: T, at: number) => void,
  forgetAll: () => void,
  { own = false, placed = false } = {},
): { tell(note: T): Placed | undefined; catchUp(): boolean } {
  const reader: Reader = {
    learn: learn as (note: unknown, at: number) => void,
    forget: forgetAll,
    own,
    ...(placed ? { placed: [] } : {}),
  };
  readers.set(type, reader);
  return {
    tell(note) {
      if (!file) return undefined;
      if (own) learn(note, Number.NaN);
      try {
        writeFd ??= fs.openSync(file, "a", 0o600);
        ownSinceRead += fs.writeSync(writeFd, `${type} ${me} ${JSON.stringify(note)}\n`);
      } catch {
        return undefined; // best effort
      }
      if (!reader.placed) return undefined;
      const p: Placed = {};
      reader.placed.push(p);
      return p;
    },
    catchUp() {
      catchUp();
      return file !== undefined;
    },
  };
}

/**
 * A key as the file keeps it where its text may be a secret's (a name) or need not be written (an account); each
 * made once (a pool's key is digested for each of its claims).
 */
const digests = new Map<string, string>();
export function digest(key: string): string {
  let d = digests.get(key);
  if (d === undefined) {
    if (digests.size >= 100_000) digests.clear();
    d = createHash("sha256").update(key).digest("base64url");
    digests.set(key, d);
  }
  return d;
}

/**
 * Keys of one kind of note (`type`), each told as a digest (a key may hold a name, and a name may come from a
 * secret): `tell` records one for the other processes, `has` says whether a process of the deployment told it.
 */
export function sharedKeys(type: string): { tell(key: string): void; has(key: string): boolean } {
  const keys = new Set<string>();
  const told = notes<string>(
    type,
    (d) => keys.add(d),
    () => keys.clear(),
  );
  return {
    tell: (key) => told.tell(digest(key)),
    has: (key) => {
      told.catchUp();
      return keys.has(digest(key));
    },
  };
}
