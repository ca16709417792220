// npm run demo: deploy examples/quickstart to the local emulator (or to $CIM_BASE_URL) with the real Pulumi
// CLI, through the Automation API with an inline program (see docs/architecture.md, "How programs run here"), then print
// the outputs and what changed. The emulator keeps its data in .state/demo/emulator and the stack lives in
// the file backend, so a second run finds everything in place and changes nothing.
//
// `npm run demo -- web-stack` deploys examples/web-stack instead (any examples/<name>/index.ts): stack "demo"
// of project pulumi-cim-<name>, whose folder is .state/demo/<name> (the root Pulumi.yaml is the quickstart's).
//
// `npm run demo -- --native` (with or without an example) deploys the same program on the pulumi-resource-cim
// plugin: its `import * as cim from "pulumi-cim"` is answered with `pulumi-cim/native`, and the project's
// `plugins.providers` names the repository's bin/. Project pulumi-cim-<name>-native in .state/demo/<name>-native,
// against an emulator of its own (.state/demo/emulator-native): the two paths' stacks never share resources.
//
// `npm run demo -- quickstart-yaml` deploys a Pulumi YAML example (a folder of examples/ with a Pulumi.yaml of
// runtime yaml): its own folder is the project (the CLI runs the YAML language host on it; its plugins.providers
// names the repository's bin/), stack "demo", against .state/demo/emulator-yaml. Its secret config (`appSecret`)
// is set to a random value the first time.
//
// Run through `npm run demo` (bootstrap and build first). Environment: CIM_BASE_URL and CIM_TOKEN to use
// another API instead of the emulator; CIM_REGION optional.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));
const exec = promisify(execFile);
const cli = path.join(root, "emulator", "dist", "cli.js");
const pluginDir = path.join(root, "bin");
const log = (line) => process.stdout.write(`${line}\n`);

// examples/quickstart/index.ts is TypeScript with ES module syntax in a package without "type"; Node detects
// that and says so once. The note is not for demo users: keep every other warning.
process.removeAllListeners("warning");
process.on("warning", (w) => {
  if (w.code !== "MODULE_TYPELESS_PACKAGE_JSON") process.stderr.write(`${w.name}: ${w.message}\n`);
});

/** Starts `cim-emulator start --port 0` and resolves with its URL once it prints the listening line. */
function startEmulator(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [cli, "start", "--port", "0", "--data-dir", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error("the emulator did not start within 30 s")), 30_000);
    child.on("exit", (code) => reject(new Error(`the emulator exited (code ${code}) before it was ready`)));
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    });
  });
}

function stopEmulator(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/** Whether examples/<name> is a Pulumi YAML program (its own Pulumi.yaml, runtime yaml) rather than an index.ts. */
const isYaml = (name) => {
  const file = path.join(root, "examples", name, "Pulumi.yaml");
  return existsSync(file) && /^runtime:\s*yaml\s*$/m.test(readFileSync(file, "utf8"));
};

/** The example to deploy (a folder of examples/ with an index.ts, else the quickstart) and whether on the plugin. */
function parseArgs(argv) {
  const unknown = argv.filter((a) => a.startsWith("-") && a !== "--native");
  if (unknown.length)
    throw new Error(`unknown option ${unknown[0]}: the demo takes an example name and --native`);
  const names = argv.filter((a) => !a.startsWith("-"));
  const name = names[0] ?? "quickstart";
  const known = readdirSync(path.join(root, "examples")).filter(
    (d) => existsSync(path.join(root, "examples", d, "index.ts")) || isYaml(d),
  );
  if (!known.includes(name)) throw new Error(`no example "${name}": one of ${known.join(", ")}`);
  return { example: name, native: argv.includes("--native"), yaml: isYaml(name) };
}

/**
 * Where an example's stack lives: the root (its Pulumi.yaml) for the quickstart, .state/demo/<name> otherwise;
 * on the plugin always .state/demo/<name>-native, whose Pulumi.yaml the demo writes (the root one stays as it is).
 */
const workDirOf = (example, native) =>
  native
    ? path.join(root, ".state", "demo", `${example}-native`)
    : example === "quickstart"
      ? root
      : path.join(root, ".state", "demo", example);

/** The plugin the CLI runs on --native: bin/pulumi-resource-cim, which runs the build's plugin entry. */
function checkPlugin() {
  const missing = [
    path.join(pluginDir, "pulumi-resource-cim"),
    path.join(root, "dist", "provider", "native", "main.js"),
  ]
    .filter((f) => !existsSync(f))
    .map((f) => path.relative(root, f));
  if (missing.length)
    throw new Error(
      `--native runs the pulumi-resource-cim plugin, and this checkout lacks ${missing.join(" and ")}`,
    );
}

async function main() {
  const { example, native, yaml } = parseArgs(process.argv.slice(2));
  if (yaml) {
    // A YAML program always runs on the plugin: its types are cim:index:<Kind>.
    checkPlugin();
  } else if (native) {
    checkPlugin();
    require("./scripts/nativeImports.cjs").answerWithNativeEntry(path.join(root, "examples"));
  }
  const dataDir = path.join(
    root,
    ".state",
    "demo",
    yaml ? "emulator-yaml" : native ? "emulator-native" : "emulator",
  );
  let emulator;
  const env = {};
  if (process.env.CIM_BASE_URL) {
    if (!process.env.CIM_TOKEN) {
      throw new Error(
        "CIM_BASE_URL is set, so the demo uses that API: set CIM_TOKEN to your access token too.",
      );
    }
    env.CIM_BASE_URL = process.env.CIM_BASE_URL;
    env.CIM_TOKEN = process.env.CIM_TOKEN;
    log(`Using the API at ${env.CIM_BASE_URL}`);
  } else {
    emulator = await startEmulator(dataDir);
    const { stdout } = await exec(process.execPath, [cli, "token", "--data-dir", dataDir]);
    env.CIM_BASE_URL = emulator.url;
    env.CIM_TOKEN = stdout.trim();
    log(`Emulator listening on ${emulator.url} (data in ${path.relative(root, dataDir)})`);
  }
  if (process.env.CIM_REGION) env.CIM_REGION = process.env.CIM_REGION;
  // The program's lookups run in this process (on --native, in the plugin), the provider under the CLI: both get
  // the settings from the environment, never from stack config, so the token is not written anywhere (on
  // --native, the default provider's state, which keeps its configuration, has none).
  Object.assign(process.env, env);

  try {
    const auto = require("@pulumi/pulumi/automation");
    const pulumiCommand = await auto.PulumiCommand.get({ root: process.env.CIM_PULUMI_ROOT });
    if (yaml) {
      await deployYaml(auto, pulumiCommand, example, env, Boolean(emulator));
      return;
    }
    const program = pathToFileURL(path.join(root, "examples", example, "index.ts")).href;
    // The quickstart is the root Pulumi.yaml's project; another example gets a project (and folder) of its own.
    const projectName = `pulumi-cim-${example}${native ? "-native" : ""}`;
    const workDir = workDirOf(example, native);
    const ownProject = native || example !== "quickstart";
    // the CLI runs the cim plugin from the repository's bin/ (a user's Pulumi.yaml names node_modules/pulumi-cim/bin)
    const plugins = native ? { plugins: { providers: [{ name: "cim", path: pluginDir }] } } : {};
    mkdirSync(workDir, { recursive: true });
    const stack = await auto.LocalWorkspace.createOrSelectStack(
      { stackName: "demo", projectName, program: async () => ({ ...(await import(program)) }) },
      {
        workDir,
        pulumiCommand,
        envVars: env,
        ...(ownProject ? { projectSettings: { name: projectName, runtime: "nodejs", ...plugins } } : {}),
      },
    );
    log(
      `Deploying examples/${example}${native ? " on the pulumi-resource-cim plugin" : ""} to stack "demo" of ${projectName} (backend ${process.env.PULUMI_BACKEND_URL ?? "default"})\n`,
    );
    // --refresh: the emulator's data dir may have been reset since the last run; the diff is against live state.
    const result = await stack.up({
      onOutput: (s) => process.stdout.write(s),
      color: "never",
      refresh: true,
    });
    logChanges(result);
    if (emulator) {
      const args = [...(example === "quickstart" ? [] : [example]), ...(native ? ["--native"] : [])];
      logAgain(args, dataDir, workDir);
    }
  } finally {
    await stopEmulator(emulator?.child);
  }
}

/** The CLI output lists the outputs; the summary is repeated in one line. */
function logChanges(result) {
  const changes = result.summary.resourceChanges ?? {};
  const changed = Object.entries(changes).filter(([op]) => op !== "same");
  log(
    `Changes: ${changed.length ? changed.map(([op, n]) => `${n} ${op}`).join(", ") : "none"}` +
      ` (${changes.same ?? 0} unchanged)`,
  );
}

function logAgain(args, dataDir, workDir) {
  const again = args.length ? `npm run demo -- ${args.join(" ")}` : "npm run demo";
  log(
    `Run \`${again}\` again: nothing changes. \`npm run emulator -- start --data-dir ${path.relative(root, dataDir)}\``,
  );
  log(
    `serves the same data; destroy with the Pulumi CLI (eval "$(bash scripts/cim.sh env)")${workDir === root ? "" : ` from ${path.relative(root, workDir)}`}.`,
  );
}

/**
 * A Pulumi YAML example: the Automation API on its folder (a local program, no inline one), so the CLI runs the
 * YAML language host on its Pulumi.yaml; the stack's config file (Pulumi.demo.yaml) lands beside it.
 */
async function deployYaml(auto, pulumiCommand, example, env, local) {
  const workDir = path.join(root, "examples", example);
  const stack = await auto.LocalWorkspace.createOrSelectStack(
    { stackName: "demo", workDir },
    { pulumiCommand, envVars: env },
  );
  const config = await stack.getAllConfig();
  if (!Object.keys(config).some((k) => k.endsWith(":appSecret"))) {
    // The program takes a secret from config; the demo makes one up (state keeps it encrypted).
    await stack.setConfig("appSecret", { value: randomBytes(16).toString("hex"), secret: true });
  }
  log(
    `Deploying examples/${example} (Pulumi YAML, on the pulumi-resource-cim plugin) to stack "demo" (backend ${process.env.PULUMI_BACKEND_URL ?? "default"})\n`,
  );
  const result = await stack.up({ onOutput: (s) => process.stdout.write(s), color: "never", refresh: true });
  logChanges(result);
  if (local) logAgain([example], path.join(root, ".state", "demo", "emulator-yaml"), workDir);
}

main().catch((err) => {
  process.stderr.write(`demo failed: ${err?.message ?? err}\n`);
  process.exitCode = 1;
});
