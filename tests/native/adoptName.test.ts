// Through the real CLI, on the plugin: a resource adopted with `adoptId` and no `name` keeps its live name, and a
// program that then drops `adoptId` changes nothing. The plugin named it from the URN before (its old inputs hold no
// name), so the preview showed `~ name: "legacy-data" => "data"` and replaced the volume with a new, empty one.
import { expect, it } from "vitest";
import { mine, uniqueStack, useApi } from "../e2e/support";
import { declare, pluginHome, pluginRun } from "./support";

const api = useApi();

it("an adoption without a name keeps the live name when the program drops adoptId: no change", async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const diskOfferingId = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!.id;
  const made = await c.volumes.create({ name: "legacy-data", zoneId, diskOfferingId, size: 5 });
  await c.jobs.wait(made, { firstDelayMs: 0 });
  const volume = (props: Record<string, unknown>) => ({
    kind: "Volume",
    name: "data",
    props: { zoneId, diskOfferingId, size: 5, ...props },
  });
  const run = await pluginRun(
    pluginHome("native-adopt-name"),
    uniqueStack("native-adopt-name"),
    api().envVars,
  );
  const [adopted, dropped, up] = await run([
    { op: "up", config: declare(volume({ adoptId: made.id })) },
    { op: "preview", config: declare(volume({})) },
    { op: "up" },
  ]);
  expect(adopted.summary).toEqual({ create: 2 }); // the stack and the volume, adopted
  expect(dropped.summary).toEqual({ same: 2 });
  expect(up.summary).toEqual({ same: 2 });
  const volumes = mine((await api().control.state()).volumes);
  expect(volumes.map((v: any) => [v.id, v.name])).toEqual([[made.id, "legacy-data"]]);
  await run([{ op: "destroy" }, { op: "rm" }]);
}, 300_000);
