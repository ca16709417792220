// Where a test program runs from, and how it loads pulumi-cim: the source checkout (this repository's built
// dist/) or a folder that installed the packed package, the way users install it.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

export const repoRoot = path.resolve(__dirname, "..", "..");

/** Where a program runs from, and how it loads pulumi-cim. */
export interface ProgramHome {
  workDir: string;
  /** Module id or path the runner requires as `cim` (resolved from workDir). */
  sdk: string;
  label: "source" | "installed";
}

export function requireToolchain(): void {
  if (!process.env.CIM_PULUMI_ROOT || !fs.existsSync(path.join(repoRoot, "dist", "sdk", "index.js"))) {
    throw new Error("e2e tests need the bootstrapped toolchain and a build: run them through `npm test`");
  }
}

/** The source checkout: programs load the built dist/ of this repository. */
export function sourceHome(name: string): ProgramHome {
  const workDir = path.join(repoRoot, ".state", "e2e", `${name}-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(workDir, { recursive: true });
  return { workDir, sdk: repoRoot, label: "source" };
}

/** The project settings that name this repository's plugin folder (bin/), as a user's names node_modules/pulumi-cim/bin. */
export const pluginSettings = () =>
  `plugins:\n  providers:\n    - name: cim\n      path: ${path.join(repoRoot, "bin")}\n`;

/**
 * A source home for the native path: its Pulumi.yaml (project `project`) names the plugin folder, and programs
 * load the native entry (the built dist/sdk/native, what `pulumi-cim/native` resolves to).
 */
export function pluginHome(
  name: string,
  project: string,
  runtime: "nodejs" | "yaml" = "nodejs",
): ProgramHome {
  if (
    !["bin/pulumi-resource-cim", "dist/provider/native/main.js"].every((f) =>
      fs.existsSync(path.join(repoRoot, f)),
    )
  )
    throw new Error(
      "programs on the plugin need its build (dist/provider/native): run them through `npm test`",
    );
  const home = sourceHome(name);
  fs.writeFileSync(
    path.join(home.workDir, "Pulumi.yaml"),
    `name: ${project}\nruntime: ${runtime}\n${pluginSettings()}`,
  );
  return { ...home, sdk: path.join(repoRoot, "dist", "sdk", "native") };
}

let packed: Promise<string> | undefined;

/** `npm pack` of this repository, once per test process. */
export function packOnce(): Promise<string> {
  packed ??= (async () => {
    const dest = fs.mkdtempSync(path.join(os.tmpdir(), "cim-pack-"));
    const { stdout } = await exec("npm", ["pack", "--json", "--pack-destination", dest], { cwd: repoRoot });
    const [info] = JSON.parse(stdout);
    return path.join(dest, info.filename);
  })();
  return packed;
}

/**
 * A program folder outside the repository that depends on the packed tarball, the way users install
 * pulumi-cim, beside `dependencies` of its own (e.g. `{"@pulumi/pulumi": "latest"}`). Nothing in it can reach
 * this repository's sources or node_modules.
 */
export async function installedHome(
  name: string,
  tarball?: string,
  dependencies: Record<string, string> = {},
): Promise<ProgramHome> {
  tarball ??= await packOnce();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `cim-${name}-`));
  fs.writeFileSync(
    path.join(workDir, "package.json"),
    JSON.stringify({
      name: `cim-e2e-${name}`,
      private: true,
      dependencies: { ...dependencies, "pulumi-cim": `file:${tarball}` },
    }),
  );
  await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--no-package-lock"], {
    cwd: workDir,
  });
  return { workDir, sdk: "pulumi-cim", label: "installed" };
}
