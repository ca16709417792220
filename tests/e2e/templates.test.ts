// cim.Template through the real CLI, for what only the engine shows: a template whose download failed is kept in
// the checkpoint (partial state) and what depends on it is not started; the next up replaces it; the instance
// given the template's id output is deployed only once the template is ready; a second preview shows no changes;
// destroy deletes the instance before the template it was made from (the platform refuses the other order).
import * as path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { requireToolchain, runPulumi, sourceHome } from "../harness";
import { mine, resourcesOf, uniqueStack, useApi } from "./support";

beforeAll(requireToolchain);
const emulator = useApi();

it("a failed download is kept and replaced; the instance waits for the ready template; destroy in order", async () => {
  const api = emulator();
  const detail = " HTTP Server returned 404 (expected 200 OK) ";
  await api.control.fault({ method: "POST", route: "/templates", times: 1, jobFail: { detail } });
  // jobs that take a while, so that an instance started early would overlap the download
  await api.control.jobTiming({ latencyMs: 300 });
  const program = path.join(__dirname, "programs", "templates.cjs");
  const home = sourceHome("templates");
  const stackName = uniqueStack("templates");
  const run = (steps: Parameters<typeof runPulumi>[0]["steps"]) =>
    runPulumi({ home, stackName, program, steps, envVars: api.envVars });
  const [failed, exported, up, preview] = await run([
    { op: "up", expectFailure: true },
    { op: "export" },
    { op: "up" },
    { op: "preview" },
  ]);
  expect(failed.ok).toBe(false);
  expect(failed.error).toContain("HTTP Server returned 404 (expected 200 OK)");
  // the template is in the checkpoint, failed; nothing that depends on it was started
  const [kept] = resourcesOf(exported.deployment, "cim:Template");
  expect(kept.outputs).toMatchObject({ state: "Error", isReady: false, status: detail });
  expect(resourcesOf(exported.deployment, "cim:Instance")).toEqual([]);

  expect(up.summary).toEqual({ same: 1, replace: 1, create: 2 });
  expect(up.outputs).toMatchObject({ templateState: "Ready", extractable: true, vmTemplate: "golden" });
  const state = (await api.control.state()) as Record<string, any>;
  const jobs = Object.values(state.jobs as Record<string, any>);
  const registered = jobs.find(
    (j) => j.command === "registerTemplate" && j.resourceId === up.outputs!.templateId,
  );
  const deployed = jobs.find(
    (j) => j.command === "deployVirtualMachine" && j.resourceId === up.outputs!.vmId,
  );
  expect(deployed.createdMs).toBeGreaterThanOrEqual(registered.completedMs);
  // the failed one was deleted by the replacement
  expect(mine(state.images).map((i) => i.id)).toEqual([up.outputs!.templateId]);
  expect(preview.summary).toEqual({ same: 4 });

  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 4 });
  const after = (await api.control.state()) as Record<string, any>;
  expect(mine(after.images)).toEqual([]);
}, 600_000);
