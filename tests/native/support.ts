// What the native plugin's CLI tests share: a program folder whose project settings point Pulumi at this
// repository's plugin (`plugins.providers`, as a user's Pulumi.yaml points at node_modules/pulumi-cim/bin), and
// the generic program that registers `cim:index:<Kind>` resources from stack config.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { type ProgramHome, pluginHome as sharedPluginHome, stackRun } from "../harness";

export const PROJECT = "cim-native";
export const program = path.join(__dirname, "programs", "resources.cjs");
export const cli = () => path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi");

/**
 * A source home whose Pulumi.yaml names the plugin folder (bin/) of this repository; with `runtime: "yaml"`, a
 * Pulumi YAML project (what follows the plugins in the file is its program).
 */
export const pluginHome = (
  name: string,
  runtime: "nodejs" | "yaml" = "nodejs",
  project = PROJECT,
): ProgramHome => sharedPluginHome(name, project, runtime);

export interface Declared {
  kind: string;
  name: string;
  props: Record<string, unknown>;
  secrets?: string[];
  opts?: Record<string, unknown>;
}

/** The stack config that makes the program register `resources`. */
export const declare = (...resources: Declared[]) => ({ "cimn:resources": JSON.stringify(resources) });

export async function pluginRun(home: ProgramHome, stackName: string, envVars: Record<string, string>) {
  return stackRun({ home, stackName, projectName: PROJECT, program, envVars });
}

/** The Pulumi CLI run as a user runs it, in the program folder. */
export async function pulumiCli(home: ProgramHome, args: string[], env: Record<string, string>) {
  return promisify(execFile)(cli(), args, {
    cwd: home.workDir,
    env: { ...process.env, ...env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    maxBuffer: 64 << 20,
  });
}
