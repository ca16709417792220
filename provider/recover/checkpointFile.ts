// A stack on a file backend (`pulumi login file://…`) that a killed CLI left unreadable. That backend stores each
// stack's checkpoint as `<stack>.json` with a metadata file beside it, `<stack>.json.attrs`, and rewrites both on
// every step; a CLI killed between creating the metadata file and writing it leaves it empty, and from then on
// every command on the stack (`pulumi cancel` first) fails with "failed to load checkpoint: EOF". The checkpoint
// itself is the last complete one: the new one is written to a temporary file and renamed only once whole.
// Without its metadata file the backend reads the checkpoint as it is, so the repair is to remove the empty one.

import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import type { PulumiRunner } from "../migrate";

/** What a failed read of the stack says when its checkpoint's metadata file is empty. */
export const EMPTY_METADATA = /failed to load checkpoint: EOF/;

/** The empty metadata files of `stack` under a file backend's root, beside a checkpoint that parses. */
export function emptyMetadataFiles(root: string, stack: string): string[] {
  const stacks = path.join(root, ".pulumi", "stacks");
  const parts = stack.split("/");
  const name = parts.at(-1) ?? stack;
  const project = parts.length === 3 ? parts[1] : undefined;
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === `${name}.json.attrs` && fs.statSync(full).size === 0 && parses(full.slice(0, -6)))
        found.push(full);
    }
  };
  walk(stacks);
  // A qualified name (organization/project/stack) picks its project's folder when several projects have one.
  const inProject = project ? found.filter((f) => path.basename(path.dirname(f)) === project) : [];
  return inProject.length ? inProject : found;
}

function parses(file: string): boolean {
  try {
    JSON.parse(fs.readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
}

/**
 * After a read of the stack failed with EMPTY_METADATA: finds the empty metadata file on the file backend and,
 * with `yes`, removes it. Returns what it did as a line, and whether the stack can be read again.
 */
export async function repairEmptyMetadata(
  pulumi: PulumiRunner,
  cwd: string,
  stack: string | undefined,
  yes: boolean,
): Promise<{ repaired: boolean; line: string }> {
  const who = JSON.parse(await pulumi(["whoami", "--json"], cwd)) as { url?: string };
  const url = who.url ?? "";
  if (!url.startsWith("file://"))
    return { repaired: false, line: `The stack's checkpoint cannot be read (backend ${url || "unknown"}).` };
  const root = fileURLToPath(url);
  const name = stack ?? (await pulumi(["stack", "--show-name"], cwd)).trim();
  const files = emptyMetadataFiles(root, name);
  if (files.length !== 1)
    return {
      repaired: false,
      line: `The checkpoint of stack ${name} cannot be read ("failed to load checkpoint: EOF"), and ${files.length ? `${files.length} empty metadata files match it: ${files.join(", ")}` : "no empty metadata file beside it explains it"}.`,
    };
  const [file] = files;
  const what = `The checkpoint of stack ${name} cannot be read: its metadata file ${file} is empty (a CLI was killed while writing it); the checkpoint beside it is whole.`;
  if (!yes)
    return {
      repaired: false,
      line: `${what} Run again with --yes to remove that file, or remove it yourself.`,
    };
  fs.rmSync(file);
  return { repaired: true, line: `${what} Removed it: the stack reads again.` };
}
