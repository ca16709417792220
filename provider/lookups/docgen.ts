// The doc comments of the SDK's lookup functions (sdk/lookups/*.ts), as text: the package schema describes each
// lookup with the words its function's doc comment has, and the native SDK's lookups carry the same comments.
// `npm run generate` writes sdk/lookups/docs.ts and sdk/native/lookups.ts from them (tests/lookups/registry.test.ts
// holds both to the sources). Run from a checkout only: it reads TypeScript sources with the compiler, a
// development dependency.

import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { recordTypesModule } from "./recordTypes";

/** `{ getZone: "One zone by name …" }` for every exported `get*` function declared in `dir`. */
export function lookupDocs(dir: string): Record<string, string> {
  const docs: Record<string, string> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const node of source.statements) {
      if (!ts.isFunctionDeclaration(node) || !node.name || !/^get[A-Z]/.test(node.name.text)) continue;
      if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const comment = ts
        .getJSDocCommentsAndTags(node)
        .filter(ts.isJSDoc)
        .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
        .join("\n")
        .trim();
      docs[node.name.text] = comment;
    }
  }
  return Object.fromEntries(Object.entries(docs).sort(([a], [b]) => a.localeCompare(b)));
}

/** The text of sdk/lookups/docs.ts. */
export function lookupDocsModule(root: string): string {
  const docs = lookupDocs(path.join(root, "sdk", "lookups"));
  const entries = Object.entries(docs).map(([name, doc]) => `  ${name}: ${JSON.stringify(doc)},`);
  return [
    "// Generated from the doc comments of sdk/lookups/*.ts by `npm run generate`; do not edit.",
    "// Each lookup's description in the package schema (its function as a provider function).",
    "",
    "export const LOOKUP_DOCS: Record<string, string> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

/** A doc comment's text as a comment again, indented by `indent`. */
function comment(doc: string): string[] {
  const lines = doc.replaceAll("*/", "*\\/").split("\n");
  return ["/**", ...lines.map((l) => (l ? ` * ${l}` : " *")), " */"];
}

/** The text of sdk/native/lookups.ts: each native lookup exported under its name with its doc comment. */
export function nativeLookupsModule(root: string): string {
  const docs = lookupDocs(path.join(root, "sdk", "lookups"));
  const lines = [
    "// Generated from the doc comments of sdk/lookups/*.ts by `npm run generate`; do not edit.",
    "// The native path's lookups (lookupInvoke.ts: each an invoke of the plugin's function `cim:index:<name>`), one",
    "// export per lookup so that an editor shows the lookup's documentation (a name a module exports gets no doc from",
    "// the object it is read from); each one's type is nativeLookups' (NativeLookup of the SDK's function).",
    "",
    'import { nativeLookups } from "./lookupInvoke";',
    "",
    "// The records and queries are the SDK's. Not LookupError: a native lookup's failure comes back from the plugin",
    "// as the invoke's error (with the same message), never as that class.",
    'export type * from "../lookups";',
    'export type { NativeLookup, NativeLookupOptions } from "./lookupInvoke";',
  ];
  for (const [name, doc] of Object.entries(docs)) {
    lines.push("", ...comment(doc));
    lines.push(`export const ${name} = nativeLookups.${name};`);
  }
  return `${lines.join("\n")}\n`;
}

if (require.main === module) {
  const root = process.argv[2];
  if (!root) throw new Error("usage: docgen.js ROOT");
  fs.writeFileSync(path.join(root, "sdk", "lookups", "docs.ts"), lookupDocsModule(root));
  fs.writeFileSync(path.join(root, "sdk", "native", "lookups.ts"), nativeLookupsModule(root));
  fs.writeFileSync(path.join(root, "sdk", "lookups", "records.ts"), recordTypesModule(root));
}
