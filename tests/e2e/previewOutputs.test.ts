// What a preview of an in-place update tells the program of a resource's outputs, through the CLI: on the plugin,
// the outputs the update keeps stay known and only those it moves are unknown (an instance's `state` when its
// power state changes), so stack outputs and dependents preview as the `up` then changes them. The dynamic-provider
// host takes no part in previews of updates: the engine hands the program the new inputs as outputs, and every
// output no input gives is unknown (docs/native.md says so).
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { singleInstanceRun, useApi } from "./support";

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
      // nothing else unknown: what the program leaves out and the instance never had stays out
      const vm = endedWith(preview.stepOutputs, /Instance$/);
      const unknown = Object.keys(vm).filter((k) => vm[k] === UNKNOWN);
      expect(unknown).toEqual(["state"]);
      expect(vm.group).toBeUndefined();
    } else {
      expect(stack).toMatchObject({ vmName: UNKNOWN, region: UNKNOWN });
    }
    expect(stopped.outputs).toMatchObject({ state: "Stopped", vmName: up.outputs?.vmName });
    expect(again.summary).toEqual({ same: 2 });
  }, 300_000);
});
