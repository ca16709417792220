// Through the real CLI: a change to a secret input (an instance's userData) with a tag change is named by the
// plugin's detailed diff as the cause of the replacement (the engine's step events: detailedDiff update-replace
// and the replace keys), without the secret in the events; and two explicit providers in two regions each put
// their resources in their own region (one plugin process per provider: the configuration is not shared); the
// default provider takes the stack's cim:* config; a token in provider inputs is a secret in state.
import { expect, it } from "vitest";
import { mine, resourcesOf, uniqueStack, useApi } from "../e2e/support";
import { declare, pluginHome, pluginRun } from "./support";

const api = useApi();
const b64 = (t: string) => Buffer.from(t).toString("base64");

it("names a changed secret input as the cause of a replacement, beside an in-place tag change", async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const templateId = (await c.catalogue.templates()).find((t) => t.name === "Ubuntu 22.04 LTS")!.id;
  const serviceOfferingId = (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!.id;
  const vm = (userData: string, tags: Record<string, string>) => ({
    kind: "Instance",
    name: "web",
    props: { name: "web", zoneId, templateId, serviceOfferingId, userData: b64(userData), tags },
    secrets: ["userData"],
  });
  const run = await pluginRun(pluginHome("native-secrets"), uniqueStack("native-secrets"), api().envVars);
  const [up, preview, exported] = await run([
    { op: "up", config: declare(vm("#cloud-config\n", { env: "a" })) },
    { op: "preview", steps: true, config: declare(vm("#cloud-config\nruncmd: [true]\n", { env: "b" })) },
    { op: "export-raw" },
  ]);
  const step = preview.steps!.find((s) => s.urn.endsWith("::web") && s.op === "replace");
  expect(step.detailedDiff).toEqual({
    userData: { diffKind: "update-replace", inputDiff: true },
    tags: { diffKind: "update", inputDiff: false },
  });
  expect(step.keys).toEqual(["userData"]);
  // the payload is in neither the events nor state in plain text
  const said = JSON.stringify(preview.steps) + preview.output;
  expect(said).not.toContain(b64("#cloud-config\nruncmd: [true]\n"));
  const [inState] = resourcesOf(exported.deployment, "cim:index:Instance");
  expect(JSON.stringify(inState)).not.toContain(b64("#cloud-config\n"));
  const encrypted = {
    "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
    ciphertext: expect.any(String),
  };
  expect(inState.inputs.userData).toMatchObject(encrypted);
  // the output the kind declares secret goes back wrapped, so state keeps it encrypted
  expect(inState.outputs.userDataHash).toMatchObject(encrypted);
  // no hidden list of the given inputs: the plugin reads them from the inputs in state (the refresh below needs
  // them to tell the tags the program gave from the API's)
  expect(inState.outputs).not.toHaveProperty("__given");

  // A refresh that finds the tags moved gives the engine the inputs the live values stand for, and the program's
  // secret input with them (it is never an output, so only the old inputs hold it): state keeps it, and the next
  // preview puts the tags back and replaces nothing.
  await c.tags.add({ kind: "instance", id: up.outputs!.web }, { owner: "someone-else" });
  const [, afterRefresh, drift] = await run([
    { op: "refresh", config: declare(vm("#cloud-config\n", { env: "a" })) },
    { op: "export-raw" },
    { op: "preview", steps: true },
  ]);
  const [refreshed] = resourcesOf(afterRefresh.deployment, "cim:index:Instance");
  expect(refreshed.inputs.tags).toEqual({ env: "a", owner: "someone-else" });
  expect(refreshed.inputs.userData).toMatchObject(encrypted);
  const back = drift.steps!.find((s) => s.urn.endsWith("::web"));
  expect(back.op).toBe("update");
  expect(back.detailedDiff).toEqual({ tags: { diffKind: "update", inputDiff: false } });
}, 240_000);

it("serves two explicit providers in two regions, each with its own configuration, the token a secret in state", async () => {
  const c = api().client;
  const [fra, ams] = ["de-fra-1", "nl-ams-1"].map((n) => api().emu.regions.find((r) => r.name === n)!.id);
  const volumeIn = async (region: string, name: string, provider: string) => ({
    kind: "Volume",
    name,
    props: {
      name,
      zoneId: (await c.catalogue.zones({ region }))[0].id,
      diskOfferingId: (await c.catalogue.diskOfferings({ region })).find((o) => o.name === "Custom")!.id,
      size: 5,
    },
    opts: { provider },
  });
  const run = await pluginRun(pluginHome("native-providers"), uniqueStack("native-providers"), api().envVars);
  const token = api().token;
  // a setting that breaks its rule fails at preview, naming it and the rule (CheckConfig)
  const [refused] = await run([
    {
      op: "preview",
      expectFailure: true,
      config: declare({ kind: "Provider", name: "fra", props: { region: fra, token, maxRetries: "99" } }),
    },
  ]);
  const errors = refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
  expect(errors.join("\n")).toMatch(
    /pulumi:providers:cim resource 'fra': property maxRetries value \{99\} has a problem: maxRetries must be a whole number from 0 .*; got "99" from provider "fra"\./,
  );
  expect((refused.output + refused.stderr + errors.join("")).includes(token), "token in the output").toBe(
    false,
  );
  const [up, exported] = await run([
    {
      op: "up",
      config: declare(
        // a token given as a plain provider input: the plugin's CheckConfig makes it a secret
        { kind: "Provider", name: "fra", props: { region: fra, token } },
        { kind: "Provider", name: "ams", props: { region: ams } },
        await volumeIn(fra, "in-fra", "fra"),
        await volumeIn(ams, "in-ams", "ams"),
      ),
    },
    { op: "export-raw" },
  ]);
  const state = JSON.stringify(exported.deployment);
  expect(state).toContain('"pulumi:providers:cim"');
  // booleans: a failure must not print the token either
  expect(state.includes(token), "token in state").toBe(false);
  expect((up.output + up.stderr).includes(token), "token in the CLI's output").toBe(false);
  const volumes = mine((await api().control.state()).volumes);
  const regionOf = (name: string) => volumes.find((v: any) => v.name === name)?.regionId;
  expect([regionOf("in-fra"), regionOf("in-ams")]).toEqual([fra, ams]);
  expect(up.outputs).toMatchObject({ "in-fra": expect.any(String), "in-ams": expect.any(String) });
}, 240_000);

it("configures the default provider from the stack's cim:* config, the token kept encrypted", async () => {
  const c = api().client;
  const { CIM_BASE_URL, CIM_TOKEN, ...rest } = api().envVars;
  const zoneId = (await c.catalogue.zones())[0].id;
  const diskOfferingId = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!.id;
  const run = await pluginRun(pluginHome("native-stackconfig"), uniqueStack("native-stackconfig"), rest);
  const [up, exported] = await run([
    {
      op: "up",
      env: { CIM_BASE_URL: null, CIM_TOKEN: null },
      config: {
        "cim:baseUrl": CIM_BASE_URL,
        "cim:token": { value: CIM_TOKEN, secret: true },
        ...declare({
          kind: "Volume",
          name: "by-config",
          props: { name: "by-config", zoneId, diskOfferingId, size: 5 },
        }),
      },
    },
    { op: "export-raw" },
  ]);
  expect(up.outputs?.["by-config"]).toMatch(/^[0-9a-f-]{36}$/);
  const [provider] = resourcesOf(exported.deployment, "pulumi:providers:cim");
  expect(provider.inputs.baseUrl).toBe(CIM_BASE_URL);
  expect(provider.inputs.token).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });
  expect(JSON.stringify(exported.deployment).includes(CIM_TOKEN), "token in state").toBe(false);
}, 240_000);
