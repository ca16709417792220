// The backup pieces of the client against the emulator: backup offerings by zone, an instance's offering assigned
// and removed (jobs), on-demand backups (create, read, list, delete; jobs), the platform's refusals with their
// types, and lost answers: a dropped backup create with a name is tied to its job, never sent twice.
import { describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, JobFailedError, NotFoundError } from "../../provider/client";
import { deployed, fastWait, useHarness, withBackupOffering } from "./emulatorHarness";

describe("backups against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  const instance = (name: string) => deployed(client, name);

  it("lists backup offerings of a zone, filtered client-side too", async () => {
    const zones = await client.catalogue.zones();
    const all = await client.catalogue.backupOfferings();
    const first = await client.catalogue.backupOfferings({ zoneId: zones[0].id });
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((o) => o.zoneId === zones[0].id)).toBe(true);
    expect(all.length).toBeGreaterThan(first.length);
    expect(first.map((o) => o.name)).toEqual(["Standard", "Gold"]);
  });

  it("assigns and removes an instance's backup offering by jobs; the instance shows it", async () => {
    const vm = await instance("bk-client");
    const offeringId = await withBackupOffering(client, vm);
    expect(await client.instances.get(vm.id)).toMatchObject({
      backupOfferingId: offeringId,
      backupOfferingName: "Standard",
    });
    const again = await client.instances.assignBackupOffering(vm.id, offeringId).catch((e) => e);
    expect(again).toBeInstanceOf(BadRequestError);
    expect(again.message).toContain("VM already is assigned to a backup offering");
    await client.jobs.wait(await client.instances.removeBackupOffering(vm.id), fastWait);
    expect((await client.instances.get(vm.id)).backupOfferingId).toBe("");
  });

  it("creates, reads, lists and deletes a backup; state is the platform's status", async () => {
    const vm = await instance("bk-make");
    const offeringId = await withBackupOffering(client, vm);
    const made = await client.backups.create({
      vmId: vm.id,
      name: "nightly-1",
      description: "before upgrade",
    });
    expect(made.jobId).toBeDefined();
    await client.jobs.wait(made, fastWait);
    const b = await client.backups.get(made.id!);
    expect(b).toMatchObject({
      id: made.id,
      name: "nightly-1",
      description: "before upgrade",
      virtualMachineId: vm.id,
      backupOfferingId: offeringId,
      status: "BackedUp",
      state: "BackedUp",
    });
    expect((await client.backups.listAll({ vmId: vm.id })).items.map((x) => x.id)).toEqual([made.id]);
    await client.jobs.wait(await client.backups.delete(made.id!), fastWait);
    await expect(client.backups.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("an instance without an offering is refused at once; a create beyond the allowance fails its job", async () => {
    const vm = await instance("bk-refused");
    const refused = await client.backups.create({ vmId: vm.id }).catch((e) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(refused.message).toContain("VM has not backup offering configured");
    await withBackupOffering(client, vm);
    await t.h.control.limits({ backupLimit: 0 });
    const made = await client.backups.create({ vmId: vm.id });
    const failed = await client.jobs.wait(made, fastWait).catch((e) => e);
    expect(failed).toBeInstanceOf(JobFailedError);
    expect(failed.detail).toContain("Maximum number of resources of type 'backup'");
  });

  it("a named backup create whose answer was lost is tied to its job, not sent again", async () => {
    const vm = await instance("bk-lost");
    await withBackupOffering(client, vm);
    await t.h.control.resetRequests();
    await t.h.control.fault({ method: "POST", route: "/backups", action: "drop-after", times: 1 });
    const made = await client.backups.create({
      vmId: vm.id,
      name: "once",
      description: "before the upgrade",
    });
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/backups")).toBe(1);
    await client.jobs.wait(made, fastWait);
    expect((await client.backups.listAll({ vmId: vm.id })).items.map((x) => x.id)).toEqual([made.id]);
  });
});
