// Pure pieces of the lost-answer protocol: command matching, server times and readings of the server's clock.
import { describe, expect, it } from "vitest";
import { commandMatches } from "../../provider/client/recovery";
import { comparable, parseServerTime, readingOf, serverTimeAt } from "../../provider/client/serverTime";

describe("job matching", () => {
  it("matches platform command names case- and punctuation-insensitively, per operation", () => {
    expect(commandMatches("deployVirtualMachine", "instance.deploy")).toBe(true);
    expect(commandMatches("DEPLOY_VIRTUAL_MACHINE", "instance.deploy")).toBe(true);
    expect(commandMatches("createVPC", "vpc.create")).toBe(true);
    expect(commandMatches("stopVirtualMachine", "instance.start")).toBe(false);
    expect(commandMatches("createVolume", "vpc.create")).toBe(false);
    expect(commandMatches(undefined, "volume.create")).toBe(false);
  });
});

describe("server times", () => {
  it("reads offset-less text as a position on the server's own timeline, and explicit offsets as instants", () => {
    const local = parseServerTime("2026-11-22T01:02:03.456")!;
    expect(local).toEqual({ ms: Date.UTC(2026, 10, 22, 1, 2, 3, 456), precisionMs: 1, zoned: false });
    const z = parseServerTime("2026-11-22T01:02:03.456Z")!;
    expect(z).toEqual({ ms: Date.UTC(2026, 10, 22, 1, 2, 3, 456), precisionMs: 1, zoned: true });
    expect(parseServerTime("2026-11-22T03:02:03.456+02:00")!.ms).toBe(Date.UTC(2026, 10, 22, 1, 2, 3, 456));
    expect(parseServerTime("2026-11-22 01:02:03")).toMatchObject({ precisionMs: 1000, zoned: false });
    expect(parseServerTime(1_790_000_000)).toMatchObject({ ms: 1_790_000_000_000, zoned: true });
    expect(parseServerTime("yesterday")).toBeUndefined();
    expect(parseServerTime(undefined)).toBeUndefined();
    // Like with like only: a local time and an instant say nothing about each other.
    expect(comparable(local, parseServerTime("2026-11-22T09:00:00.000")!)).toBe(true);
    expect(comparable(local, z)).toBe(false);
  });

  it("places a moment of this process on the server's timeline from a reading, within the reading's span", () => {
    // The server wrote 10:00:00.000 (its local time, any zone) while the probe was between 5,000 and 5,040 ms
    // of our monotonic clock; the request went out at 2,000 ms.
    const reading = readingOf({ timestamp: "2026-11-22T10:00:00.000" }, 5_000, 5_040)!;
    const at = serverTimeAt(reading, 2_000);
    const ten = Date.UTC(2026, 10, 22, 10);
    expect(at.earliest).toBe(ten - 3_040 - 1);
    expect(at.latest).toBe(ten - 3_000 + 1);
    expect(at.estimate).toBe(ten - 3_020);
    expect(readingOf({ message: "no timestamp" }, 0, 1)).toBeUndefined();
    expect(readingOf("<html>bad gateway</html>", 0, 1)).toBeUndefined();
  });
});
