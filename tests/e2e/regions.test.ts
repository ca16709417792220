// Done-when 5: the multi-region example keeps ids per region; changing a resource's region replaces it.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runPulumi, sourceHome } from "../harness";
import { exampleProgram, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

it("deploys the multi-region example with every resource in its own region", async () => {
  const home = sourceHome("multi-region");
  const program = exampleProgram(home, "multi-region");
  const stackName = uniqueStack("multi");
  const run = (steps: Parameters<typeof runPulumi>[0]["steps"]) =>
    runPulumi({ home, stackName, program, steps, envVars: api.envVars });

  // Refresh reads every resource back in its own region: nothing changes.
  const [up, preview, refresh] = await run([
    { op: "up" },
    { op: "preview" },
    { op: "refresh" },
    { op: "rm" },
  ]);
  expect(up.summary).toEqual({ create: 13 });
  expect(preview.summary).toEqual({ same: 13 });
  const [fra, ams] = ["de-fra-1", "nl-ams-1"].map((n) => api.emu.regions.find((r) => r.name === n)!.id);
  const first = up.outputs?.first as Record<string, string>;
  const second = up.outputs?.second as Record<string, string>;
  expect(first.region).toBe(fra);
  expect(second.region).toBe(ams);
  const state = await api.control.state();
  for (const [outs, region] of [
    [first, fra],
    [second, ams],
  ] as const) {
    expect(state.vpcs[outs.vpcId].regionId).toBe(region);
    expect(state.networks[outs.networkId].regionId).toBe(region);
    expect(state.instances[outs.webId].regionId).toBe(region);
    expect(state.instances[outs.dbId].regionId).toBe(region);
    expect(state.volumes[outs.volumeId].regionId).toBe(region);
    expect(state.volumes[outs.volumeId].virtualMachineId).toBe(outs.dbId);
    expect(state.backupSchedules[outs.backupScheduleId].regionId).toBe(region);
  }

  expect(refresh.summary).toEqual({ same: 13 });
}, 600_000);

it("replaces a resource whose region changes", async () => {
  const home = sourceHome("region-move");
  const stackName = uniqueStack("region-move");
  const program = path.join(__dirname, "programs", "single.cjs");
  const run = (steps: Parameters<typeof runPulumi>[0]["steps"]) =>
    runPulumi({ home, stackName, program, steps, envVars: api.envVars });

  const [fra, ams] = ["de-fra-1", "nl-ams-1"].map((n) => api.emu.regions.find((r) => r.name === n)!.id);
  const [up, preview, moved] = await run([
    { op: "up", config: { "cim-e2e:region": "de-fra-1", "cim-e2e:name": "mover" } },
    { op: "preview", config: { "cim-e2e:region": "nl-ams-1" } },
    { op: "up" },
    { op: "rm" },
  ]);
  expect(up.outputs?.region).toBe(fra);
  expect(preview.summary).toMatchObject({ replace: 1 });
  expect(moved.summary).toMatchObject({ replace: 1 });
  expect(moved.outputs?.region).toBe(ams);
  expect(moved.outputs?.vmId).not.toBe(up.outputs?.vmId);
  const state = await api.control.state();
  expect(state.instances[String(up.outputs?.vmId)]).toBeUndefined();
  expect(state.instances[String(moved.outputs?.vmId)]).toMatchObject({ regionId: ams, name: "mover" });
}, 600_000);
