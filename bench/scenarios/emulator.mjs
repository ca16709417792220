// Emulator GET throughput on loopback. The figure comes from the emulator engineer's own benchmark
// (bench/emulator.ts: the emulator as its own process, GET /api/v1/compute/instances/{id}, undici pool);
// the reference is a bare node:http server answering the same instance JSON, driven the same way: the
// ceiling of Node's HTTP stack on this machine, so the ratio is what routing, auth and bookkeeping cost.
import { execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";
import { promisify } from "node:util";
import { listeningUrl, startApi } from "../lib/emulator.mjs";
import { benchDir, repoRoot } from "../lib/paths.mjs";
import { median, row } from "../lib/report.mjs";

const require = createRequire(import.meta.url);
const exec = promisify(execFile);
const CONCURRENCY = 32;

export default {
  name: "emulator",
  describe: "emulator GET throughput on loopback vs a bare node:http server",
  async run({ quick, log }) {
    const requests = quick ? 5000 : 20_000;
    const body = await instanceBody();
    // Three rounds, alternating emulator and bare server; medians (a shared machine is noisy).
    const emuRuns = [];
    const bareRuns = [];
    for (let i = 0; i < 3; i++) {
      emuRuns.push(await emulatorRate(requests));
      bareRuns.push(await bareServerRate(body, requests));
      log(`  round ${i + 1}: emulator ${emuRuns[i].rate} req/s, bare node:http ${bareRuns[i].rate} req/s`);
    }
    const emulator = {
      rate: median(emuRuns.map((r) => r.rate)),
      failed: emuRuns.reduce((n, r) => n + r.failed, 0),
    };
    const bare = { rate: median(bareRuns.map((r) => r.rate)) };
    return {
      rows: [
        row({
          scenario: "emulator",
          metric: `GET /compute/instances/{id}, ${requests} requests, concurrency ${CONCURRENCY}`,
          figure: emulator.rate,
          reference: bare.rate,
          refLabel: "bare node:http, same body",
          unit: "req/s",
          note: emulator.failed ? `${emulator.failed} failed` : undefined,
        }),
      ],
      details: {
        emulatorRuns: emuRuns,
        bareRuns,
        bodyBytes: body.length,
        concurrency: CONCURRENCY,
        requests,
      },
    };
  },
};

/** One run of bench/emulator.ts (the emulator engineer's load generator), parsed. */
async function emulatorRate(requests) {
  const { stdout } = await exec(
    process.execPath,
    [
      path.join(benchDir, "emulator.ts"),
      "--requests",
      String(requests),
      "--concurrency",
      String(CONCURRENCY),
    ],
    { cwd: repoRoot, timeout: 5 * 60_000 },
  );
  const m = /(\d+) requests, concurrency (\d+), ([\d.]+) s, (\d+) req\/s, (\d+) failed/.exec(stdout);
  if (!m) throw new Error(`bench/emulator.ts printed no figure:\n${stdout}`);
  return { requests: Number(m[1]), seconds: Number(m[3]), rate: Number(m[4]), failed: Number(m[5]) };
}

/** The JSON of one instance as the emulator serves it. */
async function instanceBody() {
  const api = await startApi();
  try {
    const cat = await api.catalogue();
    const vm = await api.client.instances.create({ ...cat, name: "bench" });
    const res = await fetch(`${api.url}/api/v1/compute/instances/${vm.id}`, {
      headers: { authorization: `Bearer ${api.envVars.CIM_TOKEN}` },
    });
    return await res.text();
  } finally {
    await api.close();
  }
}

const SERVER = `
const http = require("node:http");
const body = Buffer.from(process.env.BENCH_BODY);
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.keepAliveTimeout = 72000;
server.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

/** Loopback GET rate of a bare node:http server in its own process, with the load bench/emulator.ts uses. */
async function bareServerRate(body, total) {
  const { Pool } = require("undici");
  const child = spawn(process.execPath, ["-e", SERVER], {
    env: { ...process.env, BENCH_BODY: body },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await listeningUrl(child, "the bare server");
  const pool = new Pool(url, { connections: CONCURRENCY });
  const headers = { authorization: "Bearer x" };
  try {
    for (let i = 0; i < 500; i++)
      await (await pool.request({ method: "GET", path: "/x", headers })).body.dump();
    let sent = 0;
    let failed = 0;
    const worker = async () => {
      while (sent < total) {
        sent++;
        const res = await pool.request({ method: "GET", path: "/x", headers });
        await res.body.dump();
        if (res.statusCode !== 200) failed++;
      }
    };
    const t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return { requests: total, seconds, rate: Math.round(total / seconds), failed };
  } finally {
    await pool.close();
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r()));
  }
}
