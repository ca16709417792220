import { describe, expect, it } from "vitest";
import { RequestStats } from "../../emulator/stats";

const headers = { authorization: "Bearer secret", "x-region-context": "r1" };

describe("Request log", () => {
  it("keeps the last 1,000 requests, oldest first, past the point where the ring wraps", () => {
    const stats = new RequestStats();
    for (let i = 0; i < 2_503; i++) stats.record("GET", "/instances/{id}", `/instances/${i}`, headers);
    const all = stats.recent(5_000);
    expect(all).toHaveLength(1_000);
    expect(all[0].path).toBe("/instances/1503");
    expect(all.at(-1)?.path).toBe("/instances/2502");
    expect(all.map((e) => Number(e.path.split("/")[2]))).toEqual(
      Array.from({ length: 1_000 }, (_, i) => 1_503 + i),
    );
    expect(stats.recent(3).map((e) => e.path)).toEqual([
      "/instances/2500",
      "/instances/2501",
      "/instances/2502",
    ]);
    expect(stats.counters()).toEqual({ "GET /instances/{id}": 2_503 });
    expect(all[0].headers).toEqual(["authorization", "x-region-context"]);
    expect(JSON.stringify(all)).not.toContain("secret");
  });

  it("before it is full, and after a reset, shows only what was recorded", () => {
    const stats = new RequestStats();
    for (let i = 0; i < 5; i++) stats.record("POST", "/volumes", `/volumes/${i}`, headers);
    expect(stats.recent(2).map((e) => e.path)).toEqual(["/volumes/3", "/volumes/4"]);
    for (let i = 0; i < 1_200; i++) stats.record("GET", "/volumes", "/volumes", headers);
    stats.reset();
    expect(stats.recent(10)).toEqual([]);
    stats.record("GET", "/zones", "/zones", {});
    expect(stats.recent(10).map((e) => e.path)).toEqual(["/zones"]);
    expect(stats.recent(10)[0]).toMatchObject({ headers: [], tenantContext: false });
  });
});
