// The emulator for a scenario: in this process (the built emulator package, emulator/dist), or as its own
// process (its CLI, as users run it) whose CPU time is read from /proc and which may be pinned to a CPU of its own; its admin
// control routes, and a user client.
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { dist, emulatorDist } from "./paths.mjs";

const require = createRequire(import.meta.url);

/**
 * Starts an emulator on 127.0.0.1 with a fresh temp data dir; returns helpers for the bench. `own: true` runs
 * it as its own process (`cpuMs()` then reads its CPU time); `pin: [cpu]` runs it under taskset on those CPUs.
 */
/** Seconds a bench run's token lasts: longer than any run. */
const RUN_TOKEN_TTL_S = 24 * 3600;

export async function startApi({ jobLatencyMs = 0, own = false, pin } = {}) {
  const { EmulatorControl } = require(emulatorDist());
  const { CimClient } = require(dist("provider", "client"));
  const emu = own ? await ownProcess({ jobLatencyMs, pin }) : await inProcess({ jobLatencyMs });
  // The tokens outlive the run: the emulator's default (an hour, as a console sign-in's) is shorter than the
  // scale scenario at N=2,000, whose later steps then failed with 401 Token expired (the API's token, and the
  // control routes' admin token after it).
  const token = await emu.token(RUN_TOKEN_TTL_S);
  const client = new CimClient({ baseUrl: emu.url, token });
  /** The emulator's control client: requests(), jobReads(), limits(), jobTiming(), dump(), zoneCapacity(), … */
  const control = new EmulatorControl(emu.url, await emu.adminToken(RUN_TOKEN_TTL_S));
  const cpuMs = () => (emu.pid ? processCpuMs(emu.pid) : undefined);
  // Room for every scenario: more instances and volumes than the largest N, in one zone.
  await control.limits({ instanceLimit: 20_000, volumeLimit: 20_000 });
  return {
    emu,
    url: emu.url,
    client,
    control,
    /** The env a Pulumi run needs to reach this emulator (no CIM_POLL_INTERVAL_MS: the real cadence). */
    envVars: { CIM_BASE_URL: emu.url, CIM_TOKEN: token },
    /** CPU time (user + system) of the emulator's own process so far; undefined when it runs in this one. */
    cpuMs,
    /**
     * Awaits `work()` and returns its answer with the emulator's CPU time over it (`emulatorCpuMs`, undefined
     * when it runs in this process).
     */
    async measure(work) {
      const before = cpuMs();
      const value = await work();
      const after = cpuMs();
      return {
        value,
        emulatorCpuMs: before !== undefined && after !== undefined ? after - before : undefined,
      };
    },
    /** Catalogue ids for the bench program (one zone, the first template, compute and fixed-size disk offering). */
    async catalogue() {
      const [zone] = await client.catalogue.zones();
      const [template] = await client.catalogue.templates();
      const [offering] = await client.catalogue.computeOfferings();
      const disk = (await client.catalogue.diskOfferings()).find((d) => !d.customized);
      await control.zoneCapacity(zone.id, 100_000);
      return {
        zoneId: zone.id,
        templateId: template.id,
        serviceOfferingId: offering.id,
        diskOfferingId: disk?.id,
      };
    },
    close: () => emu.close(),
  };
}

async function inProcess({ jobLatencyMs }) {
  const { startEmulator } = require(emulatorDist());
  const emu = await startEmulator({ port: 0, host: "127.0.0.1", jobLatencyMs });
  return {
    url: emu.url,
    token: (ttlSeconds) => emu.token(ttlSeconds ? { ttlSeconds } : undefined),
    adminToken: (ttlSeconds) => emu.token({ admin: true, ttlSeconds }),
    close: () => emu.close(),
  };
}

async function ownProcess({ jobLatencyMs, pin }) {
  const cli = emulatorDist("cli.js");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-bench-emu-"));
  const args = [cli, "start", "--port", "0", "--data-dir", dataDir, "--job-latency", String(jobLatencyMs)];
  const [cmd, argv] = pin?.length
    ? ["taskset", ["-c", pin.join(","), process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await listeningUrl(child, "the emulator");
  // Tokens go from the CLI's stdout to memory only (never printed or written by the bench).
  const mint = (...extra) =>
    execFileSync(process.execPath, [cli, "token", "--data-dir", dataDir, ...extra])
      .toString()
      .trim();
  return {
    url,
    pid: child.pid,
    token: async (ttlSeconds) => (ttlSeconds ? mint("--ttl", String(ttlSeconds)) : mint()),
    adminToken: async (ttlSeconds) => mint("--admin", "--ttl", String(ttlSeconds)),
    async close() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address a server child process prints once ready (`listening on http://…`). */
export function listeningUrl(child, what) {
  return new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    child.on("exit", (code) => fail(new Error(`${what} exited with ${code} before listening`)));
  });
}

let ticksPerSecond;

/** utime + stime of a process (and its waited-for children), in ms, from /proc/<pid>/stat. */
export function processCpuMs(pid) {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields after the comm: state(0) ppid(1) … utime(11) stime(12)
    return ((Number(f[11]) + Number(f[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * CPUs for pinning on this machine: the emulator on the last one, everything else (the CLI, the provider, the
 * program) on the others; undefined with fewer than 2 CPUs or without taskset.
 */
export function pinning() {
  const n = os.cpus().length;
  if (n < 2) return undefined;
  try {
    execFileSync("taskset", ["-c", "0", "true"]);
  } catch {
    return undefined;
  }
  return { emulator: [n - 1], rest: Array.from({ length: n - 1 }, (_, i) => i) };
}

/** Splits request counts into the figures the scenarios report. */
export function summarize(counts) {
  let total = 0;
  let gets = 0;
  let mutating = 0;
  let jobPolls = 0;
  let listCalls = 0;
  let singleGets = 0;
  for (const [key, n] of Object.entries(counts)) {
    total += n;
    const [method, route] = key.split(" ");
    if (method !== "GET") {
      mutating += n;
      continue;
    }
    gets += n;
    if (route === "/api/v1/jobs/{jobId}") jobPolls += n;
    else if (route === "/api/v1/compute/instances/{id}") singleGets += n;
    else if (/^\/api\/v1\/compute\/instances(\/all|\/summary)?$/.test(route)) listCalls += n;
  }
  return { total, gets, mutating, jobPolls, listCalls, singleGets };
}
