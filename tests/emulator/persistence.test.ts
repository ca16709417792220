import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { EmulatorControl } from "../../emulator";
import { Api, LOCAL_TIMESTAMP } from "./harness";

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("Persistence", () => {
  it("Persistence: state survives a restart on the same data dir, and tokens stay valid (same key); a start's allowances reach its users", async () => {
    const dataDir = tempDir("cim-persist-");
    const first = await Api.start({ dataDir });
    const c = await first.catalogue();
    const vm = await first.instance(c, { name: "survivor" });
    await first.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { keep: "me" } } });
    const token = first.token;
    await first.close();
    expect(existsSync(join(dataDir, "state.json"))).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    // allowances given at a start reach the users already in the data dir
    const second = await Api.start({ dataDir, limits: { instanceLimit: 1 } });
    try {
      expect(await second.ok("GET", "/tenants/my-limits", { token })).toMatchObject({
        instanceLimit: 1,
        instanceCount: 1,
        volumeLimit: 20,
      });
      const again = await second.ok("GET", `/compute/instances/${vm.id}`, { token });
      expect(again).toMatchObject({ name: "survivor", state: "Running", tags: { keep: "me" } });
      expect(
        (
          await second.post("/compute/instances", {
            body: {
              zoneId: c.zone.id,
              templateId: c.template.id,
              serviceOfferingId: c.offering.id,
              name: "survivor",
            },
          })
        ).status,
      ).toBe(409);
    } finally {
      await second.close();
    }
  });

  it("Persistence: a job still running at shutdown settles after the restart", async () => {
    const dataDir = tempDir("cim-persist-");
    const first = await Api.start({ dataDir, jobLatencyMs: 200 });
    const c = await first.catalogue();
    const res = await first.ok("POST", "/compute/instances", {
      body: { zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id },
    });
    await first.close();
    const second = await Api.start({ dataDir });
    try {
      const job = await second.waitJob(res.jobId);
      expect(job.status).toBe("success");
      expect((await second.ok("GET", `/compute/instances/${res.id}`)).state).toBe("Running");
    } finally {
      await second.close();
    }
  });

  it("Persistence: POST /_emulator/reset restores the seeded state", async () => {
    const api = await Api.start();
    try {
      const c = await api.catalogue();
      await api.instance(c);
      await api.control.fault({ route: "/zones", status: 500 });
      await api.control.reset();
      expect((await api.ok("GET", "/compute/instances/all")).virtualmachines).toEqual([]);
      expect((await api.get("/zones")).status).toBe(200);
      expect((await api.ok("GET", "/zones"))[0].id).toBe(c.zone.id);
    } finally {
      await api.close();
    }
  });

  it("Persistence: a temp data dir made by startEmulator is removed on close", async () => {
    const api = await Api.start();
    const dir = api.emu.dataDir;
    expect(existsSync(dir)).toBe(true);
    await api.close();
    expect(existsSync(dir)).toBe(false);
  });
});

/** Transpile emulator/ to CommonJS under .cache (inside the repo so node_modules resolves). */
function buildCli(): string {
  const root = resolve(__dirname, "../..");
  const out = join(root, ".cache", `emulator-cli-test-${process.pid}`);
  dirs.push(out);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return f === "dist" || f === "node_modules" ? [] : walk(p);
      return p.endsWith(".ts") && !p.endsWith(".d.ts") ? [p] : [];
    });
  for (const file of walk(join(root, "emulator"))) {
    const js = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2023,
        esModuleInterop: true,
      },
    }).outputText;
    const target = join(out, relative(root, file)).replace(/\.ts$/, ".js");
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, js);
  }
  return join(out, "emulator", "cli.js");
}

describe("Command line", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("CLI: start prints only 'listening on http://HOST:PORT' and applies --fault rules; token prints only a JWT that the server accepts", async () => {
    const cli = buildCli();
    const dataDir = tempDir("cim-cli-");
    child = spawn(
      process.execPath,
      [
        cli,
        "start",
        "--port",
        "0",
        "--data-dir",
        dataDir,
        "--job-latency",
        "0",
        "--fault",
        JSON.stringify({ method: "GET", route: "/zones", status: 503, times: 1 }),
        "--timezone",
        "Pacific/Honolulu",
        "--clock-skew-ms=-300000",
        "--limit",
        "instanceLimit=3",
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const url = await new Promise<string>((ok, fail) => {
      let out = "";
      child!.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) {
          const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(out);
          m ? ok(m[1]) : fail(new Error(`unexpected stdout: ${out}`));
        }
      });
      child!.on("exit", (code) => fail(new Error(`exited ${code}`)));
    });
    const token = execFileSync(process.execPath, [cli, "token", "--data-dir", dataDir]).toString();
    expect(token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const zones = () =>
      fetch(`${url}/api/v1/zones`, { headers: { authorization: `Bearer ${token.trim()}` } });
    // The --fault rule answers the first GET /zones with 503, once; its error body is written in local time
    // of --timezone (UTC−10) by a clock --clock-skew-ms behind ours, which the Date header follows.
    const refused = await zones();
    expect(refused.status).toBe(503);
    const { timestamp } = (await refused.json()) as { timestamp: string };
    expect(timestamp).toMatch(LOCAL_TIMESTAMP);
    const serverNow = Date.now() - 300_000;
    expect(Math.abs(Date.parse(`${timestamp}Z`) + 10 * 3_600_000 - serverNow)).toBeLessThan(3_000);
    expect(Math.abs(Date.parse(refused.headers.get("date")!) - serverNow)).toBeLessThan(2_500);
    expect((await zones()).status).toBe(200);
    // --limit gives every user that allowance; the others keep the platform's default, 20
    const limits = await fetch(`${url}/api/v1/tenants/my-limits`, {
      headers: { authorization: `Bearer ${token.trim()}` },
    });
    expect(await limits.json()).toMatchObject({ instanceLimit: 3, volumeLimit: 20, publicIpLimit: 20 });
    // the multi-region allowances are not 20: the usage says what they are
    const quota = await fetch(`${url}/api/v1/multi-regions/quota`, {
      headers: { authorization: `Bearer ${token.trim()}` },
    });
    expect(await quota.json()).toMatchObject({ maxMultiRegions: 5, maxMultiRegionMembers: 10 });
    const usage = spawnSync(process.execPath, [cli, "--help"], { encoding: "utf8" }).stderr;
    expect(usage.replace(/\s+/g, " ")).toContain(
      "default 20 each, but maxMultiRegions 5, maxMultiRegionMembers 10",
    );
    const admin = execFileSync(process.execPath, [
      cli,
      "token",
      "--data-dir",
      dataDir,
      "--admin",
      "--ttl",
      "60",
    ])
      .toString()
      .trim();
    expect(await new EmulatorControl(url, admin).requests()).toMatchObject({ "GET /api/v1/zones": 2 });
    // a bad --limit stops the start with its rule
    for (const [flag, says] of [
      ["vmLimit=3", /unknown allowance vmLimit: one of instanceLimit, /],
      ["instanceLimit", /--limit takes NAME=N/],
      ["instanceLimit=-1", /--limit must be a non-negative integer/],
    ] as const) {
      let stderr = "";
      try {
        execFileSync(process.execPath, [cli, "start", "--data-dir", tempDir("cim-cli-"), "--limit", flag], {
          stdio: ["ignore", "pipe", "pipe"],
        });
      } catch (e) {
        stderr = String((e as { stderr?: Buffer }).stderr);
      }
      expect(stderr).toMatch(says);
    }
    const other = execFileSync(process.execPath, [cli, "token", "--data-dir", dataDir, "--aud", "other"])
      .toString()
      .trim();
    expect(
      (await fetch(`${url}/api/v1/zones`, { headers: { authorization: `Bearer ${other}` } })).status,
    ).toBe(401);
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    child = undefined;
    expect(existsSync(join(dataDir, "state.json"))).toBe(true);
    // it starts node processes of the emulator's CLI three times: beside the CLI suites on 2 cores that took
    // more than the default 30 s (a guard against hangs, no figure)
  }, 120_000);
});
