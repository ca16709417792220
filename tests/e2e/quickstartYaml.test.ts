// examples/quickstart-yaml through the real CLI: the Automation API on a folder holding the YAML project (a local
// program, not an inline one), so the CLI runs Pulumi YAML's language host on it and the resources go to the
// native plugin. It deploys (lookups as fn::invoke of the plugin's functions, a secret from config), a preview
// and an up change nothing (no mutating request), a tag set through config changes in place, and destroy removes
// everything. The secret never shows in plain text in state or output. A YAML program's references are judged at
// preview though its SDK cannot say which are plain text: a group no record has and no resource declares is
// refused before anything is made; one the program declares passes, under another provider too.
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { repoRoot, sourceHome, stackRun } from "../harness";
import { mine, mutating, resourcesOf, uniqueStack, useApi } from "./support";

const api = useApi();
const PROJECT = "pulumi-cim-quickstart-yaml";
const SECRET = "app-secret-3b9f0c2e";

/** The example's folder copied into a source home, its plugin path (relative to the example) made absolute. */
function yamlHome(name = "quickstart-yaml") {
  const home = sourceHome(name);
  const text = fs.readFileSync(path.join(repoRoot, "examples", "quickstart-yaml", "Pulumi.yaml"), "utf8");
  const relative = "      path: ../../bin\n";
  expect(text).toContain(relative);
  fs.writeFileSync(
    path.join(home.workDir, "Pulumi.yaml"),
    text.replace(relative, `      path: ${path.join(repoRoot, "bin")}\n`),
  );
  return home;
}

it("deploys the YAML quickstart, is stable, changes a tag in place through config, and destroys", async () => {
  const home = yamlHome();
  const stackName = uniqueStack("quickstart-yaml");
  const run = await stackRun({ home, stackName, projectName: PROJECT, envVars: api().envVars });
  const [up, preview] = await run([
    { op: "up", config: { [`${PROJECT}:appSecret`]: { value: SECRET, secret: true } } },
    { op: "preview" },
  ]);
  expect(up.summary).toEqual({ create: 7 }); // the stack and six resources
  expect(up.outputs).toMatchObject({
    webState: "Running",
    volumeDevice: 1,
    vpcCidr: "10.10.0.0/16",
    networkCidr: "10.10.1.0/24",
  });
  expect(preview.summary).toEqual({ same: 7 });

  const state = await api().control.state();
  const webId = String(up.outputs?.webId);
  expect(state.instances[webId].tags).toEqual({ env: "demo", role: "web" });
  // The lookups found the quickstart's catalogue entries by name: the db runs the Medium offering.
  const medium = (await api().client.catalogue.computeOfferings()).find((o) => o.name === "Medium")!;
  expect(state.instances[String(up.outputs?.dbId)].serviceOfferingId).toBe(medium.id);
  // The YAML program gives no names: the plugin names each after its resource, as the TypeScript classes do.
  expect(state.vpcs[String(up.outputs?.vpcId)].name).toBe("main");
  expect(state.volumes[String(up.outputs?.volumeId)].name).toBe("db-data");
  // The secret reached the platform in the cloud-init payload.
  const userData = Buffer.from(state.instances[webId].userData, "base64").toString();
  expect(userData).toContain(`content: ${SECRET}`);

  await api().control.resetRequests();
  const [again] = await run([{ op: "up" }]);
  expect(again.summary).toEqual({ same: 7 });
  expect(mutating(await api().control.requests())).toEqual({});

  // A tag through config: the five tagged resources change in place, nothing is replaced.
  const [tagged, raw] = await run([
    { op: "up", config: { [`${PROJECT}:env`]: "stage" } },
    { op: "export-raw" },
  ]);
  expect(tagged.summary).toEqual({ same: 2, update: 5 });
  expect(tagged.outputs?.webId).toBe(webId);
  expect((await api().control.state()).instances[webId].tags).toEqual({ env: "stage", role: "web" });

  // Neither the secret (plain or in its base64 payload) nor the token in state or in the CLI's output.
  const text = JSON.stringify(raw.deployment);
  for (const r of [up, preview, again, tagged]) expect(r.output).not.toContain(SECRET);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(state.instances[webId].userData);
  expect(text).not.toContain(api().token);
  const web = resourcesOf(raw.deployment, "cim:index:Instance").find((r) => r.urn.endsWith("::web"));
  expect(web.inputs.userData).toMatchObject({
    "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  });

  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 7 });
  const empty = await api().control.state();
  for (const records of [empty.instances, empty.volumes, empty.vpcs, empty.networks, empty.backupSchedules])
    expect(mine(records)).toEqual([]);
}, 120_000);

it("judges a YAML program's references at preview: a group nothing declares is refused, one it declares passes", async () => {
  const home = yamlHome("yaml-references");
  const file = path.join(home.workDir, "Pulumi.yaml");
  const text = fs.readFileSync(file, "utf8");
  const webAt = "  web:\n    type: cim:Instance\n    properties:\n";
  expect(text).toContain(webAt);
  /** The quickstart with the web instance in `group`, and `more` declared before it. */
  const write = (group: string, more = "") =>
    fs.writeFileSync(file, text.replace(webAt, `${more}${webAt}      group: ${group}\n`));
  const stackName = uniqueStack("yaml-references");
  const run = await stackRun({ home, stackName, projectName: PROJECT, envVars: api().envVars });
  const config = { [`${PROJECT}:appSecret`]: { value: SECRET, secret: true } };
  await api().control.resetRequests();
  write("no-such-group");
  const [refused] = await run([{ op: "preview", expectFailure: true, config }]);
  expect(refused.ok).toBe(false);
  const errors = refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
  expect(errors.join("\n")).toMatch(
    /cim:index:Instance resource 'web': property group value \{no-such-group\} has a problem: group names no instance group named "no-such-group" in /,
  );
  expect(mutating(await api().control.requests())).toEqual({});
  // the group from a resource of the program: its name is known at preview, yet it is made by this run; made
  // under an explicit provider of the same region, whose checks run in another plugin process than the web's
  write(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pulumi YAML interpolation, written into the program
    "${team.name}",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the same
    "  same-region:\n    type: pulumi:providers:cim\n  team:\n    type: cim:InstanceGroup\n    options:\n      provider: ${same-region}\n",
  );
  const [preview, up] = await run([{ op: "preview" }, { op: "up" }]);
  expect(preview.summary).toEqual({ create: 9 }); // the provider too
  expect(up.summary).toEqual({ create: 9 });
  const state = await api().control.state();
  const group = mine(state.instanceGroups).find((g) => g.name === "team");
  expect(state.instances[String(up.outputs?.webId)].groupId).toBe(group?.id);
  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 9 });
}, 120_000);
