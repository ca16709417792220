// Done-when 6 (deleteProtection) and the secret userData: destroy is refused clearly while deleteProtection
// is on, goes through once the program turns it off; userData is a secret in state (outputs: its digest).
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { cliExport, resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

const program = path.join(__dirname, "programs", "single.cjs");
const userData = Buffer.from("#cloud-config\nruncmd: [echo hello-secret]\n").toString("base64");

it("refuses to destroy a protected instance, then destroys it once unprotected", async () => {
  const home = sourceHome("protection");
  const stackName = uniqueStack("protection");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  const [up, exported] = await run([
    {
      op: "up",
      config: {
        "cim-e2e:deleteProtection": "true",
        "cim-e2e:userData": { value: userData, secret: true },
        "cim-e2e:templateTags": JSON.stringify({ owner: "platform", tier: "gold" }),
      },
    },
    { op: "export" },
  ]);
  const vmId = String(up.outputs?.vmId);
  expect((await api.control.state()).instances[vmId].deleteProtection).toBe(true);

  // userData is a secret input in the checkpoint, and outputs keep only its digest, a secret too:
  // `pulumi stack export` shows only ciphertext (the Automation API's export decrypts secrets but still
  // marks them).
  const vm = resourcesOf(exported.deployment, "cim:Instance")[0];
  const SECRET = "4dabf18193072939515e22adb298388d";
  expect(vm.inputs.userData).toHaveProperty(SECRET);
  expect(vm.outputs.userData).toBeUndefined();
  expect(vm.outputs.userDataHash).toHaveProperty(SECRET);
  const plain = await cliExport(home, stackName);
  expect(plain).toContain('"ciphertext"');
  expect(plain).not.toContain(userData);
  expect(plain).not.toContain(api.token);
  expect(JSON.stringify(exported.deployment)).not.toContain(api.token);

  // cim.Tags on a type without a tag route of its own (templates), through the generic tag endpoint.
  const template = { resourceType: "Template", resourceId: String(up.outputs?.templateId) };
  await api.client.tags.add(template, { unrelated: "kept" });
  const tagsOf = async () =>
    Object.fromEntries((await api.client.tags.list(template)).map((t) => [t.key, t.value]));
  expect(await tagsOf()).toEqual({ owner: "platform", tier: "gold", unrelated: "kept" });

  const [refused] = await run([{ op: "destroy", expectFailure: true }]);
  expect(refused.ok).toBe(false);
  expect(refused.output).toContain("deleteProtection is on, so the API refuses to delete it");
  expect(refused.output).toContain(
    "Set deleteProtection: false on it in the program (put it back if it was removed) and run pulumi up --target '<its URN: pulumi stack --show-urns>' (--target changes this instance alone, so nothing a destroy under way has deleted comes back), then delete again",
  );
  expect((await api.control.state()).instances[vmId]).toBeDefined();

  // a change that replaces it (another image) deletes it: refused at preview, before the engine deletes anything
  const [replacing] = await run([
    { op: "preview", expectFailure: true, config: { "cim-e2e:template": "Debian 12" } },
  ]);
  expect(replacing.ok).toBe(false);
  const errors = replacing.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim());
  expect(errors).toEqual([
    expect.stringMatching(
      /^cim:Instance "vm-\w+" \(id [0-9a-f-]+\): templateId cannot change in place, so this change replaces the instance, which deletes it; but deleteProtection is on, so the API refuses to delete it: set deleteProtection: false in an up of its own first, then make this change$/,
    ),
  ]);
  expect((await api.control.state()).instances[vmId]).toBeDefined();

  const [unprotected, destroyed] = await run([
    {
      op: "up",
      config: {
        "cim-e2e:template": null,
        "cim-e2e:deleteProtection": "false",
        "cim-e2e:templateTags": JSON.stringify({ owner: "platform" }),
      },
    },
    { op: "destroy" },
    { op: "rm" },
  ]);
  // The failed destroy removed what it could (the template tags); this up puts them back and unprotects.
  expect(unprotected.summary).toMatchObject({ update: 1, create: 1 });
  expect(destroyed.summary).toEqual({ delete: 3 });
  // cim.Tags removed only the keys it manages.
  expect(await tagsOf()).toEqual({ unrelated: "kept" });
  expect((await api.control.state()).instances[vmId]).toBeUndefined();
}, 600_000);
