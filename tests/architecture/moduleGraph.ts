import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

// The module graph of the product's source, read with TypeScript's own parser so that every form a module can
// depend on another counts: `import`, `import type`, `export … from`, `import x = require(…)`, `require(…)`,
// `import(…)` calls, `import("…")` types and `declare module "…"` augmentations of another module. A type-only edge is still an edge: it ties the two files' designs
// together even when it leaves no trace at run time.

export const repoRoot = resolve(__dirname, "..", "..");

// Bare specifiers that name this repository's own modules (tsconfig's `paths` and the package's self-name).
const selfNames: Record<string, string> = {
  "pulumi-cim": "sdk/index.ts",
  "pulumi-cim/native": "sdk/native/index.ts",
  "pulumi-cim/provider": "provider/index.ts",
};

const sourceExtensions = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

function isSource(file: string): boolean {
  return sourceExtensions.some((ext) => file.endsWith(ext)) && !file.endsWith(".d.ts");
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSources(full));
    else if (isSource(name)) out.push(full);
  }
  return out;
}

/** Every module specifier a file names, whatever the form. */
export function specifiersOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) literal(node.name);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      const isRequireResolve =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === "require" &&
        callee.name.text === "resolve";
      if (isRequire || isRequireResolve || callee.kind === ts.SyntaxKind.ImportKeyword)
        literal(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The repository file a specifier names, or undefined for a package outside the repository. */
function resolveSpecifier(from: string, specifier: string, files: Set<string>): string | undefined {
  if (selfNames[specifier]) return selfNames[specifier];
  if (!specifier.startsWith(".")) return undefined;
  const base = join(dirname(from), specifier).split(sep).join("/");
  // `./x.js` names x.ts in TypeScript's resolution; `./x` names x.ts or x/index.ts
  const stem = base.replace(/\.(m|c)?js$/, "");
  const candidates = [
    base,
    ...sourceExtensions.map((ext) => stem + ext),
    `${base}/index.ts`,
    `${base}/index.js`,
  ];
  return candidates.find((candidate) => files.has(candidate));
}

export interface ModuleGraph {
  /** Repository-relative file → the repository files it imports. */
  edges: Map<string, Set<string>>;
  /** Relative specifiers that matched no file: a typo here would hide an edge, so the test reports them. */
  unresolved: string[];
}

export function buildModuleGraph(roots: string[]): ModuleGraph {
  const files = roots.flatMap((root) =>
    listSources(join(repoRoot, root)).map((file) => relative(repoRoot, file).split(sep).join("/")),
  );
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  const unresolved: string[] = [];
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(file, readFileSync(join(repoRoot, file), "utf8"))) {
      const target = resolveSpecifier(file, specifier, known);
      if (target) targets.add(target);
      else if (specifier.startsWith(".")) unresolved.push(`${file}: ${specifier}`);
    }
    edges.set(file, targets);
  }
  return { edges, unresolved };
}

/** Strongly connected components with more than one file, or a file that imports itself (Tarjan). */
export function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return components;
}

/** The shortest path from `start` back to itself inside `members`, as `a.ts → b.ts → a.ts`. */
function shortestCycleThrough(
  start: string,
  members: Set<string>,
  edges: Map<string, Set<string>>,
): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [];
}

/**
 * One cycle per file of every strongly connected component (the shortest through that file), without
 * repeating a cycle already listed from another of its files: enough to name every import that closes a loop
 * without listing the exponentially many simple cycles a large component has.
 */
export function describeCycles(edges: Map<string, Set<string>>): string[] {
  const lines: string[] = [];
  for (const component of stronglyConnected(edges)) {
    const members = new Set(component);
    const seen = new Set<string>();
    for (const file of component) {
      const cycle = shortestCycleThrough(file, members, edges);
      const key = [...cycle.slice(0, -1)].sort().join("|");
      if (cycle.length === 0 || seen.has(key)) continue;
      seen.add(key);
      lines.push(cycle.join(" → "));
    }
  }
  return lines;
}
