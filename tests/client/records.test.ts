// The record pieces every family's schemas are made of (provider/client/records.ts): a loose object keeps
// unknown fields, reads null as absent, refuses a present value of the wrong type, and answers a copy that
// shares nothing with the body it read. A list's bad row is named by its index (provider/client/pagination.ts).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { normaliseList } from "../../provider/client";
import { InstanceSchema } from "../../provider/families/instances/records";

describe("record schemas", () => {
  it("read nulls as absent without touching the record they were given, or sharing its records", () => {
    const record = { id: "i-1", name: null, tags: { a: "1" }, memory: 512, notInTheSpec: [1] };
    const parsed = InstanceSchema.safeParse(record);
    expect(parsed.success && parsed.data).toStrictEqual({
      id: "i-1",
      name: undefined,
      tags: { a: "1" },
      memory: 512,
      notInTheSpec: [1],
    });
    expect(record.name).toBeNull();
    if (parsed.success) (parsed.data.tags as Record<string, string>).b = "2";
    expect(record.tags).toStrictEqual({ a: "1" });
  });

  it("refuse a present value of the wrong type, naming the field", () => {
    const parsed = InstanceSchema.safeParse({ id: "i-1", cpuNumber: 1.5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path)).toStrictEqual([["cpuNumber"]]);
  });

  it("a list's bad row is zod's error with the row's index", () => {
    const rows: unknown[] = Array.from({ length: 6 }, (_, i) => ({
      id: `i-${i}`,
      name: i % 2 ? null : `vm-${i}`,
    }));
    expect(normaliseList(rows, "virtualmachines", InstanceSchema).rows).toHaveLength(6);
    rows[3] = { id: "i-3", cpuNumber: "two" };
    let caught: unknown;
    try {
      normaliseList(rows, "virtualmachines", InstanceSchema);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(z.ZodError);
    expect((caught as z.ZodError).issues.map((i) => i.path)).toStrictEqual([[3, "cpuNumber"]]);
  });
});
