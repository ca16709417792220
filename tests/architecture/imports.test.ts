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
const layers: { from: string; except?: string[]; only: string[]; why: string }[] = [
  {
    from: "provider/lifecycle/",
    only: ["provider/client/", "provider/config.ts"],
    why:
      "the engine builds on the client and the settings. It never imports provider/kinds/: kinds are declared in " +
      "its language (lifecycle/fieldSpec.ts, kindSpec.ts) and found by name through its registry (registry.ts)",
  },
  {
    from: "provider/client/",
    except: ["provider/client/index.ts"],
    only: ["provider/families/jobs.ts"],
    why:
      "the client's machinery is the bottom layer: it knows the API, not the provider built on it, nor any " +
      "family. It names the job commands the families declare (families/jobs.ts), which import nothing else",
  },
  {
    from: "provider/client/index.ts",
    only: ["provider/families/*/client.ts", "provider/families/jobs.ts"],
    why: "the client is made of the families' calls: one line per family",
  },
  {
    from: "provider/families/*/client.ts",
    only: [
      "provider/client/",
      "provider/families/jobs.ts",
      "provider/families/*/client.ts",
      "provider/families/*/records.ts",
    ],
    why:
      "a family's calls are built on the client's machinery, and read another family only through what its " +
      "client.ts and records.ts declare",
  },
  {
    from: "provider/families/jobs.ts",
    only: ["provider/families/*/jobs.ts"],
    why: "the job commands are every family's own table, merged: one line per family",
  },
  {
    from: "provider/families/*/jobs.ts",
    only: [],
    why: "a family's job commands import nothing, so the client's shared shapes can name a command",
  },
  {
    from: "provider/families/*/records.ts",
    only: ["provider/client/records.ts", "provider/families/*/records.ts"],
    why: "a family's records are made of the client's record pieces and, at most, another family's records",
  },
  {
    from: "provider/kinds/",
    except: ["provider/kinds/index.ts"],
    only: ["provider/lifecycle/", "provider/client/", "provider/lookups/", "sdk/dynamic.ts", "sdk/lookups/"],
    why:
      "the declaration language of kinds and the pages made from them know no family: the kinds live in their " +
      "families' folders, found through the registry (kinds/index.ts, one line per kind)",
  },
  {
    from: "provider/families/",
    only: ["provider/client/", "provider/lifecycle/", "provider/kinds/"],
    why:
      "a family is its calls, records, job commands and kinds, built on the client's machinery, the engine and " +
      "the declaration language of kinds; nothing it holds reaches the provider's commands or the SDK",
  },
  {
    from: "provider/kinds/index.ts",
    only: ["provider/families/", "provider/lifecycle/registry.ts"],
    why: "the registry of kinds imports each family's kinds and hands them to the engine's registry",
  },
  {
    from: "emulator/",
    only: [],
    why: "the emulator is a package of its own (pulumi-cim-emulator), which a program never installs",
  },
];

/** What a program installs with pulumi-cim: it never reaches into the emulator's package. */
const product = ["provider/", "sdk/", "policy/"];

// Whether a file is under a prefix: a folder ("provider/client/") or a file, where `*` stands for one folder
// name ("provider/families/*/jobs.ts": every family's job commands). What a rule's files import from their own
// place is not a crossing: a folder rule's folder, a starred rule's family folder, a file rule's neighbours.
function under(file: string, prefix: string): boolean {
  if (!prefix.includes("*")) return file.startsWith(prefix);
  const pattern = prefix.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${pattern.join("[^/]+")}${prefix.endsWith("/") ? "" : "$"}`).test(file);
}

/** The imports from files under `from` to files the predicate refuses, as `a.ts → b.ts`. */
function crossings(from: string, refused: (target: string) => boolean, except: string[] = []): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph.edges) {
    if (!under(file, from) || except.includes(file)) continue;
    // a folder's own files, a family's own folder, or a file's neighbours (not its subfolders)
    const folder = file.slice(0, file.lastIndexOf("/") + 1);
    const own = (target: string) =>
      from.endsWith("/")
        ? target.startsWith(from)
        : from.includes("*")
          ? target.startsWith(folder)
          : target.slice(0, target.lastIndexOf("/") + 1) === folder;
    for (const target of targets) if (!own(target) && refused(target)) out.push(`${file} → ${target}`);
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
        crossings(rule.from, (target) => !rule.only.some((prefix) => under(target, prefix)), rule.except),
      ).toEqual([]);
    });
  }

  it("nothing under provider/, sdk/ or policy/ imports emulator/: a program that installs pulumi-cim gets no emulator", () => {
    expect(product.flatMap((from) => crossings(from, (target) => under(target, "emulator/")))).toEqual([]);
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
      'declare module "./i" { interface I { x: 1 } }',
    ].join("\n");
    expect(specifiersOf("x.ts", text)).toEqual([
      "./a",
      "./b",
      "./c",
      "./d",
      "./e",
      "./f",
      "./g",
      "./h",
      "./i",
    ]);
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
