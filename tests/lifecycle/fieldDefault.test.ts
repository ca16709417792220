// A field's `default` is said once in its declaration; every rule that needs it (what a left-out input stands for,
// the old output a left-out one stands for in diff, verification, what state leaves out, the output when neither
// the API nor the inputs give one, the docs) is derived from it (lifecycle/fieldSpec.ts: spelledOut). So is the
// sentence its doc ends with, from its `change`.

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { field } from "../../provider/kinds/common";
import { defineKind, desiredValue } from "../../provider/kinds/define";
import { kindList } from "../../provider/kinds/index";
import { CHANGE_SENTENCE } from "../../provider/lifecycle/fieldSpec";
import { compactOutputs, compare, diffKind, fullOutputs, outputsOf } from "../../provider/lifecycle/fields";

const flag = field(z.boolean().optional(), {
  doc: "A flag.",
  change: "update",
  default: false,
  live: (v: { flag?: boolean }) => v.flag,
  present: true,
});

const kind = defineKind({
  name: "Defaulted",
  noun: "thing",
  summary: "A kind for the test.",
  fields: { flag },
  outputs: {},
  api: {
    get: async () => ({ id: "x" }),
    create: async () => ({ id: "x" }),
    apply: async () => undefined,
    delete: async () => ({}),
  },
});

describe("a field's default, said once", () => {
  const f = kind.fields.flag;

  it("is what a left-out input asks for, at diff and when verifying what the API applied", () => {
    expect(desiredValue(flag, "flag", {})).toBe(false);
    expect(desiredValue(flag, "flag", { flag: true })).toBe(true);
    // left out now, true before: a change back to the default
    expect(diffKind(kind, { flag: true }, {}).updates).toEqual(["flag"]);
    // left out in both (state left the old output out: it had the default): no change
    expect(diffKind(kind, {}, {}).changes).toBe(false);
    expect(compare(kind, "update", {}, { flag: true })).toEqual([["flag", false, true, false]]);
    expect(compare(kind, "update", {}, { flag: false })).toEqual([["flag", false, false, true]]);
  });

  it("is a null in state while the output has it, and read back as it", () => {
    expect(f.stateDefault).toEqual({ value: false });
    expect(compactOutputs(kind, { region: "r", flag: false })).toEqual({ region: "r", flag: null });
    expect(compactOutputs(kind, { region: "r", flag: true })).toEqual({ region: "r", flag: true });
    expect(fullOutputs(kind, { region: "r", flag: null })).toEqual({ region: "r", flag: false });
    // state written before the nulls were: left out, read back the same
    expect(fullOutputs(kind, { region: "r" })).toEqual({ region: "r", flag: false });
  });

  it("is the output when neither the API nor the inputs say", () => {
    expect(outputsOf(kind, {}, {}, "r")).toEqual({ region: "r", flag: false });
    expect(outputsOf(kind, {}, { flag: true }, "r")).toEqual({ region: "r", flag: true });
    expect(outputsOf(kind, { flag: true }, {}, "r")).toEqual({ region: "r", flag: true });
  });

  it("ends the field's doc, after what a change does, and what the field says itself wins", () => {
    expect(f.doc).toBe("A flag. Changed in place. Default: `false`.");
    const own = defineKind({ ...kind, fields: { flag: { ...flag, unset: () => true } } });
    expect(own.fields.flag.unset).not.toBe(f.unset);
    expect(desiredValue(own.fields.flag, "flag", {})).toBe(true);
  });
});

describe("a field's change, said once", () => {
  const fields = {
    kept: field(z.string(), { doc: "Kept.", change: "replace", changeNote: "the API has no rename" }),
    moved: field(z.string().optional(), { doc: "Moved.", change: "update", live: true }),
    wait: field(z.string().optional(), { doc: "Waits.", change: "state" }),
    once: field(z.string().optional(), { doc: "Once.", change: "ignore" }),
    bare: field(z.string().optional(), { change: "replace" }),
  };
  const k = defineKind({ ...kind, name: "Changing", fields });

  it("ends the field's doc, with its note", () => {
    expect(k.fields.kept.doc).toBe("Kept. Replaces on change (the API has no rename).");
    expect(k.fields.moved.doc).toBe("Moved. Changed in place.");
    expect(k.fields.wait.doc).toBe("Waits. Changes nothing through the API.");
    expect(k.fields.once.doc).toBe("Once. Read only by create.");
    // no doc, no sentence: the SDK and the schema leave an undocumented field undocumented
    expect(k.fields.bare.doc).toBeUndefined();
  });

  it("is said once in every kind's field docs", () => {
    const sentence =
      /Changed in place|Replaces on change|Changes nothing through the API|Read only by create/g;
    for (const each of kindList)
      for (const [name, f] of Object.entries(each.fields)) {
        if (f.doc === undefined) continue;
        // a declaration that says it too (or another rule's) shows twice
        expect(f.doc.match(sentence), `${each.name}.${name}`).toEqual([CHANGE_SENTENCE[f.change]]);
      }
  });
});
