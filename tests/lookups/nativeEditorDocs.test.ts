// What an editor shows on hover over a native lookup, asked of the TypeScript language service: each lookup of
// sdk/native/lookups shows its doc comment (the SDK lookup's own), and its parameters name the SDK's types.
import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_DOCS } from "../../sdk/lookups/docs";
import { hoverAt, languageService, repoRoot as root } from "../fixtures/languageService";

const file = path.join(root, "tests", "lookups", "__hover__.ts");
const names = Object.keys(LOOKUP_DOCS);
const text = [
  'import * as cim from "../../sdk/native/lookups";',
  "declare const p: import('@pulumi/pulumi').ProviderResource;",
  'export const zone = cim.getZone({ name: "de-fra-1a", provider: p });',
  `export const all = [${names.map((n) => `cim.${n}`).join(", ")}];`,
  "",
].join("\n");

let service: ts.LanguageService;

beforeAll(() => {
  service = languageService({ [file]: text });
});

function hover(word: string, line: string) {
  return hoverAt(service, file, text.indexOf(line) + line.indexOf(word) + word.length - 1);
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

describe("native lookups in an editor", () => {
  it("a program using them type-checks, an explicit provider included", () => {
    const errors = [...service.getSemanticDiagnostics(file), ...service.getSyntacticDiagnostics(file)];
    expect(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  }, 120_000); // the first question type-checks the whole SDK: slow on a loaded machine

  it("each shows the SDK lookup's doc comment", () => {
    const line = text.split("\n")[3];
    for (const name of names) {
      const h = hover(`cim.${name}`, line);
      expect(squash(h.doc), name).toBe(squash(LOOKUP_DOCS[name]));
    }
  });

  it("getZone's parameters read as the SDK's query with the provider option", () => {
    const h = hover("cim.getZone", text.split("\n")[2]);
    expect(h.type).toMatch(
      /^const getZone: \(query: string \| \(cim\.LookupQuery & cim\.NativeLookupOptions\)\) => Promise<\{/,
    );
    expect(h.type).toContain("id: string;");
  });
});
