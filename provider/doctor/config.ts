// Where doctor's settings come from: exactly what the provider would see. In a Pulumi project folder the
// selected (or given) stack's config is read with `pulumi config --json --show-secrets` and handed to the
// provider's own resolution (provider/config.ts), which falls back to CIM_* variables key by key; elsewhere the
// CIM_* variables alone. Secrets stay in this process's memory; nothing here prints a value.

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  notASetting,
  type ProviderConfig,
  resolveProviderConfig,
  SETTINGS,
  type SettingName,
} from "../config";

export interface LoadedConfig {
  config: ProviderConfig;
  /** Where each setting came from ("stack dev", "CIM_TOKEN", …) for the table; never a value. */
  sources: Partial<Record<SettingName, string>>;
  /** The stack whose config was read, when one was. */
  stack?: string;
  /** Why the stack config could not be read (then the environment alone counts). */
  stackError?: string;
  /**
   * The stack's `cim:*` keys that are no setting (`cim:baseURL`), one sentence each: a program refuses them at
   * preview, on both paths, where the setting meant would otherwise fall back to its CIM_* variable.
   */
  notSettings: string[];
}

export interface ConfigOptions {
  /** The project folder; default: the current folder. */
  cwd: string;
  /** --stack; default: the selected stack. */
  stack?: string;
  /** --env-only: ignore any stack config. */
  envOnly?: boolean;
}

export function isProjectFolder(dir: string): boolean {
  return ["Pulumi.yaml", "Pulumi.yml"].some((f) => fs.existsSync(path.join(dir, f)));
}

/** The Pulumi CLI the project's tooling uses: $CIM_PULUMI_ROOT/bin/pulumi, else `pulumi` on PATH. */
export function pulumiCli(env: NodeJS.ProcessEnv): string {
  const root = env.CIM_PULUMI_ROOT;
  const local = root ? path.join(root, "bin", "pulumi") : undefined;
  return local && fs.existsSync(local) ? local : "pulumi";
}

export interface PulumiCliRun {
  cwd?: string;
  maxBuffer: number;
  timeout?: number;
  /** The error's message from the last lines of the CLI's standard error (trimmed, blank ones left out). */
  failed: (why: string) => string;
  /** How many of those last lines. */
  lines: number;
}

/** Runs the Pulumi CLI non-interactively and gives its standard output; rejects with what its stderr ended with. */
export function runPulumiCli(args: string[], run: PulumiCliRun): Promise<string> {
  const env = process.env;
  return new Promise<string>((resolve, reject) =>
    execFile(
      pulumiCli(env),
      [...args, "--non-interactive"],
      { cwd: run.cwd, env, maxBuffer: run.maxBuffer, timeout: run.timeout },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const why = String(stderr || err.message)
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean)
          .slice(-run.lines)
          .join(" ");
        reject(new Error(run.failed(why)));
      },
    ),
  );
}

interface StackConfig {
  stack: string;
  values: Record<string, string>;
}

/** `pulumi config --json --show-secrets` of the stack: plain `key → value` (secrets decrypted, in memory). */
function readStackConfig(opts: ConfigOptions): Promise<StackConfig> {
  const stackArgs = opts.stack ? ["--stack", opts.stack] : [];
  // stderr of `pulumi config` names the stack or the passphrase problem, never a config value.
  const run = (args: string[]) =>
    runPulumiCli([...args, ...stackArgs], {
      cwd: opts.cwd,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
      lines: 2,
      failed: (why) => why || "pulumi config failed",
    });
  return (async () => {
    const stack = opts.stack ?? (await run(["stack", "--show-name"])).trim();
    const raw = JSON.parse(await run(["config", "--json", "--show-secrets"])) as Record<
      string,
      { value?: unknown }
    >;
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v?.value === "string") values[k] = v.value;
    return { stack, values };
  })();
}

/**
 * The provider's settings as `pulumi up` would see them in `opts.cwd`. The provider's loader decides the
 * precedence (stack config, then CIM_*); this only supplies the stack config and records the sources.
 */
export async function loadConfig(opts: ConfigOptions): Promise<LoadedConfig> {
  let stack: StackConfig | undefined;
  let stackError: string | undefined;
  if (!opts.envOnly && (opts.stack || isProjectFolder(opts.cwd))) {
    try {
      stack = await readStackConfig(opts);
    } catch (err) {
      stackError = (err as Error).message;
    }
  }
  const values = stack?.values ?? {};
  const config = resolveProviderConfig((key) => values[key]);
  const sources: LoadedConfig["sources"] = {};
  for (const { name, env } of SETTINGS) {
    const from = config.sources[name];
    if (from) sources[name] = from === "stack" ? `stack ${stack?.stack} (cim:${name})` : env;
  }
  // the keys the program's check refuses (sdk/resource.ts, provider/native/config.ts), by the same rule
  const notSettings = Object.keys(values).flatMap((key) => {
    const name = /^cim:(?:config:)?(\w+)$/.exec(key)?.[1];
    return (name !== undefined && notASetting(name)) || [];
  });
  return { config, sources, stack: stack?.stack, stackError, notSettings };
}
