// The engine finds the kind a reference names through its own registry (provider/lifecycle/registry.ts), which
// the registry of kinds fills when it loads: the engine imports no kind (tests/architecture/imports.test.ts).

import { describe, expect, it } from "vitest";
import { kindNamed } from "../../provider/lifecycle/registry";

describe("the engine's registry of kinds", () => {
  // Vitest runs each file in its own module graph, so nothing has loaded provider/kinds before this test.
  it("refuses to answer before the registry of kinds has loaded, instead of skipping references quietly", () => {
    expect(() => kindNamed("Instance")).toThrow(/kind registry \(provider\/kinds\) is not loaded/);
  });

  it("finds every kind of the registry by name once it has loaded, and no other", async () => {
    const { kindList } = await import("../../provider/kinds");
    for (const kind of kindList) expect(kindNamed(kind.name)).toBe(kind);
    expect(kindNamed("Nothing")).toBeUndefined();
    expect(kindNamed("toString")).toBeUndefined();
  });
});
