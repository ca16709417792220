// Security checks (issue 6):
// - the token given as CIM_TOKEN never appears anywhere: not in `pulumi stack export` (even with secrets
//   shown), not in CLI output with the most verbose logging the Automation API offers (logVerbosity 9,
//   logToStdErr, debug, logFlow), not in thrown errors; nor in bench output;
// - the token given as the secret stack config cim:token: only ciphertext in the config file and in
//   `pulumi stack export`, never in the default CLI output of up, preview, refresh and destroy or in an error
//   message (what the engine itself does with stack config beyond that: see configScenario);
// - user data is secret in state (ciphertext in the export, never the plain value; outputs keep only its
//   digest) and appears in no CLI output, even the most verbose, but the engine's own logs of the inputs it
//   marshals (ENGINE_INPUT_LOG);
// - no resource route ever receives X-Tenant-Context (the emulator's request log over a full quickstart
//   up, refresh and destroy);
// - every emulator route answers 401 without a token, with an expired token, with a token for another
//   audience and with a token in the query string: generated over the emulator's route table.

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import type { RouteDef } from "../../emulator/http";
import { apiRoutes, routeTable } from "../../emulator/routes";
import type { Runtime } from "../../emulator/server";
import { exampleProgram } from "../e2e/support";
import { type Op, type OpResult, repoRoot, StackSession } from "../harness";

const execFileAsync = promisify(execFile);

import { catalogueIds, JWT_SHAPE, POLL_MS, Tally, TestEmulator } from "../reliability/support";

const program = path.join(__dirname, "programs", "secretProgram.cjs");
const tally = new Tally("security suite");
afterAll(() => tally.print());

/** The most verbose CLI run the Automation API can ask for. */
const VERBOSE = { logVerbosity: 9, logToStdErr: true, debug: true, logFlow: true };

const MARKER = "sec-marker-6f1d2c";
const CLOUD_INIT = `#cloud-config\n# ${MARKER}\nruncmd:\n  - echo hello\n`;
const USER_DATA = Buffer.from(CLOUD_INIT).toString("base64");

/** Every place a token could leak into, from one CLI operation. */
const everything = (r: OpResult) => `${r.error ?? ""}\n${r.output}\n${r.stderr}`;

/**
 * Where a secret leaked. For the token: neither the token, nor its signature alone, nor any JWT-shaped text
 * may appear. Collected, not thrown, so one run reports every place each secret leaked into.
 */
class Leaks {
  /** Leaks by secret name. */
  readonly by: Record<string, string[]> = {};
  constructor(private readonly secrets: Record<string, string>) {
    for (const name of Object.keys(secrets)) this.by[name] = [];
  }
  get found(): string[] {
    return Object.values(this.by).flat();
  }
  check(text: string, where: string, names: string[] = Object.keys(this.secrets)): void {
    for (const name of names) {
      const value = this.secrets[name];
      const found = this.by[name];
      if (text.includes(value)) {
        found.push(`${where}: ${name}${context(text, value)}`);
        continue;
      }
      if (name !== "token") continue;
      const signature = value.split(".")[2];
      if (text.includes(signature)) found.push(`${where}: the token's signature${context(text, signature)}`);
      else if (JWT_SHAPE.test(text))
        found.push(`${where}: a JWT-shaped string${context(text, JWT_SHAPE.exec(text)![0])}`);
    }
  }
}

/** The text just before a leak (on its line), with the secret masked, so the report shows where it came from. */
function context(text: string, secret: string): string {
  const at = text.indexOf(secret);
  const start = Math.max(text.lastIndexOf("\n", at) + 1, at - 240);
  const end = text.indexOf("\n", at);
  const line = text.slice(start, Math.min(end < 0 ? text.length : end, at + secret.length + 60));
  return `, in: …${line.replaceAll(secret, "<SECRET>")}…`;
}

/**
 * The engine's own verbosity-9 logs of the inputs it marshals for an RPC, one property a line: the one place
 * user data may show in CLI output. The provider needs userData as an input, and the engine logs every input
 * it receives from the program and sends to the provider, whatever the provider does:
 * - `Unmarshaling … RPC[ResourceMonitor.RegisterResource(type,name)]`: the program's inputs as the engine
 *   receives them (the answer, the outputs, is logged as `Marshaling` with the same label: not allowed);
 * - `Marshaling … RPC[Provider[…].Check(urn).olds|news]` and `Unmarshaling … Check(urn).inputs`: old and new
 *   inputs, and the checked inputs;
 * - `Marshaling … Diff(urn,id).oldInputs|newInputs`, `Update(id,urn).oldInputs|newInputs`,
 *   `Create(urn).inputs`;
 * - `Marshaling … Read(id,urn)` and `Delete(urn,id)`: requests whose inputs and old outputs share one label
 *   (the outputs no longer carry userData: Create/Read/Update `.outputs` lines are checked).
 * Never allowed: the `.outputs`/`.oldOutputs` of any call, the program's debug log of RegisterResource
 * answers, and any other line. (With Pulumi 3.259, what actually shows is the RegisterResource request and the
 * Check answer: the dynamic provider takes no secrets, so Check returns userData unmarked; the engine prints
 * the inputs it sends, marked secret again, as pointers.)
 */
const ENGINE_INPUT_LOG = (() => {
  const provider = String.raw`Provider\[[^\]]*\]`;
  const args = String.raw`\([^)]*\)`;
  const sends = (label: string) => String.raw`(?<![A-Za-z])Marshaling property for RPC\[${label}\]: `;
  const receives = (label: string) => String.raw`Unmarshaling property for RPC\[${label}\]: `;
  return new RegExp(
    [
      receives(String.raw`ResourceMonitor\.RegisterResource${args}`),
      sends(String.raw`${provider}\.Check${args}\.(?:olds|news)`),
      receives(String.raw`${provider}\.Check${args}\.inputs`),
      sends(String.raw`${provider}\.(?:Diff|Update)${args}\.(?:oldInputs|newInputs)`),
      sends(String.raw`${provider}\.Create${args}\.inputs`),
      sends(String.raw`${provider}\.(?:Read|Delete)${args}`),
    ]
      .map((p) => `(?:${p})`)
      .join("|"),
  );
})();

/**
 * Where the user data (base64, or the decoded text) shows in CLI output, line by line: in the engine's logs of
 * the inputs it marshals (counted) or anywhere else (a leak).
 */
class UserDataSightings {
  readonly leaked: string[] = [];
  /** Engine input-log lines with the user data, by operation. */
  readonly inputLogs: Record<string, number> = {};
  check(text: string, where: string): void {
    for (const line of text.split("\n")) {
      const seen = [USER_DATA, MARKER].find((s) => line.includes(s));
      if (seen === undefined) continue;
      if (seen === USER_DATA && !line.includes(MARKER) && ENGINE_INPUT_LOG.test(line)) {
        this.inputLogs[where] = (this.inputLogs[where] ?? 0) + 1;
        continue;
      }
      this.leaked.push(
        `${where}: ${seen === USER_DATA ? "user data" : "user data (decoded)"}${context(line, seen)}`,
      );
    }
  }
}

/** A secret value in a stack export: {"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext}. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const isSecret = (v: unknown) =>
  typeof v === "object" &&
  v !== null &&
  (v as Record<string, unknown>)[SECRET_SIG] === "1b47061264138c4ac30d75fd1eb44270" &&
  typeof (v as Record<string, unknown>).ciphertext === "string";
/** A secret shown by `pulumi stack export --show-secrets`: {sig, plaintext: JSON text of the value}. */
const shownSecret = (v: unknown) =>
  typeof v === "object" && v !== null && typeof (v as Record<string, unknown>).plaintext === "string"
    ? JSON.parse((v as Record<string, string>).plaintext)
    : undefined;

/** Runs a scenario once, for the several tests that read its findings. */
function once<T>(run: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= run();
    return p;
  };
}

const instanceOf = (exported: OpResult) =>
  exported.deployment!.deployment.resources.find((r: any) => r.type.endsWith("cim:Instance"));

/**
 * The token in CIM_TOKEN (the environment): verbose up, preview, refresh and destroy, both exports, a failing
 * lookup in the program and a run whose token the API refuses.
 */
const envScenario = once(async () => {
  const emu = await TestEmulator.start({ jobLatencyMs: 100 });
  const token = await emu.token();
  const ids = await catalogueIds(emu, token);
  const leaks = new Leaks({ token });
  const userData = new UserDataSightings();
  const inExport: string[] = [];
  const s = await StackSession.open({
    name: "sec-env",
    program,
    projectName: "cim-sec",
    envVars: {
      CIM_BASE_URL: emu.url,
      CIM_TOKEN: token,
      CIM_POLL_INTERVAL_MS: POLL_MS,
      SEC_IDS: JSON.stringify(ids),
      SEC_USERDATA: USER_DATA,
    },
  });
  const look = (r: OpResult, where: string) => {
    leaks.check(everything(r), where);
    userData.check(everything(r), where);
    return r;
  };
  try {
    const up = await s.must("up", { options: VERBOSE });
    // The logging really was verbose, so the checks have something to look at.
    expect(up.stderr.length, "verbose logs on stderr").toBeGreaterThan(50_000);
    look(up, "verbose up");
    look(await s.must("preview", { options: VERBOSE }), "verbose preview");
    look(await s.must("refresh", { options: VERBOSE }), "verbose refresh");
    // A second refresh reads the state the first one wrote (the provider's Read outputs).
    look(await s.must("refresh", { options: VERBOSE }), "verbose refresh (again)");

    // The Automation API's export shows secrets: the token must not be there even so. User data is a
    // secret, shown there by design; what `pulumi stack export` prints must hold it only as ciphertext.
    const shown = await s.must("export");
    leaks.check(JSON.stringify(shown.deployment), "stack export --show-secrets");
    const exported = await s.must("export-raw");
    leaks.check(JSON.stringify(exported.deployment), "stack export");
    for (const secret of [USER_DATA, MARKER]) {
      const text = JSON.stringify(exported.deployment);
      if (text.includes(secret)) inExport.push(`stack export${context(text, secret)}`);
    }
    const vm = instanceOf(exported);
    const deployed = Object.values((await emu.control.state()).instances) as any[];

    // Thrown errors with the token in play: a lookup that fails in the program, and an API that refuses
    // the token (signed by another key: only the server can tell).
    const lookup = look(
      await s.run("up", { env: { SEC_LOOKUP: "no-such-zone" }, options: VERBOSE }),
      "a failed lookup's error",
    );
    expect(lookup.ok, "the failing lookup fails the run").toBe(false);
    expect(everything(lookup)).toMatch(/no-such-zone/);
    const stranger = await startEmulator({ port: 0 });
    const forged = await stranger.token();
    await stranger.close();
    const refused = await s.run("refresh", { env: { SEC_LOOKUP: null, CIM_TOKEN: forged } });
    expect(refused.ok, "a refresh with a token the API refuses fails").toBe(false);
    expect(everything(refused)).toMatch(/401|authenticat|token/i);
    leaks.check(everything(refused).replaceAll(forged, "<forged>"), "a refused run's error");
    userData.check(everything(refused), "a refused run's error");
    if (everything(refused).includes(forged))
      leaks.found.push("a refused run's error: token (the refused one)");

    look(await s.must("destroy", { env: { CIM_TOKEN: token }, options: VERBOSE }), "verbose destroy");
    return {
      token: leaks.by.token,
      userData: {
        deployed: deployed.length,
        input: vm.inputs.userData,
        outputs: vm.outputs,
        shownHash: shownSecret(instanceOf(shown).outputs.userDataHash),
        leaked: userData.leaked,
        inputLogs: userData.inputLogs,
        inExport,
      },
    };
  } finally {
    await s.run("destroy", { env: { CIM_TOKEN: token, SEC_LOOKUP: null } });
    await s.run("rm");
    await s.close();
    await emu.close();
  }
});

/**
 * The token as the secret stack config cim:token. What we guarantee: the config file and `pulumi stack export`
 * hold it only as ciphertext, and the default (not verbose) CLI output of up, preview, refresh and destroy and
 * every error message never contain it.
 *
 * Not asserted, because it is the engine's own behaviour with any stack config (docs/installation-configuration.md, "Secrets and the
 * token": prefer CIM_TOKEN): the engine gives the stack's whole configuration to the default
 * `pulumi:providers:pulumi-nodejs` provider as its inputs (that is how dynamic providers receive
 * configuration). So `pulumi stack export --show-secrets` (and the Automation API's exportStack) shows the
 * token in plain text in that provider's inputs and outputs, and at verbosity 9 the engine logs it in plain
 * text (`Marshaling property for RPC[Provider[…].Configure().inputs]: value=…`). The CIM_TOKEN scenario
 * above is held to nowhere at all.
 */
const configScenario = once(async () => {
  const emu = await TestEmulator.start({ jobLatencyMs: 100 });
  const token = await emu.token();
  const ids = await catalogueIds(emu, token);
  const cli = new Leaks({ token });
  const state = new Leaks({ token });
  const s = await StackSession.open({
    name: "sec-config",
    program,
    projectName: "cim-sec",
    envVars: { CIM_POLL_INTERVAL_MS: POLL_MS, SEC_IDS: JSON.stringify(ids), SEC_USERDATA: USER_DATA },
  });
  const tokenConfig = (value: string) => ({ "cim:token": { value, secret: true } });
  try {
    const up = await s.must("up", {
      env: { CIM_TOKEN: null, CIM_BASE_URL: null },
      config: { "cim:baseUrl": emu.url, ...tokenConfig(token) },
    });
    expect(up.summary).toEqual({ create: 2 });
    cli.check(everything(up), "up");
    cli.check(everything(await s.must("preview")), "preview");
    cli.check(everything(await s.must("refresh")), "refresh");

    const configFile = fs
      .readdirSync(s.workDir)
      .filter((f) => /^Pulumi\..+\.yaml$/.test(f))
      .map((f) => fs.readFileSync(path.join(s.workDir, f), "utf8"))
      .join("\n");
    expect(configFile, "the stack config file holds cim:token, encrypted").toMatch(
      /cim:token:\s+secure: \S+/,
    );
    state.check(configFile, "the stack config file");
    const exported = (await s.must("export-raw")).deployment!;
    state.check(JSON.stringify(exported), "stack export");
    // Where the engine keeps the stack's config (see above): as ciphertext in the raw export.
    const defaultProvider = exported.deployment.resources.find(
      (r: any) => r.type === "pulumi:providers:pulumi-nodejs",
    );
    for (const [where, props] of Object.entries({
      inputs: defaultProvider?.inputs,
      outputs: defaultProvider?.outputs,
    })) {
      const kept = props?.["cim:token"];
      if (kept !== undefined)
        expect(isSecret(kept), `cim:token in the default provider's ${where} is ciphertext`).toBe(true);
    }

    // Error messages with the token in play: a lookup that fails in the program, and an API that refuses
    // the token (signed by another key: only the server can tell) to the program's lookup, which reads the
    // token from the config (a refresh would not: it uses the provider configuration kept in state).
    const lookup = await s.run("up", { env: { SEC_LOOKUP: "no-such-zone" } });
    expect(lookup.ok, "the failing lookup fails the run").toBe(false);
    expect(everything(lookup)).toMatch(/no-such-zone/);
    cli.check(everything(lookup), "a failed lookup's error");
    const stranger = await startEmulator({ port: 0 });
    const forged = await stranger.token();
    await stranger.close();
    const zone = ids.zones.find((z: any) => z.id === ids.zoneId).name as string;
    const refused = await s.run("up", { env: { SEC_LOOKUP: zone }, config: tokenConfig(forged) });
    expect(refused.ok, "a run whose lookup the API refuses fails").toBe(false);
    expect(everything(refused)).toMatch(/401|authenticat|token/i);
    cli.check(everything(refused).replaceAll(forged, "<forged>"), "a refused run's error");
    if (everything(refused).includes(forged))
      cli.found.push("a refused run's error: token (the refused one)");

    cli.check(
      everything(await s.must("destroy", { env: { SEC_LOOKUP: null }, config: tokenConfig(token) })),
      "destroy",
    );
    return { cli: cli.found, state: state.found };
  } finally {
    await s.run("destroy", { env: { SEC_LOOKUP: null }, config: tokenConfig(token) });
    await s.run("rm");
    await s.close();
    await emu.close();
  }
});

describe.concurrent("security suite", () => {
  it("token in CIM_TOKEN: never in verbose CLI output, stack export (even with secrets shown) or errors", async () => {
    await tally.case("token in CIM_TOKEN never leaks", async () => {
      expect((await envScenario()).token, "places the token leaked into").toEqual([]);
    });
  }, 600_000);

  it("user data is secret in state: ciphertext in `pulumi stack export`, outputs keep only its digest", async () => {
    await tally.case("user data secret in state", async () => {
      const { userData } = await envScenario();
      expect(userData.deployed, "the instance was deployed with user data").toBe(1);
      expect(isSecret(userData.input), "userData input is a secret (ciphertext) in state").toBe(true);
      expect(userData.outputs, "outputs do not carry the user data").not.toHaveProperty("userData");
      expect(isSecret(userData.outputs.userDataHash), "userDataHash output is a secret in state").toBe(true);
      expect(userData.shownHash, "userDataHash is the sha256 of the payload").toBe(
        createHash("sha256").update(USER_DATA).digest("hex"),
      );
      expect(userData.inExport, "user data in plain text in the stack export").toEqual([]);
    });
  }, 600_000);

  it("user data is in no CLI output, even verbose, but the engine's own logs of the inputs it marshals", async () => {
    await tally.case("user data not in verbose CLI output", async () => {
      const { userData } = await envScenario();
      expect(userData.leaked, "places the user data leaked into").toEqual([]);
    });
  }, 600_000);

  it("token as secret config cim:token: only ciphertext in the config file and `pulumi stack export`", async () => {
    await tally.case("token in cim:token config only ciphertext in state", async () => {
      expect((await configScenario()).state, "places the token leaked into").toEqual([]);
    });
  }, 600_000);

  it("token as secret config cim:token: never in the default CLI output or error messages", async () => {
    await tally.case("token in cim:token config not in CLI output or errors", async () => {
      expect((await configScenario()).cli, "places the token leaked into").toEqual([]);
    });
  }, 600_000);

  it("no resource route receives X-Tenant-Context during a quickstart up, refresh and destroy", async () => {
    await tally.case("no X-Tenant-Context on resource routes", async () => {
      const emu = await TestEmulator.start({ jobLatencyMs: 100 });
      const token = await emu.token();
      const tenantRoutes = new Set(apiRoutes.filter((r) => r.scope === "tenant").map((r) => r.path));
      const s = await StackSession.open({
        name: "sec-tenant",
        program: (home) => exampleProgram(home, "quickstart"),
        projectName: "cim-sec",
        envVars: { CIM_BASE_URL: emu.url, CIM_TOKEN: token, CIM_POLL_INTERVAL_MS: POLL_MS },
      });
      const seen: any[] = [];
      const collect = async (op: Op) => {
        await emu.control.resetRequests();
        const r = await s.must(op);
        const log = await emu.control.requestLog(1000);
        expect(log.length, `${op}: the request log kept every request`).toBeLessThan(1000);
        seen.push(...log.map((e) => ({ ...e, op })));
        return r;
      };
      try {
        const up = await collect("up");
        expect(up.summary).toEqual({ create: 7 });
        await collect("refresh");
        await collect("destroy");
        const onResourceRoutes = seen.filter((e) => !tenantRoutes.has(e.route));
        expect(onResourceRoutes.length, "the runs reached the API").toBeGreaterThan(50);
        const mutations = onResourceRoutes.filter((e) => e.method !== "GET").map((e) => e.route);
        expect(new Set(mutations).size, "creates, updates and deletes were all seen").toBeGreaterThan(5);
        const offenders = onResourceRoutes
          .filter((e) => e.tenantContext || e.headers.includes("x-tenant-context"))
          .map((e) => `${e.op}: ${e.method} ${e.path}`);
        expect(offenders, "requests to resource routes carrying X-Tenant-Context").toEqual([]);
        expect(seen.some((e) => e.status === 400)).toBe(false);
      } finally {
        await s.run("destroy");
        await s.run("rm");
        await s.close();
        await emu.close();
      }
    });
  }, 600_000);
});

describe("every emulator route answers 401 to bad credentials", () => {
  // The route table as the server registers it (API and /_emulator control routes). The runtime is only
  // captured by the handlers, which these requests never reach.
  const routes: RouteDef[] = routeTable({} as Runtime);

  it("the route table is the real one", () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.some((r) => r.scope === "admin")).toBe(true);
  });

  it("without a token, with an expired token, for another audience, with a token in the query string", async () => {
    await tally.case("401 on every route", async () => {
      const emu = await startEmulator({ port: 0 });
      try {
        const user = await emu.token();
        const admin = await emu.adminToken();
        const tokensFor = async (r: RouteDef) => {
          const isAdmin = r.scope === "admin";
          return {
            valid: isAdmin ? admin : user,
            expired: await emu.token({ ttlSeconds: -60, admin: isAdmin }),
            otherAudience: await emu.token({ aud: "another-app", admin: isAdmin }),
          };
        };
        const id = "0b7e2a41-5f0c-4d8e-9a43-7c1d2e3f4a5b";
        const wrong: string[] = [];
        let requests = 0;
        for (const r of routes) {
          const url = `${emu.url}${r.path.replace(/\{\w+\}/g, id)}`;
          const t = await tokensFor(r);
          const variants: [string, string, Record<string, string>][] = [
            ["no token", url, {}],
            ["expired token", url, { authorization: `Bearer ${t.expired}` }],
            ["token for another audience", url, { authorization: `Bearer ${t.otherAudience}` }],
            [
              "token in the query string",
              `${url}?access_token=${t.valid}`,
              { authorization: `Bearer ${t.valid}` },
            ],
            ["token in the query string, no header", `${url}?token=${t.valid}`, {}],
          ];
          for (const [label, target, headers] of variants) {
            const body = r.method === "GET" ? undefined : "{}";
            const res = await fetch(target, {
              method: r.method,
              headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
              body,
            });
            const text = await res.text();
            requests++;
            if (res.status !== 401)
              wrong.push(`${r.method} ${r.path} (${label}): ${res.status} ${text.slice(0, 120)}`);
            for (const tok of [t.valid, t.expired, t.otherAudience]) {
              if (text.includes(tok))
                wrong.push(`${r.method} ${r.path} (${label}): the answer echoes a token`);
            }
          }
        }
        expect(requests).toBe(routes.length * 5);
        expect(wrong, "routes that did not answer 401").toEqual([]);
      } finally {
        await emu.close();
      }
    });
  }, 120_000);
});

describe("bench output", () => {
  // A short real bench run (the no-op scenario mints tokens, deploys and previews, on the dynamic provider and on
  // the plugin): neither what it prints nor the JSON it writes may hold a JWT-shaped string or an Authorization
  // header.
  it("npm run bench output and its JSON hold no token", async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cim-bench-sec-")), "latest.json");
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [path.join(repoRoot, "bench", "run.mjs"), "--smoke", "noop", "--out", out],
      { cwd: repoRoot, env: process.env, maxBuffer: 64 * 1024 * 1024 },
    );
    const text = `${stdout}\n${stderr}\n${fs.readFileSync(out, "utf8")}`;
    expect(stdout, "the bench printed its table").toMatch(/noop/);
    expect(stdout, "the plugin's rows are in it").toMatch(
      /\| noop \| up, plugin, N=2 unchanged: mutating calls \| 0 \|/,
    );
    expect(JWT_SHAPE.exec(text)?.[0], "a JWT-shaped string in bench output").toBeUndefined();
    expect(text).not.toMatch(/authorization|bearer /i);
    // A guard, not a figure: about a minute alone, over four minutes beside the fault suite on 2 loaded cores.
  }, 600_000);
});
