// Each in-process test file checks that the outputs of the kinds it claims were parsed with their declaration;
// together the files claim every kind once, so no kind's outputs go unchecked.
import { describe, expect, it } from "vitest";
import { kinds } from "../../provider/kinds";
import { FAMILIES } from "./world";

describe("the in-process test files", () => {
  it("claim every kind exactly once", () => {
    const claimed = Object.values(FAMILIES).flat();
    expect([...claimed].sort()).toEqual(Object.keys(kinds).sort());
  });
});
