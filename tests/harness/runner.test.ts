// The runner's guard against a run whose inline program never started (runner.cjs: failWhenTheProgramNeverRuns).
// The SDK's inline-program server swallows a gRPC error of its run, so such a run would end as a program that
// registered nothing, and an up would delete the whole stack; guarded, it fails with an error that is not gRPC's.
import { isGrpcError } from "@pulumi/pulumi/errors";
import { describe, expect, it } from "vitest";

const { failWhenTheProgramNeverRuns, NEVER_RAN } = require("./runner.cjs") as {
  failWhenTheProgramNeverRuns: (fromWorkDir: (id: string) => unknown) => void;
  NEVER_RAN: string;
};

type Run = (init: () => Promise<unknown>) => Promise<unknown>;

function guarded(run: Run): Run {
  const stackModule = { runInPulumiStack: run };
  failWhenTheProgramNeverRuns((id) => {
    expect(id).toBe("@pulumi/pulumi/runtime/stack");
    return stackModule;
  });
  return stackModule.runInPulumiStack;
}

/** What the SDK's registration gives when the engine's monitor cannot be reached. */
const unavailable = () =>
  Object.assign(
    new Error("failed to register new resource p-s [pulumi:pulumi:Stack]: Resource monitor is terminating"),
    {
      code: 14,
      details: "No connection established",
      metadata: {},
    },
  );

describe("a run whose inline program never started", () => {
  it("fails with an error the SDK's server does not swallow, when the stack's registration met gRPC's UNAVAILABLE", async () => {
    expect(isGrpcError(unavailable())).toBe(true); // what the server swallows
    const err = (await guarded(async () => {
      throw unavailable();
    })(async () => ({})).catch((e: Error) => e)) as Error;
    expect(err.message).toContain(NEVER_RAN);
    expect(err.message).toContain("Resource monitor is terminating");
    expect(isGrpcError(err)).toBe(false);
  });

  it("fails when the run ends without calling the program at all", async () => {
    await expect(guarded(async () => ({}))(async () => ({ out: 1 }))).rejects.toThrow(NEVER_RAN);
  });

  it("passes through a run whose program ran: its outputs, and its own errors as they are", async () => {
    const run: Run = async (init) => init();
    expect(await guarded(run)(async () => ({ out: 1 }))).toEqual({ out: 1 });
    const own = new Error("the program's own failure");
    await expect(guarded(run)(async () => Promise.reject(own))).rejects.toBe(own);
  });

  it("guards once, however many stacks the runner opens", () => {
    const stackModule = { runInPulumiStack: (async (init) => init()) as Run };
    failWhenTheProgramNeverRuns(() => stackModule);
    const once = stackModule.runInPulumiStack;
    failWhenTheProgramNeverRuns(() => stackModule);
    expect(stackModule.runInPulumiStack).toBe(once);
  });
});
