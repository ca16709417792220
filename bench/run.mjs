// pulumi-cim benchmarks: `npm run bench` (builds dist/ first), or `node bench/run.mjs [--quick] [name…]`.
// Without names every scenario but `scale` runs (it takes about an hour at N = 1,000 and 2,000): name it.
// Every scenario runs against a local emulator on 127.0.0.1 with the real Pulumi CLI and dynamic-provider
// host, side by side with its reference in the same run. Progress goes to stderr; the Markdown table goes
// to stdout; everything measured goes to bench/results/latest.json.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { prepareInstall, stacksDir } from "./lib/install.mjs";
import { benchDir, dist, emulatorDist, repoRoot } from "./lib/paths.mjs";
import { useInstall } from "./lib/pulumi.mjs";
import { markdownTable } from "./lib/report.mjs";
import create from "./scenarios/create.mjs";
import emulator from "./scenarios/emulator.mjs";
import jobs from "./scenarios/jobs.mjs";
import memory from "./scenarios/memory.mjs";
import noop from "./scenarios/noop.mjs";
import refresh from "./scenarios/refresh.mjs";
import scale from "./scenarios/scale.mjs";

const SCENARIOS = [create, refresh, noop, jobs, memory, emulator, scale];
/** Run only when named. */
const BY_NAME_ONLY = new Set(["scale"]);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: "boolean", default: false },
    // The smallest run that goes through every step (one round of a couple of resources): for tests of the
    // bench itself (tests/security checks its output for tokens); its figures mean nothing.
    smoke: { type: "boolean", default: false },
    list: { type: "boolean", default: false },
    // scale: the emulator shares every CPU with the CLI and the provider instead of one of its own.
    "no-pin": { type: "boolean", default: false },
    // scale: the stack sizes, e.g. --sizes 100,200 (default 1000,2000; --quick 50,100).
    sizes: { type: "string" },
    // What the programs load: pulumi-cim and the Probes installed from packages (the default, as users run
    // it), or the checkout's dist/ and the fixture in place (`source`: providers serialized by value).
    from: { type: "string", default: "installed" },
    out: { type: "string", default: path.join(benchDir, "results", "latest.json") },
  },
});

if (values.list) {
  for (const s of SCENARIOS)
    console.log(`${s.name.padEnd(10)} ${s.describe}${BY_NAME_ONLY.has(s.name) ? " (only when named)" : ""}`);
  process.exit(0);
}

const unknown = positionals.filter((n) => !SCENARIOS.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown scenario ${unknown.join(", ")}; known: ${SCENARIOS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = positionals.length
  ? SCENARIOS.filter((s) => positionals.includes(s.name))
  : SCENARIOS.filter((s) => !BY_NAME_ONLY.has(s.name));
const sizes = values.sizes?.split(",").map(Number);
if (sizes?.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`bench: --sizes takes whole numbers separated by commas, got ${values.sizes}`);
  process.exit(2);
}

if (!fs.existsSync(emulatorDist("index.js")) || !fs.existsSync(dist("sdk", "index.js"))) {
  console.error("bench: dist/ is missing; run `npm run bench` (it builds first) or `npm run build`");
  process.exit(2);
}
if (!process.env.CIM_PULUMI_ROOT) {
  console.error(
    'bench: the Pulumi CLI is not set up; run `npm run bench`, or eval "$(bash scripts/cim.sh env)"',
  );
  process.exit(2);
}
// Scenario programs run with the real job-poll cadence, and keep their stacks in a backend of their own
// (removed at the end), away from the demo's and the tests'.
delete process.env.CIM_POLL_INTERVAL_MS;
const backendDir = path.join(repoRoot, ".state", "bench", `backend-${process.pid}`);
fs.mkdirSync(backendDir, { recursive: true });
process.env.PULUMI_BACKEND_URL = pathToFileURL(backendDir).href;

const log = (s) => process.stderr.write(`${s}\n`);
let install;
try {
  install = prepareInstall(values.from);
} catch (e) {
  console.error(e.message);
  process.exit(2);
}
useInstall(install);
log(
  `bench: programs load pulumi-cim ${install.from === "installed" ? "as installed (npm pack)" : "from the checkout's dist/"}`,
);
const started = new Date();
const results = {
  date: started.toISOString(),
  quick: values.quick,
  from: install.from,
  machine: machine(),
  scenarios: {},
  rows: [],
};

const load = () => Math.round(os.loadavg()[0] * 100) / 100;
if (load() > os.cpus().length) {
  log(
    `bench: the machine is busy (1-minute load ${load()} on ${os.cpus().length} cores): wall times will be noisy`,
  );
}

let failed = 0;
for (const s of selected) {
  log(`bench: ${s.name} — ${s.describe}${values.quick ? " (quick)" : ""}`);
  const t0 = Date.now();
  const loadBefore = load();
  try {
    const r = await s.run({
      quick: values.quick || values.smoke,
      smoke: values.smoke,
      log,
      pin: !values["no-pin"],
      sizes,
    });
    results.scenarios[s.name] = {
      ms: Date.now() - t0,
      loadavg1m: { before: loadBefore, after: load() },
      rows: r.rows,
      tables: r.tables,
      details: r.details,
    };
    results.rows.push(...r.rows);
    log(`bench: ${s.name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } catch (e) {
    failed++;
    results.scenarios[s.name] = {
      ms: Date.now() - t0,
      loadavg1m: { before: loadBefore, after: load() },
      error: String(e?.stack ?? e),
    };
    log(`bench: ${s.name} FAILED: ${e?.stack ?? e}`);
  }
}
results.totalMs = Date.now() - started.getTime();
fs.rmSync(backendDir, { recursive: true, force: true });
fs.rmSync(stacksDir, { recursive: true, force: true });

fs.mkdirSync(path.dirname(values.out), { recursive: true });
fs.writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);

const m = results.machine;
console.log(
  `pulumi-cim benchmarks, ${results.date.slice(0, 10)}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ` +
    `Node ${m.node}, Pulumi ${m.pulumi}${values.quick ? ", --quick" : ""}, pulumi-cim ${install.from === "installed" ? "as installed" : "from source"}\n`,
);
console.log(markdownTable(results.rows));
for (const r of Object.values(results.scenarios)) {
  for (const t of r.tables ?? []) console.log(`\n${t}`);
}
for (const [name, r] of Object.entries(results.scenarios))
  if (r.error) console.log(`\n${name}: FAILED (see log)`);
console.log(
  `\n(${(results.totalMs / 1000).toFixed(0)} s; details in ${path.relative(process.cwd(), values.out)})`,
);
process.exitCode = failed ? 1 : 0;

function machine() {
  let pulumi = "?";
  try {
    pulumi = execFileSync(path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi"), ["version"])
      .toString()
      .trim();
  } catch {}
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? "?",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    pulumi,
  };
}
