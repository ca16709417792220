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

it("refuses --provider or --state without --import-file, and a provider that is not NAME=<a cim provider's URN>", async () => {
  const run = (args: string[]) =>
    exec("node", [command, "import", "--region", "de-fra-1", ...args], {
      env: { ...process.env, ...api.envVars },
    }).catch((e: { stderr: string }) => e.stderr);
  expect(await run(["--provider", "far=urn:pulumi:s::p::pulumi:providers:cim::far"])).toContain(
    "--provider goes with --import-file",
  );
  expect(await run(["--state", "export.json"])).toContain("--state goes with --import-file");
  expect(await run(["--import-file", "x.json", "--provider", "far"])).toContain(
    "--provider must be NAME=URN",
  );
});

it("a second region into the same stack: --state leaves out what the stack holds and numbers a name it has; --prefix names by region", async () => {
  const primary = api.emu.regions.find((r) => r.primary)!;
  const secondary = api.emu.regions.find((r) => !r.primary)!;
  const dir = fs.mkdtempSync(path.join(repoRoot, ".tmp-import-state-"));
  try {
    // the stack after the first region's import: its resources under the names the file gave them
    const first = await importFile(dir, "first.json", ["--region", primary.name]);
    const vpc = first.file.resources.find((r: { type: string }) => r.type === "cim:index:Vpc");
    // the second region holds a VPC of the same name, and one the stack already manages (as "legacy")
    const other = { region: secondary.id };
    const c = api.client;
    const twin = await c.vpcs.create(
      {
        name: vpc.name,
        displayText: "same pattern, other region",
        zoneId: (await c.catalogue.zones(other))[0].id,
        cidr: "10.31.0.0/16",
        vpcOfferingId: (await c.catalogue.vpcOfferings(other))[0].id,
      },
      other,
    );
    await c.jobs.wait(twin, { firstDelayMs: 0 });
    const urn = (type: string, name: string) => `urn:pulumi:dev::p::${type}::${name}`;
    const exported = {
      version: 3,
      deployment: {
        resources: [
          ...first.file.resources.map((r: { type: string; name: string; id: string }) => ({
            urn: urn(r.type, r.name),
            type: r.type,
            id: r.id,
          })),
          { urn: urn("cim:index:Vpc", "legacy"), type: "cim:index:Vpc", id: foreignVpc },
        ],
      },
    };
    fs.writeFileSync(path.join(dir, "state.json"), JSON.stringify(exported));

    const second = await importFile(dir, "second.json", [
      "--region",
      secondary.name,
      "--state",
      "state.json",
    ]);
    expect(second.file.resources).toEqual([{ type: "cim:index:Vpc", name: `${vpc.name}-2`, id: twin.id }]);
    expect(second.stdout).toContain(`not imported: Vpc ${foreignVpc} (already in the stack, as legacy)`);
    expect(second.stdout).toContain(`named ${vpc.name}-2: the stack already has a Vpc named ${vpc.name}`);
    expect(second.stdout).toContain("give --prefix");

    const prefixed = await importFile(dir, "prefixed.json", ["--region", secondary.name, "--prefix", "far-"]);
    expect(prefixed.file.resources.map((r: { name: string }) => r.name).sort()).toEqual(
      [`far-${vpc.name}`, "far-elsewhere"].sort(),
    );
    expect(prefixed.stdout).toContain("give --state");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
