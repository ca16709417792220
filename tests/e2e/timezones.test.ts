// Issue 11, through the real engine: against a server at UTC−10 whose clock runs five minutes ahead of ours,
// a `pulumi up` of one (unnamed) instance whose create answer is lost adopts the job the create made: exactly
// one instance exists, the state holds it, and a second `up` changes nothing.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { mine, mutating, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi({ timezone: "Pacific/Honolulu", clockSkewMs: 5 * 60_000 });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

it("adopts a lost instance create on a server at UTC−10, its clock 5 minutes off: one instance, then no changes", async () => {
  const home = sourceHome("timezones");
  const stackName = uniqueStack("timezones");
  const program = path.join(__dirname, "programs", "single.cjs");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  await api.control.resetRequests();
  // The deploy is performed (job, instance, audit row), then the connection drops before the answer.
  await api.control.fault({ method: "POST", route: "/compute/instances", action: "drop-after", times: 1 });
  const [up] = await run([{ op: "up" }]);
  expect(up.summary).toEqual({ create: 2 }); // the stack and the instance
  const afterUp = await api.control.requests();
  expect(afterUp["POST /api/v1/compute/instances"]).toBe(1);
  expect(afterUp["GET /api/v1/jobs"]).toBeGreaterThanOrEqual(1); // the lost answer was looked up
  const vms = mine((await api.control.state()).instances);
  expect(vms).toHaveLength(1);
  expect(vms[0].state).toBe("Running");
  expect(up.outputs?.vmId).toBe(vms[0].id);
  expect(up.outputs?.state).toBe("Running");

  const [again] = await run([{ op: "up" }]);
  expect(again.summary).toEqual({ same: 2 });
  expect(mutating(await api.control.requests())).toEqual(mutating(afterUp));
  expect(mine((await api.control.state()).instances).map((i: any) => i.id)).toEqual([vms[0].id]);

  await run([{ op: "destroy" }, { op: "rm" }]);
  expect(mine((await api.control.state()).instances)).toHaveLength(0);
}, 240_000);
