// Import through the native plugin: a volume made out of band through the API is imported by id (the `import`
// resource option: the engine reads it with neither inputs nor state, checks the program's inputs and diffs them
// against what was read, and refuses the import on any difference), read with `.get()` (a read resource), and the
// next `up` changes nothing: no step but same, no mutating request. (`pulumi import` runs the same Read, but the
// CLI also loads the project's language plugin, pulumi-language-nodejs, which this toolchain does not build.)
import { expect, it } from "vitest";
import { mutating, resourcesOf, uniqueStack, useApi } from "../e2e/support";
import { declare, pluginHome, pluginRun } from "./support";

const api = useApi();

it("imports a volume made out of band, reads it with get, the next up is a no-op, and a refresh finds drift", async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const custom = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!;
  const vol = await c.volumes.create({ name: "legacy-data", zoneId, diskOfferingId: custom.id, size: 10 });
  await c.jobs.wait(vol, { firstDelayMs: 0 });
  await c.tags.add({ kind: "volume", id: vol.id! }, { team: "data" });

  const home = pluginHome("native-import");
  const stackName = uniqueStack("native-import");
  const run = await pluginRun(home, stackName, api().envVars);
  const props = { name: "legacy-data", zoneId, diskOfferingId: custom.id, size: 10, tags: { team: "data" } };
  await api().control.resetRequests();
  const [imported, exported] = await run([
    {
      op: "up",
      config: declare(
        { kind: "Volume", name: "legacy-data", props, opts: { import: vol.id } },
        { kind: "Volume", name: "legacy-get", props: {}, opts: { id: vol.id } },
      ),
    },
    { op: "export" },
  ]);
  expect(imported.summary).toMatchObject({ import: 1 });
  expect(mutating(await api().control.requests())).toEqual({});
  const named = (n: string) =>
    resourcesOf(exported.deployment, "cim:index:Volume").find((r) => r.urn.endsWith(`::${n}`));
  const [adopted, read] = [named("legacy-data"), named("legacy-get")];
  expect(adopted).toMatchObject({ id: vol.id, inputs: props, outputs: { name: "legacy-data", size: 10 } });
  expect(read).toMatchObject({ id: vol.id, external: true, outputs: { name: "legacy-data", zoneId } });

  const [again, preview] = await run([
    {
      op: "up",
      config: declare(
        { kind: "Volume", name: "legacy-data", props },
        { kind: "Volume", name: "legacy-get", props: {}, opts: { id: vol.id } },
      ),
    },
    { op: "preview" },
  ]);
  // the stack, the volume and the read of it: nothing but same
  for (const r of [again, preview]) expect(Object.keys(r.summary ?? {})).toEqual(["same"]);
  expect(mutating(await api().control.requests())).toEqual({});

  // A refresh reads the live tags back as the inputs they stand for: the next preview puts the program's back.
  await c.tags.add({ kind: "volume", id: vol.id! }, { owner: "someone-else" });
  const [refreshed, drift] = await run([{ op: "refresh" }, { op: "preview", steps: true }]);
  expect(refreshed.summary).toMatchObject({ update: 2 }); // the volume and its read (get)
  expect(drift.summary).toMatchObject({ update: 1 });
  const step = drift.steps!.find((s) => s.urn.endsWith("::legacy-data") && s.op === "update");
  expect(step.detailedDiff).toEqual({ tags: { diffKind: "update", inputDiff: false } });
}, 180_000);
