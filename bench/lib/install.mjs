// What the bench programs load. By default pulumi-cim as users install it, from its packed tarball in a
// node_modules folder above every bench stack: Pulumi then serializes each resource's provider as a `require` of
// the kind's shim module (sdk/dynamic.ts), as it does in users' states. The Probes beside them (the engine floor)
// are installed the same way, as a package made of tests/fixtures/probe.cjs and probeShim.cjs, so both sides of
// a comparison carry their provider in state alike. `--from source` loads the checkout's dist/ and the fixture
// in place instead: both providers serialized by value (their functions written out in every resource's state),
// the figures' layout before the shim modules. Either way the native path (`pulumi-cim/native` and the plugin
// pulumi-resource-cim) comes from the same copy: the installed package's bin/, or the checkout's.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "./paths.mjs";

/**
 * Where this run's stack folders go; the packages are installed in its node_modules. One folder a bench process:
 * two runs at once (a test's `--smoke` run beside a long one) would otherwise reinstall the packages under each
 * other's stacks. bench/run.mjs removes it at the end.
 */
export const stacksDir = path.join(repoRoot, ".state", "bench", `run-${process.pid}`);
const FIXTURE = path.join(repoRoot, "tests", "fixtures");

/**
 * Installs (or not, `from: "source"`) and returns what the runner loads as `cim` (`sdk`; `nativeSdk` on the
 * native path), the folder of the plugin pulumi-resource-cim (`pluginDir`) and the Probe module.
 */
export function prepareInstall(from = "installed") {
  if (from === "source") {
    return {
      from,
      sdk: repoRoot,
      nativeSdk: path.join(repoRoot, "dist", "sdk", "native", "index.js"),
      pluginDir: path.join(repoRoot, "bin"),
      probe: path.join(FIXTURE, "probe.cjs"),
    };
  }
  if (from !== "installed") throw new Error(`bench: --from takes installed or source, got ${from}`);
  const modules = path.join(stacksDir, "node_modules");
  const cim = path.join(modules, "pulumi-cim");
  const probe = path.join(modules, "cim-probe");
  fs.rmSync(cim, { recursive: true, force: true });
  fs.rmSync(probe, { recursive: true, force: true });
  fs.mkdirSync(cim, { recursive: true });
  fs.mkdirSync(probe, { recursive: true });
  // npm pack: exactly the files a user's install gets. Its dependencies resolve from the checkout's
  // node_modules further up, so program, SDK and provider share one @pulumi/pulumi, as in an install.
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), "cim-bench-pack-"));
  const [info] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", dest], { cwd: repoRoot, encoding: "utf8" }),
  );
  execFileSync("tar", ["-xzf", path.join(dest, info.filename), "-C", cim, "--strip-components=1"]);
  fs.rmSync(dest, { recursive: true, force: true });
  for (const f of ["probe.cjs", "probeShim.cjs"]) fs.copyFileSync(path.join(FIXTURE, f), path.join(probe, f));
  fs.writeFileSync(
    path.join(probe, "package.json"),
    JSON.stringify({ name: "cim-probe", version: "0.0.0", private: true, main: "probe.cjs" }),
  );
  // The plugin as a user's Pulumi.yaml names it: the installed package's bin/ (package.json `files`).
  return {
    from,
    sdk: "pulumi-cim",
    nativeSdk: "pulumi-cim/native",
    pluginDir: path.join(cim, "bin"),
    probe: "cim-probe",
  };
}
