// A run that ended before its job did (a timeout shorter than the job, a Ctrl-C, a killed plugin) leaves the job
// running on the platform and the stack recording the resource as it was. The next run's update or delete of that
// resource waits for the job, reads the resource again and decides from it: it never sends the change a second
// time, never takes a change as made while its job may still fail, and never acts on the resource while the job
// runs. It learns of such jobs from one read of the platform's jobs list per process and region, and only for kinds
// whose operations start jobs. In-process against the emulator, its job clock held so the earlier job runs exactly
// as long as a test says.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startsJobs } from "../../provider/families/jobs";
import { type KindName, kindList } from "../../provider/kinds";
import { recordedApiCalls } from "../../provider/kinds/apiCallsData";
import { captureInfo } from "../../provider/lifecycle/engineLog";
import { instanceInputs, secondaryRegion, volumeInputs } from "../kinds/parts";
import {
  call,
  cat,
  change,
  ctl,
  jobsOn,
  make,
  nameOf,
  newProcess,
  p,
  type Rec,
  rows,
  useEmulator,
} from "../kinds/world";

useEmulator();

const info: string[] = [];
beforeEach(() => {
  info.length = 0;
  captureInfo((m) => info.push(m));
});
afterEach(() => captureInfo());

/** The running job of `command` on resource `id`. */
async function runningJob(id: string, command: string): Promise<string> {
  const { jobs } = await call("GET", "/jobs/recent?limit=50");
  const job = (jobs as Rec[]).find((j) => j.resourceId === id && j.command === command);
  expect(job?.status).toBe("running");
  return job!.jobId;
}

/**
 * An earlier run's update that ended before its job did: jobs end only when the clock is advanced, and the
 * update's deadline is 200 ms. Returns that job's id.
 */
async function leftRunning(kind: "Instance" | "Volume", id: string, olds: Rec, news: Rec, command: string) {
  await ctl.jobMode("clock", { latencyMs: 1_000 });
  const first = await change(kind, id, olds, { ...news, timeouts: { update: "200ms" } });
  await expect(first.run()).rejects.toThrow(/was still running after \d+ s/);
  // the next run is another provider process
  newProcess();
  return runningJob(id, command);
}

const readsOf = async (jobId: string) => (await ctl.jobReads()).find((j) => j.jobId === jobId)?.reads ?? 0;

/**
 * Runs `work` (the next run's operation) and ends job `jobId` once `ready` (default: `work` is waiting on the job,
 * it has read it), or `work` has ended without; then jobs run at once. Resolves with what `work` gave and the job's
 * status when `work` ended. Never on a timer: a job ended before the operation got to it (a loaded machine can take
 * seconds) would test another case than the one named, and pass or fail by chance.
 */
async function endedWhileWaited<T>(
  jobId: string,
  work: () => Promise<T>,
  ready: () => Promise<boolean> = async () => (await readsOf(jobId)) > 0,
) {
  await ctl.resetRequests();
  let ended = false;
  const run = work().then(
    async (value) => ({ value, jobThen: (await call("GET", `/jobs/${jobId}`)).status as string }),
    (err: unknown) => ({ err, jobThen: "" }),
  );
  void run.finally(() => {
    ended = true;
  });
  while (!ended && !(await ready())) await new Promise((r) => setTimeout(r, 10));
  await ctl.advanceClock(1_000);
  await ctl.jobMode("timed", { latencyMs: 0 });
  const out = await run;
  if ("err" in out) throw out.err;
  return out;
}

const scales = async () => (await ctl.requests())["POST /api/v1/compute/instances/{id}/scale"] ?? 0;

describe("an update whose resource has a job an earlier run left running", () => {
  it("waits for the scale, finds the offering changed, and sends nothing", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const news = { ...inputs, serviceOfferingId: cat.medium };
    const jobId = await leftRunning("Instance", id, outs, news, "scaleVirtualMachine");

    const again = await change("Instance", id, outs, news);
    expect(again.diff.changes).toBe(true); // the stack still records the old offering
    const { value, jobThen } = await endedWhileWaited(jobId, again.run);
    // it ended only once the earlier job had: not while the scale could still fail
    expect(jobThen).toBe("success");
    expect(value.outs.serviceOfferingId).toBe(cat.medium);
    expect(await scales()).toBe(0);
    expect(await jobsOn(id)).toEqual(["deployVirtualMachine:success", "scaleVirtualMachine:success"]);
    expect(info).toEqual([
      expect.stringMatching(
        new RegExp(
          `^cim:Instance "${inputs.name}" \\(id ${id}\\): job ${jobId} \\(scaleVirtualMachine\\) was running on the instance before this update began \\(an earlier run ended before it did, or it was started outside Pulumi\\); waited \\d+ s for it to end in success, and the update goes on from the instance as it is now$`,
        ),
      ),
    ]);
    await p("Instance").delete!(id, value.outs);
  });

  it("waits for a scale that fails, and sends it once more from the offering put back", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const news = { ...inputs, serviceOfferingId: cat.medium };
    const detail = "Unable to scale vm due to insufficient capacity";
    await ctl.fault({
      method: "POST",
      route: "/compute/instances/{id}/scale",
      jobFail: { detail },
      times: 1,
    });
    const jobId = await leftRunning("Instance", id, outs, news, "scaleVirtualMachine");
    // the platform shows the offering it is scaling to while the job runs (CloudStack writes it first)
    expect((await call("GET", `/compute/instances/${id}`)).serviceOfferingId).toBe(cat.medium);

    const again = await change("Instance", id, outs, news);
    const { value, jobThen } = await endedWhileWaited(jobId, again.run);
    expect(jobThen).toBe("error");
    expect(await scales()).toBe(1);
    expect((await call("GET", `/compute/instances/${id}`)).serviceOfferingId).toBe(cat.medium);
    expect(value.outs.serviceOfferingId).toBe(cat.medium);
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "scaleVirtualMachine:error",
      "scaleVirtualMachine:success",
    ]);
    expect(info).toEqual([
      expect.stringMatching(
        new RegExp(`waited \\d+ s for it to end in error \\(${detail}\\), and the update goes on`),
      ),
    ]);
    await p("Instance").delete!(id, value.outs);
  });

  it("a job that ends while the jobs list is read: the instance, read after the list, shows its end", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const news = { ...inputs, serviceOfferingId: cat.medium };
    await ctl.fault({
      method: "POST",
      route: "/compute/instances/{id}/scale",
      jobFail: { detail: "Unable to scale vm due to insufficient capacity" },
      times: 1,
    });
    const jobId = await leftRunning("Instance", id, outs, news, "scaleVirtualMachine");
    const again = await change("Instance", id, outs, news);
    // The list answers a second late, and the scale fails as soon as the update has read the instance or the job.
    // Read before the list, the instance would show the offering of a scale under way, which the list, read after
    // the job failed, no longer shows: the update would take it as done.
    await ctl.fault({ method: "GET", route: "/jobs", latencyMs: 1_000, times: 1 });
    const instanceReads = async () => {
      const counts = await ctl.requests();
      return (
        (counts["GET /api/v1/compute/instances/{id}"] ?? 0) +
        (counts["GET /api/v1/compute/instances/all"] ?? 0)
      );
    };
    const { value } = await endedWhileWaited(
      jobId,
      again.run,
      async () => (await instanceReads()) > 0 || (await readsOf(jobId)) > 0,
    );
    expect(await scales()).toBe(1);
    expect((await call("GET", `/compute/instances/${id}`)).serviceOfferingId).toBe(cat.medium);
    expect(value.outs.serviceOfferingId).toBe(cat.medium);
    await p("Instance").delete!(id, value.outs);
  });

  it("a volume's detach left running is not sent again (any kind: the jobs list names the resource)", async () => {
    const vm = await make("Instance", instanceInputs());
    const inputs = { ...volumeInputs(), instanceId: vm.id };
    const { id, outs } = await make("Volume", inputs);
    const news = { ...inputs, instanceId: undefined };
    const jobId = await leftRunning("Volume", id, outs, news, "detachVolume");
    // the record still shows it attached while the detach runs
    expect((await call("GET", `/volumes/${id}`)).virtualMachineId).toBe(vm.id);

    const again = await change("Volume", id, outs, news);
    const { value, jobThen } = await endedWhileWaited(jobId, again.run);
    expect(jobThen).toBe("success");
    expect(value.outs.instanceId).toBeNull(); // detached (state keeps an absent value as null)
    expect((await ctl.requests())["POST /api/v1/volumes/{id}/detach"] ?? 0).toBe(0);
    expect(await jobsOn(id)).toEqual([
      "createVolume:success",
      "attachVolume:success",
      "detachVolume:success",
    ]);
    await p("Volume").delete!(id, value.outs);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("the deadline passes while the earlier job runs: nothing is sent, and the message says why and what to do", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const news = { ...inputs, serviceOfferingId: cat.medium };
    const jobId = await leftRunning("Instance", id, outs, news, "scaleVirtualMachine");
    await ctl.resetRequests();
    const again = await change("Instance", id, outs, { ...news, timeouts: { update: "300ms" } });
    await expect(again.run()).rejects.toThrow(
      `update failed: job ${jobId} (scaleVirtualMachine), which was running on the instance before this update began (an earlier run that ended before its job did, or a change outside Pulumi), was still running after 0 s, so nothing was sent: the platform takes one operation on a resource at a time, and a second would repeat or undo the first. The deadline is the resource's timeouts.update, or its customTimeouts.update where timeouts leaves it out; raise it, e.g. timeouts: { update: "30m" }, or run again once the job has ended (GET /api/v1/jobs/${jobId}).`,
    );
    expect(await scales()).toBe(0);
    await ctl.advanceClock(1_000);
    await ctl.jobMode("timed", { latencyMs: 0 });
  });
});

describe("a delete whose resource has a job an earlier run left running", () => {
  it("waits for the job to end, then deletes", async () => {
    const inputs = instanceInputs();
    const { id, outs } = await make("Instance", inputs);
    const jobId = await leftRunning(
      "Instance",
      id,
      outs,
      { ...inputs, serviceOfferingId: cat.medium },
      "scaleVirtualMachine",
    );
    // the platform takes one operation on an instance at a time (CloudStack's VM work queue; the emulator: 409)
    await endedWhileWaited(jobId, () => p("Instance").delete!(id, outs));
    await expect(call("GET", `/compute/instances/${id}`)).rejects.toThrow(/404/);
    expect(await jobsOn(id)).toEqual([
      "deployVirtualMachine:success",
      "scaleVirtualMachine:success",
      "destroyVirtualMachine:success",
    ]);
  });
});

const jobLists = async () => (await ctl.requests())["GET /api/v1/jobs"] ?? 0;

describe("the jobs list those checks read", () => {
  it("is read once a process and region, at the first update or delete, whatever their number", async () => {
    const region = secondaryRegion();
    const zoneId = rows(await call("GET", "/zones", undefined, region))[0].id;
    const custom = rows(await call("GET", "/offerings/disk", undefined, region)).find(
      (d) => d.customized,
    )?.id;
    const made = await Promise.all(
      [
        ...Array.from({ length: 8 }, () => volumeInputs()),
        { ...volumeInputs(), zoneId, diskOfferingId: custom, region },
      ].map(async (inputs) => ({ inputs, ...(await make("Volume", inputs)) })),
    );
    const elsewhere = made.pop()!;
    await ctl.resetRequests();
    const changed = await Promise.all(
      made.map(async (v) => {
        const run = (await change("Volume", v.id, v.outs, { ...v.inputs, tags: { a: "2" } })).run;
        return { id: v.id, outs: (await run()).outs };
      }),
    );
    expect(await jobLists()).toBe(1);
    await Promise.all(changed.map((v) => p("Volume").delete!(v.id, v.outs)));
    expect(await jobLists()).toBe(1);
    // another region: its own jobs, its own list
    await p("Volume").delete!(elsewhere.id, elsewhere.outs);
    expect(await jobLists()).toBe(2);
    expect((await ctl.requests())["DELETE /api/v1/volumes/{id}"]).toBe(9);
  });

  it("is not read for kinds whose operations start no jobs (projects, instance groups, comments, tag sets)", async () => {
    const volume = await make("Volume", volumeInputs());
    const changes: [KindName, Rec, Rec][] = [
      ["Project", { name: nameOf("proj"), displayText: "the shop" }, { displayText: "changed" }],
      ["InstanceGroup", { name: nameOf("grp") }, { name: nameOf("grp") }],
      ["Comment", { volumeId: volume.id, text: "a note" }, { timeouts: { delete: "5m" } }],
      [
        "Tags",
        { resourceType: "Template", resourceId: cat.template, tags: { stage: "one" } },
        { tags: { stage: "two" } },
      ],
    ];
    const made = [];
    for (const [kind, inputs, changed] of changes)
      made.push({ kind, inputs, changed, ...(await make(kind, inputs)) });
    newProcess(); // the changes are the next run's
    await ctl.resetRequests();
    for (const m of made) {
      const { outs } = await (await change(m.kind, m.id, m.outs, { ...m.inputs, ...m.changed })).run();
      await p(m.kind).delete!(m.id, outs);
    }
    const counts = await ctl.requests();
    expect(counts["GET /api/v1/jobs"] ?? 0).toBe(0);
    // they did reach the API: changed, then deleted
    expect(counts["PUT /api/v1/projects/{id}"]).toBe(1);
    expect(counts["DELETE /api/v1/projects/{id}"]).toBe(1);
    expect(counts["PUT /api/v1/instance-groups/{id}"]).toBe(1);
    expect(counts["DELETE /api/v1/instance-groups/{id}"]).toBe(1);
    expect(counts["DELETE /api/v1/volumes/annotations/{annotationId}"]).toBe(1);
    expect(counts["POST /api/v1/tags"]).toBe(1); // "stage" set to "two"
    expect(counts["DELETE /api/v1/tags"]).toBe(1); // the tag set deleted
    // the volume's delete, in the same process, does read it
    await p("Volume").delete!(volume.id, volume.outs);
    expect(await jobLists()).toBe(1);
  });

  it("the kinds that look are those whose recorded operations start jobs, from the families' job commands", () => {
    const recorded = recordedApiCalls();
    const withJobs = kindList
      .filter((k) => {
        const r = recorded[k.name]!;
        const calls = [...r.create, ...r.read, ...r.delete, ...r.update.flatMap((u) => u.calls)];
        return calls.some((c) => c.waitsFor || c.starts);
      })
      .map((k) => k.name);
    expect(kindList.filter((k) => startsJobs(k.name)).map((k) => k.name)).toEqual(withJobs);
    expect(kindList.filter((k) => !startsJobs(k.name)).map((k) => k.name)).toEqual([
      "BackupSchedule",
      "InstanceSchedule",
      "SshKeyPair",
      "Tags",
      "Comment",
      "InstanceGroup",
      "Project",
      "TemplatePermissions",
    ]);
  });
});
