#!/usr/bin/env node
// cim-emulator start | token — see emulator/README.md.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { TokenService } from "./auth";
import { startEmulator } from "./index";
import { EXPUNGE_DELAY_MS, JOB_JITTER_MS, JOB_LATENCY_MS, JOB_MODES, type JobMode } from "./jobs";

const USAGE = `usage:
  cim-emulator start [--port N] [--data-dir DIR] [--job-latency MS] [--job-jitter MS] [--host 127.0.0.1]
                    [--job-mode timed|immediate|reads|clock] [--job-reads N]
                    [--expunge-delay MS]   (how long a destroyed instance stays Destroyed; default a day)
                    [--timezone IANA-ZONE] [--clock-skew-ms MS]
                    [--fault JSON]...   (a rule as POST /_emulator/faults takes it; repeatable)
                    [--limit NAME=N]... (an allowance of every user, e.g. instanceLimit=200; default 20 each,
                                         but maxMultiRegions 5, maxMultiRegionMembers 10)
  cim-emulator token [--data-dir DIR] [--sub USER] [--ttl SECONDS] [--aud AUD] [--admin]`;

/** Same default for start and token, so a token minted without --data-dir fits a server started without it. */
const defaultDataDir = () => process.env.CIM_EMULATOR_DATA_DIR ?? resolve(".state/emulator");

function int(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${flag} must be a non-negative integer, got ${value}`);
  return n;
}

function signedInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`--${flag} must be an integer (negative: behind), got ${value}`);
  return n;
}

/** `--limit instanceLimit=200`: the allowance's name and value (the names are checked by startEmulator). */
function allowance(text: string): [string, number] {
  const [name, value, ...rest] = text.split("=");
  if (!name || !value || rest.length)
    throw new Error(`--limit takes NAME=N, e.g. instanceLimit=200, got ${text}`);
  return [name, int(value, "limit", 0)];
}

async function start(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: "string" },
      "data-dir": { type: "string" },
      "job-latency": { type: "string" },
      "job-jitter": { type: "string" },
      "job-mode": { type: "string" },
      "job-reads": { type: "string" },
      "expunge-delay": { type: "string" },
      host: { type: "string" },
      fault: { type: "string", multiple: true },
      timezone: { type: "string" },
      "clock-skew-ms": { type: "string" },
      limit: { type: "string", multiple: true },
    },
  });
  const host = values.host ?? "127.0.0.1";
  const faults = (values.fault ?? []).map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(
        `--fault takes a JSON rule such as '{"method":"GET","route":"/zones","status":503,"times":2}', got ${text}`,
      );
    }
  });
  const mode = values["job-mode"] ?? "timed";
  if (!JOB_MODES.includes(mode as JobMode))
    throw new Error(`--job-mode must be one of ${JOB_MODES.join(", ")}`);
  const emu = await startEmulator({
    port: int(values.port, "port", 0),
    host,
    dataDir: resolve(values["data-dir"] ?? defaultDataDir()),
    jobLatencyMs: int(values["job-latency"], "job-latency", JOB_LATENCY_MS),
    jobJitterMs: int(
      values["job-jitter"],
      "job-jitter",
      values["job-latency"] === undefined ? JOB_JITTER_MS : 0,
    ),
    jobMode: mode as JobMode,
    jobReads: int(values["job-reads"], "job-reads", 1),
    expungeDelayMs: int(values["expunge-delay"], "expunge-delay", EXPUNGE_DELAY_MS),
    faults,
    timezone: values.timezone,
    clockSkewMs: signedInt(values["clock-skew-ms"], "clock-skew-ms"),
    limits: Object.fromEntries((values.limit ?? []).map(allowance)),
  });
  const port = new URL(emu.url).port;
  process.stdout.write(`listening on http://${host.includes(":") ? `[${host}]` : host}:${port}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await emu.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function token(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      "data-dir": { type: "string" },
      sub: { type: "string" },
      ttl: { type: "string" },
      aud: { type: "string" },
      admin: { type: "boolean" },
    },
  });
  const tokens = await TokenService.open(resolve(values["data-dir"] ?? defaultDataDir()));
  const jwt = await tokens.sign({
    sub: values.sub,
    ttlSeconds: int(values.ttl, "ttl", 3600),
    aud: values.aud,
    admin: values.admin ?? false,
  });
  process.stdout.write(`${jwt}\n`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "start") return start(rest);
  if (command === "token") return token(rest);
  process.stderr.write(`${USAGE}\n`);
  process.exit(command === "--help" || command === "-h" ? 0 : 2);
}

main().catch((e: unknown) => {
  process.stderr.write(`cim-emulator: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
