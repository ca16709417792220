// The instance-schedule family of the client against the emulator: create (query parameters, synchronous), read by
// id and per instance, the spec's PUT with only what changes, delete; the platform's refusals keep their type; a
// create whose answer was lost after it landed is recognised by content and not sent again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BadRequestError, type CimClient, NotFoundError } from "../../provider/client";
import { deployed, dropNextAnswer, type Harness, harness } from "./emulatorHarness";

describe("instanceSchedules against the emulator", () => {
  let h: Harness;
  let client: CimClient;
  let vmId: string;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    client = await h.fresh();
    vmId = (await deployed(client, "sched")).id;
  });
  const hits = async (route: string) => (await h.control.requests())[route] ?? 0;
  const night = { action: "stop", schedule: "0 22 * * MON-FRI", timezone: "Europe/Berlin" };

  it("create, get, list, update in place, delete; 404 after", async () => {
    const made = await client.instanceSchedules.create(vmId, { ...night, name: "night" });
    expect(made.jobId).toBeUndefined();
    expect(await client.instanceSchedules.get(made.id!)).toMatchObject({
      virtualMachineId: vmId,
      action: "STOP",
      schedule: "0 22 * * MON-FRI",
      enabled: true,
      name: "night",
    });
    expect((await client.instanceSchedules.list({ vmId })).map((s) => s.id)).toEqual([made.id]);
    await client.instanceSchedules.update(vmId, made.id!, { enabled: false, schedule: "0 23 * * *" });
    expect(await client.instanceSchedules.get(made.id!)).toMatchObject({
      enabled: false,
      schedule: "0 23 * * *",
      action: "STOP",
    });
    await client.instanceSchedules.delete(vmId, made.id!);
    await expect(client.instanceSchedules.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the platform's refusals are BadRequestErrors with its text", async () => {
    const bad = await client.instanceSchedules
      .create(vmId, { ...night, schedule: "61 * * * *" })
      .catch((e) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain("Invalid cron format");
    const past = await client.instanceSchedules
      .create(vmId, { ...night, startDate: "2001-01-01T00:00:00Z" })
      .catch((e) => e);
    expect(past.message).toContain("start can't be less than current datetime");
  });

  it("a create whose answer was lost after it landed is recognised by content, not sent again", async () => {
    await h.control.resetRequests();
    await dropNextAnswer(h.control, "POST", "/compute/instances/{id}/schedules");
    const made = await client.instanceSchedules.create(vmId, night);
    expect(await hits("POST /api/v1/compute/instances/{id}/schedules")).toBe(1);
    expect((await client.instanceSchedules.list({ vmId })).map((s) => s.id)).toEqual([made.id]);
  });
});
