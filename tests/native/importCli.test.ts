// `pulumi import` through the real CLI, in a Pulumi YAML project on the native plugin: the CLI loads the
// project's language host (pulumi-language-yaml, which the bootstrap builds) to write the imported resource's
// code. A volume made out of band through the API is imported by id; the code the CLI writes names the resource
// and its inputs; put into the program, it makes the next `up` change nothing (every step same, no mutating
// request). `pulumi convert` carries the program on to other languages: PCL with no language host, TypeScript
// with the code generators of scripts/sdks.sh (the Node.js language host is not built here).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { mutating, uniqueStack, useApi } from "../e2e/support";
import { ED25519 } from "../fixtures/sshKeys";
import { openRun, type ProgramHome, repoRoot } from "../harness";
import { pluginHome, pulumiCli } from "./support";

const api = useApi();

/** A conversion's --out folder in the project, with the project's node_modules linked into it. */
function outFolder(home: ProgramHome, name: string): string {
  const out = path.join(home.workDir, name);
  fs.mkdirSync(out);
  fs.symlinkSync(path.join("..", "node_modules"), path.join(out, "node_modules"));
  return out;
}
/** The YAML project the import wrote its code into (the first test), for the conversion after it. */
let importedInto: ProgramHome | undefined;

it("imports an out-of-band volume with pulumi import in a YAML project; its code in the program, up changes nothing", async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const custom = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!;
  const vol = await c.volumes.create({ name: "legacy-data", zoneId, diskOfferingId: custom.id, size: 10 });
  await c.jobs.wait(vol, { firstDelayMs: 0 });
  await c.tags.add({ kind: "volume", id: vol.id! }, { team: "data" });

  const project = "cim-yaml-import";
  const home = pluginHome("yaml-import", "yaml", project);
  // the project names the plugin as the docs tell users to, in its node_modules (here a link to this repository)
  fs.mkdirSync(path.join(home.workDir, "node_modules"));
  fs.symlinkSync(repoRoot, path.join(home.workDir, "node_modules", "pulumi-cim"));
  const projectFile = path.join(home.workDir, "Pulumi.yaml");
  const settings = fs.readFileSync(projectFile, "utf8");
  fs.writeFileSync(projectFile, settings.replace(/path: .*/, "path: ./node_modules/pulumi-cim/bin"));
  const stack = uniqueStack("yaml-import");
  const env = api().envVars;
  await pulumiCli(home, ["stack", "init", stack], env);
  await api().control.resetRequests();

  const out = path.join(home.workDir, "imported.yaml");
  const imported = await pulumiCli(
    home,
    ["import", "cim:index:Volume", "legacy-data", vol.id!, "--yes", "--out", out, "--stack", stack],
    env,
  );
  expect(imported.stdout).toMatch(/1 imported/);
  expect(`${imported.stdout}${imported.stderr}`).not.toContain(env.CIM_TOKEN);
  const code = fs.readFileSync(out, "utf8");
  // The resource by its name and type, every input the volume was made with, and the CLI's default protection.
  expect(code).toMatch(/^resources:\n {2}legacy-data:\n {4}type: cim:Volume\n/);
  for (const line of [
    "      name: legacy-data",
    `      zoneId: ${zoneId}`,
    `      diskOfferingId: ${custom.id}`,
    "      size: 10",
    "      tags:\n        team: data",
    "    options:\n      protect: true",
  ]) {
    expect(code).toContain(line);
  }
  expect(mutating(await api().control.requests())).toEqual({});

  // The generated code is the program: the YAML language host runs it, the engine diffs it against the import.
  fs.appendFileSync(path.join(home.workDir, "Pulumi.yaml"), code);
  const run = await openRun({ home, stackName: stack, projectName: project, envVars: env });
  try {
    const [preview, up] = await run([{ op: "preview" }, { op: "up", lean: true }]);
    expect(preview.summary).toEqual({ same: 2 }); // the stack and the volume
    expect(up.summary).toEqual({ same: 2 });
  } finally {
    await run.close();
  }
  expect(mutating(await api().control.requests())).toEqual({});

  // On to other languages: `pulumi convert` reads the YAML program (pulumi-converter-yaml) and writes PCL, the
  // form every language's code generator takes.
  // The CLI converts in its --out folder and resolves the project's plugin path from there, so the project's
  // node_modules is linked into it first, as docs/languages.md says.
  const pcl = outFolder(home, "pcl");
  await pulumiCli(home, ["convert", "--language", "pcl", "--out", pcl], env);
  const program = fs.readFileSync(path.join(pcl, "program.pp"), "utf8");
  expect(program).toContain('resource legacyData "cim:index:Volume" {');
  expect(program).toMatch(/size\s+= 10/);
  importedInto = home;
}, 120_000);

it("pulumi convert writes the imported YAML program as TypeScript on pulumi-cim/native", async () => {
  expect(importedInto, "the import test above ran").toBeDefined();
  const hosts = (
    await promisify(execFile)("bash", [path.join(repoRoot, "scripts", "sdks.sh"), "--hosts"], {
      cwd: repoRoot,
    })
  ).stdout.trim();
  const ts = outFolder(importedInto!, "ts");
  await pulumiCli(importedInto!, ["convert", "--language", "typescript", "--generate-only", "--out", ts], {
    ...api().envVars,
    PATH: `${hosts}:${process.env.PATH}`,
  });
  const index = fs.readFileSync(path.join(ts, "index.ts"), "utf8");
  expect(index).toContain('import * as cim from "pulumi-cim/native";');
  expect(index).toMatch(
    /new cim\.Volume\("legacy-data", \{[\s\S]*size: 10,[\s\S]*team: "data"[\s\S]*protect: true/,
  );
}, 300_000);

it("imports an out-of-band SSH key pair: the API shows no public key, so the code leaves it out, and giving it changes nothing", async () => {
  const c = api().client;
  const registered = await c.sshKeyPairs.register({ name: "legacy-ops", publicKey: ED25519 });
  const id = registered.id!;

  const project = "cim-yaml-import-key";
  const home = pluginHome("yaml-import-key", "yaml", project);
  const stack = uniqueStack("yaml-import-key");
  const env = api().envVars;
  await pulumiCli(home, ["stack", "init", stack], env);
  const out = path.join(home.workDir, "imported.yaml");
  const imported = await pulumiCli(
    home,
    ["import", "cim:index:SshKeyPair", "legacy-ops", id, "--yes", "--out", out, "--stack", stack],
    env,
  );
  expect(imported.stdout).toMatch(/1 imported/);
  // the inputs read back validate: no "failed to validate … a bug in the cim provider"
  expect(`${imported.stdout}${imported.stderr}`).not.toMatch(/failed to validate|is required/);
  const code = fs.readFileSync(out, "utf8");
  expect(code).toMatch(/^resources:\n {2}legacy-ops:\n {4}type: cim:SshKeyPair\n/);
  expect(code).toContain("      name: legacy-ops");
  expect(code).not.toContain("publicKey");

  await api().control.resetRequests();
  const settings = fs.readFileSync(path.join(home.workDir, "Pulumi.yaml"), "utf8");
  fs.writeFileSync(path.join(home.workDir, "Pulumi.yaml"), `${settings}${code}`);
  const run = await openRun({ home, stackName: stack, projectName: project, envVars: env });
  try {
    const [asImported] = await run([{ op: "preview" }]);
    expect(asImported.summary).toEqual({ same: 2 });
    // the program gives the key it was registered with: its own record holds it, nothing to replace
    fs.writeFileSync(
      path.join(home.workDir, "Pulumi.yaml"),
      `${settings}${code.replace("      name: legacy-ops\n", `      name: legacy-ops\n      publicKey: ${ED25519}\n`)}`,
    );
    const [withKey, up] = await run([{ op: "preview" }, { op: "up", lean: true }]);
    expect(withKey.summary).toEqual({ same: 2 });
    expect(up.summary).toEqual({ same: 2 });
  } finally {
    await run.close();
  }
  expect(mutating(await api().control.requests())).toEqual({});
}, 120_000);
