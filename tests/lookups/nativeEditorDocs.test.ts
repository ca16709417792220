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
  "export const room = zone.then((z) => z.capacity);",
  'import * as dyn from "../../sdk";',
  'export const nics = dyn.getInstance("web").then((vm) => vm.cpuNumber);',
  `export const all = [${names.map((n) => `cim.${n}`).join(", ")}];`,
  "",
].join("\n");

let service: ts.LanguageService;

beforeAll(() => {
  service = languageService({ [file]: text });
});

/** The program's line that starts with `start`. */
const lineOf = (start: string) => text.split("\n").find((l) => l.startsWith(start))!;

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
    const line = lineOf("export const all");
    for (const name of names) {
      const h = hover(`cim.${name}`, line);
      expect(squash(h.doc), name).toBe(squash(LOOKUP_DOCS[name]));
    }
  });

  it("getZone's parameters read as the SDK's query with the provider option, its answer as the SDK's record", () => {
    const h = hover("cim.getZone", lineOf("export const zone"));
    expect(h.type).toBe(
      "const getZone: (query: string | (cim.LookupQuery & cim.NativeLookupOptions)) => Promise<cim.Zone>",
    );
  });

  it("a field of a record a lookup answers says what it is, on either path", () => {
    const capacity = hover("capacity", lineOf("export const room"));
    expect(capacity.type).toBe("(property) Zone.capacity?: number | undefined");
    expect(capacity.doc).toMatch(/^The most instances the zone holds/);
    const cpus = hover("cpuNumber", lineOf("export const nics"));
    expect(cpus.type).toBe("(property) Instance.cpuNumber?: number | undefined");
    expect(cpus.doc).toBe("The number of vCPUs the instance has.");
  });
});
