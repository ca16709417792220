// The bench of two or more git revisions side by side, on the same machine in the same run:
//   node bench/compare.mjs --refs A,B[,C…] [--rounds R] [--keep] [-- <bench/run.mjs arguments>]
// Each ref is a git revision; `.` is this checkout's working tree as it is (its dist/ built). The first ref is
// the baseline. Each other ref is checked out (detached) under .state/bench/compare/<short sha>, gets this
// checkout's node_modules (a symlink, when its package-lock.json is the same; else `npm ci`) and is built. Then
// every round runs every ref's own bench/run.mjs, in an order rotated each round. The Markdown table (each ref's
// median over rounds, the ratios to the baseline) goes to stdout, progress to stderr, each run's output to a log
// in bench/results/compare/, everything to bench/results/compare-latest.json.
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { compareTable, headerLine, mergeResults, rotation } from "./lib/compare.mjs";
import { benchDir, repoRoot } from "./lib/paths.mjs";

const log = (s) => process.stderr.write(`compare: ${s}\n`);
const usage =
  "usage: node bench/compare.mjs --refs A,B[,C…] [--rounds R] [--keep] [-- <bench/run.mjs arguments>]";

// Everything after the first `--` goes to bench/run.mjs as it is; scenario names before it go there too.
const argv = process.argv.slice(2);
const dash = argv.indexOf("--");
const own = dash < 0 ? argv : argv.slice(0, dash);
let values;
let positionals;
try {
  ({ values, positionals } = parseArgs({
    args: own,
    allowPositionals: true,
    options: {
      refs: { type: "string" },
      rounds: { type: "string", default: "1" },
      // Leave the worktrees in place (the next run at the same sha reuses them).
      keep: { type: "boolean", default: false },
    },
  }));
} catch (e) {
  console.error(`${e.message}\n${usage}`);
  process.exit(2);
}
const benchArgs = [...positionals, ...(dash < 0 ? [] : argv.slice(dash + 1))];
const refNames = (values.refs ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const rounds = Number(values.rounds);
if (refNames.length < 2 || !Number.isInteger(rounds) || rounds < 1) {
  console.error(usage);
  process.exit(2);
}
if (!process.env.CIM_PULUMI_ROOT) {
  console.error(
    'compare: the Pulumi CLI is not set up; run `npm run bench:compare`, or eval "$(bash scripts/cim.sh env)"',
  );
  process.exit(2);
}

const git = (...args) =>
  execFileSync("git", args, { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
const compareDir = path.join(repoRoot, ".state", "bench", "compare");
const outDir = path.join(benchDir, "results", "compare");
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

/** Resolves every ref before any work, so a typo fails at once. */
const refs = refNames.map((ref) => {
  if (ref === ".") {
    const sha = git("rev-parse", "HEAD");
    const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
    return {
      ref,
      sha,
      short: `${sha.slice(0, 10)}${dirty ? "+" : ""}`,
      subject: `working tree${dirty ? " (uncommitted changes)" : ""} on ${git("log", "-1", "--format=%s", sha).slice(0, 60)}`,
      dir: repoRoot,
      worktree: false,
    };
  }
  let sha;
  try {
    sha = git("rev-parse", "--verify", "--quiet", `${ref}^{commit}`);
  } catch {
    console.error(`compare: ${ref} is not a git revision`);
    process.exit(2);
  }
  const short = sha.slice(0, 10);
  return {
    ref,
    sha,
    short,
    subject: git("log", "-1", "--format=%s", sha).slice(0, 80),
    dir: path.join(compareDir, short),
    worktree: true,
  };
});

const sh = (cmd, args, cwd, logFile) =>
  new Promise((resolve) => {
    const fd = fs.openSync(logFile, "a");
    const child = spawn(cmd, args, { cwd, env: process.env, stdio: ["ignore", fd, fd] });
    child.on("error", (e) => {
      fs.appendFileSync(logFile, `\n${e.stack ?? e}\n`);
      resolve(127);
    });
    child.on("close", (code, signal) => {
      fs.closeSync(fd);
      resolve(code ?? (signal ? 128 : 1));
    });
  });

/** Checks out and builds a ref's worktree (once a sha); throws what went wrong, with the log to read. */
async function prepare(r) {
  const logFile = path.join(outDir, `prepare-${r.short}.log`);
  const at = (() => {
    try {
      return execFileSync("git", ["rev-parse", "HEAD"], {
        cwd: r.dir,
        encoding: "utf8",
        stdio: "pipe",
      }).trim();
    } catch {
      return undefined;
    }
  })();
  if (at === r.sha && fs.existsSync(path.join(r.dir, ".git"))) {
    log(`${r.ref}: reusing ${path.relative(repoRoot, r.dir)}`);
  } else {
    if (fs.existsSync(r.dir)) {
      try {
        git("worktree", "remove", "--force", r.dir);
      } catch {
        fs.rmSync(r.dir, { recursive: true, force: true });
      }
    }
    git("worktree", "prune");
    fs.mkdirSync(compareDir, { recursive: true });
    log(`${r.ref}: git worktree add ${path.relative(repoRoot, r.dir)} (${r.short})`);
    git("worktree", "add", "--detach", r.dir, r.sha);
  }
  const modules = path.join(r.dir, "node_modules");
  const sameLock = (() => {
    try {
      return (
        execFileSync("git", ["show", `${r.sha}:package-lock.json`], {
          cwd: repoRoot,
          encoding: "utf8",
          stdio: "pipe",
          maxBuffer: 64 * 2 ** 20,
        }) === fs.readFileSync(path.join(repoRoot, "package-lock.json"), "utf8")
      );
    } catch {
      return false;
    }
  })();
  const linked = fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink();
  if (sameLock && !linked) {
    fs.rmSync(modules, { recursive: true, force: true });
    fs.symlinkSync(fs.realpathSync(path.join(repoRoot, "node_modules")), modules, "dir");
  } else if (!sameLock) {
    if (linked) fs.rmSync(modules);
    log(`${r.ref}: its package-lock.json differs: npm ci (log: ${path.relative(repoRoot, logFile)})`);
    const code = await sh("npm", ["ci", "--no-audit", "--no-fund"], r.dir, logFile);
    if (code !== 0) throw new Error(`npm ci failed (exit ${code}; ${logFile})`);
  }
  log(`${r.ref}: npm run build`);
  const code = await sh("npm", ["run", "build"], r.dir, logFile);
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}; ${logFile})`);
  // An older bench/run.mjs has no --out: its results are read from its bench/results/latest.json.
  r.takesOut = /\bout:\s*\{/.test(fs.readFileSync(path.join(r.dir, "bench", "run.mjs"), "utf8"));
}

const load = () => Math.round(os.loadavg()[0] * 100) / 100;
const loadBefore = load();
const started = new Date();
const failures = [];
const runs = [];
const removeWorktrees = () => {
  if (values.keep) return;
  for (const r of refs) {
    if (!r.worktree || !fs.existsSync(r.dir)) continue;
    try {
      git("worktree", "remove", "--force", r.dir);
    } catch (e) {
      log(`could not remove ${r.dir}: ${e.message}`);
    }
  }
};

const prepared = new Map(); // sha → promise, so two refs at one sha share a checkout
for (const r of refs) {
  if (!r.worktree) {
    r.takesOut = /\bout:\s*\{/.test(fs.readFileSync(path.join(r.dir, "bench", "run.mjs"), "utf8"));
    continue;
  }
  try {
    if (!prepared.has(r.sha)) prepared.set(r.sha, prepare(r));
    await prepared.get(r.sha);
    r.takesOut ??= refs.find((o) => o.sha === r.sha && o.takesOut !== undefined)?.takesOut;
  } catch (e) {
    r.failed = String(e.message ?? e);
    failures.push(`${r.ref}: ${r.failed}`);
    log(`${r.ref}: FAILED to prepare: ${r.failed}`);
  }
}

const perRef = refs.map(() => []);
for (let round = 0; round < rounds; round++) {
  const order = rotation(
    refs.map((_, i) => i),
    round,
  ).filter((i) => !refs[i].failed);
  for (const i of order) {
    const r = refs[i];
    const name = `round${round + 1}-${i + 1}-${r.short.replace("+", "")}`;
    const logFile = path.join(outDir, `${name}.log`);
    const out = path.join(outDir, `${name}.json`);
    const legacyOut = path.join(r.dir, "bench", "results", "latest.json");
    const args = [path.join(r.dir, "bench", "run.mjs"), ...(r.takesOut ? ["--out", out] : []), ...benchArgs];
    log(`round ${round + 1}/${rounds}: ${r.ref} (${r.short}) … (log: ${path.relative(repoRoot, logFile)})`);
    const t0 = Date.now();
    const code = await sh(process.execPath, args, r.dir, logFile);
    const ms = Date.now() - t0;
    if (!r.takesOut) {
      // Only a latest.json this run wrote, not one left by an earlier run.
      const st = fs.statSync(legacyOut, { throwIfNoEntry: false });
      if (st && st.mtimeMs >= t0) fs.copyFileSync(legacyOut, out);
    }
    let results;
    try {
      results = JSON.parse(fs.readFileSync(out, "utf8"));
    } catch {}
    const scenarioErrors = Object.entries(results?.scenarios ?? {})
      .filter(([, s]) => s.error)
      .map(([n]) => n);
    const ok = code === 0 && results !== undefined;
    runs.push({ round: round + 1, ref: r.ref, sha: r.sha, code, ms, ok, log: logFile, out, scenarioErrors });
    if (results) perRef[i].push(results);
    if (!ok) {
      const why = results
        ? `exit ${code}${scenarioErrors.length ? `; failed: ${scenarioErrors.join(", ")}` : ""}`
        : `exit ${code}, no results`;
      failures.push(`round ${round + 1}, ${r.ref}: ${why} (see ${logFile})`);
      log(`round ${round + 1}/${rounds}: ${r.ref} FAILED (${why}); see ${logFile}`);
    } else log(`round ${round + 1}/${rounds}: ${r.ref} done in ${(ms / 1000).toFixed(0)} s`);
  }
}
removeWorktrees();

const loadAfter = load();
const lines = mergeResults(perRef);
const labels = refs.map((r) => r.ref);
const header = headerLine({ refs, rounds, load: { before: loadBefore, after: loadAfter } });
const table = compareTable(lines, labels);
console.log(`${header}\n`);
console.log(table);
if (benchArgs.length) console.log(`\n(bench/run.mjs ${benchArgs.join(" ")})`);
if (failures.length) console.log(`\nFAILED:\n${failures.map((f) => `- ${f}`).join("\n")}`);

const summary = path.join(benchDir, "results", "compare-latest.json");
fs.writeFileSync(
  summary,
  `${JSON.stringify(
    {
      date: started.toISOString(),
      totalMs: Date.now() - started.getTime(),
      refs: refs.map(({ ref, sha, short, subject, takesOut, failed }) => ({
        ref,
        sha,
        short,
        subject,
        takesOut,
        failed,
      })),
      rounds,
      benchArgs,
      loadavg1m: { before: loadBefore, after: loadAfter },
      runs,
      failures,
      lines,
      header,
      table,
      results: perRef,
    },
    null,
    2,
  )}\n`,
);
log(`everything in ${path.relative(process.cwd(), summary)}`);
process.exitCode = failures.length ? 1 : 0;
