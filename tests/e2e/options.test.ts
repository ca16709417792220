// Resource options the engine does not apply to dynamic resources, honoured by the SDK class through inputs:
// customTimeouts become the provider's timeouts, replaceOnChanges makes the provider's diff replace, and what
// cannot be honoured is a warning on the resource at preview.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicKeyFingerprint } from "../../provider/families/sshKeyPairs/client";
import { freshEd25519 } from "../fixtures/sshKeys";
import { pluginHome, sourceHome, stackRun } from "../harness";
import { mine, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

const program = path.join(__dirname, "programs", "options.cjs");
const options = (o: Record<string, unknown> | null) => ({
  "cim-e2e:options": o === null ? null : JSON.stringify(o),
});
/** A stack of the options program, in a home of its own. */
const optionsRun = (name: string) =>
  stackRun({ home: sourceHome(name), stackName: uniqueStack(name), program, envVars: api.envVars });

it("customTimeouts reach the provider: a deploy that outlives customTimeouts.create stops there", async () => {
  const run = await optionsRun("options-timeouts");
  await api.control.jobTiming({ latencyMs: 4_000 });
  const [slow] = await run([
    { op: "up", expectFailure: true, config: options({ customTimeouts: { create: "1s" } }) },
  ]);
  expect(slow.ok).toBe(false);
  expect(slow.output).toMatch(/was still running after 1 s/);
  // without the option the default (20 minutes) applies: the next up waits the deploy out
  await api.control.jobTiming({ latencyMs: 0 });
  const [done] = await run([{ op: "up", config: options(null) }, { op: "rm" }]);
  expect(done.outputs?.state).toBe("Running");
  expect(mine((await api.control.state()).instances)).toHaveLength(1);
}, 300_000);

it("replaceOnChanges replaces on an in-place field; what cannot be honoured warns at preview", async () => {
  const run = await optionsRun("options-replace");
  // a customTimeouts text the engine cannot parse either, and a version: each a warning, the program goes on
  const opts = {
    replaceOnChanges: ["displayName", "nope"],
    customTimeouts: { update: "soon" },
    version: "9.9.9",
  };
  const [up] = await run([{ op: "up", config: options(opts) }]);
  const firstId = String(up.outputs?.vmId);

  const [inPlace, replacing] = await run([
    { op: "preview", config: { ...options(null), "cim-e2e:displayName": "two" } },
    { op: "preview", config: options(opts), steps: true },
  ]);
  // displayName changes in place, unless replaceOnChanges names it
  expect(inPlace.summary).toMatchObject({ update: 1 });
  expect(inPlace.summary?.replace).toBeUndefined();
  expect(replacing.summary).toMatchObject({ replace: 1 });
  const vm = (replacing.steps ?? []).find((s) => s.urn.endsWith("::vm") && s.op === "replace");
  expect(vm?.keys).toEqual(["displayName"]);
  const warnings = replacing.diagnostics.filter((d) => d.severity === "warning" && d.urn?.endsWith("::vm"));
  expect(warnings.map((d) => d.message).join("\n")).toMatch(
    /replaceOnChanges "nope" names no input of cim:Instance "vm": ignored/,
  );
  expect(warnings.map((d) => d.message).join("\n")).toMatch(
    /customTimeouts\.update "soon" is not a duration pulumi-cim takes/,
  );
  expect(warnings.map((d) => d.message).join("\n")).toContain(
    "version is ignored: pulumi-cim's resources are served by the program's own package.",
  );
  // the engine was given neither: no plugin of that version looked for, no word from it
  const all = replacing.diagnostics.map((d) => d.message).join("\n");
  expect(all).not.toMatch(/expected to have version|unable to parse customTimeout/);

  const [replaced] = await run([{ op: "up" }, { op: "rm" }]);
  expect(replaced.summary).toMatchObject({ replace: 1 });
  expect(replaced.outputs?.vmId).not.toBe(firstId);
  expect(replaced.outputs?.displayName).toBe("two");
  const instances = (await api.control.state()).instances;
  expect(instances[String(replaced.outputs?.vmId)].state).toBe("Running");
  expect(["Destroyed", "Expunging", undefined]).toContain(instances[firstId]?.state);
}, 300_000);

it("the import option adopts the instance it names (Pulumi cannot import a dynamic resource) and says so", async () => {
  const c = api.client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const template = (await c.catalogue.templates()).find((t) => t.name === "Ubuntu 22.04 LTS")!;
  const offering = (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!;
  const vm = await c.instances.create({ zoneId, templateId: template.id, serviceOfferingId: offering.id });
  await c.jobs.wait(vm, { firstDelayMs: 0 });

  const run = await optionsRun("options-import");
  const before = Object.keys((await api.control.state()).instances).length;
  const [up, stable] = await run([
    { op: "up", config: options({ import: vm.id }) },
    { op: "preview" },
    { op: "rm" },
  ]);
  expect(up.outputs?.vmId).toBe(vm.id);
  expect(up.diagnostics.some((d) => /the import option is taken as adoptId/.test(d.message))).toBe(true);
  expect(stable.summary).toEqual({ same: 2 });
  const state = await api.control.state();
  expect(Object.keys(state.instances)).toHaveLength(before);
  expect(state.instances[String(vm.id)].displayName).toBe("one");
}, 300_000);

it("a rename without an alias is refused at preview with the way out; with the alias it is the same instance", async () => {
  const run = await optionsRun("options-rename");
  const host = `rename-${process.pid}`;
  const [up] = await run([{ op: "up", config: { ...options(null), "cim-e2e:name": host } }]);
  const id = String(up.outputs?.vmId);

  // Pulumi would create "web" before it deletes "vm": the host name is still the old instance's
  const [renamed, aliased] = await run([
    { op: "preview", expectFailure: true, config: { "cim-e2e:resource": "web" } },
    { op: "preview", config: options({ aliases: [{ name: "vm" }] }) },
  ]);
  expect(renamed.ok).toBe(false);
  const refusal = renamed.diagnostics.map((d) => d.message).join("\n");
  expect(refusal).toContain(`name "${host}" is taken: instance ${id} (state Running) has that host name`);
  expect(refusal).toContain(
    "If another cim.Instance of this stack holds it (a rename), give this one the old name in its `aliases` option (in Pulumi YAML, the old resource's URN), or remove the old one in an up of its own first; for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next (or `pulumi destroy --target` it first, which deletes what depends on it too); if a `pulumi up` stopped while making this one, `npx pulumi-cim recover` records what it made; else choose another name, or adopt that instance with adoptId",
  );
  expect(aliased.summary).toEqual({ same: 2 });

  const [moved] = await run([{ op: "up" }, { op: "rm" }]);
  expect(moved.summary).toEqual({ same: 2 });
  expect(moved.outputs?.vmId).toBe(id);
  expect((await api.control.state()).instances[id].state).toBe("Running");
}, 300_000);

it("`pulumi up --replace` of an instance, which Pulumi checks as a new one: refused at preview with the way out, which works", async () => {
  const run = await optionsRun("options-forced");
  const host = `forced-${process.pid}`;
  const [up] = await run([{ op: "up", config: { ...options(null), "cim-e2e:name": host } }]);
  const id = String(up.outputs?.vmId);
  const [exported] = await run([{ op: "export" }]);
  const vmUrn = exported.deployment?.deployment.resources.find((r: { type: string }) =>
    r.type.endsWith("cim:Instance"),
  ).urn;
  // the engine checks a replacement `--replace` forces with no old inputs and no diff before it, as a new resource,
  // and would make it before it deletes the old one (the API refuses a second instance with the host name)
  const [forced] = await run([{ op: "preview", expectFailure: true, options: { replace: [vmUrn] } }]);
  const refusal = forced.diagnostics.map((d) => d.message).join("\n");
  expect(refusal).toContain(`name "${host}" is taken: instance ${id} (state Running) has that host name`);
  expect(refusal).toContain(
    "for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next (or `pulumi destroy --target` it first, which deletes what depends on it too)",
  );
  // the way out the refusal names first: another host name for that up (the replacement is made with it, then
  // the old one deleted), and the name back in the next (a rename, in place)
  const [replaced, renamed] = await run([
    { op: "up", config: { "cim-e2e:name": `${host}-new` }, options: { replace: [vmUrn] } },
    { op: "up", config: { "cim-e2e:name": host } },
  ]);
  expect(replaced.summary).toEqual({ replace: 1, same: 1 });
  expect(replaced.outputs?.vmId).not.toBe(id);
  expect(renamed.summary).toEqual({ update: 1, same: 1 });
  expect(renamed.outputs?.vmId).toBe(replaced.outputs?.vmId);
  // and the other: the old one goes first, then up makes it again with its host name
  const [destroyed, remade] = await run([
    { op: "destroy", options: { target: [vmUrn] } },
    { op: "up" },
    { op: "rm" },
  ]);
  expect(destroyed.summary).toEqual({ delete: 1, same: 1 });
  expect(remade.summary).toEqual({ create: 1, same: 1 });
  const live = (await api.client.instances.listAll()).items.filter((i) => i.name === host);
  expect(live.map((i) => i.id)).toEqual([remade.outputs?.vmId]);
}, 300_000);

it("a new key for instances' key pair replaces only the key pair; a new name replaces them too, and preview says so", async () => {
  const run = await stackRun({
    home: sourceHome("options-key"),
    stackName: uniqueStack("options-key"),
    program: path.join(__dirname, "programs", "keyRotation.cjs"),
    envVars: api.envVars,
  });
  const keyName = `rot-key-${process.pid}`;
  const names = { "cim-e2e:keyName": keyName, "cim-e2e:hostName": `rot-web-${process.pid}` };
  const [up] = await run([{ op: "up", config: { ...names, "cim-e2e:publicKey": freshEd25519("one") } }]);
  // The key pair keeps its name, so it is replaced delete-first. The engine first diffs the instances with the
  // key's name unknown (its dependent replacements): the provider knows the replacement keeps the name, so they
  // stay, keeping the key they were deployed with, which a warning says.
  const two = freshEd25519("two");
  const [preview, rotated] = await run([
    { op: "preview", config: { "cim-e2e:publicKey": two }, steps: true },
    { op: "up", steps: true },
  ]);
  for (const r of [preview, rotated]) {
    expect(r.summary).toEqual({ replace: 1, same: 3 });
    const vms = r.steps!.filter((s) => s.type.endsWith("cim:Instance")).map((s) => s.op);
    expect(vms).toEqual(["same", "same"]);
    expect(r.diagnostics.map((d) => d.message).join("\n")).toMatch(
      /publicKey changes under the same name: .* are not replaced and keep the old key/,
    );
  }
  expect(rotated.outputs?.vmId).toBe(up.outputs?.vmId);
  const live = mine((await api.control.state()).sshKeyPairs).filter((k) => k.name === keyName);
  expect(live.map((k) => k.fingerprint)).toEqual([publicKeyFingerprint(two)]);
  // A new name, the same key (so delete-first too): the instances' sshKeyNames change, which only a new deploy
  // applies, so the engine deletes them first and registers them again, each checked with no old inputs after the
  // other's diff: at preview each record still holds its host name, its own.
  const renamed = { "cim-e2e:keyName": `${keyName}-b` };
  const [preview2, moved] = await run([{ op: "preview", config: renamed }, { op: "up" }, { op: "rm" }]);
  expect(preview2.summary).toMatchObject({ replace: 3 });
  expect(moved.summary).toMatchObject({ replace: 3 });
  expect(moved.outputs?.vmId).not.toBe(up.outputs?.vmId);
}, 300_000);

it("on the plugin, replaceOnChanges replaces an instance that keeps its host name, deleting it first", async () => {
  // the engine turns the plugin's in-place diff into a replacement and checks it again with no old inputs, under the
  // same URN: the record holding the host name is the instance itself, which the plugin's diff says to delete first
  const run = await stackRun({
    home: pluginHome("options-native-roc", "cim-e2e"),
    stackName: uniqueStack("options-native-roc"),
    program,
    envVars: api.envVars,
  });
  const host = `roc-${process.pid}`;
  const opts = { replaceOnChanges: ["displayName"] };
  const [up] = await run([{ op: "up", config: { ...options(opts), "cim-e2e:name": host } }]);
  const [preview, replaced] = await run([
    { op: "preview", config: { "cim-e2e:displayName": "two" } },
    { op: "up" },
    { op: "rm" },
  ]);
  expect(preview.summary).toMatchObject({ replace: 1 });
  expect(replaced.summary).toMatchObject({ replace: 1 });
  expect(replaced.outputs?.vmId).not.toBe(up.outputs?.vmId);
  const live = (await api.client.instances.listAll()).items.filter((i) => i.name === host);
  expect(live.map((i) => i.id)).toEqual([replaced.outputs?.vmId]);
}, 300_000);

it("on the plugin, an instance a failed create left previews as replaced for its state, with why, and no change the program did not make", async () => {
  const run = await stackRun({
    home: pluginHome("options-native-failed", "cim-e2e"),
    stackName: uniqueStack("options-native-failed"),
    program,
    envVars: api.envVars,
  });
  await api.control.fault({
    method: "POST",
    route: "/compute/instances",
    times: 1,
    jobFail: { detail: "Unable to create a deployment for VM[User|vm]" },
  });
  const [failed] = await run([{ op: "up", config: options(null), expectFailure: true }]);
  expect(failed.ok).toBe(false);
  const [preview, progress, up] = await run([
    { op: "preview", options: { diff: true } },
    // the progress display (not the diff display) prints the engine's messages
    { op: "preview", options: { diff: false } },
    { op: "up" },
    { op: "destroy" },
    { op: "rm" },
  ]);
  const shown = preview.output
    .split("\n")
    .filter((l) => /^\s*[-+~]{1,2}\s|\[diff:/.test(l) || /cim:Instance/.test(l));
  console.log(shown.join("\n"));
  expect(preview.summary).toMatchObject({ replace: 1 });
  // the failed record never got its tags: not a change of the program's
  expect(preview.output).not.toMatch(/~ tags/);
  expect(preview.output).toMatch(/- state\s*: "Error"/);
  expect(progress.output).toMatch(
    /cim:Instance "[^"]+" \(id [0-9a-f-]{36}\) is in state Error \(a create that failed leaves it so\): it cannot be repaired, so this up replaces it/,
  );
  expect(up.summary).toMatchObject({ replace: 1 });
}, 300_000);
