// A key rotation through the real CLI, in Pulumi YAML on the plugin: an SSH key pair given a new public key under
// the same name is replaced delete-first (names are unique), and the instance naming it (`sshKeyNames:
// ["${ops.name}"]`) stays as it is. The engine, before that delete, diffs the instance with its sshKeyNames made
// unknown and deletes first whatever that diff replaces (its dependent replacements); the plugin's diff knows the
// key pair's replacement keeps the name, so the instance is not replaced, at preview as at up. Preview warns that
// the instance keeps the old key (the platform copied it in at deploy; the API cannot reset it). A rename of the
// key pair does change the instance's sshKeyNames, so the instance is replaced, and its step names the field.
// The same holds with the instance under an explicit provider: its diff runs in another plugin process than the key
// pair's, which tells it the name the replacement keeps.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { mine, uniqueStack, useApi } from "../e2e/support";
import { ED25519, ED25519_B, ED25519_B_MD5 } from "../fixtures/sshKeys";
import { stackRun } from "../harness";
import { pluginHome } from "./support";

const api = useApi();
const PROJECT = "cim-key-rotation";

/**
 * The key pair and an instance naming it, in Pulumi YAML; the key's name and text from stack config. `explicit`: the
 * instance under a provider of its own (the same settings).
 */
const program = (explicit: boolean) => `config:
  keyName: { type: string }
  publicKey: { type: string }
variables:
  zoneId:
    fn::invoke: { function: cim:index:getZone, arguments: { name: de-fra-1a }, return: id }
  templateId:
    fn::invoke: { function: cim:index:getTemplate, arguments: { name: Ubuntu 22.04 LTS }, return: id }
  serviceOfferingId:
    fn::invoke: { function: cim:index:getComputeOffering, arguments: { name: Small }, return: id }
resources:${
  explicit
    ? `
  other:
    type: pulumi:providers:cim`
    : ""
}
  ops:
    type: cim:index:SshKeyPair
    properties:
      name: \${keyName}
      publicKey: \${publicKey}
  web:
    type: cim:index:Instance
    properties:
      zoneId: \${zoneId}
      templateId: \${templateId}
      serviceOfferingId: \${serviceOfferingId}
      sshKeyNames: ["\${ops.name}"]${
        explicit
          ? `
    options:
      provider: \${other}`
          : ""
      }
outputs:
  webId: \${web.id}
  keyId: \${ops.id}
`;

/** What the engine announced of each step: its operation, resource name, replace reasons and detailed diff. */
const stepsOf = (steps: any[] | undefined) =>
  (steps ?? [])
    .filter((s) => s.type?.startsWith("cim:index:"))
    .map((s) => ({
      op: s.op,
      name: String(s.urn).split("::").pop(),
      keys: s.keys ?? [],
      detailedDiff: Object.fromEntries(
        Object.entries(s.detailedDiff ?? {}).map(([k, d]: [string, any]) => [k, d.diffKind]),
      ),
    }));

describe.each([
  { where: "under the default provider", explicit: false },
  { where: "under an explicit provider", explicit: true },
])("the instance $where", ({ explicit }) => {
  it("a new key under the same name replaces only the key pair: the instance is kept, and preview says it keeps the old key", async () => {
    const home = pluginHome("key-rotation", "yaml", PROJECT);
    const file = path.join(home.workDir, "Pulumi.yaml");
    fs.appendFileSync(file, program(explicit));
    const providers = explicit ? 1 : 0;
    const run = await stackRun({
      home,
      stackName: uniqueStack("key-rotation"),
      projectName: PROJECT,
      envVars: api().envVars,
    });
    const keyName = `ops-${process.pid}`;
    const [up] = await run([
      {
        op: "up",
        config: { [`${PROJECT}:keyName`]: keyName, [`${PROJECT}:publicKey`]: ED25519 },
      },
    ]);
    expect(up.summary).toEqual({ create: 3 + providers });
    const webId = String(up.outputs?.webId);

    const [preview, rotated] = await run([
      { op: "preview", config: { [`${PROJECT}:publicKey`]: ED25519_B }, steps: true },
      { op: "up", steps: true },
    ]);
    for (const r of [preview, rotated]) {
      expect(r.summary).toMatchObject({ replace: 1, same: 2 + providers });
      expect(stepsOf(r.steps)).toEqual([
        { op: "delete-replaced", name: "ops", keys: [], detailedDiff: {} },
        { op: "replace", name: "ops", keys: ["publicKey"], detailedDiff: { publicKey: "update-replace" } },
        {
          op: "create-replacement",
          name: "ops",
          keys: ["publicKey"],
          detailedDiff: { publicKey: "update-replace" },
        },
        { op: "same", name: "web", keys: [], detailedDiff: {} },
      ]);
      const warnings = r.diagnostics.filter((d) => d.severity === "warning" && d.urn?.endsWith("::ops"));
      expect(warnings.map((d) => d.message).join("\n")).toMatch(
        /publicKey changes under the same name: .*Instances deployed with it, .* are not replaced and keep the old key .*pulumi up --replace <its URN>/,
      );
    }
    expect(rotated.outputs?.webId).toBe(webId);
    const state = await api().control.state();
    const keys = mine(state.sshKeyPairs).filter((k) => k.name === keyName);
    expect(keys.map((k) => [k.id, k.fingerprint])).toEqual([[rotated.outputs?.keyId, ED25519_B_MD5]]);
    expect(state.instances[webId]).toMatchObject({ state: "Running", keyPair: keyName });

    // A rename (the same key): the instance's sshKeyNames changes, which only a new deploy can apply, so the engine
    // deletes it before the key pair and makes it again after, naming the field as the reason.
    const [renamed] = await run([
      { op: "up", config: { [`${PROJECT}:keyName`]: `${keyName}-b` }, steps: true },
    ]);
    expect(renamed.summary).toMatchObject({ replace: 2 });
    const web = stepsOf(renamed.steps).filter((s) => s.name === "web");
    expect(web.map((s) => s.op)).toEqual(["delete-replaced", "replace", "create-replacement"]);
    expect(web[2].keys).toEqual(["sshKeyNames"]);
    expect(renamed.output).toMatch(
      /\+\+ cim:index:Instance web creat\w+ replacement .*\[diff: ~sshKeyNames\]/,
    );
    expect(renamed.outputs?.webId).not.toBe(webId);
    const after = await api().control.state();
    expect(after.instances[String(renamed.outputs?.webId)].keyPair).toBe(`${keyName}-b`);

    const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
    expect(destroyed.summary).toEqual({ delete: 3 + providers });
  }, 180_000);
});
