// Done-when 3: changes made straight to the API (a tag added, an instance stopped, a volume deleted) show
// after `pulumi refresh`, and the next `up` restores what the program declares.
import { afterAll, beforeAll, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { exampleProgram, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

it("shows out-of-band changes after refresh and restores them on the next up", async () => {
  const home = sourceHome("drift");
  const program = exampleProgram(home, "quickstart");
  const stackName = uniqueStack("drift");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  const [up] = await run([{ op: "up" }]);
  const webId = String(up.outputs?.webId);
  const volumeId = String(up.outputs?.volumeId);

  // Out of band: a tag added on web, web stopped, the data volume detached and deleted.
  const c = api.client;
  await c.tags.add({ kind: "instance", id: webId }, { owner: "someone-else" });
  await c.jobs.wait(await c.instances.stop(webId), { firstDelayMs: 0 });
  await c.jobs.wait(await c.volumes.detach(volumeId), { firstDelayMs: 0 });
  await c.jobs.wait(await c.volumes.delete(volumeId), { firstDelayMs: 0 });

  const [refresh, preview, exported] = await run([{ op: "refresh" }, { op: "preview" }, { op: "export" }]);
  // web drifted (stopped, extra tag); the volume is gone from the platform and from the state.
  expect(refresh.summary).toMatchObject({ update: 1, delete: 1 });
  const web = exported.deployment!.deployment.resources.find((r: any) => r.id === webId);
  expect(web.outputs.powerState).toBe("stopped");
  expect(web.outputs.tags).toEqual({ env: "demo", role: "web", owner: "someone-else" });
  expect(exported.deployment!.deployment.resources.some((r: any) => r.id === volumeId)).toBe(false);
  // The next up will start web, drop the tag and create a volume again.
  expect(preview.summary).toMatchObject({ update: 1, create: 1 });

  const [restored, stable] = await run([{ op: "up" }, { op: "preview" }, { op: "rm" }]);
  expect(restored.summary).toMatchObject({ update: 1, create: 1 });
  expect(stable.summary).toEqual({ same: 7 });
  const state = await api.control.state();
  expect(state.instances[webId].state).toBe("Running");
  expect(state.instances[webId].tags).toEqual({ env: "demo", role: "web" });
  const volume = state.volumes[String(restored.outputs?.volumeId)];
  expect(volume.virtualMachineId).toBe(String(up.outputs?.dbId));
  expect(state.volumes[volumeId]).toBeUndefined();
}, 600_000);
