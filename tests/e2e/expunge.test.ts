// pulumi destroy on a platform that expunges destroyed instances later (CloudStack's expunge.delay, a day by
// default, the emulator's default too): a destroyed instance keeps its place on its networks until expunged, so
// a tier's delete right after its instances' would fail (its job, saying only "Failed to delete network", as
// CloudStack's). The provider deletes instances with expunge (the default), expunges one destroyed outside Pulumi,
// and otherwise waits the failure out within the tier's delete timeout, saying what it waits for (the instances the
// run destroyed without expunge), and names the cause when it lasts.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { mine, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;
const program = path.join(__dirname, "programs", "tier.cjs");
const DAY_MS = 86_400_000;

beforeAll(async () => {
  // the emulator's default expunge delay, stated so a change of default cannot make this pass unseen
  api = await startApi({ expungeDelayMs: DAY_MS });
});

afterAll(async () => {
  await api?.close();
});

/** What the API still has of the user's: instances (Destroyed ones too), volumes, networks, VPCs. */
async function leftOver() {
  const state = await api.control.state();
  return Object.fromEntries(
    ["instances", "volumes", "networks", "vpcs"].map((k) => [
      k,
      mine(state[k]).map((r: any) => `${r.name} ${r.state}`),
    ]),
  );
}

const nothing = { instances: [], volumes: [], networks: [], vpcs: [] };

/** The CLI's lines about one resource (the display prints each event more than once: once each). */
const linesAbout = (output: string, what: RegExp) => [
  ...new Set(output.split("\n").filter((l) => what.test(l))),
];

describe("destroy with a platform expunge delay", () => {
  it("deletes instances with expunge, so the tier and the VPC go right after, and nothing is left", async () => {
    expect((await api.control.jobTiming({})).expungeDelayMs).toBe(DAY_MS);
    const run = await stackRun({
      home: sourceHome("expunge"),
      stackName: uniqueStack("expunge"),
      program,
      envVars: api.envVars,
    });
    const [up] = await run([{ op: "up" }]);
    expect(up.summary).toEqual({ create: 7 });
    const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
    console.log(linesAbout(destroyed.output, /delet|Resources|Duration|error/i).join("\n"));
    expect(destroyed.ok, destroyed.error).toBe(true);
    expect(destroyed.summary).toEqual({ delete: 7 });
    expect(await leftOver()).toEqual(nothing);
    // and through the API as a user reads it
    const vpcs = (await api.client.vpcs.listAll()).items;
    expect(vpcs.filter((v) => v.id === up.outputs?.vpcId)).toEqual([]);
  }, 300_000);

  it("a replacement that keeps an instance's host name deletes the old one with expunge, so the name is free at once", async () => {
    const run = await stackRun({
      home: sourceHome("expunge-replace"),
      stackName: uniqueStack("expunge-replace"),
      program,
      envVars: api.envVars,
    });
    const [up] = await run([{ op: "up", config: { "tier:firstName": "web-one" } }]);
    const [before] = (up.outputs?.vmIds ?? []) as string[];
    const [replaced] = await run([{ op: "up", config: { "tier:template": "Debian 12" } }]);
    expect(replaced.ok, replaced.error).toBe(true);
    expect(replaced.summary).toMatchObject({ replace: 3 });
    const state = await api.control.state();
    expect(state.instances[before]).toBeUndefined(); // expunged, not left Destroyed holding "web-one"
    expect(mine(state.instances).filter((i: any) => i.name === "web-one")).toHaveLength(1);
    await run([{ op: "destroy" }, { op: "rm" }]);
    expect(await leftOver()).toEqual(nothing);
  }, 300_000);

  it("expunges an instance destroyed outside Pulumi, which would hold the tier for a day", async () => {
    const run = await stackRun({
      home: sourceHome("expunge-oob"),
      stackName: uniqueStack("expunge-oob"),
      program,
      envVars: api.envVars,
    });
    const [up] = await run([{ op: "up" }]);
    // the second instance (the first has the attached volume), destroyed without expunge
    const outside = (up.outputs?.vmIds as string[] | undefined)?.[1] ?? "";
    await api.client.jobs.wait(await api.client.instances.delete(outside));
    expect((await api.control.state()).instances[outside].state).toBe("Destroyed");
    const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
    expect(destroyed.ok, destroyed.error).toBe(true);
    expect(await leftOver()).toEqual(nothing);
  }, 300_000);

  it("with expunge: false, the tier's delete waits for the platform's expunge, saying so, then goes", async () => {
    await api.control.jobTiming({ expungeDelayMs: 6_000 });
    try {
      const run = await stackRun({
        home: sourceHome("expunge-wait"),
        stackName: uniqueStack("expunge-wait"),
        program,
        envVars: { ...api.envVars, CIM_PROGRESS_INTERVAL_MS: "1000" },
      });
      const [up] = await run([{ op: "up", config: { "tier:expunge": "false" } }]);
      expect(up.summary).toEqual({ create: 7 });
      const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
      expect(destroyed.ok, destroyed.error).toBe(true);
      const waits = linesAbout(destroyed.output, /waiting for the platform to expunge/);
      console.log(waits.slice(0, 2).join("\n"));
      expect(waits.length).toBeGreaterThan(0);
      // status messages: shown while the wait lasts, not repeated under Diagnostics once it ended
      const diagnostics = destroyed.output.split(/^Diagnostics:$/m)[1]?.split(/^Resources:$/m)[0] ?? "";
      expect(diagnostics).not.toContain("waiting for");
      // the platform's job says only "Failed to delete network"; the provider knows which instances this run
      // destroyed without expunge on the tier
      expect(waits[0]).toMatch(
        /cim:Network "web" \(id [0-9a-f-]{36}\): delete: waiting for the platform to expunge instance vm-[0-9a-f]{12} \(id [0-9a-f-]{36}\)(, instance vm-[0-9a-f]{12} \(id [0-9a-f-]{36}\))*, destroyed without expunge and still on the network: Failed to delete network \(\d+ s so far/,
      );
      expect(await leftOver()).toEqual(nothing);
    } finally {
      await api.control.jobTiming({ expungeDelayMs: DAY_MS });
    }
  }, 300_000);

  it("with expunge: false and a day's delay, the tier's delete names the instances this run destroyed and the expunge delay, not a guess", async () => {
    const run = await stackRun({
      home: sourceHome("expunge-day"),
      stackName: uniqueStack("expunge-day"),
      program,
      envVars: api.envVars,
    });
    await run([{ op: "up", config: { "tier:expunge": "false", "tier:networkDeleteTimeout": "3s" } }]);
    const [refused] = await run([{ op: "destroy", expectFailure: true }]);
    expect(refused.ok).toBe(false);
    const text = `${refused.output}\n${refused.error}`;
    expect(text).toMatch(
      /cim:Network "web" \(id [0-9a-f-]{36}\) in region de-fra-1 \([0-9a-f-]{36}\): delete failed: the platform still refuses it after 3 s of waiting for the platform to expunge instance vm-[0-9a-f]{12} \(id [0-9a-f-]{36}\)(, instance vm-[0-9a-f]{12} \(id [0-9a-f-]{36}\))*, destroyed without expunge and still on the network \(timeouts\.delete\): Failed to delete network\. A destroyed instance keeps its place on its networks until the platform expunges it/,
    );
    expect(text).toContain("(CloudStack's expunge.delay, a day by default)");
    expect(text).toContain("Run pulumi destroy again after that");
    expect(text).not.toContain("deleteProtection");
    // The instances are gone from the stack (destroyed); the tier and the VPC stay until the platform expunges.
    const left = await leftOver();
    expect(left.instances.every((s: string) => s.endsWith(" Destroyed"))).toBe(true);
    expect(left.networks).toHaveLength(1);
    // After the delay (the job clock moved on by a day), a second destroy finishes.
    await api.control.clock({ advanceMs: DAY_MS + 1_000 });
    const [again] = await run([{ op: "destroy" }, { op: "rm" }]);
    expect(again.ok, again.error).toBe(true);
    expect(await leftOver()).toEqual(nothing);
  }, 300_000);
});
