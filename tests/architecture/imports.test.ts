// The product's modules form no import cycle, not even through a type-only import: each module can be read,
// tested and changed after the ones it builds on, and the layers stay layers. The graph covers provider/, sdk/,
// policy/ and emulator/, with every form of import (moduleGraph.ts), read in-process with TypeScript's parser.
//
// What counts as a cycle: files. A folder that imports from a subfolder which imports back from it (emulator/
// and emulator/handlers/, provider/ and provider/lifecycle/) is not a cycle when no file reaches itself: a
// folder is not a module, and such a folder holds both what its subfolders build on (provider/config.ts) and
// what builds on them (provider/index.ts). The layering that matters between folders is stated below as
// directed rules, each checked on every import.

import { describe, expect, it } from "vitest";
import { buildModuleGraph, describeCycles, specifiersOf, stronglyConnected } from "./moduleGraph";

const graph = buildModuleGraph(["provider", "sdk", "policy", "emulator"]);

/** What a layer may import outside its own folder; any other import of a repository file is a crossing. */
const layers: { from: string; only: string[]; why: string }[] = [
  {
    from: "provider/lifecycle/",
    only: ["provider/client/", "provider/config.ts"],
    why:
      "the engine builds on the client and the settings. It never imports provider/kinds/: kinds are declared in " +
      "its language (lifecycle/fieldSpec.ts, kindSpec.ts) and found by name through its registry (registry.ts)",
  },
  {
    from: "provider/client/",
    only: [],
    why: "the client is the bottom layer: it knows the API, not the provider built on it",
  },
  {
    from: "emulator/",
    only: [],
    why: "the emulator is a package of its own (pulumi-cim-emulator), which a program never installs",
  },
];

/** What a program installs with pulumi-cim: it never reaches into the emulator's package. */
const product = ["provider/", "sdk/", "policy/"];

/** The imports from files under `from` to files the predicate refuses, as `a.ts → b.ts`. */
function crossings(from: string, refused: (target: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph.edges) {
    if (!file.startsWith(from)) continue;
    for (const target of targets)
      if (!target.startsWith(from) && refused(target)) out.push(`${file} → ${target}`);
  }
  return out;
}

describe("the module graph of the product code", () => {
  it("reads every relative import to a file of the repository", () => {
    expect(graph.edges.size).toBeGreaterThan(200);
    expect(graph.unresolved).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(describeCycles(graph.edges)).toEqual([]);
  });

  for (const rule of layers) {
    const allowed = rule.only.length ? rule.only.join(" and ") : "nothing";
    it(`${rule.from} imports ${allowed} outside itself: ${rule.why}`, () => {
      expect(
        crossings(rule.from, (target) => !rule.only.some((prefix) => target.startsWith(prefix))),
      ).toEqual([]);
    });
  }

  it("nothing under provider/, sdk/ or policy/ imports emulator/: a program that installs pulumi-cim gets no emulator", () => {
    expect(product.flatMap((from) => crossings(from, (target) => target.startsWith("emulator/")))).toEqual(
      [],
    );
  });
});

describe("the cycle finder", () => {
  const graphOf = (pairs: [string, string][]) => {
    const edges = new Map<string, Set<string>>();
    for (const [a, b] of pairs) {
      if (!edges.has(a)) edges.set(a, new Set());
      if (!edges.has(b)) edges.set(b, new Set());
      edges.get(a)!.add(b);
    }
    return edges;
  };

  it("reads every form of import, a type-only one included, and names each cycle as a path back to its start", () => {
    const text = [
      'import a from "./a";',
      'import type { B } from "./b";',
      'export * from "./c";',
      'export { d } from "./d";',
      'type E = import("./e").E;',
      'const f = require("./f");',
      'const g = () => import("./g");',
      'import h = require("./h");',
    ].join("\n");
    expect(specifiersOf("x.ts", text)).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./g", "./h"]);
    const cycles = describeCycles(
      graphOf([
        ["a.ts", "b.ts"],
        ["b.ts", "a.ts"],
        ["b.ts", "c.ts"],
        ["c.ts", "d.ts"],
        ["e.ts", "e.ts"],
      ]),
    );
    expect(cycles).toEqual(["a.ts → b.ts → a.ts", "e.ts → e.ts"]);
  });

  it("finds no cycle in a graph that only fans in", () => {
    expect(
      stronglyConnected(
        graphOf([
          ["a.ts", "b.ts"],
          ["a.ts", "c.ts"],
          ["b.ts", "c.ts"],
        ]),
      ),
    ).toEqual([]);
  });
});
