// The package's types as a user's project resolves them: through node_modules, from the built package, under the
// module resolutions Pulumi's templates and current TypeScript use. `pulumi new typescript` writes
// `"moduleResolution": "node"`, which does not read package.json `exports`; `typesVersions` gives it
// `pulumi-cim/native` too. A program that reaches the entry points only as `any` would compile and help no one,
// so each case also makes a deliberate type error that only real types can report.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot } from "../fixtures/languageService";

let dir: string;
beforeAll(() => {
  if (!fs.existsSync(path.join(repoRoot, "dist", "sdk", "native", "index.d.ts")))
    throw new Error("the package is not built (dist/): run the tests through `npm test`");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-types-"));
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(repoRoot, path.join(dir, "node_modules", "pulumi-cim"));
  fs.symlinkSync(path.join(repoRoot, "node_modules", "@pulumi"), path.join(dir, "node_modules", "@pulumi"));
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      'import * as cim from "pulumi-cim";',
      'import * as native from "pulumi-cim/native";',
      'const fra = new native.Provider("fra", { region: "4b7718ab-60c2-5f8e-adc5-2993c68bd23f" });',
      'new native.Vpc("a", { cidr: "10.1.0.0/16", zoneId: "z", vpcOfferingId: "o" }, { provider: fra });',
      'new cim.Vpc("b", { cidr: "10.2.0.0/16", zoneId: "z", vpcOfferingId: "o" });',
      "// the deliberate errors: a field no VPC has, on each entry point",
      'new native.Vpc("c", { cidr: "10.3.0.0/16", zoneId: "z", vpcOfferingId: "o", sizeGb: 1 });',
      'new cim.Vpc("d", { cidr: "10.4.0.0/16", zoneId: "z", vpcOfferingId: "o", sizeGb: 1 });',
      "",
    ].join("\n"),
  );
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const cases: [string, ts.ModuleResolutionKind, ts.ModuleKind][] = [
  [
    "node (node10), as `pulumi new typescript` writes",
    ts.ModuleResolutionKind.Node10,
    ts.ModuleKind.CommonJS,
  ],
  ["node16", ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16],
  ["bundler", ts.ModuleResolutionKind.Bundler, ts.ModuleKind.ESNext],
];

it.each(cases)(
  "pulumi-cim and pulumi-cim/native resolve to their types under moduleResolution %s",
  (_, resolution, module) => {
    const program = ts.createProgram([path.join(dir, "index.ts")], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module,
      moduleResolution: resolution,
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith(dir))
      .map((d) => {
        const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
        return `line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
      });
    expect(errors).toEqual([
      expect.stringMatching(/^line 7: .*'sizeGb'/),
      expect.stringMatching(/^line 8: .*'sizeGb'/),
    ]);
  },
  120_000,
);
