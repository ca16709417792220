// After a refresh that found drift, `pulumi preview --diff` names each drifted field with its live value and the
// program's: the refresh gives the engine the inputs the live values stand for, and the engine diffs the program's
// inputs against those. Fields the program leaves out and the API fills in (an instance's name, root disk size,
// region) stay out of them, so they never show as removed.
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

it("preview --diff after a refresh shows the drifted fields with their live and desired values", async () => {
  const home = sourceHome("drift-diff");
  const program = exampleProgram(home, "quickstart");
  const stackName = uniqueStack("drift-diff");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  const [up] = await run([{ op: "up" }]);
  const webId = String(up.outputs?.webId);
  const c = api.client;
  await c.tags.add({ kind: "instance", id: webId }, { owner: "someone-else" });
  await c.jobs.wait(await c.instances.stop(webId), { firstDelayMs: 0 });

  const [refresh, exported, preview] = await run([
    { op: "refresh" },
    { op: "export" },
    { op: "preview", steps: true },
  ]);
  expect(refresh.summary).toMatchObject({ update: 1 });
  // state's inputs for web are now what the live instance stands for: only fields the program gives, plus the
  // power state it leaves out (its absence means "running")
  const webState = exported.deployment!.deployment.resources.find((r: any) => r.id === webId);
  const { __provider: _, ...inputs } = webState.inputs;
  expect(inputs).toMatchObject({
    tags: { env: "demo", role: "web", owner: "someone-else" },
    powerState: "stopped",
  });
  expect(Object.keys(inputs).sort()).toEqual(
    ["displayName", "networkIds", "powerState", "serviceOfferingId", "tags", "templateId", "zoneId"].sort(),
  );

  // The engine's step for web: an update whose old inputs hold the live values and whose new ones the program's.
  const steps = preview.steps ?? [];
  const web = steps.find((s) => s.urn.endsWith("::web"));
  expect(web.op).toBe("update");
  expect(web.old.inputs.tags).toEqual({ env: "demo", role: "web", owner: "someone-else" });
  expect(web.new.inputs.tags).toEqual({ env: "demo", role: "web" });
  // the program leaves the power state out; its check gives the value that absence means, so the diff is a change
  expect(web.old.inputs.powerState).toBe("stopped");
  expect(web.new.inputs.powerState).toBe("running");
  const changed = Object.keys({ ...web.old.inputs, ...web.new.inputs }).filter(
    (k) => JSON.stringify(web.old.inputs[k]) !== JSON.stringify(web.new.inputs[k]),
  );
  expect(changed.sort()).toEqual(["powerState", "tags"]);
  expect(steps.filter((s) => s.op !== "same").map((s) => s.urn.split("::").pop())).toEqual(["web"]);
  // what `pulumi preview --diff` prints for it
  expect(preview.output).toMatch(/~ powerState\s*: "stopped" => "running"/);
  expect(preview.output).toMatch(/~ tags\s*: \{[^}]*- owner: "someone-else"/);
  expect(preview.output).not.toMatch(/[-+] (name|rootDiskSize|region)\s*:/);

  // a second refresh that finds nothing new keeps those inputs; up restores the program's and shows no drift
  const [again, restored, stable] = await run([
    { op: "refresh" },
    { op: "up" },
    { op: "preview", steps: true },
    { op: "rm" },
  ]);
  expect(again.summary).toEqual({ same: 7 });
  expect(restored.summary).toMatchObject({ update: 1 });
  expect(stable.summary).toEqual({ same: 7 });
  const state = await api.control.state();
  expect(state.instances[webId].state).toBe("Running");
  expect(state.instances[webId].tags).toEqual({ env: "demo", role: "web" });
}, 600_000);
