// An instance given another backup offering: the platform takes one offering at a time, and removing the old one
// removes the instance's backup schedules with it. The schedule's diff sees its instance's change (the engine diffs
// the instance first), so preview says the schedule is made again, the same `up` makes it, and the next preview and
// refresh find the cloud as the state says.
import * as path from "node:path";
import { expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { uniqueStack, useApi } from "./support";

const testApi = useApi();

it("another backup offering for an instance makes its backup schedule again in the same up", async () => {
  const api = testApi();
  const run = await stackRun({
    home: sourceHome("backup-offering"),
    stackName: uniqueStack("backup-offering"),
    program: path.join(__dirname, "programs", "single.cjs"),
    envVars: api.envVars,
  });
  const [up] = await run([
    { op: "up", config: { "cim-e2e:backupOffering": "Standard", "cim-e2e:schedule": "30:02" } },
  ]);
  expect(up.summary).toEqual({ create: 3 });
  const vmId = String(up.outputs?.vmId);
  const schedules = async () => (await api.client.backupSchedules.list(vmId)).map((b) => b.id);
  expect(await schedules()).toEqual([up.outputs?.scheduleId]);

  const [preview, moved, again, refreshed] = await run([
    { op: "preview", config: { "cim-e2e:backupOffering": "Gold" } },
    { op: "up" },
    { op: "preview" },
    { op: "refresh" },
  ]);
  // the schedule the platform removed with the old offering is made again: one, the state's
  expect(await schedules()).toEqual([moved.outputs?.scheduleId]);
  expect(moved.outputs?.scheduleId).not.toBe(up.outputs?.scheduleId);
  await run([{ op: "destroy" }, { op: "rm" }]);
  expect(preview.summary).toEqual({ same: 1, update: 1, replace: 1 });
  const warned = preview.diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);
  expect(warned).toContainEqual(
    expect.stringContaining(
      "its instance's backupOfferingId changes, and the platform removes an instance's backup schedules with the offering it had: this up makes it again",
    ),
  );
  expect(moved.summary).toEqual({ same: 1, update: 1, replace: 1 });
  expect(again.summary).toEqual({ same: 3 });
  expect(refreshed.summary).toEqual({ same: 3 });
}, 300_000);
