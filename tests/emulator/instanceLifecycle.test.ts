import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { EXPUNGE_DELAY_MS } from "../../emulator";
import { Api, type Catalogue, instanceBody } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());

const vmBody = (extra: Record<string, unknown> = {}) => instanceBody(c, extra);
const stateOf = async (id: string) => (await api.ok("GET", `/compute/instances/${id}`)).state;

/**
 * An action CloudStack accepts and fails in its job (its asynchronous VM commands check the state there): the
 * job's detail, the instance's state unchanged.
 */
async function refusedInJob(id: string, action: string, detail: string | RegExp, query = {}) {
  const before = await stateOf(id);
  const job = await api.failsInJob("POST", `/compute/instances/${id}/${action}`, detail, { query });
  expect(await stateOf(id)).toBe(before);
  return job;
}

/** Jobs end only when the test advances the clock; restored afterwards. */
async function clockMode() {
  onTestFinished(async () => void (await api.control.jobMode("timed", { latencyMs: 0 })));
  await api.control.jobMode("clock", { latencyMs: 1000 });
}

describe("Instance lifecycle (CloudStack's VirtualMachine.State)", () => {
  it("Endpoints: stop and start move the instance through Stopping and Starting to Stopped and Running", async () => {
    const vm = await api.instance(c);
    await clockMode();
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    expect(await stateOf(vm.id)).toBe("Stopping");
    await api.control.advanceClock(1000);
    expect((await api.waitJob(stop.jobId)).status).toBe("success");
    expect(await stateOf(vm.id)).toBe("Stopped");
    // a stop of a stopped instance succeeds and changes nothing (VirtualMachineManagerImpl.advanceStop)
    const again = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.control.advanceClock(1000);
    expect((await api.waitJob(again.jobId)).status).toBe("success");
    expect(await stateOf(vm.id)).toBe("Stopped");
    await api.control.jobMode("timed", { latencyMs: 0 });
    await refusedInJob(vm.id, "reboot", `The VM ${vm.id} (${vm.name}) is not running, unable to reboot it`);
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const start = await api.ok("POST", `/compute/instances/${vm.id}/start`);
    expect(await stateOf(vm.id)).toBe("Starting");
    await api.control.advanceClock(1000);
    await api.waitJob(start.jobId);
    expect(await stateOf(vm.id)).toBe("Running");
    // UserVmManagerImpl.startVirtualMachine refuses a running one, in the job
    await api.control.jobMode("timed", { latencyMs: 0 });
    await refusedInJob(vm.id, "start", `The virtual machine ${vm.id} (${vm.name}) is already running`);
  });

  it("a deploy shows Starting, or Stopped with startVm false; never an invented Creating", async () => {
    await clockMode();
    const started = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const stopped = await api.ok("POST", "/compute/instances", { body: vmBody({ startVm: false }) });
    expect(started.state).toBe("Starting");
    expect(stopped.state).toBe("Stopped");
    expect(await stateOf(stopped.id)).toBe("Stopped");
    await api.control.advanceClock(1000);
    expect((await api.waitJob(stopped.jobId)).status).toBe("success");
    expect(await stateOf(started.id)).toBe("Running");
    expect(await stateOf(stopped.id)).toBe("Stopped");
  });

  it("Further endpoints / Versioning: /restart is the deprecated alias of /reboot, served by the same handler", async () => {
    const vm = await api.instance(c);
    await api.control.pauseClock();
    const res = await api.ok("POST", `/compute/instances/${vm.id}/restart`);
    // CloudStack keeps a rebooting instance Running: there is no Rebooting state.
    expect(await stateOf(vm.id)).toBe("Running");
    expect((await api.ok("GET", `/jobs/${res.jobId}`)).status).toBe("running");
    await api.control.pauseClock(false);
    const job = await api.waitJob(res.jobId);
    expect(job.command).toBe("rebootVirtualMachine");
    // Same handler: the same refusal for a stopped instance.
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.waitJob(stop.jobId);
    const viaReboot = await refusedInJob(vm.id, "reboot", /is not running, unable to reboot it$/);
    const viaRestart = await refusedInJob(vm.id, "restart", viaReboot.detail);
    expect(viaRestart.command).toBe(viaReboot.command);
  });

  it("Endpoints: scale changes the service offering when its job succeeds", async () => {
    const vm = await api.instance(c);
    const target = c.offerings.find((o) => o.id !== vm.serviceOfferingId);
    const res = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: target.id },
    });
    await api.waitJob(res.jobId);
    const after = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(after.serviceOfferingId).toBe(target.id);
    expect(after.cpuNumber).toBe(target.cpuNumber);
    expect((await api.post(`/compute/instances/${vm.id}/scale`)).status).toBe(400);
    // the offering it has already: VirtualMachineManagerImpl.checkIfCanUpgrade, in the job
    await refusedInJob(
      vm.id,
      "scale",
      `Not upgrading vm VM[User|${vm.instanceName}] since it already has the requested service offering (${target.name})`,
      { serviceOfferingId: target.id },
    );
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).serviceOfferingId).toBe(target.id);
  });

  it("a scale refused in its job leaves the instance as other jobs make it: a stop accepted meanwhile stands", async () => {
    const vm = await api.instance(c);
    onTestFinished(async () => void (await api.control.jobMode("timed", { latencyMs: 0 })));
    await api.control.jobMode("clock", { latencyMs: 2000 });
    const scale = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: vm.serviceOfferingId },
    });
    // refused before any work: no interim state, so the instance takes a stop at once
    expect(await stateOf(vm.id)).toBe("Running");
    await api.control.jobMode("clock", { latencyMs: 500 });
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.control.advanceClock(500);
    expect((await api.waitJob(stop.jobId)).status).toBe("success");
    await api.control.advanceClock(1500);
    expect((await api.waitJob(scale.jobId)).detail).toMatch(/^Not upgrading vm VM\[User\|/);
    expect(await stateOf(vm.id)).toBe("Stopped");
  });

  it("scale while a scale runs: the new offering shows at once; a second scale to it fails in its job, any other action is a 409", async () => {
    const vm = await api.instance(c);
    const target = c.offerings.find((o) => o.id !== vm.serviceOfferingId);
    await clockMode();
    const first = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: target.id },
    });
    // UserVmManagerImpl.upgradeRunningVirtualMachine writes the offering (upgradeVmDb) before reconfiguring the VM
    const during = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(during).toMatchObject({
      state: "Running",
      serviceOfferingId: target.id,
      cpuNumber: target.cpuNumber,
    });
    expect((await api.ok("GET", `/jobs/${first.jobId}`)).status).toBe("running");
    // checkIfCanUpgrade runs in the second scale's own job, before it queues any work: it sees the offering written
    const again = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: target.id },
    });
    // the VM work queue: another action waits behind the scale (here, a 409)
    for (const [action, query] of [
      ["stop", {}],
      ["reboot", {}],
      ["scale", { serviceOfferingId: vm.serviceOfferingId }],
    ] as const) {
      const refused = await api.post(`/compute/instances/${vm.id}/${action}`, { query });
      expect(refused.status, action).toBe(409);
      expect(refused.body.message).toBe(
        `Instance ${vm.name} has a scaleVirtualMachine job in progress (${first.jobId}); another operation is in progress`,
      );
    }
    expect((await api.del(`/compute/instances/${vm.id}`)).status).toBe(409);
    await api.control.advanceClock(1000);
    expect((await api.waitJob(first.jobId)).status).toBe("success");
    expect((await api.waitJob(again.jobId)).detail).toBe(
      `Not upgrading vm VM[User|${vm.instanceName}] since it already has the requested service offering (${target.name})`,
    );
    expect(await api.ok("GET", `/compute/instances/${vm.id}`)).toMatchObject({
      serviceOfferingId: target.id,
    });
    // the scale has ended: the instance takes the next action
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.control.advanceClock(1000);
    expect((await api.waitJob(stop.jobId)).status).toBe("success");
  });

  it("a scale whose job fails puts the old offering back (upgradeRunningVirtualMachine's rollback)", async () => {
    const vm = await api.instance(c);
    const target = c.offerings.find((o) => o.id !== vm.serviceOfferingId);
    await clockMode();
    onTestFinished(() => api.control.clearFaults());
    await api.control.fault({
      method: "POST",
      route: "/compute/instances/{id}/scale",
      jobFail: { detail: "Unable to scale vm due to insufficient capacity" },
      times: 1,
    });
    const res = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: target.id },
    });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).serviceOfferingId).toBe(target.id);
    await api.control.advanceClock(1000);
    expect((await api.waitJob(res.jobId)).status).toBe("error");
    expect(await api.ok("GET", `/compute/instances/${vm.id}`)).toMatchObject({
      state: "Running",
      serviceOfferingId: vm.serviceOfferingId,
    });
  });

  it("scaleVirtualMachine: a running instance without dynamic scaling is refused as a failed job with CloudStack's text; stopped, it scales", async () => {
    const windows = c.templates.find((t) => t.isDynamicallyScalable === false);
    expect(windows?.name).toBe("Windows Server 2022");
    expect(c.offerings.every((o) => o.dynamicScalingEnabled === true)).toBe(true);
    const vm = await api.instance(c, { templateId: windows.id });
    expect(vm.isDynamicallyScalable).toBe(false);
    const target = c.offerings.find((o) => o.id !== vm.serviceOfferingId);
    const res = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: target.id },
    });
    const job = await api.waitJob(res.jobId);
    expect(job.status).toBe("error");
    expect(job.detail).toBe(
      `Unable to scale VM[User|${vm.instanceName}] as it does not have tools to support dynamic scaling.`,
    );
    const after = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(after).toMatchObject({ state: "Running", serviceOfferingId: vm.serviceOfferingId });

    await api.waitJob((await api.ok("POST", `/compute/instances/${vm.id}/stop`)).jobId);
    const stopped = await api.ok("POST", `/compute/instances/${vm.id}/scale`, {
      query: { serviceOfferingId: target.id },
    });
    expect((await api.waitJob(stopped.jobId)).status).toBe("success");
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).serviceOfferingId).toBe(target.id);
  });

  it("Endpoints: PUT /compute/instances/{id} updates by query parameters and returns the Instance (synchronous)", async () => {
    const vm = await api.instance(c);
    const res = await api.put(`/compute/instances/${vm.id}`, {
      query: { displayName: "Renamed", haEnabled: true, deleteProtection: true, name: "renamed-host" },
    });
    expect(res.status).toBe(200);
    expect(res.body.jobId).toBeUndefined();
    expect(res.body).toMatchObject({
      displayName: "Renamed",
      haEnabled: true,
      deleteProtection: true,
      name: "renamed-host",
    });
    await api.put(`/compute/instances/${vm.id}`, { query: { deleteProtection: false } });
  });

  it("Errors 3: a JSON body sent to the PUT that takes query parameters is a 400 naming a missing parameter", async () => {
    const vm = await api.instance(c);
    const res = await api.put(`/compute/instances/${vm.id}`, { body: { displayName: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("displayName");
  });

  it("Common rules 3 / 11: there is no state-field update; a PUT carrying state does not change the state", async () => {
    const vm = await api.instance(c);
    await api.put(`/compute/instances/${vm.id}`, {
      query: { state: "Stopped", displayName: "still-running" },
    });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Running");
  });

  it("Common rules 11: there is no multi-item batch syntax; an array body is a 400", async () => {
    const res = await api.post("/compute/instances", { body: [vmBody(), vmBody()] });
    expect(res.status).toBe(400);
    expect((await api.ok("GET", "/compute/instances/all")).virtualmachines.every((v: any) => v.name)).toBe(
      true,
    );
  });

  it("Endpoints: deleteProtection fails the delete's job (UserVmManagerImpl.destroyVm); once cleared, delete removes the instance", async () => {
    const vm = await api.instance(c, { deleteProtection: true });
    const blocked = await api.waitJob((await api.ok("DELETE", `/compute/instances/${vm.id}`)).jobId);
    expect(blocked).toMatchObject({
      status: "error",
      command: "destroyVirtualMachine",
      detail: `Instance [id = ${vm.id}, name = ${vm.name}] has delete protection enabled and cannot be deleted.`,
    });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Running");
    await api.ok("PUT", `/compute/instances/${vm.id}`, { query: { deleteProtection: false } });
    const res = await api.ok("DELETE", `/compute/instances/${vm.id}`);
    await api.waitJob(res.jobId);
    expect((await api.get(`/compute/instances/${vm.id}`)).status).toBe(404);
  });

  it("migrate (migrateVirtualMachine): Running → Migrating → Running on another host of the zone; only a Running instance", async () => {
    const vm = await api.instance(c);
    const before = await api.ok("GET", `/compute/instances/${vm.id}`);
    await api.control.pauseClock();
    const res = await api.ok("POST", `/compute/instances/${vm.id}/migrate`);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Migrating");
    const busy = await api.post(`/compute/instances/${vm.id}/stop`);
    expect(busy.status).toBe(409);
    await api.control.pauseClock(false);
    const job = await api.waitJob(res.jobId);
    expect(job).toMatchObject({ status: "success", command: "migrateVirtualMachine" });
    const after = await api.ok("GET", `/compute/instances/${vm.id}`);
    expect(after.state).toBe("Running");
    expect(after.hostId).not.toBe(before.hostId);
    expect(after.hostname).not.toBe(before.hostname);

    // back to the first host by id; the host it is on already fails the job, an unknown one is a 400
    await refusedInJob(
      vm.id,
      "migrate",
      "Cannot migrate VM, VM is already present on this host, please specify valid destination host to migrate the VM",
      { hostId: after.hostId },
    );
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).hostId).toBe(after.hostId);
    const unknown = await api.post(`/compute/instances/${vm.id}/migrate`, { query: { hostId: "nope" } });
    expect(unknown.status).toBe(400);
    const back = await api.ok("POST", `/compute/instances/${vm.id}/migrate`, {
      query: { hostId: before.hostId },
    });
    await api.waitJob(back.jobId);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).hostId).toBe(before.hostId);

    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.waitJob(stop.jobId);
    await refusedInJob(vm.id, "migrate", "VM is not Running, unable to migrate the vm with specified id");
  });

  it("Endpoints: an action while another operation is in progress is a 409", async () => {
    await api.control.pauseClock();
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const busy = await api.post(`/compute/instances/${res.id}/stop`);
    expect(busy.status).toBe(409);
    await api.control.pauseClock(false);
  });

  it("destroyVirtualMachine: a running instance is stopped first, ends Destroyed, and is expunged after the platform's delay", async () => {
    const vm = await api.instance(c, { name: "doomed" });
    const before = await api.ok("GET", "/tenants/my-limits");
    await clockMode();
    onTestFinished(async () => void (await api.control.jobTiming({ expungeDelayMs: EXPUNGE_DELAY_MS })));
    await api.control.jobTiming({ expungeDelayMs: 60_000 });
    const res = await api.ok("DELETE", `/compute/instances/${vm.id}`);
    expect(await stateOf(vm.id)).toBe("Stopping");
    await api.control.advanceClock(1000);
    expect((await api.waitJob(res.jobId)).status).toBe("success");

    // Reads hide it, as listVirtualMachines does for users without allow.user.view.destroyed.vm.
    expect((await api.get(`/compute/instances/${vm.id}`)).status).toBe(404);
    const all = await api.ok("GET", "/compute/instances/all");
    expect(all.virtualmachines.map((v: any) => v.id)).not.toContain(vm.id);
    const raw = (await api.control.state()).instances[vm.id];
    expect(raw.state).toBe("Destroyed");
    // It no longer counts against the allowance, but keeps its host name until expunged.
    expect((await api.ok("GET", "/tenants/my-limits")).instanceCount).toBe(before.instanceCount - 1);
    const clash = await api.post("/compute/instances", { body: vmBody({ name: "doomed" }) });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toContain("state Destroyed");
    // Destroying it again changes nothing; the expunge is the platform's work, not a job the user sees.
    const again = await api.ok("DELETE", `/compute/instances/${vm.id}`);
    await api.control.advanceClock(1000);
    expect((await api.waitJob(again.jobId)).status).toBe("success");
    expect((await api.control.state()).instances[vm.id].state).toBe("Destroyed");
    const jobs = (await api.ok("GET", "/jobs/recent", { query: { limit: 200 } })).jobs;
    expect(jobs.map((j: any) => j.command)).not.toContain("expungeVirtualMachine");

    await api.control.advanceClock(58_000);
    expect((await api.control.state()).instances[vm.id].state).toBe("Destroyed");
    await api.control.advanceClock(1_000);
    expect((await api.control.state()).instances[vm.id]).toBeUndefined();
    const reused = await api.ok("POST", "/compute/instances", { body: vmBody({ name: "doomed" }) });
    await api.control.advanceClock(1000);
    expect((await api.waitJob(reused.jobId)).status).toBe("success");
  });

  it("destroyVirtualMachine: with allow.user.view.destroyed.vm reads show Destroyed; expunge=true removes at once", async () => {
    onTestFinished(async () => {
      await api.control.user("user-1", { allowUserViewDestroyedVm: false });
      await api.control.jobTiming({ expungeDelayMs: EXPUNGE_DELAY_MS });
    });
    await api.control.user("user-1", { allowUserViewDestroyedVm: true });
    await api.control.jobTiming({ expungeDelayMs: 3_600_000 });
    const kept = await api.instance(c);
    const gone = await api.instance(c);
    await api.waitJob((await api.ok("DELETE", `/compute/instances/${kept.id}`)).jobId);
    expect(await stateOf(kept.id)).toBe("Destroyed");
    const other = c.offerings.find((o) => o.id !== kept.serviceOfferingId);
    await refusedInJob(
      kept.id,
      "scale",
      /^Unable to upgrade virtual machine VM\[User\|i-\d+-\d+-VM\] {2}in state Destroyed; make sure the virtual machine is stopped\/running$/,
      { serviceOfferingId: other.id },
    );
    const destroyed = await api.ok("GET", "/compute/instances", { query: { state: "Destroyed" } });
    expect(destroyed.virtualmachines.map((v: any) => v.id)).toContain(kept.id);
    // Nothing but a destroy (with expunge) is possible on it; a stop succeeds without changing it.
    await refusedInJob(kept.id, "start", /^Cannot start VM\[User\|i-\d+-\d+-VM\] in Destroyed state$/);
    expect(
      (await api.waitJob((await api.ok("POST", `/compute/instances/${kept.id}/stop`)).jobId)).status,
    ).toBe("success");
    expect(await stateOf(kept.id)).toBe("Destroyed");
    expect((await api.put(`/compute/instances/${kept.id}`, { query: { displayName: "x" } })).status).toBe(
      409,
    );
    const expunge = await api.ok("DELETE", `/compute/instances/${kept.id}`, { query: { expunge: true } });
    expect((await api.waitJob(expunge.jobId)).status).toBe("success");
    expect((await api.get(`/compute/instances/${kept.id}`)).status).toBe(404);

    const direct = await api.ok("DELETE", `/compute/instances/${gone.id}`, { query: { expunge: true } });
    expect((await api.waitJob(direct.jobId)).status).toBe("success");
    expect((await api.control.state()).instances[gone.id]).toBeUndefined();
  });

  it("Endpoints: a failed deploy leaves an Error instance that can be deleted", async () => {
    await api.control.fault({
      method: "POST",
      route: "/compute/instances",
      jobFail: { detail: "boom" },
      times: 1,
    });
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    expect((await api.waitJob(res.jobId)).status).toBe("error");
    const del = await api.ok("DELETE", `/compute/instances/${res.id}`);
    expect((await api.waitJob(del.jobId)).status).toBe("success");
    expect((await api.get(`/compute/instances/${res.id}`)).status).toBe(404);
  });
});

describe("Instance tags", () => {
  it("Endpoints: GET /compute/instances/{id}/tags returns an array of tag records {key, value, resourceId, resourceType}", async () => {
    const vm = await api.instance(c);
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, {
      body: { tags: { env: "prod", team: "web" } },
    });
    const tags = await api.ok("GET", `/compute/instances/${vm.id}/tags`);
    expect(tags).toEqual([
      { key: "env", value: "prod", resourceId: vm.id, resourceType: "Instance" },
      { key: "team", value: "web", resourceId: vm.id, resourceType: "Instance" },
    ]);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).tags).toEqual({ env: "prod", team: "web" });
  });

  it("Other request bodies: delete instance tags takes a tags object and removes those keys", async () => {
    const vm = await api.instance(c);
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { a: "1", b: "2" } } });
    const res = await api.ok("DELETE", `/compute/instances/${vm.id}/tags`, { body: { tags: { a: "1" } } });
    expect(res).toEqual({ id: vm.id });
    expect((await api.ok("GET", `/compute/instances/${vm.id}/tags`)).map((t: any) => t.key)).toEqual(["b"]);
  });

  it("deleteTags as CloudStack: by key and value (case-insensitive); a value that does not match leaves the tag", async () => {
    const vm = await api.instance(c);
    const tags = async () => (await api.ok("GET", `/compute/instances/${vm.id}`)).tags;
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, {
      body: { tags: { env: "prod", team: "Web", owner: "ann" } },
    });
    // One matches, one does not: only the match goes.
    await api.ok("DELETE", `/compute/instances/${vm.id}/tags`, {
      body: { tags: { env: "dev", TEAM: "web" } },
    });
    expect(await tags()).toEqual({ env: "prod", owner: "ann" });
    // Nothing matches: refused, nothing changes.
    const none = await api.del(`/compute/instances/${vm.id}/tags`, { body: { tags: { env: "dev" } } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Unable to find tags by parameters specified");
    expect(await tags()).toEqual({ env: "prod", owner: "ann" });
    // An empty value names the key whatever its value; the generic endpoint behaves the same.
    await api.ok("DELETE", `/compute/instances/${vm.id}/tags`, { body: { tags: { env: "" } } });
    await api
      .ok("DELETE", "/tags", {
        body: { resourceType: "Instance", resourceId: vm.id, tags: { owner: "bob" } },
      })
      .then(
        () => expect.unreachable("a value that does not match deletes nothing"),
        (e: Error) => expect(e.message).toMatch(/400/),
      );
    expect(await tags()).toEqual({ owner: "ann" });
  });

  it("Other request bodies: there is no tag edit; adding an existing key with another value is a 409", async () => {
    const vm = await api.instance(c);
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { env: "dev" } } });
    const edit = await api.post(`/compute/instances/${vm.id}/tags`, { body: { tags: { env: "prod" } } });
    expect(edit.status).toBe(409);
    await api.ok("DELETE", `/compute/instances/${vm.id}/tags`, { body: { tags: { env: "dev" } } });
    await api.ok("POST", `/compute/instances/${vm.id}/tags`, { body: { tags: { env: "prod" } } });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).tags).toEqual({ env: "prod" });
  });
});
