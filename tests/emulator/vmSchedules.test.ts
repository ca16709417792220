// Instance schedules (the spec's PUT /compute/instances/{id}/schedules/{scheduleId} with query parameters; the
// rest is CloudStack's createVMSchedule / listVMSchedule / updateVMSchedule / deleteVMSchedule,
// emulator/README.md): synchronous, cron and time zone checked, dates in order, actions, gone with the instance.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
let vm: any;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(async () => {
  await api.control.reset();
  vm = await api.instance(c, { name: "sched-vm" });
});

const base = { schedule: "0 22 * * MON-FRI", timezone: "Europe/Berlin", action: "stop" };
const create = (query: Record<string, string | boolean> = {}, id = vm.id) =>
  api.post(`/compute/instances/${id}/schedules`, { query: { ...base, ...query } });

describe("Instance schedules", () => {
  it("create is synchronous ({id}, no jobId); the record shows the action upper-cased, enabled by default, start now", async () => {
    const res = await create({ name: "night", description: "stop at night" });
    expect(res.status).toBe(200);
    expect(res.body.jobId).toBeUndefined();
    expect(res.body.id).toMatch(UUID);
    const got = await api.ok("GET", `/compute/instances/${vm.id}/schedules/${res.body.id}`);
    expect(got).toMatchObject({
      id: res.body.id,
      virtualMachineId: vm.id,
      name: "night",
      description: "stop at night",
      schedule: "0 22 * * MON-FRI",
      timezone: "Europe/Berlin",
      action: "STOP",
      enabled: true,
    });
    expect(Date.parse(got.startDate)).toBeGreaterThan(Date.now() - 60_000);
    expect(got.endDate).toBeUndefined();
    expect((await api.ok("GET", `/compute/instances/schedules/${res.body.id}`)).id).toBe(res.body.id);
    const list = await api.ok("GET", `/compute/instances/${vm.id}/schedules`);
    expect(list.vmschedule.map((s: any) => s.id)).toEqual([res.body.id]);
  });

  it("the spec's PUT takes query parameters; those left out keep their value", async () => {
    const { id } = (await create()).body;
    const res = await api.put(`/compute/instances/${vm.id}/schedules/${id}`, {
      query: { schedule: "30 6 * * *", action: "START", enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id });
    expect(res.body.jobId).toBeUndefined();
    expect(await api.ok("GET", `/compute/instances/${vm.id}/schedules/${id}`)).toMatchObject({
      schedule: "30 6 * * *",
      action: "START",
      enabled: false,
      timezone: "Europe/Berlin",
    });
    // a JSON body in their place is refused naming a parameter (spec, Errors 3), and changes nothing
    const json = await api.put(`/compute/instances/${vm.id}/schedules/${id}`, {
      body: { schedule: "0 7 * * *", action: "STOP" },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe("Required parameter 'schedule' is not present");
    expect(await api.ok("GET", `/compute/instances/${vm.id}/schedules/${id}`)).toMatchObject({
      schedule: "30 6 * * *",
      action: "START",
    });
  });

  it("refuses CloudStack's way: bad cron, unknown action, unknown time zone, a past start, an end before the start", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      // Spring counts CloudStack's leading "0 " (the seconds) among its six fields
      [
        { schedule: "0 22 * *" },
        /^Invalid cron format: Cron expression must consist of 6 fields \(found 5 in "0 0 22 \* \*"\)$/,
      ],
      // a range may not end before it starts (FRI-MON is 5-1 to Spring, whose week runs MON=1 … SUN=7)
      [
        { schedule: "0 6 * * FRI-MON" },
        /^Invalid cron format: Minimum value must be less than maximum value '5-1' in cron expression "0 0 6 \* \* FRI-MON"$/,
      ],
      [{ schedule: "0 6 * * 8L" }, /^Invalid cron format: Invalid day of week: "8L"/],
      [{ schedule: "0 6 L-0 * *" }, /^Invalid cron format: Invalid day of month: "L-0"/],
      [{ schedule: "61 22 * * *" }, /^Invalid cron format: Invalid minute/],
      [{ schedule: "0 22 * * FUNDAY" }, /^Invalid cron format: Invalid day of week/],
      [{ action: "hibernate" }, /^Invalid value for action: hibernate$/],
      [{ timezone: "Mars/Olympus" }, /^Invalid value for timezone: Mars\/Olympus/],
      [
        { startDate: "2001-01-01T00:00:00Z" },
        /^Invalid value for start date\. start can't be less than current datetime$/,
      ],
      [
        { startDate: "2099-06-01T00:00:00Z", endDate: "2099-05-01T00:00:00Z" },
        /^Invalid value for end date\. End date can't be less than start date\.$/,
      ],
      [{ endDate: "soon" }, /^Invalid value for endDate: soon/],
    ];
    for (const [query, message] of cases) {
      const res = await create(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toMatch(message);
      expectErrorBody(res.body);
    }
    // the other actions and cron forms CloudStack takes
    for (const [schedule, action] of [
      ["*/15 8-18 * * 1-5", "reboot"],
      ["0 0 1,15 JAN-JUN ?", "force_stop"],
      ["0 3 * * 0", "FORCE_REBOOT"],
      // Spring's day names: SAT-SUN is 6-7; SUN starting a range is 0 (every day); Quartz's L, W and #
      ["0 6 * * SAT-SUN", "start"],
      ["0 6 * * SUN-SAT", "stop"],
      ["0 0 LW * ?", "stop"],
      ["0 0 15W * *", "stop"],
      ["0 0 ? * FRI#2", "stop"],
      ["0 0 ? * 5L", "stop"],
    ]) {
      expect((await create({ schedule, action })).status, schedule).toBe(200);
    }
    const { id } = (await create({ startDate: "2099-06-01T00:00:00Z" })).body;
    const bad = await api.put(`/compute/instances/${vm.id}/schedules/${id}`, {
      query: { endDate: "2099-01-01T00:00:00Z" },
    });
    expect(bad.status).toBe(400);
  });

  it("a schedule belongs to its instance: another instance's path is 404; delete; gone with the expunged instance", async () => {
    const other = await api.instance(c, { name: "sched-other" });
    const { id } = (await create()).body;
    expect((await api.get(`/compute/instances/${other.id}/schedules/${id}`)).status).toBe(404);
    expect((await api.del(`/compute/instances/${other.id}/schedules/${id}`)).status).toBe(404);
    expect((await api.ok("DELETE", `/compute/instances/${vm.id}/schedules/${id}`)).id).toBe(id);
    expect((await api.get(`/compute/instances/${vm.id}/schedules/${id}`)).status).toBe(404);
    const kept = (await create()).body.id;
    const del = await api.ok("DELETE", `/compute/instances/${vm.id}`, { query: { expunge: true } });
    await api.waitJob(del.jobId);
    expect((await api.get(`/compute/instances/schedules/${kept}`)).status).toBe(404);
  });
});
