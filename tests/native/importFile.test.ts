// `pulumi-cim import --import-file`: the file `pulumi import --file` reads, for a project of any language on the
// plugin. From the legacy world (records of every kind the command adopts but multi-region groups, their members
// and projects, made straight through the API), the command writes the file; in a Pulumi YAML project the CLI
// imports every resource and writes its code, with references where an input is another imported resource's id;
// that code as the program, a preview and an up change nothing and send no mutating request. A region other than
// the stack's default provider's: the file names an explicit provider of that region (--provider NAME=URN), and
// the code written gives its resources that provider.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeLegacyWorld } from "../e2e/legacyWorld";
import { mutating, startApi, type TestApi, uniqueStack } from "../e2e/support";
import { openRun, repoRoot } from "../harness";
import { pluginHome, pulumiCli } from "./support";

const exec = promisify(execFile);
const command = path.join(repoRoot, "dist", "provider", "import", "cli.js");

let api: TestApi;
let made: Record<string, string[]>;
let foreignVpc: string;

beforeAll(async () => {
  api = await startApi();
  const primary = api.emu.regions.find((r) => r.primary)!;
  ({ made, foreignVpc } = await makeLegacyWorld(api, primary));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

/** `pulumi-cim import --import-file` as users run it, in the project's folder; never prints the token. */
async function importFile(cwd: string, file: string, args: string[]) {
  const { stdout, stderr } = await exec("node", [command, "import", ...args, "--import-file", file], {
    cwd,
    env: { ...process.env, ...api.envVars },
  });
  for (const text of [stdout, stderr]) expect(text).not.toContain(api.token);
  return { stdout, file: JSON.parse(fs.readFileSync(path.join(cwd, file), "utf8")) };
}

it("imports a region's resources of every kind into a YAML project, with references; up then changes nothing", async () => {
  const primary = api.emu.regions.find((r) => r.primary)!;
  const secondary = api.emu.regions.find((r) => !r.primary)!;
  const project = "cim-import-file";
  const home = pluginHome("import-file", "yaml", project);
  const stack = uniqueStack("import-file");
  const env = api.envVars;
  await pulumiCli(home, ["stack", "init", stack], env);

  const { stdout, file } = await importFile(home.workDir, "cim-import.json", ["--region", primary.name]);
  const total = Object.values(made).reduce((n, list) => n + list.length, 0);
  expect(stdout).toContain(`${total} resource(s) to import.`);
  expect(file.resources).toHaveLength(total);
  for (const [kind, list] of Object.entries(made))
    for (const id of list)
      expect(file.resources, `${kind} ${id}`).toContainEqual(
        expect.objectContaining({ type: `cim:index:${kind}`, id }),
      );
  expect(file.resources.map((r: { id: string }) => r.id)).not.toContain(foreignVpc);

  await api.control.resetRequests();
  const out = path.join(home.workDir, "imported.yaml");
  const imported = await pulumiCli(
    home,
    ["import", "--file", "cim-import.json", "--yes", "--out", out, "--stack", stack],
    env,
  );
  expect(imported.stdout).toMatch(new RegExp(`${total} imported`));
  const code = fs.readFileSync(out, "utf8");
  // the tier names its VPC, the web instance its tier, by reference: the program keeps their order
  const vpc = file.resources.find((r: { type: string }) => r.type === "cim:index:Vpc").name;
  expect(code).toContain(`vpcId: \${${vpc}.id}`);
  expect(code).not.toContain(made.Vpc[0]);
  expect(mutating(await api.control.requests())).toEqual({});

  fs.appendFileSync(path.join(home.workDir, "Pulumi.yaml"), code);
  const run = await openRun({ home, stackName: stack, projectName: project, envVars: env });
  try {
    const [preview, up] = await run([{ op: "preview" }, { op: "up", lean: true }]);
    expect(preview.summary).toEqual({ same: total + 1 });
    expect(up.summary).toEqual({ same: total + 1 });
    expect(mutating(await api.control.requests())).toEqual({});

    // Another region's VPC, under an explicit provider of that region the stack holds
    fs.appendFileSync(
      path.join(home.workDir, "Pulumi.yaml"),
      `  far:\n    type: pulumi:providers:cim\n    properties:\n      region: ${secondary.id}\n`,
    );
    const [withProvider] = await run([{ op: "up", lean: true }]);
    expect(withProvider.summary).toEqual({ same: total + 1, create: 1 });
    const urn = `urn:pulumi:${stack}::${project}::pulumi:providers:cim::far`;
    const far = await importFile(home.workDir, "far.json", [
      "--region",
      secondary.name,
      "--provider",
      `far=${urn}`,
    ]);
    expect(far.file).toEqual({
      nameTable: { far: urn },
      resources: [{ type: "cim:index:Vpc", name: "elsewhere", id: foreignVpc, provider: "far" }],
    });
    const farOut = path.join(home.workDir, "far.yaml");
    await pulumiCli(home, ["import", "--file", "far.json", "--yes", "--out", farOut, "--stack", stack], env);
    const farCode = fs.readFileSync(farOut, "utf8");
    expect(farCode).toMatch(/ {2}elsewhere:\n {4}type: cim:Vpc\n/);
    expect(farCode).toContain(`      provider: \${far}`);
    fs.appendFileSync(path.join(home.workDir, "Pulumi.yaml"), farCode.replace(/^resources:\n/, ""));
    const [last] = await run([{ op: "preview" }]);
    expect(last.summary).toEqual({ same: total + 3 });
  } finally {
    await run.close();
  }
}, 600_000);

it("refuses --provider without --import-file, and a provider that is not NAME=<a cim provider's URN>", async () => {
  const run = (args: string[]) =>
    exec("node", [command, "import", "--region", "de-fra-1", ...args], {
      env: { ...process.env, ...api.envVars },
    }).catch((e: { stderr: string }) => e.stderr);
  expect(await run(["--provider", "far=urn:pulumi:s::p::pulumi:providers:cim::far"])).toContain(
    "--provider goes with --import-file",
  );
  expect(await run(["--import-file", "x.json", "--provider", "far"])).toContain(
    "--provider must be NAME=URN",
  );
});
