// Backups (not shown by the spec beyond "snapshots and backups" being asynchronous; CloudStack's backup
// offerings, assignVirtualMachineToBackupOffering / removeVirtualMachineFromBackupOffering, createBackup /
// deleteBackup and createBackupSchedule, emulator/README.md): offerings per zone, assignment by job, backups by
// job with CloudStack's states and texts, schedules refused without an offering, the `backup` allowance.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(() => api.control.reset());

const offerings = (query: Record<string, string> = {}, region?: string) =>
  api.ok<any[]>("GET", "/offerings/backup", { query, region });

async function backup(vmId: string, extra: Record<string, unknown> = {}) {
  const res = await api.ok("POST", "/backups", { body: { vmId, ...extra } });
  return { res, job: await api.waitJob(res.jobId) };
}

describe("Backup offerings", () => {
  it("are a bare array per zone of the region, filtered by zoneId and name", async () => {
    const all = await offerings();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const o of all)
      expect(o).toMatchObject({
        id: expect.stringMatching(UUID),
        name: expect.any(String),
        zoneId: expect.any(String),
        allowUserDrivenBackups: true,
      });
    const inZone = await offerings({ zoneId: c.zone.id });
    expect(inZone.length).toBeGreaterThan(0);
    expect(inZone.every((o) => o.zoneId === c.zone.id && o.zoneName === c.zone.name)).toBe(true);
    expect(await offerings({ zoneId: c.zone.id, name: "Gold" })).toHaveLength(1);
    const other = await offerings({}, api.secondary.id);
    expect(other.some((o) => all.some((a) => a.id === o.id))).toBe(false); // ids are per region
  });

  it("assign is a job; the instance then shows backupOfferingId and backupOfferingName", async () => {
    const vm = await api.instance(c, { name: "bk-assign" });
    expect(vm.backupOfferingId).toBe("");
    const offering = await api.assignBackupOffering(vm);
    const got = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(got).toMatchObject({ backupOfferingId: offering.id, backupOfferingName: offering.name });
  });

  it("assign refuses an unknown offering, another zone's, and a second offering (CloudStack's texts)", async () => {
    const vm = await api.instance(c, { name: "bk-refuse" });
    const unknown = await api.post(`/compute/instances/${vm.id}/backup-offering`, {
      query: { backupOfferingId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Provided backup offering does not exist");
    expectErrorBody(unknown.body);
    const [elsewhere] = await offerings({ zoneId: c.zone2.id });
    const wrongZone = await api.post(`/compute/instances/${vm.id}/backup-offering`, {
      query: { backupOfferingId: elsewhere.id },
    });
    expect(wrongZone.status).toBe(400);
    expect(wrongZone.body.message).toContain("is not in the zone of VM");
    await api.assignBackupOffering(vm);
    const [, gold] = await offerings({ zoneId: c.zone.id });
    const again = await api.post(`/compute/instances/${vm.id}/backup-offering`, {
      query: { backupOfferingId: gold.id },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      "VM already is assigned to a backup offering, please remove the VM from its previous offering",
    );
  });

  it("removal is a job that clears the offering and deletes the instance's backup schedules, keeping backups", async () => {
    const vm = await api.instance(c, { name: "bk-remove" });
    await api.assignBackupOffering(vm);
    const sched = await api.ok("POST", "/backups/schedules", {
      body: { vmId: vm.id, intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
    });
    const { res } = await backup(vm.id);
    const removed = await api.ok("DELETE", `/compute/instances/${vm.id}/backup-offering`);
    expect((await api.waitJob(removed.jobId)).status).toBe("success");
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).backupOfferingId).toBe("");
    expect((await api.get(`/backups/schedules/${sched.id}`)).status).toBe(404);
    expect((await api.ok("GET", `/backups/${res.id}`)).status).toBe("BackedUp");
    // BackupManagerImpl.removeVMFromBackupOffering refuses it in the job
    await api.failsInJob(
      "DELETE",
      `/compute/instances/${vm.id}/backup-offering`,
      "No previously configured backup offering found for the VM",
    );
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).backupOfferingId).toBe("");
  });
});

describe("Backup schedules need a backup offering", () => {
  it("a schedule for an instance without one is refused with CloudStack's text", async () => {
    const vm = await api.instance(c, { name: "bk-nosched" });
    const res = await api.post("/backups/schedules", {
      body: { vmId: vm.id, intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Cannot configure backup schedule for the VM without having any backup offering",
    );
    await api.assignBackupOffering(vm);
    await api.ok("POST", "/backups/schedules", {
      body: { vmId: vm.id, intervalType: "DAILY", schedule: "30:02", timezone: "UTC" },
    });
  });
});

describe("Backups", () => {
  it("create is a job: BackingUp while it runs, BackedUp after; listed by vmId; delete is a job and the backup goes", async () => {
    const vm = await api.instance(c, { name: "bk-make" });
    await api.assignBackupOffering(vm);
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await api.ok("POST", "/backups", {
      body: { vmId: vm.id, name: "before-upgrade", description: "why" },
    });
    expect(res.jobId).toMatch(UUID);
    expect((await api.ok("GET", `/backups/${res.id}`)).status).toBe("BackingUp");
    const busyDelete = await api.del(`/backups/${res.id}`);
    expect(busyDelete.status).toBe(409);
    await api.control.advanceClock(1000);
    expect((await api.waitJob(res.jobId)).status).toBe("success");
    const got = await api.ok("GET", `/backups/${res.id}`);
    expect(got).toMatchObject({
      id: res.id,
      name: "before-upgrade",
      description: "why",
      virtualMachineId: vm.id,
      virtualMachineName: "bk-make",
      zoneId: vm.zoneId,
      backupOfferingId: vm.backupOfferingId === "" ? expect.any(String) : vm.backupOfferingId,
      status: "BackedUp",
      type: "MANUAL",
    });
    expect(got.size).toBeGreaterThan(0);
    const list = await api.ok("GET", "/backups", { query: { vmId: vm.id } });
    expect(list.backups.map((b: any) => b.id)).toEqual([res.id]);
    expect(list.count).toBe(1);
    await api.control.jobMode("immediate");
    const del = await api.ok("DELETE", `/backups/${res.id}`);
    expect(del.jobId).toMatch(UUID);
    expect((await api.waitJob(del.jobId)).status).toBe("success");
    expect((await api.get(`/backups/${res.id}`)).status).toBe(404);
  });

  it("an instance without a backup offering is refused with CloudStack's text; the name defaults to host name and time", async () => {
    const vm = await api.instance(c, { name: "bk-none" });
    const res = await api.post("/backups", { body: { vmId: vm.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "VM has not backup offering configured, cannot create backup before assigning it to a backup offering",
    );
    await api.assignBackupOffering(vm);
    const { res: made } = await backup(vm.id);
    expect((await api.ok("GET", `/backups/${made.id}`)).name).toMatch(/^bk-none-\d{14}$/);
  });

  it("counts against the backup allowance: a create beyond it fails its job with CloudStack's limit text", async () => {
    const vm = await api.instance(c, { name: "bk-quota" });
    await api.assignBackupOffering(vm);
    await api.control.limits({ backupLimit: 1 });
    expect((await backup(vm.id)).job.status).toBe("success");
    const limits = await api.ok("GET", "/tenants/my-limits");
    expect(limits).toMatchObject({ backupLimit: 1, backupCount: 1 });
    const { res, job } = await backup(vm.id);
    expect(job.status).toBe("error");
    expect(job.detail).toMatch(
      /^Maximum number of resources of type 'backup' for account name=.* has been exceeded\.$/,
    );
    expect((await api.ok("GET", `/backups/${res.id}`)).status).toBe("Error");
  });
});
