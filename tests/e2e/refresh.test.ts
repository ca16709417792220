// Refresh reads through shared list calls: every dynamic resource runs in one provider process, so reads of
// the same kind and region close together share a list of the region instead of one GET per resource.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOMY_LIMITS } from "../fixtures/limits";
import { sourceHome, stackRun } from "../harness";
import { startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi({ limits: ROOMY_LIMITS }); // 40 instances
});

afterAll(async () => {
  await api?.close();
});

it("refreshes 40 instances with a handful of list calls", async () => {
  const home = sourceHome("refresh");
  const stackName = uniqueStack("refresh");
  const program = path.join(__dirname, "programs", "fleet.cjs");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });

  const [up] = await run([{ op: "up", config: { "fleet:count": "40" } }]);
  expect(up.summary).toEqual({ create: 41 });

  await api.control.resetRequests();
  const [refresh] = await run([{ op: "refresh" }, { op: "rm" }]);
  expect(refresh.summary).toEqual({ same: 41 });
  const calls = await api.control.requests();
  const lists = calls["GET /api/v1/compute/instances/all"] ?? 0;
  const gets = calls["GET /api/v1/compute/instances/{id}"] ?? 0;
  expect(lists).toBeGreaterThanOrEqual(1);
  expect(lists).toBeLessThanOrEqual(5);
  expect(gets).toBeLessThanOrEqual(5);
}, 300_000);
