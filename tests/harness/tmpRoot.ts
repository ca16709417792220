// Vitest's global setup: every temporary folder of a test run lives under one folder, removed when the run ends.
//
// Tests make folders in the system's temporary folder (program homes with a packed pulumi-cim installed in them,
// emulator data, CLI state, schemas) and so do the processes they start (the Pulumi CLI, the plugin, the bench).
// Left there, a run leaves a few hundred megabytes behind, and a machine that runs the suite every day fills its
// disk. So the run points TMPDIR (what `os.tmpdir()` and Go's `os.TempDir` read, in the test workers and in every
// process they start) at a folder of its own and removes that folder at the end. A run killed before its end
// leaves its folder; the next run removes those whose process is gone. `CIM_KEEP_TMP=1` keeps the folder (its
// path is printed) for a look at what a failed test left.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PREFIX = "cim-test-";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Folders of earlier runs whose process is gone (`cim-test-<pid>-…`). */
export function staleRoots(base: string, isAlive: (pid: number) => boolean = alive): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(base);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, pid: Number(/^cim-test-(\d+)-/.exec(name)?.[1]) }))
    .filter(({ pid }) => Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid))
    .map(({ name }) => path.join(base, name));
}

export default function setup(): () => void {
  const base = os.tmpdir();
  for (const dir of staleRoots(base)) fs.rmSync(dir, { recursive: true, force: true });
  const root = fs.mkdtempSync(path.join(base, `${PREFIX}${process.pid}-`));
  process.env.TMPDIR = root;
  return () => {
    if (process.env.CIM_KEEP_TMP === "1") {
      console.log(`temporary files of this run kept in ${root}`);
      return;
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
}
