// An instance given another backup offering: the platform takes one offering at a time, and removing the old one
// removes the instance's backup schedules with it. The schedule's diff sees its instance's change (the engine diffs
// the instance first), so preview says the schedule is made again, the same `up` makes it, and the next preview and
// refresh find the cloud as the state says. A schedule of an instance without an offering is refused at preview,
// unless the same up gives the instance one.
//
// Each runs on the dynamic path and on the plugin with the schedule under an explicit provider: there the
// instance's diff and the schedule's check and diff run in two plugin processes, which must know each other's
// changes.
import { describe, expect, it } from "vitest";
import { singleInstanceRun, useApi } from "./support";

const testApi = useApi();

const paths: { path: string; native: boolean; config: Record<string, string>; providers: number }[] = [
  { path: "the dynamic path", native: false, config: {}, providers: 0 },
  {
    path: "the plugin, the schedule under an explicit provider",
    native: true,
    config: { "cim-e2e:scheduleProvider": "true" },
    providers: 1,
  },
];

describe.each(paths)("$path", ({ native, config, providers }) => {
  it("another backup offering for an instance makes its backup schedule again in the same up", async () => {
    const api = testApi();
    const run = await singleInstanceRun(api, "backup-offering", { native });
    const [up] = await run([
      {
        op: "up",
        config: { ...config, "cim-e2e:backupOffering": "Standard", "cim-e2e:schedule": "30:02" },
      },
    ]);
    expect(up.summary).toEqual({ create: 3 + providers });
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
    expect(preview.summary).toEqual({ same: 1 + providers, update: 1, replace: 1 });
    const warned = preview.diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);
    expect(warned).toContainEqual(
      expect.stringContaining(
        "its instance's backupOfferingId changes, and the platform removes an instance's backup schedules with the offering it had: this up makes it again",
      ),
    );
    expect(moved.summary).toEqual({ same: 1 + providers, update: 1, replace: 1 });
    expect(again.summary).toEqual({ same: 3 + providers });
    expect(refreshed.summary).toEqual({ same: 3 + providers });
  }, 300_000);

  it("a schedule of an instance without a backup offering, from its output: refused at preview; with the offering in the same up, made", async () => {
    const api = testApi();
    const run = await singleInstanceRun(api, "backup-offering-none", { native });
    const [up] = await run([{ op: "up", config }]);
    expect(up.summary).toEqual({ create: 2 });
    const [refused] = await run([
      { op: "preview", config: { "cim-e2e:schedule": "30:02" }, expectFailure: true },
    ]);
    expect(refused.ok).toBe(false);
    const errors = refused.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
    expect(errors.join("\n")).toMatch(
      new RegExp(
        `instanceId names instance ${up.outputs?.vmId} in .*, which has no backup offering: the platform refuses`,
      ),
    );
    // the same up gives the instance its offering: the instance's update comes first, and the schedule is made
    const [preview, made] = await run([
      { op: "preview", config: { "cim-e2e:backupOffering": "Standard" } },
      { op: "up" },
      { op: "destroy" },
      { op: "rm" },
    ]);
    expect(preview.summary).toEqual({ same: 1, update: 1, create: 1 + providers });
    expect(made.summary).toEqual({ same: 1, update: 1, create: 1 + providers });
  }, 300_000);
});
