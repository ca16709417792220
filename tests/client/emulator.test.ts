// The client against the real emulator, in process: every family, auth outcomes, regions, tenant header,
// list envelopes and paging, job waiting and job failures.
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  type CimClient,
  ConflictError,
  JobFailedError,
  NotFoundError,
  PermissionDeniedError,
  TokenError,
  tagMap,
  WaitTimeoutError,
} from "../../provider/client";
import { dropNextAnswer, fastWait, instanceInput, useHarness, withBackupOffering } from "./emulatorHarness";

let client: CimClient;
const t = useHarness((c) => {
  client = c;
});

/** Ids of the first zone, template, compute and disk offering of a region. */
async function catalogue(c: CimClient = client) {
  const [zones, templates, offerings, disks] = await Promise.all([
    c.catalogue.zones(),
    c.catalogue.templates(),
    c.catalogue.computeOfferings(),
    c.catalogue.diskOfferings(),
  ]);
  return {
    zoneId: zones[0].id,
    templateId: templates[0].id,
    serviceOfferingId: offerings[0].id,
    largerOfferingId: offerings[1].id,
    diskOfferingId: disks.find((d) => !d.customized)!.id,
    customDiskId: disks.find((d) => d.customized)!.id,
  };
}

async function deploy(name: string, c: CimClient = client) {
  const cat = await catalogue(c);
  const r = await c.instances.create(instanceInput(cat, { name }));
  await c.jobs.wait(r, fastWait);
  return { ...r, cat };
}

describe("catalogue", () => {
  it("reads regions without a region header and the rest in the client's region", async () => {
    const regions = await client.catalogue.regions();
    expect(regions.map((r) => r.id).sort()).toEqual(t.h.emu.regions.map((r) => r.id).sort());
    const zonesA = await client.catalogue.zones();
    const zonesB = await client.catalogue.zones({ region: t.h.secondary });
    expect(zonesA.every((z) => z.regionId === t.h.primary)).toBe(true);
    expect(zonesB.every((z) => z.regionId === t.h.secondary)).toBe(true);
    const log: any[] = await t.h.control.requestLog();
    const regionsCall = log.find((e) => e.path === "/api/v1/regions");
    expect(regionsCall.regionContext).toBeUndefined();
    expect(log.filter((e) => e.path === "/api/v1/zones").map((e) => e.regionContext)).toEqual([
      t.h.primary,
      t.h.secondary,
    ]);
    const all = await Promise.all([
      client.catalogue.isos(),
      client.catalogue.networkOfferings(),
      client.catalogue.vpcOfferings(),
      client.catalogue.templates(),
    ]);
    for (const rows of all) expect(rows.length).toBeGreaterThan(0);
    expect(await client.catalogue.multiRegionQuota()).toMatchObject({ currentMultiRegions: 0 });
    expect((await client.catalogue.myLimits()).instanceLimit).toBeGreaterThan(0);
  });

  it("sends X-Tenant-Context on my-limits only", async () => {
    // a membership of the caller: the emulator refuses one that is not theirs (403)
    const made = await fetch(`${t.h.emu.url}/api/v1/tenants`, {
      method: "POST",
      headers: { authorization: `Bearer ${await t.h.emu.token()}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "org" }),
    });
    expect(made.status).toBe(200);
    const [membership] = (await client.organizations.memberships().all()).items;
    await t.h.control.resetRequests();
    await client.catalogue.myLimits({ tenantContext: membership.id });
    await client.catalogue.zones();
    const log: any[] = await t.h.control.requestLog();
    expect(log.map((e) => [e.path, e.tenantContext])).toEqual([
      ["/api/v1/tenants/my-limits", true],
      ["/api/v1/zones", false],
    ]);
  });

  it("surfaces regionErrors of the multi-region instance-group read", async () => {
    await t.h.control.user("partial", { regions: [t.h.primary] });
    await t.h.control.seed({
      instanceGroups: [{ name: "web", sub: "partial", regionId: t.h.primary }],
    });
    const partial = await t.h.client({ token: await t.h.emu.token({ sub: "partial" }) });
    const got = await partial.instanceGroups.list();
    expect(got.items.map((g) => g.name)).toEqual(["web"]);
    expect(Object.keys(got.regionErrors ?? {})).toEqual([t.h.secondary]);
  });
});

describe("instances", () => {
  it("deploys, updates by query parameters, protects, stops, starts, scales, migrates and deletes", async () => {
    const vm = await deploy("web-1");
    expect(vm.instance?.name).toBe("web-1");
    expect((await client.instances.get(vm.id)).state).toBe("Running");

    const updated = await client.instances.update(vm.id, { displayName: "Web One", deleteProtection: true });
    expect(updated).toMatchObject({ displayName: "Web One", deleteProtection: true });
    // UserVmManagerImpl.destroyVm checks it in the job: accepted, then the job fails with CloudStack's words
    const refused = await client.jobs.wait(await client.instances.delete(vm.id), fastWait).catch((e) => e);
    expect(refused).toBeInstanceOf(JobFailedError);
    expect(refused.detail).toBe(
      `Instance [id = ${vm.id}, name = web-1] has delete protection enabled and cannot be deleted.`,
    );
    expect((await client.instances.get(vm.id)).state).toBe("Running");

    await client.jobs.wait(await client.instances.stop(vm.id), fastWait);
    expect((await client.instances.get(vm.id)).state).toBe("Stopped");
    await client.jobs.wait(await client.instances.scale(vm.id, vm.cat.largerOfferingId), fastWait);
    await client.jobs.wait(await client.instances.start(vm.id), fastWait);
    await client.jobs.wait(await client.instances.reboot(vm.id), fastWait);
    const host = (await client.instances.get(vm.id)).hostId;
    const migrated = await client.jobs.wait(await client.instances.migrate(vm.id), fastWait);
    expect(migrated).toMatchObject({ status: "success", command: "migrateVirtualMachine" });
    const now = await client.instances.get(vm.id);
    expect(now).toMatchObject({ state: "Running", serviceOfferingId: vm.cat.largerOfferingId });
    expect(now.hostId).not.toBe(host);

    await client.instances.update(vm.id, { deleteProtection: false });
    const job = await client.jobs.wait(await client.instances.delete(vm.id), fastWait);
    expect(job).toMatchObject({ status: "success", command: "destroyVirtualMachine", resourceId: vm.id });
  });

  it("names the missing parameter of a 400", async () => {
    const vm = await deploy("web-2");
    const err = await client.instances.scale(vm.id, "").catch((e) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.missingParameter).toBe("serviceOfferingId");
  });

  it("lists through every page, and reads /all and /summary once", async () => {
    const cat = await catalogue();
    for (let i = 0; i < 5; i++) {
      await client.instances.create(instanceInput(cat, { name: `vm-${i}` }));
    }
    await t.h.control.resetRequests();
    const paged = await client.instances.listAll({ pageSize: 2 });
    expect(paged.items.map((v) => v.name).sort()).toEqual(["vm-0", "vm-1", "vm-2", "vm-3", "vm-4"]);
    expect((await t.h.control.requests())["GET /api/v1/compute/instances"]).toBe(3);
    const seen: string[] = [];
    for await (const vm of client.instances.list({ pageSize: 200 })) seen.push(vm.id);
    expect(seen).toHaveLength(5);
    expect((await client.instances.all()).items).toHaveLength(5);
    expect((await client.instances.summary()).items).toHaveLength(5);
  });

  it("reports quota and capacity failures from the job detail", async () => {
    await t.h.control.limits({ instanceLimit: 0 });
    const cat = await catalogue();
    const r = await client.instances.create(instanceInput(cat, { name: "over" }));
    const err = await client.jobs.wait(r, fastWait).catch((e) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect(err.kind).toBe("quota");
    expect(err.detail).toMatch(/^Maximum number of resources of type 'user_vm' for account name=/);
    expect(err.message).toMatch(/retrying fails the same way/);

    await t.h.control.limits({ instanceLimit: 100 });
    await t.h.control.zoneCapacity(cat.zoneId, 0);
    const r2 = await client.instances.create(instanceInput(cat, { name: "full" }));
    const err2 = await client.jobs.wait(r2, fastWait).catch((e) => e);
    expect(err2).toBeInstanceOf(JobFailedError);
    expect(err2.kind).toBe("capacity");
  });

  it("gives up on a stuck job at the deadline", async () => {
    await t.h.control.fault({
      method: "POST",
      route: "/api/v1/compute/instances/{id}/stop",
      jobStuck: true,
      times: 1,
    });
    const vm = await deploy("stuck");
    const err = await client.jobs
      .wait(await client.instances.stop(vm.id), { ...fastWait, timeoutMs: 300 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err.lastStatus).toBe("running");
  });
});

describe("volumes, VPCs, networks, tags, backup schedules", () => {
  it("creates a volume with query parameters, attaches, resizes, detaches and deletes it", async () => {
    const vm = await deploy("db");
    const v = await client.volumes.create({
      name: "data",
      zoneId: vm.cat.zoneId,
      diskOfferingId: vm.cat.diskOfferingId,
    });
    await client.jobs.wait(v, fastWait);
    expect((await client.volumes.get(v.id!)).state).toBe("Allocated");
    await client.jobs.wait(await client.volumes.attach(v.id!, vm.id), fastWait);
    expect(await client.volumes.get(v.id!)).toMatchObject({ state: "Ready", virtualMachineId: vm.id });
    await client.jobs.wait(await client.volumes.detach(v.id!), fastWait);
    await client.jobs.wait(
      await client.volumes.resize(v.id!, { diskOfferingId: vm.cat.customDiskId, size: 80 }),
      fastWait,
    );
    expect((await client.volumes.get(v.id!)).size).toBe(80);
    // The instance's root disk is listed too, as the platform lists it.
    const listed = (await client.volumes.listAll()).items;
    expect(listed.filter((x) => x.type === "DATADISK").map((x) => x.id)).toEqual([v.id]);
    expect(listed.filter((x) => x.type === "ROOT").map((x) => x.virtualMachineId)).toEqual([vm.id]);
    // deleteVolume is synchronous: no job to wait for, and the volume is gone at once.
    const deleted = await client.volumes.delete(v.id!);
    expect(deleted.jobId).toBeUndefined();
    await expect(client.volumes.get(v.id!)).rejects.toThrow(/404|not found/i);
  });

  it("creates a VPC with a tier network, renames both, reads ACL lists, deletes both", async () => {
    const zones = await client.catalogue.zones();
    const [vpcOffering] = await client.catalogue.vpcOfferings();
    const tier = (await client.catalogue.networkOfferings()).find((o) => o.forVpc)!;
    const vpc = await client.vpcs.create({
      name: "main",
      displayText: "Main",
      zoneId: zones[0].id,
      cidr: "10.1.0.0/16",
      vpcOfferingId: vpcOffering.id,
    });
    await client.jobs.wait(vpc, fastWait);
    expect((await client.vpcs.get(vpc.id!)).state).toBe("Implemented");
    expect((await client.vpcs.aclLists(vpc.id!)).length).toBeGreaterThan(0);
    const net = await client.networks.create({
      name: "web",
      displayText: "Web tier",
      zoneId: zones[0].id,
      networkOfferingId: tier.id,
      vpcId: vpc.id,
      gateway: "10.1.1.1",
      netmask: "255.255.255.0",
    });
    await client.jobs.wait(net, fastWait);
    expect(await client.networks.get(net.id!)).toMatchObject({ vpcId: vpc.id, state: "Implemented" });
    expect((await client.vpcs.update(vpc.id!, { displayText: "Main VPC" })).displayText).toBe("Main VPC");
    expect((await client.networks.update(net.id!, { name: "web-1" })).name).toBe("web-1");
    expect((await client.networks.listAll()).items.map((n) => n.id)).toContain(net.id);
    await client.jobs.wait(await client.networks.restart(net.id!), fastWait);
    await client.jobs.wait(await client.vpcs.restart(vpc.id!), fastWait);
    await client.jobs.wait(await client.networks.delete(net.id!), fastWait);
    await client.jobs.wait(await client.vpcs.delete(vpc.id!), fastWait);
  });

  it("a VPC and a tier with a DNS domain whose create answers were lost after landing are adopted, not sent twice", async () => {
    // What a lost create is checked against (its offering, its domain) is what the record shows.
    const zones = await client.catalogue.zones();
    const [vpcOffering] = await client.catalogue.vpcOfferings();
    const tier = (await client.catalogue.networkOfferings()).find((o) => o.forVpc)!;
    await t.h.control.resetRequests();
    await dropNextAnswer(t.h.control, "POST", "/vpcs");
    const vpc = await client.vpcs.create({
      name: "lost",
      displayText: "Lost",
      zoneId: zones[0].id,
      cidr: "10.2.0.0/16",
      vpcOfferingId: vpcOffering.id,
      networkDomain: "lost.example",
    });
    expect(vpc.adopted).toBe(true);
    await client.jobs.wait(vpc, fastWait);
    await dropNextAnswer(t.h.control, "POST", "/networks");
    const net = await client.networks.create({
      name: "lost-web",
      displayText: "Lost web",
      zoneId: zones[0].id,
      networkOfferingId: tier.id,
      vpcId: vpc.id,
      gateway: "10.2.1.1",
      netmask: "255.255.255.0",
      networkDomain: "lost.example",
    });
    expect(net.adopted).toBe(true);
    await client.jobs.wait(net, fastWait);
    expect(await t.hits("POST /api/v1/vpcs")).toBe(1);
    expect(await t.hits("POST /api/v1/networks")).toBe(1);
    expect(
      (await client.networks.listAll()).items.filter((n) => n.vpcId === vpc.id).map((n) => n.id),
    ).toEqual([net.id]);
    await client.jobs.wait(await client.networks.delete(net.id!), fastWait);
    await client.jobs.wait(await client.vpcs.delete(vpc.id!), fastWait);
  });

  it("adds, lists and removes tags on instances, volumes and through the generic route; no edit", async () => {
    const vm = await deploy("tagged");
    const target = { kind: "instance" as const, id: vm.id };
    expect(await client.tags.add(target, { env: "prod", team: "web" })).toMatchObject({ id: vm.id });
    expect(tagMap(await client.tags.list(target))).toEqual({ env: "prod", team: "web" });
    const edit = await client.tags.add(target, { env: "dev" }).catch((e) => e);
    expect(edit).toBeInstanceOf(ConflictError);
    await client.tags.remove(target, { env: "prod" });
    expect(tagMap(await client.tags.list(target))).toEqual({ team: "web" });

    const generic = { resourceType: "Instance", resourceId: vm.id };
    await client.tags.add(generic, { owner: "ops" });
    expect(tagMap(await client.tags.list(generic))).toEqual({ team: "web", owner: "ops" });
    const other = { resourceType: "Template", resourceId: vm.cat.templateId }; // a type without a tag route
    await client.tags.add(other, { tier: "edge" });
    expect(tagMap(await client.tags.list(other))).toEqual({ tier: "edge" });
    // a type that takes no tags, the platform's text
    const refused = client.tags.add(
      { resourceType: "AutoScaleVmGroup", resourceId: "asg-1" },
      { tier: "edge" },
    );
    await expect(refused).rejects.toThrow("The resource type AutoScaleVmGroup doesn't support resource tags");
  });

  it("manages backup schedules synchronously", async () => {
    const vm = await deploy("backed-up");
    await withBackupOffering(client, vm);
    const created = await client.backupSchedules.create({
      vmId: vm.id,
      intervalType: "DAILY",
      schedule: "30:02",
      timezone: "UTC",
    });
    expect(created.jobId).toBeUndefined();
    expect(await client.jobs.wait(created)).toBeUndefined();
    expect((await client.backupSchedules.list(vm.id)).map((s) => s.id)).toEqual([created.id]);
    await client.backupSchedules.update(created.id!, {
      vmId: vm.id,
      intervalType: "DAILY",
      schedule: "15:04",
      timezone: "Europe/Berlin",
    });
    expect(await client.backupSchedules.get(created.id!)).toMatchObject({
      schedule: "15:04",
      timezone: "Europe/Berlin",
    });
    await client.backupSchedules.delete(created.id!);
    await expect(client.backupSchedules.get(created.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists jobs (recent and by time window) and the audit trail (paged envelope)", async () => {
    await deploy("audited");
    const recent = await client.jobs.recent(5);
    expect(recent.items[0]).toMatchObject({ command: "deployVirtualMachine", status: "success" });
    expect((await client.jobs.inWindow(1)).items).toHaveLength(1);
    const audit = await client.audit.list({ pageSize: 1 }).all();
    expect(audit.items.length).toBeGreaterThanOrEqual(1);
  });
});

describe("authentication and regions", () => {
  it("explains a 401 for a token issued to another audience", async () => {
    const other = await t.h.client({ token: await t.h.emu.token({ aud: "console-app" }) });
    const err = await other.catalogue.zones().catch((e) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.message).toMatch(/identity \(ID\) token, or an access token for another application/);
    expect(err.message).toContain("console-app");
  });

  it("refuses wrong-audience and expired tokens before any call when it can tell", async () => {
    await t.h.control.resetRequests();
    const wrongAud = await t.h.emu.token({ aud: "console-app" });
    await expect(t.h.client({ token: wrongAud, audience: "cim-api" })).rejects.toBeInstanceOf(TokenError);
    const expired = await t.h.client({ token: await t.h.emu.token({ ttlSeconds: -5 }) });
    await expect(expired.catalogue.zones()).rejects.toMatchObject({ problem: "expired" });
    expect(await t.h.control.requests()).toEqual({});
    const ok = await t.h.client({ audience: "cim-api" });
    expect(await ok.catalogue.zones()).not.toHaveLength(0);
  });

  it("tells 403 (unregistered, inactive) apart from 401", async () => {
    const ghost = await t.h.client({ token: await t.h.emu.token({ sub: "ghost" }) });
    const e1 = await ghost.catalogue.zones().catch((e) => e);
    expect(e1).toBeInstanceOf(PermissionDeniedError);
    expect(e1.message).toMatch(/not registered/);
    // the spec does not say what a 403 means: the API's reason stands, with no guess added
    expect(e1.message).toMatch(/The API refused this call \(user ghost, /);
    expect(e1.message).not.toMatch(/a new token will not help|may be/);
    const inactive = await t.h.client({ token: await t.h.emu.token({ sub: "user-inactive" }) });
    await expect(inactive.catalogue.zones()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it("keeps identifiers in their region and polls jobs in the mutation's region", async () => {
    const west = client.withRegion(t.h.secondary);
    const vm = await deploy("far-away", west);
    expect(vm.region).toBe(t.h.secondary);
    expect((await west.instances.get(vm.id)).name).toBe("far-away");
    const err = await client.instances.get(vm.id).catch((e) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.message).toContain(`region ${t.h.primary}`);
    // The job exists only in the secondary region; waiting from a primary-region client still works.
    const again = await west.instances.stop(vm.id);
    expect(await client.jobs.wait(again, fastWait)).toMatchObject({ status: "success" });
  });

  it("reports an unknown region as a 400 that says how to find region ids", async () => {
    const err = await client
      .withRegion("00000000-0000-4000-8000-000000000000")
      .catalogue.zones()
      .catch((e) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.message).toMatch(/Unknown region/);
    expect(err.message).toMatch(/GET \/api\/v1\/regions/);
  });
});
