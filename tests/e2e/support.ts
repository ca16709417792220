// Support for the resource e2e tests: an emulator in this process, its control routes, a direct API client
// for out-of-band changes, and program adapters that run the example programs (examples/*/index.ts) through
// the harness, from the source tree or copied next to an installed package.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Emulator, EmulatorControl, type StartOptions, startEmulator } from "../../emulator";
import { CimClient } from "../../provider/client";
import { type ProgramHome, pluginHome, repoRoot, sourceHome, stackRun } from "../harness";

export interface TestApi {
  emu: Emulator;
  token: string;
  /** The env of every run: runPulumi gives it to the program's process and to the CLI (and so the providers). */
  envVars: Record<string, string>;
  client: CimClient;
  control: EmulatorControl;
  close(): Promise<void>;
}

/** An emulator with instant jobs (and `options`, e.g. a time zone), a user token and the env a program run needs. */
export async function startApi(options: StartOptions = {}): Promise<TestApi> {
  const emu = await startEmulator({ port: 0, jobLatencyMs: 0, ...options });
  const token = await emu.token();
  const envVars = { CIM_BASE_URL: emu.url, CIM_TOKEN: token, CIM_POLL_INTERVAL_MS: "25" };
  return {
    emu,
    token,
    envVars,
    client: new CimClient({ baseUrl: emu.url, token }),
    control: await EmulatorControl.of(emu),
    close: () => emu.close(),
  };
}

/**
 * An emulator for one test file (with `options`, e.g. raised allowances): started before its tests, closed after
 * them. Call the result in tests.
 */
export function useApi(options: StartOptions = {}): () => TestApi {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await startApi(options);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });
  return () => {
    if (!api) throw new Error("the emulator of this file has not started");
    return api;
  };
}

/** The records of the test user (user-1) in an emulator state collection. */
export const mine = (records: Record<string, any>) =>
  Object.values(records).filter((r) => r.account === "user-1");

/** Request counts of calls that change something (anything but GET). */
export function mutating(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([k]) => !k.startsWith("GET ")));
}

/**
 * A CommonJS program for the harness that runs an example program (TypeScript with erasable syntax only,
 * loaded by Node's type stripping). Each run imports it afresh, so every step registers its resources. In an
 * installed home the example is copied into the program folder, so `import "pulumi-cim"` resolves to the
 * installed package, as in a user's project.
 */
export function exampleProgram(
  home: ProgramHome,
  example: "quickstart" | "multi-region" | "platform" | "web-stack" | "team-services",
  /** Its `import … from "pulumi-cim"` loads `pulumi-cim/native` (the home's Pulumi.yaml must name the plugin). */
  opts: { native?: boolean } = {},
): string {
  const source = path.join(repoRoot, "examples", example, "index.ts");
  let file = source;
  if (home.label === "installed") {
    const dir = path.join(home.workDir, example);
    fs.mkdirSync(dir, { recursive: true });
    file = path.join(dir, "index.ts");
    fs.copyFileSync(source, file);
  }
  const adapter = path.join(home.workDir, `${example}-program${opts.native ? "-native" : ""}.cjs`);
  const native = opts.native
    ? `require(${JSON.stringify(path.join(repoRoot, "scripts", "nativeImports.cjs"))}).answerWithNativeEntry(${JSON.stringify(path.dirname(file))});\n`
    : "";
  fs.writeFileSync(
    adapter,
    `"use strict";
${native}const { pathToFileURL } = require("node:url");
let run = 0;
module.exports = async () => ({ ...(await import(pathToFileURL(${JSON.stringify(file)}).href + "?run=" + run++)) });
`,
  );
  return adapter;
}

/** Resources of a stack export by type suffix (e.g. "cim:Instance"). */
export function resourcesOf(deployment: any, type: string): any[] {
  return (deployment?.deployment?.resources ?? []).filter((r: any) => r.type.endsWith(type));
}

/** A stack name of its own per run: the file backend is shared, and a failed run may leave its stack. */
export function uniqueStack(base: string): string {
  return `${base}-${process.pid}-${Date.now().toString(36)}`;
}

/** `pulumi stack export` as a user runs it (secrets stay encrypted), from the program folder. */
export async function cliExport(home: ProgramHome, stackName: string): Promise<string> {
  const { execFile } = await import("node:child_process");
  const cli = path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi");
  return new Promise((resolve, reject) =>
    execFile(
      cli,
      ["stack", "export", "--stack", stackName],
      { cwd: home.workDir, env: process.env },
      (err, out, errOut) =>
        err ? reject(new Error(`pulumi stack export: ${err.message}\n${errOut}`)) : resolve(out),
    ),
  );
}

/**
 * A stack of programs/single.cjs (one instance, every knob from stack config: template, offering, backup offering,
 * schedule, …) from the source tree, named after `label`; `native`: on pulumi-cim/native and the plugin.
 */
export function singleInstanceRun(api: TestApi, label: string, { native = false } = {}) {
  return stackRun({
    home: native ? pluginHome(label, "cim-e2e") : sourceHome(label),
    stackName: uniqueStack(label),
    program: path.join(__dirname, "programs", "single.cjs"),
    envVars: api.envVars,
  });
}
