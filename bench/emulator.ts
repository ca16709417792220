// Loopback GET throughput of the emulator: GET /api/v1/compute/instances/{id}, bounded request count.
// Build the emulator first (npx tsc -p emulator/tsconfig.build.json, or npm run build), then from the repo root:
//   node bench/emulator.ts [--requests 20000] [--concurrency 32]
// The emulator runs as its own process (emulator/dist/cli.js), as users run it; this process only drives load.
// Plain require() keeps this file CommonJS, which Node runs with type stripping and no reparse warning.
import type { ChildProcess } from "node:child_process";
import type { Pool as PoolType } from "undici";

const { execFileSync, spawn } = require("node:child_process") as typeof import("node:child_process");
const { mkdtempSync, rmSync } = require("node:fs") as typeof import("node:fs");
const { tmpdir } = require("node:os") as typeof import("node:os");
const { join, resolve } = require("node:path") as typeof import("node:path");
const { parseArgs } = require("node:util") as typeof import("node:util");
const { Pool } = require("undici") as typeof import("undici");

const { values } = parseArgs({
  options: { requests: { type: "string", default: "20000" }, concurrency: { type: "string", default: "32" } },
});
const TOTAL = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const CLI = resolve(process.env.CIM_EMULATOR_CLI ?? "emulator/dist/cli.js");

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, "start", "--port", "0", "--data-dir", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((ok, fail) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) ok({ child, url: m[1] });
    });
    child.on("exit", (code) => fail(new Error(`emulator exited with ${code}`)));
  });
}

async function json(
  pool: PoolType,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await pool.request({
    method,
    path,
    headers: body ? { ...headers, "content-type": "application/json" } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = (await res.body.json()) as any;
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${data.message}`);
  return data;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "cim-bench-"));
  const { child, url } = await startServer(dataDir);
  const token = execFileSync(process.execPath, [CLI, "token", "--data-dir", dataDir]).toString().trim();
  const pool = new Pool(url, { connections: CONCURRENCY });
  const headers = { authorization: `Bearer ${token}` };
  try {
    const [zone] = await json(pool, "GET", "/api/v1/zones", headers);
    const [template] = await json(pool, "GET", "/api/v1/templates", headers);
    const [offering] = await json(pool, "GET", "/api/v1/offerings/compute", headers);
    const vm = await json(pool, "POST", "/api/v1/compute/instances", headers, {
      zoneId: zone.id,
      templateId: template.id,
      serviceOfferingId: offering.id,
      name: "bench",
    });
    const path = `/api/v1/compute/instances/${vm.id}`;
    // Warm-up: JIT, connections, the verified-token cache.
    for (let i = 0; i < 500; i++) await json(pool, "GET", path, headers);

    let sent = 0;
    let failed = 0;
    const worker = async () => {
      while (sent < TOTAL) {
        sent++;
        const res = await pool.request({ method: "GET", path, headers });
        await res.body.dump();
        if (res.statusCode !== 200) failed++;
      }
    };
    const t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const rate = Math.round(TOTAL / seconds);
    console.log(
      `GET /api/v1/compute/instances/{id}: ${TOTAL} requests, concurrency ${CONCURRENCY}, ` +
        `${seconds.toFixed(2)} s, ${rate} req/s, ${failed} failed`,
    );
    if (failed > 0) process.exitCode = 1;
  } finally {
    await pool.close();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
