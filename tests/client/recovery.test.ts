// Pure pieces of the lost-answer protocol: command matching and job timestamps.
import { describe, expect, it } from "vitest";
import { commandMatches, parseJobTime } from "../../provider/client/recovery";

describe("job matching", () => {
  it("matches platform command names case- and punctuation-insensitively, per operation", () => {
    expect(commandMatches("deployVirtualMachine", "instance.deploy")).toBe(true);
    expect(commandMatches("DEPLOY_VIRTUAL_MACHINE", "instance.deploy")).toBe(true);
    expect(commandMatches("createVPC", "vpc.create")).toBe(true);
    expect(commandMatches("stopVirtualMachine", "instance.start")).toBe(false);
    expect(commandMatches("createVolume", "vpc.create")).toBe(false);
    expect(commandMatches(undefined, "volume.create")).toBe(false);
  });

  it("reads offset-less timestamps (local server time) as UTC, and honours explicit offsets", () => {
    expect(parseJobTime("2026-11-22T01:02:03.456")).toBe(Date.UTC(2026, 10, 22, 1, 2, 3, 456));
    expect(parseJobTime("2026-11-22T01:02:03.456Z")).toBe(Date.UTC(2026, 10, 22, 1, 2, 3, 456));
    expect(parseJobTime("2026-11-22T03:02:03.456+02:00")).toBe(Date.UTC(2026, 10, 22, 1, 2, 3, 456));
    expect(parseJobTime("yesterday")).toBeUndefined();
    expect(parseJobTime(undefined)).toBeUndefined();
  });
});
