// What the program `pulumi-cim import` writes depends on: the pulumi-cim that ran the command, wherever it came
// from, so that `npm install` in the program's folder installs it. A version range is right only for a copy
// installed from a registry (it is published there); a copy installed from a tarball, a git URL or a folder is
// depended on the way npm recorded it, with relative paths made absolute (the program's folder is elsewhere);
// anything else (a source checkout, a copy npm kept no record of) is depended on as its own folder.

import * as fs from "node:fs";
import * as path from "node:path";

/** pulumi-cim's folder (holding its package.json) and version, found from this module upward. */
export function ownPackageRoot(
  from = __dirname,
): { root: string; version: string; pulumi?: string } | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
      if (pkg.name === "pulumi-cim")
        return { root: dir, version: pkg.version, pulumi: pkg.dependencies?.["@pulumi/pulumi"] };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** npm's record of an installed package (package-lock.json v2/v3, or npm's node_modules/.package-lock.json). */
interface LockEntry {
  resolved?: string;
  link?: boolean;
}

/**
 * The package.json dependency spec of the pulumi-cim in `root` (version `version`), for a program written to
 * another folder.
 */
export function dependencySpec(root: string, version: string): string {
  const entry = installRecord(root);
  const resolved = entry?.record.resolved;
  if (entry && resolved) {
    if (entry.record.link) return fileSpec(path.resolve(entry.project, resolved)) ?? `file:${root}`;
    if (/^https?:\/\//.test(resolved)) return `^${version}`;
    if (resolved.startsWith("file:"))
      return fileSpec(path.resolve(entry.project, resolved.slice("file:".length))) ?? `file:${root}`;
    // git+https://…#commit, github:owner/repo#commit: npm installs the same commit again
    return resolved;
  }
  return `file:${root}`;
}

/** `file:` and the absolute path, when it exists. */
function fileSpec(abs: string): string | undefined {
  return fs.existsSync(abs) ? `file:${abs}` : undefined;
}

/**
 * How npm installed the package in `root`, when `root` is `<project>/node_modules/pulumi-cim`: the project's
 * lockfile entry for it (npm writes node_modules/.package-lock.json even without a package-lock.json).
 */
function installRecord(root: string): { project: string; record: LockEntry } | undefined {
  const modules = path.dirname(root);
  if (path.basename(modules) !== "node_modules") return undefined;
  const project = path.dirname(modules);
  const key = `node_modules/${path.basename(root)}`;
  for (const lock of [path.join(modules, ".package-lock.json"), path.join(project, "package-lock.json")]) {
    try {
      const record = JSON.parse(fs.readFileSync(lock, "utf8")).packages?.[key] as LockEntry | undefined;
      if (record) return { project, record };
    } catch {
      // no such lockfile, or not JSON: try the next
    }
  }
  return undefined;
}
