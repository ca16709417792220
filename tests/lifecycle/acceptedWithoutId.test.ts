// A create the API accepted whose answer names only its job (the spec's accepted mutation carries `id` "where the
// operation returns one"): the engine waits for the job and takes the id from its resourceId, so the resource is
// in state and the next up makes no second one. Without an id anywhere, the error names the job, the region and
// how to bring the resource in.
import { expect, it } from "vitest";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { volumeInputs } from "../kinds/parts";
import { call, ctl, make, newProcess, p, type Rec, rows, useEmulator } from "../kinds/world";

useEmulator();

const volumesNamed = async (name: string) =>
  rows(await call("GET", "/volumes")).filter((v: Rec) => v.name === name);

it("a create answered without an id is recorded under its job's resourceId, and the next up makes nothing", async () => {
  await ctl.fault({ method: "POST", route: "/volumes", action: "strip-id-after", times: 1 });
  const inputs = volumeInputs();
  const made = await make("Volume", inputs);
  const [live] = await volumesNamed(inputs.name);
  expect(made.id).toBe(live.id);
  const { jobs } = await call("GET", "/jobs/recent?limit=20");
  expect(jobs.find((j: Rec) => j.command === "createVolume" && j.resourceId === live.id)).toBeDefined();
  expect(made.outs).toMatchObject({ name: inputs.name, size: 10 });

  // the next up: same program, a new provider process; the diff is empty, so nothing is created
  newProcess();
  const checked = await p("Volume").check!(made.outs, inputs);
  const d = await p("Volume").diff!(made.id, made.outs, checked.inputs);
  expect(d.changes).toBe(false);
  expect(await volumesNamed(inputs.name)).toHaveLength(1);
  await p("Volume").delete!(made.id, made.outs);
});

it("a create answered without an id whose job then failed is kept as failed under the job's resourceId", async () => {
  await ctl.fault({
    method: "POST",
    route: "/volumes",
    action: "strip-id-after",
    jobFail: { detail: "Injected job failure" },
    times: 1,
  });
  const inputs = volumeInputs();
  const err = await make("Volume", inputs).catch((e) => e);
  expect(err).toBeInstanceOf(PartialStateError);
  const [live] = await volumesNamed(inputs.name);
  expect((err as PartialStateError).id).toBe(live.id);
  expect(err.message).toMatch(/Injected job failure/);
});

it("no id in the answer nor from its job: the error names the job, the region and adoptId", async () => {
  await ctl.fault({ method: "POST", route: "/volumes", action: "strip-id-after", jobStuck: true, times: 1 });
  const inputs = { ...volumeInputs(), timeouts: { create: "1s" } };
  const err = await make("Volume", inputs).catch((e) => e);
  expect(err).not.toBeInstanceOf(PartialStateError);
  const { jobs } = await call("GET", "/jobs/recent?limit=20");
  const job = jobs.find((j: Rec) => j.command === "createVolume" && j.status === "running");
  expect(err.message).toContain(`cim:Volume "${inputs.name}"`);
  expect(err.message).toContain(`job ${job.jobId}`);
  expect(err.message).toMatch(/in region \S+/);
  expect(err.message).toMatch(/named no id/);
  expect(err.message).toMatch(/adoptId/);
  expect(err.message).toMatch(/pulumi import/);
  // the job still runs: its end names the volume; the wait's advice to raise the timeout and run again (or refresh)
  // would make a second one, since nothing is recorded
  expect(err.message).toContain(
    `its job ${job.jobId} was still running after 1 s (only its end names the volume)`,
  );
  expect(err.message).not.toMatch(/raise the resource's timeout|pulumi refresh/);
});
