// Every TypeScript block in the docs (docs/, README.md, bench/README.md) compiles against the SDK's source, with
// `pulumi-cim` mapped to sdk/ (and `pulumi-cim/native` to sdk/native/): a renamed class, field or lookup breaks the docs' build here, not a reader's.
// A block that continues a page's shared start says so: ```ts title="continues setup" compiles after that page's
// ```ts title="setup" block (itself a whole program), as one module. A block that is deliberately partial (an
// excerpt of generated code) says so too: ```ts title="fragment"; fragments are not compiled and must stay rare.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { lookupRegistry } from "../../sdk/lookups/registry";
import { type Block, codeBlocks, markdownFiles, root } from "./markdown";

const TS = /^(ts|typescript)\b/;
const FRAGMENT = /title="fragment"/;

const inScope = (file: string) =>
  file === "README.md" || file.startsWith("docs/") || file === "bench/README.md";

const blocks: Block[] = markdownFiles()
  .filter(inScope)
  .flatMap((file) => codeBlocks(file, fs.readFileSync(path.join(root, file), "utf8")))
  .filter((b) => TS.test(b.info));
const SETUP = /title="setup"/;
const CONTINUES = /title="continues setup"/;

/** A continuation compiles as its page's setup followed by itself. */
function withSetup(b: Block): Block {
  if (!CONTINUES.test(b.info)) return b;
  const setup = blocks.find((s) => s.file === b.file && SETUP.test(s.info));
  if (!setup) throw new Error(`${b.file}:${b.line} continues a setup block the page does not have`);
  return { ...b, code: `${setup.code}\n${b.code}`, line: b.line - setup.code.split("\n").length };
}

const whole = blocks.filter((b) => !FRAGMENT.test(b.info)).map(withSetup);
const fragments = blocks.filter((b) => FRAGMENT.test(b.info));

/** Compiles each block as its own module (so blocks do not share names) and returns the errors by block. */
function compile(list: Block[]): Map<Block, string[]> {
  const files = new Map<string, Block>();
  for (const [i, b] of list.entries()) files.set(path.join(root, ".docs-blocks", `block${i}.ts`), b);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    // as a Pulumi TypeScript project compiles its program (`pulumi new typescript`): CommonJS, so no top-level
    // await; an async program is `export = async () => { … }`
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    noEmit: true,
    baseUrl: root,
    paths: { "pulumi-cim": ["./sdk/index.ts"], "pulumi-cim/native": ["./sdk/native/index.ts"] },
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => {
    const b = files.get(path.resolve(f));
    // each block a module of its own, so blocks do not share names (`export =` makes it one already)
    return b ? (/^export =/m.test(b.code) ? b.code : `${b.code}\nexport {};\n`) : read(f);
  };
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => files.has(path.resolve(f)) || exists(f);
  const program = ts.createProgram([...files.keys()], options, host);
  const errors = new Map<Block, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const b = d.file && files.get(path.resolve(d.file.fileName));
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!b) throw new Error(`outside the docs' blocks: ${d.file?.fileName ?? ""}: ${text}`);
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
    errors.set(b, [...(errors.get(b) ?? []), `line ${b.line + 1 + line}: ${text}`]);
  }
  return errors;
}

/** A block with a field no kind has: the check must report it, or a passing check means nothing. */
const wrong: Block = {
  file: "(the check's own test)",
  line: 1,
  info: "ts",
  code: 'import * as cim from "pulumi-cim";\nnew cim.Volume("v", { zoneId: "z", diskOfferingId: "d", sizeGb: 5 });',
};

describe("TypeScript in the docs", () => {
  // one program for every block (the SDK is checked once): the docs' blocks and the wrong one
  let errors: Map<Block, string[]>;
  beforeAll(() => {
    errors = compile([...whole, wrong]);
  }, 120_000);

  it("finds the blocks: the generated resource pages' examples among them", () => {
    expect(whole.filter((b) => b.file.startsWith("docs/resources/")).length).toBeGreaterThan(20);
  });

  it("finds each function page's example (one per lookup), so each type-checks here", () => {
    const pages = new Set(whole.filter((b) => b.file.startsWith("docs/functions/")).map((b) => b.file));
    expect([...pages].sort()).toEqual(
      Object.keys(lookupRegistry)
        .map((n) => `docs/functions/${n}.md`)
        .sort(),
    );
  });

  it("most blocks are whole programs: fragments are fewer than a quarter", () => {
    expect(fragments.length * 4).toBeLessThan(blocks.length);
  });

  it("every block not marked as a fragment type-checks against the SDK", () => {
    const report = [...errors]
      .filter(([b]) => b !== wrong)
      .map(([b, e]) => `${b.file}:${b.line}\n  ${e.join("\n  ")}`);
    expect(report).toEqual([]);
  });

  it("the check catches a wrong field (so a passing check means something)", () => {
    expect((errors.get(wrong) ?? []).join("\n")).toMatch(/sizeGb/);
  });
});
