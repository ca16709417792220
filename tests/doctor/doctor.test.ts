// `pulumi-cim doctor` as users run it: the built bin in a child process, against the emulator, configured
// through CIM_* variables or a stack's config. Asserts the exit code, the table's rows and that the token
// never appears in the output.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { CimClient } from "../../provider/client";

const exec = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..");
const bin = path.join(repoRoot, "dist", "provider", "import", "cli.js");

let emu: Emulator;
let token: string;
let tmp: string;

interface Run {
  code: number;
  output: string;
  rows: Map<string, { status: string; detail: string }>;
}

/** Environment without any CIM_* of the machine running the tests. */
function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CIM_")));
}

/** The table as check → {status, detail}; wrapped detail lines joined. */
function parseTable(output: string): Run["rows"] {
  const rows: Run["rows"] = new Map();
  let last: { status: string; detail: string } | undefined;
  for (const line of output.split("\n").slice(1)) {
    if (!line.trim()) {
      last = undefined;
      continue;
    }
    const m = /^(\S.*?)\s{2,}(ok|WARN|FAIL|-)\s{2,}(.*)$/.exec(line);
    if (m) {
      last = { status: m[2], detail: m[3] };
      rows.set(m[1], last);
    } else if (last && /^\s/.test(line)) last.detail += ` ${line.trim()}`;
  }
  return rows;
}

async function doctor(env: Record<string, string>, args: string[] = [], cwd = tmp): Promise<Run> {
  const result = await exec(process.execPath, [bin, "doctor", ...args], {
    cwd,
    env: { ...baseEnv(), ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof err.code === "number" ? err.code : -1,
      output: `${err.stdout ?? ""}${err.stderr ?? ""}`,
    }),
  );
  // Whatever the outcome, no token of this emulator reaches the output.
  expect(result.output).not.toContain(token);
  for (const t of Object.values(env)) if (t.startsWith("eyJ")) expect(result.output).not.toContain(t);
  return { ...result, rows: parseTable(result.output) };
}

async function admin(method: string, route: string, body: unknown) {
  const res = await fetch(`${emu.url}/_emulator${route}`, {
    method,
    headers: { authorization: `Bearer ${await emu.adminToken()}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /_emulator${route}: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  if (!fs.existsSync(bin))
    throw new Error("pulumi-cim is not built (dist/): run the tests through `npm test`");
  emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
  token = await emu.token();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cim-doctor-"));
});

afterAll(async () => {
  await emu?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("pulumi-cim doctor", () => {
  it("passes a good setup: every check ok, exit 0", async () => {
    const primary = emu.regions.find((r) => r.primary)!;
    const run = await doctor({
      CIM_BASE_URL: emu.url,
      CIM_TOKEN: token,
      CIM_REGION: primary.id,
      CIM_AUDIENCE: "cim-api",
    });
    expect(run.code).toBe(0);
    expect(run.output).toContain("Ready to deploy.");
    expect(run.rows.get("config from")?.detail).toContain("CIM_* variables");
    expect(run.rows.get("base URL")).toEqual({
      status: "ok",
      detail: `${emu.url} (http: allowed for loopback hosts only) (CIM_BASE_URL)`,
    });
    expect(run.rows.get("reachable")?.detail).toMatch(/^answered HTTP 401 in \d+ ms \(no token sent\)$/);
    expect(run.rows.get("client settings")).toEqual({
      status: "ok",
      detail:
        "requestTimeout 30s (default), maxRetries 2 (default), maxConcurrentRequests no limit (default)",
    });
    expect(run.rows.get("token")).toEqual({ status: "ok", detail: "a JWT, subject user-1 (CIM_TOKEN)" });
    expect(run.rows.get("token expiry")?.status).toBe("ok");
    expect(run.rows.get("token expiry")?.detail).toMatch(/\((59|60) min left\)|\(1 h 0 min left\)/);
    expect(run.rows.get("token audience")).toEqual({
      status: "ok",
      detail: "aud cim-api includes cim-api (CIM_AUDIENCE)",
    });
    expect(run.rows.get("token accepted")?.status).toBe("ok");
    expect(run.rows.get("regions")).toEqual({ status: "ok", detail: "2: de-fra-1 (primary), nl-ams-1" });
    expect(run.rows.get("default region")?.detail).toMatch(
      new RegExp(`^de-fra-1 \\(${primary.id}\\) \\(CIM_REGION\\); \\d+ zone\\(s\\)$`),
    );
    for (const kind of ["instance", "volume", "vpc", "network"]) {
      expect(run.rows.get(`quota ${kind}`)?.status).toBe("ok");
    }
    expect([...run.rows.values()].filter((r) => r.status === "FAIL" || r.status === "WARN")).toEqual([]);
  });

  it("fails an expired token: says when it expired and sends nothing with it", async () => {
    const expired = await emu.token({ ttlSeconds: -600 });
    const run = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: expired });
    expect(run.code).toBe(1);
    expect(run.rows.get("token expiry")?.status).toBe("FAIL");
    expect(run.rows.get("token expiry")?.detail).toMatch(
      /^expired at \S+Z \((10|11) min ago\): sign in again/,
    );
    expect(run.rows.get("token accepted")).toEqual({
      status: "-",
      detail: "not tried: the token is unusable",
    });
    expect(run.output).toContain("1 problem(s) would make pulumi up fail");
  });

  it("fails a token for another audience: locally with cim:audience, else with the API's reason", async () => {
    const other = await emu.token({ aud: "console-web" });
    const local = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: other, CIM_AUDIENCE: "cim-api" });
    expect(local.code).toBe(1);
    expect(local.rows.get("token audience")?.status).toBe("FAIL");
    expect(local.rows.get("token audience")?.detail).toContain('issued for audience "console-web"');
    expect(local.rows.get("token accepted")?.status).toBe("-");

    const api = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: other });
    expect(api.code).toBe(1);
    expect(api.rows.get("token audience")?.status).toBe("-");
    expect(api.rows.get("token accepted")?.status).toBe("FAIL");
    expect(api.rows.get("token accepted")?.detail).toContain(
      'refused: 401 Token audience "console-web" is not cim-api',
    );
    expect(api.rows.get("regions")?.status).toBe("-");
  });

  it("fails an unknown default region and names the regions that exist", async () => {
    const unknown = "8d3c0000-0000-4000-8000-000000000000";
    const run = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: token, CIM_REGION: unknown });
    expect(run.code).toBe(1);
    const row = run.rows.get("default region");
    expect(row?.status).toBe("FAIL");
    expect(row?.detail).toContain(`${unknown} (CIM_REGION) is not a region of this API`);
    for (const r of emu.regions) expect(row?.detail).toContain(`${r.name} (${r.id})`);
    expect(row?.detail).toContain(`the API answers 400 Unknown region ${unknown}`);
    expect(run.rows.get("token accepted")?.status).toBe("ok");
  });

  it("a region given by name fails with the id cim:region takes, not as an unknown region", async () => {
    const [r] = emu.regions;
    const run = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: token, CIM_REGION: r.name });
    expect(run.code).toBe(1);
    expect(run.rows.get("default region")).toMatchObject({
      status: "FAIL",
      detail: `${r.name} (CIM_REGION) is a region's name; cim:region takes its id: ${r.id}`,
    });
  });

  it("fails an exhausted quota and warns on a nearly used one", async () => {
    const client = new CimClient({ baseUrl: emu.url, token });
    const [zone] = await client.catalogue.zones();
    const offering = (await client.catalogue.diskOfferings()).find((o) => !o.customized)!;
    for (const name of ["doctor-a", "doctor-b", "doctor-c", "doctor-d"]) {
      const accepted = await client.volumes.create({ name, zoneId: zone.id, diskOfferingId: offering.id });
      await client.jobs.wait(accepted, { firstDelayMs: 5, minIntervalMs: 10, maxIntervalMs: 20 });
    }
    await admin("PUT", "/limits", { sub: "user-1", volumeLimit: 4, vpcLimit: 5 });
    try {
      const run = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: token });
      expect(run.code).toBe(1);
      expect(run.rows.get("quota volume")).toEqual({
        status: "FAIL",
        detail:
          '4 of 4 used: creating another volume fails ("Maximum number of resources … has been exceeded"); delete some or ask for a higher volumeLimit',
      });
      expect(run.rows.get("quota vpc")).toEqual({ status: "ok", detail: "0 of 5 used, 5 left" });

      await admin("PUT", "/limits", { sub: "user-1", volumeLimit: 5 });
      const near = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: token });
      expect(near.rows.get("quota volume")).toEqual({ status: "WARN", detail: "4 of 5 used, 1 left" });
      expect(near.code).toBe(0);
      expect(near.output).toContain("Ready to deploy, with 1 warning(s).");
    } finally {
      await admin("PUT", "/limits", { sub: "user-1", volumeLimit: 2000, vpcLimit: 100 });
    }
  });

  it("shows the client settings and where they came from, and fails one that breaks its rule", async () => {
    const env = { CIM_BASE_URL: emu.url, CIM_TOKEN: token };
    const good = await doctor({ ...env, CIM_REQUEST_TIMEOUT: "90s", CIM_MAX_CONCURRENT_REQUESTS: "4" });
    expect(good.code).toBe(0);
    expect(good.rows.get("client settings")?.detail).toBe(
      "requestTimeout 90s (CIM_REQUEST_TIMEOUT), maxRetries 2 (default), maxConcurrentRequests 4 (CIM_MAX_CONCURRENT_REQUESTS)",
    );
    const bad = await doctor({ ...env, CIM_MAX_RETRIES: "-1", CIM_MAX_CONCURRENT_REQUESTS: "0" });
    expect(bad.code).toBe(1);
    expect(bad.rows.get("client settings")).toEqual({
      status: "FAIL",
      detail:
        'cim:maxRetries must be a whole number from 0 (one attempt per read) to 10; got "-1" from CIM_MAX_RETRIES. cim:maxConcurrentRequests must be a whole number from 1 to 256; got "0" from CIM_MAX_CONCURRENT_REQUESTS.',
    });
    expect(bad.output).not.toContain(token);
  });

  it("refuses plain http to a remote host and reports an unreachable endpoint", async () => {
    const remote = await doctor({ CIM_BASE_URL: "http://cloud.example.com", CIM_TOKEN: token });
    expect(remote.code).toBe(1);
    expect(remote.rows.get("base URL")?.status).toBe("FAIL");
    expect(remote.rows.get("base URL")?.detail).toContain("the API is HTTPS only");
    expect(remote.rows.get("reachable")?.status).toBe("-");

    const closed = await doctor({ CIM_BASE_URL: "http://127.0.0.1:1", CIM_TOKEN: token });
    expect(closed.code).toBe(1);
    expect(closed.rows.get("reachable")?.detail).toContain("cannot reach 127.0.0.1:1: ECONNREFUSED");
  });

  it("says that an https:// address answers without TLS, instead of asking whether the emulator runs", async () => {
    // the emulator serves plain http: https:// of its address reaches it, and the TLS handshake fails
    const host = new URL(emu.url).host;
    const run = await doctor({ CIM_BASE_URL: `https://${host}`, CIM_TOKEN: token });
    expect(run.code).toBe(1);
    const detail = run.rows.get("reachable")?.detail ?? "";
    expect(detail).toContain(`cannot reach ${host}: `);
    expect(detail).toContain(
      `(something answers there, but not over TLS: a plain-http server such as the local emulator takes http://${host})`,
    );
    expect(detail).not.toContain("is the emulator running?");
    expect(run.output).not.toContain(token);
  });

  it("reads the stack's config in a project folder, the secret token included", async () => {
    const pulumiRoot = process.env.CIM_PULUMI_ROOT;
    if (!pulumiRoot || !process.env.PULUMI_BACKEND_URL) {
      throw new Error("needs the bootstrapped Pulumi CLI and backend: run the tests through `npm test`");
    }
    const pulumi = path.join(pulumiRoot, "bin", "pulumi");
    const project = fs.mkdtempSync(path.join(tmp, "project-"));
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: doctor-test\nruntime: nodejs\n");
    const stack = `doctor-${process.pid}-${Date.now().toString(36)}`;
    const cli = (...args: string[]) =>
      exec(pulumi, [...args, "--non-interactive"], { cwd: project, env: baseEnv() });
    // a project with no stack selected (an Automation API program names its stack itself): CIM_* only, a warning
    const unselected = await doctor({ CIM_BASE_URL: emu.url, CIM_TOKEN: token }, [], project);
    expect(unselected.code).toBe(0);
    expect(unselected.rows.get("stack config")).toEqual({
      status: "WARN",
      detail: `no stack selected in ${project}: checking CIM_* only (pulumi stack select, or --stack <name>, to check a stack's cim:* config, which comes first)`,
    });
    expect(unselected.rows.get("base URL")?.detail).toContain("(CIM_BASE_URL)");
    await cli("stack", "init", stack);
    try {
      await cli("config", "set", "cim:baseUrl", emu.url);
      await cli("config", "set", "--secret", "cim:token", token);
      const wrong = "97a733d7-0000-4000-8000-000000000000";
      await cli("config", "set", "cim:region", emu.regions.find((r) => !r.primary)!.id);
      await cli("config", "set", "cim:maxRetries", "0");
      const run = await doctor({ CIM_REGION: wrong, CIM_MAX_RETRIES: "7" }, [], project);
      expect(run.code).toBe(0);
      expect(run.rows.get("config from")?.detail).toBe(`stack ${stack}, then CIM_* variables`);
      expect(run.rows.get("base URL")?.detail).toContain(`(stack ${stack} (cim:baseUrl))`);
      expect(run.rows.get("token")?.detail).toBe(`a JWT, subject user-1 (stack ${stack} (cim:token))`);
      // Stack config wins over the environment, as in the provider.
      expect(run.rows.get("default region")?.detail).toMatch(/^nl-ams-1 \(.*\) \(stack .* \(cim:region\)\)/);
      expect(run.rows.get("client settings")?.detail).toContain(
        `maxRetries 0 (stack ${stack} (cim:maxRetries))`,
      );
      expect(fs.readFileSync(path.join(project, `Pulumi.${stack}.yaml`), "utf8")).not.toContain(token);
      expect(run.rows.has("stack config")).toBe(false);

      // a misspelt setting, which the program refuses at preview (it would leave baseUrl to CIM_BASE_URL)
      await cli("config", "set", "cim:baseURL", "https://cloud.example.com");
      const misspelt = await doctor({}, [], project);
      expect(misspelt.code).toBe(1);
      expect(misspelt.rows.get("stack config")).toEqual({
        status: "FAIL",
        detail:
          "cim:baseURL is not a setting of pulumi-cim (did you mean cim:baseUrl?); the settings: baseUrl, token, region, audience, requestTimeout, maxRetries, maxConcurrentRequests. pulumi preview and up refuse it: pulumi config rm it, and set the setting meant instead",
      });
      expect(misspelt.rows.get("base URL")?.detail).toContain(`(stack ${stack} (cim:baseUrl))`);
      await cli("config", "rm", "cim:baseURL");

      const missing = await doctor({}, ["--stack", `${stack}-missing`], project);
      expect(missing.code).toBe(1);
      expect(missing.rows.get("stack config")?.status).toBe("FAIL");
      expect(missing.rows.get("base URL")?.detail).toBe("not set: set cim:baseUrl or CIM_BASE_URL");
    } finally {
      await cli("stack", "rm", "--yes", "--force", stack).catch(() => undefined);
    }
  }, 60_000);

  it("explains itself in --help", async () => {
    const run = await doctor({}, ["--help"]);
    expect(run.code).toBe(0);
    expect(run.output).toContain("usage: pulumi-cim doctor");
    expect(run.output).toContain("Exit code: 0 nothing blocks a deployment");
    const top = await exec(process.execPath, [bin, "--help"]);
    expect(top.stdout).toMatch(/doctor\s+check the endpoint, token, regions and quota/);
  });

  it("a wrong option shows doctor's usage alone; a --cwd that is no folder fails, naming it", async () => {
    const wrong = await doctor({}, ["--bogus"]);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("usage: pulumi-cim doctor");
    expect(wrong.output).not.toContain("usage: pulumi-cim import");
    const nowhere = await doctor({}, ["--cwd", "/nonexistent-cim-doctor"]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.output).toContain("--cwd /nonexistent-cim-doctor: no such folder");
  });
});
