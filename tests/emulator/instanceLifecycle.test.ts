import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, type Catalogue } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => {
  api = await Api.start();
  c = await api.catalogue();
});
afterAll(() => api.close());

const vmBody = (extra: Record<string, unknown> = {}) => ({
  zoneId: c.zone.id,
  templateId: c.template.id,
  serviceOfferingId: c.offering.id,
  ...extra,
});
describe("Instance lifecycle", () => {
  it("Endpoints: stop, start and reboot move the instance through Stopping/Starting/Rebooting to their end states", async () => {
    const vm = await api.instance(c);
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.waitJob(stop.jobId);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Stopped");
    const reboot = await api.post(`/compute/instances/${vm.id}/reboot`);
    expect(reboot.status).toBe(409);
    const start = await api.ok("POST", `/compute/instances/${vm.id}/start`);
    await api.waitJob(start.jobId);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Running");
  });

  it("Further endpoints / Versioning: /restart is the deprecated alias of /reboot, served by the same handler", async () => {
    const vm = await api.instance(c);
    await api.control.pauseClock();
    const res = await api.ok("POST", `/compute/instances/${vm.id}/restart`);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).state).toBe("Rebooting");
    await api.control.pauseClock(false);
    const job = await api.waitJob(res.jobId);
    expect(job.command).toBe("rebootVirtualMachine");
    // Same handler: the same refusal for a stopped instance.
    const stop = await api.ok("POST", `/compute/instances/${vm.id}/stop`);
    await api.waitJob(stop.jobId);
    const viaReboot = await api.post(`/compute/instances/${vm.id}/reboot`);
    const viaRestart = await api.post(`/compute/instances/${vm.id}/restart`);
    expect(viaRestart.status).toBe(viaReboot.status);
    expect(viaRestart.body.message).toBe(viaReboot.body.message);
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

  it("Endpoints: deleteProtection blocks delete with 409; once cleared, delete removes the instance", async () => {
    const vm = await api.instance(c, { deleteProtection: true });
    const blocked = await api.del(`/compute/instances/${vm.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain("deleteProtection");
    await api.ok("PUT", `/compute/instances/${vm.id}`, { query: { deleteProtection: false } });
    const res = await api.ok("DELETE", `/compute/instances/${vm.id}`);
    await api.waitJob(res.jobId);
    expect((await api.get(`/compute/instances/${vm.id}`)).status).toBe(404);
  });

  it("Endpoints: an action while another operation is in progress is a 409", async () => {
    await api.control.pauseClock();
    const res = await api.ok("POST", "/compute/instances", { body: vmBody() });
    const busy = await api.post(`/compute/instances/${res.id}/stop`);
    expect(busy.status).toBe(409);
    await api.control.pauseClock(false);
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
