// Done-when 7: an instance and a volume made outside Pulumi are adopted by id: create verifies they match the
// program and records them without creating anything; a mismatch in a field that cannot change fails clearly.
// A backup schedule likewise: it must belong to the program's instance, and only what differs is changed.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { mutating, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.close();
});

const program = path.join(__dirname, "programs", "single.cjs");
const mine = (records: Record<string, any>) => Object.values(records).filter((r) => r.account === "user-1");

it("adopts an existing instance and volume by id", async () => {
  const c = api.client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const template = (await c.catalogue.templates()).find((t) => t.name === "Ubuntu 22.04 LTS")!;
  const offering = (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!;
  const custom = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!;
  const vm = await c.instances.create({
    zoneId,
    templateId: template.id,
    serviceOfferingId: offering.id,
    name: "legacy-1",
  });
  await c.jobs.wait(vm, { firstDelayMs: 0 });
  const vol = await c.volumes.create({ name: "legacy-data", zoneId, diskOfferingId: custom.id, size: 10 });
  await c.jobs.wait(vol, { firstDelayMs: 0 });

  const home = sourceHome("adoption");
  const stackName = uniqueStack("adoption");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });
  const adopt = {
    "cim-e2e:volume": "true",
    "cim-e2e:adoptInstance": vm.id,
    "cim-e2e:adoptVolume": String(vol.id),
  };

  // A program that does not match (another template) is refused at preview (check reads the adopted record),
  // and so at up, before anything is recorded.
  const [refusedPreview, refused] = await run([
    { op: "preview", expectFailure: true, config: { ...adopt, "cim-e2e:template": "Debian 12" } },
    { op: "up", expectFailure: true },
  ]);
  for (const r of [refusedPreview, refused]) {
    expect(r.ok).toBe(false);
    expect(`${r.output}\n${r.stderr}`).toMatch(
      new RegExp(
        `property templateId value .* has a problem: templateId "[0-9a-f-]+" differs from the adopted instance ${vm.id}'s "${template.id}": templateId cannot change in place`,
      ),
    );
  }

  // A preview that will adopt says so, naming the id (the plan itself shows the step as a create).
  const [willAdopt] = await run([
    // the progress display (not the diff display) prints the provider's notes
    { op: "preview", config: { ...adopt, "cim-e2e:template": null }, options: { diff: false } },
  ]);
  expect(willAdopt.output).toContain(`adopts the existing instance ${vm.id} (adoptId)`);

  await api.control.resetRequests();
  const [adopted, preview] = await run([{ op: "up" }, { op: "preview" }]);
  expect(adopted.outputs).toMatchObject({
    vmId: vm.id,
    vmName: "legacy-1",
    volumeId: vol.id,
    volumeName: "legacy-data",
  });
  // Nothing was created: no deploy, no volume create. The adopted volume was attached and both tagged.
  const calls = await api.control.requests();
  expect(calls["POST /api/v1/compute/instances"]).toBeUndefined();
  expect(calls["POST /api/v1/volumes"]).toBeUndefined();
  expect(preview.summary).toEqual({ same: 3 });
  const state = await api.control.state();
  expect(mine(state.instances)).toHaveLength(1);
  expect(mine(state.volumes).filter((v: any) => v.type !== "ROOT")).toHaveLength(1);
  expect(state.instances[vm.id].tags).toEqual({ suite: "e2e" });
  expect(state.volumes[String(vol.id)].virtualMachineId).toBe(vm.id);

  // adoptId is ignored after creation: a program that drops it changes nothing, the volume adopted without a name
  // keeps its live one (the name the SDK fills in for a new resource would rename it: a replacement)
  const [dropped] = await run([
    { op: "preview", config: { "cim-e2e:adoptInstance": null, "cim-e2e:adoptVolume": null } },
  ]);
  expect(dropped.summary).toEqual({ same: 3 });

  // Adopted resources are managed from then on: destroy removes them.
  await run([{ op: "destroy" }, { op: "rm" }]);
  const after = await api.control.state();
  expect(mine(after.instances)).toHaveLength(0);
  expect(mine(after.volumes)).toHaveLength(0);
}, 600_000);

it("adopts an existing backup schedule by id, changing only what differs from the program", async () => {
  const c = api.client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const templateId = (await c.catalogue.templates()).find((t) => t.name === "Ubuntu 22.04 LTS")!.id;
  const serviceOfferingId = (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!.id;
  const [backupOffering] = await c.catalogue.backupOfferings({ zoneId });
  const deploy = async (name: string) => {
    const vm = await c.instances.create({ zoneId, templateId, serviceOfferingId, name });
    await c.jobs.wait(vm, { firstDelayMs: 0 });
    // schedules need the instance's backup offering (the platform refuses them otherwise)
    await c.jobs.wait(await c.instances.assignBackupOffering(vm.id, backupOffering.id), { firstDelayMs: 0 });
    return vm.id;
  };
  const vmId = await deploy("legacy-2");
  const otherVm = await deploy("legacy-3");
  const daily = { intervalType: "DAILY", schedule: "30:02", timezone: "UTC" };
  const nightly = (await c.backupSchedules.create({ vmId, ...daily })).id!;
  const foreign = (await c.backupSchedules.create({ vmId: otherVm, ...daily })).id!;
  const missing = "00000000-0000-4000-8000-000000000000";

  const home = sourceHome("adoption-schedule");
  const stackName = uniqueStack("adoption-schedule");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });
  // Same interval (in another case) and schedule, another time zone: adopted, then changed in place.
  const adopt = {
    "cim-e2e:adoptInstance": vmId,
    "cim-e2e:schedule": "30:02",
    "cim-e2e:intervalType": "daily",
    "cim-e2e:timezone": "Europe/Berlin",
  };

  // A schedule of another instance, and an id that names no schedule, are refused; neither is recorded.
  const [otherInstance, unknown] = await run([
    { op: "up", expectFailure: true, config: { ...adopt, "cim-e2e:adoptSchedule": foreign } },
    { op: "up", expectFailure: true, config: { "cim-e2e:adoptSchedule": missing } },
  ]);
  // both refused at check, reading the adopted record
  expect(otherInstance.ok).toBe(false);
  expect(otherInstance.output).toContain(
    `instanceId "${vmId}" differs from the adopted backup schedule ${foreign}'s "${otherVm}": instanceId cannot change in place`,
  );
  expect(unknown.ok).toBe(false);
  expect(unknown.output).toContain(`adoptId ${missing} names no backup schedule in the default region`);
  expect((await api.control.state()).backupSchedules[foreign]).toMatchObject({ vmId: otherVm, ...daily });

  await api.control.resetRequests();
  const [adopted, preview] = await run([
    { op: "up", config: { "cim-e2e:adoptSchedule": nightly } },
    { op: "preview" },
  ]);
  expect(adopted.outputs).toMatchObject({
    vmId,
    scheduleId: nightly,
    scheduleInstance: vmId,
    scheduleInterval: "DAILY",
    scheduleTimezone: "Europe/Berlin",
  });
  // The instance was recorded by the first (failed) up. Nothing was created: one PUT for the time zone.
  expect(mutating(await api.control.requests())).toEqual({ "PUT /api/v1/backups/schedules/{id}": 1 });
  expect(preview.summary).toEqual({ same: 3 });
  const state = await api.control.state();
  expect(mine(state.backupSchedules)).toHaveLength(2);
  expect(state.backupSchedules[nightly]).toMatchObject({ vmId, ...daily, timezone: "Europe/Berlin" });
  expect(state.backupSchedules[foreign]).toMatchObject({ vmId: otherVm, ...daily });

  // Managed from then on: destroy removes the schedule and its instance, nothing else.
  await run([{ op: "destroy" }, { op: "rm" }]);
  const after = await api.control.state();
  expect(Object.keys(after.backupSchedules)).toEqual([foreign]);
  expect(mine(after.instances).map((i) => i.id)).toEqual([otherVm]);
  await c.backupSchedules.delete(foreign);
  await c.jobs.wait(await c.instances.delete(otherVm), { firstDelayMs: 0 });
}, 600_000);
