// What a preview of an in-place update tells the program of a resource's outputs, through the CLI: on the plugin,
// the outputs the update keeps stay known and only those it moves are unknown (an instance's `state` when its
// power state changes), so stack outputs and dependents preview as the `up` then changes them. The dynamic-provider
// host takes no part in previews of updates: the engine hands the program the new inputs as outputs, and every
// output no input gives is unknown (docs/native.md says so). A preview of an unchanged stack knows every output, on
// both paths: those a resource lacks or has at its default too (state keeps them as nulls).
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { pluginHome, sourceHome, stackRun } from "../harness";
import { resourcesOf, singleInstanceRun, uniqueStack, useApi } from "./support";

const testApi = useApi();

/** The outputs a step ended with (its resOutputsEvent; the stack has two, the last after its resources), by type. */
const endedWith = (steps: any[] | undefined, type: RegExp) =>
  steps?.findLast((s) => type.test(s.type))?.new?.outputs as Record<string, unknown>;

describe.each([
  { path: "the plugin", native: true },
  { path: "the dynamic path", native: false },
])("$path", ({ native }) => {
  it("a preview of a power state change shows the state unknown, the name and region as they are", async () => {
    const api = testApi();
    const run = await singleInstanceRun(api, "preview-outputs", { native });
    const [up] = await run([{ op: "up" }]);
    expect(up.outputs).toMatchObject({ state: "Running" });
    const [preview, stopped, again] = await run([
      { op: "preview", config: { "cim-e2e:powerState": "stopped" }, steps: true },
      { op: "up" },
      { op: "preview" },
    ]);
    await run([{ op: "destroy" }, { op: "rm" }]);
    expect(preview.summary).toMatchObject({ update: 1 });
    const stack = endedWith(preview.stepOutputs, /^pulumi:pulumi:Stack$/);
    expect(stack.state).toBe(UNKNOWN);
    expect(stack.vmId).toBe(up.outputs?.vmId);
    if (native) {
      expect(stack).toMatchObject({ vmName: up.outputs?.vmName, region: up.outputs?.region });
      // nothing else unknown: what the program leaves out and the instance never had stays a null (known absent)
      const vm = endedWith(preview.stepOutputs, /Instance$/);
      const unknown = Object.keys(vm).filter((k) => vm[k] === UNKNOWN);
      expect(unknown).toEqual(["state"]);
      expect(vm.group).toBeNull();
    } else {
      expect(stack).toMatchObject({ vmName: UNKNOWN, region: UNKNOWN });
    }
    expect(stopped.outputs).toMatchObject({ state: "Stopped", vmName: up.outputs?.vmName });
    expect(again.summary).toEqual({ same: 2 });
  }, 300_000);

  it("a preview of an unchanged stack knows the outputs a resource lacks or has at its default, and so changes nothing", async () => {
    const api = testApi();
    const label = "absent-outputs";
    const run = await stackRun({
      home: native ? pluginHome(label, "cim-e2e") : sourceHome(label),
      stackName: uniqueStack(label),
      program: path.join(__dirname, "programs", "absent.cjs"),
      envVars: api.envVars,
    });
    const [up, preview, exported] = await run([
      { op: "up" },
      { op: "preview", steps: true },
      { op: "export" },
    ]);
    await run([{ op: "destroy" }, { op: "rm" }]);
    // the digest of a userData the program does not give is not kept: nor a secret the engine would encrypt again
    // at every checkpoint (the dynamic path asks for it secret only with userData)
    const [vm] = resourcesOf(exported.deployment, ":Instance");
    expect(vm.outputs).toHaveProperty("group", null);
    // what is only an input left out is not kept at all; one given is
    expect(vm.outputs).not.toHaveProperty("allowPasswordSsh");
    expect(vm.outputs).not.toHaveProperty("userDataHash");
    expect(vm.outputs.timeouts).toEqual({ create: "2m" });
    expect(up.outputs).toMatchObject({ peer: "none", namedName: "after-none" });
    expect(up.outputs?.label).toMatch(/^vm-/);
    // nothing to do: the volume named after what the other lacks is not "to update", and no output is unknown
    expect(preview.summary).toEqual({ same: 4 });
    const stack = endedWith(preview.stepOutputs, /^pulumi:pulumi:Stack$/);
    expect(stack).toEqual({
      peer: "none",
      label: up.outputs?.label,
      namedName: "after-none",
      passwordSsh: "not given",
    });
  }, 300_000);
});
