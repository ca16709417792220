// An output the live record shows under its own name is one line, `output(doc)` (kinds/common.ts): its value is
// the record's property of the output's name (lifecycle/fieldSpec.ts: outputValue), its schema an optional string
// unless it says another.

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { created, output } from "../../provider/kinds/common";
import { defineKind } from "../../provider/kinds/define";
import { outputSchema } from "../../provider/kinds/outputSchema";
import { outputsOf } from "../../provider/lifecycle/fields";

const kind = defineKind({
  name: "Outputs",
  noun: "thing",
  summary: "A kind for the test.",
  fields: {},
  outputs: {
    state: output("Its state.", z.string()),
    zoneName: output("Its zone's name."),
    created,
    size: {
      doc: "GB.",
      schema: z.number().optional(),
      from: (r: { bytes?: number }) => (r.bytes ?? 0) / 2 ** 30,
    },
  },
  api: {
    get: async () => ({ id: "x" }),
    create: async () => ({ id: "x" }),
    delete: async () => ({}),
  },
});

describe("an output said by its doc", () => {
  it("is the live record's property of its name, unless it says how it is made", () => {
    const live = { id: "x", state: "Ready", zoneName: "z1", created: "2026-01-01T00:00:00Z", bytes: 2 ** 31 };
    expect(outputsOf(kind, {}, live, "r")).toEqual({
      region: "r",
      state: "Ready",
      zoneName: "z1",
      created: "2026-01-01T00:00:00Z",
      size: 2,
    });
    // what the record leaves out is left out
    expect(outputsOf(kind, {}, { id: "x", state: "Ready" }, "r")).toEqual({
      region: "r",
      state: "Ready",
      size: 0,
    });
  });

  it("is an optional string unless its schema says otherwise", () => {
    const schema = outputSchema(kind);
    expect(schema.safeParse({ region: "r", state: "Ready" }).success).toBe(true);
    expect(schema.safeParse({ region: "r" }).success).toBe(false);
    expect(schema.safeParse({ region: "r", state: "Ready", zoneName: 1 }).success).toBe(false);
    expect(kind.outputs.zoneName.doc).toBe("Its zone's name.");
  });
});
