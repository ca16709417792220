// Every Pulumi YAML example of the docs (each resource page's, the installation page's, each function page's)
// through the real CLI and its YAML language host, as in quickstartYaml.test.ts: merged into one program per kind of
// page (each example's names prefixed with its kind or function, tests/docs/yamlPrograms.ts), deployed to the
// emulator on the native plugin, previewed with nothing to do, and destroyed. A function page's lookup that reads
// a resource the page declares runs once that resource exists, as `fn::invoke` on its outputs does. A copy with a
// property no kind has fails its preview naming that property: Pulumi YAML checks programs against the plugin's
// schema before anything runs.
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { stringify } from "yaml";
import { kindList } from "../../provider/kinds";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { mergePrograms, yamlPrograms } from "../docs/yamlPrograms";
import { apiCaller } from "../fixtures/apiCall";
import { ROOMY_LIMITS } from "../fixtures/limits";
import { ED25519 } from "../fixtures/sshKeys";
import { repoRoot, sourceHome, stackRun } from "../harness";
import { mine, uniqueStack, useApi } from "./support";

const api = useApi({ limits: ROOMY_LIMITS }); // every page's example in one program
const PROJECT = "cim-yaml-examples";

/** Each resource page's YAML example and the installation page's, by the prefix its names get. */
function resourceExamples() {
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

/** Each function page's YAML example, by the prefix its names get (the function's name). */
function functionExamples() {
  const programs = yamlPrograms();
  return Object.keys(lookupRegistry).map((name) => {
    const found = programs.find((p) => p.file === `docs/functions/${name}.md`);
    if (!found) throw new Error(`docs/functions/${name}.md has no YAML example`);
    return { prefix: name.toLowerCase(), doc: found.doc };
  });
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

/**
 * Deploys the examples as one program, previews it (nothing to do) and destroys it, leaving nothing of the user's;
 * the outputs of the up.
 */
async function deployAll(
  label: string,
  list: { prefix: string; doc: Record<string, unknown> }[],
  adjust: (resources: Record<string, any>) => void = () => {},
) {
  const program = mergePrograms(header, list);
  adjust(program.resources as Record<string, any>);
  const count = Object.keys(program.resources as object).length;
  const started = Date.now();
  const run = await stackRun({
    home: home(program),
    stackName: uniqueStack(label),
    projectName: PROJECT,
    envVars: api().envVars,
  });
  const [up, preview] = await run([{ op: "up" }, { op: "preview" }]);
  expect(up.summary).toEqual({ create: count + 1 }); // and the stack
  expect(preview.summary).toEqual({ same: count + 1 });
  const outputs = up.outputs ?? {};
  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: count + 1 });
  const state = await api().control.state();
  for (const records of [state.instances, state.volumes, state.vpcs, state.networks])
    expect(mine(records)).toEqual([]);
  console.log(
    `${label}: ${list.length} programs, ${count} resources: up, preview (same ${preview.summary?.same}), destroy in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return { outputs, declared: Object.keys(program.outputs as object) };
}

it("deploys every resource page's YAML example as one program, previews nothing to do, and destroys", async () => {
  // The TemplatePermissions example shares a template with another team's account, team-b: one the platform has.
  await api().control.user("team-b");
  const { outputs } = await deployAll("yaml-examples", resourceExamples());
  expect(outputs).toMatchObject({ "network-cidr": "10.1.1.0/24", "install-size": 20 });
}, 300_000);

it("deploys every function page's YAML example as one program: each lookup answers, also of what the page declares", async () => {
  // The organization the examples name, made as a reader makes one (functionExamples.test.ts does the same).
  await apiCaller(() => ({ url: api().emu.url, token: api().token }))("POST", "/tenants", { name: "acme" });
  // Two pages declare the same private gateway, VLAN 100: a zone takes a VLAN once, so in one stack each copy
  // gets a VLAN of its own (each page alone deploys as it is).
  const ownVlans = (resources: Record<string, any>) =>
    Object.values(resources)
      .filter((r) => r.type === "cim:index:VpcGateway")
      .forEach((r, i) => {
        r.properties.vlan = 100 + i;
      });
  const { outputs, declared } = await deployAll("yaml-function-examples", functionExamples(), ownVlans);
  // every page's answer reached its stack output, those read from resources the page declares too
  expect(declared.filter((k) => outputs[k] === undefined || outputs[k] === null)).toEqual([]);
  expect(outputs).toMatchObject({
    "getstaticnat-webPrivateAddress": expect.stringMatching(/^10\.1\.1\.\d+$/),
    "getnetworkacllist-webAclDescription": "web tier",
    "getinstanceschedule-nightStopSchedule": "0 22 * * MON-FRI",
    "gettenantmembers-memberships": [expect.objectContaining({ tenantName: "acme" })],
  });
}, 600_000);

it("a YAML example with a property its type does not have fails at preview, naming the property", async () => {
  const [network] = resourceExamples().filter((e) => e.prefix === "network");
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
