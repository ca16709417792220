// A deploy that outlives the resource's create timeout is kept as partial state (not lost, not duplicated);
// the next up waits for the platform to finish and completes it.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { resourcesOf, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

it("keeps a deploy that timed out and completes it on the next up", async () => {
  const home = sourceHome("timeouts");
  const stackName = uniqueStack("timeouts");
  const program = path.join(__dirname, "programs", "single.cjs");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  await api.control.jobTiming({ latencyMs: 4_000 });
  const [slow, exported] = await run([
    { op: "up", expectFailure: true, config: { "cim-e2e:createTimeout": "1s" } },
    { op: "export" },
  ]);
  expect(slow.output).toMatch(/cim:Instance "vm-[0-9a-f]{12}" \(id [0-9a-f-]{36}\) in region de-fra-1/);
  expect(slow.output).toMatch(/was still running after \d+ s/);
  const [vm] = resourcesOf(exported.deployment, "cim:Instance");
  expect(vm.initErrors?.length).toBe(1);
  expect(vm.outputs.state).toBe("Starting");

  await api.control.jobTiming({ latencyMs: 0 });
  const [done, stable] = await run([
    { op: "up", config: { "cim-e2e:createTimeout": null } },
    { op: "preview" },
    { op: "rm" },
  ]);
  expect(done.outputs?.vmId).toBe(vm.id);
  expect(done.outputs?.state).toBe("Running");
  expect(stable.summary).toEqual({ same: 2 });
  const mine = Object.values((await api.control.state()).instances).filter(
    (i: any) => i.account === "user-1",
  );
  expect(mine).toHaveLength(1);
}, 240_000);
