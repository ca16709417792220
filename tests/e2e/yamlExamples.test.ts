// Every Pulumi YAML example of the docs (each resource page's, the installation page's) through the real CLI and
// its YAML language host, as in quickstartYaml.test.ts: merged into one program (each example's names prefixed
// with its kind, tests/docs/yamlPrograms.ts), deployed to the emulator on the native plugin, previewed with
// nothing to do, and destroyed. A copy with a property no kind has fails its preview naming that property:
// Pulumi YAML checks programs against the plugin's schema before anything runs.
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { stringify } from "yaml";
import { kindList } from "../../provider/kinds";
import { mergePrograms, yamlPrograms } from "../docs/yamlPrograms";
import { ED25519 } from "../fixtures/sshKeys";
import { repoRoot, sourceHome, stackRun } from "../harness";
import { mine, uniqueStack, useApi } from "./support";

const api = useApi();
const PROJECT = "cim-yaml-examples";

/** Each resource page's YAML example and the installation page's, by the prefix its names get. */
function examples() {
  const programs = yamlPrograms();
  const pages = kindList.map((k) => {
    const found = programs.find((p) => p.file === `docs/resources/${k.name}.md`);
    if (!found) throw new Error(`docs/resources/${k.name}.md has no YAML example`);
    return { prefix: k.name.toLowerCase(), doc: found.doc };
  });
  const install = programs.filter((p) => p.file === "docs/installation-configuration.md");
  expect(install).toHaveLength(1);
  return [...pages, { prefix: "install", doc: install[0].doc }];
}

/** A folder holding the merged program as its Pulumi.yaml (the plugin: this repository's bin/). */
function home(program: Record<string, unknown>) {
  const h = sourceHome("yaml-examples");
  fs.writeFileSync(path.join(h.workDir, "Pulumi.yaml"), stringify(program));
  // the SshKeyPair example reads its public key from the project's folder
  fs.mkdirSync(path.join(h.workDir, "keys"));
  fs.writeFileSync(path.join(h.workDir, "keys", "ops.pub"), `${ED25519}\n`);
  return h;
}

const header = {
  name: PROJECT,
  runtime: "yaml",
  plugins: { providers: [{ name: "cim", path: path.join(repoRoot, "bin") }] },
};

it("deploys every YAML example of the docs as one program, previews nothing to do, and destroys", async () => {
  const list = examples();
  const program = mergePrograms(header, list);
  const count = Object.keys(program.resources as object).length;
  // The TemplatePermissions example shares a template with another team's account, team-b: one the platform has.
  await api().control.user("team-b");
  const started = Date.now();
  const run = await stackRun({
    home: home(program),
    stackName: uniqueStack("yaml-examples"),
    projectName: PROJECT,
    envVars: api().envVars,
  });
  const [up, preview] = await run([{ op: "up" }, { op: "preview" }]);
  expect(up.summary).toEqual({ create: count + 1 }); // and the stack
  expect(preview.summary).toEqual({ same: count + 1 });
  expect(up.outputs).toMatchObject({ "network-cidr": "10.1.1.0/24", "install-size": 20 });
  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: count + 1 });
  const state = await api().control.state();
  for (const records of [state.instances, state.volumes, state.vpcs, state.networks])
    expect(mine(records)).toEqual([]);
  console.log(
    `yaml examples: ${list.length} programs, ${count} resources: up, preview (same ${preview.summary?.same}), destroy in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}, 300_000);

it("a YAML example with a property its type does not have fails at preview, naming the property", async () => {
  const [network] = examples().filter((e) => e.prefix === "network");
  const doc = structuredClone(network.doc) as any;
  doc.resources.tier.properties.gatewayIp = doc.resources.tier.properties.gateway;
  delete doc.resources.tier.properties.gateway;
  const run = await stackRun({
    home: home(mergePrograms(header, [{ prefix: "network", doc }])),
    stackName: uniqueStack("yaml-wrong"),
    projectName: PROJECT,
    envVars: api().envVars,
  });
  const networks = () =>
    api()
      .control.state()
      .then((s) => mine(s.networks).length);
  const before = await networks();
  const [preview] = await run([{ op: "preview", expectFailure: true }]);
  expect(preview.ok).toBe(false);
  expect(`${preview.error}\n${preview.output}\n${preview.stderr}`).toMatch(
    /Property gatewayIp does not exist on 'cim:index:Network'/,
  );
  expect(await networks()).toBe(before);
}, 120_000);
