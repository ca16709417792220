// The emulator's modules form no import cycle, type-only imports included: the domain (records, repository,
// jobs, families) stands apart from the HTTP layer that uses it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../../emulator");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

function resolveLocal(from: string, spec: string, files: Set<string>): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, "index.ts")].find((f) => files.has(f));
}

/** Every relative import and re-export of a file, `import type` included. */
function importsOf(file: string, files: Set<string>): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/g)].map(
    (m) => m[1],
  );
  return specs.map((s) => resolveLocal(file, s, files)).filter((f): f is string => f !== undefined);
}

/** The first cycle found by depth-first search, as a list of files, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return undefined;
}

describe("emulator module graph", () => {
  it("finds a cycle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
    expect(
      findCycle(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it("has no import cycle, type-only imports included", () => {
    const files = new Set(sources(root));
    const graph = new Map([...files].map((f) => [f, importsOf(f, files)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(50);
    const cycle = findCycle(graph)?.map((f) => relative(root, f));
    expect(cycle).toBeUndefined();
  });
});
